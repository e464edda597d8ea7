"""The beat analysis over HTTP (docs/analysis.md, "HTTP"): the CLI's contract plus what a
page needs, judges only while a duel is in progress, the choices actually played only for
a reader who may see them, a time budget refused with 422 naming it, a cache by position,
and clear refusals for what cannot be analysed."""

from __future__ import annotations

import copy
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from api.app import create_app
from judge import registry
from tests.api.conftest import bearer, create
from tests.api.test_artobattlers_api import AS34, SETUP
from tests.judge.analysis.small import POSITIONS, player, position, record

SMALL = POSITIONS["hikaru-khadath"]  # 4 x 4 choices, value -3 (tests/api/test_cli_analyse.py)
# One pair each for Cherri; Rukyuk's two pairs, each with or without his AP Shell ante.
ANTES = position(player("cherri", 1, ["crimson"], ["strike"]),
                 player("rukyuk", 4, ["sniper"], ["shot", "drive"], pool=["ap-shell"]))
CONTRACT = {"beat", "evaluation", "pairs", "table", "lines", "clashes", "mix", "value",
            "pruned", "labels", "players"}
PAIR0 = {"player": 0, "kind": "attack_pair", "style": "focused", "base": "strike"}
PAIR1 = {"player": 1, "kind": "attack_pair", "style": "hunters", "base": "grasp"}
CONCEDE = {"player": 1, "kind": "concede"}
IN_PROGRESS = "While a duel is in progress its analysis is for judges only"


def named(pos: dict, *names: str) -> dict:
    out = copy.deepcopy(pos)
    for p, name in zip(out["players"], names, strict=True):
        p["name"] = name
    return out


def duel_of(client: Any, tokens: dict, pos: dict, decisions: list[dict]) -> str:
    return create(client, tokens["scorekeeper"], record(pos, decisions))["id"]


def analysis(client: Any, duel: str, query: str, token: str | None = None) -> Any:
    return client.get(f"/api/duels/{duel}/analysis?{query}", headers=bearer(token))


def events_of(client: Any, duel: str) -> dict[int, dict]:
    rows = client.get(f"/api/duels/{duel}/events?limit=1000").get_json()["events"]
    return {row["event"]: row for row in rows}


def test_a_judge_gets_the_clis_analysis_of_a_duel_in_progress(client, tokens) -> None:
    duel = duel_of(client, tokens, SMALL, [PAIR0])
    resp = analysis(client, duel, "beat=1", tokens["judge"])
    assert resp.status_code == 200, resp.get_json()
    body = resp.get_json()
    cli = registry.find("battlecon-2014").analyse(registry.from_record(record(SMALL)), beat=1)
    assert {k: body[k] for k in CONTRACT} == {k: cli[k] for k in CONTRACT}
    assert body["value"] == -3.0 and body["beat"] == 1
    assert body["labels"][0][0] == "Focused Dash"
    assert body["event"] == 1  # the state after event 1 (Beat 1 begins) waits on both pairs
    assert body["ruleset"] == "battlecon-2014" and body["budget_s"] == 10.0
    # Only player 0 has laid a pair: nothing played to show yet.
    assert (body["played"], body["revealed_at"], body["question_at"]) == (None, None, None)


@pytest.mark.parametrize("reader", [None, "scorekeeper"])
def test_a_reader_who_is_no_judge_is_refused_while_the_duel_is_in_progress(
        client, tokens, reader: str | None) -> None:
    """The same 403 whatever lies face down: the recorder of the pair, another reader."""
    laid = duel_of(client, tokens, ANTES, [
        {"player": 0, "kind": "attack_pair", "style": "crimson", "base": "strike"},
        {"player": 1, "kind": "attack_pair", "style": "sniper", "base": "shot"}])
    fresh = duel_of(client, tokens, ANTES, [])
    token = tokens[reader] if reader else None
    answers = [analysis(client, d, "beat=1", token) for d in (laid, fresh)]
    assert [a.status_code for a in answers] == [403, 403]
    assert answers[0].get_json() == answers[1].get_json()
    assert IN_PROGRESS in answers[0].get_json()["detail"]
    assert "once the duel is over" in answers[0].get_json()["detail"]


def test_face_down_pairs_are_shown_to_a_judge_only_and_found_in_the_table(client,
                                                                         tokens) -> None:
    """Both pairs laid, Rukyuk's ante still to come: face down. A judge sees what was
    played (judges see every secret) with its row and column; nobody else gets anything."""
    pairs = [{"player": 0, "kind": "attack_pair", "style": "crimson", "base": "strike"},
             {"player": 1, "kind": "attack_pair", "style": "sniper", "base": "drive"}]
    duel = duel_of(client, tokens, ANTES, pairs)
    assert client.get(f"/api/duels/{duel}/prompt").get_json()["prompt"]["kind"] == "ante"
    body = analysis(client, duel, "beat=1", tokens["judge"]).get_json()
    assert [p["decisions"] for p in body["played"]] == [[pairs[0]], [pairs[1]]]
    for side, p in enumerate(body["played"]):
        assert body["pairs"][side][p["choice"]] == [pairs[side]]
    assert body["revealed_at"] is None  # still face down
    assert analysis(client, duel, "beat=1").status_code == 403
    assert analysis(client, duel, "beat=1", tokens["scorekeeper"]).status_code == 403


