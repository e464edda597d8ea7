"""/api/rulesets/{name}/characters: characters players enter as data (their own cards).

``POST`` imports a data file in the ruleset's character schema (``schemas.characters`` of
``GET /api/rulesets/{name}``), checked whole by the ruleset: a ``422`` names the field at
fault (``characters[0].attack_moves[2].cost.pp``) and nothing is kept; an id that is
already imported is a ``409`` unless ``?replace=true``. ``GET`` lists them, for a new-duel
form to offer beside the ruleset's own. A duel that uses one carries it inline in its
setup (the store's book is only where a form finds them). The bodies' schemas live here,
beside the one blueprint that uses them.
"""

from __future__ import annotations

from functools import wraps
from typing import Any

from flask import g
from flask.views import MethodView
from flask_smorest import Blueprint
from marshmallow import Schema, fields

from api import schemas as S
from api.auth import PERMISSIONS
from api.auth import require as require_role
from api.errors import ApiError, ErrorSchema
from api.views import actor, store
from events.characters import CharacterIdTakenError, import_characters, imported_characters
from judge import registry
from judge.errors import RecordError

blp = Blueprint("characters", __name__, url_prefix="/api/rulesets",
                description="Characters players enter as data, to use in their duels.")

IMPORTERS = PERMISSIONS["record"] | PERMISSIONS["comment"]  # scorekeepers and judges


class CharacterFileSchema(S.Open):
    """A character data file, as the ruleset's ``schemas.characters`` describes it (the
    ruleset checks every field and names the one at fault)."""

    schema_version = fields.Integer(metadata={"description": "1"})
    ruleset = fields.String(metadata={"description": "the ruleset's name, as in the path"})
    sample_data = fields.Boolean()
    characters = fields.List(fields.Dict(keys=fields.String(), values=fields.Raw(allow_none=True)),
                             metadata={"description": "the characters, in the schema"})


class ReplaceArgs(Schema):
    replace = fields.Boolean(load_default=False, metadata={
        "description": "store a new version of an id already imported (the earlier one "
                       "stays in the history)"})


class CharacterEntrySchema(Schema):
    id = fields.String()
    name = fields.String()
    imported_by = fields.String(metadata={"description": "the token's holder"})
    role = fields.String(allow_none=True)
    imported_at = fields.String(metadata={"description": "ISO 8601, UTC"})
    version = fields.Integer(metadata={"description": "1, then one more per replacement"})
    character = fields.Dict(keys=fields.String(), values=fields.Raw(allow_none=True),
                            metadata={"description": "the character, as a setup takes it"})


class CharacterBookSchema(Schema):
    ruleset = fields.String()
    characters = fields.List(fields.Nested(CharacterEntrySchema))


def _importing(name: str) -> str:
    """The ruleset's name, or 404 when there is no such ruleset or it takes no characters."""
    try:
        rules = registry.find(name)
    except RecordError as err:
        raise ApiError(404, err.reason) from None
    if not rules.imports_characters:
        raise ApiError(404, f"The ruleset {name!r} takes no imported characters.")
    return rules.name


def importer(view: Any) -> Any:
    """Decorator: a scorekeeper's or a judge's token (any role that records or comments),
    checked before the body is read."""

    @wraps(view)
    def inner(*args: Any, **kwargs: Any) -> Any:
        if g.role is None:
            raise ApiError(401, "A valid bearer token is required.",
                           headers={"WWW-Authenticate": "Bearer"})
        if g.role not in IMPORTERS:
            raise ApiError(403, f"A {g.role} may not import characters.")
        return view(*args, **kwargs)

    return inner


@blp.route("/<string:name>/characters")
class Characters(MethodView):
    @require_role("read")
    @blp.response(200, CharacterBookSchema)
    def get(self, name: str) -> Any:
        """Every character imported for this ruleset (the latest version of each id)."""
        name = _importing(name)
        return {"ruleset": name, "characters": imported_characters(store(), name)}

    @importer
    @blp.arguments(CharacterFileSchema)
    @blp.arguments(ReplaceArgs, location="query")
    @blp.response(201, CharacterBookSchema)
    @blp.alt_response(409, schema=ErrorSchema, description="An id is already imported "
                      "(send ?replace=true to store a new version).")
    def post(self, document: dict, args: dict, name: str) -> Any:
        """Import a data file of characters (a scorekeeper's or judge's token); checked
        whole against the ruleset's character schema and rules, kept whole or not at all."""
        name = _importing(name)
        try:
            entries = import_characters(store(), document, actor(), role=g.role,
                                        replace=args["replace"], ruleset=name)
        except CharacterIdTakenError as err:
            raise ApiError(409, str(err), errors={"characters": [str(err)]}) from None
        return {"ruleset": name, "characters": entries}
