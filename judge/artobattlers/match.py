"""One ART O BATTLERS match: its setup and its events in order, the state they made and
the pending prompt (judge.ruleset.Match)."""

from __future__ import annotations

from typing import Any

from judge import corrections
from judge.artobattlers import correction
from judge.artobattlers import setup as setups
from judge.artobattlers.facts import AttackNotEffective, CorrectionMade, Fact
from judge.artobattlers.judging import judge
from judge.artobattlers.legal import prompt
from judge.artobattlers.state import GameState
from judge.artobattlers.table import Table
from judge.artobattlers.view import state_json
from judge.ruleset import Outcome


def initial_state(setup: dict[str, Any]) -> GameState:
    return GameState([p["name"] for p in setup["players"]], dict(setup["rulings"]),
                     setup["format"], level_globe_total=setup.get("level_globe_total"))


class AobMatch:
    """The events are the truth: the state is what running their facts made."""

    def __init__(self, setup: dict[str, Any]) -> None:
        self.setup = setup
        self.cards = setups.cards(setup["characters"])
        self.events: list[tuple[str, Any]] = []
        self._state = initial_state(setup)
        self._asked: tuple[int, dict[str, Any] | None] | None = None  # (version, prompt)

    @property
    def state(self) -> GameState:
        return self._state

    def twin(self) -> AobMatch:
        """A copy that may decide without changing this match (``judge.ruleset.Match``):
        the state cloned, the setup, the cards and the events copied, their items shared."""
        new = AobMatch.__new__(AobMatch)
        new.setup = dict(self.setup)
        new.cards = dict(self.cards)
        new.events = list(self.events)
        new._state = self._state.clone()
        new._asked = None
        return new

    @property
    def over(self) -> bool:
        return self._state.over

    @property
    def outcome(self) -> Outcome | None:
        s = self._state
        return Outcome(s.winner, s.draw, s.end_reason) if s.over and s.end_reason else None

    @property
    def prompt(self) -> dict[str, Any] | None:
        """The pending prompt: shared with the judging of the next decision, so never
        mutated (a copy costs as much as working it out again)."""
        return self._pending()

    def _pending(self) -> dict[str, Any] | None:
        """The pending prompt, worked out once per position: every fact bumps the state's
        version, and the prompt is what the position, the cards and the setup make it.
        Shown and then judged, a decision used to cost two (half of a random match's time);
        the seeded playouts compare it with a fresh one after every decision."""
        version = self._state.version
        if self._asked is None or self._asked[0] != version:
            self._asked = (version, prompt(Table(self._state, self.cards, self.setup)))
        return self._asked[1]

    def decide(self, decision: Any) -> list[Fact]:
        """Judge ``decision``; IllegalDecisionError (reason, rule) and nothing changes.
        A correction in the one shape (``judge.corrections``) is judged with the events
        (reopening a match looks back at how it ended); it is recorded with its before
        values filled in."""
        work = Table(self._state.clone(), self.cards, self.setup)
        if corrections.is_entry(decision):
            facts = correction.correct(work, self.events, decision, self.state_at)
            made = next(f for f in facts if isinstance(f, CorrectionMade))
            decision = corrections.parse(decision).entry(
                [corrections.Change(**c) for c in made.changes])
        else:
            facts = list(judge(work, decision, self._wasted(), self._pending()))
        self.events.append(("decision", dict(decision)))
        for fact in facts:
            fact.run(self._state)
            self.events.append(("fact", fact))
        return facts

    def _wasted(self) -> bool:
        """Whether the facts since the last decision include a wasted attack (A12.4)."""
        for kind, event in reversed(self.events):
            if kind == "decision":
                return False
            if isinstance(event, AttackNotEffective):
                return True
        return False

    def absorb(self, kind: str, payload: Any) -> None:
        if kind == "fact":
            fact = Fact.from_json(payload) if isinstance(payload, dict) else payload
            fact.run(self._state)
            self.events.append(("fact", fact))
        else:
            self.events.append(("decision", dict(payload)))

    def standing_events(self) -> list[tuple[str, Any]]:
        """The events standing (a retraction's wrapper holds the whole stream)."""
        return self.events

    def state_at(self, n: int) -> GameState:
        s = initial_state(self.setup)
        for kind, event in self.events[:n]:
            if kind == "fact":
                event.run(s)
        return s

    def prompt_at(self, n: int, state: Any = None) -> dict[str, Any] | None:
        if n < len(self.events) and self.events[n][0] != "decision":
            return None
        at = state if state is not None else self.state_at(n)
        return prompt(Table(at, self.cards, self.setup))

    def to_json(self) -> dict[str, Any]:
        return state_json(self._state, self.prompt)

    def to_record(self) -> dict[str, Any]:
        return {**setups.envelope(self.setup),
                "decisions": [e for k, e in self.events if k == "decision"]}
