"""A match whose stream of events may hold retractions (``events.retraction``).

``Retractable`` wraps a ruleset's match (``judge.ruleset.Match``) and is itself one: its
``events`` are the whole stream as stored and numbered (retracted decisions, their facts
and the retraction entries included), while the wrapped match, which judges the next
decision, holds only the events still standing. A retraction rebuilds the wrapped match
from the standing events (their stored facts applied again, nothing re-judged), so the
duel continues exactly from the position before the retracted decision.

Until the first retraction the wrapper only passes through: the stream is the wrapped
match's own event list, and nothing is kept twice.
"""

from __future__ import annotations

import bisect
from typing import Any

from events import retraction as R
from judge import registry
from judge.errors import IllegalDecisionError
from judge.ruleset import Match, Ruleset, decide_all


class _Book:
    """The stream as a stack: each event is pushed; a retraction pops back to below the
    retracted decision. ``tops[p]`` is the top after the first p events (0: empty)."""

    def __init__(self, events: list[tuple[str, Any]]) -> None:
        self.stream: list[tuple[str, Any]] = []
        self.below: list[int] = []
        self.tops: list[int] = [0]
        self.standing: list[int] = []  # stream positions of the wrapped match's events
        self.struck: dict[int, int] = {}  # stream position -> the retraction striking it
        self.retractions: dict[int, int] = {}  # retraction position -> the decision
        for event in events:
            self.push(event)

    def push(self, event: tuple[str, Any]) -> None:
        self.stream.append(event)
        self.below.append(self.tops[-1])
        self.tops.append(len(self.stream))
        self.standing.append(len(self.stream))

    def retract(self, n: int) -> None:
        self.stream.append(("decision", R.entry(n)))
        at = len(self.stream)
        self.below.append(-1)
        self.tops.append(self.below[n - 1])
        cut = bisect.bisect_left(self.standing, n)
        for p in self.standing[cut:]:
            self.struck[p] = at
        del self.standing[cut:]
        self.retractions[at] = n

    def stack(self, p: int) -> list[int]:
        """The positions standing after the first p events, in order."""
        out, top = [], self.tops[p]
        while top > 0:
            out.append(top)
            top = self.below[top - 1]
        return out[::-1]


class Retractable:
    """The match of a stored duel: the whole stream, and the standing match inside."""

    def __init__(self, inner: Match, rules: Ruleset) -> None:
        self.inner = inner
        self.rules = rules
        self.setup = inner.setup
        self._book: _Book | None = None

    def __getattr__(self, name: str) -> Any:  # the ruleset's own extras (need, facts...)
        if name.startswith("_") or name == "inner":
            raise AttributeError(name)
        return getattr(self.inner, name)

    # --- the Match protocol ------------------------------------------------------------

    @property
    def events(self) -> list[tuple[str, Any]]:
        return self.inner.events if self._book is None else self._book.stream

    @property
    def state(self) -> Any:
        return self.inner.state

    @property
    def over(self) -> bool:
        return self.inner.over

    @property
    def outcome(self) -> Any:
        return self.inner.outcome

    @property
    def prompt(self) -> dict[str, Any] | None:
        return self.inner.prompt

    def to_json(self) -> dict[str, Any]:
        return self.inner.to_json()

    def to_record(self) -> dict[str, Any]:
        """The record of the decisions still standing (retracted ones are left out)."""
        return self.inner.to_record()

    def decide(self, decision: Any) -> list[Any]:
        """Judge a decision, or apply a retraction entry (no facts)."""
        if R.is_retraction(decision):
            self._retract(R.check_entry(self, decision))
            return []
        if self._book is None:
            return self.inner.decide(decision)
        start = len(self.inner.events)
        facts = self.inner.decide(decision)
        for event in self.inner.events[start:]:
            self._book.push(event)
        return facts

    def absorb(self, kind: str, payload: Any) -> None:
        """Append a stored event (checked by its hash chain when it was read)."""
        if kind == "decision" and R.is_retraction(payload):
            latest = self.latest_decision()
            if latest is None or payload.get("event") != latest:
                raise IllegalDecisionError(f"A stored retraction names event "
                                           f"{payload.get('event')}, not the latest decision "
                                           f"standing ({latest}).", R.LATEST)
            self._retract(latest)
            return
        self.inner.absorb(kind, payload)
        if self._book is not None:
            self._book.push(self.inner.events[-1])

    def state_at(self, n: int) -> Any:
        if self._book is None:
            return self.inner.state_at(n)
        return self._scratch(n).state

    def prompt_at(self, n: int, state: Any = None) -> dict[str, Any] | None:
        book = self._book
        if book is None:
            return self.inner.prompt_at(n, state)
        if n < len(book.stream) and book.stream[n][0] == "fact":
            return None  # still resolving
        top = book.tops[n]
        if top == 0 or top not in book.struck:  # a position the standing match passed
            return self.inner.prompt_at(bisect.bisect_right(book.standing, top), state)
        return self._scratch(n).prompt

    # --- retractions -------------------------------------------------------------------

    def _retract(self, n: int) -> None:
        if self._book is None:
            self._book = _Book(self.inner.events)
        self._book.retract(n)
        inner = self.rules.restore(self.setup)
        for p in self._book.standing:
            inner.absorb(*self._book.stream[p - 1])
        self.inner = inner

    def _scratch(self, n: int) -> Match:
        """A match holding exactly what stood after the first n events (rarely needed: a
        position inside a retracted decision)."""
        assert self._book is not None
        match = self.rules.restore(self.setup)
        for p in self._book.stack(n):
            match.absorb(*self._book.stream[p - 1])
        return match

    def latest_decision(self) -> int | None:
        """The event number of the latest decision still standing, or None."""
        events = self.events
        positions = reversed(self._book.standing) if self._book is not None else \
            range(len(events), 0, -1)
        for p in positions:
            if events[p - 1][0] == "decision":
                return p
        return None

    def standing_after(self, n: int) -> list[int]:
        if self._book is None:
            return list(range(n + 1, len(self.events) + 1))
        return self._book.standing[bisect.bisect_right(self._book.standing, n):]

    def standing_before(self, n: int) -> list[int]:
        if self._book is None:
            return list(range(1, n))
        return self._book.standing[:bisect.bisect_left(self._book.standing, n)]

    def retracts(self, n: int) -> int | None:
        """The decision event n retracts, if event n is a retraction."""
        return None if self._book is None else self._book.retractions.get(n)

    def struck_by(self, n: int) -> int | None:
        """The retraction that struck event n (a retracted decision or one of its facts)."""
        return None if self._book is None else self._book.struck.get(n)

    @property
    def has_retractions(self) -> bool:
        return self._book is not None

    def decisions_at(self, n: int) -> list[dict]:
        """The decisions standing after the first n events: a record that re-judges to the
        duel as it stood there."""
        events = self.events
        positions = range(1, n + 1) if self._book is None else self._book.stack(n)
        return [events[p - 1][1] for p in positions if events[p - 1][0] == "decision"]


def judge_stream(record: Any) -> Retractable:
    """Judge a record whose ``decisions`` may hold retraction entries (the decisions of an
    event log, in order): RecordError names the first illegal one by index."""
    rules = registry.of_record(record)
    match = Retractable(rules.match(rules.parse_setup(record)), rules)
    decide_all(match, record.get("decisions", []))
    return match
