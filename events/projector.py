"""The projector: the state of a stored duel after any event, or at any (beat, step).

A timeline per duel keeps a checkpoint (a copy of the judge state) at the start of
every beat, so a state is one copy plus at most one beat of facts; the JSON of a
state already asked for is kept too. Both are only caches: they must equal a
replay (the tests check it at every event of hundreds of duels).
"""

from __future__ import annotations

import bisect
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any
from uuid import UUID

from judge import registry
from judge.ruleset import Match

TIMELINES = 128
STATES_PER_DUEL = 2048


class Timeline:
    """Checkpoints and an index of beats and steps over one duel's events."""

    def __init__(self, duel: Match) -> None:
        self.duel = duel
        self.rules = registry.of_setup(duel.setup)
        self.length = 0
        self.points: list[int] = [0]
        self.states: list[Any] = [self.rules.initial_state(duel.setup)]
        self.steps: list[dict] = []
        self.json: OrderedDict[int, dict] = OrderedDict()
        self.rendered: dict[int, dict[str, bytes]] = {}  # readers' encodings of json[n]
        self._extend()

    def _extend(self) -> None:
        """Take in events added since the last look (the duel only grows)."""
        events = self.duel.events
        if len(events) == self.length:
            return
        s = self.states[-1].clone()
        for n in range(self.points[-1] + 1, len(events) + 1):
            kind, e = events[n - 1]
            if kind == "decision":
                if self._retraction(n) is not None:
                    s = self.states[-1].clone()
                continue
            e.run(s)
            if n <= self.length:
                continue
            mark = self.rules.index_mark(s, e)
            if mark is None:
                continue
            if mark.round_start:
                self.points.append(n)
                self.states.append(s.clone())
            self.steps.append({**mark.entry, "event": n})
        self._forget(self.length)  # "now" may have had another prompt
        self.length = len(events)

    def _retraction(self, n: int) -> int | None:
        """At a retraction (event n), the state goes back to before the decision it
        retracts: a checkpoint at n holds it, so that no state is ever computed across a
        retraction; index entries from that decision on are no longer the duel's."""
        retracts = getattr(self.duel, "retracts", None)
        back = retracts(n) if retracts is not None else None
        if back is None:
            return None
        state = self.state(back - 1)
        self.points.append(n)
        self.states.append(state)
        self.steps = [entry for entry in self.steps if entry["event"] < back]
        return back

    def state(self, n: int) -> Any:
        i = bisect.bisect_right(self.points, n) - 1
        s = self.states[i].clone()
        for kind, e in self.duel.events[self.points[i]:n]:
            if kind == "fact":
                e.run(s)
        return s

    def state_json(self, n: int) -> dict:
        cached = self.json.get(n)
        if cached is None:
            s = self.state(n)
            cached = self.rules.state_json(s, self.duel.prompt_at(n, s))
            cached["event"] = n
            self.json[n] = cached
            if len(self.json) > STATES_PER_DUEL:
                oldest, _ = self.json.popitem(last=False)
                self.rendered.pop(oldest, None)
        return cached

    def render(self, n: int, name: str, encode: Callable[[dict], bytes]) -> bytes:
        """``encode(state_json(n))``, kept as long as that state is (one encoding per name).

        A reader that sends the same state many times (the API's response bodies)
        encodes it once; the state and its encodings are forgotten together.
        """
        bodies = self.rendered.get(n)
        body = bodies.get(name) if bodies is not None else None
        if body is None:
            body = encode(self.state_json(n))
            self.rendered.setdefault(n, {})[name] = body
        return body

    def _forget(self, n: int) -> None:
        self.json.pop(n, None)
        self.rendered.pop(n, None)


class Projector:
    """Read models over the store: state at an event or a step, and the step index."""

    def __init__(self, app: Any) -> None:  # events.app.JudgeApp (it imports this module)
        self.app = app
        self._timelines: OrderedDict[UUID, Timeline] = OrderedDict()
        self._lock = threading.Lock()

    def timeline(self, duel_id: UUID) -> Timeline:
        """The duel's timeline, extended to the stored duel now (one store query).

        Extended under the duel's lock, which a writer holds from judging a decision to
        saving it, so a timeline never takes in events that were not stored.
        """
        with self.app.lock(duel_id):
            agg = self.app.record(duel_id)
            with self._lock:
                tl = self._timelines.get(duel_id)
            if tl is None or tl.duel is not agg.duel:
                tl = Timeline(agg.duel)
            else:
                tl._extend()
            with self._lock:
                self._timelines[duel_id] = tl
                self._timelines.move_to_end(duel_id)
                while len(self._timelines) > TIMELINES:
                    self._timelines.popitem(last=False)
                self._follow_the_store(duel_id)
            return tl

    def _follow_the_store(self, keep: UUID) -> None:
        """Forget the timelines of duels the store's cache let go (a timeline holds its
        duel, so it would keep in memory what the store's byte bound freed)."""
        cached = getattr(self.app, "is_cached", None)
        if cached is None:
            return
        for duel_id in [d for d in self._timelines if d != keep and not cached(d)]:
            del self._timelines[duel_id]

    def state_at(self, duel_id: UUID, n: int | None = None) -> dict:
        """The state JSON after the first n events (default: now), with the prompt then.

        An event before the last one known here never changes, so it is answered without
        asking the store for newer events; "now" always asks.
        """
        tl, n = self.timeline_at(duel_id, n)
        return tl.state_json(n)

    def render(self, duel_id: UUID, n: int | None, name: str,
               encode: Callable[[dict], bytes]) -> tuple[int, bytes]:
        """(n, ``encode(state_at(duel_id, n))``), encoded once per state and ``name``."""
        tl, n = self.timeline_at(duel_id, n)
        return n, tl.render(n, name, encode)

    def timeline_at(self, duel_id: UUID, n: int | None) -> tuple[Timeline, int]:
        """(a timeline that knows event n, n): asks the store only for "now" or a later n."""
        if n is not None:
            with self._lock:
                known = self._timelines.get(duel_id)
            if known is not None and 0 <= n < known.length:
                return known, n
        tl = self.timeline(duel_id)
        n = tl.length if n is None else n
        if not 0 <= n <= tl.length:
            raise IndexError(f"Event {n} does not exist; the duel has {tl.length} events.")
        return tl, n

    def index(self, duel_id: UUID) -> list[dict]:
        """Every beat and step start with the event number it begins at."""
        return list(self.timeline(duel_id).steps)

    def event_at_step(self, duel_id: UUID, beat: int, step: str = "select",
                      beats_played: int | None = None) -> int:
        """The event that begins ``step`` of ``beat`` (the first such beat after a Pulse)."""
        for entry in self.timeline(duel_id).steps:
            if entry.get("beat") == beat and entry.get("step") == step and (
                    beats_played is None or entry.get("beats_played") == beats_played):
                return entry["event"]
        raise IndexError(f"Beat {beat} has no step {step!r} in this duel (yet).")

    def state_at_step(self, duel_id: UUID, beat: int, step: str = "select") -> dict:
        return self.state_at(duel_id, self.event_at_step(duel_id, beat, step))
