"""Described decisions (judge/described.py): Advance Play placements and manual move 3 are
prompted by their shape and constraints, not as lists that grew as 2^n layouts and one
option per multiple (issue 27 item 12). A prompt stays small whatever the team, the
decision is checked when it arrives, and an illegal one is refused with reason and rule."""

from __future__ import annotations

import json
import random
from itertools import combinations

import pytest

from judge.artobattlers.legal import turn_actions
from judge.artobattlers.table import Table
from judge.artobattlers.zones import ability_action, can_attack, can_power_turn
from judge.described import expand, fits, misfit
from judge.errors import IllegalDecisionError
from tests.artobattlers.scene import EK, GB, MJ, VW, R, advance, attack, place
from tests.artobattlers.test_harness_cards import card
from tests.artobattlers.test_playouts import advance_setup, pick

KB100 = 100_000
WISP, GEAR = "wisp-one", "gear-one"


def one_globe_match(n: int) -> object:
    """Advance Play with ``n`` level globes a side and two one-globe characters in the data
    (copies of Volt Wisp and Gearback): each player brings ``n`` characters."""
    chars = [card(VW, WISP, level_globes=1), card(GB, GEAR, level_globes=1)]
    setup = {"format": "advance_play", "level_globe_total": n, "characters": chars,
             "rulings": {}, "players": [{"name": "Ana"}, {"name": "Ben"}]}
    m = R.from_record({"ruleset": "artobattlers", "setup": setup, "decisions": []})
    m.decide({"player": 0, "kind": "team", "characters": [WISP] * (n // 2) + [GEAR] * (n - n // 2)})
    m.decide({"player": 1, "kind": "team", "characters": [GEAR] * n})
    return m


def size(prompt: dict | None) -> int:
    return len(json.dumps(prompt).encode())


def test_a_forty_character_team_is_laid_out_with_every_prompt_under_100_kb():
    """40 one-globe characters a side (2^40 - 1 layouts each, at setup and at a review),
    all of them then in the battle zone (1,600 targets for 80 moves, 249,600 side attacks):
    every prompt on the way stays under 100 kB, and the decisions made from the
    descriptions are judged."""
    m = one_globe_match(40)
    sizes = [size(m.prompt)]
    setup = m.prompt
    assert setup["kind"] == "placement" and setup["options"] == []
    assert [x["count"] for x in setup["described"]] == [2 ** 40 - 1] * 2
    for p in (0, 1):
        place(m, [f.id for f in m.state.in_play(p)][:1], p)
        sizes.append(size(m.prompt))
    m.decide({"player": 0, "kind": "start_die", "value": 6})
    m.decide({"player": 1, "kind": "start_die", "value": 1})
    review = m.prompt
    sizes.append(size(review))
    assert review["kind"] == "placement" and review["described"][0]["count"] == 2 ** 40 - 1
    place(m, [f.id for f in m.state.in_play(0)])  # all forty to the battle zone
    turn = m.prompt
    sizes.append(size(turn))
    assert turn["kind"] == "turn_action" and {x["kind"] for x in turn["described"]} == {
        "attack", "side_attack"}
    m.decide({"player": 0, "kind": "attack", "character": f"{WISP}#20", "move": "spark-needle",
              "target": m.state.battle(1)[0].id})
    sizes.append(size(m.prompt))
    m.decide({"player": 1, "kind": "die", "value": 1})
    place(m, [f.id for f in m.state.in_play(1)])  # Ben's review: all forty too
    sizes.append(size(m.prompt))
    side = next(x for x in m.prompt["described"] if x["kind"] == "side_attack")
    assert side["count"] >= 40 * 40 * 39  # 40 targets, 40 leads, 39 joining characters
    assert max(sizes) < KB100, sizes
    assert size(review) < 6_000  # grows with the team's ids, not with its layouts


def test_a_team_prompt_of_four_one_globe_cards_for_40_globes_is_described_in_a_few_kb():
    """12,341 legal teams (multisets of 40 from four cards) once capped at 500 listed ones
    of 40 ids each; described, they are one sum. A team of 100 copies is judged too."""
    chars = [card(base, f"{base}-one", level_globes=1) for base in (EK, GB, VW, MJ)]
    setup = {"format": "advance_play", "level_globe_total": 40, "characters": chars,
             "rulings": {}, "players": [{"name": "Ana"}, {"name": "Ben"}]}
    m = R.from_record({"ruleset": "artobattlers", "setup": setup, "decisions": []})
    assert size(m.prompt) < 3_000
    assert [x["count"] for x in m.prompt["described"]] == [12341, 12341]
    with pytest.raises(IllegalDecisionError) as err:
        m.decide({"player": 0, "kind": "team", "characters": [f"{EK}-one"] * 39})
    assert err.value.rule == "A21.1, AG26" and "39" in err.value.reason
    m.decide({"player": 0, "kind": "team", "characters": [f"{EK}-one"] * 40})
    setup["level_globe_total"] = 100
    m = R.from_record({"ruleset": "artobattlers", "setup": setup, "decisions": [
        {"player": p, "kind": "team", "characters": [f"{GB}-one"] * 100} for p in (0, 1)]})
    assert f"{GB}-one#200" in m.state.fighters and size(m.prompt) < 30_000  # both layouts


def test_twenty_characters_no_longer_exhaust_memory_and_a_review_moves_all_of_them():
    m = one_globe_match(20)
    for p in (0, 1):
        ids = [f.id for f in m.state.in_play(p)]
        place(m, ids[:1], p)
    m.decide({"player": 0, "kind": "start_die", "value": 6})
    m.decide({"player": 1, "kind": "start_die", "value": 1})
    everyone = [f.id for f in m.state.in_play(0)]
    place(m, everyone)
    assert [f.id for f in m.state.battle(0)] == everyone and not m.state.inactive(0)


def test_manual_move_3_at_100000_pp_is_one_described_choice_of_multiple():
    """Volt Wisp's nullify (30 PP negate 50 DP) with 100,000 PP: 3,333 multiples, described
    as one integer field; the largest is judged, one more is refused with its rule."""
    rich = card(VW, "rich-wisp", power_points={"start": 100_000, "limit": 100_000})
    rec = {"ruleset": "artobattlers", "setup": {
        "format": "simple_duel", "characters": [R.catalogue()["sets"][
            "artobattlers-sample-v1"]["characters"][0], rich], "rulings": {},
        "players": [{"name": "P0"}, {"name": "P1"}]}, "decisions": [
        {"player": 0, "kind": "team", "characters": [EK]},
        {"player": 1, "kind": "team", "characters": ["rich-wisp"]},
        {"player": 0, "kind": "start_die", "value": 6},
        {"player": 1, "kind": "start_die", "value": 1}]}
    m = R.from_record(rec)
    attack(m, "flame-combo")
    prompt = m.prompt
    assert size(prompt) < KB100
    (mm3,) = prompt["described"]
    assert mm3["fields"]["multiple"] == {"type": "integer", "minimum": 1, "maximum": 3333,
                                         "rule": "A6.9, AG25"}
    assert mm3["count"] == 3333 and mm3["kind"] == "manual_move"
    with pytest.raises(IllegalDecisionError) as err:
        m.decide({"player": 1, "kind": "manual_move", "number": 3, "multiple": 3334})
    assert err.value.rule == "A6.9, AG25" and "30 PP per multiple" in err.value.reason
    m.decide({"player": 1, "kind": "manual_move", "number": 3, "multiple": 3333})
    assert m.state.fighters["rich-wisp"].power == 100_000 - 3333 * 30


def test_an_illegal_described_placement_is_refused_with_its_reason_and_rule():
    m = advance([[EK, GB], [MJ, VW]], [[EK], [MJ]])
    cases = [
        ({"battle_zone": [EK], "inactive_zone": []}, "A21.3", "once"),
        ({"battle_zone": [], "inactive_zone": [EK, GB]}, "A21.6", "at least one"),
        ({"battle_zone": [EK, EK], "inactive_zone": [GB]}, "A21.3", "once"),
        ({"battle_zone": [EK, GB], "inactive_zone": [], "note": "x"}, "A21.3", "'note'"),
    ]
    for zones, rule, words in cases:
        with pytest.raises(IllegalDecisionError) as err:
            m.decide({"player": 0, "kind": "placement", **zones})
        assert err.value.rule == rule and words in err.value.reason, err.value.reason
    m.decide({"player": 0, "kind": "placement", "battle_zone": [GB, EK]})  # any order
    assert [f.id for f in m.state.battle(0)] == [EK, GB]


def test_a_description_says_why_a_decision_does_not_fit():
    description = {"kind": "pick", "rule": "X1", "fields": {
        "player": {"const": 0}, "kind": {"const": "pick"},
        "k": {"type": "integer", "minimum": 1, "maximum": 3, "rule": "X2"},
        "some": {"type": "subset", "of": ["a", "b", "c"], "min_items": 1, "default": ["a"]},
        "words": {"type": "text", "max_length": 5}},
        "constraints": [{"type": "sum", "field": "some", "weights": {"a": 1, "b": 2, "c": 4},
                         "maximum": 3, "rule": "X3", "text": "at most 3 points."}]}
    good = {"player": 0, "kind": "pick", "k": 2, "words": "hi"}
    assert fits(description, good)  # ``some`` defaults to ["a"]
    for change, rule, words in [({"k": 4}, "X2", "between 1 and 3"), ({"k": True}, "X2", "whole"),
                                ({"player": 1}, "X1", "must be 0"),
                                ({"some": ["a", "c"]}, "X3", "at most 3"),
                                ({"some": ["d"]}, "X1", "'d'"), ({"words": "toolong"}, "X1", "7")]:
        why = misfit(description, {**good, **change})
        assert why is not None and why.rule == rule and words in why.reason, why
    del good["words"]
    assert misfit(description, good).field == "words"


def test_a_crowded_turn_action_describes_exactly_the_attacks_it_would_list():
    """Random Advance Play matches of one-globe copies of the four samples, 12 globes a
    side: wherever a turn action is crowded (crowded.LIST_AT_MOST), what its descriptions
    describe is what it would have listed; elsewhere it lists, as it always has."""
    chars = [card(base, f"{base}-one", level_globes=1) for base in (EK, GB, VW, MJ)]
    crowded_seen = listed_seen = 0
    for seed in range(12):
        rng = random.Random(seed)
        rec = advance_setup(rng)
        rec["setup"].update(characters=chars, level_globe_total=12)
        m = R.from_record(rec)
        while not m.over and len(m.events) < 300:
            prompt = m.prompt
            assert size(prompt) < KB100
            if prompt["kind"] == "turn_action":
                t = Table(m.state, m.cards, m.setup)
                listed = turn_actions(t, m.state.to_act)
                if prompt.get("described"):
                    got = prompt["options"] + [d for x in prompt["described"] for d in expand(x)]
                    assert sorted(map(json.dumps, got)) == sorted(map(json.dumps, listed))
                    crowded_seen += 1
                else:
                    assert prompt["options"] == listed
                    listed_seen += 1
            m.decide(pick(prompt, rng))
    assert crowded_seen > 20 and listed_seen > 5, (crowded_seen, listed_seen)


# --- the described layouts are exactly the ones the rules allow --------------------------


def layouts_by_the_rules(t: Table, player: int, review: bool) -> list[list[str]]:
    """Every legal battle zone, from the rules themselves (what the listed prompt offered):
    at least one character there (A21.3), none an effect holds in the battle zone moved out
    at a review (A13.5), and under AG3's automatic check only layouts that leave a turn
    action when any does."""
    s = t.s
    chars = [f.id for f in s.in_play(player)]
    out = []
    for k in range(1, len(chars) + 1):
        for battle in combinations(chars, k):
            inactive = [c for c in chars if c not in battle]
            if review and any(s.fighters[c].effect and s.fighters[c].zone == "battle"
                              for c in inactive):
                continue
            out.append(list(battle))
    if t.rulings["AG3"] == "auto+declared+agreed":
        zone_only = t.rulings["AG28"] == "battle_zone_only"

        def acts(battle: list[str]) -> bool:
            return any(can_attack(t, t.fighter(c)) or ability_action(t, t.fighter(c))
                       for c in battle) or any(can_power_turn(t, f) for f in s.in_play(player)
                                               if not zone_only or f.id in battle)
        out = [b for b in out if acts(b)] or out
    return out


def test_random_advance_play_placements_describe_exactly_the_legal_layouts():
    seen = 0
    for seed in range(40):
        rng = random.Random(seed)
        m = R.from_record(advance_setup(rng))
        while not m.over and len(m.events) < 400:
            if m.prompt["kind"] == "placement":
                review = m.state.to_act is not None
                t = Table(m.state, m.cards, m.setup)
                for x in m.prompt["described"]:
                    p = x["fields"]["player"]["const"]
                    assert [d["battle_zone"] for d in expand(x)] == layouts_by_the_rules(
                        t, p, review)
                    seen += 1
            m.decide(pick(m.prompt, rng))
    assert seen > 100
