"""judge.battlecon.decisions: the one place a decision's JSON becomes a typed value and back.

``read`` and ``write`` round-trip every kind (the core's, a fighter's own, a kit's field on
a core kind); ``read`` refuses JSON of the wrong shape (a field of another JSON type,
``true`` for ``1``, a missing field, a core field of another kind); and every decision of
the golden and release records is written back exactly as it was read.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from judge.battlecon.decisions import (
    Ante,
    AnteFinisher,
    Arrange,
    AttackPair,
    ClashBase,
    Concede,
    Decision,
    May,
    Move,
    Order,
    Own,
    Pass,
    Pick,
    Place,
    expect,
    offered,
    own,
    read,
    same_json,
    with_extra,
    write,
)

ROOT = Path(__file__).resolve().parents[2]

EVERY_KIND: list[tuple[dict[str, Any], Decision]] = [
    ({"player": 0, "kind": "attack_pair", "style": "battery", "base": "dash"},
     AttackPair(0, "battery", "dash")),
    ({"player": 1, "kind": "ante", "token": "iron-body"}, Ante(1, "iron-body")),
    ({"player": 0, "kind": "ante", "token": "time", "count": 3}, Ante(0, "time", 3)),
    ({"player": 0, "kind": "ante", "token": "pact", "paid_by": "opponent"},
     Ante(0, "pact", extra=with_extra(paid_by="opponent"))),
    ({"player": 1, "kind": "ante", "finisher": True}, AnteFinisher(1)),
    ({"player": 0, "kind": "pass"}, Pass(0)),
    ({"player": 1, "kind": "clash_base", "base": "strike"}, ClashBase(1, "strike")),
    ({"player": 0, "kind": "move", "to": 4}, Move(0, 4)),
    ({"player": 0, "kind": "place", "marker": "gate-trap", "to": 2}, Place(0, "gate-trap", 2)),
    ({"player": 1, "kind": "may", "accept": False}, May(1, False)),
    ({"player": 0, "kind": "pick", "option": "none"}, Pick(0, "none")),
    ({"player": 0, "kind": "arrange", "spaces": [2, 6]}, Arrange(0, (2, 6))),
    ({"player": 1, "kind": "order", "effects": ["a/0", "b/1"]}, Order(1, ("a/0", "b/1"))),
    ({"player": 1, "kind": "concede"}, Concede(1)),
    ({"player": 0, "kind": "guess", "base": "shot"}, own(0, "guess", base="shot")),
]


@pytest.mark.parametrize(("data", "value"), EVERY_KIND, ids=lambda x: getattr(x, "kind", ""))
def test_read_and_write_round_trip_every_kind(data: dict[str, Any], value: Decision) -> None:
    assert read(data) == value
    assert type(read(data)) is type(value)
    assert write(value) == data
    assert read(write(value)) == value


def test_null_fields_count_as_absent() -> None:
    assert read({"player": 0, "kind": "ante", "token": "time", "count": None}) == Ante(0, "time")
    assert write(Ante(0, "time")) == {"player": 0, "kind": "ante", "token": "time"}


@pytest.mark.parametrize("data", [
    {"player": 0, "kind": "move", "to": "4"},  # text for a number
    {"player": 0, "kind": "move", "to": True},  # true is not 1
    {"player": 0, "kind": "move", "to": 4.0},
    {"player": 0, "kind": "may", "accept": 1},  # 1 is not true
    {"player": 0, "kind": "pick", "option": 3},
    {"player": 0, "kind": "arrange", "spaces": [2, "6"]},
    {"player": 0, "kind": "arrange", "spaces": "2,6"},
    {"player": 0, "kind": "order", "effects": ["a/0", 1]},
    {"player": 0, "kind": "ante", "token": "time", "count": "3"},
    {"player": 0, "kind": "ante", "finisher": 1},
    {"player": 0, "kind": "ante", "finisher": True, "token": "time"},
    {"player": True, "kind": "pass"},  # true is not player 1
    {"player": 0, "kind": 7},
])
def test_read_refuses_a_field_of_another_json_type(data: dict[str, Any]) -> None:
    assert read(data) is None


@pytest.mark.parametrize("data", [
    {"player": 0, "kind": "move"},
    {"player": 0, "kind": "attack_pair", "style": "battery"},
    {"player": 0, "kind": "place", "to": 2},
    {"player": 0, "kind": "ante"},
    {"kind": "pass"},
    {"player": 0},
])
def test_read_refuses_a_missing_field(data: dict[str, Any]) -> None:
    assert read(data) is None


@pytest.mark.parametrize("data", [
    {"player": 0, "kind": "move", "to": 4, "option": "none"},
    {"player": 0, "kind": "pass", "token": "time"},
    {"player": 0, "kind": "may", "accept": True, "spaces": [1, 2]},
    {"player": 0, "kind": "ante", "token": "time", "base": "dash"},
])
def test_read_refuses_a_core_field_of_another_kind(data: dict[str, Any]) -> None:
    assert read(data) is None


def test_a_kits_fields_compare_by_json_type_too() -> None:
    """``==`` says ``True == 1``; ``same_json`` does not, for Own fields and extras."""
    flag, one = own(0, "guess", sure=True), own(0, "guess", sure=1)
    assert flag == one and not same_json(flag, one)
    paid, counted = Ante(0, "pact", extra=with_extra(x=True)), Ante(0, "pact", extra=with_extra(x=1))
    assert paid == counted and not same_json(paid, counted)
    assert same_json(Move(0, 3), Move(0, 3))


def test_own_values_read_their_fields_sorted() -> None:
    value = read({"player": 1, "kind": "guess", "z": 1, "base": "shot"})
    assert isinstance(value, Own)
    assert value == Own(1, "guess", (("base", "shot"), ("z", 1)))
    assert value.get("base") == "shot" and value.get("missing") is None


def test_values_of_different_kinds_never_compare_equal() -> None:
    assert AnteFinisher(0) != Pass(0)
    assert Pass(0) != Concede(0)
    assert Move(0, 3) != Place(0, "m", 3)


def test_expect_narrows_or_says_what_was_missing() -> None:
    assert expect(Move(0, 3), Move, "the move").to == 3
    with pytest.raises(AssertionError, match="the move"):
        expect(None, Move, "the move")
    with pytest.raises(AssertionError, match="the move"):
        expect(Pass(0), Move, "the move")


def _records() -> list[Path]:
    folders = [ROOT / "examples", ROOT / "tests/judge/golden", ROOT / "tests/data"]
    found = [p for folder in folders for p in sorted(folder.rglob("*.json"))
             if '"decisions"' in p.read_text()]
    assert len(found) >= 40, "the golden and release records are found"
    return found


def test_every_recorded_decision_is_written_back_as_it_was_read() -> None:
    seen: set[str] = set()
    for path in _records():
        data = json.loads(path.read_text())
        records = data if isinstance(data, list) else [data]
        for record in records:
            if not isinstance(record, dict) or not isinstance(record.get("decisions"), list):
                continue
            for d in record["decisions"]:
                if not isinstance(d, dict) or d.get("kind") == "correction" or "player" not in d:
                    continue  # a judge's correction is no player's decision
                clean = {k: v for k, v in d.items() if v is not None}
                value = read(clean)
                assert value is not None, f"{path.name}: {d}"
                assert write(value) == clean, f"{path.name}: {d}"
                seen.add(value.kind)
    assert {"attack_pair", "ante", "pass", "move", "may", "pick"} <= seen


def test_offered_finds_an_equal_option_of_the_same_json_types() -> None:
    pairs: list[Decision] = [AttackPair(p, st, b) for p in (0, 1) for st in ("a", "b")
                             for b in ("x", "y")]
    assert offered(pairs, AttackPair(1, "b", "y"))
    assert not offered(pairs, AttackPair(1, "b", "z"))
    assert not offered(pairs, AttackPair(1, "b", "y", extra=with_extra(x=1)))
    spaces: list[Decision] = [Arrange(0, (1, 2)), Arrange(0, (2, 1))]
    assert offered(spaces, Arrange(0, (2, 1))) and not offered(spaces, Arrange(1, (2, 1)))
    assert offered([Pass(0), AnteFinisher(0)], AnteFinisher(0))
    assert not offered([Pass(0)], AnteFinisher(0))
    calls: list[Decision] = [own(0, "call", sure=True)]
    assert offered(calls, own(0, "call", sure=True))
    assert not offered(calls, own(0, "call", sure=1))  # true is not 1
    pacts: list[Decision] = [Ante(0, "p", extra=with_extra(x=True))]
    assert not offered(pacts, Ante(0, "p", extra=with_extra(x=1)))
    assert offered(pacts, Ante(0, "p", extra=with_extra(x=True)))
