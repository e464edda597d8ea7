"""Damage lands (A10.1 steps 8-9): every blow of a resolution at once, then the PP raises
it triggers, then destruction and the checkpoint (A20.7, AG34)."""

from __future__ import annotations

from dataclasses import dataclass

from judge.artobattlers.facts import (
    CharacterDestroyed,
    DamageDealt,
    EffectEnded,
    MatchEnded,
    PowerRaised,
    ShieldDestroyed,
    StrikerDestroyed,
)
from judge.artobattlers.table import Table


@dataclass(frozen=True)
class Blow:
    """DP for one pool of one character: ``life``, ``shield`` or ``striker``."""

    character: str
    pool: str
    dp: int
    source: str
    rule: str
    note: str = ""


def land(t: Table, blows: list[Blow]) -> list[str]:
    """Apply ``blows`` simultaneously (A10.7); return the characters whose LP were afflicted
    (AG14: more than 0 DP to the character's own LP)."""
    afflicted = []
    for blow in blows:
        f = t.fighter(blow.character)
        before = {"life": f.life, "shield": f.shield, "striker": f.striker_life}[blow.pool]
        assert before is not None
        after = before - blow.dp
        where = {"life": f.label, "shield": f"{f.label}'s shield",
                 "striker": f"{f.striker_name} ({f.label}'s striker)"}[blow.pool]
        note = f" ({blow.note})" if blow.note else ""
        t.emit(DamageDealt(blow.rule, f"{where} takes {blow.dp} DP{note}: {before} → "
                           f"{max(0, after)}" + (f" ({after})." if after < 0 else "."),
                           blow.character, blow.pool, blow.dp, before, after, blow.source))
        if blow.pool == "shield" and after <= 0:
            t.emit(ShieldDestroyed("A7.3", f"{f.label}'s shield is destroyed; manual move 1 "
                                   "can no longer be used.", f.id))
        if blow.pool == "life" and blow.dp > 0:
            afflicted.append(blow.character)
    return afflicted


def raise_power(t: Table, character: str, trigger: str, rule: str, why: str) -> None:
    """Pay out a PP-raise symbol, capped at the limit (A8.6-A8.11)."""
    f = t.fighter(character)
    amount = t.card(character).raise_amount(trigger)
    if not amount or f.power is None or f.power_limit is None:
        return
    after = min(f.power_limit, f.power + amount)
    capped = " (capped at the limit)" if after < f.power + amount else ""
    t.emit(PowerRaised(rule, f"{f.label} gains {after - f.power} PP for {why}{capped}: "
                       f"{f.power} → {after}.", character, trigger, amount, after - f.power,
                       f.power, after))


def destroy(t: Table, sacrificer: tuple[str, bool] | None = None) -> bool:
    """Destruction, then the checkpoint; True when the match ended (A20.1, A20.7)."""
    for f in [g for p in (0, 1) for g in t.s.in_play(p)]:
        if f.striker_alive and (f.striker_life or 0) <= 0 and sacrificer != (f.id, True):
            t.emit(StrikerDestroyed("A17.5", f"{f.striker_name} is destroyed; "
                                    f"{f.label} fights on.", f.id, "damage"))
        if f.life <= 0 and sacrificer != (f.id, False):
            _destroy(t, f.id, "damage", "A20.1")
    if sacrificer is not None:
        if t.rulings["AG21"] == "sacrificer_wins" and _empty(t) == [1 - _owner(t, sacrificer)]:
            return checkpoint(t)
        who, striker = sacrificer
        if striker:
            f = t.fighter(who)
            t.emit(StrikerDestroyed("A9.3", f"{f.striker_name} destroys itself: the "
                                    "sacrifice is complete.", who, "sacrifice"))
        else:
            _destroy(t, who, "sacrifice", "A9.3")
    return checkpoint(t)


def _owner(t: Table, sacrificer: tuple[str, bool]) -> int:
    return t.fighter(sacrificer[0]).player


def _destroy(t: Table, who: str, cause: str, rule: str) -> None:
    f = t.fighter(who)
    if f.effect is not None:
        t.emit(EffectEnded("AG35", f"{f.effect.name} ends with {f.label}.", who,
                           f.effect.name, "destroyed"))
    why = "destroys itself: the sacrifice is complete" if cause == "sacrifice" else (
        "has no LP left and is destroyed")
    t.emit(CharacterDestroyed(rule, f"{f.label} {why}.", who, cause))
    if f.striker_alive:
        t.emit(StrikerDestroyed("A17.6", f"{f.striker_name} is destroyed with {f.label}.",
                                who, "with_character"))


def _empty(t: Table) -> list[int]:
    return [p for p in (0, 1) if not t.s.in_play(p)]


def checkpoint(t: Table) -> bool:
    """End the match when a player has nothing left; a draw when both (A20.2, A20.5)."""
    empty = _empty(t)
    if not empty:
        return False
    # Captive or discarded characters cannot continue either (A24.7, A24.8, AG40).
    reason = "all_destroyed" if all(f.status == "destroyed" for p in empty
                                    for f in t.s.of(p)) else "none_left"
    if len(empty) == 2:
        t.emit(MatchEnded("A20.5", "Both players' last characters fell at the same "
                          "checkpoint: the match is a draw.", None, True, reason))
    else:
        winner = 1 - empty[0]
        left = "left." if reason == "all_destroyed" else "left to continue."
        t.emit(MatchEnded("A20.2", f"{t.pname(winner)} wins: {t.pname(empty[0])} has no "
                          f"character {left}", winner, False, reason))
    return True
