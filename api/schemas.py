"""Marshmallow schemas for every request and response body of the API."""

from __future__ import annotations

from typing import Any

from marshmallow import (
    INCLUDE,
    RAISE,
    Schema,
    ValidationError,
    fields,
    post_dump,
    validate,
    validates_schema,
)

LABEL = fields.String(validate=validate.Length(max=100))


class Strict(Schema):
    class Meta:
        unknown = RAISE


class Open(Schema):
    """A body whose fields beyond the declared ones belong to the duel's ruleset.

    Loading keeps undeclared fields for the ruleset to judge (it refuses what it does not
    know with a 422 naming the field); dumping passes them through unchanged, so one API
    serves every ruleset's records and states. The declared fields document BattleCON's.
    """

    class Meta:
        unknown = INCLUDE

    @post_dump(pass_original=True)
    def _keep_ruleset_fields(self, data: dict, original: Any, **kwargs: Any) -> dict:
        if isinstance(original, dict):
            for key, value in original.items():
                if key not in self.fields:
                    data[key] = value
        return data


class PlayerSetupSchema(Open):
    name = fields.String(validate=validate.Length(min=1, max=100))
    fighter = fields.String(validate=validate.Length(min=1, max=40))
    finisher = fields.String(validate=validate.Length(min=1, max=60))
    discard_1 = fields.List(fields.String(validate=validate.Length(max=60)),
                            validate=validate.Length(equal=2))
    discard_2 = fields.List(fields.String(validate=validate.Length(max=60)),
                            validate=validate.Length(equal=2))


class DuelCreateSchema(Open):
    """A duel record: the envelope (``format``, ``ruleset``, ``decisions``) and the setup of
    its ruleset (``GET /api/rulesets/{name}`` gives its JSON Schema; BattleCON 2014's
    fields are listed here), plus labels. The ruleset refuses a field it does not know.
    Or an event log as ``GET /api/duels/{id}/log`` exports it: ``header`` and ``events``
    alone (verified, then stored with its chain's id, labels, parent, fork point and
    each decision's ``by``)."""

    format = fields.String(validate=validate.Length(max=100),
                           metadata={"description": "required for a record"})
    header = fields.Dict(keys=fields.String(), values=fields.Raw(allow_none=True),
                         metadata={"description": "a log's header (with events)"})
    events = fields.List(fields.Dict(keys=fields.String(), values=fields.Raw(allow_none=True)),
                         validate=validate.Length(max=20000),
                         metadata={"description": "a log's events (with header)"})
    ruleset = fields.String(validate=validate.Length(max=100),
                            metadata={"description": "default: the ruleset whose format this is"})
    # A null option, like a null decision value, is the ruleset's to judge (a 422 naming
    # the rule), not the envelope's: the document allows any JSON value there.
    options = fields.Dict(keys=fields.String(), values=fields.Raw(allow_none=True))
    players = fields.List(fields.Nested(PlayerSetupSchema), validate=validate.Length(equal=2))
    first_to_ante = fields.Integer(validate=validate.OneOf([0, 1]))
    # A value may be null (ART O BATTLERS' "pay": null): the ruleset judges it, as it does
    # in a decision posted alone, so every exported record imports again.
    decisions = fields.List(fields.Dict(keys=fields.String(),
                                        values=fields.Raw(allow_none=True)),
                            validate=validate.Length(max=5000))
    labels = fields.Dict(keys=fields.String(), values=fields.String())
    event = LABEL
    round = LABEL
    table = LABEL

    @validates_schema(pass_original=True)
    def _a_record_or_a_log(self, data: dict, original: Any, **kwargs: Any) -> None:
        """A record names its ``format``; a log is ``header`` and ``events``, nothing else."""
        keys = set(original) if isinstance(original, dict) else set()
        if "header" in keys or "events" in keys:
            extra = sorted(keys - {"header", "events"})
            if extra or not {"header", "events"} <= keys:
                raise ValidationError("A log is imported as GET /api/duels/{id}/log exports "
                                      "it: header and events, and nothing else.",
                                      "header" if not extra else extra[0])
        elif "format" not in keys:
            raise ValidationError("Missing data for required field.", "format")


