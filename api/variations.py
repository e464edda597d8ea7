"""/api/duels/{id}/variations: a duel's place among its variations (issue 14, item 6), as
lichess shows the variations of a game: the duel it was forked from and where, the duels
forked from it and where, each fork point in the game's words (its beat and the event's
sentence, as this reader may see it) and the rulings a fork changed."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from flask import g
from flask.views import MethodView
from flask_smorest import Blueprint
from marshmallow import Schema, fields, validate

from api import schemas as S
from api.auth import SEES_EVERY_SECRET, require
from api.errors import ApiError
from api.views import event_row, load, projector, reader_withheld, store, summary
from events.app import JudgeApp, fork_points
from events.domain import DuelRecord
from events.errors import DuelNotFoundError, StoreError
from events.faults import StoreFaultError
from judge import registry
from judge.errors import JudgeError
from judge.ruleset import Match, decide_all
from judge.rulings import changed

blp = Blueprint("variations", __name__, url_prefix="/api/duels",
                description="Variations: a duel's forks and the duel it was forked from.")

MAX_CHILDREN = 200
MAX_PREVIEW = 200  # decisions an unsaved variation plays


class PreviewSchema(S.Strict):
    at = fields.Integer(required=True, validate=validate.Range(min=0), metadata={
        "description": "the event the variation leaves the duel at (a fork point)"})
    decisions = fields.List(fields.Dict(), required=True,
                            validate=validate.Length(max=MAX_PREVIEW), metadata={
                                "description": "the decisions played from there, in the "
                                               "record's format"})


class PositionArgs(S.Strict):
    at = fields.Integer(required=True, validate=validate.Range(min=0))


class PositionSchema(Schema):
    ruleset = fields.String()
    event = fields.Integer()
    position = fields.Dict(keys=fields.String(), values=fields.Raw(), metadata={
        "description": "the position, as a record's ``position`` (POST /api/analysis and "
                       "POST /api/positions/preview take it)"})


class PositionPreviewSchema(S.Strict):
    ruleset = fields.String(load_default="battlecon-2014", validate=validate.Length(max=100))
    position = fields.Dict(keys=fields.String(), values=fields.Raw(allow_none=True),
                           required=True)
    decisions = fields.List(fields.Dict(), load_default=list,
                            validate=validate.Length(max=MAX_PREVIEW))


class PreviewEventSchema(Schema):
    event = fields.Integer()
    type = fields.String()
    text = fields.String()
    rule = fields.String(allow_none=True)
    data = fields.Dict(allow_none=True)


class PreviewResultSchema(Schema):
    at = fields.Integer()
    states = fields.List(fields.Raw(), metadata={
        "description": "the state after each decision played (the state JSON of ``/state``; "
                       "``event`` counts the variation's events from the duel's start)"})
    events = fields.List(fields.Nested(PreviewEventSchema))
    start = fields.Raw(metadata={"description": "the state at the position (a position's "
                                                "preview only)"})


positions = Blueprint("positions", __name__, url_prefix="/api/positions",
                      description="Shared positions: a puzzle's position played unsaved.")


@positions.route("/preview")
class PositionPreview(MethodView):
    @require("read")
    @positions.arguments(PositionPreviewSchema)
    @positions.response(200, PreviewResultSchema)
    def post(self, body: dict) -> Any:
        """A shared position (a record's ``position``) and ``decisions`` played from it,
        judged and never stored: the state at the position (``start``), the state after
        each decision and the events. A position is public by nature (its holder shares
        it): no secret of any stored duel is involved. 422 for an invalid position or an
        illegal decision (naming its index)."""
        record = {"format": "battlecon-record/1", "ruleset": body["ruleset"],
                  "position": body["position"], "decisions": []}
        rules = registry.of_record(record)
        match = rules.from_record(record)
        start = rules.state_json(match.state, match.prompt)
        start["event"] = len(match.events)
        return {"at": len(match.events), "start": start,
                **_played(rules, match.setup, match, body["decisions"])}


@blp.route("/<uuid:duel_id>/variations")
class Variations(MethodView):
    @require("read")
    @blp.response(200, S.VariationsSchema)
    def get(self, duel_id: UUID) -> Any:
        """The duel's parent (if it is a fork) with the point where it left it, its forks
        with theirs, the rulings each fork changed, and the rulings this duel is judged
        under with their readings (what a fork "with another ruling" may choose)."""
        agg = load(duel_id)
        parent = _parent(agg)
        return {"id": agg.id, "rulings": _rulings(agg),
                "left": None if parent is None else _variation(parent, agg),
                "parent": None if parent is None else summary(parent),
                "children": [_variation(agg, load(UUID(c["id"]))) for c in _children(agg)]}


@blp.route("/<uuid:duel_id>/fork-points")
class ForkPoints(MethodView):
    @require("read")
    @blp.response(200, S.ForkPointsSchema)
    def get(self, duel_id: UUID) -> Any:
        """Where ``POST .../forks`` accepts a fork point: after the setup, after each event
        after which the duel waited for a decision, and at the last event (elsewhere it is
        in the middle of resolving one and refused); and, while a secret choice is
        unrevealed, from which event a fork moves back before it, and why. That a secret
        choice was made is no secret (the event list shows it); what it was is not said."""
        agg = load(duel_id)
        return {"id": agg.id, "total": agg.events_count, **fork_points(agg)}


@blp.route("/<uuid:duel_id>/variations/preview")
class Preview(MethodView):
    @require("read")
    @blp.arguments(PreviewSchema)
    @blp.response(200, PreviewResultSchema)
    def post(self, body: dict, duel_id: UUID) -> Any:
        """An unsaved variation ("what if"): the duel's decisions up to event ``at`` (a fork
        point), then ``decisions``, judged and never stored; the state after each decision
        played and the variation's events. As coaching, like the beat analysis: of a duel in
        progress only judges may play one (403 otherwise), and never from a point after a
        secret choice this reader may not see (403). An illegal decision: 422 naming its
        index. A judge saves a variation as a fork (``POST .../forks``, then its decisions)."""
        agg = load(duel_id)
        _may_preview(agg, body["at"])
        return preview(agg, body["at"], body["decisions"])


@blp.route("/<uuid:duel_id>/position")
class PositionAt(MethodView):
    @require("read")
    @blp.arguments(PositionArgs, location="query")
    @blp.response(200, PositionSchema)
    def get(self, args: dict, duel_id: UUID) -> Any:
        """The duel after event ``at`` as a position a record may start from (``setup.
        position``; BattleCON: ``battlecon-position/1``, only at the start of a beat, else
        422): what a puzzle's shared link holds. 403 from a point after a secret choice this
        reader may not see yet."""
        agg = load(duel_id)
        at = args["at"]
        if at > agg.events_count:
            raise ApiError(404, f"Event {at} does not exist; the duel has {agg.events_count} "
                           "events.")
        _visible(agg, at)
        rules = registry.of_setup(agg.setup)
        return {"ruleset": rules.name, "event": at, "position": rules.position_at(JudgeApp.standing_match(agg), at)}


def _visible(agg: DuelRecord, at: int) -> None:
    """403 when this reader may not see the duel after event ``at`` as it is."""
    first = reader_withheld(agg).first
    if first is not None and first <= at:
        raise ApiError(403, f"Event {first} is a secret choice you may not see yet: a "
                       f"variation or position is taken only from before it.")


def _may_preview(agg: DuelRecord, at: int) -> None:
    """403 unless this reader may play a variation from event ``at`` of ``agg``."""
    if not JudgeApp.is_over(agg) and g.role not in SEES_EVERY_SECRET:
        raise ApiError(403, "A what-if of a duel in progress is only for judges: it opens "
                       "for everyone when the duel is over.")
    _visible(agg, at)
    points = fork_points(agg)["points"]
    if at not in points:
        raise ApiError(422, f"Event {at} is in the middle of resolving a decision: a "
                       "variation leaves the duel only where it waited for one.")


def preview(agg: DuelRecord, at: int, decisions: list[dict]) -> dict:
    """The duel's standing decisions up to ``at``, then ``decisions``, judged afresh."""
    rules = registry.of_setup(agg.setup)
    match = rules.match(agg.setup)
    decide_all(match, JudgeApp.decisions_at(agg, at))
    return {"at": at, **_played(rules, agg.setup, match, decisions)}


