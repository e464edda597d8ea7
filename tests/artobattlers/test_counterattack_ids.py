"""Two counterattacks with one id (issue 33 item 2): refused for a character entered now
(A1.14: the id names the counterattack; 004 §6 "you can decide which one you activate"),
while a character or duel stored with them still judges, its prompt telling the two apart
and a decision recorded before (``{"id": "3"}``) resolving as it always did: the first."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from judge.artobattlers.imports import check_document
from judge.errors import IllegalDecisionError, RecordError
from tests.artobattlers.scene import EK, R, attack, die, lp
from tests.artobattlers.test_as_moves import HUSK

TWIN = {**copy.deepcopy(HUSK), "id": "twin", "name": "Twin", "counterattacks": [
    {"id": "3", "group": "body", "dp": {"body": 10}},
    {"id": "3", "group": "both", "dp": {"body": 50, "distance": 50}}]}


def ek() -> dict[str, Any]:
    return next(c for c in R.catalogue()["sets"]["artobattlers-sample-v1"]["characters"]
                if c["id"] == EK)


def twin_record() -> dict[str, Any]:
    """Ember Knight (P0, first) against Twin, as a record stored before A1.14's check."""
    return {"format": "artobattlers-record/1", "ruleset": "artobattlers", "setup": {
        "format": "simple_duel", "characters": [ek(), copy.deepcopy(TWIN)], "rulings": {},
        "players": [{"name": "P0"}, {"name": "P1"}]},
        "decisions": [{"player": 0, "kind": "team", "characters": [EK]},
                      {"player": 1, "kind": "team", "characters": ["twin"]},
                      {"player": 0, "kind": "start_die", "value": 6},
                      {"player": 1, "kind": "start_die", "value": 1}]}


def at_the_choice() -> Any:
    """The stored duel at a NORMAL 6 against Blade Rush (a body attack): both "3" fit."""
    m = R.from_record(twin_record())
    attack(m, "blade-rush")
    die(m, 6)
    return m


def test_import_refuses_a_counterattack_id_used_twice_naming_the_field_and_rule():
    document = {"schema_version": 1, "ruleset": "artobattlers", "characters": [TWIN]}
    with pytest.raises(RecordError) as err:
        check_document(document)
    assert err.value.field == "characters[0].counterattacks[1].id"
    assert err.value.rule == "A1.14"
    assert "'3' is used twice (also counterattacks[0])" in str(err.value)
    assert "004 §6" in str(err.value)


def test_a_new_duels_setup_refuses_it_through_the_ruleset():
    with pytest.raises(RecordError) as err:
        R.check_new_setup(R.parse_setup(twin_record()))
    assert err.value.field == "setup.characters[1].counterattacks[1].id"
    assert err.value.rule == "A1.14"


def test_distinct_ids_pass_both_checks():
    fine = copy.deepcopy(TWIN)
    fine["counterattacks"][1]["id"] = "c"
    assert check_document({"schema_version": 1, "ruleset": "artobattlers",
                           "characters": [fine]})[0]["id"] == "twin"
    rec = twin_record()
    rec["setup"]["characters"][1] = fine
    R.check_new_setup(R.parse_setup(rec))  # no RecordError


def test_the_stored_duels_prompt_tells_the_two_apart():
    m = at_the_choice()
    assert m.prompt["kind"] == "counterattack"
    assert m.prompt["options"] == [
        {"player": 1, "kind": "counterattack", "id": "3", "index": 0},
        {"player": 1, "kind": "counterattack", "id": "3", "index": 1}]
    assert 'index 0: "3", green bar, 10 DP' in m.prompt["about"]
    assert 'index 1: "3", green-blue bar, 50 DP' in m.prompt["about"]


@pytest.mark.parametrize("decision, ek_loses", [
    ({"id": "3", "index": 0}, 10), ({"id": "3", "index": 1}, 50), ({"id": "3"}, 10)])
def test_each_choice_deals_its_own_dp_and_an_old_decision_means_the_first(decision, ek_loses):
    m = at_the_choice()
    before = lp(m, EK)
    m.decide({"player": 1, "kind": "counterattack", **decision})
    assert before - lp(m, EK) == ek_loses


def test_an_index_that_names_no_usable_counterattack_is_refused():
    m = at_the_choice()
    with pytest.raises(IllegalDecisionError):
        m.decide({"player": 1, "kind": "counterattack", "id": "3", "index": 2})


def test_the_stored_record_replays_with_its_choice_and_its_narrative_says_which():
    rec = twin_record()
    m = at_the_choice()
    chosen = {"player": 1, "kind": "counterattack", "id": "3", "index": 1}
    m.decide(chosen)
    decisions = [d for k, d in m.events if k == "decision"]
    again = R.from_record({**rec, "decisions": decisions})
    assert lp(again, EK) == lp(m, EK) and R.state_json(again.state, again.prompt) == R.state_json(m.state, m.prompt)
    lines = list(R.narrative(again))
    assert any("chooses counterattack \"3\" (index 1 of the card's counterattacks)" in line
               for line in lines)
