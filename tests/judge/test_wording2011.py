"""001's words in a 2011 duel's narrative (``judge.battlecon.wording2011``, issue 35): the
Clash that runs out of Bases (C05), two Pulses (C06b) and a Special Action that is a Finisher
(C08) cite 001's heading and quotation; the same decisions under 2014 cite 2014's rules."""

from __future__ import annotations

import pytest

from judge.battlecon.narrative import lines
from judge.battlecon.wording2011 import ABSENT_OPTIONS, WORDINGS, wording_of
from tests.judge.scene import new_duel, pairs, pass_ante, settle, stage
from tests.judge.scenes2011 import cancel_beat, clash_out_of_bases, trance_beat

BOTH = ("battlecon-2011", "battlecon-2014")
CLASH = ("[001 › Step 3 Reveal Attack Pairs › Clash: “If players run out of cards during a "
         "clash, then they pick up all bases in the attack (including the original base) and "
         "continue the clash.”]")
BOTH_PULSE = ("[001 › Special Actions › Pulse: “If both players pulse simultaneously, they "
              "both push each other back as far as possible.”]")
FINISH = ("[001 › Special Actions › Finish: “The overdrive finish attack varies for each "
          "character, and is listed on the Character card.”]")


def cited(duel, words: str) -> list[str]:
    """The citations of the narrative's lines that say ``words``."""
    return [line[line.index(" ["):].strip() for line in lines(duel) if words in line]


@pytest.mark.parametrize("ruleset", BOTH)
def test_c05_out_of_bases_in_a_clash_cites_001s_clash(ruleset) -> None:
    duel = clash_out_of_bases(ruleset)
    if ruleset == "battlecon-2011":
        assert cited(duel, "picks up the Bases of the attack") == [CLASH, CLASH]
    else:
        assert cited(duel, "no Base left to Clash with") == ["[R6.8]"]
        assert not [line for line in lines(duel) if "001" in line]


@pytest.mark.parametrize("ruleset", BOTH)
def test_c06b_two_pulses_cite_001s_pulse(ruleset) -> None:
    duel = new_duel("cadenza", "kallistar", ruleset=ruleset)
    stage(duel, spaces=(3, 5))
    pairs(duel, ("special-action", "burst"), ("special-action", "burst"))
    pass_ante(duel)
    settle(duel)
    if ruleset == "battlecon-2011":
        assert cited(duel, "Both players Pulse") == [BOTH_PULSE]
        assert cited(duel, "Both Pulse (001)") == [BOTH_PULSE]
    else:
        assert cited(duel, "The two Pulses cancel out") == ["[R26.2]"]


@pytest.mark.parametrize("ruleset", BOTH)
def test_c08_a_special_action_that_is_a_finisher_cites_001s_finish(ruleset) -> None:
    duel = new_duel("cadenza", "kallistar", ruleset=ruleset)
    stage(duel, spaces=(3, 5), life=(7, 20))
    pairs(duel, ("special-action", "strike"), ("blazing", "burst"))
    pass_ante(duel)
    said = cited(duel, "is a Finisher")
    assert said == ([FINISH] if ruleset == "battlecon-2011" else ["[R25]"])


def test_each_passage_is_keyed_to_one_fact_or_the_setup() -> None:
    """A fact matches the first passage of its type whose words it says: the general one
    of a type comes after the ones picked by words."""
    for k, w in enumerate(WORDINGS):
        earlier = [v for v in WORDINGS[:k] if v.fact == w.fact and w.fact not in ("", "-")]
        assert all(v.text for v in earlier), (w.conflict, w.fact)
    assert wording_of("StunChecked", "R16.2", "5 is more than her Stun Guard 0") is None
    assert set(ABSENT_OPTIONS) == {"ante_finishers", "time_limit"}


CANCEL_ONE = ("[001 › Special Actions › Cancel: “Cancel allows you to choose your attack "
              "after looking at what your opponent has played.”]")
CANCEL_BOTH = ("[001 › Special Actions › Cancel: “If both players cancel simultaneously, they "
               "must both choose new attacks secretly.”]")
REVEAL_TIE = ("[001 › Character-Specific Questions › Hikaru: “the player who originally had "
              "the highest priority continues to have priority.”]")


def test_c07_a_cancel_cites_001s_cancel() -> None:
    one, both = (cancel_beat("battlecon-2011", pair)
                 for pair in (("blazing", "strike"), ("special-action", "shot")))
    assert cited(one, "chooses a new attack pair") == [CANCEL_ONE]
    assert cited(both, "both choose new attack pairs") == [CANCEL_BOTH]


def test_c13_a_tie_made_during_reveal_cites_001s_hikaru_answer() -> None:
    duel = trance_beat("battlecon-2011", ("hunters", "strike"))
    assert cited(duel, "a tie made during Reveal") == [REVEAL_TIE]
