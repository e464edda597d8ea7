"""The catalogue a client builds its forms from: fighters, their cards with printed stats and
effect texts, default starting discards and tokens."""

from __future__ import annotations

from typing import Any

from judge.battlecon import twins2011
from judge.battlecon.cards import AFTER_RECYCLE, TIMING_NAMES, Card
from judge.battlecon.each_beat import MOVED
from judge.battlecon.generic import SPECIAL_ACTION_CARD
from judge.battlecon.roster import Fighter, card, fighter, fighter_ids


def _stat(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def card_json(card: Card) -> dict[str, Any]:
    """A card as printed. An ability moved After Recycling (``each_beat``) is listed once,
    in its printed window (the rules say when such an ability acts, R10.3): its twin is
    not card data, so the card-data version (``cardset``) stays as it was; nor is an
    effect's 2011 twin (``twins2011``)."""
    moved = MOVED.get(card.id, set())
    effects = [f"{TIMING_NAMES.get(e.timing, e.timing)}: {e.text}" for e in card.effects
               if (e.timing != AFTER_RECYCLE or e.text not in moved)
               and not twins2011.hidden(card.id, e)]  # a 2011 twin is not card data
    return {"id": card.id, "name": card.name, "kind": card.kind, "range": _stat(card.range),
            "power": _stat(card.power), "priority": card.priority, "soak": card.soak,
            "stun_guard": card.stun_guard, "stun_immunity": card.stun_immunity,
            "effects": effects + [p.text for p in card.passives]}


def fighter_json(fid: str) -> dict[str, Any]:
    kit = fighter(fid)
    return {"id": kit.id, "name": kit.name, "styles": [card_json(c) for c in kit.styles],
            "bases": [card_json(c) for c in kit.bases()],
            "finishers": [card_json(c) for c in kit.finishers],
            "default_discards": [list(pile) for pile in kit.default_discards],
            "tokens": [{"id": t, "name": kit.token_name(t)} for t in kit.tokens],
            "ability": card_json(kit.ability) if kit.ability else None,
            "unique_base": card_json(kit.unique_base),
            "counters": list(kit.counters), "markers": list(kit.markers),
            "cards_in_play": [card_json(c) for c in kit.persistent],
            "figures": [{"name": k.name, "life": k.life} for k in kit.figures],
            "buttons": buttons(kit)}


def buttons(kit: Fighter) -> list[dict[str, Any]]:
    """How the viewer words an option of the kit's own decision kinds, or of a core kind
    carrying the kit's field: ``{"kind", "field", "text"}`` (``field`` None for a kind)."""
    own = [{"kind": d.kind, "field": None, "text": d.button} for d in kit.decisions if d.button]
    added = [{"kind": f.kind, "field": f.field, "text": f.button}
             for f in kit.decision_fields if f.button]
    return own + added


def catalogue() -> dict[str, Any]:
    """Every fighter the judge knows, and the Special Action card."""
    return {"fighters": [fighter_json(f) for f in fighter_ids()],
            "special_action": card_json(card(SPECIAL_ACTION_CARD.id))}
