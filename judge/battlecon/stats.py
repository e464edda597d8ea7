"""The numbers of an attack: range, power, priority, Soak, Stun Guard (R2, R15, R16).

Everything is computed from the revealed cards, anted tokens, passive effects
and status effects in force, so a stat never needs to be stored.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from judge.battlecon import cards2011
from judge.battlecon.cards import NA, Card, X
from judge.battlecon.hooks import (
    DAMAGE_TAKEN,
    MODIFIERS,
    STAT_CAP,
    attack_cards,
    cards_in_force,
    first_reason,
    in_force,
    query,
)
from judge.battlecon.kits import fighter
from judge.battlecon.state import DuelState, PlayerState

INFINITE: Final = 10**6
STATS: Final = ("range", "power", "priority", "soak", "stun_guard")
__all__ = ["Attack", "attack", "attack_cards", "incoming_bonus", "INFINITE"]


@dataclass
class Attack:
    range: Any  # (low, high) | NA | X
    power: Any  # int | NA
    priority: int
    soak: int
    stun_guard: int
    stun_immunity: bool
    parts: dict[str, list[tuple[str, Any]]] = field(default_factory=dict)

    def range_text(self) -> str:
        if self.range in (NA, X):
            return self.range
        lo, hi = self.range
        return str(lo) if lo == hi else f"{lo}~{hi}"


def _add_range(total: Any, mod: Any) -> Any:
    if total in (NA, X):
        return total
    lo, hi = mod if isinstance(mod, tuple) else (mod, mod)
    return (total[0] + lo, total[1] + hi)


def attack(s: DuelState, p: int) -> Attack:
    """Final stats of player p's attack, in layers (``hooks``): the cards in force, copies,
    suppressions, then modifiers (Styles, passives, tokens, statuses, hooks), then totals."""
    key = ("attack", p)
    found = s.cache.remembered(key)
    if found is None:
        cards = cards2011.as_printed(s.profile, in_force(s, p))  # C25: 001's numbers
        absolute = None
        for c in cards:
            if c.kind == "base" or c.kind == "finisher":
                absolute = c
                break
        mods, immune = _modifiers(s, p, cards)
        found = _totals(s.players[p], absolute, mods, immune)
        cap = first_reason(s, STAT_CAP, p)
        if cap and absolute is not None:
            _cap(found, absolute, [c for c in cards if c.kind == "style"], cap)
        s.cache.remember(key, found)
    return found


def _cap(found: Attack, absolute: Card, styles: list[Card], why: str) -> None:
    """Power, priority and range no higher than the printed Styles + Base (a ``STAT_CAP``)."""
    printed = _span(absolute.range) if absolute.range not in (NA, X) else absolute.range
    power, priority = absolute.power, absolute.priority
    for c in styles:
        printed = _add_range(printed, c.range)
        if power != NA:
            power += c.power
        priority += c.priority
    if found.power != NA and power != NA and found.power > max(0, power):
        found.parts["power"].append((why, max(0, power) - found.power))
        found.power = max(0, power)
    if found.priority > priority:
        found.parts["priority"].append((why, priority - found.priority))
        found.priority = priority
    if found.range not in (NA, X) and printed not in (NA, X):
        found.range = (min(found.range[0], max(0, printed[0])), min(found.range[1], max(0, printed[1])))


def _modifiers(s: DuelState, p: int,
               cards: Sequence[Card]) -> tuple[dict[str, list[tuple[str, Any]]], bool]:
    """Layer 4: every labelled modifier of each stat, and whether p has Stun Immunity."""
    player = s.players[p]
    mods: dict[str, list[tuple[str, Any]]] = {  # STATS, in order
        "range": [], "power": [], "priority": [], "soak": [], "stun_guard": []}
    immune = player.this_beat.stun_immune
    for c in cards:
        if c.kind == "style":
            mods["range"].append((c.name, c.range))
            mods["power"].append((c.name, c.power))
            mods["priority"].append((c.name, c.priority))
        if c.soak:
            mods["soak"].append((c.name, c.soak))
        if c.stun_guard:
            mods["stun_guard"].append((c.name, c.stun_guard))
        immune = immune or c.stun_immunity
        for pas in c.passives:
            if pas.target != "self" or (pas.condition and not pas.condition(s, p)):
                continue
            amount = pas.amount(s, p) if callable(pas.amount) else pas.amount
            if pas.stat == "stun_immunity":
                immune = True
            elif pas.stat in mods:
                mods[pas.stat].append((c.name, amount))
    if player.this_beat.bonus_tokens:
        kit = fighter(player.fighter)
        for token in player.this_beat.bonus_tokens:
            stat, amount = kit.token_bonus[token]
            mods[stat].append((kit.token_name(token), amount))
    for st in s.statuses:
        if st.player == p and st.beat <= s.seq <= st.until and st.stat in mods:
            mods[st.stat].append((st.source, st.amount))
    for owner, _c, fn in query(s, MODIFIERS):
        for stat, amount, label in fn(s, owner, p):
            if stat == "stun_immunity":
                immune = immune or bool(amount)
            else:
                mods[stat].append((label, amount))
    return mods, immune


def _totals(player: PlayerState, absolute: Card | None, mods: dict[str, list[tuple[str, Any]]],
            immune: bool) -> Attack:
    """Layer 5: absolute values plus modifiers, floored at 0 (R2.5); N/A and X stay."""
    rng: Any  # (low, high) | NA | X, as Attack.range
    power: Any  # int | NA, as Attack.power
    if absolute is None:
        rng, power, priority = NA, NA, 0
    else:
        rng = absolute.range if absolute.range in (NA, X) else _span(absolute.range)
        power, priority = absolute.power, absolute.priority
    for _, m in mods["range"]:
        rng = _add_range(rng, m)  # N/A and X ignore range modifiers (R13.5, R13.6)
    if power != NA:
        power = max(0, power + _sum(mods["power"]))  # R2.5, R2.6
    priority += _sum(mods["priority"])
    if rng not in (NA, X):
        rng = (max(0, rng[0]), max(0, rng[1]))
    soak = _sum(mods["soak"])
    guard = INFINITE if player.this_beat.stun_guard_infinite else _sum(mods["stun_guard"])
    parts: dict[str, list[tuple[str, Any]]] = {}
    for k, v in mods.items():
        shown = parts[k] = []
        for part in v:
            if part[1] not in _NOTHING:
                shown.append(part)
    if absolute is not None:
        parts["power"].insert(0, (absolute.name, absolute.power))
        parts["priority"].insert(0, (absolute.name, absolute.priority))
    return Attack(rng, power, priority, soak, guard, immune, parts)


_NOTHING: Final = (0, (0, 0))  # a modifier that changes nothing is not shown among the parts


def _sum(parts: list[tuple[str, Any]]) -> Any:
    """The amounts added up in order, as ``sum`` would (plain loops: no comprehension)."""
    total = 0
    for _, amount in parts:
        total += amount
    return total


def _span(value: Any) -> tuple[int, int]:
    return value if isinstance(value, tuple) else (value, value)


def incoming_bonus(s: DuelState, defender: int) -> list[tuple[str, int]]:
    """Extra damage a defender takes: their own passives (Hikaru's Sweeping), then every
    ``DAMAGE_TAKEN`` hook in force."""
    out = []
    for c in cards_in_force(s, defender):
        for pas in c.passives:
            if pas.stat == "damage_taken" and (pas.condition is None or pas.condition(s, defender)):
                out.append((c.name, pas.amount))
    for owner, _c, fn in query(s, DAMAGE_TAKEN):
        out += fn(s, owner, defender)
    return out
