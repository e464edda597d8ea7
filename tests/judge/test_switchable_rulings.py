"""Switchable rulings behind the ruleset interface (judge.rulings): each ruleset lists its
rulings with their readings, names the readings a setup is judged under, and switches them
for a fork "with another ruling", refusing what it does not judge with the ruling named."""

from __future__ import annotations

import pytest

from judge import registry
from judge.battlecon.record import KNOWN_RULINGS
from judge.errors import RecordError

BATTLECON = {"format": "battlecon-record/1",
             "players": [{"name": "Ana", "fighter": "hikaru"},
                         {"name": "Ben", "fighter": "khadath"}]}


def test_battlecon_lists_its_rulings_with_the_readings_a_record_leaving_them_out_reads():
    rules = registry.find("battlecon-2014")
    assert {k: [r["value"] for r in v["readings"]] for k, v in rules.rulings().items()} == {
        "form-in-finisher": ["applies", "replaced"], "juto-direction": ["from-juto",
                                                                        "from-tatsumi"],
        "lure-power": [0, -1], "mimic-movement": ["after", "together"],
        "mirror-token": ["any", "own"], "placing": ["movement", "exempt"],
        "range-direction": ["toward", "both"], "trigger-order": ["asked", "hinted"],
        "wyrding-start": ["resolves", "skipped"]}
    setup = rules.parse_setup(BATTLECON)
    assert rules.rulings_of(setup) == {"form-in-finisher": "applies",
                                       "juto-direction": "from-tatsumi", "lure-power": 0,
                                       "mimic-movement": "after", "mirror-token": "own",
                                       "placing": "exempt", "range-direction": "both",
                                       "trigger-order": "hinted", "wyrding-start": "skipped"}


def test_battlecon_recommends_the_readings_a_new_duel_names():
    """``recommended`` is what the new-duel page and the playouts name; ``default`` (what a
    record naming none reads) stays what records written before each ruling were judged by."""
    rulings = registry.find("battlecon-2014").rulings()
    assert {k: v["recommended"] for k, v in rulings.items()} == {
        "form-in-finisher": "applies", "juto-direction": "from-juto", "lure-power": 0,
        "mimic-movement": "after", "mirror-token": "any", "placing": "movement",
        "range-direction": "toward", "trigger-order": "asked", "wyrding-start": "resolves"}
    assert {k: (v["rule"], v["title"]) for k, v in rulings.items()}["range-direction"] == (
        "G11", "A space within range")
    assert rulings["placing"]["rule"] == "P1"
    for spec in rulings.values():
        assert spec["recommended"] in [r["value"] for r in spec["readings"]]


def test_the_record_accepts_exactly_the_declared_readings():
    """One declaration: the record's validation and its JSON Schema hold the same rulings and
    readings as judge/battlecon/rulings.py."""
    rules = registry.find("battlecon-2014")
    declared = {k: tuple(r["value"] for r in v["readings"]) for k, v in rules.rulings().items()}
    assert KNOWN_RULINGS == declared
    schema = rules.schemas()["record"]["$defs"]["options"]["properties"]["rulings"]
    assert {k: tuple(v["enum"]) for k, v in schema["properties"].items()} == declared
    assert {k: v["default"] for k, v in schema["properties"].items()} == {
        k: v["default"] for k, v in rules.rulings().items()}


def test_artobattlers_recommends_the_digests_recommendation():
    rulings = registry.find("artobattlers").rulings()
    assert rulings and all(v["recommended"] == v["default"] == v["readings"][0]["value"]
                           for v in rulings.values())


def test_battlecon_switches_only_the_named_ruling():
    rules = registry.find("battlecon-2014")
    setup = rules.parse_setup({**BATTLECON, "options": {"rulings": {"trigger-order": "asked"}}})
    forked = rules.with_rulings(setup, {"lure-power": -1})
    assert forked["options"]["rulings"] == {"trigger-order": "asked", "lure-power": -1}
    assert setup["options"]["rulings"] == {"trigger-order": "asked"}  # not changed in place
    assert rules.parse_setup({**BATTLECON, "options": forked["options"]}) == forked


@pytest.mark.parametrize("changes,field", [
    ({"lure-power": 1}, "rulings.lure-power"), ({"lure-power": "0"}, "rulings.lure-power"),
    ({"lure-power": True}, "rulings.lure-power"), ({"AG4": "round_down"}, "rulings.AG4")])
def test_battlecon_refuses_a_reading_it_does_not_judge(changes, field):
    rules = registry.find("battlecon-2014")
    with pytest.raises(RecordError) as err:
        rules.with_rulings(rules.parse_setup(BATTLECON), changes)
    assert err.value.field == field
    assert next(iter(changes)) in err.value.reason


def test_art_o_battlers_switches_its_gap_rulings():
    rules = registry.find("artobattlers")
    described = rules.rulings()
    assert [r["value"] for r in described["AG4"]["readings"]] == ["round_up", "round_down"]
    assert described["AG4"]["rule"] == "AG4"
    setup = {"rulings": {gap: spec["default"] for gap, spec in described.items()}}
    assert rules.with_rulings(setup, {"AG4": "round_down"})["rulings"]["AG4"] == "round_down"
    for changes in ({"AG4": "half_points"}, {"lure-power": -1}):
        with pytest.raises(RecordError) as err:
            rules.with_rulings(setup, changes)
        assert err.value.field == f"rulings.{next(iter(changes))}"


def test_a_fork_may_switch_each_gap_ruling_and_is_refused_a_reading_it_does_not_judge():
    """The four gap rulings (Mimic's, Wyrding, a Finisher's Current Form, Juto's way) are
    switched by a fork like any other, and validated the same way."""
    rules = registry.find("battlecon-2014")
    setup = rules.parse_setup(BATTLECON)
    changes = {"mimic-movement": "together", "wyrding-start": "resolves",
               "form-in-finisher": "replaced", "juto-direction": "from-juto"}
    forked = rules.with_rulings(setup, changes)
    assert forked["options"]["rulings"] == changes
    assert rules.rulings_of(rules.parse_setup({**BATTLECON, "options": forked["options"]})) \
        == {**rules.rulings_of(setup), **changes}
    with pytest.raises(RecordError) as err:
        rules.with_rulings(setup, {"juto-direction": "from-seth"})
    assert err.value.field == "rulings.juto-direction"
