"""Forks as variations (issue 14, item 6): a fork with another ruling re-judges its
history under that reading (Lure at -1 power: Hikaru takes less damage), bad rulings are
refused naming them and store nothing, the parent is untouched, and
GET /api/duels/{id}/variations gives the tree: parent, children, fork points in the game's
words and the rulings each fork changed."""

from __future__ import annotations

import json

from events.export import verify_file
from tests.api.conftest import bearer, create, holder

# Beat 1 from the standard opening: Hikaru Advancing Strike against Khadath's Lure Strike,
# Hikaru antes Earth; the duel then waits for beat 2's attack pairs.
PAIRS = [{"player": 0, "kind": "attack_pair", "style": "advancing", "base": "strike"},
         {"player": 1, "kind": "attack_pair", "style": "lure", "base": "strike"},
         {"player": 0, "kind": "ante", "token": "earth"}]


LURE_CHANGED = {"lure-power": {"from": 0, "to": -1, "title": "Power of Khadath's Lure"}}


def lure_record(rulings: dict | None = None) -> dict:
    return {"format": "battlecon-record/1", "options": {"rulings": rulings or {}},
            "players": [{"name": "Ana", "fighter": "hikaru"},
                        {"name": "Ben", "fighter": "khadath"}],
            "decisions": [dict(d) for d in PAIRS]}


def fork(client, token: str, duel: str, body: dict):
    return client.post(f"/api/duels/{duel}/forks", json=body, headers=bearer(token))


def board(client, duel: str) -> list[tuple[int, int]]:
    return [(p["life"], p["space"]) for p in client.get(f"/api/duels/{duel}").get_json()[
        "players"]]


def test_a_fork_with_another_lure_reading_changes_the_damage(client, tokens):
    parent = create(client, tokens["scorekeeper"], lure_record(), event="Indines Open")
    at = parent["version"]  # beat 1 over, waiting for beat 2's pairs
    assert board(client, parent["id"]) == [(19, 4), (15, 5)]  # Lure Strike power 4
    resp = fork(client, tokens["judge"], parent["id"], {"at": at, "rulings": {"lure-power": -1}})
    assert resp.status_code == 201, resp.get_json()
    child = resp.get_json()
    assert (child["parent"], child["fork_at"]) == (parent["id"], at)
    # Re-judged under -1: Lure Strike power 3, Hikaru's Earth soaks it all.
    assert board(client, child["id"]) == [(20, 4), (15, 5)]
    record = client.get(f"/api/duels/{child['id']}/record").get_json()
    assert record["options"]["rulings"] == {"lure-power": -1}
    assert record["decisions"] == PAIRS
    # Its signed log verifies: its facts are what the rules give under its own reading.
    log = client.get(f"/api/duels/{child['id']}/log").get_json()
    assert (log["header"]["parent"], log["header"]["fork_at"]) == (parent["id"], at)
    assert log["header"]["setup"]["options"]["rulings"] == {"lure-power": -1}
    assert verify_file(json.dumps(log))["kind"] == "log"
    # The parent is untouched.
    assert board(client, parent["id"]) == [(19, 4), (15, 5)]
    assert client.get(f"/api/duels/{parent['id']}").get_json()["version"] == at
    assert client.get(f"/api/duels/{parent['id']}/record").get_json()["options"][
        "rulings"] == {}
    # The same fork with the other reading of the other duel gives the parent's board.
    again = fork(client, tokens["judge"], parent["id"], {"at": at, "rulings": {"lure-power": 0}})
    assert board(client, again.get_json()["id"]) == [(19, 4), (15, 5)]


def test_bad_rulings_are_refused_naming_them_and_store_nothing(client, tokens):
    parent = create(client, tokens["scorekeeper"], lure_record())
    before = client.get("/api/duels").get_json()["total"]
    for rulings, named in (({"lure-power": 1}, "lure-power"),
                           ({"lure-power": "-1"}, "lure-power"),
                           ({"range-direction": "sideways"}, "range-direction"),
                           ({"AG4": "round_down"}, "AG4"),
                           ({"no-such-ruling": 0}, "no-such-ruling")):
        resp = fork(client, tokens["judge"], parent["id"], {"at": parent["version"], "rulings": rulings})
        assert resp.status_code == 422, (rulings, resp.get_json())
        err = resp.get_json()
        assert named in err["detail"], err
        assert list(err["errors"]) == [f"rulings.{named}"]
    resp = fork(client, tokens["judge"], parent["id"], {"at": parent["version"], "rulings": ["lure-power"]})
    assert resp.status_code == 422
    assert client.get("/api/duels").get_json()["total"] == before
    # Only a judge forks.
    resp = fork(client, tokens["scorekeeper"], parent["id"],
                {"at": parent["version"], "rulings": {"lure-power": -1}})
    assert resp.status_code == 403


