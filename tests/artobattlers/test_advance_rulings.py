"""Advance Play under each reading of its switchable rulings (AG26, AG28, AG33), the
no-more-issues check across zones (AG3), sacrifices in a side attack (A9.5, AG33), and the
refusals that go with them."""

from __future__ import annotations

import pytest

from judge.errors import IllegalDecisionError
from tests.artobattlers.scene import (
    EK,
    GB,
    MJ,
    VW,
    R,
    advance,
    advance_record,
    die,
    f,
    hit,
    keep,
    layouts,
    legal,
    lp,
    place,
    pp,
    record,
    side,
    types,
)
from tests.artobattlers.test_as_moves import HUSK


def test_ag26_the_team_prompt_describes_every_team_of_the_total():
    rec = advance_record([[], []])
    rec["decisions"] = []
    m = R.from_record(rec)
    teams = [o["characters"] for o in legal(m) if o["player"] == 0]
    assert teams == [[EK, EK], [EK, GB], [GB, GB], [VW, MJ]]  # 5+5, 5+5, 5+5, 4+6
    assert [x["count"] for x in m.prompt["described"]] == [4, 4]


def test_ag33_other_reading_chooses_the_joining_attack_after_a_full_lead():
    m = advance([[EK, GB], [MJ, VW]], [[EK, GB], [MJ, VW]], first=1,
                rulings={"AG33": "choose_joining_after_lead"})
    keep(m)
    with pytest.raises(IllegalDecisionError) as err:
        side(m, EK, (MJ, "thorn-volley", "lp"), (VW, "static-lash", None))
    assert err.value.rule == "AG33"
    side(m, EK, (MJ, "thorn-volley", "lp"), None)
    facts = die(m, 1)
    assert "JoiningAttackAwaited" in types(facts) and lp(m, EK) == 260
    assert m.prompt["kind"] == "joining_attack" and m.prompt["players"] == [1]
    assert [(o["character"], o["move"], o["pay"], o["sacrifice"]) for o in
            m.prompt["options"]] == [(VW, "static-lash", None, False),
                                     (VW, "overload", None, False)]
    facts = m.decide({"player": 1, "kind": "joining_attack", "character": VW,
                      "move": "static-lash"})
    assert (lp(m, EK), pp(m, VW), m.state.to_act) == (250, 70, 0)
    made = next(x for x in facts if type(x).__name__ == "JoiningAttackMade")
    assert (made.rule, made.move) == ("A22.5", "static-lash")
    assert m.state.side is None  # the next turn has begun


def test_a_joining_move_may_be_a_declared_sacrifice():
    m = advance([[EK, GB], [MJ, VW]], [[EK, GB], [MJ, VW]], first=1,
                harness={VW: {"life": 50}})
    keep(m)
    m.decide({"player": 1, "kind": "side_attack", "target": EK,
              "lead": {"character": MJ, "move": "thorn-volley", "pay": "lp",
                       "sacrifice": False},
              "joining": {"character": VW, "move": "overload", "pay": None,
                          "sacrifice": True}})
    facts = die(m, 1)
    assert lp(m, EK) == 250 and f(m, VW).status == "destroyed"
    gone = [x for x in facts if type(x).__name__ == "CharacterDestroyed"]
    assert [(x.character, x.cause, x.rule) for x in gone] == [(VW, "sacrifice", "A9.3")]
    assert not m.over and m.state.to_act == 0


def test_ag28_a_power_turn_needs_the_battle_zone_unless_any_zone_is_read():
    m = advance([[EK, GB], [MJ, VW]], [[GB], [MJ]])
    keep(m)
    with pytest.raises(IllegalDecisionError) as err:
        m.decide({"player": 0, "kind": "power_turn", "character": EK})
    assert err.value.rule == "AG28"
    m = advance([[EK, GB], [MJ, VW]], [[GB], [MJ]], rulings={"AG28": "any_zone"})
    keep(m)
    m.decide({"player": 0, "kind": "power_turn", "character": EK})
    assert pp(m, EK) == 60 and f(m, EK).zone == "inactive"


def husk_match(rulings=None):
    """P0: Husk (no PP for its only move) in the battle zone, Ember Knight inactive."""
    sample = R.catalogue()["sets"]["artobattlers-sample-v1"]["characters"]
    rec = advance_record([["husk", EK], [GB, "husk"]], total=6, rulings=rulings)
    rec["setup"]["characters"] = [HUSK, sample[0], sample[1]]
    m = R.from_record(rec)
    return m


def test_ag3_a_layout_without_a_turn_action_is_refused_when_another_has_one():
    m = husk_match()
    assert layouts(m)[:2] == [[EK], ["husk", EK]] and ["husk"] not in layouts(m)
    with pytest.raises(IllegalDecisionError) as err:
        place(m, ["husk"], 0)
    assert err.value.rule == "AG3"
    m = husk_match({"AG3": "declared+agreed"})
    place(m, ["husk"], 0)  # no automatic check, so nothing is refused
    assert f(m, EK).zone == "inactive"


