"""Decisions in words: what the narrative, the events API and the viewer show."""

from __future__ import annotations

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
