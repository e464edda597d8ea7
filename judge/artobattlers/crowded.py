"""Turn actions of crowded battle zones, described rather than listed (judge.described).

A turn action lists every attack (attacker x move x payment x target: quadratic in the
battle zones) and every side attack (target x lead x joining: cubic); with five
characters a side in the battle zone the prompt passes 100 kB, with forty 65 MB. Up to
``LIST_AT_MOST`` such options the prompt lists them exactly as it always has; beyond, its
attacks are described (one description per card, move and payment: any of its characters
on any target) and its side attacks too (any target, any lead part, any joining part of
another character). PP turns and ability actions, one per character, stay listed."""

from __future__ import annotations

from typing import Any

from judge.artobattlers.payments import attack_payments
from judge.artobattlers.table import Table
from judge.artobattlers.zones import moves_of, side_parts

LIST_AT_MOST = 250  # attack and side attack options a turn action lists before describing


def crowded(t: Table, p: int) -> bool:
    """Whether player ``p``'s attacks and side attacks are too many to list."""
    return attack_count(t, p) + side_attack_count(t, p) > LIST_AT_MOST


def attack_count(t: Table, p: int) -> int:
    allow = t.rulings["AG22"] == "pp_or_lp_sacrifice_allowed"
    targets = len(t.s.battle(1 - p))
    return targets * sum(len(attack_payments(f, m, allow))
                         for f in t.s.battle(p) for m in moves_of(t, f))


def side_attack_count(t: Table, p: int) -> int:
    """As many as zones.side_attacks lists, counted (A22.2, A22.3, AG33)."""
    if not t.s.advance:
        return 0
    sizes = [len(side_parts(t, f)) for f in t.s.battle(p)]
    total = sum(sizes)
    up_front = t.rulings["AG33"] == "declare_all_up_front"
    leads = sum(n * (total - n) if up_front else (n if total > n else 0) for n in sizes)
    return len(t.s.battle(1 - p)) * leads


def attack_descriptions(t: Table, p: int) -> list[dict[str, Any]]:
    """Player ``p``'s attacks (A3.5, A9, A21.5, A21.6), one description per card, move,
    striker flag and payment: which of his battle-zone characters with that card can pay
    it that way, on which opponent battle-zone character."""
    allow = t.rulings["AG22"] == "pp_or_lp_sacrifice_allowed"
    groups: dict[tuple[str, str, bool, str | None, bool], list[str]] = {}
    for f in t.s.battle(p):
        for m in moves_of(t, f):
            for pay, sacrifice in attack_payments(f, m, allow):
                groups.setdefault((f.card, m.id, m.striker, pay, sacrifice), []).append(f.id)
    targets = [g.id for g in t.s.battle(1 - p)]
    return [{"kind": "attack", "count": len(who) * len(targets), "rule": "A3.5", "fields": {
        "player": {"const": p}, "kind": {"const": "attack"},
        "character": {"type": "choice", "choices": who, "rule": "A21.6"},
        "striker": _const(striker, False), "move": {"const": move},
        "target": {"type": "choice", "choices": targets, "rule": "A21.6"},
        "pay": _const(pay, None), "sacrifice": _const(sacrifice, False)}}
        for (_, move, striker, pay, sacrifice), who in groups.items() if targets]


def side_attack_description(t: Table, p: int) -> list[dict[str, Any]]:
    """Player ``p``'s side attacks (A22.2, A22.3, A22.6, A22.7, AG33): a target in the
    opponent's battle zone, a lead part and (unless AG33 reads choose_joining_after_lead)
    a joining part of another character, each a symbol-free move with a payment."""
    if not t.s.advance:
        return []
    parts = {f.id: side_parts(t, f) for f in t.s.battle(p)}
    joinable = [who for who, ps in parts.items()
                if ps and any(qs for other, qs in parts.items() if other != who)]
    leads = [part for who in joinable for part in parts[who]]
    targets = [g.id for g in t.s.battle(1 - p)]
    count = side_attack_count(t, p)
    if not leads or not targets or not count:
        return []
    fields: dict[str, Any] = {
        "player": {"const": p}, "kind": {"const": "side_attack"},
        "target": {"type": "choice", "choices": targets, "rule": "A21.6"},
        "lead": {"type": "choice", "choices": leads, "rule": "A22.6, A22.7"}}
    out: dict[str, Any] = {"kind": "side_attack", "count": count, "rule": "A22", "fields": fields}
    if t.rulings["AG33"] == "declare_all_up_front":
        fields["joining"] = {"type": "choice", "choices": leads, "rule": "A22.6, A22.7"}
        out["constraints"] = [{"type": "differ", "fields": ["lead", "joining"],
                               "key": "character", "rule": "A22.3",
                               "text": "the lead and the joining attacks come from two "
                               "different characters."}]
    else:
        fields["joining"] = {"const": None, "default": None, "rule": "AG33"}
    return [out]


def _const(value: Any, default: Any) -> dict[str, Any]:
    return {"const": value, **({"default": default} if value == default else {})}