class DuelImportArgs(Schema):
    copy = fields.Boolean(load_default=False, metadata={
        "description": "store a new copy even when the file's duel is stored already "
                       "(otherwise 409, naming it)"})


class DecisionSchema(Open):
    """One decision in the record's format; the duel's ruleset judges the rest (BattleCON's
    decision fields are listed here)."""

    player = fields.Integer(validate=validate.OneOf([0, 1]),
                            metadata={"description": "absent for a chance result"})
    kind = fields.String(required=True, validate=validate.Length(min=1, max=40))
    style = fields.String()
    base = fields.String()
    token = fields.String()
    finisher = fields.Boolean()
    to = fields.Integer()
    marker = fields.String()
    accept = fields.Boolean()
    option = fields.String()
    spaces = fields.List(fields.Integer())
    effects = fields.List(fields.String())


class PlayerSummarySchema(Schema):
    name = fields.String()
    fighter = fields.String()
    life = fields.Integer()
    space = fields.Integer()


class DuelSummarySchema(Schema):
    id = fields.UUID()
    version = fields.Integer()
    ruleset = fields.String(metadata={"description": "the ruleset the duel is judged under"})
    event = fields.String(allow_none=True)
    round = fields.String(allow_none=True)
    table = fields.String(allow_none=True)
    labels = fields.Dict(keys=fields.String(), values=fields.String())
    players = fields.List(fields.Nested(PlayerSummarySchema))
    beat = fields.Integer()
    status = fields.String()
    winner = fields.Integer(allow_none=True)
    draw = fields.Boolean()
    parent = fields.String(allow_none=True)
    fork_at = fields.Integer(allow_none=True)
    created_by = fields.String(allow_none=True)
    created = fields.String(metadata={"description": "when the duel was stored (ISO 8601, "
                                                     "UTC)"})
    cards = fields.String(allow_none=True, metadata={
        "description": "the card-data version the duel is judged under (BattleCON; "
                       "docs/card-data.md)"})
    fork_moved = fields.Dict(metadata={
        "description": "only in a fork's answer, when the fork point asked for came after a "
                       "secret choice the parent has not revealed: asked (the event asked "
                       "for), at (where it forked: just before that choice) and reason"})
    rules = fields.String(allow_none=True, metadata={
        "description": "the rules version the duel is judged under (BattleCON; "
                       "docs/record-format.md, The rules stamp); null: the rules of every "
                       "release before the stamps"})


class DuelListArgs(Schema):
    ruleset = fields.String(metadata={"description": "the game: a ruleset's name"})
    event = fields.String(metadata={"description": "an event label, in any case"})
    round = fields.String(metadata={"description": "a round label, in any case"})
    table = fields.String(metadata={"description": "a table label, in any case"})
    fighter = fields.String()
    player = fields.String(metadata={"description": "a player's name, in any case"})
    order = fields.String(load_default="oldest", validate=validate.OneOf(["oldest", "newest"]),
                          metadata={"description": "oldest first (the default) or newest "
                                                   "first, by when each duel was stored"})
    status = fields.String(validate=validate.OneOf(["in_progress", "over"]))
    date = fields.Date(metadata={"description": "the day (UTC) the duel was stored"})
    parent = fields.String(metadata={"description": "forks of this duel"})
    fork_points = fields.Boolean(load_default=False, metadata={
        "description": "give each fork listed its fork point and the rulings it changed "
                       "(as GET /api/duels/{id}/variations gives them in `left`), so a "
                       "list labels its forks in one request"})
    page = fields.Integer(load_default=1, validate=validate.Range(min=1, max=100000))
    page_size = fields.Integer(load_default=50, validate=validate.Range(min=1, max=200))


class UnreadableDuelSchema(Schema):
    id = fields.UUID()
    detail = fields.String(metadata={"description": "Why it is not served."})


