"""Retraction in a fork (issue 14, items 2 and 6): whoever forked may retract what they
entered in the fork, never the history it copied from its parent. The boundary is the
number of events the fork copied: the parent's first ``fork_at`` events for a plain fork,
but the parent's standing decisions re-judged for a fork under another ruling, which may
hold fewer events (Lure at -1 power: no damage fact) or more (Lure at 0 after a duel
judged at -1) than ``fork_at``."""

from __future__ import annotations

from tests.api.conftest import bearer, create, partial_record
from tests.api.test_fork_variations import lure_record
from tests.api.test_retraction import MOVE_AT, mis_click, retract, state


def fork(client, token: str, duel: str, at: int, rulings: dict | None = None) -> dict:
    body = {"at": at} | ({"rulings": rulings} if rulings else {})
    resp = client.post(f"/api/duels/{duel}/forks", json=body, headers=bearer(token))
    assert resp.status_code == 201, resp.get_json()
    return resp.get_json()


def enter_first_option(client, token: str, duel: str) -> tuple[dict, int]:
    """Enter the first option the duel offers now: (the state before it, the version after)."""
    before = state(client, duel)
    resp = client.post(f"/api/duels/{duel}/decisions", json=before["prompt"]["options"][0],
                       headers={**bearer(token), "If-Match": f'"{before["event"]}"'})
    assert resp.status_code == 201, resp.get_json()
    return before, resp.get_json()["version"]


def offer(client, token: str, duel: str) -> dict:
    resp = client.get(f"/api/duels/{duel}/retractions", headers=bearer(token))
    assert resp.status_code == 200, resp.get_json()
    return resp.get_json()


def retract_own_then_refused_at_the_copy(client, token: str, duel: str, copied: int) -> None:
    """In a fork of ``copied`` copied events: the forker's decision is retracted and the
    board is as the fork began; the next retraction is refused as copied history."""
    before, version = enter_first_option(client, token, duel)
    assert offer(client, token, duel)["allowed"] is True
    resp = retract(client, token, duel, version)
    assert resp.status_code == 201, resp.get_json()
    assert resp.get_json()["events"][0]["data"] == {"kind": "retraction",
                                                    "event": copied + 1}
    assert state(client, duel) == {**before, "event": version + 1}
    refused = retract(client, token, duel, version + 1)
    assert refused.status_code == 409, refused.get_json()
    body = refused.get_json()
    assert body["rule"] == "retraction.fork"
    assert f"its first {copied} events" in body["detail"]
    assert offer(client, token, duel)["rule"] == "retraction.fork"
    assert state(client, duel) == {**before, "event": version + 1}


def test_in_a_plain_fork_the_forker_retracts_their_own_decision_not_the_copy(client, tokens):
    hj = tokens["head_judge"]
    parent = create(client, hj, partial_record(MOVE_AT))
    child = fork(client, hj, parent["id"], parent["version"])
    assert child["version"] == parent["version"]
    retract_own_then_refused_at_the_copy(client, hj, child["id"], parent["version"])


def test_a_plain_fork_copies_a_retraction_and_still_stops_at_the_copy(client, tokens):
    sk, hj = tokens["scorekeeper"], tokens["head_judge"]
    parent = create(client, sk, partial_record(MOVE_AT))["id"]
    _, _, v1 = mis_click(client, sk, parent)
    assert retract(client, sk, parent, v1).status_code == 201
    child = fork(client, hj, parent, v1 + 1)  # the mis-click and its retraction copied
    assert child["version"] == v1 + 1
    retract_own_then_refused_at_the_copy(client, hj, child["id"], v1 + 1)


def test_a_fork_re_judged_with_fewer_events_lets_the_forker_retract_their_first_decision(
        client, tokens):
    hj = tokens["head_judge"]
    parent = create(client, hj, lure_record())
    child = fork(client, hj, parent["id"], parent["version"], {"lure-power": -1})
    # Lure Strike at power 3 is soaked by Earth: one fact fewer than the parent's history.
    assert child["version"] == parent["version"] - 1
    assert [p["life"] for p in state(client, child["id"])["players"]] == [20, 15]
    retract_own_then_refused_at_the_copy(client, hj, child["id"], child["version"])


# Beats 2 to 5 after the opening of lure_record: in beat 4 Khadath's Lure Strike hits
# Hikaru, who anted Earth; beat 5 waits after Hikaru's face-down pair.
LATER = [{"player": 0, "kind": "attack_pair", "style": "sweeping", "base": "palm-strike"},
         {"player": 1, "kind": "attack_pair", "style": "blight", "base": "grasp"},
         {"player": 0, "kind": "ante", "token": "fire"},
         {"player": 1, "kind": "place", "marker": "gate-trap", "to": 4},
         {"player": 1, "kind": "attack_pair", "style": "hunters", "base": "drive"},
         {"player": 0, "kind": "attack_pair", "style": "special-action", "base": "drive"},
         {"player": 0, "kind": "ante", "token": "wind"},
         {"player": 0, "kind": "attack_pair", "style": "focused", "base": "shot"},
         {"player": 1, "kind": "attack_pair", "style": "teleport", "base": "snare"},
         {"player": 1, "kind": "move", "to": 2},
         {"player": 0, "kind": "attack_pair", "style": "geomantic", "base": "grasp"},
         {"player": 1, "kind": "attack_pair", "style": "lure", "base": "strike"},
         {"player": 0, "kind": "ante", "token": "earth"},
         {"player": 0, "kind": "pick", "option": "fire"},
         {"player": 1, "kind": "move", "to": 6},
         {"player": 0, "kind": "attack_pair", "style": "advancing", "base": "dash"}]


def test_a_fork_re_judged_with_more_events_never_gives_back_a_copied_decision(client, tokens):
    hj = tokens["head_judge"]
    record = lure_record({"lure-power": -1})
    record["decisions"] += LATER
    parent = create(client, hj, record)
    at = parent["version"]
    events = client.get(f"/api/duels/{parent['id']}/events?after={at - 1}").get_json()["events"]
    assert events[-1]["text"] == "Hikaru lays an attack pair face down."
    child = fork(client, hj, parent["id"], at, {"lure-power": 0})
    # A fork never copies the pair the parent still hides: it forks just before it, after
    # Khadath's move to 6 (issue 27, item 2).
    before = child["fork_moved"]["at"]
    assert before < at
    # Beat 4's Lure Strike at power 4 gets through Earth's Soak 3 (damage, then a stun
    # check): two facts more, so Khadath's copied move is the fork's event before + 2,
    # beyond the parent's fork point: still copied history, which the forker may not
    # retract.
    assert child["version"] == before + 2
    refused = retract(client, hj, child["id"], child["version"])
    assert refused.status_code == 409, refused.get_json()
    assert refused.get_json()["rule"] == "retraction.fork"
    assert f"its first {before + 2} events" in refused.get_json()["detail"]
    assert state(client, child["id"])["event"] == before + 2
    retract_own_then_refused_at_the_copy(client, hj, child["id"], child["version"])
