"""Decisions in words: what the narrative, the events API and the viewer show."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from judge.battlecon import Duel
from judge.battlecon.narrative import describe_decision
from judge.battlecon.playout import record_setup


@pytest.fixture(scope="module")
def duel() -> Duel:
    rec = record_setup("hikaru", "khadath")
    rec["players"][0]["name"], rec["players"][1]["name"] = "Ana", "Ben"
    return Duel.from_record(rec)


@pytest.mark.parametrize("decision, words", [
    ({"player": 0, "kind": "attack_pair", "style": "focused", "base": "drive"},
     "Ana chooses an attack pair, face down."),
    ({"player": 1, "kind": "clash_base", "base": "strike"},
     "Ben chooses a new Base for the Clash, face down."),
    ({"player": 0, "kind": "ante", "token": "fire"}, "Ana antes Fire."),
    ({"player": 0, "kind": "ante", "finisher": True}, "Ana antes the Finisher."),
    ({"player": 1, "kind": "pass"}, "Ben passes."),
    ({"player": 1, "kind": "move", "to": 4}, "Ben chooses space 4."),
    ({"player": 1, "kind": "place", "marker": "gate-trap", "to": 2},
     "Ben puts the Gate Trap on space 2."),
    ({"player": 1, "kind": "arrange", "spaces": [2, 6]},
     "Ben places Ana on space 2 and Ben on space 6."),
    ({"player": 0, "kind": "may", "accept": True}, "Ana accepts."),
    ({"player": 0, "kind": "may", "accept": False}, "Ana declines."),
    ({"player": 0, "kind": "pick", "option": "earth"}, "Ana picks Earth."),
    ({"player": 0, "kind": "pick", "option": "none"}, "Ana picks none."),
    ({"player": 1, "kind": "order", "effects": ["burst/start_of_beat/0",
                                                "blight/start_of_beat/0"]},
     "Ben orders the effects: Burst, then Blight."),
    ({"player": 1, "kind": "concede"}, "Ben concedes."),
])
def test_each_kind_of_decision_reads_as_a_sentence(duel, decision, words):
    assert describe_decision(duel.setup, decision) == words


def test_a_secret_choice_names_no_card(duel):
    words = describe_decision(duel.setup, {"player": 0, "kind": "attack_pair", "style": "focused",
                                     "base": "drive"})
    assert "Focused" not in words and "Drive" not in words


def test_a_judges_correction_reads_as_a_sentence_in_the_narrative():
    """A record with a correction (a head judge's ruling) narrates it, naming no player."""
    from judge.battlecon.narrative import lines
    from tests.judge.scene import new_duel, stage

    duel = new_duel("hikaru", "khadath")
    stage(duel, spaces=(2, 5))
    text = "\n".join(lines(duel))
    assert "A judge corrects the position (test): Test harness position." in text


# --- the narrative read aloud (issue 14, item 9): whole recorded duels -----------------

GOLDEN = Path(__file__).parent / "golden"


def transcript(stem: str) -> list[str]:
    from judge.battlecon.narrative import lines

    return list(lines(Duel.from_record(json.loads((GOLDEN / f"{stem}.json").read_text()))))


def every_transcript() -> list[str]:
    return [line for path in sorted(GOLDEN.glob("*.json")) for line in transcript(path.stem)]


def test_a_decision_says_what_was_asked_before_the_answer():
    said = transcript("khadath-vs-cadenza-both-variants")
    assert "  15  > Cadenza's Burst (Start of Beat): Retreat 1 or 2 spaces. Ben chooses " \
        "space 6. [burst: Start of Beat]" in said
    assert "  28  > Iron Body: spend a token for Stun Guard ∞ against these 2 damage? " \
        "Ben accepts." in said
    assert "   8  > Cadenza may ante or pass. Ben's choice: Cadenza passes. [R5.3]" in said


def test_no_answer_reads_before_its_question_in_any_duel():
    """No decision line starts with the bare answer ("Ben chooses space 6.", "Ana passes.",
    "P0 picks Earth.", "Ben says yes.") as it did before the question was said."""
    bare = re.compile(r"^ *\d+  > \S+ (chooses space|passes|antes|picks|says|accepts|declines"
                      r"|puts|places|orders)\b")
    assert [line for line in every_transcript() if bare.match(line)] == []


def test_one_happening_is_one_line():
    said = "\n".join(transcript("khadath-vs-cadenza-both-variants"))
    assert " 104  > Teleport: move the Gate Trap to any space. Ana's choice: Khadath puts his " \
        "Gate Trap on space 7. [teleport: End of Beat]" in said
    assert "Ana puts the Gate Trap" not in said
    assert "   3  > Ben's choice: Cadenza lays an attack pair face down. [R4.1]" in said
    assert "Ben chooses an attack pair" not in said


def test_no_jargon_in_any_duel():
    said = "\n".join(every_transcript())
    assert "N/A" not in said
    assert re.search(r"damage \([^)]* \+ ", said) is None  # "power 2 + Sweeping -1"
    assert re.search(r"has -\d+ life", said) is None
    assert "Khadath's attack cannot hit: it has no range this beat. [R13.5]" in said
    assert "Vanaah takes 3 damage (power 4, 1 less for Sweeping). [R8.1d]" in said
    assert "Demitras falls to -3 life: Cadenza wins the duel. [R20.1]" in said


def test_only_legal_option_is_not_said_when_other_choices_led_to_the_same_space():
    said = transcript("khadath-vs-cadenza-both-variants")
    assert " 329    Cadenza retreats 1 space, 4 → 5, stopped on entering the Gate Trap (every " \
        "legal choice ends on space 5). [burst: Start of Beat]" in said


def test_a_direct_move_passes_no_one():
    said = every_transcript()
    assert [line for line in said if "directly" in line and "passing" in line] == []
    assert "  21    Cherri moves directly from 3 to 7, to Khadath's other side. " \
        "[dreamscape: Before Activating]" in transcript("cherri-vs-khadath")


def test_a_fighter_with_tokens_left_is_told_why_he_cannot_ante_more():
    said = transcript("khadath-vs-cadenza-both-variants")
    assert "  52    Cadenza has already anted Iron Body this beat and may ante no more, so " \
        "passes. [R5.3]" in said


def test_a_repeated_attack_comes_after_the_first_hits_damage():
    """Fully Automatic's repeat is recorded on the hit (event 405), but told when the
    attack repeats: after the first hit's damage and stun check."""
    said = transcript("rukyuk-vs-cadenza")
    at = said.index(" 406    Cadenza takes 2 damage (power 2). [R8.1d]")
    assert said[at - 1].startswith(" 404    Fully Automatic: Rukyuk discards his Explosive")
    assert said[at + 1:at + 4] == [
        " 407    2 is more than his Stun Guard 0, so Cadenza is stunned. [R16.2]",
        " 405    Fully Automatic: the attack repeats once this hit has dealt its damage. "
        "[fully-automatic: On Hit]",
        " 408    Cadenza is at range 3, within Rukyuk's range 3~6: Fully Automatic hits. "
        "[R13.3]"]
