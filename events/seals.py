"""Who wrote a note, opened a dispute, commented or ruled, and when, inside a hash.

A duel's decisions carry ``by`` in the duel's own chain (``events.domain``). Notes and
disputes live in aggregates of their own (so the game's numbering never moves), and each
of those keeps a chain of its own the same way: every annotation, dispute, comment and
resolution is stored with its author's role, its time, the previous seal and its seal,
``chain_hash(prev, n, kind, content, {"name", "role", "at"})``, checked when it is read
back. Those stored before have no seal and are read as they are.
"""

from __future__ import annotations

from typing import Any

from events import clock
from events.errors import StoredDuelCorruptError
from events.hashing import GENESIS, chain_hash

UNSEALED = {"role": None, "when": None, "prev": None, "seal": None}


def upcast_unsealed(state: dict) -> None:
    """A version-1 event, stored before notes were sealed."""
    for key, value in UNSEALED.items():
        state.setdefault(key, value)


def seal(prev: str, n: int, kind: str, content: dict, author: str, role: str | None,
         when: str) -> dict:
    """The seal fields of a new event (to pass to ``trigger_event``)."""
    by = {"name": author, "role": role, "at": when}
    return {"role": role, "when": when, "prev": prev,
            "seal": chain_hash(prev, n, kind, content, by)}


class Sealed:
    """Mixed into an aggregate whose authored events are sealed in a chain."""

    seal_head: str = GENESIS
    seal_count: int = 0

    def next_seal(self, kind: str, content: dict, author: str, role: str | None) -> dict:
        return seal(self.seal_head, self.seal_count + 1, kind, content, author, role,
                    clock.now_iso())

    def take_seal(self, kind: str, content: dict, event: Any, duel: Any) -> None:
        """Check a stored (or new) event's seal and move the head on; none: an event
        stored before notes were sealed."""
        if event.seal is None:
            return
        n = self.seal_count + 1
        by = {"name": event.author, "role": event.role, "at": event.when}
        if event.prev != self.seal_head or chain_hash(event.prev, n, kind, content,
                                                      by) != event.seal:
            raise StoredDuelCorruptError(duel, f"its {kind} {n} by {event.author} was "
                                         "altered", None)
        self.seal_head, self.seal_count = event.seal, n