class DuelListSchema(Schema):
    items = fields.List(fields.Nested("ListedDuelSchema"))
    total = fields.Integer()
    page = fields.Integer()
    page_size = fields.Integer()
    unreadable = fields.List(fields.Nested(UnreadableDuelSchema), metadata={
        "description": "Stored duels that do not verify and are not served (left out of "
                       "items and total); absent when there are none."})


class EventSchema(Schema):
    """One event: a decision or a fact, with its number, rule and narrative text."""

    event = fields.Integer()
    type = fields.String()
    rule = fields.String(allow_none=True)
    text = fields.String()
    data = fields.Dict(keys=fields.String(), values=fields.Raw())
    question = fields.Dict(keys=fields.String(), values=fields.Raw(), metadata={
        "description": "what teaching mode asks before showing this event: text, answers"})
    by = fields.Dict(keys=fields.String(), values=fields.Raw(allow_none=True), metadata={
        "description": "for a decision: who entered it (the token's name and role) and when "
                       "(at, UTC), as its hash covers them; only the name for a decision "
                       "stored before log version 2"})
    retracted = fields.Integer(metadata={
        "description": "on a retracted decision and each of its facts: the event number of "
                       "the retraction (absent on events that stand)"})


class EventsArgs(Schema):
    after = fields.Integer(load_default=0, validate=validate.Range(min=0))
    limit = fields.Integer(load_default=200, validate=validate.Range(min=1, max=1000))


class EventPageSchema(Schema):
    events = fields.List(fields.Nested(EventSchema))
    total = fields.Integer()


class RetractionCreateSchema(Strict):
    event = fields.Integer(validate=validate.Range(min=1), metadata={
        "description": "the decision the caller means to retract (optional): refused with "
                       "409 unless it is the latest decision still standing"})


class RetractionOfferSchema(Schema):
    """What the caller may retract now (the console offers it only when ``allowed``)."""

    event = fields.Integer(allow_none=True, metadata={
        "description": "the latest decision still standing (null: none)"})
    allowed = fields.Boolean(metadata={"description": "whether the caller may retract it now"})
    text = fields.String(allow_none=True, metadata={"description": "that decision, described"})
    detail = fields.String(allow_none=True, metadata={"description": "why not, when not"})
    rule = fields.String(allow_none=True, metadata={"description": "the rule that says so"})


class AppendedSchema(Schema):
    id = fields.UUID()
    version = fields.Integer()
    replayed = fields.Boolean()
    events = fields.List(fields.Nested(EventSchema))


class StateArgs(Schema):
    at = fields.Integer(validate=validate.Range(min=0))
    beat = fields.Integer(validate=validate.Range(min=1, max=15))
    step = fields.String(load_default="select", validate=validate.OneOf(
        ["select", "ante", "reveal", "start_of_beat", "active_attack", "reactive_attack",
         "end_of_beat", "recycle"]))


class DescribedSchema(Open):
    """A set of legal decisions described rather than listed (``judge.described``)."""

    kind = fields.String(metadata={"description": "the decisions' kind"})
    count = fields.Integer(metadata={"description": "how many decisions fit"})
    rule = fields.String()
    fields_ = fields.Dict(attribute="fields", data_key="fields", keys=fields.String(), values=fields.Dict(
        keys=fields.String(), values=fields.Raw()), metadata={
        "description": "each field of the decision: {const} or {type: integer (minimum, "
        "maximum) | choice (choices) | subset or multiset (of, min_items, max_items) | "
        "text (min_length, max_length)}, with rule and default"})
    constraints = fields.List(fields.Dict(keys=fields.String(), values=fields.Raw()), metadata={
        "description": "{type: partition (fields, of) | intersects (field, of) | sum (field, "
        "weights, minimum, maximum) | differ (fields, key), rule, text}"})


