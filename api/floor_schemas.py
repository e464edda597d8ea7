"""The bodies of the judges' floor (``api.floor``): its query arguments and answers."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

QUIET = 300  # seconds without a decision after which a table in progress is stalled
EVENT = fields.String(required=True, validate=validate.Length(min=1, max=100), metadata={
    "description": "the event label (a duel's `event`), in any case"})


class FloorArgs(Schema):
    event = EVENT
    quiet = fields.Integer(load_default=QUIET, validate=validate.Range(min=1, max=86400),
                           metadata={"description": "seconds without a decision after which "
                                                    f"a table in progress is flagged stalled "
                                                    f"(default {QUIET}, 5 minutes)"})


class ResultsArgs(Schema):
    event = EVENT


class QueueArgs(Schema):
    event = fields.String(validate=validate.Length(min=1, max=100), metadata={
        "description": "only the disputes of this event's duels (any case)"})


class FloorPlayerSchema(Schema):
    name = fields.String(allow_none=True)
    fighter = fields.String(allow_none=True)
    life = fields.Integer(allow_none=True)


class FloorDisputeSchema(Schema):
    id = fields.UUID()
    at = fields.Integer(metadata={"description": "the disputed event's number"})
    opened = fields.String(metadata={"description": "when it was opened (ISO 8601, UTC)"})


class FloorTableSchema(Schema):
    id = fields.UUID()
    ruleset = fields.String(allow_none=True)
    round = fields.String(allow_none=True)
    table = fields.String(allow_none=True)
    players = fields.List(fields.Nested(FloorPlayerSchema))
    beat = fields.Integer(allow_none=True, metadata={"description": "beat (BattleCON) or "
                                                                    "turn (ART O BATTLERS)"})
    status = fields.String(allow_none=True, metadata={"description": "in_progress or over"})
    winner = fields.Integer(allow_none=True)
    draw = fields.Boolean()
    ended = fields.String(allow_none=True, metadata={
        "description": "how it ended, as its ruleset says (e.g. knockout, time_limit, "
                       "concession); null while it goes on"})
    last_decision = fields.String(allow_none=True, metadata={
        "description": "when its latest decision was entered (ISO 8601, UTC)"})
    stalled = fields.Boolean(metadata={"description": "in progress, and no decision for "
                                                      "`quiet` seconds or more"})
    open_disputes = fields.List(fields.Nested(FloorDisputeSchema))


class FloorSchema(Schema):
    event = fields.String()
    quiet = fields.Integer()
    tables = fields.List(fields.Nested(FloorTableSchema))


class QueuedDisputeSchema(Schema):
    id = fields.UUID()
    duel_id = fields.UUID()
    at = fields.Integer(metadata={"description": "the disputed event's number"})
    claim = fields.String()
    author = fields.String()
    opened = fields.String(metadata={"description": "when it was opened (ISO 8601, UTC)"})
    event = fields.String(allow_none=True)
    round = fields.String(allow_none=True)
    table = fields.String(allow_none=True)
    ruleset = fields.String(allow_none=True)
    players = fields.List(fields.String(allow_none=True))
    replay = fields.String(metadata={"description": "the replay page at the disputed event"})


class DisputeQueueSchema(Schema):
    disputes = fields.List(fields.Nested(QueuedDisputeSchema))
