"""The agenda's typed items and their stored form (a list, kind first, as release 1 wrote
its tuples)."""

from __future__ import annotations

import pytest

from judge.battlecon import Duel
from judge.battlecon.agenda import (
    KINDS,
    PRIORITY,
    Activate,
    Damage,
    Fx,
    IronBodyOffer,
    Offer,
    RangeCheck,
    StunCheck,
    from_list,
    to_lists,
)
from judge.battlecon.playout import play

STORED = [
    (["fx", 1, "burst/start/0", 0, "3:start:1:7"], Fx(1, "burst/start/0", 0, "3:start:1:7")),
    (["activate", 0], Activate(0)),
    (["range", 1], RangeCheck(1)),
    (["damage", 0], Damage(0)),
    (["offer", 1, 0, 4, "iron-body"], Offer(1, 0, 4, "iron-body")),
    (["iron_body", 1, 0, 4], IronBodyOffer(1, 0, 4)),
    (["stun", 1, 0, 4], StunCheck(1, 0, 4)),
    (["priority"], PRIORITY),
]


@pytest.mark.parametrize(("stored", "item"), STORED, ids=[s[0] for s, _ in STORED])
def test_each_kind_reads_and_writes_its_stored_list(stored: list, item: object) -> None:
    assert from_list(stored) == item
    assert from_list(tuple(stored)) == item  # a release-1 tuple, as kept in memory then
    assert item.to_list() == stored  # type: ignore[attr-defined]
    assert KINDS[stored[0]] is type(item)


def test_items_are_values() -> None:
    assert Activate(0) == Activate(0) and Activate(0) != Activate(1)
    assert Activate(0) != RangeCheck(0) and Damage(0) != RangeCheck(0)
    assert Fx(0, "e", 0, "g").same_action(Fx(0, "e", 0, "other group"))
    assert not Fx(0, "e", 0, "g").same_action(Fx(0, "e", 1, "g"))
    assert not Fx(0, "e", 0, "g").same_action(Activate(0))
    assert from_list(["damage", 1]) is from_list(["damage", 1])  # read once, shared


@pytest.mark.parametrize(("stored", "problem"), [
    (["arrange", 0], "unknown agenda item \\['arrange', 0\\]"),
    ([], "unknown agenda item \\[\\]"),
    ([3, 0], "unknown agenda item \\[3, 0\\]"),
    (["stun", 1, 0], "malformed agenda item \\['stun', 1, 0\\]: a 'stun' item has 3 fields: "
                         "defender \\(int\\), attacker \\(int\\), amount \\(int\\)"),
])
def test_a_malformed_stored_item_is_refused_by_name(stored: list, problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        from_list(stored)


def test_a_duel_keeps_its_plans_as_release_1_wrote_them() -> None:
    """Every plan a judged duel keeps stores its agenda as lists, kind first, and reading
    them back gives the agenda the rules made."""
    duel = play(3, "khadath", "hikaru")
    plans = [f.planned for f in duel.facts if isinstance(getattr(f, "planned", None), dict)]
    assert plans and any(p["agenda"] for p in plans)
    kinds = set()
    for plan in plans:
        for stored in plan["agenda"]:
            assert isinstance(stored, list) and stored[0] in KINDS
            kinds.add(stored[0])
            assert from_list(stored).to_list() == stored
    assert {"fx", "activate", "range", "damage", "stun", "priority"} <= kinds
    again = Duel.from_record(duel.to_record())
    assert [f.to_json() for f in again.facts] == [f.to_json() for f in duel.facts]
    assert to_lists(again.state.agenda) == to_lists(duel.state.agenda)
