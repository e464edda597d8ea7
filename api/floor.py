"""The judges' floor (issue 34, item 4): an event's tables, the head judges' dispute queue
across duels, and an event's results as CSV; read from the list read model
(``events.floor``).

The floor is followed by a cheap conditional poll: its ETag is a digest of the body, which
holds nothing that changes with the clock alone but the ``stalled`` flags (the page counts
the time since each last decision itself), so an unchanged floor answers 304 with no body,
and a poll holds no request thread for longer than one read of the rows.
"""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime
from typing import Any

from flask import current_app, request
from flask.views import MethodView
from flask_smorest import Blueprint

from api import floor_schemas as F
from api.auth import require
from api.results_csv import results_csv
from api.views import json_response, store
from events import floor

blp = Blueprint("floor", __name__, url_prefix="/api",
                description="The judges' floor: an event's tables, open disputes, results.")

CSV = {"200": {"description": "One line per table (`results.csv`): round, table, players, "
                              "fighters, status, winner (a name, `draw`, or empty while the "
                              "duel goes on), how it ended, beat, life totals and the duel's "
                              "id. RFC 4180 quoting; a text cell starting with `=`, `+`, `-`, "
                              "`@`, a tab or a carriage return starts with `'` instead (no "
                              "cell runs as a spreadsheet formula).",
               "content": {"text/csv": {"schema": {"type": "string"}}}}}
NOT_MODIFIED = {"304": {"description": "The floor is as the `If-None-Match` ETag says: "
                                       "no body."}}


def _now() -> datetime:
    return datetime.now(UTC)


@blp.route("/floor")
class Floor(MethodView):
    @require("read")
    @blp.arguments(F.FloorArgs, location="query")
    @blp.response(200, F.FloorSchema)
    @blp.doc(responses=NOT_MODIFIED)
    def get(self, args: dict) -> Any:
        """Every table of an event (its duels that are not forks): players, fighters,
        beat, life, status, when the last decision was entered; a table in progress with
        no decision for ``quiet`` seconds is ``stalled``; tables with an open dispute come
        first (the oldest dispute first). Send the ETag back in ``If-None-Match`` to be
        answered 304 while nothing changed (the floor page polls so every few seconds)."""
        tables = floor.tables(store().duel_list, args["event"], args["quiet"], _now())
        # Built in the document's shape by events.floor (the tests check it against the
        # schema): encoded as it is, not dumped field by field (a poll of a large floor
        # costs one JSON encoding, and a 304 no more).
        body = current_app.json.dumps({"event": args["event"], "quiet": args["quiet"],
                                       "tables": tables}).encode()
        tag = hashlib.sha256(body).hexdigest()[:32]
        headers = {"ETag": f'"{tag}"', "Cache-Control": "no-cache"}
        if request.if_none_match.contains_weak(tag):
            return current_app.response_class(status=304, headers=headers)
        return json_response(body, headers)


@blp.route("/disputes")
class DisputeQueue(MethodView):
    @require("resolve")
    @blp.arguments(F.QueueArgs, location="query")
    @blp.response(200, F.DisputeQueueSchema)
    def get(self, args: dict) -> Any:
        """Head judges only: every open dispute across duels (of one event, with
        ``event``), oldest first, each with its duel's labels and players and ``replay``,
        the replay page at the disputed event."""
        return {"disputes": floor.dispute_queue(store().duel_list, args.get("event"))}


@blp.route("/results.csv")
class Results(MethodView):
    @require("read")
    @blp.arguments(F.ResultsArgs, location="query")
    @blp.doc(responses=CSV)
    def get(self, args: dict) -> Any:
        """An event's results as CSV, one line per table by round and table (the duels in
        progress too, without a winner)."""
        text = results_csv(floor.results(store().duel_list, args["event"], _now()))
        name = "".join(c if c.isascii() and c.isalnum() else "-" for c in args["event"])
        return current_app.response_class(text, status=200, mimetype="text/csv", headers={
            "Content-Disposition": f'attachment; filename="results-{name}.csv"'})