class PromptSchema(Open):
    players = fields.List(fields.Integer())
    decider = fields.String(validate=validate.OneOf(["player", "simultaneous", "chance"]),
                            metadata={"description": "one player openly, several secretly, "
                                      "or a chance result entered by the scorekeeper"})
    kind = fields.String()
    options = fields.List(fields.Dict(keys=fields.String(), values=fields.Raw()),
                          metadata={"description": "legal decisions listed one by one, each "
                                    "complete, sorted"})
    described = fields.List(fields.Nested(DescribedSchema), metadata={
        "description": "legal decisions too many to list, each set described by its shape "
        "and constraints (docs/rulesets.md, Described decisions); present only when some "
        "are. A decision is legal when it equals an option or fits a description"})
    about = fields.String()
    rule = fields.String()
    order = fields.Dict(keys=fields.String(), values=fields.Raw())


class StateSchema(Open):
    """The same state JSON as ``judge replay --json``: the ruleset's (BattleCON's fields are
    listed here; another ruleset's pass through as its ``schemas.state`` describes them)."""

    event = fields.Integer()
    beat = fields.Integer()
    beats_played = fields.Integer()
    step = fields.String()
    active = fields.Integer(allow_none=True)
    over = fields.Boolean()
    winner = fields.Integer(allow_none=True)
    draw = fields.Boolean()
    end_reason = fields.String(allow_none=True)
    options = fields.Dict(keys=fields.String(), values=fields.Raw())
    players = fields.List(fields.Dict(keys=fields.String(), values=fields.Raw()))
    markers = fields.List(fields.Dict(keys=fields.String(), values=fields.Raw()))
    statuses = fields.List(fields.Dict(keys=fields.String(), values=fields.Raw()))
    prompt = fields.Nested(PromptSchema, allow_none=True)


class PromptNowSchema(Schema):
    """The pending prompt, with the event number and version it belongs to."""

    event = fields.Integer()
    over = fields.Boolean()
    prompt = fields.Nested(PromptSchema, allow_none=True)


class IndexEntrySchema(Schema):
    beat = fields.Integer()
    beats_played = fields.Integer()
    step = fields.String()
    event = fields.Integer()


class RecordExportSchema(DuelCreateSchema):
    pass


class LogExportSchema(Schema):
    header = fields.Dict(keys=fields.String(), values=fields.Raw())
    events = fields.List(fields.Dict(keys=fields.String(), values=fields.Raw()))


class AnnotationCreateSchema(Strict):
    at = fields.Integer(required=True, validate=validate.Range(min=0))
    text = fields.String(required=True, validate=validate.Length(min=1, max=5000))
    tags = fields.List(fields.String(validate=validate.Length(min=1, max=40)),
                       load_default=list, validate=validate.Length(max=20))


class AnnotationSchema(Schema):
    id = fields.Integer()
    at = fields.Integer()
    author = fields.String()
    role = fields.String(allow_none=True, metadata={
        "description": "the author's role when they wrote it (sealed with it; null for "
                       "what was stored before)"})
    text = fields.String()
    tags = fields.List(fields.String())
    created = fields.String()
    retracted = fields.Integer(metadata={
        "description": "when the annotated event belongs to a retracted decision: the "
                       "retraction's event number (the note stays, marked)"})


class AnnotationListSchema(Schema):
    annotations = fields.List(fields.Nested(AnnotationSchema))


class DisputeCreateSchema(Strict):
    at = fields.Integer(required=True, validate=validate.Range(min=1))
    claim = fields.String(required=True, validate=validate.Length(min=1, max=5000))


class CommentCreateSchema(Strict):
    text = fields.String(required=True, validate=validate.Length(min=1, max=5000))


class ChangeSchema(Strict):
    field = fields.String(required=True, validate=validate.Length(min=1, max=200), metadata={
        "description": "a path that GET /api/duels/{id}/correctable lists, e.g. players.1.life"})
    after = fields.Raw(required=True, allow_none=True, metadata={"description": "its new value"})
    before = fields.Raw(allow_none=True, metadata={
        "description": "the value it has now (optional: refused if the duel has another)"})


def _player_changes(n: str) -> fields.Dict:
    return fields.Dict(keys=fields.String(), values=fields.Raw(allow_none=True),
                       data_key=n, attribute=n)


