"""The numbers of an attack: range, power, priority, Soak, Stun Guard (R2, R15, R16).

Everything is computed from the revealed cards, anted tokens, passive effects
and status effects in force, so a stat never needs to be stored.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from judge.battlecon.cards import NA, Card, X
from judge.battlecon.fighters import card, fighter
from judge.battlecon.state import SPECIAL_ACTION, DuelState

INFINITE = 10**6


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


def attack_cards(s: DuelState, p: int) -> list[Card]:
    """The cards whose stats and effects make up player p's attack, style first."""
    player = s.players[p]
    pair = player.pair
    cards: list[Card] = []
    if pair is not None and pair.revealed:
        if pair.finisher:
            cards.append(card(player.finisher))
        else:
            if pair.style and pair.style != SPECIAL_ACTION:
                cards.append(card(pair.style))
            if pair.base:
                cards.append(card(pair.base))
    ability = fighter(player.fighter).ability
    if ability is not None:
        cards.append(ability)
    return cards


def _add_range(total: Any, mod: Any) -> Any:
    if total in (NA, X):
        return total
    lo, hi = mod if isinstance(mod, tuple) else (mod, mod)
    return (total[0] + lo, total[1] + hi)


def attack(s: DuelState, p: int) -> Attack:
    """Final stats of player p's attack: absolute card values plus every modifier."""
    player = s.players[p]
    cards = attack_cards(s, p)
    absolute = next((c for c in cards if c.kind in ("base", "finisher")), None)
    mods: dict[str, list[tuple[str, Any]]] = {k: [] for k in
                                              ("range", "power", "priority", "soak", "stun_guard")}
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
    kit = fighter(player.fighter)
    for token in player.this_beat.bonus_tokens:
        stat, amount = kit.token_bonus[token]
        mods[stat].append((kit.token_name(token), amount))
    for st in s.statuses:
        if st.player == p and st.beat <= s.seq <= st.until and st.stat in mods:
            mods[st.stat].append((st.source, st.amount))

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
        power = max(0, power + sum(m for _, m in mods["power"]))  # R2.5, R2.6
    priority += sum(m for _, m in mods["priority"])
    if rng not in (NA, X):
        rng = (max(0, rng[0]), max(0, rng[1]))
    soak = sum(m for _, m in mods["soak"])
    guard = INFINITE if player.this_beat.stun_guard_infinite else sum(m for _, m in mods["stun_guard"])
    parts = {k: [(n, m) for n, m in v if m not in (0, (0, 0))] for k, v in mods.items()}
    if absolute is not None:
        parts["power"].insert(0, (absolute.name, absolute.power))
        parts["priority"].insert(0, (absolute.name, absolute.priority))
    return Attack(rng, power, priority, soak, guard, immune, parts)


def _span(value: Any) -> tuple[int, int]:
    return value if isinstance(value, tuple) else (value, value)


def incoming_bonus(s: DuelState, defender: int) -> list[tuple[str, int]]:
    """Extra damage a defender takes from their own passives (Hikaru's Sweeping)."""
    out = []
    for c in attack_cards(s, defender):
        for pas in c.passives:
            if pas.stat == "damage_taken" and (pas.condition is None or pas.condition(s, defender)):
                out.append((c.name, pas.amount))
    return out


def hook(s: DuelState, p: int, name: str) -> list:
    """Every named hook of the cards in player p's attack (dodges, special ranges...)."""
    return [(c, c.hooks[name]) for c in attack_cards(s, p) if name in c.hooks]
