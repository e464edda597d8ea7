"""POST /api/duels/{id}/variations/preview: an unsaved variation ("what if", the analysis
panel's cells), judged from a fork point and never stored; who may play one."""

from __future__ import annotations

from tests.api.conftest import bearer, create
from tests.judge.analysis.small import POSITIONS, record

# Hikaru against Khadath from a small position: Focused Dash against Hunter's Shot.
BEAT_1 = [{"player": 0, "kind": "attack_pair", "style": "focused", "base": "dash"},
          {"player": 1, "kind": "attack_pair", "style": "hunters", "base": "shot"}]
# Trance Strike against Hunter's Grasp: the analysis table's cell worth +4 for Hikaru.
WHAT_IF = [{"player": 0, "kind": "attack_pair", "style": "trance", "base": "strike"},
           {"player": 1, "kind": "attack_pair", "style": "hunters", "base": "grasp"}]


def small_duel(client, tokens, *, over: bool) -> dict:
    decisions = [{"player": 1, "kind": "concede"}] if over else []
    return create(client, tokens["scorekeeper"], record(POSITIONS["hikaru-khadath"], decisions))


def test_a_variation_is_judged_from_its_point_and_never_stored(client, tokens):
    duel = small_duel(client, tokens, over=True)
    before = client.get(f"/api/duels/{duel['id']}").get_json()["version"]
    resp = client.post(f"/api/duels/{duel['id']}/variations/preview",
                       json={"at": 1, "decisions": WHAT_IF})
    assert resp.status_code == 200, resp.get_json()
    body = resp.get_json()
    assert len(body["states"]) == 2
    end = body["states"][-1]
    # The end of the beat: life 20 - 16 for Hikaru over Khadath, the cell's +4.
    assert end["players"][0]["life"] - end["players"][1]["life"] == 4
    start = client.get(f"/api/duels/{duel['id']}/state?at=1").get_json()
    assert end["beats_played"] == start["beats_played"] + 1
    assert body["events"][0]["type"] == "Decision"
    assert any(e["type"] == "Hit" for e in body["events"])
    assert client.get(f"/api/duels/{duel['id']}").get_json()["version"] == before


def test_a_duel_in_progress_is_previewed_only_for_judges(client, tokens):
    duel = small_duel(client, tokens, over=False)
    path = f"/api/duels/{duel['id']}/variations/preview"
    refused = client.post(path, json={"at": 1, "decisions": WHAT_IF})
    assert refused.status_code == 403
    assert "only for judges" in refused.get_json()["detail"]
    judged = client.post(path, json={"at": 1, "decisions": WHAT_IF},
                         headers=bearer(tokens["judge"]))
    assert judged.status_code == 200


def test_an_illegal_decision_is_refused_by_its_index(client, tokens):
    duel = small_duel(client, tokens, over=True)
    bad = [WHAT_IF[0], {"player": 1, "kind": "attack_pair", "style": "hunters", "base": "dash"}]
    resp = client.post(f"/api/duels/{duel['id']}/variations/preview",
                       json={"at": 1, "decisions": bad})
    assert resp.status_code == 422
    assert resp.get_json()["index"] == 1
    assert resp.get_json()["detail"].startswith("Decision 1 of the variation:")


def test_a_judge_saves_a_variation_as_a_fork_with_its_line(client, tokens):
    duel = small_duel(client, tokens, over=True)
    shown = client.post(f"/api/duels/{duel['id']}/variations/preview",
                        json={"at": 1, "decisions": WHAT_IF}).get_json()
    resp = client.post(f"/api/duels/{duel['id']}/forks", json={"at": 1, "decisions": WHAT_IF},
                       headers=bearer(tokens["judge"]))
    assert resp.status_code == 201, resp.get_json()
    child = resp.get_json()
    assert child["parent"] == duel["id"] and child["fork_at"] == 1
    saved = client.get(f"/api/duels/{child['id']}/state").get_json()
    assert [p["life"] for p in saved["players"]] == \
        [p["life"] for p in shown["states"][-1]["players"]]
    bad = client.post(f"/api/duels/{duel['id']}/forks",
                      json={"at": 1, "decisions": WHAT_IF[:1] * 2},
                      headers=bearer(tokens["judge"]))
    assert bad.status_code == 422
    assert bad.get_json()["detail"].startswith("Decision 1 of the fork's line:")


def test_a_beat_start_is_given_as_a_position_and_played_from_it(client, tokens):
    duel = small_duel(client, tokens, over=True)
    got = client.get(f"/api/duels/{duel['id']}/position?at=1")
    assert got.status_code == 200, got.get_json()
    body = got.get_json()
    assert body["ruleset"] == "battlecon-2014" and body["event"] == 1
    assert body["position"]["format"] == "battlecon-position/1"
    assert [p["life"] for p in body["position"]["players"]] == [20, 20]
    assert client.get(f"/api/duels/{duel['id']}/position?at=9").status_code == 404
    played = client.post("/api/positions/preview",
                         json={"position": body["position"], "decisions": WHAT_IF})
    assert played.status_code == 200, played.get_json()
    out = played.get_json()
    assert out["start"]["prompt"]["kind"] == "attack_pair"
    end = out["states"][-1]["players"]
    assert end[0]["life"] - end[1]["life"] == 4
    bad = client.post("/api/positions/preview", json={"position": {"format": "x"}})
    assert bad.status_code == 422


def test_a_ruleset_without_positions_refuses_one() -> None:
    import pytest

    from judge import registry
    from judge.errors import RecordError

    with pytest.raises(RecordError, match="takes no positions"):
        registry.find("artobattlers").position_at(None, 0)  # type: ignore[arg-type]
