"""/api/fighters and /api/session: what a client needs to build its forms.

The fighters' cards (names, printed stats, effect texts) and default starting
discards let a client offer a new-duel form and show card names instead of ids;
the session tells a client which role its token carries.
"""

from __future__ import annotations

from typing import Any

from flask import current_app, g
from flask.views import MethodView
from flask_smorest import Blueprint

from api import schemas as S
from api.auth import PERMISSIONS, require
from judge.cards import TIMING_NAMES, Card
from judge.fighters import fighter, fighter_ids
from judge.generic import SPECIAL_ACTION_CARD

blp = Blueprint("catalogue", __name__, url_prefix="/api",
                description="The fighters and their cards; the caller's session.")


def _stat(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def card_json(card: Card) -> dict:
    effects = [f"{TIMING_NAMES.get(e.timing, e.timing)}: {e.text}" for e in card.effects]
    return {"id": card.id, "name": card.name, "kind": card.kind, "range": _stat(card.range),
            "power": _stat(card.power), "priority": card.priority, "soak": card.soak,
            "stun_guard": card.stun_guard, "stun_immunity": card.stun_immunity,
            "effects": effects + [p.text for p in card.passives]}


def fighter_json(fid: str) -> dict:
    kit = fighter(fid)
    return {"id": kit.id, "name": kit.name, "styles": [card_json(c) for c in kit.styles],
            "bases": [card_json(c) for c in kit.bases()],
            "finishers": [card_json(c) for c in kit.finishers],
            "default_discards": [list(pile) for pile in kit.default_discards],
            "tokens": [{"id": t, "name": kit.token_name(t)} for t in kit.tokens],
            "ability": card_json(kit.ability) if kit.ability else None}


@blp.route("/fighters")
class Fighters(MethodView):
    @require("read")
    @blp.response(200, S.FighterListSchema)
    def get(self):
        """Every fighter the judge knows, with cards, finishers and default discards."""
        return {"fighters": [fighter_json(f) for f in fighter_ids()],
                "special_action": card_json(SPECIAL_ACTION_CARD)}


@blp.route("/session")
class Session(MethodView):
    @blp.response(200, S.SessionSchema)
    def get(self):
        """The role and name the bearer token carries (anonymous without one), and the
        actions it may take, so a client need not keep its own copy of the roles."""
        anonymous_read = current_app.config["ANONYMOUS_READ"]
        may = [action for action, roles in PERMISSIONS.items() if g.role in roles or (
            g.role is None and action == "read" and anonymous_read)]
        return {"role": g.role, "name": g.actor, "anonymous_read": anonymous_read, "may": may}
