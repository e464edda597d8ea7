"""Shared helpers of the blueprints: the store, summaries, event rows, header parsing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast
from uuid import UUID

from flask import Response, current_app, g
from marshmallow import Schema

from api.auth import may_see_secret
from api.errors import ApiError
from events.app import JudgeApp
from events.domain import DuelRecord
from events.listing import summary  # noqa: F401 - the duel's line, for the blueprints
from events.projector import Projector
from events.visibility import Withheld, withheld
from judge import registry


def store() -> JudgeApp:
    return current_app.extensions["battlecon"]["store"]


def projector() -> Projector:
    return current_app.extensions["battlecon"]["projector"]


def actor() -> str:
    return g.actor or "anonymous"


def reader_withheld(agg: DuelRecord) -> Withheld:
    """The secret choices of ``agg`` the caller may not see yet."""
    return withheld(agg, may_see_secret)


Asked = Callable[[int], "dict | None"]  # the prompt JSON after the first n events


def event_row(agg: DuelRecord, n: int, hidden: Withheld | None = None,
              asked: Asked | None = None) -> dict:
    """Event n as the API lists it; ``hidden``: as a reader who may not see those secrets;
    ``asked``: where the prompt a decision answered is found, so that its text says the
    question before the answer. An event of a retracted decision carries ``retracted``:
    the retraction's number."""
    retracts = store().retracts(agg, n)
    row = _retraction_row(agg, n) if retracts is not None else \
        _event_row(agg, n, hidden, asked)
    struck = store().struck_by(agg, n)
    if struck is not None:
        row["retracted"] = struck
    return row


def _retraction_row(agg: DuelRecord, n: int) -> dict:
    """A retraction as the narrative tells it (``events.retraction.describe``)."""
    row = {"event": n, "type": "Retraction", "rule": "retraction",
           "text": store().retraction_text(agg, n), "data": dict(store().event(agg, n)[1])}
    if n in agg.entered:
        row["by"] = dict(agg.entered[n])
    return row


def asked_in(duel_id: UUID) -> Asked:
    """The prompts of the stored duel, from the projector's checkpoints (a state from the
    nearest beat start, kept once computed): for a reader, never under a writer's lock."""

    def prompt(n: int) -> dict | None:
        try:
            return projector().state_at(duel_id, n).get("prompt")
        except (IndexError, KeyError):
            return None

    return prompt


def _event_row(agg: DuelRecord, n: int, hidden: Withheld | None = None,
               asked: Asked | None = None) -> dict:
    kind, e = store().event(agg, n)
    if kind == "decision":
        older = e.get("kind") == "correction" and "changes" not in e  # no before/after
        rules = registry.of_setup(agg.setup)
        prompt = asked(n - 1) if asked is not None and e.get("kind") != "correction" else None
        text = "A judge corrects the position." if older else \
            rules.describe_answer(agg.setup, e, prompt) if prompt else \
            rules.describe_decision(agg.setup, e)
        data = hidden.decision(n, e) if hidden is not None else e
        row = {"event": n, "type": "Decision", "rule": data.get("rule"), "text": text,
               "data": dict(data)}
        if n in agg.entered:
            row["by"] = dict(agg.entered[n])
        question = rules.answer_question(agg.setup, e, prompt) if prompt else None
        if question is not None:
            row["question"] = question
        return row
    data = (hidden.fact(n, e) if hidden is not None else None) or e.to_json()
    row = {"event": n, "type": data.pop("type"), "rule": data.pop("rule"),
           "text": data.pop("text"), "data": data}
    question = registry.of_setup(agg.setup).teaching_question(agg.setup, e)
    if question is not None:
        row["question"] = question
    return row


def expected_version(header: str | None) -> int:
    """The version in an If-Match header (428 when it is missing)."""
    if header is None or not header.strip():
        raise ApiError(428, "Send the duel's version in an If-Match header (its ETag) so that "
                       "two scorekeepers cannot overwrite each other.")
    value = header.strip()
    if value.startswith("W/"):
        value = value[2:]
    value = value.strip('"')
    if not (value.isascii() and value.isdigit()):  # "²" and "٣" are digits to Python
        raise ApiError(400, f"If-Match must be the duel's version number, not {header!r}.")
    return int(value)


def load(duel_id: UUID) -> DuelRecord:
    return store().record(duel_id)


def encoder(schema: Schema, shape: Callable[[dict], dict] | None = None
            ) -> Callable[[dict], bytes]:
    """The body flask-smorest would send for a state through ``schema``, as bytes.

    For bodies the projector keeps encoded: the same validation and JSON as a view that
    returns the dict, done once per state instead of once per request.
    """

    def encode(state: dict) -> bytes:
        data = schema.dump(shape(state) if shape else state)
        return bytes(cast(Any, current_app.json.response(data)).get_data())

    return encode


def json_response(body: bytes, headers: dict | None = None) -> Response:
    """A 200 response with an already encoded JSON body."""
    return current_app.response_class(body, status=200, headers=headers,
                                      mimetype="application/json")
