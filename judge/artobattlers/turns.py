"""Turns (A3): starting one (Advance Play: the placement review and the lost turn, A21.4,
A21.9, AG27; then the automatic no-more-issues check of AG3), ending one with the effect
ticks of AG19, and passing to the other player."""

from __future__ import annotations

from judge.artobattlers.abilities import direct_hit_against
from judge.artobattlers.damage import Blow, checkpoint, destroy, land, raise_power
from judge.artobattlers.facts import (
    EffectEnded,
    EffectTicked,
    MatchEnded,
    NoMoreIssues,
    PlacementSet,
    TurnEnded,
    TurnLost,
    TurnStarted,
)
from judge.artobattlers.table import Table
from judge.artobattlers.zones import has_issue, layouts, turn_lost


def start_turn(t: Table, turn: int, player: int) -> None:
    """Begin ``turn`` for ``player``. In Advance Play the placement review comes first
    (prompted, or forced when one layout is legal), then a lost turn if the opponent's
    battle zone is empty (AG27); a player about to act with no legal turn action has no
    more issues (AG3 part 1)."""
    t.emit(TurnStarted("A3.2", f"Turn {turn}: {t.pname(player)} to act.", turn, player))
    if not turn_lost(t.s, player) and _out_of_issues(t, player):
        return
    if not t.s.advance:
        return
    options = layouts(t, player, review=True)
    if len(options) == 1:
        lay(t, player, *options[0], review=True, forced=True)
        after_review(t)


def lay(t: Table, p: int, battle: list[str], inactive: list[str], review: bool,
        forced: bool) -> None:
    """Player ``p``'s zones: at setup (A21.3) or at his turn's review (A21.4; compulsory
    with an empty battle zone, AG27); ``forced`` when it was the only legal layout."""
    rule = ("AG27" if not t.s.battle(p) else "A21.4") if review else "A21.3"
    how = "'s only legal layout" if forced else (" reviews the placement" if review else
                                                  " lays out the team")
    t.emit(PlacementSet(rule, f"{t.pname(p)}{how}: {zones_text(t, battle, inactive)}.", p,
                        battle, inactive, review, forced))


def after_review(t: Table) -> None:
    """After the placement review: the turn is lost when the opponent's battle zone is
    empty while he still has inactive characters (A21.9, AG27)."""
    player = t.s.to_act
    assert player is not None
    if not turn_lost(t.s, player):
        return
    t.emit(TurnLost("AG27", f"{t.pname(1 - player)} has no character in the battle zone: "
                    f"{t.pname(player)} loses this turn, and {t.pname(1 - player)} acts next "
                    "to place one.", t.s.turn, player))
    end_turn(t)


def zones_text(t: Table, battle: list[str], inactive: list[str]) -> str:
    where = f"battle zone {', '.join(t.name(c) for c in battle)}"
    return where + (f"; inactive zone {', '.join(t.name(c) for c in inactive)}"
                    if inactive else "; inactive zone empty")


def _out_of_issues(t: Table, player: int) -> bool:
    """AG3 part 1: a player with no legal turn action loses; a draw if the opponent has
    none either. True when the match ended."""
    if t.rulings["AG3"] != "auto+declared+agreed" or has_issue(t, player):
        return False
    both = not has_issue(t, 1 - player)
    stuck = [player, 1 - player] if both else [player]
    t.emit(NoMoreIssues("AG3", f"{t.pname(player)} has no legal turn action left"
                        + (", and neither has the opponent." if both else "."), stuck, False))
    if both:
        t.emit(MatchEnded("A20.4", "Neither player has any issue left: the match is a draw.",
                          None, True, "no_more_issues"))
    else:
        t.emit(MatchEnded("A20.4", f"{t.pname(1 - player)} wins: {t.pname(player)} has no "
                          "more issues.", 1 - player, False, "no_more_issues"))
    return True


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
