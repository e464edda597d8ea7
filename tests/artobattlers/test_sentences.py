"""Decisions and facts read as sentences in the game's words, as a teacher would read them
aloud: who answers what, with which character and move, and what a die means on the
target's chart; a question the game asks comes before the decision that answers it."""

from __future__ import annotations

import re

import pytest

from tests.artobattlers.scene import EK, GB, MJ, VW, R, advance, attack, ca, die, duel
from tests.artobattlers.test_card_text import scorch
from tests.artobattlers.test_harness_cards import match
from tests.artobattlers.test_playouts import playout


def narrative(m) -> list[str]:
    return [re.sub(r"^ *\d+ +", "", line) for line in R.narrative(m)]


def decisions(m) -> list[str]:
    return [line[2:] for line in narrative(m) if line.startswith("> ")]


def test_as34_decisions_read_as_sentences_with_the_die_read_on_the_chart():
    from tests.api.test_artobattlers_api import AS34, SETUP
    m = R.from_record({"ruleset": "artobattlers", "setup": SETUP, "decisions": AS34})
    assert decisions(m) == [
        "P0 chooses the team: Volt Wisp.",
        "P1 chooses the team: Gearback.",
        "P0 rolls 5 for the start.",
        "P1 rolls 1 for the start.",
        "P0 attacks Gearback with Volt Wisp's Spark Needle.",
        "P1 answers with a die: 4 — a Hit on the STAY chart: the full DP (A4.4).",
        "P1 attacks Volt Wisp with Gearback's Meltdown.",
        "P0 answers with manual move 3 (Nullify) ×2.",
        "P0 attacks Gearback with Volt Wisp's Finishing Bolt, paying PP.",
        "P1 answers with a die: 3 — a Resist on the STAY chart: half the DP (A4.6)."]
    lines = narrative(m)
    assert "The attack succeeds in full. [A10.6]" in lines
    assert "The attack succeeds in part. [A10.6]" in lines
    assert "Turn 1 begins: P0 acts. [A3.2]" in lines and "Turn 1 ends. [A3.1]" in lines


def test_an_event_list_says_the_decision_without_the_position():
    """describe_decision (the API's event list) has no state: the die's value, no reading."""
    from tests.api.test_artobattlers_api import SETUP
    setup = R.parse_setup({"ruleset": "artobattlers", "setup": SETUP})
    assert R.describe_decision(setup, {"player": 1, "kind": "die", "value": 4}) == (
        "P1 answers with a die: 4.")
    assert R.describe_decision(setup, {"player": 0, "kind": "power_turn",
                                       "character": "ember-knight#2"}) == (
        "P0 pays the turn with Ember Knight #2 to raise its PP.")


@pytest.mark.parametrize("value, said", [
    (3, "a Defense on the NORMAL chart: a half-damage defence (A4.5)"),
    (5, "an Escape on the NORMAL chart: no damage (A4.7)"),
    (6, "a Counterattack on the NORMAL chart: the attacker takes its DP (A4.8)")])
def test_the_answering_die_says_what_it_means_on_a_normal_chart(value, said):
    m = duel(EK, VW, first=1)
    attack(m, "static-lash")
    die(m, value)
    assert decisions(m)[-1] == f"P0 answers with a die: {value} — {said}."


def test_a_counterattack_choice_is_asked_before_it_is_answered():
    m = duel(EK, MJ)
    attack(m, "blade-rush")
    die(m, 6)
    ca(m, "5")
    lines = narrative(m)
    asked = lines.index('3 counterattacks fit: which one does P1 use, "3", "5" or "b"? [AG7]')
    assert lines[asked + 1] == '> P1 chooses counterattack "5".'


@pytest.mark.parametrize("accept, answer", [(True, "P0 applies Scorch."),
                                            (False, "P0 does not apply Scorch.")])
def test_a_may_is_asked_then_answered(accept, answer):
    m = match(scorch(optional=True), MJ)
    attack(m, "searing-brand", pay="pp")
    die(m, 1)
    m.decide({"player": 0, "kind": "may", "accept": accept})
    lines = narrative(m)
    asked = next(i for i, line in enumerate(lines) if line.startswith("Does P0 apply"))
    assert lines[asked] == ("Does P0 apply Scorch to Mossjaw? The card says it may. "
                            "[text-knight/searing-brand]")
    assert lines[asked + 1:asked + 3] == [f"> {answer}",
                                         f"{answer} [text-knight/searing-brand]"]


def test_a_pick_is_asked_then_answered():
    m = match(scorch(pick=True), MJ)
    attack(m, "searing-brand", pay="pp")
    die(m, 1)
    m.decide({"player": 0, "kind": "pick", "option": "force_challenge"})
    lines = narrative(m)
    asked = next(i for i, line in enumerate(lines) if line.startswith("Which reply"))
    assert lines[asked:asked + 3] == [
        "Which reply does P0 forbid Mossjaw with Scorch: manual moves or force challenges? "
        "[text-knight/searing-brand]",
        "> P0 picks what Scorch forbids: force challenges.",
        "P0 forbids force challenges with Scorch. [text-knight/searing-brand]"]


def test_advance_play_layouts_and_side_attacks_name_the_characters():
    """P1's copies are ``ember-knight#2`` and ``gearback#2``: the sentences say their names."""
    m = advance([[EK, GB], [EK, GB]], [[EK, GB], [f"{EK}#2"]])
    m.decide({"player": 0, "kind": "placement", "battle_zone": [EK, GB], "inactive_zone": []})
    m.decide({"player": 0, "kind": "side_attack", "target": f"{EK}#2",
              "lead": {"character": EK, "move": "pommel-strike", "pay": None,
                       "sacrifice": False},
              "joining": {"character": GB, "move": "steam-burst", "pay": None,
                          "sacrifice": False}})
    said = decisions(m)
    assert ("P1 lays out the team: Ember Knight #2 in the battle zone, Gearback #2 in the "
            "inactive zone.") in said
    assert said[-1] == ("P0 makes a side attack on Ember Knight #2: Ember Knight leads with "
                        "Pommel Strike; Gearback joins with Steam Burst.")


@pytest.mark.parametrize("seed", range(12))
def test_no_decision_or_fact_reads_like_a_field_dump(seed):
    """Random matches of both formats and card text: every line is a sentence with no ids,
    no JSON and no field names in it."""
    m = playout(seed, advance=seed % 2 == 1, text=seed % 4 == 0)
    for line in narrative(m):
        text = line.split(" [")[0] if not line.startswith("> ") else line
        assert text.rstrip().endswith((".", "?", ")")), line
        assert not re.search(r"[{}_\[\]]|\b(?!half-damage)[a-z]+-[a-z]+\b", text), line
