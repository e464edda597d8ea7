"""The judges' floor of an event (issue 34, item 4), read from the list read model's rows
(``events.listing``, ``events.tables``), never from the duels: every table of an event
with its players, fighters, beat, life, status and when its last decision was entered;
the open disputes across duels, oldest first; and an event's results.

A table is a duel stored with that ``event`` label (in any case, as the list's filter
reads it) that is not a fork: a fork is a judge's variation, not a table on the floor.
What a row holds is what ``GET /api/duels`` gives every reader (the summary's life totals
are public; nothing in it is computed from a face-down choice).
"""

from __future__ import annotations

import json
import re
from datetime import datetime
from typing import Any

MOST = 2000  # the most duels one event's floor lists (far more tables than any event has)
_ROWS = ("SELECT id, summary, last_at, ended, disputes FROM {t} WHERE status <> "
         "'unreadable' AND parent IS NULL AND lower(event) = lower(?) ORDER BY seq, id "
         "LIMIT ?")


def tables(listing: Any, event: str, quiet: int, now: datetime) -> list[dict]:
    """Every table of ``event``: those with an open dispute first (the oldest dispute
    first), then those in progress, then by round and table (table 2 before table 10).
    A table in progress whose last decision is ``quiet`` seconds old or older is
    ``stalled``."""
    listing.catch_up()
    out = [_table(row, quiet, now) for row in listing.db.rows(_ROWS, [event, MOST])]
    out.sort(key=_floor_order)
    return out


def _table(row: tuple, quiet: int, now: datetime) -> dict:
    line = json.loads(row[1])
    disputes = json.loads(row[4]) if row[4] else []
    last = row[2] or line.get("created")
    idle = (now - datetime.fromisoformat(last)).total_seconds() if last else 0.0
    over = line.get("status") == "over"
    return {"id": str(row[0]), "ruleset": line.get("ruleset"), "round": line.get("round"),
            "table": line.get("table"),
            "players": [{"name": p.get("name"), "fighter": p.get("fighter"),
                         "life": p.get("life")} for p in line.get("players") or []],
            "beat": line.get("beat"), "status": line.get("status"),
            "winner": line.get("winner"), "draw": bool(line.get("draw")),
            "ended": row[3], "last_decision": last,
            "stalled": not over and idle >= quiet,
            "open_disputes": [{k: d[k] for k in ("id", "at", "opened")} for d in disputes]}


def _floor_order(t: dict) -> tuple:
    oldest = t["open_disputes"][0]["opened"] if t["open_disputes"] else ""
    return (not t["open_disputes"], oldest, t["status"] == "over",
            _natural(t["round"]), _natural(t["table"]))


def _natural(label: str | None) -> tuple:
    """A label's sort key with its numbers as numbers ("Table 2" before "Table 10")."""
    if label is None:
        return ((1, 0, ""),)
    parts = re.split(r"(\d+)", label.casefold())
    return tuple((0, int(p), "") if p.isdigit() else (0, -1, p) for p in parts if p)


_DISPUTED = ("SELECT id, summary, disputes FROM {t} WHERE status <> 'unreadable' AND "
             "disputes IS NOT NULL AND disputes <> '[]'")


def dispute_queue(listing: Any, event: str | None = None) -> list[dict]:
    """Every open dispute across duels (of ``event`` only, when given), oldest first,
    each with its duel's labels and players and where the disputed event is replayed."""
    listing.catch_up()
    text, params = _DISPUTED, []
    if event is not None:
        text += " AND lower(event) = lower(?)"
        params.append(event)
    queue = []
    for duel, summary, disputes in listing.db.rows(text, params):
        line = json.loads(summary)
        for d in json.loads(disputes):
            queue.append({**d, "duel_id": str(duel), "event": line.get("event"),
                          "round": line.get("round"), "table": line.get("table"),
                          "ruleset": line.get("ruleset"),
                          "players": [p.get("name") for p in line.get("players") or []],
                          "replay": f"/duels/{duel}?at={d['at']}"})
    queue.sort(key=lambda d: (d["opened"], d["id"]))
    return queue


def results(listing: Any, event: str, now: datetime) -> list[dict]:
    """Every table of ``event`` by round, then table (as the results are read out)."""
    out = tables(listing, event, 86400, now)
    out.sort(key=lambda t: (_natural(t["round"]), _natural(t["table"])))
    return out
