"""BattleCON 2014 behind the ruleset interface (``judge.ruleset``), registered as
``battlecon-2014``: what the store, the API and the CLI may ask of it."""

from __future__ import annotations

import copy
import functools
from collections.abc import Iterable, Iterator
from typing import Any

from judge import registry
from judge.battlecon import carddata, cardset, correction, rulestamp
from judge.battlecon.catalogue import catalogue
from judge.battlecon.correction import legacy_changes
from judge.battlecon.duel import Duel, initial_state
from judge.battlecon.facts import (
    BeatBegan,
    BecameActive,
    ClashBasesRevealed,
    Fact,
    Hit,
    Missed,
    PairsRevealed,
    StepBegan,
)
from judge.battlecon.kit_decls import Declared, declared
from judge.battlecon.narrative import describe_answer, describe_decision, lines
from judge.battlecon.notation import state_json
from judge.battlecon.position import to_position
from judge.battlecon.record import FORMAT, RULESET, composed_schema, parse_setup
from judge.battlecon.replay import replay_facts
from judge.battlecon.roster import apply_errata, errata, fighter
from judge.battlecon.rulings import RULINGS, in_force
from judge.battlecon.secrets import hide_fact, hide_state, secret_kinds
from judge.battlecon.state import DuelState
from judge.budget import Budget
from judge.errors import RecordError
from judge.ruleset import AnalysisStart, IndexMark, Ruleset
from judge.rulings import switched


