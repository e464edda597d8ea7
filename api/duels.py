"""/api/duels: create and list duels, record decisions, step through, export, fork."""

from __future__ import annotations

import json
from typing import Any
from uuid import UUID

from flask import current_app, g, request
from flask.views import MethodView
from flask_smorest import Blueprint

from api import schemas as S
from api.auth import PERMISSIONS, require
from api.errors import ApiError, ErrorSchema
from api.variations import with_fork_points
from api.views import (
    Asked,
    actor,
    asked_in,
    encoder,
    event_row,
    expected_version,
    json_response,
    load,
    projector,
    reader_withheld,
    store,
    summary,
)
from events.app import Appended
from events.errors import DuelAlreadyStoredError, IntegrityCheckError
from events.export import log_lines, record_of
from events.imports import ImportFile
from events.imports import read as read_import
from events.projector import Timeline
from events.retraction import RetractionRefusedError
from events.signing import public_text
from events.visibility import Withheld
from judge.labels import check_labels

blp = Blueprint("duels", __name__, url_prefix="/api/duels",
                description="Duels: record, step through, export, fork.")

# The versions the service takes (``api.views.expected_version``): an empty or other value
# is refused (428, 400), so the document does not call it valid.
IF_MATCH = {"in": "header", "name": "If-Match", "required": True,
            "schema": {"type": "string", "pattern": '^(W/)?"?[0-9]+"?$'},
            "description": "The duel's version (its ETag), e.g. `\"12\"` or `12`."}
IDEMPOTENCY = {"in": "header", "name": "Idempotency-Key", "required": False,
               "schema": {"type": "string", "maxLength": 200}}


def etag(version: int) -> dict:
    return {"ETag": f'"{version}"'}


def _prompt_now(state: dict) -> dict:
    return {"event": state["event"], "over": state["over"], "prompt": state["prompt"]}


# Response bodies of the two hottest reads, encoded once per state by the projector.
ENCODE_STATE = encoder(S.StateSchema())
ENCODE_PROMPT = encoder(S.PromptNowSchema(), _prompt_now)


@blp.route("")
class Duels(MethodView):
    @require("read")
    @blp.arguments(S.DuelListArgs, location="query")
    @blp.response(200, S.DuelListSchema)
    def get(self, args: dict) -> Any:
        """List duels, oldest first (or ``order=newest``), filtered by game, labels (event,
        round, table) and player name (in any case), fighter, status, day of creation or fork parent; served from the list read model
        (``events.listing``), so a page costs the same however many duels are stored."""
        found = store().duel_list.page(args, args["page"], args["page_size"])
        items = with_fork_points(found["items"]) if args["fork_points"] else found["items"]
        page = {"items": items, "total": found["total"], "page": args["page"],
                "page_size": args["page_size"]}
        # A duel that does not verify is listed apart, never in the way of the others.
        return page | ({"unreadable": found["unreadable"]} if found["unreadable"] else {})

    @require("record")
    @blp.arguments(S.DuelCreateSchema)
    @blp.arguments(S.DuelImportArgs, location="query")
    @blp.response(201, S.DuelSummarySchema)
    @blp.alt_response(409, schema=ErrorSchema, description="The file's duel is stored "
                      "already (its id in `duel`, its address in `Location`); nothing stored.")
    def post(self, record: dict, args: dict) -> Any:
        """Create a duel from a record, or import an event log (the signed log a replay page
        downloads); its decisions are re-judged and refused whole if illegal. A file whose
        duel is stored already is refused with 409 naming it, unless ``copy=true``. A record,
        or a log not signed by this service, that carries corrections is a head judge's to
        import; a log this service signed, a scorekeeper's too."""
        limit = int(current_app.config.get("MAX_RECORD_BYTES", MAX_RECORD_BYTES))
        if (request.content_length or 0) > limit:
            raise ApiError(413, f"A record is at most {limit} bytes; this one has "
                           f"{request.content_length}. Nothing was stored.")
        imp = _read_import(record)
        _corrections_only_from_a_head_judge(imp)
        check_labels(imp.labels)  # a 422 naming labels, as for a record's own
        try:
            appended = store().import_file(imp, actor=actor(), role=g.role, copy=args["copy"])
        except DuelAlreadyStoredError as err:
            raise ApiError(409, err.reason, headers={"Location": f"/api/duels/{err.duel_id}"},
                           duel=str(err.duel_id)) from None
        agg = load(appended.duel_id)
        headers = {"Location": f"/api/duels/{agg.id}", **etag(agg.events_count)}
        return summary(agg), 201, headers


