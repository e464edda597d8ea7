"""The rules stamp through the API and the CLI: the ruleset names today's, a duel's summary
shows both stamps, a fork with ``todays_rules`` re-stamps, and ``judge verify`` says what
today's rules make of a duel stamped with older ones (information only, exit 0)."""

from __future__ import annotations

import json
from pathlib import Path

from api.cli import main
from tests.api.conftest import bearer, create

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def unstamped() -> dict:
    return json.loads((EXAMPLES / "comic-beat-1.json").read_text("utf-8"))


def test_the_ruleset_names_the_rules_a_new_duel_names(client):
    body = client.get("/api/rulesets/battlecon-2014").get_json()
    assert body["rules"] == "rules-2"
    assert client.get("/api/rulesets/artobattlers").get_json()["rules"] is None


def test_a_summary_shows_both_stamps(client, tokens):
    old = create(client, tokens["scorekeeper"], unstamped())
    assert old["rules"] is None and old["cards"].startswith("cards-")
    new = create(client, tokens["scorekeeper"], {**unstamped(), "rules": "rules-2"})
    assert new["rules"] == "rules-2"
    listed = {d["id"]: d for d in client.get("/api/duels").get_json()["items"]}
    assert (listed[old["id"]]["rules"], listed[new["id"]]["rules"]) == (None, "rules-2")
    record = client.get(f"/api/duels/{new['id']}/record").get_json()
    assert record["rules"] == "rules-2"
    assert "rules" not in client.get(f"/api/duels/{old['id']}/record").get_json()


def test_an_unknown_stamp_is_refused_and_nothing_is_stored(client, tokens):
    before = client.get("/api/duels").get_json()["total"]
    resp = client.post("/api/duels", json={**unstamped(), "rules": "rules-9"},
                       headers=bearer(tokens["scorekeeper"]))
    assert resp.status_code == 422
    assert "rules-9" in json.dumps(resp.get_json())
    assert client.get("/api/duels").get_json()["total"] == before


def test_a_fork_with_todays_rules_restamps(client, tokens):
    parent = create(client, tokens["scorekeeper"], unstamped())
    resp = client.post(f"/api/duels/{parent['id']}/forks",
                       json={"at": parent["version"], "todays_rules": True},
                       headers=bearer(tokens["judge"]))
    assert resp.status_code == 201, resp.get_json()
    child = resp.get_json()
    assert (child["rules"], child["parent"]) == ("rules-2", parent["id"])
    assert client.get(f"/api/duels/{parent['id']}").get_json()["rules"] is None


def test_verify_reports_todays_rules_as_information(tmp_path, capsys):
    old = tmp_path / "old.json"
    old.write_text(json.dumps(unstamped()), "utf-8")
    new = tmp_path / "new.json"
    new.write_text(json.dumps({**unstamped(), "rules": "rules-2"}), "utf-8")
    assert main(["verify", str(old), str(new)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "judged under the rules before the stamps; today's rules (rules-2) judge it " \
           "the same" in out[0]
    assert "rules" not in out[1].split("ok")[1]


def test_verify_refuses_a_stamp_it_does_not_know(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**unstamped(), "rules": "rules-9"}), "utf-8")
    assert main(["verify", str(bad)]) == 1
    captured = capsys.readouterr()
    assert "rules-9" in captured.out + captured.err


RELEASE2 = Path(__file__).resolve().parents[1] / "data" / "release-2"


def test_verify_names_where_todays_rules_would_judge_a_stored_duel_differently(capsys):
    """A duel stored before the stamps (release 2's Cherri anteing Insight against
    Naturalizing) verifies under its own rules (exit 0), and says from which event today's
    rules would differ."""
    from events.export import verify_file

    log = RELEASE2 / "cherri-vs-lixis-naturalizing.log.jsonl"
    result = verify_file(log.read_text("utf-8"))
    rules = result["rules"]
    assert (rules["recorded"], rules["today"]) == (None, "rules-2")
    assert rules["rejudged"].startswith(f"differs from event {rules['differs_from']}:")
    assert main(["verify", str(log)]) == 0
    out = capsys.readouterr().out
    assert f"under today's rules (rules-2) this duel would differ from event " \
           f"{rules['differs_from']}" in out
