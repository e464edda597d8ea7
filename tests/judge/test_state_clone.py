"""``DuelState.clone``, made by every node the beat analysis searches: a copy equal to the
original that shares nothing the engine changes in place, whichever build runs
(interpreted, each class's ``__copy__`` copies its ``__dict__``, ``speed/shallow.py``;
compiled, ``scripts/mypyc_source.py`` gives it one through the compiled ``__init__``)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from judge.battlecon.duel import Duel
from judge.battlecon.notation import state_json
from judge.battlecon.state import DuelState, Pair, PlayerState, ThisBeat

GOLDEN = Path(__file__).resolve().parent / "golden"
RECORDS = sorted(GOLDEN.glob("*.json"))[::6]


# Shared on purpose: never changed in place (options: set up with the duel; last_move:
# replaced by each movement fact).
SHARED = {"state.options", "state.last_move"}


def _mutable(value: object) -> bool:
    return isinstance(value, (list, dict, set))


def _unshared(a: object, b: object, where: str) -> None:
    """No list, dict or set of ``a``'s fields (its players', beat's and pair's included) is
    the same object as ``b``'s."""
    assert dataclasses.is_dataclass(a)
    for f in dataclasses.fields(a):
        x, y = getattr(a, f.name), getattr(b, f.name)
        if _mutable(x) and f"{where}.{f.name}" not in SHARED:
            assert x is not y, f"{where}.{f.name} is shared by the copy"
        if isinstance(x, (PlayerState, ThisBeat, Pair)):
            assert x is not y, f"{where}.{f.name} is shared by the copy"
            _unshared(x, y, f"{where}.{f.name}")
        if f.name == "players":
            for k, (p, q) in enumerate(zip(x, y, strict=True)):
                assert p is not q
                _unshared(p, q, f"{where}.players[{k}]")


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_every_state_of_a_duel_clones_equal_and_unshared(path: Path) -> None:
    duel = Duel.from_record(json.loads(path.read_text(encoding="utf-8")))
    for n in range(0, len(duel.events) + 1, 7):
        s = duel.state_at(n)
        t = s.clone()
        assert t == s and state_json(t, None) == state_json(s, None)
        assert t.cache is not s.cache
        _unshared(s, t, "state")


def test_a_copy_changed_leaves_the_original_as_it_was() -> None:
    s = Duel.from_record(json.loads(RECORDS[0].read_text(encoding="utf-8"))).state_at(9)
    before = state_json(s, None)
    t = s.clone()
    me = t.players[0]
    me.life -= 3
    me.hand.append("x")
    me.this_beat.anted.append("y")
    me.this_beat.marks["z"] = 1
    me.modes["form"] = "z"
    t.agenda.clear()
    t.markers[(0, "m")] = 1
    if me.pair is not None:
        me.pair.under.append("u")
        me.pair.marks["k"] = 1
    assert state_json(s, None) == before


@pytest.mark.parametrize("cls", [Pair, ThisBeat, PlayerState, DuelState])
def test_a_shallow_copy_keeps_every_field(cls: type) -> None:
    """``copy.copy`` (``__copy__``) of each state class: the same value in every field."""
    s = Duel.from_record(json.loads(RECORDS[0].read_text(encoding="utf-8"))).state_at(9)
    found = {DuelState: s, PlayerState: s.players[1], ThisBeat: s.players[1].this_beat,
             Pair: Pair("a", "b", True, ["c"], False, "cancel", ["d"], {"style_up": True})}
    x = found[cls]
    y = x.__copy__()
    assert type(y) is cls and y is not x
    for f in dataclasses.fields(x):
        a, b = getattr(x, f.name), getattr(y, f.name)
        assert b == a, f.name  # a compiled build may box an immutable value anew
        if _mutable(a) or dataclasses.is_dataclass(a):
            assert b is a, f.name  # shallow: ``clone`` copies what it changes
