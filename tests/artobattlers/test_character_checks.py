"""Character data the rulebook's lost pictures leave to us, refused with the field and the
rule: a nature symbol outside the five (AG32), a counterattack id under two issue types
(AG37), a force challenge colour that does not fit the move's class (AG38)."""

from __future__ import annotations

import copy

import pytest

from judge.errors import RecordError
from tests.artobattlers.scene import R, record
from tests.artobattlers.test_as_moves import HUSK

MOVE = "setup.characters[0].attack_moves[0]"


def refused(move_changes: dict) -> RecordError:
    husk = copy.deepcopy(HUSK)
    husk["attack_moves"][0].update(move_changes)
    rec = record("husk", "husk")
    rec["setup"]["characters"] = [husk]
    with pytest.raises(RecordError) as err:
        R.from_record(rec)
    return err.value


def test_ag32_a_move_shows_only_the_five_nature_symbols_or_none():
    err = refused({"nature": ["earth"]})
    assert err.field.startswith(f"{MOVE}.nature")
    for nature in ([], ["beam", "air", "water", "fire", "thunder"]):  # "Empty" is no symbol
        husk = copy.deepcopy(HUSK)
        husk["attack_moves"][0]["nature"] = nature
        rec = record("husk", "husk")
        rec["setup"]["characters"] = [husk]
        assert R.from_record(rec).state.fighters["husk"].name == "Husk"


def test_ag37_a_counterattack_id_stands_under_one_issue_type_only():
    issues = dict(HUSK["attack_moves"][0]["issues"], overcome_counterattacks=["1"],
                  nullify_counterattacks=["1"])
    err = refused({"issues": issues})
    assert (err.field, err.rule) == (f"{MOVE}.issues", "AG37")


def test_ag38_a_force_challenge_colour_fits_the_moves_class():
    err = refused({"force_challenge": "green"})  # Drain Beam is a distance move: blue
    assert (err.field, err.rule) == (f"{MOVE}.force_challenge", "AG38")
    husk = copy.deepcopy(HUSK)
    husk["attack_moves"][0]["force_challenge"] = "blue"
    rec = record("husk", "husk")
    rec["setup"]["characters"] = [husk]
    assert R.from_record(rec).cards["husk"].moves[0].force_challenge == "blue"
