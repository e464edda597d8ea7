"""``GameState.clone`` (written out field by field, for speed) copies every field and shares
nothing mutable with the position it copies; the seeded playouts check it after every
decision too (``apart``)."""

from __future__ import annotations

from dataclasses import MISSING, fields
from typing import Any

import pytest

from judge.artobattlers.state import Attack, Duel, EffectState, Fighter, GameState

EFFECT = EffectState("Burn", "ember-knight/scorch", "dp", 5, ["die"], 2, 3)
FIGHTER = Fighter("ember-knight#2", "ember-knight", 1, "Ember Knight", "red", "fire", 2, 3,
                  250, 300, 40, 120, 80, True, "Page", 30, True, "captive", EFFECT, "inactive")
DUEL = Duel("red", "scorch", [[3, 4], [5, 2]], [6, None], "attacker")
ATTACK = Attack(1, "ember-knight#2", True, "scorch", "gearback", "lead", "pp", True, 45,
                "+5", "gearback/jab", 10, 20, False, {"kind": "die", "value": 4}, "parry",
                DUEL, "partial", True, True)
STATE = GameState(
    ["A", "B"], {"AG3": "declared+agreed"}, "advance_play", [["ember-knight#2"], ["gearback"]],
    {"ember-knight#2": FIGHTER}, [3, 5], [[3, 5]], 1, 7, 0, "duel", ATTACK, 1, 0, True,
    "time", 42, 12, [True, True], True, {"target": "x", "lead": {"move": "m"}},
    {"player": 0, "choice": "may"}, {"character": "x", "rounds": [[1, 2]]}, ["text"])


def apart(a: Any, b: Any, path: str = "state") -> None:
    """``a`` equals ``b`` and no list, dict or dataclass inside one is the other's."""
    assert a == b, path
    if isinstance(a, (list, dict)) or hasattr(a, "__dataclass_fields__"):
        assert a is not b, f"{path} is shared with the copy"
    if isinstance(a, list):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            apart(x, y, f"{path}[{i}]")
    elif isinstance(a, dict):
        for k in a:
            apart(a[k], b[k], f"{path}[{k!r}]")
    elif hasattr(a, "__dataclass_fields__"):
        for f in fields(a):
            apart(getattr(a, f.name), getattr(b, f.name), f"{path}.{f.name}")


@pytest.mark.parametrize("value", [EFFECT, FIGHTER, DUEL, ATTACK, STATE],
                         ids=lambda v: type(v).__name__)
def test_every_field_is_copied(value) -> None:
    """Each sample sets every field to something other than its default, so a field the
    copy leaves out comes back as its default and the comparison fails."""
    for f in fields(value):
        default = f.default_factory() if f.default_factory is not MISSING else f.default
        assert getattr(value, f.name) != default, f"set {type(value).__name__}.{f.name}"
    copied = value.clone() if isinstance(value, GameState) else value.copy()
    apart(copied, value, type(value).__name__)


def test_a_change_to_the_copy_leaves_the_position_alone() -> None:
    copied = STATE.clone()
    copied.fighters["ember-knight#2"].effect.replies.append("x")
    copied.attack.duel.rounds[0][0] = 6
    copied.side["lead"]["move"] = "other"
    assert EFFECT.replies == ["die"] and DUEL.rounds[0] == [3, 4]
    assert STATE.side == {"target": "x", "lead": {"move": "m"}}
