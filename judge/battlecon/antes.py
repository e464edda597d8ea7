"""Ante behaviour several fighters share (R5): the usual limit and the usual bonus.

A fighter's kit names its own ``ante_options`` and ``token_anted``; most token fighters
ante at most one token a beat and get that token's bonus for the beat, so those two are
here once, for their kits to name.
"""

from __future__ import annotations

from judge.battlecon.decisions import Ante, Decision
from judge.battlecon.state import DuelState


def one_token_a_beat(s: DuelState, p: int) -> list[Decision]:
    """Any one token from the pool, if none was anted this beat."""
    me = s.players[p]
    if me.this_beat.anted:
        return []
    return [Ante(p, t) for t in sorted(me.token_pool)]


def bonus_when_anted(s: DuelState, p: int, token: str) -> None:
    """The anted token's bonus (``Fighter.token_bonus``) applies this beat."""
    s.players[p].this_beat.bonus_tokens.append(token)
