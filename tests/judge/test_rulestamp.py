"""The rules stamp (``setup["rules"]``, judge/battlecon/rulestamp.py): a record without one
is judged as before the stamps, a stamped one under its version; an unknown one is refused;
the stamp travels with the record it was judged under."""

from __future__ import annotations

import pytest

from judge.battlecon import rulestamp
from judge.battlecon.duel import Duel
from judge.battlecon.playout import record_setup
from judge.battlecon.record import parse_setup
from judge.errors import RecordError


def record(**extra: object) -> dict:
    return {"format": "battlecon-record/1",
            "players": [{"name": "Ana", "fighter": "hikaru"},
                        {"name": "Ben", "fighter": "khadath"}], "decisions": [], **extra}


def test_a_record_without_a_stamp_is_judged_as_before_the_stamps() -> None:
    setup = parse_setup(record())
    assert "rules" not in setup  # its setup (and so its genesis hash) is as it was
    duel = Duel.from_record(record())
    assert duel.state.rules == rulestamp.LEGACY == 1
    assert "rules" not in duel.to_record()
    assert not any(rulestamp.fixed(duel.state, fix) for fix in rulestamp.FIXES)


def test_a_stamped_record_is_judged_under_its_stamp_and_keeps_it() -> None:
    duel = Duel.from_record(record(rules="rules-2"))
    assert duel.setup["rules"] == "rules-2"
    assert duel.state.rules == 2
    assert all(rulestamp.fixed(duel.state, fix) for fix in rulestamp.FIXES)
    assert duel.to_record()["rules"] == "rules-2"
    assert Duel.from_record(duel.to_record()).state.rules == 2


@pytest.mark.parametrize("stamp", ["rules-99", "rules-1", 2, "", None, ["rules-2"]])
def test_a_stamp_this_release_does_not_know_is_refused(stamp: object) -> None:
    with pytest.raises(RecordError) as err:
        Duel.from_record(record(rules=stamp))
    assert err.value.field == "rules"
    assert "rules-2" in err.value.reason


def test_new_duels_name_todays_rules() -> None:
    assert record_setup("luc", "lixis")["rules"] == rulestamp.TODAY
    assert rulestamp.todays({"a": 1}) == {"a": 1, "rules": rulestamp.TODAY}


def test_every_fix_names_a_level_this_release_knows() -> None:
    levels = set(rulestamp.STAMPS.values())
    assert all(at in levels for at, _ in rulestamp.FIXES.values())
    assert rulestamp.fixes_between(1, 2) == list(rulestamp.FIXES)
    assert rulestamp.STAMPS[rulestamp.TODAY] == max(levels)
