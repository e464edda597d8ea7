"""Beats the 2011 profile's tests play under both rulesets (``battlecon-2011`` and
``battlecon-2014``): the rule tests assert what each judges, the narrative tests what each
cites. One place, so both read the same beat."""

from __future__ import annotations

from judge.battlecon import Duel
from tests.judge.scene import answer, new_duel, pairs, pass_ante, settle, stage

SA = "special-action"


def clash_out_of_bases(ruleset: str) -> Duel:
    """Two Cadenzas with Strike and Shot only, both Battery Strike, then both Shot: a tie
    each time, so the Clash runs out of Bases (C05)."""
    discards = (("hydraulic", "dash"), ("grapnel", "grasp"))
    duel = new_duel("cadenza", "cadenza", ruleset=ruleset, special_actions=False,
                    d0=discards, d1=discards)
    hand, removed = ["battery", "clockwork", "shot", "strike"], ["burst", "drive",
                                                                   "mechanical", "press"]
    stage(duel, spaces=(3, 5), hand=(hand, hand), removed=(removed, removed))
    pairs(duel, ("battery", "strike"), ("battery", "strike"))
    pass_ante(duel)
    for p in (0, 1):
        answer(duel, p, "clash_base", base="shot")
    return duel


def cancel_beat(ruleset: str, kallistar: tuple[str, str] = ("blazing", "strike"),
                ante: bool = False, **staged) -> Duel:
    """Cadenza (Special Action + Shot: a Cancel) against Kallistar's pair, adjacent (C07)."""
    duel = new_duel("cadenza", "kallistar", ruleset=ruleset)
    stage(duel, spaces=(3, 4), **staged)
    pairs(duel, (SA, "shot"), kallistar)
    if ante:
        answer(duel, 0, "ante", token="iron-body")
    pass_ante(duel)
    settle(duel)
    return duel


def trance_beat(ruleset: str, khadath: tuple[str, str], wind: bool = True) -> Duel:
    """Hikaru's Trance Strike (3), with Wind anted (+2 priority: 5) or not, against
    Khadath; Trance's Reveal effect sends the anted Wind back unused (3 again) (C13)."""
    duel = new_duel("hikaru", "khadath", ruleset=ruleset,
                    d0=(("focused", "grasp"), ("sweeping", "dash")),
                    d1=(("evacuation", "dash"), ("teleport", "grasp")))
    stage(duel, spaces=(3, 4))
    pairs(duel, ("trance", "strike"), khadath)
    if wind:
        answer(duel, 0, "ante", token="wind")
    pass_ante(duel)
    settle(duel)
    return duel