MAX_RECORD_BYTES = 1024 * 1024  # a 15-beat record is about 10 kB; config MAX_RECORD_BYTES


def _read_import(body: dict) -> ImportFile:
    """The posted record or log (a log verified: 422 naming the first bad event), a
    record's ``event``, ``round`` and ``table`` taken as labels."""
    try:
        imp = read_import(body)
    except IntegrityCheckError as err:
        raise ApiError(422, f"The log does not verify: {err.reason}", index=err.event) from None
    if imp.kind == "record":
        for key in ("event", "round", "table"):
            if key in imp.record:
                imp.labels[key] = imp.record.pop(key)
    return imp


def _corrections_only_from_a_head_judge(imp: ImportFile) -> None:
    """A file carrying a judge's correction is a head judge's to import (403 otherwise):
    only a head judge's resolution may correct a duel, and a record is not signed. A log
    this service signed shows that its corrections were made here, by a head judge."""
    if not imp.corrections or g.role == "head_judge":
        return
    if imp.kind == "log" and imp.signed == public_text(store().signing_key()):
        return
    what = "a record" if imp.kind == "record" else "a log not signed by this service"
    raise ApiError(403, f"Decision {imp.corrections[0]} is a judge's correction: only a head "
                   f"judge may import {what} that carries corrections (a log this service "
                   "signed, a scorekeeper may).")


@blp.route("/<uuid:duel_id>")
class DuelSummary(MethodView):
    @require("read")
    @blp.response(200, S.DuelSummarySchema)
    def get(self, duel_id: UUID) -> Any:
        """The duel's summary; its ETag is its version."""
        agg = load(duel_id)
        return summary(agg), 200, etag(agg.events_count)


@blp.route("/<uuid:duel_id>/prompt")
class Prompt(MethodView):
    @require("read")
    @blp.response(200, S.PromptNowSchema)
    def get(self, duel_id: UUID) -> Any:
        """Who must decide what now, with the legal options."""
        n, body = projector().render(duel_id, None, "prompt", ENCODE_PROMPT)
        return json_response(body, etag(n))


@blp.route("/<uuid:duel_id>/decisions")
class Decisions(MethodView):
    @require("record")
    @blp.arguments(S.DecisionSchema)
    @blp.response(201, S.AppendedSchema)
    @blp.alt_response(200, schema=S.AppendedSchema,
                      description="A retry with a known Idempotency-Key: nothing new stored.")
    @blp.doc(parameters=[IF_MATCH, IDEMPOTENCY])
    def post(self, decision: dict, duel_id: UUID) -> Any:
        """Record one decision, if the duel is still at the If-Match version."""
        if decision.get("kind") == "correction":
            raise ApiError(403, "A correction is made only by a head judge's resolution of a "
                           "dispute (POST /api/disputes/{id}/resolution), never as a decision.")
        expected = expected_version(request.headers.get("If-Match"))
        key = request.headers.get("Idempotency-Key") or None
        if key is not None and len(key) > 200:
            raise ApiError(400, "Idempotency-Key is at most 200 characters.")
        appended = store().decide(duel_id, decision, expected=expected, key=key, actor=actor(),
                                  role=g.role)
        agg = store().known(duel_id)  # holds the events just stored: no store round trip
        first = appended.events[0]["event"] if appended.events else agg.events_count + 1
        asked = _answered(appended, duel_id)  # the decision's row says the question it
        return _appended(duel_id, appended, [  # answered, as the event list tells it
            event_row(agg, n, asked=asked) for n in range(first, first + len(appended.events))])


def _answered(appended: Appended, duel_id: UUID) -> Asked:
    """Where the prompt a decision answered is found: for a decision stored just now,
    in the answer (the prompt it was judged against); for a replayed one, in the stored
    duel (the projector's states, the event list's source)."""
    if appended.replayed or appended.asked is None or not appended.events:
        return asked_in(duel_id)
    before = appended.events[0]["event"] - 1
    stored = asked_in(duel_id)
    return lambda n: appended.asked if n == before else stored(n)