def test_variations_give_the_tree_with_fork_points_in_the_game_s_words(client, tokens):
    parent = create(client, tokens["scorekeeper"], lure_record())
    pid = parent["id"]
    events = client.get(f"/api/duels/{pid}/events?after=0&limit=100").get_json()["events"]
    waits = [e["event"] - 1 for e in events if e["type"] == "Decision"]
    early, late = waits[1], parent["version"]  # after Ana's pair; after beat 1
    a = fork(client, tokens["judge"], pid, {"at": late, "rulings": {"lure-power": -1}}).get_json()
    b = fork(client, tokens["judge"], pid, {"at": early}).get_json()
    grandchild = fork(client, tokens["judge"], b["id"], {"at": early}).get_json()
    tree = client.get(f"/api/duels/{pid}/variations").get_json()
    assert (tree["left"], tree["parent"]) == (None, None)
    assert [c["id"] for c in tree["children"]] == [b["id"], a["id"]]  # by fork point
    first, second = tree["children"]
    # Anonymous readers: Ana's pair is a choice made face down, named as such.
    assert first["fork_point"]["event"] == early
    assert first["fork_point"]["text"] == events[early - 1]["text"]
    assert first["fork_point"]["text"] == "Hikaru lays an attack pair face down."
    assert first["fork_point"]["beat"]["beat"] == 1
    assert first["rulings_changed"] == {}
    assert second["rulings_changed"] == LURE_CHANGED
    assert second["fork_point"]["event"] == late
    assert second["created_by"] == holder("judge")
    # The lure fork knows where it left its parent, and offers the rulings it plays under.
    mine = client.get(f"/api/duels/{a['id']}/variations").get_json()
    assert mine["parent"]["id"] == pid
    assert mine["left"]["fork_point"]["event"] == late
    assert mine["left"]["rulings_changed"] == LURE_CHANGED
    assert mine["rulings"]["lure-power"]["value"] == -1
    assert [r["value"] for r in mine["rulings"]["lure-power"]["readings"]] == [0, -1]
    assert mine["rulings"]["range-direction"]["value"] == "both"  # left out: "both"
    # A fork of a fork: its own parent, one level down.
    deeper = client.get(f"/api/duels/{b['id']}/variations").get_json()
    assert [c["id"] for c in deeper["children"]] == [grandchild["id"]]
    # The list exposes parent and fork point, so the page can build the tree.
    items = {d["id"]: d for d in client.get("/api/duels?page_size=200").get_json()["items"]}
    assert (items[a["id"]]["parent"], items[a["id"]]["fork_at"]) == (pid, late)
    # b stops after Ana's pair, still face down there: its fork forks before that pair.
    assert grandchild["fork_moved"]["at"] == waits[0]
    assert (items[grandchild["id"]]["parent"], items[grandchild["id"]]["fork_at"]) == (
        b["id"], waits[0])
    assert items[pid]["parent"] is None
    assert "fork_point" not in items[a["id"]]  # only when asked for


def test_the_list_gives_each_fork_its_fork_point_in_one_request(client, tokens):
    """``fork_points=true``: each fork listed carries what /variations says of it (where it
    left its parent, as this reader may read it, and the rulings it changed), so the list
    page labels its forks without a request per fork; a duel that is no fork has none."""
    parent = create(client, tokens["scorekeeper"], lure_record(), event="fork-points")
    pid, late = parent["id"], parent["version"]
    early = [e["event"] - 1 for e in client.get(f"/api/duels/{pid}/events?after=0&limit=100")
             .get_json()["events"] if e["type"] == "Decision"][1]
    lure = fork(client, tokens["judge"], pid, {"at": late, "rulings": {"lure-power": -1}})
    other = fork(client, tokens["judge"], pid, {"at": early}).get_json()
    deeper = fork(client, tokens["judge"], other["id"], {"at": early}).get_json()
    for token in (None, tokens["judge"]):  # the fork point's text as each reader reads it
        headers = bearer(token) if token else {}
        listed = {d["id"]: d for d in client.get("/api/duels?event=fork-points&fork_points=true",
                                                  headers=headers).get_json()["items"]}
        assert len(listed) == 4
        assert "fork_point" not in listed[pid] and "rulings_changed" not in listed[pid]
        for duel in (lure.get_json()["id"], other["id"], deeper["id"]):
            left = client.get(f"/api/duels/{duel}/variations", headers=headers).get_json()["left"]
            assert listed[duel]["fork_point"] == left["fork_point"]
            assert listed[duel]["rulings_changed"] == left["rulings_changed"]
        assert listed[lure.get_json()["id"]]["rulings_changed"] == LURE_CHANGED
        if token is None:
            assert listed[other["id"]]["fork_point"]["text"] == (
                "Hikaru lays an attack pair face down.")
        # ``other`` stops after Ana's pair, face down there: its fork forks before it.
        assert listed[deeper["id"]]["fork_point"]["event"] == deeper["fork_moved"]["at"] < early
    bad = client.get("/api/duels?fork_points=perhaps")
    assert bad.status_code == 422 and "fork_points" in bad.get_json()["errors"]


