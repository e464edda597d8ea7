"""The duel record service: commands of a few lines each (load, act, save, return).

``JudgeApp`` composes one class per concern, each in its own module, on one store:

- ``events.storebase``: opening the store, its bounds, saving and snapshotting;
- ``events.reading``: the duels as stored (cached, checked as read) and their list;
- ``events.writing``: new duels, imports and decisions (judged on a copy of the match,
  recorded as events, applied from them, saved in one transaction, answered with what
  was stored);
- ``events.correcting``: retractions and a head judge's corrections;
- ``events.forking``: forks and variations;
- ``events.commenting``: notes and disputes.

Every decision is judged by the engine and saved together with its facts in one
transaction (``Application.save`` writes all of an aggregate's pending events
atomically), only if the duel is still at the version the writer saw.
"""

from __future__ import annotations

import time

from events.clock import now_iso  # noqa: F401 - the time a dispute is opened, as tests fix it
from events.commenting import Commenting
from events.domain import DuelRecord
from events.forking import Forking, fork_points
from events.forking import before_unrevealed as _before_unrevealed
from events.storebase import (
    BYTES_PER_DUEL,
    BYTES_PER_EVENT,
    CACHE_BYTES,
    CACHE_SIZE,
    MAX_DUEL_EVENTS,
    estimated_bytes,
    unreadable_as_corrupt,
)
from events.writing import Appended, event_json, stored_json

__all__ = ["BYTES_PER_DUEL", "BYTES_PER_EVENT", "CACHE_BYTES", "CACHE_SIZE", "MAX_DUEL_EVENTS",
           "Appended", "JudgeApp", "estimated_bytes", "event_json", "fork_points",
           "stored_json", "unreadable_as_corrupt"]


class JudgeApp(Commenting, Forking):
    """The application: duels, their commentary and disputes, on one event store."""

    name = "BattleCON"  # the library names an application after its class otherwise

    # Two choices looked up in this module when they are made, so that a test may replace
    # them here: what makes a dispute's id unique (tests/api/differential.py fixes it),
    # and where a fork point after an unrevealed secret moves (test_hidden_differential.py
    # breaks it on purpose, to show that the differential catches the leak).

    def _nonce(self) -> str:
        return _now()

    def _fork_moved(self, agg: DuelRecord, at: int) -> dict | None:
        return _before_unrevealed(agg, at)


def _now() -> str:
    return repr(time.time_ns())