def _appended(duel_id: UUID, appended: Appended, rows: list[dict]) -> tuple[dict, int, dict]:
    """The answer to a stored decision or retraction: 201, or 200 for a replayed key."""
    return {"id": duel_id, "version": appended.version, "replayed": appended.replayed,
            "events": rows}, 200 if appended.replayed else 201, etag(appended.version)


@blp.route("/<uuid:duel_id>/retractions")
class Retractions(MethodView):
    @require("read")
    @blp.response(200, S.RetractionOfferSchema)
    def get(self, duel_id: UUID) -> Any:
        """Whether the caller may retract the latest decision now, and if not, why (with
        the rule), as a retraction would be answered."""
        offer = store().retraction_offer(duel_id, actor())
        if g.get("role") not in PERMISSIONS["record"]:
            offer.update(allowed=False, rule=None, detail="Only the scorekeeper (or head "
                         "judge) who entered a decision may retract it; sign in with that "
                         "token.")
        agg = store().known(duel_id)
        n = offer["event"]
        offer["text"] = None if n is None else \
            event_row(agg, n, reader_withheld(agg), asked_in(duel_id))["text"]
        return offer, 200, etag(agg.events_count)

    @require("record")
    @blp.arguments(S.RetractionCreateSchema)
    @blp.response(201, S.AppendedSchema)
    @blp.alt_response(200, schema=S.AppendedSchema,
                      description="A retry with a known Idempotency-Key: nothing new stored.")
    @blp.doc(parameters=[IF_MATCH, IDEMPOTENCY])
    def post(self, body: dict, duel_id: UUID) -> Any:
        """Retract your own latest decision (a mis-click): an appended retraction event,
        nothing deleted; the duel then stands as it was before that decision. Refused with
        the rule cited: 403 when the latest decision is someone else's, 409 when there is
        nothing to retract or it would go back past a reveal, a correction, the end of a
        duel that showed face-down choices, or a fork point."""
        expected = expected_version(request.headers.get("If-Match"))
        key = request.headers.get("Idempotency-Key") or None
        if key is not None and len(key) > 200:
            raise ApiError(400, "Idempotency-Key is at most 200 characters.")
        try:
            appended = store().retract(duel_id, expected=expected, key=key, actor=actor(),
                                       role=g.role, event=body.get("event"))
        except RetractionRefusedError as err:
            raise ApiError(err.status, err.reason, rule=err.rule) from None
        agg = store().known(duel_id)
        return _appended(duel_id, appended, [event_row(agg, e["event"]) for e in appended.events])


@blp.route("/<uuid:duel_id>/correctable")
class Correctable(MethodView):
    @require("comment")
    @blp.response(200, S.CorrectableSchema)
    def get(self, duel_id: UUID) -> Any:
        """What a head judge may correct in the duel as it stands now (judges only: the
        values include what a face-down pair leaves in hand), each field with its current
        value, type and bounds, and the rule that bounds it."""
        agg = load(duel_id)
        with store().lock(duel_id):
            fields = store().correctable(agg)
            over = store().is_over(agg)
        return {"event": agg.events_count, "over": over, "fields": fields}, 200, etag(
            agg.events_count)


@blp.route("/<uuid:duel_id>/events")
class Events(MethodView):
    @require("read")
    @blp.arguments(S.EventsArgs, location="query")
    @blp.response(200, S.EventPageSchema)
    def get(self, args: dict, duel_id: UUID) -> Any:
        """Events after number ``after``, at most ``limit``, with rules and narrative text."""
        agg = load(duel_id)
        total = agg.events_count
        end = min(total, args["after"] + args["limit"])
        hidden = reader_withheld(agg)
        asked = asked_in(duel_id)
        rows = [event_row(agg, n, hidden, asked) for n in range(args["after"] + 1, end + 1)]
        return {"events": rows, "total": total}, 200, etag(total)


