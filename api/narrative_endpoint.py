"""GET /api/duels/{id}/narrative: the duel's narrative as plain text, as ``judge replay``
prints it for the record this reader may export (``api.narrative``)."""

from __future__ import annotations

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
    def get(self, duel_id: UUID):
        """The narrative, beat by beat: ``judge replay`` of the record ``GET /record``
        gives this reader. For a reader who may not see a secret choice yet it stops before
        that choice, as the record does, and ``X-Withheld-From`` names the event."""
        agg = load(duel_id)
        hidden = reader_withheld(agg)
        upto = None if hidden.first is None else hidden.first - 1
        headers = {"ETag": f'"{agg.events_count}"'}
        if hidden.first is not None:
            headers["X-Withheld-From"] = str(hidden.first)
        return current_app.response_class(narrative_text(record_of(agg, upto)), status=200,
                                          headers=headers, mimetype="text/plain")