def _played(rules: Any, setup: dict, match: Match, decisions: list[dict]) -> dict:
    """``decisions`` played in ``match``: the state after each, and the events."""
    start = len(match.events)
    states = []
    for index, decision in enumerate(decisions):
        try:
            match.decide(decision)
        except JudgeError as err:
            raise ApiError(422, f"Decision {index} of the variation: {err.reason}",
                           rule=err.rule, index=index) from err
        state = rules.state_json(match.state, match.prompt)
        state["event"] = len(match.events)
        states.append(state)
    return {"states": states, "events": _rows(rules, setup, match, start)}


def _rows(rules: Any, setup: dict, match: Match, start: int) -> list[dict]:
    """The variation's events from ``start`` on, as the event list shows them."""
    rows = []
    for n, (kind, payload) in enumerate(match.events[start:], start + 1):
        if kind == "decision":
            rows.append({"event": n, "type": "Decision", "data": payload, "rule": None,
                         "text": rules.describe_decision(setup, payload)})
        else:
            rows.append({"event": n, "type": type(payload).__name__, "text": payload.text,
                         "rule": payload.rule or None})
    return rows


def _parent(agg: DuelRecord) -> DuelRecord | None:
    """The fork's parent; None too for an imported fork whose parent is not stored here."""
    if agg.parent is None:
        return None
    try:
        return load(UUID(agg.parent))
    except DuelNotFoundError:
        return None


