"""Retraction (issue 14, item 2): the scorekeeper who entered a decision withdraws it as an
appended event; the duel stands as before it, the log keeps both, the record leaves it out.
Who may, how far back (never past a reveal, a correction or another person's decision),
the Idempotency-Key, the exports, verify and import, state at N, for both games."""

from __future__ import annotations

import json

import pytest

from api.auth import create_token
from api.cli import main
from events.errors import IntegrityCheckError
from events.export import verify_file
from events.hashing import chain_hash
from tests.api.conftest import bearer, create, holder, partial_record, played_record
from tests.api.test_api import decide
from tests.api.test_artobattlers_api import AS34, SETUP

MOVE_AT = 8  # in played_record(5), decision 8 is Hikaru's move (an open choice)
PAIRS_AT = 4  # decisions 4 and 5 are the face-down attack pairs of beat 2, 6 the ante


def retract(client, token, duel, version, key=None, event=None, **headers):
    h = {**bearer(token), **headers}
    if version is not None:
        h["If-Match"] = f'"{version}"'
    if key is not None:
        h["Idempotency-Key"] = key
    body = {} if event is None else {"event": event}
    return client.post(f"/api/duels/{duel}/retractions", json=body, headers=h)


def state(client, duel, at=None) -> dict:
    url = f"/api/duels/{duel}/state" + ("" if at is None else f"?at={at}")
    resp = client.get(url, headers=bearer(None))
    assert resp.status_code == 200, resp.get_json()
    return resp.get_json()


def log_of(client, token, duel) -> dict:
    return client.get(f"/api/duels/{duel}/log", headers=bearer(token)).get_json()


def enter(client, token, duel, decisions, key=None) -> int:
    """Enter decisions one by one; the version after them."""
    version = state(client, duel)["event"]
    for d in decisions:
        resp = decide(client, token, duel, d, version=version, key=key)
        assert resp.status_code == 201, resp.get_json()
        version = resp.get_json()["version"]
    return version


def mis_click(client, token, duel, key=None) -> tuple[dict, dict, int]:
    """At Hikaru's move, enter a move other than the recorded one: (the state before,
    the wrong decision, the version after it)."""
    before = state(client, duel)
    right = played_record()["decisions"][MOVE_AT]
    wrong = next(o for o in before["prompt"]["options"] if o != right)
    resp = decide(client, token, duel, wrong, version=before["event"], key=key)
    assert resp.status_code == 201, resp.get_json()
    return before, wrong, resp.get_json()["version"]


# --- what a retraction does -----------------------------------------------------------------


def test_a_mis_click_is_retracted_and_the_duel_stands_as_before_it(client, tokens):
    sk = tokens["scorekeeper"]
    duel = create(client, sk, partial_record(MOVE_AT))["id"]
    before, wrong, v1 = mis_click(client, sk, duel)
    mis = state(client, duel)
    assert mis["players"][0]["space"] == wrong["to"] != before["players"][0]["space"]

    resp = retract(client, sk, duel, v1)
    assert resp.status_code == 201, resp.get_json()
    body = resp.get_json()
    [row] = body["events"]
    assert body["version"] == v1 + 1 and not body["replayed"]
    assert (row["event"], row["type"], row["rule"]) == (v1 + 1, "Retraction", "retraction")
    assert row["data"] == {"kind": "retraction", "event": before["event"] + 1}
    assert row["by"]["name"] == holder("scorekeeper")
    assert f"retracted the decision at event {before['event'] + 1}" in row["text"]
    assert f"moves to space {wrong['to']}" in row["text"] or str(wrong["to"]) in row["text"]

    now = state(client, duel)
    assert now == {**before, "event": v1 + 1}  # the board and the prompt before the mis-click
    assert now["players"][0]["space"] == before["players"][0]["space"]
    assert state(client, duel, at=v1) == mis  # history as it was

    rows = client.get(f"/api/duels/{duel}/events?after={before['event']}").get_json()["events"]
    assert [r.get("retracted") for r in rows] == [v1 + 1] * (v1 - before["event"]) + [None]

    right = played_record()["decisions"][MOVE_AT]
    resp = decide(client, sk, duel, right, version=v1 + 1)
    assert resp.status_code == 201, resp.get_json()
    record = client.get(f"/api/duels/{duel}/record").get_json()
    assert record["decisions"] == played_record()["decisions"][:MOVE_AT + 1]
    log = log_of(client, tokens["judge"], duel)
    payloads = [e["payload"] for e in log["events"] if e["kind"] == "decision"]
    assert payloads[-3:] == [wrong, {"kind": "retraction", "event": before["event"] + 1}, right]
    assert verify_file(json.dumps(log))["events"] == len(log["events"])
    assert verify_file(json.dumps(record))["events"] == len(log["events"]) - (v1 + 1 -
                                                                             before["event"])


