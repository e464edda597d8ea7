"""The ``__init__`` facts are built with (judge.battlecon.speed.fast_init) takes exactly the
parameters the dataclass's own would, and builds the same fact."""

from __future__ import annotations

import dataclasses
import inspect

import pytest

import judge.battlecon.roster  # noqa: F401  (registers the fighters' facts too)
from judge.battlecon import facts as F
from judge.battlecon.speed.fast_init import build_init


def _dataclass_init(cls: type) -> object:
    """The ``__init__`` ``@dataclass(frozen=True)`` would have written for ``cls``."""
    twin = dataclasses.make_dataclass(cls.__name__, [
        (f.name, f.type, f) for f in dataclasses.fields(cls)], frozen=True)
    return twin.__init__


@pytest.mark.parametrize("name", sorted(F.FACT_TYPES))
def test_same_parameters_as_the_dataclass_init(name: str) -> None:
    cls = F.FACT_TYPES[name]
    factories = {f.name for f in dataclasses.fields(cls)
                 if f.default_factory is not dataclasses.MISSING}

    def shape(init: object) -> list[tuple]:  # a default factory's marker differs: its name
        return [(p.name, p.kind, "factory" if p.name in factories else p.default)
                for p in inspect.signature(init).parameters.values()]  # type: ignore[arg-type]

    assert shape(build_init(cls)) == shape(_dataclass_init(cls))


def test_builds_the_same_frozen_fact() -> None:
    moved = F.Moved(rule="R1", text="t", player=0, by=0, kind="advance", start=1, end=3,
                    spaces=2, passed=False)
    assert dataclasses.asdict(moved) == {
        "rule": "R1", "text": "t", "player": 0, "by": 0, "kind": "advance", "start": 1,
        "end": 3, "spaces": 2, "passed": False, "forced": False, "stopped_by": ""}
    with pytest.raises(dataclasses.FrozenInstanceError):
        moved.end = 4  # type: ignore[misc]
    with pytest.raises(TypeError, match="missing"):
        F.Moved(rule="R1", text="t")  # type: ignore[call-arg]


def test_default_factories_give_a_fresh_value_each_time() -> None:
    with_factory = [cls for cls in F.FACT_TYPES.values() if any(
        f.default_factory is not dataclasses.MISSING for f in dataclasses.fields(cls))]
    assert with_factory, "some fact has a list field with a default factory"
    cls = with_factory[0]
    field = next(f for f in dataclasses.fields(cls) if f.default_factory is not dataclasses.MISSING)
    typed = {str: "", "str": "", bool: False, "bool": False}  # a compiled class checks types
    required = {f.name: typed.get(f.type, 0) for f in dataclasses.fields(cls)
                if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING}
    one, two = cls(**required), cls(**required)
    assert getattr(one, field.name) == field.default_factory()
    assert getattr(one, field.name) is not getattr(two, field.name)


def test_keyword_only_fields_stay_keyword_only() -> None:
    with pytest.raises(TypeError):
        F.StepBegan("R1", "t", "ante", None)  # type: ignore[misc]  # planned is keyword-only
    assert F.StepBegan("R1", "t", "ante", planned={"x": 1}).planned == {"x": 1}
