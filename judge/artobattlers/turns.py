"""Turns (A3): starting one (with the automatic no-more-issues check of AG3), ending one
with the effect ticks of AG19, and passing to the other player."""

from __future__ import annotations

from judge.artobattlers.abilities import direct_hit_against
from judge.artobattlers.damage import Blow, checkpoint, destroy, land, raise_power
from judge.artobattlers.facts import (
    EffectEnded,
    EffectTicked,
    MatchEnded,
    NoMoreIssues,
    TurnEnded,
    TurnStarted,
)
from judge.artobattlers.legal import turn_actions
from judge.artobattlers.table import Table


def start_turn(t: Table, turn: int, player: int) -> None:
    """Begin ``turn`` for ``player``; a player with no legal turn action has no more issues
    (AG3 part 1), and so has the opponent if he has none either (a draw)."""
    t.emit(TurnStarted("A3.2", f"Turn {turn}: {t.pname(player)} to act.", turn, player))
    if t.rulings["AG3"] != "auto+declared+agreed" or turn_actions(t, player):
        return
    both = not turn_actions(t, 1 - player)
    stuck = [player, 1 - player] if both else [player]
    t.emit(NoMoreIssues("AG3", f"{t.pname(player)} has no legal turn action left"
                        + (", and neither has the opponent." if both else "."), stuck, False))
    if both:
        t.emit(MatchEnded("A20.4", "Neither player has any issue left: the match is a draw.",
                          None, True, "no_more_issues"))
    else:
        t.emit(MatchEnded("A20.4", f"{t.pname(1 - player)} wins: {t.pname(player)} has no "
                          "more issues.", 1 - player, False, "no_more_issues"))


def end_turn(t: Table) -> None:
    """End the current turn: effect ticks and expiries (AG19), a checkpoint, the next turn."""
    s = t.s
    player = s.to_act
    assert player is not None
    t.emit(TurnEnded("A3.1", f"End of turn {s.turn}.", s.turn, player))
    for p in (player, 1 - player):  # seat order, the player to act first (AG35)
        for f in s.in_play(p):
            _tick(t, f.id)
    if destroy(t) or checkpoint(t):
        return
    start_turn(t, s.turn + 1, 1 - player)


def _tick(t: Table, who: str) -> None:
    f = t.fighter(who)
    effect = f.effect
    if effect is None or not effect.applied_turn < t.s.turn <= effect.ends_after_turn:
        return
    if effect.action == "direct_hit_each_phase":
        t.emit(EffectTicked("AG19", f"{effect.name} acts on {f.name} at the end of turn "
                            f"{t.s.turn}: a Direct Hit of {effect.dp} DP.", who, effect.name,
                            t.s.turn))
        dp, note = direct_hit_against(effect.dp, t.card(who))
        if land(t, [Blow(who, "life", dp, "direct_hit", "A24.2", note)]) and dp > 0:
            raise_power(t, who, "afflicted", "A8.10", "being afflicted")
    if t.s.turn == effect.ends_after_turn:
        t.emit(EffectEnded("AG19", f"{effect.name} on {f.name} ends.", who, effect.name,
                           "expired"))