def test_a_log_with_a_retraction_imports_with_the_same_events(client, tokens, tmp_path,
                                                                 capsys):
    sk = tokens["scorekeeper"]
    duel = create(client, sk, partial_record(MOVE_AT))["id"]
    _, _, v1 = mis_click(client, sk, duel)
    assert retract(client, sk, duel, v1).status_code == 201
    path = tmp_path / "duel.log"
    lines = client.get(f"/api/duels/{duel}/log", headers=bearer(sk)).get_json()
    path.write_text("\n".join(json.dumps(x) for x in [lines["header"], *lines["events"]]))
    db = tmp_path / "copy.db"
    assert main(["verify", str(path)]) == 0
    assert main(["import", str(path), "--db", str(db)]) == 0
    imported = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert imported["version"] == v1 + 1
    from uuid import UUID

    from events.app import JudgeApp
    from events.export import log_lines

    copy = JudgeApp(db=str(db))
    try:
        mine = [json.loads(x) for x in log_lines(copy.record(UUID(imported["id"])))][1:]
    finally:
        copy.close()
    assert [(e["kind"], e["payload"]) for e in mine] == \
        [(e["kind"], e["payload"]) for e in lines["events"]]


def test_retractions_go_back_one_at_a_time_and_stop_at_another_persons_decision(
        client, store, tokens):
    sk, other = tokens["scorekeeper"], create_token(store, "scorekeeper", "other-sk")
    duel = create(client, sk, partial_record(MOVE_AT - 1))["id"]  # entered by sk
    rec = played_record()["decisions"]
    v = enter(client, other, duel, [rec[MOVE_AT - 1]])  # Hikaru's pick, by other-sk
    v = enter(client, sk, duel, [rec[MOVE_AT]])  # the move, by sk
    refused = retract(client, other, duel, v)
    assert refused.status_code == 403
    err = refused.get_json()
    assert err["rule"] == "retraction.recorder"
    assert holder("scorekeeper") in err["detail"] and "other-sk" in err["detail"]
    assert retract(client, sk, duel, v).status_code == 201
    refused = retract(client, sk, duel, v + 1)  # now the latest standing is other-sk's pick
    assert refused.status_code == 403 and refused.get_json()["rule"] == "retraction.recorder"
    assert retract(client, other, duel, v + 1).status_code == 201
    assert state(client, duel)["prompt"]["kind"] == "pick"
    assert client.get(f"/api/duels/{duel}/record").get_json()["decisions"] == \
        rec[:MOVE_AT - 1]
    # before the pick stands sk's ante, whose facts revealed the pairs: no further back
    refused = retract(client, sk, duel, v + 2)
    assert refused.status_code == 409 and "revealed" in refused.get_json()["detail"]


def test_a_face_down_pair_may_be_retracted_until_the_reveal_never_after(client, tokens):
    sk = tokens["scorekeeper"]
    duel = create(client, sk, partial_record(PAIRS_AT))["id"]
    rec = played_record()["decisions"]
    v = enter(client, sk, duel, [rec[PAIRS_AT]])  # Hikaru's pair, face down
    resp = retract(client, sk, duel, v)
    assert resp.status_code == 201, resp.get_json()
    assert state(client, duel)["prompt"]["players"] == [0, 1]  # both pairs asked again
    v = enter(client, sk, duel, rec[PAIRS_AT:PAIRS_AT + 2])  # both pairs: still face down
    resp = retract(client, sk, duel, v)
    assert resp.status_code == 201, resp.get_json()
    v = enter(client, sk, duel, rec[PAIRS_AT + 1:PAIRS_AT + 3])  # the pair again, the ante
    rows = client.get(f"/api/duels/{duel}/events").get_json()["events"]
    reveal = [r for r in rows if r["type"] == "PairsRevealed"][-1]
    assert reveal["event"] > v - 10 and "retracted" not in reveal
    refused = retract(client, sk, duel, v)
    assert refused.status_code == 409
    err = refused.get_json()
    assert err["rule"] == reveal["rule"]  # the game's own rule for the reveal
    assert f"Event {reveal['event']} revealed the face-down choices" in err["detail"]
    assert state(client, duel)["event"] == v  # nothing stored


