"""ART O BATTLERS behind the ruleset interface (judge.ruleset), registered as
``artobattlers``. Records are ``{"format", "ruleset", "setup": {...}, "decisions": [...]}``
(decisions.md); nothing in this game is secret (A0.3)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from judge import corrections, registry
from judge.artobattlers import correction, position, rejudge
from judge.artobattlers import setup as setups
from judge.artobattlers.catalogue import (
    SAMPLE_SET,
    refuse_duplicate_counterattacks,
    sample_document,
)
from judge.artobattlers.correction import changes_from
from judge.artobattlers.facts import CorrectionMade, Fact, TurnStarted
from judge.artobattlers.imports import check_document
from judge.artobattlers.match import AobMatch, initial_state
from judge.artobattlers.position import Position
from judge.artobattlers.rulings import NOT_JUDGED, READINGS
from judge.artobattlers.schemas import all_schemas
from judge.artobattlers.sentences import Words, describe
from judge.artobattlers.state import GameState
from judge.artobattlers.table import Table
from judge.artobattlers.teaching import die_question
from judge.artobattlers.view import state_json, summary
from judge.ruleset import IndexMark, Ruleset
from judge.rulings import reading, switched


class ArtOBattlers(Ruleset):
    name, record_format = setups.NAME, setups.FORMAT
    title = "ART O BATTLERS (rulebook v4.5): simple duel and Advance Play"
    standing_kinds = ("give_up", "no_more_issues", "agree_no_more_issues")

    def parse_setup(self, record: Any) -> dict[str, Any]:
        return setups.parse(record)

    def envelope(self, setup: dict[str, Any]) -> dict[str, Any]:
        return setups.envelope(setup)

    def match(self, setup: dict[str, Any]) -> AobMatch:
        return AobMatch(self.parse_setup(self.envelope(setup)))

    def restore(self, setup: dict[str, Any]) -> AobMatch:
        return AobMatch(setup)

    def initial_state(self, setup: dict[str, Any]) -> GameState:
        return initial_state(setup)

    def fact_from_json(self, data: dict[str, Any]) -> Fact:
        return Fact.from_json(data)

    def state_json(self, state: Any, prompt: dict[str, Any] | None) -> dict[str, Any]:
        return state_json(state, prompt)

    def describe_decision(self, setup: dict[str, Any], decision: dict[str, Any]) -> str:
        if corrections.is_entry(decision):
            cards = setups.cards(setup["characters"])
            return corrections.sentence(decision, lambda path: correction.label(cards, path))
        return self._describe(setup, decision, None)

    def describe_answer(self, setup: dict[str, Any], decision: dict[str, Any],
                        prompt: dict[str, Any] | None) -> str:
        """The decision read in the position its prompt tells (the narrative's sentence:
        "Ana answers with a die: 4 — a Defense on the NORMAL chart: …"). The game's
        questions are facts of their own, so nothing is put before the answer."""
        return self._describe(setup, decision, position.of_prompt(prompt) if prompt else None)

    def _describe(self, setup: dict[str, Any], decision: dict[str, Any],
                  where: Position | None) -> str:
        """The decision as a sentence; with the position it was made in, also what it
        means."""
        if corrections.is_entry(decision):
            return self.describe_decision(setup, decision)
        return describe(self._words(setup), decision, where)

    def _words(self, setup: dict[str, Any]) -> Words:
        return Words([p["name"] for p in setup["players"]], setups.cards(setup["characters"]))

    def correctable(self, match: Any) -> dict[str, dict[str, Any]]:
        table = Table(match.state, match.cards, match.setup)
        standing = getattr(match, "standing_events", lambda: match.events)()
        return {**correction.correctable(match.state, match.cards),
                **rejudge.fields(table, standing)}

    def correction_changes(self, correction: dict[str, Any]) -> list[dict[str, Any]] | None:
        return changes_from(correction)

    def narrative(self, match: Any) -> Iterator[str]:
        """Every event in order: a decision as its player's sentence (read in the position
        it was made in), a fact as its sentence with its rule."""
        state = initial_state(match.setup)
        for n, (kind, event) in enumerate(match.events, 1):
            if kind == "fact":
                event.run(state)
            if isinstance(event, CorrectionMade) and event.rejudged is None:
                continue  # the correction's own line says it all (not what re-judging did)
            where = position.of_state(state, event) if kind == "decision" else None
            yield f"{n:>4}  " + (f"> {self._describe(match.setup, event, where)}"
                                 if kind == "decision" else f"  {event.text} [{event.rule}]")

    def summary(self, match: Any) -> dict[str, Any]:
        return summary(match.state)

    def index_mark(self, state: Any, fact: Any) -> IndexMark | None:
        if isinstance(fact, TurnStarted):
            return IndexMark({"beat": fact.turn, "step": "turn_action",
                              "player": fact.player}, round_start=True)
        return None

    def answer_question(self, setup: dict[str, Any], decision: dict[str, Any],
                        prompt: dict[str, Any] | None) -> dict[str, Any] | None:
        """Before a reply die's row tells what it does: does it hit, defend, resist, escape
        or counter? (A4.2; asked on the decision, whose sentence gives the reading.)"""
        if prompt is None or corrections.is_entry(decision):
            return None
        return die_question(self._words(setup), decision, prompt)

    def rulings(self) -> dict[str, dict[str, Any]]:
        """The configurable gap rulings (rules-digest "Gaps and conflicts"), the digest's
        recommendation first: the default and the reading a new duel names."""
        return {gap: {"rule": gap, "title": f"Gap ruling {gap}", "default": values[0],
                      "recommended": values[0],
                      "readings": [reading(v, v.replace("_", " ").replace("+", " + "))
                                   for v in values if (gap, v) not in NOT_JUDGED]}
                for gap, values in READINGS.items()}

    def rulings_of(self, setup: dict[str, Any]) -> dict[str, Any]:
        return dict(setup["rulings"])

    def with_rulings(self, setup: dict[str, Any], changes: dict[str, Any]) -> dict[str, Any]:
        return {**setup, "rulings": switched(self.rulings(), self.rulings_of(setup), changes)}

    def catalogue(self) -> dict[str, Any]:
        doc = sample_document()
        return {"sets": {SAMPLE_SET: {"sample_data": True, "characters": doc["characters"]}},
                "rulings": {gap: list(r) for gap, r in READINGS.items()}}

    imports_characters = True

    def check_new_setup(self, setup: dict[str, Any]) -> None:
        """A new duel's own characters: no counterattack id twice (A1.14, 004 §6)."""
        if isinstance(setup.get("characters"), list):
            refuse_duplicate_counterattacks(setup["characters"], "setup.characters")

    def check_characters(self, document: Any) -> list[dict[str, Any]]:
        """A player's own cards as a data file in the schema of characters.yaml (A1)."""
        return check_document(document)

    def schemas(self) -> dict[str, Any]:
        return all_schemas()


ARTOBATTLERS = registry.register(ArtOBattlers())
