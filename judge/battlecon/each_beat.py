"""Unique abilities that act "at the end of each beat" act after recycling (R10.3), one
choke point.

000 (Play Sequence, 5): unique abilities "that activate at the end of each beat happen
after recycling", not with the End of Beat effects of the cards. A fighter's ability card
declares such an effect in the ``AFTER_RECYCLE`` window (``cards.AFTER_RECYCLE``: queued
once both players have recycled, Active Player first; never after a Pulse, R23.6).

An ability that duels judged before the stamp ``rulestamp.AFTER_RECYCLING`` acted on in
another window (Sagas's Mirror regain, at the End of Beat) is declared with
``after_each_beat``: its old Effect stays, word for word (its key, window, text and gate),
for those duels only, and a new After Recycling Effect acts for duels judged with the fix.
A card appends the new Effect after its others, so no stored effect key moves.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, Final

from judge.battlecon.cards import AFTER_RECYCLE, Effect
from judge.battlecon.hooks import in_force
from judge.battlecon.kits import fighter
from judge.battlecon.rules import after_recycle_due
from judge.battlecon.rulestamp import AFTER_RECYCLING, fixed

Condition = Callable[[Any, int], bool]

# The texts of abilities that once acted in another window, by card id: what the sweep
# (tests/judge/test_blanket_each_beat.py) accepts as moved After Recycling.
MOVED: Final[dict[str, set[str]]] = {}


def after_each_beat(card_id: str, legacy: Effect, condition: Condition,
                    actions: tuple | None = None) -> tuple[Effect, Effect]:
    """The unique ability ``legacy`` (its old window and gate), as two Effects: the old one,
    gated to duels judged before ``AFTER_RECYCLING``, and the same ability After Recycling
    for duels judged with it, gated by ``condition`` (the ability's check, read after
    recycling) and doing ``actions`` (default: the old ones)."""
    MOVED.setdefault(card_id, set()).add(legacy.text)
    old_gate = legacy.condition

    def before_fix(s: Any, p: int) -> bool:
        return not fixed(s, AFTER_RECYCLING) and (old_gate is None or old_gate(s, p))

    def after_recycling(s: Any, p: int) -> bool:
        return fixed(s, AFTER_RECYCLING) and condition(s, p)

    kept = replace(legacy, condition=before_fix)
    moved = Effect(AFTER_RECYCLE, legacy.actions if actions is None else actions,
                   legacy.text, condition=after_recycling,
                   condition_text=legacy.condition_text)
    return kept, moved


def due_after_recycling(s: Any, recycled: list) -> bool:
    """Whether a unique ability acts after this beat's recycling (R10.3), judged on the
    state the ``recycled`` facts leave (the one its window reads), not the one before:
    a regain that checks the discards sees the pair just played in discard 1."""
    if not _may_act_after_recycling(s):
        return False  # nothing could act: no copy of the state to look at (the common case)
    after = s.clone()
    for fact in recycled:
        fact.run(after)
    return after_recycle_due(after)


def _may_act_after_recycling(s: Any) -> bool:
    """Whether any card that could be in force after recycling has an After Recycling
    effect: the cards in force now (recycling only takes cards away from the attack) and
    each fighter's ability card and persistent cards (which recycling may put in play)."""
    for p in (0, 1):
        kit = fighter(s.players[p].fighter)
        cards = [*in_force(s, p), *kit.persistent] + ([kit.ability] if kit.ability else [])
        if any(AFTER_RECYCLE in c.timed for c in cards):
            return True
    return False
