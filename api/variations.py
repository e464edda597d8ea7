"""/api/duels/{id}/variations: a duel's place among its variations (issue 14, item 6), as
lichess shows the variations of a game: the duel it was forked from and where, the duels
forked from it and where, each fork point in the game's words (its beat and the event's
sentence, as this reader may see it) and the rulings a fork changed."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from flask.views import MethodView
from flask_smorest import Blueprint

from api import schemas as S
from api.auth import require
from api.views import event_row, load, projector, reader_withheld, store, summary
from events.app import fork_points
from events.domain import DuelRecord
from events.errors import DuelNotFoundError, StoreError
from events.faults import StoreFaultError
from judge import registry
from judge.rulings import changed

blp = Blueprint("variations", __name__, url_prefix="/api/duels",
                description="Variations: a duel's forks and the duel it was forked from.")

MAX_CHILDREN = 200


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
