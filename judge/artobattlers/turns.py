"""Turns (A3): starting one (Advance Play: the placement review and the lost turn, A21.4,
A21.9, AG27; then the automatic no-more-issues check of AG3), ending one with the effect
ticks of AG19, and passing to the other player."""

from __future__ import annotations

from typing import Any

from judge.artobattlers.damage import checkpoint, destroy
from judge.artobattlers.facts import (
    MatchEnded,
    NoMoreIssues,
    PlacementSet,
    TurnEnded,
    TurnLost,
    TurnStarted,
)
from judge.artobattlers.phrases import zones_sentence
from judge.artobattlers.table import Table
from judge.artobattlers.ticks import after_lasting_text, duel_die, run_ticks
from judge.artobattlers.zones import has_issue, layout_rule, turn_lost


def start_turn(t: Table, turn: int, player: int) -> None:
    """Begin ``turn`` for ``player``: unless the turn will be lost anyway, a player with no
    legal turn action has no more issues (AG3 part 1); then, in Advance Play, the
    placement review (prompted, or forced when one layout is legal) and a lost turn if the
    opponent's battle zone is empty (``after_review``, AG27)."""
    t.emit(TurnStarted("A3.2", f"Turn {turn} begins: {t.pname(player)} acts.", turn, player))
    if not turn_lost(t.s, player) and _out_of_issues(t, player):
        return
    if not t.s.advance:
        return
    only = layout_rule(t, player, review=True).only()
    if only:
        lay(t, player, *only, review=True, forced=True)
        after_review(t)


def lay(t: Table, p: int, battle: list[str], inactive: list[str], review: bool,
        forced: bool) -> None:
    """Player ``p``'s zones: at setup (A21.3) or at his turn's review (A21.4; compulsory
    with an empty battle zone, AG27); ``forced`` when it was the only legal layout."""
    rule = ("AG27" if not t.s.battle(p) else "A21.4") if review else "A21.3"
    how = (" has only one legal layout, and it is laid" if forced else
           " reviews the placement" if review else " lays out the team")
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
    return zones_sentence([t.name(c) for c in battle], [t.name(c) for c in inactive])


def _out_of_issues(t: Table, player: int) -> bool:
    """AG3 part 1: a player with no legal turn action loses; a draw if the opponent has
    none either; one kept from acting only by an effect that will end (a captivity, AG40)
    loses the turn instead. True when the turn is settled (ended or lost)."""
    if t.rulings["AG3"] != "auto+declared+agreed" or has_issue(t, player):
        return False
    if has_issue(t, player, captive=True):
        t.emit(TurnLost("AG3", f"{t.pname(player)} is kept from acting only by an effect "
                        "that will end: the turn is lost, not the match.", t.s.turn, player))
        end_turn(t)
        return True
    both = not has_issue(t, 1 - player, captive=True)
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
    """End the current turn: effect ticks and expiries (AG19), a checkpoint, the next turn.
    A card-text dice duel pauses the ticks until its dice are in (``text_duel_die``)."""
    s = t.s
    assert s.to_act is not None
    t.emit(TurnEnded("A3.1", f"Turn {s.turn} ends.", s.turn, s.to_act))
    if not run_ticks(t, after=None):
        _next_turn(t)


def text_duel_die(t: Table, d: dict[str, Any]) -> None:
    """One die of a card-text dice duel; once won, the remaining ticks and the next turn."""
    who = duel_die(t, d)
    if who is not None and not run_ticks(t, after=who):
        _next_turn(t)


def after_lasting(t: Table, who: str) -> None:
    """The table answered a lasting free-text effect's text (ticks.lasting_text): the
    remaining ticks, then the next turn."""
    if not after_lasting_text(t, who):
        _next_turn(t)


def _next_turn(t: Table) -> None:
    s = t.s
    assert s.to_act is not None
    if destroy(t) or checkpoint(t):
        return
    start_turn(t, s.turn + 1, 1 - s.to_act)