def test_once_the_duel_is_over_every_reader_gets_it_with_the_pairs_played(client,
                                                                         tokens) -> None:
    duel = duel_of(client, tokens, named(SMALL, "Ann", "Ben"), [PAIR0, PAIR1, CONCEDE])
    for token in (None, tokens["scorekeeper"], tokens["judge"]):
        resp = analysis(client, duel, "beat=1", token)
        assert resp.status_code == 200, resp.get_json()
    body = resp.get_json()
    assert body["players"] == ["Ann", "Ben"]
    played = body["played"]
    assert [p["decisions"] for p in played] == [[PAIR0], [PAIR1]]
    assert body["labels"][0][played[0]["choice"]] == "Focused Strike"
    assert body["labels"][1][played[1]["choice"]] == "Hunter's Grasp"
    rows = events_of(client, duel)
    assert rows[body["revealed_at"]]["type"] == "PairsRevealed"
    assert "question" in rows[body["question_at"]]  # who becomes the Active Player?
    assert body["question_at"] > body["revealed_at"] > body["event"]


def test_a_concession_before_the_reveal_is_no_choice_played(client, tokens) -> None:
    duel = duel_of(client, tokens, SMALL, [PAIR0, {"player": 0, "kind": "concede"}])
    body = analysis(client, duel, "beat=1").get_json()
    assert body["played"] is None and body["revealed_at"] is None  # player 1 never chose
    assert body["value"] == -3.0


def test_the_budget_refuses_with_422_naming_it_quickly_and_is_never_cached(store,
                                                                         tokens) -> None:
    app = create_app({"STORE": store, "TESTING": True, "ANALYSIS_BUDGET_S": 0.001})
    client = app.test_client()
    duel = duel_of(client, tokens, SMALL, [PAIR0, PAIR1, CONCEDE])
    began = time.monotonic()
    resp = analysis(client, duel, "beat=1")
    assert time.monotonic() - began < 2.0
    assert resp.status_code == 422
    body = resp.get_json()
    assert body["rule"] == "budget" and body["budget_s"] == 0.001
    assert "time budget of 0.001 s" in body["detail"] and "ANALYSIS_BUDGET_S" in body["detail"]
    assert len(app.extensions["battlecon"]["analyses"]) == 0
    app.config["ANALYSIS_BUDGET_S"] = 60
    again = analysis(client, duel, "beat=1")
    assert again.status_code == 200 and again.headers["X-Analysis-Cache"] == "miss"


def test_the_same_position_is_computed_once_across_duels_and_a_shared_position(
        app, client, tokens) -> None:
    cache = app.extensions["battlecon"]["analyses"]
    first = duel_of(client, tokens, named(SMALL, "Ann", "Ben"), [CONCEDE])
    second = duel_of(client, tokens, named(SMALL, "Cy", "Di"), [CONCEDE])
    one = analysis(client, first, "beat=1")
    two = analysis(client, second, "at=0")
    shared = client.post("/api/analysis", json={"position": SMALL})
    assert [r.headers["X-Analysis-Cache"] for r in (one, two, shared)] == ["miss", "hit", "hit"]
    assert cache.computed == 1
    assert [r.get_json()["players"] for r in (one, two, shared)] == [
        ["Ann", "Ben"], ["Cy", "Di"], ["Player 0", "Player 1"]]
    assert one.get_json()["table"] == two.get_json()["table"] == shared.get_json()["table"]
    assert shared.get_json()["event"] is None and shared.get_json()["played"] is None
    other = client.post("/api/analysis", json={"position": {**SMALL, "beat": 2}})
    assert other.status_code == 200 and other.headers["X-Analysis-Cache"] == "miss"
    assert other.get_json()["beat"] == 2 and cache.computed == 2


def test_at_is_read_before_beat_and_neither_is_the_latest_beat_start(app, client,
                                                                   tokens) -> None:
    """As ``/state`` reads them."""
    duel = duel_of(client, tokens, SMALL, [PAIR0, PAIR1])  # beat 1 played: beat 2 waits
    latest = analysis(client, duel, "", tokens["judge"])
    both = analysis(client, duel, "beat=9&at=0", tokens["judge"])
    assert (latest.get_json()["beat"], both.get_json()["beat"], both.get_json()["event"]) == \
        (2, 1, 1)
    total = int(client.get(f"/api/duels/{duel}").headers["ETag"].strip('"'))
    assert latest.get_json()["event"] == total  # the state now waits on beat 2's pairs
    again = analysis(client, duel, "beat=2", tokens["judge"])
    assert [r.headers["X-Analysis-Cache"] for r in (latest, both, again)] == \
        ["miss", "miss", "hit"]
    assert app.extensions["battlecon"]["analyses"].computed == 2


