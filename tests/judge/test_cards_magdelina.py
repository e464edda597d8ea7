"""Magdelina Larington's cards (magdelina.yaml): Divine Conduit (Level and Trance
counters), five Styles, Blessing and both Finishers; the card-data choices in
judge/battlecon/carddata/magdelina.toml.

Magdelina is player 0 (space 3) against Khadath, whose Hunter's Style is +0/+0/+0
while the Gate Trap is off the board. Her counters are set with a judge correction
where a test needs a Level.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from judge.battlecon import facts as F
from judge.battlecon.roster import card, fighter
from tests.judge.scene import (
    answer,
    dealt,
    facts_of,
    life,
    new_duel,
    option_values,
    pairs,
    pass_ante,
    priorities,
    settle,
    spaces,
    stage,
    stun_checks,
)

KEEP_SPIRITUAL = (("safety", "dash"), ("excelsius", "grasp"))  # Spiritual, Sanctimonious, Priestess
DEFAULTS = (("spiritual", "dash"), ("priestess", "grasp"))  # Sanctimonious, Safety, Excelsius
CARDDATA = Path(__file__).parents[2] / "judge" / "battlecon" / "carddata" / "magdelina.toml"


def counters(duel, p=0):
    c = duel.state.players[p].counters
    return c["level"], c["trance"]


def mag_duel(d0=DEFAULTS, spaces_=(3, 4), level=0, trance=0, **kw):
    duel = new_duel("magdelina", "khadath", d0=d0, **kw)
    stage(duel, spaces=spaces_, counters=({"level": level, "trance": trance}, None))
    return duel


def finish_beat(duel, choose=lambda options: options[0]):
    """Answer prompts until the next beat's pairs are asked for (or the duel ends)."""
    while duel.prompt and duel.prompt["kind"] != "attack_pair":
        settle(duel)
        if duel.prompt and duel.prompt["kind"] != "attack_pair":
            duel.decide(choose(duel.prompt["options"]))


def quiet_beat(duel, style="sanctimonious", base="shot", them=("hunters", "strike")):
    """A beat at range 6 where nobody hits (Khadath's Hunter's Strike reaches 1)."""
    pairs(duel, (style, base), them)
    pass_ante(duel)
    finish_beat(duel)


def test_divine_conduit_starts_at_level_0_with_no_trance():
    """Setup: the Level cards show 0; Trance counters start in the supply."""
    duel = new_duel("magdelina", "khadath")
    assert counters(duel) == (0, 0)
    assert fighter("magdelina").counters == ("trance", "level")


def test_divine_conduit_gains_a_trance_counter_after_each_beat():
    """After the beat (after recycling, R10.3): Trance not above the Level: +1 Trance."""
    duel = mag_duel(spaces_=(1, 7))
    quiet_beat(duel, "safety", "strike")
    assert counters(duel) == (0, 1)
    kinds = [type(f).__name__ for f in duel.facts]
    assert kinds.index("CounterSet") > kinds.index("Recycled")


def test_divine_conduit_levels_up_when_trance_already_exceeds_the_level():
    """Trance above the Level: discard them all and gain a Level, never on the beat the
    counters first exceed it (1 Trance at Level 1 gives a 2nd counter, not a Level)."""
    duel = mag_duel(spaces_=(1, 7), level=1, trance=1)
    quiet_beat(duel, "safety", "strike")
    assert counters(duel) == (1, 2)
    quiet_beat(duel, "excelsius", "burst", them=("blight", "grasp"))
    assert counters(duel) == (2, 0)


def test_divine_conduit_stops_at_level_5_and_5_trance():
    duel = mag_duel(spaces_=(1, 7), level=5, trance=5)
    quiet_beat(duel, "safety", "strike")
    assert counters(duel) == (5, 5)


def test_divine_conduit_level_gives_power_priority_and_stun_guard_at_ante():
    """Ante: +1 power, +1 priority and Stun Guard 1 for each Level, this beat."""
    duel = mag_duel(level=2)
    pairs(duel, ("sanctimonious", "strike"), ("hunters", "strike"))
    pass_ante(duel)
    assert facts_of(duel.facts, F.ClashOccurred)[0].priorities == [3, 3]  # 3 - 2 + 2
    bonus = [(f.stat, f.amount) for f in facts_of(duel.facts, F.StatusGained) if f.player == 0]
    assert bonus == [("power", 2), ("priority", 2), ("stun_guard", 2)]


def test_divine_conduit_level_bonus_decides_the_attack():
    """Level 2: Sanctimonious Strike is priority 3 - 2 + 2 = 3 and power 4 - 1 + 2 = 5."""
    duel = mag_duel(level=2)
    pairs(duel, ("sanctimonious", "strike"), ("hunters", "shot"))
    pass_ante(duel)
    finish_beat(duel)
    assert dealt(duel, 0)[0].amount == 5
    assert stun_checks(duel, 1)[0].stunned  # 5 > Shot's Stun Guard 2: Khadath never attacks
    assert not stun_checks(duel, 0)


