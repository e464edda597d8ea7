"""A head judge corrects the table's answer to a free card text like any ruling (issue 33
item 1): each part of the answer is a correctable field, and correcting it judges the
answer and every later decision again, so an attack the table made miss is undone."""

from __future__ import annotations

import json

import pytest

from judge.errors import IllegalDecisionError
from tests.artobattlers.scene import EK, R, attack, lp
from tests.artobattlers.test_free_text import NOTE, answer, howler, match


def correct(m, **parts):
    return m.decide({"kind": "correction", "rule": "AG1", "text": "The note is misread.",
                     "changes": [{"field": f"card_text.1.{k}", "after": v}
                                 for k, v in parts.items()]})


def test_the_answer_is_listed_among_the_correctable_fields():
    m = match(howler())
    answer(m, outcome="miss")
    fields = R.correctable(m)
    assert fields["card_text.1.outcome"]["value"] == "miss"
    assert fields["card_text.1.character"]["value"] == "howler"
    assert fields["card_text.1.amount"]["value"] == 0
    assert "hit" in fields["card_text.1.outcome"]["choices"]


def test_an_attack_made_to_miss_corrected_to_hit_deals_its_damage():
    m = match(howler())
    before = lp(m, EK)
    answer(m, outcome="miss")
    assert lp(m, EK) == before and (m.prompt["kind"], m.prompt["players"]) == (
        "turn_action", [1])
    correct(m, outcome="hit")
    assert lp(m, EK) == before - 30  # Drain Beam's 30 DP in full, judged again
    assert (m.prompt["kind"], m.prompt["players"]) == ("turn_action", [1])
    text = "\n".join(R.narrative(m))
    assert f"Corrected: the table's answer 1 to Howler's card text (note: drain-beam): " \
        f"\"{NOTE}\" — what it does from miss to hit. What followed it is judged again: " \
        f"Ember Knight's LP {before} → {before - 30}." in text


def test_corrected_to_nothing_the_attack_waits_for_its_reply_again():
    m = match(howler())
    answer(m, outcome="miss")
    correct(m, outcome="nothing")
    assert (m.prompt["kind"], m.prompt["players"]) == ("reply", [1])
    m.decide({"player": 1, "kind": "die", "value": 1})  # now the reply lands: a Hit
    assert lp(m, EK) == 270


def test_a_life_change_corrected_re_judges_the_hit_that_followed():
    m = match(howler())
    answer(m, outcome="life", character=EK, amount=-40)
    m.decide({"player": 1, "kind": "die", "value": 1})  # the Hit: 30 more
    assert lp(m, EK) == 230
    correct(m, amount=-10)
    assert lp(m, EK) == 260 and m.prompt["kind"] == "turn_action"


def test_a_correction_that_makes_a_later_decision_illegal_is_refused_and_changes_nothing():
    m = match(howler())
    answer(m, outcome="miss")
    attack(m, "pommel-strike")  # Ben's turn: Ember Knight attacks
    version = m.state.version
    with pytest.raises(IllegalDecisionError) as err:
        correct(m, outcome="nothing")  # the reply would be pending: no turn for Ben
    assert "no longer legal" in err.value.reason and err.value.field == "card_text.1.outcome"
    assert m.state.version == version


def test_the_corrected_match_replays_from_its_record_to_the_same_state():
    m = match(howler())
    answer(m, outcome="miss")
    correct(m, outcome="hit")
    again = R.from_record(json.loads(json.dumps(m.to_record())))
    assert again.to_json() == m.to_json()
    stored = R.from_record(m.to_record())
    assert lp(stored, EK) == lp(m, EK) == 270
