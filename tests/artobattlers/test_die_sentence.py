"""The sentence of a reply die reads the face as the table does: a NORMAL 6 is a
Counterattack only when the target has one that fits the attack's class (A5.2); with none,
nothing happens (AG6, scenario AS08a), and the sentence says so rather than promising that
the attacker takes a counterattack's DP."""

from __future__ import annotations

from tests.artobattlers.scene import EK, MJ, VW, R, attack, die, duel


def _die_line(m) -> str:
    return next(line for line in R.narrative(m) if "answers with a die" in line)


def test_a_normal_six_with_no_usable_counterattack_says_nothing_happens():
    m = duel(EK, VW, first=1)
    attack(m, "spark-needle")  # a distance move; Ember Knight's counterattacks are body only
    die(m, 6)
    line = _die_line(m)
    assert "the Counterattack face on the NORMAL chart, but Ember Knight has no usable " \
           "counterattack: nothing happens (AG6)" in line
    assert "the attacker takes its DP" not in line


def test_a_normal_six_with_a_usable_counterattack_reads_as_one():
    m = duel(EK, MJ)
    attack(m, "blade-rush")  # a body move; Mossjaw has body counterattacks
    die(m, 6)
    assert "a Counterattack on the NORMAL chart: the attacker takes its DP (A4.8)" \
        in _die_line(m)
