"""One reader's view of a duel's events, kept equal to what ``GET /events`` gives them.

A follower's list is built from three messages (``docs/stream.md``): a ``snapshot`` (the
whole list), an ``update`` (rows appended, and earlier rows that changed: a reveal shows
what was withheld, a retraction strikes a decision and its facts) and, at the end,
``closed``. Each message's id is the duel's version after it, so a reader who reconnects
with ``Last-Event-ID`` is sent only what changed since.

Rows are made by the very function ``/events`` uses (``api.views.event_row``), with the
reader's redaction (``reader_withheld``) and dumped through the same schema, so there is
one redaction, not two. Call the methods inside a request or app context whose ``g`` is
the reader's (role and name): that is what decides which secrets they may see.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from api import schemas as S
from api.views import asked_in, event_row, reader_withheld, store
from events.domain import DuelRecord
from judge import registry

ROW = S.EventSchema()


class ReaderView:
    """The events of one duel as one kind of reader sees them now (``rows``, ``total``)."""

    def __init__(self, duel_id: UUID) -> None:
        self.duel_id = duel_id
        self.rows: list[dict] = []
        self.total = 0
        self.withheld_from: int | None = None  # the first row shown redacted, if any

    def advance(self) -> dict | None:
        """Bring the view to the duel as stored now; the ``update`` body (rows appended
        and earlier rows changed, with the new total), or None when nothing changed."""
        agg = store().record(self.duel_id)
        total = agg.events_count  # read before the redaction: a later reveal only shows more
        if total == self.total:
            return None
        hidden = reader_withheld(agg)
        asked = asked_in(self.duel_id)
        changed = [row for n in self._reconsidered(agg) if
                   (row := ROW.dump(event_row(agg, n, hidden, asked))) != self.rows[n - 1]]
        for row in changed:
            self.rows[row["event"] - 1] = row
        added = [ROW.dump(event_row(agg, n, hidden, asked))
                 for n in range(self.total + 1, total + 1)]
        self.rows += added
        self.total = total
        self.withheld_from = hidden.first
        return {"events": added, "changed": changed, "total": total}

    def _reconsidered(self, agg: DuelRecord) -> list[int]:
        """The earlier rows that may read differently now: those from the first one shown
        redacted (a reveal, or the end of the duel, shows them), and those whose
        retraction mark differs from the duel's."""
        start = self.withheld_from or self.total + 1
        struck_by = store().struck_by
        return [n for n in range(1, self.total + 1)
                if n >= start or struck_by(agg, n) != self.rows[n - 1].get("retracted")]

    def snapshot(self) -> dict:
        """The ``snapshot`` body: every row, as ``/events`` pages would give them."""
        return {"events": list(self.rows), "total": self.total}

    def since(self, last: int) -> dict | None:
        """The ``update`` body for a reader whose list stood at version ``last`` (one
        this view has passed): the rows after it, and every earlier row that may have
        changed since (those after the last reveal at or before ``last``, where a
        redaction could have stood, and those struck by a later retraction); None when
        the reader is up to date."""
        if last == self.total:
            return None
        agg = store().known(self.duel_id)
        start = _after_last_reveal(agg, last)
        changed = [row for row in self.rows[:last]
                   if row["event"] > start or row.get("retracted", 0) > last]
        return {"events": self.rows[last:], "changed": changed, "total": self.total}


def _after_last_reveal(agg: DuelRecord, upto: int) -> int:
    """The number of the last reveal at or before event ``upto`` (0 if none): no reader's
    row before it was ever shown redacted."""
    rules: Any = registry.of_setup(agg.setup)
    for n in range(upto, 0, -1):
        kind, e = store().event(agg, n)
        if kind == "fact" and rules.is_reveal(e):
            return n
    return 0