def test_never_past_a_correction(client, tokens):
    sk, hj = tokens["scorekeeper"], tokens["head_judge"]
    duel = create(client, sk, partial_record(MOVE_AT))["id"]
    dispute = client.post(f"/api/duels/{duel}/disputes", json={"at": 3, "claim": "Life."},
                          headers=bearer(tokens["judge"])).get_json()
    resp = client.post(f"/api/disputes/{dispute['id']}/resolution", json={
        "outcome": "overturned", "ruling": "One more life.", "rule": "R1",
        "correction": {"players": {"0": {"life": 19}}}}, headers=bearer(hj))
    assert resp.status_code in (200, 201), resp.get_json()
    v = state(client, duel)["event"]
    for token in (sk, hj):
        refused = retract(client, token, duel, v)
        assert refused.status_code == 409
        assert refused.get_json()["rule"] == "retraction.correction"
        assert "correction" in refused.get_json()["detail"]
    assert state(client, duel)["players"][0]["life"] == 19


def test_nothing_to_retract_and_a_forks_copied_history(client, tokens):
    sk, hj = tokens["scorekeeper"], tokens["head_judge"]
    empty = create(client, sk, partial_record(0))
    refused = retract(client, sk, empty["id"], empty["version"])
    assert refused.status_code == 409 and refused.get_json()["rule"] == "retraction.nothing"
    duel = create(client, hj, partial_record(MOVE_AT))
    fork = client.post(f"/api/duels/{duel['id']}/forks", json={"at": duel["version"]},
                       headers=bearer(hj)).get_json()
    refused = retract(client, hj, fork["id"], fork["version"])
    assert refused.status_code == 409 and refused.get_json()["rule"] == "retraction.fork"


def test_a_concession_is_retracted_unless_the_end_showed_face_down_cards(client, tokens):
    sk = tokens["scorekeeper"]
    duel = create(client, sk, partial_record(MOVE_AT))["id"]
    v = enter(client, sk, duel, [{"player": 0, "kind": "concede"}])
    assert state(client, duel)["over"] is True
    assert retract(client, sk, duel, v).status_code == 201
    now = state(client, duel)
    assert (now["over"], now["prompt"]["kind"]) == (False, "move")

    other = create(client, sk, partial_record(PAIRS_AT))["id"]
    pair = played_record()["decisions"][PAIRS_AT]
    v = enter(client, sk, other, [pair, {"player": 1 - pair["player"], "kind": "concede"}])
    refused = retract(client, sk, other, v)
    assert refused.status_code == 409 and refused.get_json()["rule"] == "retraction.end"
    assert state(client, other)["over"] is True


# --- the request itself ---------------------------------------------------------------------


def test_the_idempotency_key_of_a_retracted_decision_is_never_used_again(client, tokens):
    sk = tokens["scorekeeper"]
    duel = create(client, sk, partial_record(MOVE_AT))["id"]
    _, wrong, v1 = mis_click(client, sk, duel, key="tablet-3:0001")
    assert retract(client, sk, duel, v1, key="tablet-3:0002").status_code == 201
    again = decide(client, sk, duel, wrong, version=v1 + 1, key="tablet-3:0001")
    assert again.status_code == 422
    assert "retracted at event" in again.get_json()["detail"]
    replay = retract(client, sk, duel, v1 + 1, key="tablet-3:0002")  # a retried retraction
    assert replay.status_code == 200
    assert (replay.get_json()["replayed"], replay.get_json()["version"]) == (True, v1 + 1)
    assert replay.get_json()["events"][0]["type"] == "Retraction"
    mixed = retract(client, sk, duel, v1 + 1, key="tablet-3:0001")
    assert mixed.status_code == 422 and "not a retraction" in mixed.get_json()["detail"]
    assert state(client, duel)["event"] == v1 + 1  # nothing re-applied, nothing retracted