def test_divine_conduit_does_nothing_after_a_pulse():
    """R23.6: after a Pulse beat, Divine Conduit does nothing."""
    duel = mag_duel()
    pairs(duel, ("special-action", "burst"), ("hunters", "strike"))
    pass_ante(duel)
    finish_beat(duel)
    assert facts_of(duel.facts, F.Pulsed) and counters(duel) == (0, 0)


def test_spiritual_without_a_hit_withholds_trance_and_level():
    """Spiritual: +1 power, +1 priority; no hit this beat: no Trance and no Level."""
    duel = mag_duel(d0=KEEP_SPIRITUAL, spaces_=(1, 7), level=0, trance=1)
    quiet_beat(duel, "spiritual", "strike")
    assert counters(duel) == (0, 1)
    assert any(f.rule == "spiritual: passive" for f in facts_of(duel.facts, F.Declined))


def test_spiritual_with_a_hit_progresses_as_usual():
    duel = mag_duel(d0=KEEP_SPIRITUAL, spaces_=(3, 4), level=0, trance=1)
    pairs(duel, ("spiritual", "strike"), ("lure", "shot"))
    pass_ante(duel)
    assert priorities(duel) == [4, 1]
    finish_beat(duel)
    assert dealt(duel, 0)[0].amount == 5
    assert counters(duel) == (1, 0)


def test_sanctimonious_range_grows_with_trance_counters():
    """Sanctimonious: -1 power, -2 priority, +0~X range, X = Trance counters."""
    duel = mag_duel(spaces_=(2, 6), trance=3)
    pairs(duel, ("sanctimonious", "strike"), ("hunters", "strike"))
    pass_ante(duel)
    finish_beat(duel)
    assert [f.amount for f in dealt(duel, 0)] == [3]  # range 1~4 reaches 4 spaces


def test_sanctimonious_without_trance_has_its_base_range():
    duel = mag_duel(spaces_=(2, 6), trance=0)
    pairs(duel, ("sanctimonious", "strike"), ("hunters", "strike"))
    pass_ante(duel)
    finish_beat(duel)
    assert not dealt(duel, 0)


def test_priestess_gives_minus_2_power_on_hit_and_heals_1():
    """Priestess: -2 power, -1 priority; On Hit the opponent has -2 power; After
    Activating heal 1 life (never above 20, R14.8)."""
    duel = mag_duel(d0=KEEP_SPIRITUAL, spaces_=(3, 4))
    stage(duel, life=(15, 20))
    pairs(duel, ("priestess", "strike"), ("lure", "shot"))
    pass_ante(duel)
    finish_beat(duel)
    assert dealt(duel, 0)[0].amount == 2
    assert dealt(duel, 1)[0].amount == 1  # Lure Shot 3 - 2
    assert life(duel) == (15 + 1 - 1, 18)
    gained = facts_of(duel.facts, F.LifeGained)
    assert [(g.amount, g.actual) for g in gained] == [(1, 1)]


def test_priestess_heal_never_lifts_life_above_20():
    duel = mag_duel(d0=KEEP_SPIRITUAL, spaces_=(3, 4))
    pairs(duel, ("priestess", "strike"), ("lure", "shot"))
    pass_ante(duel)
    settle(duel)
    gained = facts_of(duel.facts, F.LifeGained)
    assert [(g.amount, g.actual) for g in gained] == [(1, 0)]


def test_safety_caps_each_attack_at_level_plus_3_damage():
    """Safety: at most Level + 3 damage from each attack."""
    for level, taken in ((0, 3), (1, 4), (3, 6)):
        duel = mag_duel(spaces_=(3, 4), level=level)
        stage(duel, trap=2)  # Hunter's: +2 power next to the Gate Trap
        pairs(duel, ("safety", "shot"), ("hunters", "strike"))
        pass_ante(duel)
        settle(duel)
        hit = dealt(duel, 1)[0]
        assert hit.amount == taken and ("Safety" in hit.text) == (taken < 6), hit.text
        if taken < 6:  # said as a cap, not as a negative bonus
            assert f"; at most {taken} by Safety)" in hit.text and " -" not in hit.text, \
                hit.text
            assert hit.power - hit.soak == taken  # the stored fact, as before the cap hook


def test_safety_moves_0_to_3_at_end_of_beat_if_hit():
    duel = mag_duel(spaces_=(3, 4))
    pairs(duel, ("safety", "strike"), ("hunters", "strike"))
    pass_ante(duel)
    finish_beat(duel, choose=lambda options: options[-1] if options[0].get("kind") == "move"
                else options[0])
    moved = [f for f in facts_of(duel.facts, F.Moved) if f.rule == "safety: End of Beat"]
    assert len(moved) == 1 and moved[0].player == 0


def test_safety_does_not_move_when_not_hit():
    duel = mag_duel(spaces_=(1, 7))
    quiet_beat(duel, "safety", "strike")
    assert not [f for f in facts_of(duel.facts, F.Triggered) if f.card == "safety"]