class PlayersCorrectionSchema(Strict):
    """BattleCON's older correction shape: the fields to set, by player ("0", "1"). The
    players are properties, so the document names the only two keys it takes."""

    player_0 = _player_changes("0")
    player_1 = _player_changes("1")


class CorrectionSchema(Strict):
    """A correction (docs/record-format.md, Judge corrections): ``changes`` (any ruleset
    that lists correctable fields), or a ruleset's older shape: BattleCON's ``players`` and
    ``markers``, ART O BATTLERS' ``characters``."""

    changes = fields.List(fields.Nested(ChangeSchema), validate=validate.Length(min=1, max=200))
    players = fields.Nested(PlayersCorrectionSchema)
    markers = fields.Dict(keys=fields.String(), values=fields.Integer(allow_none=True))
    characters = fields.Dict(keys=fields.String(),
                             values=fields.Dict(keys=fields.String(),
                                                values=fields.Raw(allow_none=True)))
    reopens = fields.Boolean(metadata={
        "description": "the duel is over and this resolution overturns the ruling that ended "
                       "it: reopen it (refused otherwise, R20.1)"})

    @validates_schema
    def _names_what(self, data: dict, **_kw: Any) -> None:
        if not any(k in data for k in ("changes", "players", "characters")):
            raise ValidationError("A correction names its changes (or players / characters).",
                                  "changes")


class CorrectableSchema(Schema):
    event = fields.Integer(metadata={"description": "the version the values are read at"})
    over = fields.Boolean()
    fields_ = fields.Dict(attribute="fields", data_key="fields", keys=fields.String(), values=fields.Dict(
        keys=fields.String(), values=fields.Raw()), metadata={
        "description": "every correctable field by path: value, type, label, rule and min, "
                       "max, choices, nullable where they apply"})


class ResolutionCreateSchema(Strict):
    outcome = fields.String(required=True, validate=validate.OneOf(["upheld", "overturned"]))
    ruling = fields.String(required=True, validate=validate.Length(min=1, max=5000))
    rule = fields.String(required=True, validate=validate.Length(min=1, max=100))
    correction = fields.Nested(CorrectionSchema)


class CommentSchema(Schema):
    author = fields.String()
    role = fields.String(allow_none=True, metadata={
        "description": "the author's role when they wrote it (sealed with it; null for "
                       "what was stored before)"})
    text = fields.String()
    created = fields.String()


class ResolutionSchema(Schema):
    outcome = fields.String()
    ruling = fields.String()
    rule = fields.String()
    correction = fields.Dict(keys=fields.String(), values=fields.Raw(), allow_none=True)
    author = fields.String()
    correction_event = fields.Integer(allow_none=True)
    resolved = fields.String()


class DisputedCardTextSchema(Schema):
    text = fields.String(metadata={"description": "the card's text, as entered"})
    source = fields.String(metadata={"description": "\"ability: <name>\", \"note: <move>\" "
                                                    "or \"effect: <name>\""})
    character = fields.String(allow_none=True, metadata={"description": "whose card"})
    asked_at = fields.Integer(metadata={"description": "the event that put it to the table"})


class DisputeSchema(Schema):
    id = fields.UUID()
    duel_id = fields.UUID()
    at = fields.Integer()
    claim = fields.String()
    author = fields.String()
    role = fields.String(allow_none=True, metadata={
        "description": "the author's role when they wrote it (sealed with it; null for "
                       "what was stored before)"})
    status = fields.String()
    comments = fields.List(fields.Nested(CommentSchema))
    resolution = fields.Nested(ResolutionSchema, allow_none=True)
    card_text = fields.Nested(DisputedCardTextSchema, metadata={
        "description": "present when the disputed event is a free card text put to the "
                       "table, the table's answer to it or what that answer made (issue 33)"})


class DisputeListSchema(Schema):
    disputes = fields.List(fields.Nested(DisputeSchema))


READING = fields.Raw(metadata={"description": "a ruling's reading: a number or a text",
                               "oneOf": [{"type": "integer"}, {"type": "string"}]})