def _children(agg: DuelRecord) -> list[dict]:
    """The duels forked from ``agg``, from the list read model, earliest fork point first."""
    found = store().duel_list.page({"parent": str(agg.id)}, 1, MAX_CHILDREN)["items"]
    return sorted(found, key=lambda d: (d["fork_at"], d["created"]))


def _variation(parent: DuelRecord, fork: DuelRecord) -> dict:
    """``fork``'s line: its summary, where it left ``parent`` and the rulings it changed."""
    return {**summary(fork), **_left(parent, fork)}


def _left(parent: DuelRecord, fork: DuelRecord) -> dict:
    """Where ``fork`` left ``parent``, and the rulings it changed, each with its title."""
    rules = registry.of_setup(fork.setup)
    titles = {k: spec["title"] for k, spec in rules.rulings().items()}
    moved = changed(rules.rulings_of(parent.setup), rules.rulings_of(fork.setup))
    return {"fork_point": fork_point(parent, fork.fork_at or 0),
            "rulings_changed": {k: {**c, "title": titles.get(k, k)} for k, c in moved.items()}}


def with_fork_points(items: list[dict]) -> list[dict]:
    """A list page's duels, each fork with where it left its parent and the rulings it
    changed (``GET /api/duels?fork_points=true``): what the list labels its forks with,
    in this one request instead of one ``/variations`` per fork. Read from the list's
    rows (``events.forkpoints``), whatever the duels' size; only a fork point whose
    sentence a secret the parent still hides may change is computed for this reader from
    the duels, as ``/variations`` does. A fork whose parent cannot be read is listed
    without them."""
    kept = store().duel_list.fork_points([i["id"] for i in items if i.get("parent")])
    parents: dict[str, DuelRecord | None] = {}
    out = []
    for item in items:
        point, secret_from, readable = kept.get(item["id"], (None, None, False))
        if item.get("parent") is None or point is None or not readable:
            out.append(item)
        elif secret_from is None or point["event"] < secret_from:  # the same for everyone
            out.append({**item, "rulings_changed": point["rulings_changed"], "fork_point": {
                "event": point["event"], "beat": point["beat"], "text": point["text"]}})
        else:
            out.append(_computed(item, parents))
    return out


def _computed(item: dict, parents: dict[str, DuelRecord | None]) -> dict:
    """The fork's line computed from the duels, for this reader."""
    parent_id = item["parent"]
    if parent_id not in parents:
        parents[parent_id] = _readable(parent_id)
    parent = parents[parent_id]
    fork = None if parent is None else _readable(item["id"])
    return item if parent is None or fork is None else {**item, **_left(parent, fork)}


def _readable(duel_id: str) -> DuelRecord | None:
    try:
        return load(UUID(str(duel_id)))
    except StoreFaultError:
        raise  # the store failed: said as such, not taken for a duel that does not verify
    except StoreError:
        return None


def fork_point(parent: DuelRecord, n: int) -> dict:
    """Event ``n`` of ``parent`` as a fork point: its number, the beat (or round) it falls
    in (the step index's entry), and its sentence as this reader may read it."""
    beat = None
    for entry in projector().index(parent.id):
        if entry["event"] <= n:
            beat = entry
    text = "the setup, before any event" if n == 0 else \
        event_row(parent, n, reader_withheld(parent))["text"]
    return {"event": n, "beat": beat, "text": text}


def _rulings(agg: DuelRecord) -> dict:
    """Every switchable ruling with the reading this duel is judged under (``value``)."""
    rules = registry.of_setup(agg.setup)
    now = rules.rulings_of(agg.setup)
    return {k: {**spec, "value": now.get(k, spec["default"])}
            for k, spec in rules.rulings().items()}
