"""Annotations and disputes: kept apart from the game's events."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from flask import g
from flask.views import MethodView
from flask_smorest import Blueprint

from api import schemas as S
from api.auth import require
from api.cardtexts import card_text_at
from api.views import actor, load, store
from events.domain import Dispute, DuelRecord

blp = Blueprint("commentary", __name__, url_prefix="/api",
                description="Annotations and disputes on a duel's events.")


def dispute_json(d: Dispute, agg: DuelRecord | None = None) -> dict:
    """A dispute as the API shows it; on a free card text, with the card's text."""
    out = {"id": d.id, "duel_id": d.duel_id, "at": d.at, "claim": d.claim, "author": d.author,
           "role": d.role, "status": d.status, "comments": d.comments,
           "resolution": d.resolution}
    text = card_text_at(agg if agg is not None else load(d.duel_id), d.at)
    if text is not None:
        out["card_text"] = text
    return out


@blp.route("/duels/<uuid:duel_id>/annotations")
class Annotations(MethodView):
    @require("read")
    @blp.response(200, S.AnnotationListSchema)
    def get(self, duel_id: UUID) -> Any:
        """Every annotation on the duel, in the order they were written."""
        return {"annotations": store().annotations(duel_id)}

    @require("comment")
    @blp.arguments(S.AnnotationCreateSchema)
    @blp.response(201, S.AnnotationSchema)
    def post(self, body: dict, duel_id: UUID) -> Any:
        """Annotate an event (tags such as teaching, question, error)."""
        return store().annotate(duel_id, body["at"], body["text"], body["tags"], actor(),
                                role=g.role)


@blp.route("/duels/<uuid:duel_id>/disputes")
class Disputes(MethodView):
    @require("read")
    @blp.response(200, S.DisputeListSchema)
    def get(self, duel_id: UUID) -> Any:
        """The disputes opened on this duel."""
        disputes = store().disputes(duel_id)
        agg = load(duel_id) if disputes else None
        return {"disputes": [dispute_json(d, agg) for d in disputes]}

    @require("comment")
    @blp.arguments(S.DisputeCreateSchema)
    @blp.response(201, S.DisputeSchema)
    def post(self, body: dict, duel_id: UUID) -> Any:
        """Open a dispute on a ruling (an event) with a claim."""
        d = store().open_dispute(duel_id, body["at"], body["claim"], actor(), role=g.role)
        return dispute_json(d), 201, {"Location": f"/api/disputes/{d.id}"}


@blp.route("/disputes/<uuid:dispute_id>")
class DisputeView(MethodView):
    @require("read")
    @blp.response(200, S.DisputeSchema)
    def get(self, dispute_id: UUID) -> Any:
        """A dispute with its comments and resolution."""
        return dispute_json(store().dispute(dispute_id))


@blp.route("/disputes/<uuid:dispute_id>/comments")
class Comments(MethodView):
    @require("comment")
    @blp.arguments(S.CommentCreateSchema)
    @blp.response(201, S.DisputeSchema)
    def post(self, body: dict, dispute_id: UUID) -> Any:
        """Comment on an open dispute."""
        return dispute_json(store().comment(dispute_id, body["text"], actor(), role=g.role))


@blp.route("/disputes/<uuid:dispute_id>/resolution")
class Resolution(MethodView):
    @require("resolve")
    @blp.arguments(S.ResolutionCreateSchema)
    @blp.response(201, S.DisputeSchema)
    def post(self, body: dict, dispute_id: UUID) -> Any:
        """Resolve (head judge): uphold, or overturn and apply the correction to the duel."""
        d = store().resolve(dispute_id, body["outcome"], body["ruling"], body["rule"], actor(),
                            correction=body.get("correction"))
        return dispute_json(d)