def test_a_ruleset_without_analysis_is_refused_by_name(client, tokens) -> None:
    made = client.post("/api/duels", json={
        "format": "artobattlers-record/1", "ruleset": "artobattlers", "setup": SETUP,
        "decisions": AS34[:4]}, headers=bearer(tokens["scorekeeper"]))
    assert made.status_code == 201
    resp = analysis(client, made.get_json()["id"], "beat=1", tokens["judge"])
    assert resp.status_code == 422
    assert "The ruleset 'artobattlers' offers no analysis" in resp.get_json()["detail"]
    posted = client.post("/api/analysis", json={"position": SMALL, "ruleset": "artobattlers"})
    assert posted.status_code == 422
    assert "The ruleset 'artobattlers' offers no analysis" in posted.get_json()["detail"]


@pytest.mark.parametrize(("query", "status", "words"), [
    ("beat=0", 422, "Must be greater than or equal to 1"),
    ("beat=one", 422, "Not a valid integer"),
    ("beat=7", 422, "Beat 7 does not start in this duel (the duel is over); beats that do: 1."),
    ("at=99", 404, "Event 99 does not exist; the duel has"),
    ("at=-1", 422, "Must be greater than or equal to 0"),
])
def test_a_malformed_or_missing_beat_is_refused_plainly(client, tokens, query: str,
                                                        status: int, words: str) -> None:
    duel = duel_of(client, tokens, SMALL, [CONCEDE])
    resp = analysis(client, duel, query)
    assert resp.status_code == status
    assert words in str(resp.get_json())


def test_an_invalid_shared_position_is_refused_naming_the_field(client) -> None:
    bad = client.post("/api/analysis", json={"position": {**SMALL, "beat": "two"}})
    assert bad.status_code == 422 and "beat" in str(bad.get_json())
    missing = client.post("/api/analysis", json={})
    assert missing.status_code == 422 and "position" in missing.get_json()["errors"]


def test_the_routes_are_in_the_openapi_document(client) -> None:
    paths = client.get("/api/openapi.json").get_json()["paths"]
    get = paths["/api/duels/{duel_id}/analysis"]["get"]
    assert {p["name"] for p in get["parameters"] if p["in"] == "query"} == {"beat", "at"}
    assert {"200", "403", "422"} <= set(get["responses"])
    assert "post" in paths["/api/analysis"]


def test_event_numbers_are_the_stores_when_a_decision_was_retracted(client, tokens) -> None:
    """A pair laid, retracted (a mis-click), laid again: the analysis is of the duel as it
    stands, its event numbers the store's (the retraction and what it struck included)."""
    duel = duel_of(client, tokens, SMALL, [])

    def send(path: str, body: dict) -> None:
        version = client.get(f"/api/duels/{duel}").headers["ETag"]
        resp = client.post(f"/api/duels/{duel}/{path}", json=body, headers={
            **bearer(tokens["scorekeeper"]), "If-Match": version})
        assert resp.status_code == 201, resp.get_json()

    send("decisions", {**PAIR0, "base": "dash"})  # event 2 (its fact: 3)
    send("retractions", {})
    for decision in (PAIR0, PAIR1, CONCEDE):
        send("decisions", decision)
    rows = events_of(client, duel)
    retraction = next(n for n, row in rows.items() if row["type"] == "Retraction")
    assert rows[2]["retracted"] == retraction
    body = analysis(client, duel, f"at={retraction}").get_json()
    assert (body["beat"], body["event"]) == (1, 1)
    assert [p["decisions"] for p in body["played"]] == [[PAIR0], [PAIR1]]
    assert rows[body["revealed_at"]]["type"] == "PairsRevealed"
    assert body["revealed_at"] > retraction + 2  # after both pairs laid again
    assert "retracted" not in rows[body["revealed_at"]]


def test_finding_the_beat_start_under_the_duels_lock_does_not_load_scipy() -> None:
    """The route finds the beat start under the duel's lock (writers wait on it); SciPy's
    loading (seconds) comes after, in the analysis itself."""
    code = ("import sys; from judge import registry; "
            "from tests.judge.analysis.small import POSITIONS, record; "
            "rules = registry.find('battlecon-2014'); "
            "start = rules.analysis_start(rules.from_record(record(POSITIONS['hikaru-khadath'])),"
            " beat=1); "
            "print(start.event, start.beat, 'scipy' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, cwd=Path(__file__).parents[2])
    assert done.stdout.split() == ["1", "1", "False"]
