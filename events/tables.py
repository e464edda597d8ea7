"""What a judges' floor needs of a duel beyond its list line (issue 34, item 4): when its
last decision was entered, how it ended, and its open disputes. Kept in the duel's row of
the list read model (``events.listing``) so that the floor of an event reads its rows,
never its duels.

All of it is public to whoever may read the duel: the time of an entry (every event's
``by.at`` is), an outcome (once a duel is over nothing is face down), and a dispute's
claim (``GET /api/duels/{id}/disputes`` gives it to every reader). Nothing here is computed
from a face-down choice.
"""

from __future__ import annotations

import json
from typing import Any
from uuid import UUID

from events.domain import Dispute, DuelRecord
from events.errors import DuelNotFoundError

# The stored events that change a duel's open disputes (the list catches up on them too).
DISPUTE_TOPICS = [Dispute.Opened.TOPIC, Dispute.Created.TOPIC, Dispute.Resolved.TOPIC]


def last_decision(agg: DuelRecord) -> str:
    """When the duel's latest event was stored (ISO 8601, UTC): its latest decision, or
    the facts, retraction or correction entered with one; the start for a new duel."""
    return agg.modified_on.isoformat()


def ending(agg: DuelRecord) -> str | None:
    """How the duel ended, as its ruleset says (``knockout``, ``time_limit``, ...), or
    None while it goes on."""
    outcome = agg.duel.outcome
    if outcome is None:
        return None
    return outcome.reason or ("draw" if outcome.draw else "won")


def dispute_line(d: Dispute) -> dict:
    """An open dispute as the floor and the head judges' queue list it."""
    return {"id": str(d.id), "at": d.at, "claim": d.claim, "author": d.author,
            "opened": d.created_on.isoformat()}


def open_disputes(app: Any, duel_id: UUID) -> tuple[str, int]:
    """The duel's open disputes, oldest first, as the JSON its row keeps; and how many
    dispute events (each opened, each resolved) that reading took in, which only grows."""
    disputes = app.disputes(duel_id)
    lines = [dispute_line(d) for d in disputes if d.resolution is None]
    lines.sort(key=lambda line: line["opened"])
    seen = len(disputes) + sum(d.resolution is not None for d in disputes)
    return json.dumps(lines, ensure_ascii=False), seen


def duel_of_dispute(app: Any, dispute_id: UUID) -> UUID | None:
    """The duel a stored dispute is on (None if it cannot be read as a dispute)."""
    try:
        duel = app.dispute(dispute_id).duel_id
    except DuelNotFoundError:  # not a dispute: no row changes (a store fault is raised)
        return None
    return duel if isinstance(duel, UUID) else UUID(str(duel))