def test_the_request_needs_if_match_the_right_role_and_the_right_event(client, tokens):
    sk = tokens["scorekeeper"]
    duel = create(client, sk, partial_record(MOVE_AT))["id"]
    before, _, v1 = mis_click(client, sk, duel)
    assert retract(client, sk, duel, None).status_code == 428
    stale = retract(client, sk, duel, v1 - 1)
    assert stale.status_code == 409 and stale.get_json()["current_version"] == v1
    assert retract(client, tokens["judge"], duel, v1).status_code == 403
    assert retract(client, None, duel, v1).status_code == 401
    wrong_event = retract(client, sk, duel, v1, event=before["event"] - 3)
    assert wrong_event.status_code == 409
    assert wrong_event.get_json()["rule"] == "retraction.latest"
    smuggled = decide(client, sk, duel, {"kind": "retraction", "event": before["event"] + 1},
                      version=v1)
    assert smuggled.status_code == 422 and smuggled.get_json()["rule"] == "retraction"
    assert state(client, duel)["event"] == v1
    assert retract(client, sk, duel, v1, event=before["event"] + 1).status_code == 201


def test_annotations_on_a_retracted_decision_stay_marked(client, tokens):
    sk, judge = tokens["scorekeeper"], tokens["judge"]
    duel = create(client, sk, partial_record(MOVE_AT))["id"]
    before, _, v1 = mis_click(client, sk, duel)
    for at in (before["event"], before["event"] + 1):
        resp = client.post(f"/api/duels/{duel}/annotations", json={"at": at, "text": "Look."},
                           headers=bearer(judge))
        assert resp.status_code == 201
    assert retract(client, sk, duel, v1).status_code == 201
    notes = client.get(f"/api/duels/{duel}/annotations").get_json()["annotations"]
    assert [(n["at"], n.get("retracted")) for n in notes] == \
        [(before["event"], None), (before["event"] + 1, v1 + 1)]


# --- verification of logs that carry retractions --------------------------------------------


def rechain(log: dict) -> dict:
    """The log hashed again from the top (what a forger can do), unsigned."""
    prev = log["header"]["hash"]
    log["header"].pop("signature", None)
    for e in log["events"]:
        e["prev"] = prev
        e["hash"] = prev = chain_hash(prev, e["n"], e["kind"], e["payload"], e.get("by"))
    return log


def test_verify_refuses_a_retraction_by_someone_else_or_of_an_earlier_decision(client,
                                                                                tokens):
    sk = tokens["scorekeeper"]
    duel = create(client, sk, partial_record(MOVE_AT))["id"]
    before, _, v1 = mis_click(client, sk, duel)
    assert retract(client, sk, duel, v1).status_code == 201
    log = log_of(client, sk, duel)
    retraction = log["events"][-1]
    assert retraction["payload"]["kind"] == "retraction"

    forged = json.loads(json.dumps(log))
    forged["events"][-1]["by"]["name"] = "someone-else"
    with pytest.raises(IntegrityCheckError, match="only the person who entered") as err:
        verify_file(json.dumps(rechain(forged)))
    assert err.value.event == v1 + 1

    forged = json.loads(json.dumps(log))
    forged["events"][-1]["payload"]["event"] = before["event"] - 5
    with pytest.raises(IntegrityCheckError, match="re-judging refuses") as err:
        verify_file(json.dumps(rechain(forged)))
    assert err.value.event == v1 + 1


# --- ART O BATTLERS: the same retraction ----------------------------------------------------


