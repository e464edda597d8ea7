"""Small beat starts for the analysis tests: each player holds a few Styles and Bases (the
rest removed), so that every cell can be searched again independently in a test."""

from __future__ import annotations

import copy
from typing import Any

from judge.battlecon.duel import Duel
from judge.battlecon.roster import fighter


def player(fid: str, space: int, styles: list[str], bases: list[str],
           life: int = 20, pool: list[str] | None = None) -> dict[str, Any]:
    """A player holding ``styles`` and ``bases``; every other card removed."""
    kit = fighter(fid)
    held = set(styles) | set(bases)
    out: dict[str, Any] = {"fighter": fid, "space": space, "life": life,
                           "discard_1": [], "discard_2": [],
                           "removed": sorted(c.id for c in kit.cards() if c.id not in held)}
    if pool is not None:
        out["token_pool"] = pool
    return out


def position(p0: dict[str, Any], p1: dict[str, Any], special_actions: bool = False) -> dict:
    return {"format": "battlecon-position/1", "players": [p0, p1],
            "options": {"special_actions": special_actions}}


def record(pos: dict[str, Any], decisions: list[dict] | None = None) -> dict[str, Any]:
    return {"format": "battlecon-record/1", "ruleset": "battlecon-2014",
            "position": copy.deepcopy(pos), "decisions": list(decisions or [])}


def duel(pos: dict[str, Any], decisions: list[dict] | None = None) -> Duel:
    return Duel.from_record(record(pos, decisions))


POSITIONS: dict[str, dict] = {
    "hikaru-khadath": position(
        player("hikaru", 3, ["trance", "focused"], ["strike", "dash"], pool=[]),
        player("khadath", 5, ["hunters", "evacuation"], ["shot", "grasp"])),
    "cadenza-seth": position(
        player("cadenza", 2, ["battery", "grapnel"], ["drive", "burst"]),
        player("seth", 4, ["fools"], ["strike", "omen"])),
    "luc-magdelina": position(
        player("luc", 4, ["chrono", "feinting"], ["grasp", "shot"]),
        player("magdelina", 5, ["safety", "spiritual"], ["strike", "burst"], life=5)),
    "cherri-rukyuk": position(
        player("cherri", 1, ["crimson"], ["strike", "dash"]),
        player("rukyuk", 4, ["sniper", "gunner"], ["shot", "drive"], pool=["ap-shell"])),
}