def test_a_judge_reads_the_face_down_pair_at_the_fork_point(client, tokens):
    """A fork just after a pair laid face down, which the parent revealed later."""
    parent = create(client, tokens["scorekeeper"], lure_record())
    rows = client.get(f"/api/duels/{parent['id']}/events?after=0&limit=100").get_json()[
        "events"]
    at = [e["event"] - 1 for e in rows if e["type"] == "Decision"][1]  # after Ana's pair
    assert "fork_moved" not in fork(client, tokens["judge"], parent["id"], {"at": at}).get_json()
    anonymous = client.get(f"/api/duels/{parent['id']}/variations").get_json()
    judge = client.get(f"/api/duels/{parent['id']}/variations",
                       headers=bearer(tokens["judge"])).get_json()
    (seen,), (told,) = anonymous["children"], judge["children"]
    assert seen["fork_point"]["event"] == told["fork_point"]["event"] == at
    events = client.get(f"/api/duels/{parent['id']}/events?after={at - 1}&limit=1",
                        headers=bearer(tokens["judge"])).get_json()["events"]
    assert told["fork_point"]["text"] == events[0]["text"]


def test_an_art_o_battlers_match_forks_with_another_gap_ruling(client, tokens):
    from tests.api.test_artobattlers_api import AS34, SETUP

    parent = create(client, tokens["scorekeeper"], {
        "format": "artobattlers-record/1", "ruleset": "artobattlers", "setup": SETUP,
        "decisions": AS34[:4]})
    at = parent["version"]
    refused = fork(client, tokens["judge"], parent["id"], {"at": at,
                                                          "rulings": {"lure-power": -1}})
    assert refused.status_code == 422
    assert list(refused.get_json()["errors"]) == ["rulings.lure-power"]
    resp = fork(client, tokens["judge"], parent["id"], {"at": at, "rulings": {"AG4": "round_down"}})
    assert resp.status_code == 201, resp.get_json()
    child = resp.get_json()["id"]
    record = client.get(f"/api/duels/{child}/record").get_json()
    assert record["setup"]["rulings"]["AG4"] == "round_down"
    assert client.get(f"/api/duels/{parent['id']}/record").get_json()["setup"]["rulings"][
        "AG4"] == "round_up"
    mine = client.get(f"/api/duels/{child}/variations").get_json()
    assert mine["left"]["rulings_changed"] == {"AG4": {"from": "round_up", "to": "round_down",
                                                       "title": "Gap ruling AG4"}}
    assert mine["rulings"]["AG4"]["value"] == "round_down"


def test_a_fork_never_copies_a_pair_the_parent_has_not_revealed(client, tokens):
    """Issue 27, item 2: forked after a face-down pair, the fork point moves back to just
    before it, and the answer says so; the parent keeps hiding it, and the fork holds none
    of it (playing the fork to its Reveal shows nothing the parent hides)."""
    record = lure_record()
    record["decisions"] = [dict(PAIRS[0])]  # Hikaru's pair, face down; Khadath's to come
    parent = create(client, tokens["scorekeeper"], record)
    at = parent["version"]
    resp = fork(client, tokens["judge"], parent["id"], {"at": at})
    assert resp.status_code == 201, resp.get_json()
    child = resp.get_json()
    moved = child["fork_moved"]
    assert moved["asked"] == at and moved["at"] == child["fork_at"] < at
    rows = client.get(f"/api/duels/{parent['id']}/events",
                      headers=bearer(tokens["judge"])).get_json()["events"]
    assert rows[moved["at"]]["type"] == "Decision"  # the pair: the fork stops just before
    assert rows[moved["at"]]["data"]["kind"] == "attack_pair"
    assert "secret choice" in moved["reason"] and f"event {moved['at']}" in moved["reason"]
    copied = client.get(f"/api/duels/{child['id']}/record",
                        headers=bearer(tokens["judge"])).get_json()
    assert copied["decisions"] == []
    state = client.get(f"/api/duels/{child['id']}/state").get_json()
    assert state["prompt"]["players"] == [0, 1]  # both pairs to be entered again
    # A fork once both pairs are revealed copies them, and says nothing moved.
    full = create(client, tokens["scorekeeper"], lure_record())
    resp = fork(client, tokens["judge"], full["id"], {"at": full["version"]})
    assert resp.status_code == 201 and "fork_moved" not in resp.get_json()
