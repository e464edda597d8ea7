"""What an onlooker sees of a BattleCON duel while attack pairs or Clash bases lie face
down (R4.1, R6.7), or while a choice a kit declares secret waits for the Reveal (Seth's
Beyond Eyes guess, ``guess``): that a player chose, never what.

A face-down card is still one of the cards the player held, so an onlooker's view lists
the face-down cards among the hand: the hand before the Select minus the hand after it
would otherwise name the pair. A Clash keeps what was already face up (the Style and the
covered Bases) and hides only the new Base. A kit's secret choice is hidden from the state
(its secret ``BeatField``: Seth's ``named``) and from its fact (``Fact.secret``); the Reveal
of the attack pairs shows it. The secret kinds are the core's and the kits'
(``kit_decls.secret_kinds``).
"""

from __future__ import annotations

from typing import Any

from judge.battlecon.kit_decls import secret_beat_keys
from judge.battlecon.kit_decls import secret_kinds as secret_kinds  # re-exported


def hide_fact(fact: Any, players: frozenset[int]) -> dict[str, Any] | None:
    """A secret choice's fact without its secret fields (``Fact.secret``; its text names
    none of them), or None."""
    hidden = getattr(fact, "secret", ())
    if not hidden or fact.player not in players:
        return None
    data = fact.to_json()
    for key in hidden:
        data.pop(key, None)
    return data


def hide_state(state: dict[str, Any], players: frozenset[int]) -> dict[str, Any]:
    """The state JSON with ``players``' face-down cards shown only as backs.

    A value computed from a secret is as secret as the secret: while one of ``players``
    has a card face down, no player's attack stats (``attack``) are shown, since they may
    be computed from it (Cherri's Stare reads the opponent's new Clash base)."""
    out = dict(state)
    out["players"] = [_hide_player(p) if i in players else p
                      for i, p in enumerate(state["players"])]
    if any(_face_down(state["players"][i]) for i in players):
        out["players"] = [{k: v for k, v in p.items() if k != "attack"}
                          for p in out["players"]]
    return out


def _face_down(player: dict[str, Any]) -> bool:
    """Whether the player has a card face down that a reader may not see."""
    pair = player.get("attack_pair")
    return pair is not None and not pair.get("revealed") and not pair.get("hidden")


def _hide_player(player: dict[str, Any]) -> dict[str, Any]:
    secret = secret_beat_keys()  # a guess waits for the Reveal, like the pair it goes with
    if any(key in player for key in secret):
        player = {k: v for k, v in player.items() if k not in secret}
    pair = player.get("attack_pair")
    if not pair or pair.get("revealed") or pair.get("hidden"):
        return player
    clash = bool(pair.get("under"))
    style_up = clash or bool(pair.get("style_up"))  # a Clash, or Reading Fate's face-up Style
    face_down = [pair["base"]] if style_up else [pair["style"], pair["base"]]
    face_down += pair.get("extra", [])
    out = dict(player)
    out["hand"] = sorted([*player["hand"], *(c for c in face_down if c)])
    out["attack_pair"] = {"revealed": False, "hidden": True}
    if style_up:
        out["attack_pair"] |= {"style": pair["style"], "under": list(pair["under"])}
    if pair.get("style_up"):
        out["attack_pair"]["style_up"] = True
    if out.get("special_action") == "attack_pair" and not style_up:
        out["special_action"] = "available"  # face down with the hand's cards
    return out
