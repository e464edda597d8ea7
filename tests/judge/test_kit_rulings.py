"""A fighter's switchable ruling is declared by its kit (``Fighter.rulings``) and added by
``kits.register``; ``judge/battlecon/rulings.py`` declares only the core's own (issue 30:
nothing in the core names a fighter)."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge.battlecon import rulings
from judge.battlecon.options import parse_options
from judge.battlecon.record import KNOWN_RULINGS
from judge.battlecon.roster import fighter, fighter_ids
from judge.errors import RecordError
from judge.rulings import reading


def test_the_core_table_names_no_fighter():
    source = Path(rulings.__file__).with_suffix(".py").read_text().lower()
    assert [f for f in fighter_ids() if f in source] == []


def test_every_kit_ruling_is_known_from_its_kit():
    from_kits = {name: spec for f in fighter_ids() for name, spec in fighter(f).rulings}
    assert sorted(from_kits) == ["form-in-finisher", "juto-direction", "lure-power",
                                 "mimic-movement", "mirror-token", "wyrding-start"]
    for name, spec in from_kits.items():
        assert rulings.RULINGS[name] == spec
        assert KNOWN_RULINGS[name] == tuple(r["value"] for r in spec["readings"])
    assert list(rulings.RULINGS) == sorted(rulings.RULINGS)  # the order the record lists


def test_a_ruling_declared_later_is_read_and_forgotten_with_its_kit():
    spec = {"rule": "T1", "title": "A test's ruling", "default": "a", "recommended": "b",
            "readings": [reading("a", "one way"), reading("b", "another")]}
    before = list(rulings.RULINGS)
    rulings.declare("test-ruling", spec)
    try:
        assert parse_options({"rulings": {"test-ruling": "b"}})["rulings"] == {"test-ruling": "b"}
        assert rulings.reading_in({}, "test-ruling") == "a"
        with pytest.raises(ValueError, match="already declared"):
            rulings.declare("test-ruling", {**spec, "default": "b"})
    finally:
        rulings.withdraw("test-ruling")
    assert list(rulings.RULINGS) == before and "test-ruling" not in KNOWN_RULINGS
    with pytest.raises(RecordError, match="Unknown ruling test-ruling"):
        parse_options({"rulings": {"test-ruling": "b"}})
