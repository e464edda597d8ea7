"""/api/rulesets, /api/fighters and /api/session: what a client needs to build its forms.

A ruleset's catalogue (for BattleCON the fighters' cards with names, printed stats, effect
texts, and default starting discards) lets a client offer a new-duel form and show card
names instead of ids; ``/api/fighters`` is the default ruleset's, as release 1 served it.
The session tells a client which role its token carries.
"""

from __future__ import annotations

from typing import Any

from flask import current_app, g
from flask.views import MethodView
from flask_smorest import Blueprint

from api import schemas as S
from api.auth import PERMISSIONS, require
from api.errors import ApiError
from judge import registry
from judge.errors import RecordError

blp = Blueprint("catalogue", __name__, url_prefix="/api",
                description="The rulesets, their fighters and cards; the caller's session.")


@blp.route("/fighters")
class Fighters(MethodView):
    @require("read")
    @blp.response(200, S.FighterListSchema)
    def get(self) -> Any:
        """Every fighter the judge knows, with cards, finishers and default discards."""
        return registry.default().catalogue()


def ruleset_json(name: str) -> dict:
    rules = registry.find(name)
    return {"name": rules.name, "title": rules.title, "record_format": rules.record_format,
            "default": rules.name == registry.DEFAULT}


@blp.route("/rulesets")
class Rulesets(MethodView):
    @require("read")
    @blp.response(200, S.RulesetListSchema)
    def get(self) -> Any:
        """Every ruleset a duel may be recorded under."""
        return {"rulesets": [ruleset_json(n) for n in registry.names()]}


@blp.route("/rulesets/<string:name>")
class RulesetDetail(MethodView):
    @require("read")
    @blp.response(200, S.RulesetSchema)
    def get(self, name: str) -> Any:
        """One ruleset: its catalogue (fighters or characters and their cards), the JSON
        Schemas of its record, decisions, normalised setup and state, and its switchable
        rulings with the reading a new duel names (``recommended``), and the rules version
        a new duel names (``rules``; null for a game without versions of its rules)."""
        try:
            rules = registry.find(name)
        except RecordError as err:
            raise ApiError(404, err.reason) from None
        return {**ruleset_json(name), "catalogue": rules.catalogue(), "schemas": rules.schemas(),
                "rulings": rules.rulings(), "rules": rules.todays_rules()}


@blp.route("/session")
class Session(MethodView):
    @blp.response(200, S.SessionSchema)
    def get(self) -> Any:
        """The role and name the bearer token carries (anonymous without one), and the
        actions it may take, so a client need not keep its own copy of the roles."""
        anonymous_read = current_app.config["ANONYMOUS_READ"]
        may = [action for action, roles in PERMISSIONS.items() if g.role in roles or (
            g.role is None and action == "read" and anonymous_read)]
        return {"role": g.role, "name": g.actor, "anonymous_read": anonymous_read, "may": may}
