"""A player in words: the short name and pronouns of the fighter they play, from its kit."""

from __future__ import annotations

from typing import Final

from judge.battlecon.kits import fighter
from judge.battlecon.state import DuelState

_KITS: Final[dict[str, tuple[str, str]]] = {}


def _kit(fid: str) -> tuple[str, str]:
    kit = _KITS.get(fid)
    if kit is None:
        f = fighter(fid)
        kit = _KITS[fid] = (f.short, f.pronoun)
    return kit


def name(s: DuelState, p: int) -> str:
    return _kit(s.players[p].fighter)[0]


def pronoun(s: DuelState, p: int) -> str:
    return _kit(s.players[p].fighter)[1]


def pronoun_object(s: DuelState, p: int) -> str:
    return {"he": "him", "she": "her"}.get(pronoun(s, p), "them")


def possessive(s: DuelState, p: int) -> str:
    return {"he": "his", "she": "her"}.get(pronoun(s, p), "their")