class BattleCON(Ruleset):
    """BattleCON: War of Indines, 2014 rules: two fighters, a seven-space board, beats."""

    name = RULESET
    record_format = FORMAT
    title = "BattleCON: War of Indines (2014 rules)"

    def parse_setup(self, record: Any) -> dict[str, Any]:
        """The setup, when the record names this ruleset (or none, for 2014)."""
        if isinstance(record, dict) and record.get("ruleset", RULESET) != self.name:
            record = {**record, "ruleset": record.get("ruleset", self.name)}
        setup = parse_setup(record)
        if setup["ruleset"] != self.name:
            raise RecordError(f"The record names the ruleset {setup['ruleset']!r}, not "
                              f"{self.name!r}.", "record.ruleset", field="ruleset")
        return setup

    def match(self, setup: dict[str, Any]) -> Duel:
        return Duel.new(self.envelope(setup))

    def restore(self, setup: dict[str, Any]) -> Duel:
        return Duel.restore(setup)

    def from_record(self, record: Any) -> Duel:
        return Duel.from_record(record)

    def initial_state(self, setup: dict[str, Any]) -> DuelState:
        return initial_state(setup)

    # The facts' own reader itself, not a method around it: a replay reads every stored fact.
    fact_from_json = staticmethod(Fact.from_json)

    def replay(self, setup: dict[str, Any], facts: Iterable[Any]) -> DuelState:
        return replay_facts(setup, facts)

    def stale(self, setup: dict[str, Any]) -> str | None:
        return cardset.stale(setup)

    def with_todays_cards(self, setup: dict[str, Any]) -> dict[str, Any]:
        return {**setup, "cards": cardset.todays(setup)}

    def todays_rules(self) -> str | None:
        return rulestamp.TODAY

    def with_todays_rules(self, setup: dict[str, Any]) -> dict[str, Any]:
        return rulestamp.todays(setup)

    def rulings(self) -> dict[str, dict[str, Any]]:
        return copy.deepcopy(RULINGS)

    def rulings_of(self, setup: dict[str, Any]) -> dict[str, Any]:
        return in_force(setup["options"])

    def with_rulings(self, setup: dict[str, Any], changes: dict[str, Any]) -> dict[str, Any]:
        """The options' ``rulings`` with the changes named in them (the others as they were,
        so a reading left out keeps its meaning)."""
        switched(RULINGS, self.rulings_of(setup), changes)
        options = setup["options"]
        return {**setup, "options": {**options, "rulings": {**options.get("rulings", {}),
                                                            **changes}}}

    def same_fact(self, judged: dict[str, Any], stored: Any) -> bool:
        """A fact stored by release 1 carries no plan (``planned``); it is compared without."""
        if isinstance(stored, dict) and "planned" not in stored:
            judged = {k: v for k, v in judged.items() if k != "planned"}
        return super().same_fact(judged, stored)

    def state_json(self, state: Any, prompt: dict[str, Any] | None) -> dict[str, Any]:
        out = state_json(state, None)
        out["prompt"] = prompt
        return out

    def describe_decision(self, setup: dict[str, Any], decision: dict[str, Any]) -> str:
        return describe_decision(setup, decision)

    def describe_answer(self, setup: dict[str, Any], decision: dict[str, Any],
                        prompt: dict[str, Any] | None) -> str:
        return describe_answer(setup, decision, prompt)

    def narrative(self, match: Any) -> Iterator[str]:
        return lines(match)

    def summary(self, match: Any) -> dict[str, Any]:
        s = match.state
        return {"players": [{"name": p.name, "fighter": p.fighter, "life": p.life,
                             "space": p.space} for p in s.players],
                "beat": s.beat, "status": "over" if s.over else "in_progress",
                "winner": s.winner, "draw": s.draw, "cards": match.setup.get("cards"),
                "rules": match.setup.get("rules")}

    def index_mark(self, state: Any, fact: Any) -> IndexMark | None:
        if isinstance(fact, BeatBegan):
            return IndexMark({"beat": fact.beat, "beats_played": fact.seq, "step": "select"},
                             round_start=True)
        if isinstance(fact, StepBegan):
            return IndexMark({"beat": state.beat, "beats_played": state.seq,
                              "step": fact.step})
        return None

    def is_secret(self, decision: dict[str, Any]) -> bool:
        return decision.get("kind") in secret_kinds()

    def is_reveal(self, fact: Any) -> bool:
        return isinstance(fact, PairsRevealed | ClashBasesRevealed)

    def hide_fact(self, fact: Any, players: frozenset[int]) -> dict[str, Any] | None:
        return hide_fact(fact, players)

    def hide_state(self, state: dict[str, Any], players: frozenset[int]) -> dict[str, Any]:
        return hide_state(state, players)

    def position_at(self, match: Any, n: int) -> dict[str, Any]:
        return to_position(match.state_at(n)).to_json()

    def teaching_question(self, setup: dict[str, Any], fact: Any) -> dict[str, Any] | None:
        """Who becomes the Active Player (R6.5)? Does this attack hit (R13)?"""
        who = [f"{fighter(p['fighter']).name} ({p['name']})" for p in setup["players"]]
        if isinstance(fact, BecameActive):
            return {"text": "Who becomes the Active Player?",
                    "answers": [{"label": label, "right": fact.player == i}
                                for i, label in enumerate(who)]}
        if isinstance(fact, Hit | Missed):
            attacker = fighter(setup["players"][fact.attacker]["fighter"]).name
            return {"text": f"Does {attacker}'s attack hit?",
                    "answers": [{"label": "Yes, it hits", "right": isinstance(fact, Hit)},
                                {"label": "No, it misses", "right": isinstance(fact, Missed)}]}
        return None

    def correctable(self, match: Any) -> dict[str, dict[str, Any]]:
        return correction.correctable(match.state)

    def correction_changes(self, correction: dict[str, Any]) -> list[dict[str, Any]] | None:
        return legacy_changes(correction)

    analyses = True

    def analyse(self, match: Any, *, beat: int | None = None, at: int | None = None,
                budget: Budget | None = None) -> dict[str, Any]:
        """The beat start's analysis (docs/analysis.md; ``judge.battlecon.analysis``)."""
        from judge.battlecon.analysis.starts import analyse_duel  # SciPy: loaded when asked

        assert isinstance(match, Duel), "a BattleCON match is a Duel"
        return analyse_duel(match, beat, at, budget)

    def analysis_start(self, match: Any, *, beat: int | None = None,
                       at: int | None = None) -> AnalysisStart:
        from judge.battlecon.analysis.starts import start_of  # quick: SciPy not loaded

        assert isinstance(match, Duel), "a BattleCON match is a Duel"
        return start_of(match, beat, at)

    def analyse_start(self, start: AnalysisStart, *,
                      budget: Budget | None = None) -> dict[str, Any]:
        from judge.battlecon.analysis.beat import analyse_state

        assert isinstance(start.position, DuelState), "a BattleCON position is a DuelState"
        return analyse_state(start.position, budget)

    def catalogue(self) -> dict[str, Any]:
        return catalogue()

    def configure(self, settings: dict[str, Any]) -> None:
        """``card_errata``: an errata file's parsed TOML (``judge.battlecon.carddata``),
        named by ``errata_source``; it replaces any errata applied before."""
        unknown = set(settings) - {"card_errata", "errata_source"}
        if unknown:
            raise ValueError(f"Unknown BattleCON settings: {', '.join(sorted(unknown))}.")
        if "card_errata" in settings:
            source = str(settings.get("errata_source", "errata"))
            apply_errata(carddata.parse(settings["card_errata"], source))

    def doubts(self) -> list[dict[str, Any]]:
        """The card data's choices, then the operator's errata, each naming its source."""
        return [c.to_json() for c in carddata.project_choices() + tuple(errata())]

    def schemas(self) -> dict[str, Any]:
        """``record``, ``decision``, ``setup`` and ``state``, each a self-contained JSON
        Schema (draft 2020-12) that any validator can use as it is."""
        return copy.deepcopy(_schemas())


def _schemas() -> dict[str, Any]:
    """The schemas for the kits registered now (``_bundled``)."""
    return _bundled(declared())


@functools.lru_cache(maxsize=4)
def _bundled(kits: Declared) -> dict[str, Any]:
    """The shipped files, bundled once per process.

    The setup and state schemas refer to the record schema's definitions by its ``$id``
    (and the state to the setup's) so that each definition is written once. A client
    given one schema has nowhere to fetch the others from, so each is served with the
    files it refers to embedded under ``$defs`` as schema resources with their own
    ``$id``: a draft 2020-12 compound document, resolved by any conforming validator.
    """
    record, setup, state = (composed_schema(n) for n in ("record", "setup", "state"))
    return {"record": record,
            "decision": {**record["$defs"]["decision"], "$defs": record["$defs"]},
            "setup": _bundle(setup, record),
            "state": _bundle(state, setup, record)}


def _bundle(schema: dict[str, Any], *embedded: dict[str, Any]) -> dict[str, Any]:
    """``schema`` with ``embedded`` added to its ``$defs``, each under the last part of its
    ``$id`` (``battlecon-record-1``)."""
    defs = dict(schema.get("$defs", {}))
    for resource in embedded:
        defs[resource["$id"].rsplit(":", 1)[-1]] = resource
    return {**schema, "$defs": defs}


BATTLECON = registry.register(BattleCON())
