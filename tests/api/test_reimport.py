"""A record the API exports imports again as it is (the page's "Record" download, then its
import), for every ruleset: ART O BATTLERS' decisions carry ``"pay": null``."""

from __future__ import annotations

import copy

from tests.api.conftest import bearer, create, played_record
from tests.api.test_artobattlers_api import AS34, SETUP


def decide_all(client, token: str, duel: dict, decisions: list[dict]) -> None:
    version = duel["version"]
    for decision in decisions:
        resp = client.post(f"/api/duels/{duel['id']}/decisions", json=decision,
                           headers={**bearer(token), "If-Match": f'"{version}"'})
        assert resp.status_code == 201, resp.get_json()
        version = resp.get_json()["version"]


def test_an_exported_artobattlers_record_imports_again(client, tokens):
    sk = tokens["scorekeeper"]
    duel = create(client, sk, {"format": "artobattlers-record/1", "ruleset": "artobattlers",
                               "setup": SETUP, "decisions": AS34[:4]})
    decide_all(client, sk, duel, AS34[4:])
    record = client.get(f"/api/duels/{duel['id']}/record").get_json()
    assert any("pay" in d and d["pay"] is None for d in record["decisions"])
    stored = client.post("/api/duels", json=record, headers=bearer(sk))  # the same duel
    assert stored.status_code == 409 and stored.get_json()["duel"] == duel["id"]
    again = client.post("/api/duels?copy=true", json=record, headers=bearer(sk)).get_json()
    assert client.get(f"/api/duels/{again['id']}/record").get_json()["decisions"] == \
        record["decisions"]
    assert (again["status"], again["winner"]) == ("over", 0)


def test_a_null_where_battlecon_wants_a_value_is_refused_with_its_reason(client, tokens):
    record = played_record(5)
    move = next(n for n, d in enumerate(record["decisions"]) if d["kind"] == "move")
    bad = copy.deepcopy(record)
    bad["decisions"][move]["to"] = None
    resp = client.post("/api/duels", json=bad, headers=bearer(tokens["scorekeeper"]))
    assert resp.status_code == 422
    assert resp.get_json()["detail"].startswith(f"Decision {move} ")
    assert "not a legal move" in resp.get_json()["detail"]