def test_excelsius_moves_exactly_1_before_activating():
    """Excelsius: +0~1 range, -2 power, -1 priority; Before Activating move 1 space."""
    duel = mag_duel(spaces_=(3, 6))
    pairs(duel, ("excelsius", "strike"), ("hunters", "burst"))
    pass_ante(duel)
    settle(duel)
    while duel.prompt["players"] != [0]:
        duel.decide(duel.prompt["options"][0])
        settle(duel)
    assert sorted(option_values(duel)) == [2, 4]


def test_excelsius_pushes_0_to_2_at_level_2():
    """Excelsius On Hit at Level 2 or more: push the opponent 0-2 spaces."""
    duel = mag_duel(spaces_=(3, 5), level=2)
    pairs(duel, ("excelsius", "strike"), ("lure", "shot"))
    pass_ante(duel)
    settle(duel)
    answer(duel, 0, "move", to=4)  # Before Activating: move 1, next to Khadath
    settle(duel)
    assert option_values(duel) == [5, 6, 7]
    answer(duel, 0, "move", to=7)
    assert spaces(duel)[1] == 7


def test_excelsius_does_not_push_below_level_2():
    duel = mag_duel(spaces_=(3, 5), level=1)
    pairs(duel, ("excelsius", "strike"), ("lure", "shot"))
    pass_ante(duel)
    settle(duel)
    answer(duel, 0, "move", to=4)
    finish_beat(duel)
    assert not [f for f in facts_of(duel.facts, F.Triggered)
                if f.card == "excelsius" and f.timing == "on_hit"]


def test_blessing_heals_both_3_and_gains_a_trance_counter_without_damage():
    """Blessing: range 1~2, power N/A, priority 3, Stun Guard 3; On Hit both fighters heal
    3 life and Magdelina gains a Trance counter."""
    duel = mag_duel(spaces_=(3, 5))
    stage(duel, life=(10, 10))
    pairs(duel, ("safety", "blessing"), ("lure", "shot"))
    pass_ante(duel)
    finish_beat(duel)
    assert dealt(duel, 0)[0].amount == 0
    heals = [(g.player, g.actual) for g in facts_of(duel.facts, F.LifeGained)]
    assert heals == [(0, 3), (1, 3)]
    assert counters(duel) == (1, 0)  # 1 Trance from Blessing exceeds Level 0 after the beat


def test_apotheosis_stuns_and_gains_a_level():
    """Apotheosis: range 1, power 1, priority 4; On Hit the opponent is stunned and
    Magdelina gains a Level."""
    duel = mag_duel(spaces_=(3, 4), finishers=("apotheosis", None))
    stage(duel, life=(7, 20))
    pairs(duel, ("special-action", "strike"), ("hunters", "strike"))
    pass_ante(duel)
    finish_beat(duel)
    assert facts_of(duel.facts, F.Stunned)[0].player == 1
    assert not [f for f in facts_of(duel.facts, F.Activated) if f.player == 1]
    assert counters(duel) == (1, 1)  # Level 1, then a Trance counter after the beat


def test_solar_soul_discards_trance_counters_for_power():
    """Solar Soul: range 1~2, power 2, priority 4, Soak 2; On Hit discard any number of
    Trance counters, +1 power each."""
    duel = mag_duel(spaces_=(3, 4), trance=3, finishers=("solar-soul", None))
    stage(duel, life=(7, 20))
    pairs(duel, ("special-action", "strike"), ("hunters", "strike"))
    pass_ante(duel)
    settle(duel)
    assert [o["option"] for o in duel.prompt["options"]] == ["0", "1", "2", "3"]
    answer(duel, 0, "pick", option="3")
    assert dealt(duel, 0)[0].amount == 5
    spent = [f.value for f in facts_of(duel.facts, F.CounterSet) if f.rule.startswith("solar")]
    assert spent == [0]


def test_carddata_choices_match_the_code():
    """carddata/magdelina.toml: every value the judge uses is the one the code declares."""
    for choice in tomllib.loads(CARDDATA.read_text())["choice"]:
        if choice["field"] in ("power", "priority"):
            assert getattr(card(choice["card"]), choice["field"]) == choice["value"], choice
        elif choice["field"] == "discards":
            assert [list(p) for p in fighter("magdelina").default_discards] == choice["value"]


def test_magdelina_kit_stats():
    """Stats as printed (magdelina.yaml)."""
    stats = {c: (card(c).range, card(c).power, card(c).priority, card(c).soak,
                 card(c).stun_guard) for c in ("spiritual", "sanctimonious", "priestess",
                                               "safety", "excelsius", "blessing",
                                               "apotheosis", "solar-soul")}
    assert stats == {"spiritual": ((0, 0), 1, 1, 0, 0), "sanctimonious": ((0, 0), -1, -2, 0, 0),
                     "priestess": ((0, 0), -2, -1, 0, 0), "safety": ((0, 0), -2, -1, 0, 0),
                     "excelsius": ((0, 1), -2, -1, 0, 0), "blessing": ((1, 2), "N/A", 3, 0, 3),
                     "apotheosis": ((1, 1), 1, 4, 0, 0), "solar-soul": ((1, 2), 2, 4, 2, 0)}