class ForkCreateSchema(Strict):
    at = fields.Integer(required=True, validate=validate.Range(min=0))
    todays_cards = fields.Boolean(load_default=False, metadata={
        "description": "re-judge the decisions under today's card data (after an errata)"})
    todays_rules = fields.Boolean(load_default=False, metadata={
        "description": "re-judge the decisions under today's rules version (a duel stamped "
                       "with older rules, or none; docs/record-format.md, The rules stamp)"})
    rulings = fields.Dict(keys=fields.String(), values=READING, load_default=None, metadata={
        "description": "rulings whose readings replace the parent's (e.g. {\"lure-power\": "
                       "-1}; GET /api/duels/{id}/variations lists them): the decisions up to "
                       "``at`` are re-judged under them"})
    decisions = fields.List(fields.Dict(), load_default=None, validate=validate.Length(max=200),
                            metadata={"description": "decisions the fork plays after ``at``, "
                                      "recorded by the fork's maker (a what-if of the analysis "
                                      "panel saved; POST .../variations/preview plays them "
                                      "unsaved)"})


class ReadingSchema(Schema):
    value = READING
    text = fields.String()


class RulingSchema(Schema):
    rule = fields.String(metadata={"description": "the rule or gap ruling it reads"})
    title = fields.String()
    default = READING
    recommended = READING
    value = READING
    readings = fields.List(fields.Nested(ReadingSchema))


class ForkPointSchema(Schema):
    event = fields.Integer(metadata={"description": "the parent's event the fork left it after"})
    beat = fields.Nested(IndexEntrySchema, allow_none=True, metadata={
        "description": "the beat (or round) and step that event falls in"})
    text = fields.String(metadata={"description": "the event's sentence, as this reader may "
                                                  "read it"})


class RulingChangeSchema(Schema):
    from_ = fields.Raw(data_key="from", attribute="from", allow_none=True)
    to = fields.Raw(allow_none=True)
    title = fields.String(metadata={"description": "the ruling's title"})


class VariationSchema(DuelSummarySchema):
    fork_point = fields.Nested(ForkPointSchema)
    rulings_changed = fields.Dict(keys=fields.String(), values=fields.Nested(
        RulingChangeSchema), metadata={"description": "the rulings whose reading the fork "
                                                      "changed from its parent's"})


class ListedDuelSchema(VariationSchema):
    """A duel in a list: its summary; a fork listed with ``fork_points=true`` also has its
    ``fork_point`` and ``rulings_changed`` (absent when its parent cannot be read)."""


class VariationsSchema(Schema):
    id = fields.UUID()
    rulings = fields.Dict(keys=fields.String(), values=fields.Nested(RulingSchema))
    left = fields.Nested(VariationSchema, allow_none=True, metadata={
        "description": "this duel as a fork: where it left its parent (null if none)"})
    parent = fields.Nested(DuelSummarySchema, allow_none=True)
    children = fields.List(fields.Nested(VariationSchema))


class StoreStateSchema(Schema):
    kind = fields.String(metadata={"description": "sqlite, postgres or memory (as `store`)"})
    reachable = fields.Boolean(metadata={"description": "the store answered a read within "
                                         "its timeout (STORE_TIMEOUT) just now"})
    writable = fields.Boolean(metadata={"description": "the store permits writes (not a "
                                        "read-only file, mount, transaction or role); free "
                                        "space is not measured"})
    detail = fields.String(metadata={"description": "why not, when either is false"})


class HealthSchema(Schema):
    status = fields.String(metadata={"description": "`ok` while the process lives, "
                                     "whatever the store's state"})
    store = fields.String(metadata={"description": "the store's kind (kept as a string "
                                    "for compatibility; its state is `store_state`)"})
    store_state = fields.Nested(StoreStateSchema)
    duels = fields.Integer(metadata={"description": "left out when the store is unreachable"})


class CardSchema(Schema):
    id = fields.String()
    name = fields.String()
    kind = fields.String()
    range = fields.Raw(metadata={"description": "[low, high], or 'N/A' / 'X' (R13.5, R2.6)"})
    power = fields.Raw(metadata={"description": "a number, or 'N/A' / 'X'"})
    priority = fields.Integer()
    soak = fields.Integer()
    stun_guard = fields.Integer()
    stun_immunity = fields.Boolean()
    effects = fields.List(fields.String())


