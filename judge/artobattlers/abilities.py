"""Special Abilities (A18) as rule hooks over the ability verbs of characters.yaml: what a
move deals to a character, what a Direct Hit deals to it, and the turn action an ability
grants (``restore_life_turn``, ours: see docs/artobattlers.md)."""

from __future__ import annotations

from typing import Any

from judge.artobattlers.cards import Character, Move
from judge.artobattlers.facts import LifeRestored
from judge.artobattlers.table import Table


def move_dp_against(move: Move, card: Character | None) -> tuple[int, str]:
    """DP ``move`` deals to the character ``card`` (None: a striker, which has no ability),
    after ``reduce_move_dp_by_nature``; the note says what changed it (A18.2, AG20)."""
    ability = card.ability if card else None
    if (ability is None or ability.action != "reduce_move_dp_by_nature"
            or ability.nature not in move.nature):
        return move.dp, ""
    dp = max(ability.minimum, move.dp - ability.by)
    nature = (ability.nature or "").upper()
    return dp, f"{ability.name}: a {nature} move counts {move.dp - dp} less"


def direct_hit_against(dp: int, card: Character) -> tuple[int, str]:
    """DP of a Direct Hit of ``dp`` on ``card`` after ``reduce_direct_hit`` (A24.2)."""
    ability = card.ability
    if ability is None or ability.action != "reduce_direct_hit":
        return dp, ""
    reduced = max(ability.minimum, dp - ability.by)
    return reduced, f"{ability.name}: {dp - reduced} less"


def not_effective(move: Move, size: int, life: int) -> tuple[str, int, int] | None:
    """(limit, limit value, target value) when a size or LP limit stops ``move`` (A12)."""
    if move.size_limit is not None and size > move.size_limit:
        return "size", move.size_limit, size
    if move.lp_limit is not None and life > move.lp_limit:
        return "lp", move.lp_limit, life
    return None


def act(t: Table, d: dict[str, Any]) -> None:
    """An ``ability_action``: ``restore_life_turn`` gives back up to its amount of LP, never
    above the starting LP (A3.3 (d), A1.26). The caller ends the turn."""
    f = t.fighter(d["character"])
    ability = t.card(f.id).ability
    assert ability is not None and ability.turn_action
    after = min(f.life_start, f.life + ability.by)
    capped = " (not above its starting LP)" if after < f.life + ability.by else ""
    t.emit(LifeRestored(f"{f.card}/{ability.id}", f"{f.label} uses {ability.name}: "
                        f"{ability.text} {f.life} → {after}{capped}.", f.id, ability.by,
                        after - f.life, f.life, after))