@blp.route("/<uuid:duel_id>/state")
class State(MethodView):
    @require("read")
    @blp.arguments(S.StateArgs, location="query")
    @blp.response(200, S.StateSchema)
    def get(self, args: dict, duel_id: UUID) -> Any:
        """The state after event ``at``, or at the start of ``step`` of ``beat``, or now."""
        proj = projector()
        try:
            if "at" in args:
                n = args["at"]
            elif "beat" in args:
                n = proj.event_at_step(duel_id, args["beat"], args["step"])
            else:
                n = None
            timeline, n = proj.timeline_at(duel_id, n)
        except IndexError as err:
            raise ApiError(404, str(err)) from None
        return json_response(state_body(timeline, n, reader_withheld(store().known(duel_id))))


def state_body(timeline: Timeline, n: int, hidden: Withheld) -> bytes:
    """The state after event ``n`` as a reader with ``hidden`` withheld reads it: the one
    redaction of every state read (``/state`` and ``/states`` send these same bytes)."""
    players = hidden.players_at(n)
    if not players:
        return timeline.render(n, "state", ENCODE_STATE)
    return timeline.render(n, f"state hiding {sorted(players)}",
                           _encode_hiding(timeline.rules, players))


@blp.route("/<uuid:duel_id>/index")
class StepIndex(MethodView):
    @require("read")
    @blp.response(200, S.IndexEntrySchema(many=True))
    def get(self, duel_id: UUID) -> Any:
        """Where every beat and step begins, as event numbers."""
        return projector().index(duel_id)


@blp.route("/<uuid:duel_id>/record")
class Record(MethodView):
    @require("read")
    @blp.response(200, S.RecordExportSchema)
    def get(self, duel_id: UUID) -> Any:
        """The duel as a record (importable as it is)."""
        agg = load(duel_id)
        hidden = reader_withheld(agg)
        headers = etag(agg.events_count)
        if hidden.first is not None:
            headers["X-Withheld-From"] = str(hidden.first)
        return record_of(agg, _upto(hidden)), 200, headers


@blp.route("/<uuid:duel_id>/log")
class Log(MethodView):
    @require("read")
    @blp.response(200, S.LogExportSchema)
    def get(self, duel_id: UUID) -> Any:
        """The full event log with its hash chain, signed by the service (for a reader who
        may not see a secret choice yet, the prefix before it, saying so in the header's
        ``withheld``)."""
        agg = load(duel_id)
        hidden = reader_withheld(agg)
        lines = [json.loads(line) for line in log_lines(agg, _upto(hidden), hidden.note(),
                                                         key=store().signing_key())]
        headers = {} if hidden.first is None else {"X-Withheld-From": str(hidden.first)}
        return {"header": lines[0], "events": lines[1:]}, 200, headers


def _upto(hidden: Withheld) -> int | None:
    """How many events a reader's export holds: all, or those before the first secret
    this reader may not see yet (a prefix that still verifies)."""
    return None if hidden.first is None else hidden.first - 1


def _encode_hiding(rules: Any, players: frozenset[int]) -> Any:
    """The state body for a reader who may not see ``players``' face-down choices."""
    return encoder(S.StateSchema(), lambda state: rules.hide_state(state, players))


@blp.route("/<uuid:duel_id>/forks")
class Forks(MethodView):
    @require("comment")
    @blp.arguments(S.ForkCreateSchema)
    @blp.response(201, S.DuelSummarySchema)
    def post(self, body: dict, duel_id: UUID) -> Any:
        """A new duel with this one's history up to event ``at``; with ``rulings``, under
        those readings instead of this duel's (the history re-judged under them; 422
        naming the ruling for one the ruleset does not switch or a reading it does not
        judge). This duel is never changed. A fork point after a secret choice this duel
        has not revealed moves back to just before it (``fork_moved`` says where and why):
        a fork never copies a face-down pair. With ``decisions``, the fork then plays them
        (422 naming the first illegal one): a what-if saved."""
        appended = store().fork(duel_id, body["at"], actor=actor(), role=g.role,
                                todays_cards=body["todays_cards"], rulings=body["rulings"],
                                todays_rules=body["todays_rules"], line=body["decisions"])
        agg = load(appended.duel_id)
        body = summary(agg) | ({"fork_moved": appended.moved} if appended.moved else {})
        return body, 201, {"Location": f"/api/duels/{agg.id}", **etag(agg.events_count)}
