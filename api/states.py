"""/api/duels/<id>/states: the states over a window of events in one answer, for the
replay page to step through a whole duel without a request per step (issue 29).

Each state is the very body ``/state?at=N`` sends that reader (``api.duels.state_body``):
the same projector, the same redaction, the same bytes, so no second redaction exists.
"""

from __future__ import annotations

import gzip
from typing import Any
from uuid import UUID

from flask import Response, request
from flask.views import MethodView
from flask_smorest import Blueprint

from api import schemas as S
from api.auth import require
from api.duels import etag, state_body
from api.errors import ApiError
from api.views import json_response, projector, reader_withheld, store

blp = Blueprint("states", __name__, url_prefix="/api/duels",
                description="Every state of a window of events, for an instant replay.")


@blp.route("/<uuid:duel_id>/states")
class States(MethodView):
    @require("read")
    @blp.arguments(S.StatesArgs, location="query")
    @blp.response(200, S.StatesSchema)
    def get(self, args: dict, duel_id: UUID) -> Any:
        """The states after events ``from`` to ``to`` (the whole duel by default, at most
        1000 a request: ask again from ``to + 1`` for a longer one), each as ``/state?at=N``
        answers this reader; the ETag is the duel's version. Sent gzip-compressed to a client
        that accepts it (a 455-event duel: 806 kB of JSON, 16 kB on the wire)."""
        timeline, total = projector().timeline_at(duel_id, None)
        first, last = window(args, total)
        hidden = reader_withheld(store().known(duel_id))
        bodies = [state_body(timeline, n, hidden) for n in range(first, last + 1)]
        head = f'{{"from":{first},"to":{last},"total":{total},"states":['.encode()
        return compressed(json_response(head + b",".join(bodies) + b"]}", etag(total)))


def compressed(resp: Response) -> Response:
    """``resp`` gzip-compressed if the client accepts it: the states repeat most of each
    other, so the whole duel travels in a few kilobytes."""
    resp.vary.add("Accept-Encoding")
    if request.accept_encodings["gzip"] <= 0:
        return resp
    resp.set_data(gzip.compress(resp.get_data(), 6))
    resp.headers["Content-Encoding"] = "gzip"
    return resp


def window(args: dict, total: int) -> tuple[int, int]:
    """The events asked for, checked against the duel (404 past its end, 422 for a window
    the wrong way round or longer than ``MAX_STATES``)."""
    first = args["from"]
    last = args.get("to", min(total, first + S.MAX_STATES - 1))
    for n in (first, last):
        if n > total:
            raise ApiError(404, f"Event {n} does not exist; the duel has {total} events.")
    if last < first:
        raise ApiError(422, f"`to` ({last}) comes before `from` ({first}).")
    if last - first + 1 > S.MAX_STATES:
        raise ApiError(422, f"At most {S.MAX_STATES} states a request; this asks for "
                       f"{last - first + 1}: ask for windows (from, to).")
    return first, last
