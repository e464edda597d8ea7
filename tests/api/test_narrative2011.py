"""The narrative of a ``battlecon-2011`` duel cites 001's own words where the profile applies
a rule of 001 that reads otherwise in 2014 (issue 35): the start on spaces 2 and 6 and no
time limit before beat 1 (C01, C09), 001's older Pulse (C06), and Stun Guard against the
total damage of the beat (C02), each as "001 › heading: “quotation”", from the one table
``judge.battlecon.wording2011``. Every quotation is 001's text, verbatim."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from judge.battlecon.wording2011 import WORDINGS
from tests.api.conftest import bearer
from tests.api.test_profile2011_api import record_2011

RULES = Path(__file__).resolve().parents[2].parent / "shared" / "rules"

# Cadenza (Ana) Pulses against Kallistar's Blazing Drive, pushes nothing and stays on 2;
# then Hydraulic Strike against Caustic Spellbolt: three Clashes, and Caustic Shot hits
# Cadenza (Stun Guard 6 with Hydraulic) for 1.
DECISIONS = [
    {"player": 0, "kind": "attack_pair", "style": "special-action", "base": "burst"},
    {"player": 1, "kind": "attack_pair", "style": "blazing", "base": "drive"},
    {"player": 0, "kind": "pass"},
    {"player": 0, "kind": "arrange", "spaces": [2, 6]},
    {"player": 0, "kind": "attack_pair", "style": "hydraulic", "base": "strike"},
    {"player": 1, "kind": "attack_pair", "style": "caustic", "base": "spellbolt"},
    {"player": 0, "kind": "pass"},
    {"player": 0, "kind": "clash_base", "base": "burst"},
    {"player": 1, "kind": "clash_base", "base": "burst"},
    {"player": 0, "kind": "clash_base", "base": "dash"},
    {"player": 1, "kind": "clash_base", "base": "dash"},
    {"player": 0, "kind": "clash_base", "base": "press"},
    {"player": 1, "kind": "clash_base", "base": "shot"},
]

PULSE = ("the player using the pulse pushes his opponent any number of spaces backwards, "
         "then moves himself any number of spaces backwards.")
STUN_GUARD = ("he is not stunned unless the total damage taken this turn is greater than his "
              "stun guard rating")


def said(line: str) -> str:
    """A narrative line without its event number."""
    return re.sub(r"^ *\d+ +", "", line)


@pytest.fixture
def narrative(client, tokens) -> list[str]:
    record = {**record_2011(), "decisions": DECISIONS}
    record["players"][0]["name"], record["players"][1]["name"] = "Ana", "Ben"
    resp = client.post("/api/duels", json=record, headers=bearer(tokens["scorekeeper"]))
    assert resp.status_code == 201, resp.get_json()
    duel = resp.get_json()["id"]
    resp = client.get(f"/api/duels/{duel}/narrative")
    assert resp.status_code == 200
    return resp.get_data(as_text=True).splitlines()


def test_the_setup_says_spaces_2_and_6_and_no_time_limit_in_001s_words(narrative):
    beat = narrative.index("== Beat 1 ==")
    assert narrative[beat + 1:beat + 3] == [
        "   0    The fighters start on spaces 2 and 6 (range 4). [001 › Setup: “Place both "
        "players on spaces 2 and 6 respectively”]",
        "   0    No time limit: the duel ends only when a player's life reaches 0. "
        "[001 › Gameplay Overview: “A duel consists of any number of turns, called beats.”]"]


def test_the_older_pulse_and_the_stun_guard_cite_001s_wording(narrative):
    pulse = [said(line) for line in narrative if "Pulse (001): Cadenza pushes" in line]
    assert pulse == [
        "> Pulse: push the opponent back, then move back (001). Ana's choice: Pulse "
        "(001): Cadenza pushes Kallistar back to space 6, then moves back to space 2. "
        f"[001 › Special Actions › Pulse: “{PULSE}”]"]
    stun = [said(line) for line in narrative if "Stun Guard 6" in line]
    assert stun == ["1 is not more than his Stun Guard 6, so Cadenza is not stunned. "
                    f"[001 › Common Effects › Stun Guard: “{STUN_GUARD}”]"]
    # 2014's rules where 001 reads the same: the Clash on a tie, the hit, the damage.
    assert any(line.endswith("a tie, so there is a Clash; each player plays a new Base. "
                             "[R6.6]") for line in narrative)
    # No bare section heading is left where 001's words apply.
    assert not [line for line in narrative
                if re.search(r"\[001 (Setup|Common Effects|Special Actions)\]", line)]


@pytest.mark.skipif(not RULES.is_dir(), reason="the rule sources (../shared/rules) are absent")
def test_every_quotation_is_001s_text_verbatim():
    (source,) = RULES.glob("001_*.txt")
    text = " ".join(source.read_text("utf-8").split())
    for w in WORDINGS:
        assert w.quote in text, (w.conflict, w.quote)
        assert w.heading.split(" › ")[0] in text, w.heading