def test_an_artobattlers_die_entered_wrongly_is_retracted(client, tokens):
    sk = tokens["scorekeeper"]
    resp = client.post("/api/duels", json={"format": "artobattlers-record/1",
                                           "ruleset": "artobattlers", "setup": SETUP,
                                           "decisions": AS34[:4]}, headers=bearer(sk))
    assert resp.status_code == 201, resp.get_json()
    duel = resp.get_json()["id"]
    version = enter(client, sk, duel, AS34[4:5])  # Volt Wisp attacks; Gearback replies
    before = state(client, duel)
    assert before["prompt"]["players"] == [1]
    wrong = {"player": 1, "kind": "die", "value": 1}
    assert wrong != AS34[5]
    resp = decide(client, sk, duel, wrong, version=version, key="die-1")
    assert resp.status_code == 201, resp.get_json()
    v1 = resp.get_json()["version"]
    mis = state(client, duel)
    assert mis != {**before, "event": v1}

    resp = retract(client, sk, duel, v1)
    assert resp.status_code == 201, resp.get_json()
    assert state(client, duel) == {**before, "event": v1 + 1}
    assert state(client, duel, at=v1) == mis
    enter(client, sk, duel, AS34[5:])
    final = state(client, duel)
    gb = final["players"][1]["characters"]["gearback"]
    assert (final["over"], final["winner"], gb["status"]) == (True, 0, "destroyed")
    record = client.get(f"/api/duels/{duel}/record").get_json()
    assert record["decisions"] == AS34
    log = log_of(client, tokens["judge"], duel)
    payloads = [e["payload"] for e in log["events"] if e["kind"] == "decision"]
    assert payloads[5:8] == [wrong, {"kind": "retraction", "event": version + 1}, AS34[5]]
    assert verify_file(json.dumps(log))["events"] == len(log["events"])
    assert verify_file(json.dumps(record))["winner"] == 0
    again = decide(client, sk, duel, wrong, version=final["event"], key="die-1")
    assert again.status_code == 422 and "retracted" in again.get_json()["detail"]


def test_the_offer_says_who_may_retract_what_now(client, store, tokens):
    sk = tokens["scorekeeper"]
    duel = create(client, sk, partial_record(MOVE_AT))["id"]
    before, wrong, v1 = mis_click(client, sk, duel)
    offer = client.get(f"/api/duels/{duel}/retractions", headers=bearer(sk)).get_json()
    assert (offer["event"], offer["allowed"], offer["detail"]) == (before["event"] + 1, True,
                                                                   None)
    assert f"space {wrong['to']}" in offer["text"] or str(wrong["to"]) in offer["text"]
    other = create_token(store, "scorekeeper", "other-sk")
    theirs = client.get(f"/api/duels/{duel}/retractions", headers=bearer(other)).get_json()
    assert (theirs["allowed"], theirs["rule"]) == (False, "retraction.recorder")
    anonymous = client.get(f"/api/duels/{duel}/retractions").get_json()
    assert anonymous["allowed"] is False and "sign in" in anonymous["detail"]
    assert retract(client, sk, duel, v1).status_code == 201
    after = client.get(f"/api/duels/{duel}/retractions", headers=bearer(sk)).get_json()
    assert after["allowed"] is True and after["event"] < before["event"]  # Hikaru's pick
    assert after["text"] == client.get(f"/api/duels/{duel}/events?after={after['event'] - 1}"
                                       "&limit=1").get_json()["events"][0]["text"]


def test_a_retracted_face_down_pair_stays_hidden_from_other_readers(client, store, tokens):
    sk, other = tokens["scorekeeper"], create_token(store, "scorekeeper", "other-sk")
    duel = create(client, sk, partial_record(PAIRS_AT))["id"]
    pair = played_record()["decisions"][PAIRS_AT]
    v0 = state(client, duel)["event"]
    v = enter(client, sk, duel, [pair])
    assert retract(client, sk, duel, v).status_code == 201
    rows = client.get(f"/api/duels/{duel}/events?after={v0}",
                      headers=bearer(other)).get_json()["events"]
    assert rows[0]["data"] == {"kind": "attack_pair", "player": pair["player"]}  # not what
    assert rows[0]["retracted"] == v + 1 and rows[-1]["type"] == "Retraction"
    assert "style" not in json.dumps(rows) and pair["base"] not in json.dumps(rows)
    record = client.get(f"/api/duels/{duel}/record", headers=bearer(other))
    assert record.headers["X-Withheld-From"] == str(v0 + 1)
    assert record.get_json()["decisions"] == partial_record(PAIRS_AT)["decisions"]
    log = log_of(client, other, duel)
    assert len(log["events"]) == v0 and verify_file(json.dumps(log))["events"] == v0
    mine = log_of(client, sk, duel)
    assert verify_file(json.dumps(mine))["events"] == v + 1