class TokenSchema(Schema):
    id = fields.String()
    name = fields.String()


class FigureKindSchema(Schema):
    name = fields.String()
    life = fields.Integer(allow_none=True)


class ButtonSchema(Schema):
    """How the viewer words an option of a fighter's own decision kind (``field`` null), or
    of a core kind carrying the fighter's field: ``{field}`` in ``text`` stands for the
    name of the card or token that field of the option holds."""

    kind = fields.String()
    field = fields.String(allow_none=True)
    text = fields.String()


class FighterSchema(Schema):
    id = fields.String()
    name = fields.String()
    styles = fields.List(fields.Nested(CardSchema))
    bases = fields.List(fields.Nested(CardSchema))
    finishers = fields.List(fields.Nested(CardSchema))
    default_discards = fields.List(fields.List(fields.String()))
    tokens = fields.List(fields.Nested(TokenSchema))
    ability = fields.Nested(CardSchema, allow_none=True)
    # What later fighters bring (docs/fighters.md), so a client can name it.
    unique_base = fields.Nested(CardSchema)
    counters = fields.List(fields.String())
    markers = fields.List(fields.String())
    cards_in_play = fields.List(fields.Nested(CardSchema))
    figures = fields.List(fields.Nested(FigureKindSchema))
    buttons = fields.List(fields.Nested(ButtonSchema))


class FighterListSchema(Schema):
    fighters = fields.List(fields.Nested(FighterSchema))
    special_action = fields.Nested(CardSchema)


class RulesetSummarySchema(Schema):
    name = fields.String()
    title = fields.String()
    record_format = fields.String()
    default = fields.Boolean()


class RulesetListSchema(Schema):
    rulesets = fields.List(fields.Nested(RulesetSummarySchema))


class RulesetSchema(RulesetSummarySchema):
    catalogue = fields.Dict(keys=fields.String(), values=fields.Raw(),
                            metadata={"description": "the ruleset's pieces (fighters, cards)"})
    schemas = fields.Dict(keys=fields.String(), values=fields.Raw(),
                          metadata={"description": "JSON Schemas (draft 2020-12): record, "
                                                   "decision, setup, state"})
    rulings = fields.Dict(keys=fields.String(), values=fields.Nested(RulingSchema), metadata={
        "description": "the switchable rulings: rule, title, default (the reading of a record "
                       "that names none), recommended (the reading a new duel names), "
                       "readings"})
    rules = fields.String(allow_none=True, metadata={
        "description": "the rules version a new duel names (record field rules); null for a "
                       "game without versions of its rules"})


class SessionSchema(Schema):
    role = fields.String(allow_none=True, metadata={"description": "null when anonymous"})
    name = fields.String(allow_none=True)
    anonymous_read = fields.Boolean()
    may = fields.List(fields.String(), metadata={
        "description": "actions this caller may take: read, record, comment, resolve"})


class ForkMovedSchema(Schema):
    """From which event a fork moves back before an unrevealed secret choice, and why."""

    from_ = fields.Integer(required=True, data_key="from", attribute="from")
    at = fields.Integer(required=True)
    reason = fields.String(required=True)


class ForkPointsSchema(Schema):
    """GET /api/duels/{id}/fork-points: where a fork is accepted (issue 28, item 4)."""

    id = fields.UUID(required=True)
    total = fields.Integer(required=True, metadata={"description": "the duel's events"})
    points = fields.List(fields.Integer(), required=True, metadata={
        "description": "every event number a fork may start from"})
    moved = fields.Nested(ForkMovedSchema, allow_none=True, metadata={
        "description": "while a secret choice is unrevealed: a fork asked at or after "
                       "`from` forks at `at` instead, for `reason`"})


MAX_STATES = 1000  # states in one /states answer: a 15-beat duel has about 450 events


