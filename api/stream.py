"""/api/duels/<id>/stream: the duel's events as they are recorded, as Server-Sent Events.

Under ``judge serve`` the stream server (``api.front``) answers this route on its event
loop and keeps the stream open without a request thread; it runs this very view first, so
the caller is authorised, refused and rate-limited as for every other read. Served by a
plain WSGI server (or a test client), the view answers at once with what the reader lacks
and ends the stream: a reader reconnects with ``Last-Event-ID`` (a poll, said by
``retry``). The messages are described in ``docs/stream.md``.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from flask import current_app, request
from flask.views import MethodView
from flask_smorest import Blueprint

from api import sse
from api.auth import require
from api.follow import ReaderView
from api.hub import Hub, opening
from api.views import load

blp = Blueprint("stream", __name__, url_prefix="/api/duels",
                description="A duel followed live: its events as Server-Sent Events.")

FRONT = "battlecon.front"  # set by the stream server (a dict): keep the stream open
POLL_RETRY_MS = 1000

LAST_EVENT_ID = {"in": "header", "name": "Last-Event-ID", "required": False,
                 "schema": {"type": "string", "maxLength": 20},
                 "description": "The id of the last message the reader has (the duel's "
                                "version then): the stream starts with what changed since. "
                                "Absent or unknown: it starts with a snapshot."}
ROWS = {"type": "array", "items": {"$ref": "#/components/schemas/Event"}}
MESSAGE = {  # the ``data`` of each message: docs/stream.md
    "type": "object",
    "properties": {"events": ROWS, "changed": ROWS, "total": {"type": "integer"},
                   "status": {"type": "integer"}, "detail": {"type": "string"}}}
# Open API 3.0 has ``schema`` describe each event of a stream (3.2 names it itemSchema).
EVENT = {"type": "object", "properties": {
    "event": {"type": "string", "enum": ["snapshot", "update", "closed"]},
    "id": {"type": "string", "pattern": "^[0-9]+$"},
    "data": {"type": "string", "contentMediaType": "application/json",
             "contentSchema": MESSAGE}}}
STREAM_DOC = {"200": {"description": "`text/event-stream`: a `snapshot` or an `update`, then "
                      "an `update` for each change, comment heartbeats, and `closed` when the "
                      "token is revoked or expires (docs/stream.md).",
                      "content": {"text/event-stream": {"schema": EVENT}}}}


@blp.route("/<uuid:duel_id>/stream")
class Stream(MethodView):
    @require("read")
    @blp.doc(parameters=[LAST_EVENT_ID], responses=STREAM_DOC)
    def get(self, duel_id: UUID) -> Any:
        """Follow the duel: each message brings the reader's list of events to what
        ``/events`` gives them at that version (the message's id), a reveal's and a
        retraction's changes to earlier rows included; resumable with ``Last-Event-ID``."""
        load(duel_id)  # 404 for a duel that is not stored
        last = sse.last_event_id(request.headers.get("Last-Event-ID"))
        hub: Hub | None = current_app.extensions["battlecon"].get("hub")
        front = request.environ.get(FRONT)
        if hub is not None and isinstance(front, dict):
            first, front["follower"] = hub.follow(duel_id, last)
            return _stream(first)
        view = ReaderView(duel_id)
        view.advance()
        return _stream(sse.retry(POLL_RETRY_MS) + opening(view, last))


def _stream(body: bytes) -> Any:
    return current_app.response_class(body, status=200, mimetype=None, headers={
        "Content-Type": sse.CONTENT_TYPE, **sse.HEADERS})
