"""The other readings of switchable rulings, and refusals with their reasons and rules."""

from __future__ import annotations

import pytest

from judge.errors import DuelOverError, IllegalDecisionError, RecordError
from tests.artobattlers.scene import EK, GB, VW, R, attack, die, duel, lp, record


def test_ag6_as_hit_reads_an_unusable_six_as_a_hit():
    m = duel(EK, VW, first=1, rulings={"AG6": "as_hit"})
    attack(m, "spark-needle")
    die(m, 6)
    assert lp(m, EK) == 270


def test_ag21_sacrificer_wins_when_the_opponent_falls():
    m = duel(EK, VW, first=1, harness={EK: {"life": 100}, VW: {"life": 50}},
             rulings={"AG21": "sacrificer_wins"})
    attack(m, "overload", sacrifice=True)
    die(m, 1)
    assert (m.outcome.winner, m.outcome.draw) == (1, False)


def test_ag3_declared_only_turns_the_automatic_check_off():
    m = duel(EK, GB, rulings={"AG3": "declared+agreed"})
    assert m.state.rulings["AG3"] == "declared+agreed" and not m.over


@pytest.mark.parametrize("decision, rule", [
    ({"player": 1, "kind": "attack", "character": GB, "move": "piston-slam",
      "target": EK}, "A3.3"),
    ({"player": 0, "kind": "attack", "character": EK, "move": "no-such", "target": GB},
     "A1.4"),
    ({"player": 0, "kind": "attack", "character": EK, "move": "blade-rush", "target": EK},
     "A17.2"),
    ({"player": 0, "kind": "die", "value": 3}, "A3.3"),
])
def test_illegal_decisions_are_refused_with_reason_and_rule(decision, rule):
    m = duel(EK, GB)
    before = R.state_json(m.state, m.prompt)
    with pytest.raises(IllegalDecisionError) as err:
        m.decide(decision)
    assert err.value.rule == rule and err.value.reason
    assert R.state_json(m.state, m.prompt) == before


def test_an_unpayable_move_and_a_decision_after_the_end():
    m = duel(EK, GB, harness={EK: {"life": 20, "power": 0}})
    with pytest.raises(IllegalDecisionError) as err:
        attack(m, "ember-shot")
    assert "A8.4" in err.value.rule
    m.decide({"player": 0, "kind": "give_up"})
    with pytest.raises(DuelOverError):
        m.decide({"player": 1, "kind": "give_up"})


def test_an_unknown_ruling_names_the_field():
    with pytest.raises(RecordError) as err:
        R.from_record(record(EK, GB, rulings={"AG99": "x"}))
    assert err.value.field == "setup.rulings.AG99"
    with pytest.raises(RecordError, match="not judged yet"):
        R.from_record(record(EK, GB, rulings={"AG4": "half_points"}))