class StatesArgs(Schema):
    """A window of events: the states after events ``from`` to ``to``, both included."""

    from_ = fields.Integer(data_key="from", attribute="from", load_default=0,
                           validate=validate.Range(min=0), metadata={
                               "description": "the first event (0: the setup)"})
    to = fields.Integer(validate=validate.Range(min=0), metadata={
        "description": f"the last event (default: the last one, or the {MAX_STATES}th "
        "state from ``from``, whichever comes first)"})


class StatesSchema(Schema):
    """The states after events ``from`` to ``to``, in order: ``states[k]`` is exactly the
    body of ``/state?at=from+k`` for the same reader (the same redaction)."""

    from_ = fields.Integer(data_key="from", attribute="from")
    to = fields.Integer()
    total = fields.Integer(metadata={"description": "the duel's events now (its version)"})
    states = fields.List(fields.Nested(StateSchema))


class AnalysisArgs(Schema):
    """Which beat start of the duel to analyse: ``at``, else ``beat``, else the latest (as
    ``/state`` reads ``at`` before ``beat``)."""

    beat = fields.Integer(validate=validate.Range(min=1), metadata={
        "description": "the start of beat B (the beat counter's number)"})
    at = fields.Integer(validate=validate.Range(min=0), metadata={
        "description": "the first beat start at or after event N (taken before `beat`)"})


class AnalysisPositionSchema(Strict):
    """A shared position to analyse: the same ``position`` a record's setup carries
    (``judge analyse --position`` reads it), under ``ruleset``."""

    position = fields.Dict(keys=fields.String(), values=fields.Raw(allow_none=True),
                           required=True,
                           metadata={"description": "a battlecon-position/1 object"})
    ruleset = fields.String(load_default="battlecon-2014", validate=validate.Length(max=100))


class PlayedSchema(Schema):
    """What one player actually chose face down at the beat start."""

    decisions = fields.List(fields.Dict(keys=fields.String(), values=fields.Raw()),
                            metadata={"description": "the player's pre-reveal decisions, "
                                      "passes left out, in the record's format"})
    choice = fields.Integer(allow_none=True, metadata={
        "description": "its row (player 0) or column (player 1) in `pairs`, or null when "
                       "it is none of them (an ante made in reply to the other's)"})


class AnalysisSchema(Open):
    """``judge analyse --json`` (docs/analysis.md, a public contract), with what a page
    needs beside it."""

    beat = fields.Integer(required=True)
    evaluation = fields.String()
    pairs = fields.Raw(metadata={"description": "[rows, columns]: each choice a list of "
                                 "decisions in the record's format"})
    table = fields.Raw(metadata={"description": "table[i][j]: the cell's value for player 0"})
    lines = fields.Raw(metadata={"description": "lines[i][j]: the decisions reproducing the "
                                 "cell, or null when a nested game (clashes) lies on the way"})
    clashes = fields.Dict(keys=fields.String(), values=fields.Raw())
    mix = fields.Raw(metadata={"description": "[player 0's mix, player 1's mix]"})
    value = fields.Float()
    pruned = fields.List(fields.Dict(keys=fields.String(), values=fields.Raw()))
    labels = fields.Raw(metadata={"description": "[rows, columns] in the game's words"})
    players = fields.List(fields.String())
    ruleset = fields.String()
    event = fields.Integer(allow_none=True, metadata={
        "description": "the beat start: the state after this many events (null: a posted "
                       "position)"})
    played = fields.List(fields.Nested(PlayedSchema), allow_none=True, metadata={
        "description": "[player 0's, player 1's] choices actually made there; null when "
                       "they are not made yet or this reader may not see them yet"})
    revealed_at = fields.Integer(allow_none=True, metadata={
        "description": "the event that reveals the beat's pairs (null: not yet)"})
    question_at = fields.Integer(allow_none=True, metadata={
        "description": "the beat's first teaching question after the reveal (null: none "
                       "yet): teaching mode shows the analysis once it is answered"})
    budget_s = fields.Float(metadata={"description": "the time budget in seconds"})
