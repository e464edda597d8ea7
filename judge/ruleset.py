"""The ruleset interface: everything the record, the store, the API and the viewer may ask
of a game, and nothing more (python-chess's variants, OpenSpiel's games).

A *ruleset* is the game's configuration-free knowledge (its record envelope, setup, facts,
narrative, catalogue, schemas); a *match* is one game being judged under it. Outer layers
hold matches and facts only through the protocols below, so a second game plugs in
without them naming it.

Vocabulary shared by every ruleset:
- An *event* is ``("decision", dict)`` or ``("fact", Fact)``, numbered from 1.
- A *prompt* is a JSON object: ``players`` (who decides), ``decider`` (see ``DECIDERS``),
  ``kind``, ``options`` (each a complete legal decision, sorted), ``about`` and ``rule``;
  and ``described`` when some legal decisions are too many to list: their shape and
  constraints (``judge.described``). ``None`` when the match is over.
- A *standing decision* (a concession) is legal at any prompt although no prompt lists it.
- A *correction* is the decision ``{"kind": "correction", ...}`` a head judge records, in
  the one shape ``judge.corrections`` defines (``changes`` with their ``before`` and
  ``after``, ``by``, ``dispute``, ``rule``, ``text``, ``reopens``); the field paths its
  changes name are the ruleset's (``correctable``). A ruleset may also read an older shape
  of its own (BattleCON's ``players``/``markers``).
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Protocol

from judge.budget import Budget
from judge.errors import JudgeError, RecordError
from judge.rulings import switched

ONE_PLAYER = "player"  # one player decides, openly
SIMULTANEOUS = "simultaneous"  # several players decide secretly; nothing is shown before all have
CHANCE = "chance"  # a physical die or coin: the scorekeeper enters the result as a decision
DECIDERS = (ONE_PLAYER, SIMULTANEOUS, CHANCE)


@dataclass(frozen=True)
class Outcome:
    """How a match ended: a winner (a player index) or a draw, and why."""

    winner: int | None
    draw: bool
    reason: str

    def to_json(self) -> dict[str, Any]:
        return {"winner": self.winner, "draw": self.draw, "reason": self.reason}


class State(Protocol):
    """One position. Changed only by running facts; ``clone`` gives an independent copy."""

    def clone(self) -> State: ...


class Fact(Protocol):
    """Something that happened, past tense, with the rule or card it applied."""

    # Read-only, so that a frozen dataclass (an immutable fact) satisfies the protocol.
    @property
    def rule(self) -> str: ...

    @property
    def text(self) -> str: ...

    def run(self, state: Any) -> None: ...

    def to_json(self) -> dict[str, Any]: ...


class Match(Protocol):
    """One match being judged: its setup and its events in order."""

    setup: dict[str, Any]

    @property
    def events(self) -> list[tuple[str, Any]]:
        """Every event in order, ``(kind, payload)``: read only (a match changes by
        ``decide`` and ``absorb``)."""
        ...

    @property
    def state(self) -> Any: ...

    @property
    def over(self) -> bool: ...

    @property
    def outcome(self) -> Outcome | None: ...

    @property
    def prompt(self) -> dict[str, Any] | None: ...

    def decide(self, decision: Any) -> list[Any]:
        """Judge a decision (or a correction); return its facts. IllegalDecisionError
        (reason and rule) when it is not legal now, and nothing changes."""
        ...

    def twin(self) -> Match:
        """A copy that may decide without changing this match (the store judges a decision
        on it: ``events.judging``): its state cloned (``State.clone``), its setup and lists
        copied, their items shared (facts are frozen; a match copies a decision it keeps).
        Copying the events, not replaying them, keeps judging at the decision's own cost.
        Each match makes its own, so that a compiled class (no ``__dict__``) can too."""
        ...

    def absorb(self, kind: str, payload: Any) -> None:
        """Append an already-judged stored event: a fact is applied, a decision recorded."""
        ...

    def state_at(self, n: int) -> Any:
        """The state after the first n events."""
        ...

    def prompt_at(self, n: int, state: Any = None) -> dict[str, Any] | None:
        """The prompt the match waited on after event n, or None while it was resolving."""
        ...

    def to_json(self) -> dict[str, Any]: ...

    def to_record(self) -> dict[str, Any]: ...


@dataclass(frozen=True)
class IndexMark:
    """Where a fact begins a part of the match worth jumping to (a beat, a step).

    ``entry`` is what the index lists (the projector adds the event number); a
    ``round_start`` is where the projector keeps a checkpoint of the state.
    """

    entry: dict[str, Any]
    round_start: bool = False


@dataclass(frozen=True)
class AnalysisStart:
    """A round start to analyse (``Ruleset.analysis_start``): after the first ``event``
    events of its match (0 for a position with no decisions), round ``beat``; ``key`` is
    the same for the same position wherever it is met (another duel, a shared position:
    the players' names left out), so an analysis may be cached by it; ``names``: the
    players' names; ``position``: the ruleset's own copy of the position, shared with
    nothing."""

    event: int
    beat: int
    key: str
    names: tuple[str, ...]
    position: Any


class Ruleset(ABC):
    """One game's rules, registered under the name its records carry in ``ruleset``."""

    name: str  # the record's ``ruleset`` tag, e.g. "battlecon-2014"
    record_format: str  # the record envelope's ``format``, e.g. "battlecon-record/1"
    title: str
    standing_kinds: tuple[str, ...] = ("concede",)

    # --- records and setups ------------------------------------------------------------

    @abstractmethod
    def parse_setup(self, record: Any) -> dict[str, Any]:
        """The normalised setup of a record (its ``ruleset`` named), or a RecordError that
        names the field."""

    def envelope(self, setup: dict[str, Any]) -> dict[str, Any]:
        """A record without decisions whose setup is ``setup`` (re-judging a stored log)."""
        return {"format": self.record_format, "ruleset": self.name, **setup}

    @abstractmethod
    def match(self, setup: dict[str, Any]) -> Match:
        """A new match from a normalised setup, judged up to its first decision."""

    @abstractmethod
    def restore(self, setup: dict[str, Any]) -> Match:
        """A match at its setup with no events, to ``absorb`` stored events into."""

    def from_record(self, record: Any) -> Match:
        """Judge a whole record; RecordError names the first illegal decision by index."""
        match = self.match(self.parse_setup(record))
        decisions = record.get("decisions", [])
        if not isinstance(decisions, list):
            raise RecordError("decisions must be a list.", "record.decisions")
        decide_all(match, decisions)
        return match

    # --- states, facts, reading ------------------------------------------------------

    @abstractmethod
    def initial_state(self, setup: dict[str, Any]) -> State:
        """The position after setup, before any fact."""

    @abstractmethod
    def fact_from_json(self, data: dict[str, Any]) -> Fact:
        """A stored fact, rebuilt from its JSON."""

    def replay(self, setup: dict[str, Any], facts: Iterable[Any]) -> State:
        """The state that ``facts`` (objects or their JSON) make from ``setup``. A ruleset
        may replace this loop with a faster one that ends in the same state."""
        state = self.initial_state(setup)
        read = self.fact_from_json
        for f in facts:
            (read(f) if isinstance(f, dict) else f).run(state)
        return state

    def stale(self, setup: dict[str, Any]) -> str | None:
        """Why no new decision may be judged on this setup today (it was stamped with card
        data that is not today's), or None."""
        return None

    def check_new_setup(self, setup: dict[str, Any]) -> None:
        """A RecordError for what a new duel may not start with although a stored one that
        has it still loads and replays (a rule tightened after it was stored). Called when
        a record becomes a new stored duel, never when a stored duel is read or re-judged."""
        return None

    def with_todays_cards(self, setup: dict[str, Any]) -> dict[str, Any]:
        """The setup stamped with today's card data: re-judging under it is explicit."""
        return setup

    def todays_rules(self) -> str | None:
        """The rules version a new duel names (``setup["rules"]``), or None for a ruleset
        without versions of its rules."""
        return None

    def with_todays_rules(self, setup: dict[str, Any]) -> dict[str, Any]:
        """The setup stamped with today's rules version: re-judging under it is explicit
        (a fork "with today's rules"). A ruleset without versions of its rules: as it is."""
        return setup

    # --- switchable rulings (judge.rulings) --------------------------------------------

    def rulings(self) -> dict[str, dict[str, Any]]:
        """The rulings a duel may switch, by id: ``{"rule", "title", "default",
        "recommended", "readings": [{"value", "text"}]}`` (the readings this ruleset judges;
        ``recommended``: the reading a new duel names). None by default."""
        return {}

    def rulings_of(self, setup: dict[str, Any]) -> dict[str, Any]:
        """The reading of every switchable ruling that ``setup`` is judged under."""
        return {}

    def with_rulings(self, setup: dict[str, Any], changes: dict[str, Any]) -> dict[str, Any]:
        """``setup`` with the readings ``changes`` names in place of its own; a RecordError
        naming the ruling (``field`` ``rulings.<id>``) for one it does not switch or a
        reading it does not judge."""
        switched(self.rulings(), self.rulings_of(setup), changes)
        return setup

    def same_fact(self, judged: dict[str, Any], stored: Any) -> bool:
        """Whether a stored fact is what re-judging produced. Narrative ``text`` is
        presentation, never compared: a release that words a fact differently must not
        make earlier logs fail (the hash chain covers the text as stored)."""
        return isinstance(stored, dict) and _without(judged, "text") == _without(stored, "text")

    @abstractmethod
    def state_json(self, state: Any, prompt: dict[str, Any] | None) -> dict[str, Any]:
        """The canonical state JSON, with ``prompt`` (None when nobody must decide)."""

    @abstractmethod
    def describe_decision(self, setup: dict[str, Any], decision: dict[str, Any]) -> str:
        """A decision as a sentence (a secret choice names nothing secret)."""

    def describe_answer(self, setup: dict[str, Any], decision: dict[str, Any],
                        prompt: dict[str, Any] | None) -> str:
        """A decision as a sentence after the question it answered, so that no answer reads
        before its question (``prompt``: the prompt JSON it answered, None when unknown).
        Default: ``describe_decision`` alone."""
        return self.describe_decision(setup, decision)

    @abstractmethod
    def narrative(self, match: Match) -> Iterator[str]:
        """The match as lines a teacher could read aloud, numbered as the events are."""

    @abstractmethod
    def summary(self, match: Match) -> dict[str, Any]:
        """A line for lists: ``players`` (name, fighter, life, space where it has them),
        ``beat`` (or round), ``status`` (in_progress | over), ``winner``, ``draw``."""

    @abstractmethod
    def index_mark(self, state: Any, fact: Any) -> IndexMark | None:
        """Whether ``fact`` (just run on ``state``) begins a beat, a round or a step."""

    def is_secret(self, decision: dict[str, Any]) -> bool:
        """Whether a decision is a secret choice, hidden from other roles until revealed."""
        return False

    def is_reveal(self, fact: Any) -> bool:
        """Whether a fact reveals the secret choices made before it (a retraction may not
        go back past it)."""
        return False

    # --- what an onlooker sees while secret choices lie face down ------------------------
    # ``players``: the players whose unrevealed secret choices this reader may not see
    # (the service decides who may: see docs/hidden-information.md).

    def hide_decision(self, decision: dict[str, Any]) -> dict[str, Any]:
        """A secret decision as an onlooker sees it before its reveal: that a choice was
        made, and by whom, not what."""
        return {k: decision[k] for k in ("kind", "player") if k in decision}

    def hide_fact(self, fact: Any, players: frozenset[int]) -> dict[str, Any] | None:
        """The JSON of ``fact`` without what ``players`` chose in secret, or None when the
        fact shows nothing secret (the reader sees it as it is)."""
        return None

    def hide_state(self, state: dict[str, Any], players: frozenset[int]) -> dict[str, Any]:
        """The state JSON without what ``players`` chose in secret (a new dict)."""
        return state

    def position_at(self, match: Match, n: int) -> dict[str, Any]:
        """The match after event ``n`` as a position a record may start from (a record's
        ``position``: a puzzle's shared link); a RecordError where the ruleset takes none
        (BattleCON: anywhere but the start of a beat)."""
        raise RecordError(f"The ruleset {self.name!r} takes no positions.", "record",
                          field="position")

    def teaching_question(self, setup: dict[str, Any], fact: Any) -> dict[str, Any] | None:
        """A question a teacher asks before showing ``fact``, or None: ``{"text",
        "answers": [{"label", "right"}]}`` (teaching mode asks it, then shows the fact)."""
        return None

    def answer_question(self, setup: dict[str, Any], decision: dict[str, Any],
                        prompt: dict[str, Any] | None) -> dict[str, Any] | None:
        """A question a teacher asks before showing ``decision`` (``prompt``: the prompt it
        answered), or None; the shape of ``teaching_question``. For a decision whose own
        sentence tells what it does (describe_answer), so that teaching mode asks before
        the row gives the answer away."""
        return None

    # --- corrections (judge.corrections) -------------------------------------------------

    def correctable(self, match: Match) -> dict[str, dict[str, Any]]:
        """Every field a head judge may correct in ``match`` as it stands, by path (``players.1.life``),
        each ``{"value", "type", "label", "rule"}`` and, where they apply, ``min``, ``max``,
        ``choices`` and ``nullable`` (``judge.corrections.field_spec``). ``type`` is
        ``integer``, ``boolean``, ``choice`` (one of ``choices``) or ``list`` (of
        ``choices``). The service serves it and the judge tools' form offers it; a
        correction naming another path is refused. None by default: a ruleset that lists
        no fields takes corrections in its own shape only."""
        return {}

    def correction_changes(self, correction: dict[str, Any]) -> list[dict[str, Any]] | None:
        """An older correction shape of this ruleset (BattleCON's ``players``/``markers``,
        ART O BATTLERS' ``characters``) as ``changes`` (``[{"field", "after"}]``), so that
        the service records every new correction in the one shape; None when the ruleset
        has no such shape (the correction is then recorded as given)."""
        return None

    # --- analysis (optional: docs/analysis.md) -------------------------------------------

    analyses: bool = False  # whether ``analyse`` (and ``analysis_start``) answers

    def analyse(self, match: Match, *, beat: int | None = None, at: int | None = None,
                budget: Budget | None = None) -> dict[str, Any]:
        """A coaching analysis of the round that starts at ``beat`` (its number) or at the
        first round start at or after event ``at``: each player's choices there as a
        zero-sum matrix game and its equilibrium (BattleCON: docs/analysis.md). Computed
        from the position alone (nothing chosen face down there is known yet). A
        RecordError (rule ``cli``) when no such round starts; a ruleset without an
        analysis (``analyses`` false) refuses every match. ``budget`` (``judge.budget``):
        a time budget the analysis checks often, stopping with ``BudgetExceeded`` (a
        RecordError, rule ``budget``) once it is spent."""
        raise RecordError(f"The ruleset {self.name!r} offers no analysis.", "cli",
                          field="ruleset")

    def analysis_start(self, match: Match, *, beat: int | None = None,
                       at: int | None = None) -> AnalysisStart:
        """The round start ``analyse`` would analyse (the same ``beat``/``at`` and the same
        refusals; neither: the latest round start), found quickly and copied out of ``match``: a service finds it under the
        duel's lock, looks its ``key`` up in a cache, and only then analyses it
        (``analyse_start``) without holding the lock."""
        raise RecordError(f"The ruleset {self.name!r} offers no analysis.", "cli",
                          field="ruleset")

    def analyse_start(self, start: AnalysisStart, *,
                      budget: Budget | None = None) -> dict[str, Any]:
        """``analyse`` of a start found by ``analysis_start``, within ``budget`` as
        ``analyse`` (``BudgetExceeded`` once it is spent, on the caller's thread)."""
        raise RecordError(f"The ruleset {self.name!r} offers no analysis.", "cli",
                          field="ruleset")

    @abstractmethod
    def catalogue(self) -> dict[str, Any]:
        """The game's pieces: fighters or characters and their cards."""

    def configure(self, settings: dict[str, Any]) -> None:
        """Operator settings, read by the service at start (BattleCON: ``card_errata``, an
        errata file's parsed content, and ``errata_source``, its name). A ruleset without
        settings refuses any (ValueError), so a misdirected setting is never ignored."""
        if settings:
            raise ValueError(f"The ruleset {self.name!r} takes no settings "
                             f"({', '.join(sorted(settings))}).")

    def doubts(self) -> list[dict[str, Any]]:
        """The values the ruleset chose where its sources disagree, each with the others and
        why (``judge fighters --doubts``); none by default."""
        return []

    # --- characters a player enters as data (their own cards) -----------------------------

    imports_characters: bool = False  # whether ``check_characters`` accepts anything

    def check_characters(self, document: Any) -> list[dict[str, Any]]:
        """A player's own characters, entered as data: ``document`` is a data file in the
        schema ``schemas()["characters"]``. Returns the characters as JSON, each with ``id``
        and ``name``, fit to go inline into a setup (so a record that uses them replays
        anywhere). A RecordError whose ``field`` names the faulty place
        (``characters[0].attack_moves[2].cost``) when one is wrong, or when an id is one
        of the ruleset's own characters. A ruleset that takes no entered characters
        (``imports_characters`` false) refuses every document."""
        raise RecordError(f"The ruleset {self.name!r} takes no imported characters.",
                          "record", field="ruleset")

    @abstractmethod
    def schemas(self) -> dict[str, Any]:
        """JSON Schemas (draft 2020-12), each usable on its own: ``record``, ``decision``,
        ``setup`` (what ``parse_setup`` returns) and ``state`` (what ``state_json`` returns),
        so that clients can check what they send and read without reading the code."""


def decide_all(match: Match, decisions: list[Any]) -> None:
    """Decide each decision in turn; RecordError names the first illegal one by index."""
    for index, decision in enumerate(decisions):
        try:
            match.decide(decision)
        except JudgeError as err:
            raise RecordError(f"Decision {index} ({_short(decision)}): {err.reason}",
                              err.rule, index=index) from err


def _without(data: dict[str, Any], *keys: str) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k not in keys}


def _short(decision: Any) -> str:
    try:
        return json.dumps(decision)
    except (TypeError, ValueError):
        return repr(decision)
