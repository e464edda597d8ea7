"""What an onlooker sees of a BattleCON duel while attack pairs or Clash bases lie face
down (R4.1, R6.7): that a player laid cards face down, never which.

A face-down card is still one of the cards the player held, so an onlooker's view lists
the face-down cards among the hand: the hand before the Select minus the hand after it
would otherwise name the pair. A Clash keeps what was already face up (the Style and the
covered Bases) and hides only the new Base.
"""

from __future__ import annotations

from typing import Any

from judge.battlecon.facts import ClashBaseSelected, PairSelected

SECRET_KINDS = ("attack_pair", "clash_base")  # laid face down (R4.1, R6.7)
SECRET_FIELDS = {PairSelected: ("style", "base"), ClashBaseSelected: ("base",)}


def hide_fact(fact: Any, players: frozenset[int]) -> dict[str, Any] | None:
    """A face-down choice's fact without its cards (its text names none), or None."""
    hidden = SECRET_FIELDS.get(type(fact))
    if hidden is None or fact.player not in players:
        return None
    data = fact.to_json()
    for key in hidden:
        data.pop(key, None)
    return data


def hide_state(state: dict[str, Any], players: frozenset[int]) -> dict[str, Any]:
    """The state JSON with ``players``' face-down cards shown only as backs."""
    out = dict(state)
    out["players"] = [_hide_player(p) if i in players else p
                      for i, p in enumerate(state["players"])]
    return out


def _hide_player(player: dict[str, Any]) -> dict[str, Any]:
    pair = player.get("attack_pair")
    if not pair or pair.get("revealed") or pair.get("hidden"):
        return player
    clash = bool(pair.get("under"))
    face_down = [pair["base"]] if clash else [pair["style"], pair["base"]]
    face_down += pair.get("extra", [])
    out = dict(player)
    out["hand"] = sorted([*player["hand"], *(c for c in face_down if c)])
    out["attack_pair"] = {"revealed": False, "hidden": True}
    if clash:
        out["attack_pair"] |= {"style": pair["style"], "under": list(pair["under"])}
    if out.get("special_action") == "attack_pair" and not clash:
        out["special_action"] = "available"  # face down with the hand's cards
    return out