def test_ag3_declared_only_a_stuck_player_may_only_give_up_or_declare():
    rec = record("husk", "husk", rulings={"AG3": "declared+agreed"})
    rec["setup"]["characters"] = [HUSK]
    m = R.from_record({**rec, "decisions": rec["decisions"] + [
        {"player": 0, "kind": "start_die", "value": 6},
        {"player": 1, "kind": "start_die", "value": 1}]})
    assert not m.over and m.prompt["kind"] == "turn_action" and m.prompt["options"] == []
    assert {"player": 0, "kind": "no_more_issues"} in m.prompt["standing"]
    m.decide({"player": 0, "kind": "no_more_issues"})
    assert m.outcome.to_json() == {"winner": 1, "draw": False, "reason": "no_more_issues"}


def test_advance_play_refusals_name_their_rules():
    m = advance([[EK, GB], [MJ, VW]], [[EK], [MJ]])
    with pytest.raises(IllegalDecisionError) as err:
        m.decide({"player": 0, "kind": "attack", "character": EK, "move": "blade-rush",
                  "target": MJ})
    assert "placement" in err.value.reason  # the review comes first
    keep(m)
    with pytest.raises(IllegalDecisionError) as err:
        m.decide({"player": 0, "kind": "attack", "character": GB, "move": "piston-slam",
                  "target": MJ})
    assert err.value.rule == "A21.6" and "Gearback is in the inactive zone" in err.value.reason
    with pytest.raises(IllegalDecisionError) as err:
        side(m, MJ, (EK, "pommel-strike", None), (GB, "steam-burst", None))
    assert err.value.rule == "A22.3"


def test_a_side_attack_is_refused_in_a_simple_duel():
    from tests.artobattlers.scene import duel
    m = duel(EK, GB)
    with pytest.raises(IllegalDecisionError) as err:
        side(m, GB, (EK, "pommel-strike", None), (EK, "blade-rush", None))
    assert err.value.rule == "A21.11"


def test_ag27_both_battle_zones_emptied_at_once_by_a_double_impact():
    m = advance([[GB, EK], [MJ, VW]], [[GB], [MJ]], harness={GB: {"life": 45},
                                                               MJ: {"life": 40}})
    keep(m)
    hit(m, GB, "rivet-barrage", MJ)  # 45 -> 35
    die(m, 6)
    facts = m.decide({"player": 1, "kind": "counterattack", "id": "4"})  # double impact
    assert f(m, GB).status == "destroyed" and f(m, MJ).status == "destroyed"
    assert not m.over
    # T2, P1: his own zone is empty (compulsory, one layout), then P0's is: the turn is lost.
    names = types(facts)
    assert names.index("TurnLost") > names.index("PlacementSet")
    lost = next(x for x in facts if type(x).__name__ == "TurnLost")
    assert (lost.turn, lost.player) == (2, 1)
    # T3, P0: his compulsory placement is forced too, and he acts.
    assert (m.state.turn, m.state.to_act, m.prompt["kind"]) == (3, 0, "turn_action")
    assert f(m, EK).zone == "battle" and f(m, VW).zone == "battle"


def test_ag3_a_team_with_no_legal_turn_action_in_any_zone_loses():
    sample = R.catalogue()["sets"]["artobattlers-sample-v1"]["characters"]
    rec = advance_record([["husk", "husk"], [EK]], total=5,
                         rulings={"AG26": "at_most_total"})
    rec["setup"]["characters"] = [HUSK, sample[0]]
    m = R.from_record(rec)
    place(m, ["husk"], 0)
    m.decide({"player": 0, "kind": "start_die", "value": 6})
    m.decide({"player": 1, "kind": "start_die", "value": 1})
    assert m.outcome.to_json() == {"winner": 1, "draw": False, "reason": "no_more_issues"}


@pytest.mark.parametrize("decision, field", [
    ({"player": 0, "kind": "placement", "battle_zone": [{"a": 1}], "inactive_zone": []},
     "battle_zone"),
    ({"player": 0, "kind": "placement", "battle_zone": [EK, 3], "inactive_zone": [GB]},
     "battle_zone"),
    ({"player": 0, "kind": "side_attack", "target": MJ, "lead": {"character": {}},
      "joining": None}, "lead"),
    ({"player": 0, "kind": "side_attack", "target": [MJ], "lead": {}, "joining": None},
     "target"),
    ({"player": 0, "kind": "attack", "character": [EK], "move": "x", "target": MJ},
     "character"),
    ({"player": 0, "kind": "power_turn", "character": {}}, "character"),
])
def test_malformed_decisions_are_refused_without_a_crash(decision, field):
    m = advance([[EK, GB], [MJ, VW]], [[EK], [MJ]])
    if decision["kind"] != "placement":
        keep(m)
    before = R.state_json(m.state, m.prompt)
    with pytest.raises(IllegalDecisionError) as err:
        m.decide(decision)
    assert f"{decision['kind']}.{field} has the wrong type" in err.value.reason
    assert R.state_json(m.state, m.prompt) == before
