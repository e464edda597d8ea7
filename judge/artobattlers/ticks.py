"""The end of a turn's effect ticks (AG19, AG35): each effect in force acts in seat order,
the player to act first, then expires after its last turn. A ``dice_duel_each_phase``
effect calls for a card-text dice duel (A16.1, R-text of A25): the ticks pause at the
``duel_die`` prompt and go on from the next character once the duel is won."""

from __future__ import annotations

from typing import Any

from judge.artobattlers.abilities import direct_hit_against
from judge.artobattlers.damage import Blow, land, raise_power
from judge.artobattlers.facts import (
    CaptivityEnded,
    CardTextAsked,
    DuelDieEntered,
    DuelRound,
    EffectEnded,
    EffectTicked,
    TextDuelOpened,
    TextDuelWon,
)
from judge.artobattlers.table import Table


def run_ticks(t: Table, after: str | None) -> bool:
    """Tick every effect in force (those of characters after ``after`` when resuming);
    True when a card-text dice duel paused them."""
    player = t.s.to_act
    assert player is not None
    order = [f.id for p in (player, 1 - player) for f in t.s.of(p)
             if f.status in ("in_play", "captive")]  # a captivity expires too (AG40)
    if after is not None:
        order = order[order.index(after) + 1:]
    return any(_tick(t, who) for who in order)


def _tick(t: Table, who: str) -> bool:
    f = t.fighter(who)
    effect = f.effect
    if effect is None or not effect.applied_turn < t.s.turn <= effect.ends_after_turn:
        return False
    if effect.action == "free_text" and lasting_text(t, who):
        return True  # the table says what it does this phase; then the ticks go on
    if effect.action == "dice_duel_each_phase":
        t.emit(TextDuelOpened("A16.1", f"{effect.name} acts on {f.label} at the end of turn "
                              f"{t.s.turn}: a dice duel; if {t.pname(f.player)} loses, "
                              f"{f.label} takes a Direct Hit of {effect.dp} DP.", who,
                              effect.name, t.s.turn))
        return True
    if effect.action == "direct_hit_each_phase":
        t.emit(EffectTicked("AG19", f"{effect.name} acts on {f.label} at the end of turn "
                            f"{t.s.turn}: a Direct Hit of {effect.dp} DP.", who, effect.name,
                            t.s.turn))
        _direct_hit(t, who, effect.dp)
    _expire(t, who)
    return False


def lasting_text(t: Table, who: str) -> bool:
    """A free-text effect that acts each phase it lasts (``each_phase``; 004 §12 "A negative
    effect can last one phase or more than one phase"): the table is asked what it does at
    the end of each covered turn (AG19). True when asked."""
    effect = t.fighter(who).effect
    assert effect is not None
    owner, _, move_id = effect.source.partition("/")
    move = t.card(owner).move(move_id) if owner in t.s.fighters else None
    if move is None or move.effect is None or not move.effect.each_phase:
        return False
    f = t.fighter(who)
    t.emit(CardTextAsked("A13.3", f"{effect.name} lasts on {f.label} at the end of turn "
                         f"{t.s.turn}: \"{move.effect.text}\". What does it do this phase? Both "
                         "players agree.", t.fighter(owner).player, owner,
                         f"effect: {effect.name}", move.effect.text, "each_phase", 0,
                         f"tick:{who}"))
    return True


def after_lasting_text(t: Table, who: str) -> bool:
    """After the table's answer to a lasting text: the effect may expire, then the other
    ticks go on; True when another paused them."""
    _expire(t, who)
    return run_ticks(t, after=who)


def _direct_hit(t: Table, who: str, dp: int) -> None:
    dp, note = direct_hit_against(dp, t.card(who))
    if land(t, [Blow(who, "life", dp, "direct_hit", "A24.2", note)]) and dp > 0:
        raise_power(t, who, "afflicted", "A8.10", "being afflicted")


def _expire(t: Table, who: str) -> None:
    f = t.fighter(who)
    effect = f.effect
    if effect is not None and t.s.turn == effect.ends_after_turn:
        t.emit(EffectEnded("AG19", f"{effect.name} on {f.label} ends.", who, effect.name,
                           "expired"))
        if f.status == "captive":
            t.emit(CaptivityEnded("AG40", f"{f.label} is free again and returns to the "
                                  f"{f.zone} zone.", who))


def duel_die(t: Table, d: dict[str, Any]) -> str | None:
    """One die of the card-text dice duel: equal rolls roll again (A16.1); once someone
    wins, the effect acts (a Direct Hit when the inflicted character's player lost) and may
    expire. Returns the inflicted character when the duel is over, else None."""
    duel = t.s.text_duel
    assert duel is not None
    t.emit(DuelDieEntered("A16.1", f"{t.pname(d['player'])} rolls {d['value']} in the dice "
                          "duel.", d["player"], d["value"]))
    a, b = duel["current"]
    if a is None or b is None:
        return None
    if a == b:
        t.emit(DuelRound("A16.1", f"Equal rolls ({a}): both roll again.", [a, b], "again"))
        return None
    winner, who = (0 if a > b else 1), duel["character"]
    f = t.fighter(who)
    effect = f.effect
    assert effect is not None
    t.emit(DuelRound("A16.1", f"{max(a, b)} beats {min(a, b)}.", [a, b], "won"))
    t.emit(TextDuelWon("A16.1", f"{t.pname(winner)} wins the dice duel"
                       + (f": {effect.name} deals nothing this turn." if winner == f.player
                          else "."), winner, who))
    if winner != f.player:
        t.emit(EffectTicked("AG19",
                            f"{effect.name} acts on {f.label}: a Direct Hit of {effect.dp} DP.",
                            who, effect.name, t.s.turn))
        _direct_hit(t, who, effect.dp)
    _expire(t, who)
    return who
