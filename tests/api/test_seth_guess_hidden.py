"""Seth's Beyond Eyes guess is a secret choice, like a face-down pair, until the Reveal.

Seth names one of the opponent's Bases during the Ante (a ``guess`` decision). Until the
pairs are revealed, only the scorekeeper who recorded it and judges see which Base it
named: in the state (``named``), the events (the decision and ``SethGuessed``), the record
and the log. After the Reveal everyone sees it, and the Reveal's own fact says it aloud.

Seth (player 0) plays Wyrding Strike against Cadenza's Battery Shot and names Press, a Base
that appears in no event before the Reveal; Cadenza's Iron Body ante prompt keeps the duel
waiting between the guess and the Reveal.
"""

from __future__ import annotations

import json

import pytest

from api.auth import create_token
from judge.battlecon.playout import record_setup
from tests.api.conftest import create
from tests.api.test_api import decide
from tests.api.test_hidden_information import (
    ONLOOKERS,
    SEE_ALL,
    get,
    state_schema,
    views,
)

PAIRS = [{"player": 0, "kind": "attack_pair", "style": "wyrding", "base": "strike"},
         {"player": 1, "kind": "attack_pair", "style": "battery", "base": "shot"}]
GUESS = {"player": 0, "kind": "guess", "base": "press"}


@pytest.fixture
def readers(store, tokens) -> dict[str, str | None]:
    """Every kind of reader: each role's token, a second scorekeeper's, and nobody's."""
    return {**tokens, "anonymous": None,
            "other_scorekeeper": create_token(store, "scorekeeper", "scorekeeper-kim")}


def guessed(client, token) -> str:
    """A duel of Seth against Cadenza: both pairs imported, then the guess sent live by
    the same scorekeeper; Cadenza's ante is pending, the pairs still face down."""
    record = record_setup("seth", "cadenza")
    record["decisions"] = list(PAIRS)
    duel = create(client, token, record)["id"]
    now = get(client, None, f"/api/duels/{duel}/prompt").get_json()
    assert now["prompt"]["kind"] == "guess" and now["prompt"]["players"] == [0]
    resp = decide(client, token, duel, GUESS, version=now["event"])
    assert resp.status_code == 201, resp.get_json()
    after = get(client, None, f"/api/duels/{duel}/prompt").get_json()["prompt"]
    assert after["kind"] == "ante" and after["players"] == [1]
    return duel


def press_named(events: list[dict]) -> bool:
    text = json.dumps(events)
    return '"press"' in text or "Press" in text


@pytest.mark.parametrize("reader", ONLOOKERS)
def test_an_onlooker_sees_that_seth_guessed_not_what(client, tokens, readers, reader):
    duel = guessed(client, tokens["scorekeeper"])
    seen = views(client, readers[reader], duel)
    seth = seen["state"]["players"][0]
    assert "named" not in seth and seth["attack_pair"] == {"revealed": False, "hidden": True}
    state_schema().validate({k: v for k, v in seen["state"].items() if k != "event"})
    decision = next(r for r in seen["events"] if r["type"] == "Decision"
                    and r["data"]["kind"] == "guess")
    assert decision["data"] == {"kind": "guess", "player": 0}
    assert "face down" in decision["text"]
    fact = next(r for r in seen["events"] if r["type"] == "SethGuessed")
    assert fact["data"] == {"player": 0}
    assert not press_named(seen["events"])
    first = next(r["event"] for r in seen["events"] if r["type"] == "Decision")
    assert seen["record"]["decisions"] == [] and seen["record_withheld"] == str(first)
    assert len(seen["log"]["events"]) == first - 1 and seen["log_withheld"] == str(first)
    assert not press_named(seen["log"]["events"])


@pytest.mark.parametrize("reader", SEE_ALL)
def test_the_recorder_and_judges_see_the_guess(client, tokens, readers, reader):
    duel = guessed(client, tokens["scorekeeper"])
    seen = views(client, readers[reader], duel)
    assert seen["state"]["players"][0]["named"] == "press"
    state_schema().validate({k: v for k, v in seen["state"].items() if k != "event"})
    decision = next(r for r in seen["events"] if r["type"] == "Decision"
                    and r["data"]["kind"] == "guess")
    assert decision["data"] == GUESS
    assert next(r for r in seen["events"] if r["type"] == "SethGuessed")["data"]["base"] == \
        "press"
    assert seen["record"]["decisions"] == [*PAIRS, GUESS] and seen["record_withheld"] is None
    assert len(seen["log"]["events"]) == len(seen["events"]) and seen["log_withheld"] is None


def test_after_the_reveal_everyone_sees_the_guess(client, tokens, readers):
    duel = guessed(client, tokens["scorekeeper"])
    version = get(client, None, f"/api/duels/{duel}").get_json()["version"]
    assert decide(client, tokens["scorekeeper"], duel, {"player": 1, "kind": "pass"},
                  version=version).status_code == 201
    seen = {r: views(client, readers[r], duel) for r in (*ONLOOKERS, *SEE_ALL)}
    assert all(v == seen["judge"] for v in seen.values())
    onlooker = seen["anonymous"]
    assert onlooker["record"]["decisions"][:3] == [*PAIRS, GUESS]
    shown = next(r for r in onlooker["events"] if r["type"] == "SethGuessShown")
    assert shown["data"]["base"] == "press" and "Press" in shown["text"]
    assert next(r for r in onlooker["events"] if r["type"] == "SethGuessed")["data"] == \
        {"player": 0, "base": "press"}
