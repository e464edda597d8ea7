"""The rule hooks carry the rewrites to come: Paradigm of Haste, Negation, Juto.

Each is written as a hook declaration on a test fighter (``tests/judge/hook_fighter.py``)
and checked against the rulebook's FAQ scenarios (S30, S36, S42, S43) and the card texts,
asserting what a judge would see: where a standup stops, who is Active, an attack's
numbers, which effects trigger, hit or miss, what a position holds.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from judge.battlecon import Duel, engine, rules
from judge.battlecon import facts as F
from judge.battlecon.actions import Advance, Ctx
from judge.battlecon.agenda import RangeCheck, StunCheck
from judge.battlecon.cards import BEFORE_ACTIVATING, END_OF_BEAT, Card, Effect
from judge.battlecon.hooks import check_names
from judge.battlecon.notation import state_json
from judge.battlecon.position import FORMAT, Position, from_position, to_position
from judge.battlecon.roster import card, has_fighter
from judge.battlecon.state import DuelState, Pair, Status
from judge.battlecon.stats import attack
from judge.errors import RecordError
from tests.judge import hook_fighter as H
from tests.judge.scene import facts_of, pass_ante


@pytest.fixture(scope="module", autouse=True)
def tester() -> Iterator[None]:
    with H.registered():
        yield
    assert not has_fighter(H.FID)


def position(me: dict, them: dict, **top: object) -> dict:
    """A position: player 0 the test fighter, player 1 a real one (Cadenza by default)."""
    return {"format": FORMAT, "players": [
        {"fighter": H.FID, "discard_1": ["ht-plain", "dash"], "discard_2": ["ht-steady", "grasp"],
         **me},
        {"fighter": "cadenza", "discard_1": ["hydraulic", "dash"],
         "discard_2": ["clockwork", "grasp"], **them}], **top}


def state(me: dict, them: dict) -> DuelState:
    return from_position(Position.from_json(position(me, them)))


def reveal(s: DuelState, p: int, style: str, base: str) -> None:
    """Lay and turn a pair face up, as the Reveal step leaves it."""
    pl = s.players[p]
    pl.hand = [c for c in pl.hand if c not in (style, base)]
    pl.pair = Pair(style, base, revealed=True)
    s.cache.forget()


# --- Paradigm of Haste (S30) -----------------------------------------------------------------


def advance(s: DuelState, mover: int, amount: int) -> list[F.Fact]:
    step = Effect(BEFORE_ACTIVATING, (Advance(amount),), f"Advance {amount}.")
    return Advance(amount).resolve(Ctx(s, mover, card("hydraulic"), step), None)


def test_haste_stops_an_opponent_entering_a_space_next_to_zaamassal() -> None:
    """S30: Zaamassal on 5 with Haste, the opponent on 2 advances 3: 2→3→4, stops on 4."""
    s = state({"space": 5, "in_play": [H.HASTE]}, {"space": 2})
    [moved] = advance(s, 1, 3)
    assert isinstance(moved, F.Moved)
    assert (moved.start, moved.end, moved.spaces, moved.stopped_by) == (2, 4, 2, H.HASTE)
    assert "stopped on entering a space next to Hook Tester" in moved.text


def test_without_haste_in_play_the_same_advance_goes_all_the_way() -> None:
    s = state({"space": 5}, {"space": 2})
    [moved] = advance(s, 1, 3)
    assert (moved.end, moved.spaces, moved.stopped_by) == (6, 3, "")  # hops over Zaamassal


def test_haste_holds_an_adjacent_opponent_in_place() -> None:
    s = state({"space": 5, "in_play": [H.HASTE]}, {"space": 4})
    [ignored] = advance(s, 1, 1)
    assert isinstance(ignored, F.MovementIgnored) and ignored.rule == "R17.9"
    assert "holds an adjacent opponent in place" in ignored.text


def test_haste_never_stops_its_owner() -> None:
    s = state({"space": 2, "in_play": [H.HASTE]}, {"space": 6})
    [moved] = advance(s, 0, 3)
    assert (moved.end, moved.stopped_by) == (5, "")


def test_haste_wins_a_priority_tie_without_a_clash() -> None:
    """Through the engine: a duel from a position with Haste in play, equal priorities."""
    duel = Duel.new({"format": "battlecon-record/1", "ruleset": "battlecon-2014",
                     "position": position({"space": 3, "in_play": [H.HASTE]}, {"space": 5},
                                          options={"special_actions": False})})
    duel.decide({"player": 0, "kind": "attack_pair", "style": "ht-surge", "base": "strike"})
    duel.decide({"player": 1, "kind": "attack_pair", "style": "grapnel", "base": "strike"})
    pass_ante(duel)
    [active] = facts_of(duel.facts, F.BecameActive)
    assert active.priorities[0] == active.priorities[1]
    assert (active.player, active.rule) == (0, "R6.6")
    assert "wins without a Clash (Paradigm of Haste)" in active.text
    assert not facts_of(duel.facts, F.ClashOccurred)


def test_a_stun_costs_zaamassal_his_paradigm() -> None:
    s = state({"space": 3, "in_play": [H.HASTE]}, {"space": 4})
    reveal(s, 0, "ht-plain", "ht-base")
    reveal(s, 1, "battery", "strike")
    s.agenda[:] = [StunCheck(0, 1, 5)]
    facts = engine.handle(s, None)
    assert isinstance(facts, list)
    assert [type(f).__name__ for f in facts] == ["StunChecked", "LeftPlay"]
    for f in facts:
        f.run(s)
    assert s.players[0].in_play == [] and s.players[0].this_beat.stunned


# --- Negation (S42, S43) ------------------------------------------------------------------


def test_negation_cancels_the_opponents_style_stats() -> None:
    s = state({"space": 3}, {"space": 4})
    reveal(s, 1, "clockwork", "press")  # Clockwork: +3 power, -3 priority, Soak 3
    before = attack(s, 1)
    reveal(s, 0, "ht-negation", "ht-base")
    after = attack(s, 1)
    assert (before.power, before.priority, before.soak) == (4, -3, 3)
    assert (after.power, after.priority, after.soak) == (1, 0, 0)
    assert [label for label, _ in after.parts["power"]] == ["Press"]


def test_negation_cancels_style_effects_but_not_end_of_beat_ones() -> None:
    s = state({"space": 3}, {"space": 5})
    reveal(s, 0, "ht-negation", "ht-base")
    reveal(s, 1, "hydraulic", "strike")
    assert rules.effects_for(s, 1, BEFORE_ACTIVATING) == []  # Hydraulic's advance
    reveal(s, 1, "battery", "strike")
    assert [c.id for c, _ in rules.effects_for(s, 1, END_OF_BEAT)] == ["battery"]


def test_negation_cancels_an_extra_style_in_force_like_a_form() -> None:
    """S42: every Style in force is cancelled, the current form or Overload included."""
    mirror = position({"space": 3}, {"space": 5})
    mirror["players"][1] = {**mirror["players"][0], "space": 5, "counters": {"overload": 1}}
    s = from_position(Position.from_json(mirror))
    reveal(s, 1, "ht-plain", "ht-base")
    assert attack(s, 1).power == 5  # Test Base 3 + Surge 2 in force as an extra Style
    reveal(s, 0, "ht-negation", "ht-base")
    assert attack(s, 1).power == 3


def test_negation_leaves_status_effects() -> None:
    """S43: a status effect gained earlier still applies under Negation."""
    s = state({"space": 3}, {"space": 4})
    s.statuses.append(Status(1, "power", 2, "Battery", beat=1, until=1))
    s.cache.forget()
    reveal(s, 0, "ht-negation", "ht-base")
    reveal(s, 1, "clockwork", "press")
    assert attack(s, 1).power == 3 and ("Battery", 2) in attack(s, 1).parts["power"]


# --- Juto: a figure with life, zones (S36) and Fearless ----------------------------------------


@pytest.mark.parametrize("juto, zone, stats", [
    (2, 0, {"range": (1, 4), "power": 4, "soak": 0}),
    (3, 1, {"soak": 3, "stun_guard": 0}),
    (4, 2, {"soak": 1, "stun_guard": 2}),
    (5, 3, {"priority": 4}),
    (6, 3, {"priority": 4}),
])
def test_juto_zone_bonus_follows_his_space(juto: int, zone: int, stats: dict) -> None:
    s = state({"space": 3, "figures": {"juto": {"space": juto, "life": 4}}}, {"space": 5})
    reveal(s, 0, "ht-plain", "ht-base")
    got = attack(s, 0)
    assert {k: getattr(got, k) for k in stats} == stats
    assert any(label == f"Juto (zone {zone})" for part in got.parts.values() for label, _ in part)


def test_juto_zone_changes_at_once_when_positions_change() -> None:
    """S36: the bonus is checked again as soon as a standup or Juto moves."""
    s = state({"space": 3, "figures": {"juto": {"space": 4, "life": 4}}}, {"space": 5})
    reveal(s, 0, "ht-plain", "ht-base")
    assert attack(s, 0).soak == 1  # zone 2: between
    F.Moved(rule="test", text="", player=1, by=1, kind="retreat", start=5, end=4, spaces=1)\
        .run(s)
    assert (attack(s, 0).soak, attack(s, 0).priority) == (0, 4)  # zone 3: on the opponent


def test_juto_starts_on_his_owners_space_with_four_life() -> None:
    duel = Duel.new({"format": "battlecon-record/1", "ruleset": "battlecon-2014",
                     "options": {"special_actions": False},
                     "players": [{"name": "A", "fighter": H.FID, "finisher": "ht-finisher-a",
                                  "discard_1": ["ht-plain", "dash"],
                                  "discard_2": ["ht-steady", "grasp"]},
                                 {"name": "B", "fighter": "cadenza", "finisher": "rocket-press",
                                  "discard_1": ["hydraulic", "dash"],
                                  "discard_2": ["clockwork", "grasp"]}],
                     "first_to_ante": 0})
    assert duel.to_json()["figures"] == [
        {"owner": 0, "name": "juto", "space": 3, "life": 4, "solid": False}]
    assert duel.to_json()["players"][0]["counters"] == {"overload": 0}


def test_fearless_measures_range_from_juto() -> None:
    s = state({"space": 1, "figures": {"juto": {"space": 4, "life": 4}}}, {"space": 5})
    reveal(s, 0, "ht-fearless", "ht-base")  # range 1~2 (Juto in zone 2: no range bonus)
    assert engine.range_origin(s, 0) == 4
    s.agenda[:] = [RangeCheck(0)]
    [hit] = engine.handle(s, None)
    assert isinstance(hit, F.Hit) and "range 1" in hit.text


def test_fearless_cannot_hit_with_juto_off_the_board() -> None:
    s = state({"space": 4, "figures": {"juto": {"space": None, "life": 0}}}, {"space": 5})
    reveal(s, 0, "ht-fearless", "ht-base")
    s.agenda[:] = [RangeCheck(0)]
    [missed] = engine.handle(s, None)
    assert isinstance(missed, F.Missed) and missed.reason == "range_origin"


def test_juto_loses_life_and_leaves_the_board_by_facts() -> None:
    s = state({"space": 3}, {"space": 5})
    F.FigureChanged(rule="test", text="", owner=0, figure="juto", space=3, life=1).run(s)
    assert (s.figure(0, "juto").space, s.figure(0, "juto").life) == (3, 1)
    F.FigureChanged(rule="test", text="", owner=0, figure="juto", space=None, life=0).run(s)
    assert s.figure(0, "juto").space is None
    assert state_json(s, None)["figures"][0] == {"owner": 0, "name": "juto", "space": None,
                                                 "life": 0, "solid": False}


# --- positions, registration ------------------------------------------------------------------


def test_a_position_with_cards_in_play_counters_and_figures_round_trips() -> None:
    data = position({"space": 2, "in_play": [H.HASTE], "counters": {"overload": 1},
                     "figures": {"juto": {"space": None, "life": 0}}}, {"space": 6})
    pos = Position.from_json(data)
    again = to_position(from_position(pos))
    assert again == pos and again.to_json() == pos.to_json()
    me = again.to_json()["players"][0]
    assert (me["in_play"], me["counters"], me["figures"]) == (
        [H.HASTE], {"overload": 1}, {"juto": {"space": None, "life": 0}})


@pytest.mark.parametrize("change, field", [
    ({"in_play": ["strike"]}, "position.players[0].in_play"),
    ({"in_play": [H.HASTE, H.HASTE]}, "position.players[0].in_play"),
    ({"figures": {"bear": {"space": 2}}}, "position.players[0].figures"),
    ({"figures": {"juto": {"space": 9, "life": 4}}}, "position.players[0].figures.juto.space"),
    ({"figures": {"juto": {"space": 2, "life": 5}}}, "position.players[0].figures.juto.life"),
    ({"counters": {"overload": -1}}, "position.players[0].counters.overload"),
])
def test_a_malformed_position_names_the_field(change: dict, field: str) -> None:
    with pytest.raises(RecordError) as refused:
        Position.from_json(position({"space": 2, **change}, {"space": 6}))
    assert refused.value.field == field or field in str(refused.value)


def test_an_unknown_hook_name_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown hook 'dodges'"):
        check_names(Card("ht-typo", "Typo", "style", fighter=H.FID, hooks={"dodges": print}))
    check_names(Card("ht-own", "Own", "style", fighter=H.FID, hooks={"hooktest.flag": True}))
