"""GET /api/duels/{id}/narrative: the duel's narrative as plain text, as ``judge replay``
prints it for the record this reader may export (``api.narrative``).

Telling it replays the duel (seconds for a 10,000-event duel), so each text is kept, per
process, under what it is a function of: the duel, its version (any decision, retraction
or correction makes a new one) and where this reader's view stops (before the first
secret choice they may not see, or nowhere). A text told for a reader who may see a
secret is only ever served to readers whose view stops at the same place: a text derived
from a secret is as secret as the secret. Only the latest version of a duel is kept, and
at most ``NARRATIVE_CACHE_BYTES`` of text (config; least recently used duels first out).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any
from uuid import UUID

from flask import current_app
from flask.views import MethodView
from flask_smorest import Blueprint

from api.auth import require
from api.narrative import narrative_text
from api.views import load, reader_withheld
from events.export import record_of

blp = Blueprint("narrative", __name__, url_prefix="/api/duels",
                description="The narrative of a duel as plain text.")

TEXT = {"200": {"description": "The narrative, one line per event with its rule, as "
                               "`judge replay` prints it for the duel's record.",
                "content": {"text/plain": {"schema": {"type": "string"}}}}}


@blp.route("/<uuid:duel_id>/narrative")
class Narrative(MethodView):
    @require("read")
    @blp.doc(responses=TEXT)
    def get(self, duel_id: UUID) -> Any:
        """The narrative, beat by beat: ``judge replay`` of the record ``GET /record``
        gives this reader. For a reader who may not see a secret choice yet it stops before
        that choice, as the record does, and ``X-Withheld-From`` names the event."""
        agg = load(duel_id)
        hidden = reader_withheld(agg)
        upto = None if hidden.first is None else hidden.first - 1
        headers = {"ETag": f'"{agg.events_count}"'}
        if hidden.first is not None:
            headers["X-Withheld-From"] = str(hidden.first)
        cache = narratives()
        text = cache.get(agg.id, agg.events_count, upto)
        if text is None:
            text = narrative_text(record_of(agg, upto))
            cache.put(agg.id, agg.events_count, upto, text)
        return current_app.response_class(text, status=200, headers=headers,
                                          mimetype="text/plain")


NARRATIVE_CACHE_BYTES = 32 * 1024 * 1024


def narratives() -> NarrativeCache:
    """This app's narrative cache, made on first use."""
    ext = current_app.extensions["battlecon"]
    if "narratives" not in ext:
        limit = int(current_app.config.get("NARRATIVE_CACHE_BYTES", NARRATIVE_CACHE_BYTES))
        ext.setdefault("narratives", NarrativeCache(limit))
    return ext["narratives"]


class NarrativeCache:
    """Narrative texts by (duel, version, where the reader's view stops); one version per
    duel (a newer one replaces the older's texts); at most ``limit`` bytes of text."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.bytes = 0
        self._duels: OrderedDict[UUID, tuple[int, dict[int | None, str]]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, duel_id: UUID, version: int, upto: int | None) -> str | None:
        with self._lock:
            kept = self._duels.get(duel_id)
            if kept is None or kept[0] != version:
                return None
            self._duels.move_to_end(duel_id)
            return kept[1].get(upto)

    def put(self, duel_id: UUID, version: int, upto: int | None, text: str) -> None:
        with self._lock:
            kept = self._duels.get(duel_id)
            if kept is not None and kept[0] > version:
                return  # a newer version is kept already: this text is history
            if kept is None or kept[0] != version:
                self._drop(duel_id)
                kept = (version, {})
                self._duels[duel_id] = kept
            if upto not in kept[1]:
                kept[1][upto] = text
                self.bytes += len(text)
            self._duels.move_to_end(duel_id)
            while self.bytes > self.limit and self._duels:
                self._drop(next(iter(self._duels)))

    def _drop(self, duel_id: UUID) -> None:
        kept = self._duels.pop(duel_id, None)
        if kept is not None:
            self.bytes -= sum(len(t) for t in kept[1].values())
