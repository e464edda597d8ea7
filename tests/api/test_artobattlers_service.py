"""ART O BATTLERS through the rest of the service, unchanged (issue 13): a judge annotates
and disputes a match as for BattleCON, and `judge replay`, `judge import`, `judge export`
and `judge verify` work on its records and logs (AS34 of scenarios.md)."""

from __future__ import annotations

import json
from uuid import UUID

from api.cli import main as judge_cli
from events.export import verify_file
from events.hashing import chain_hash
from tests.api.conftest import bearer
from tests.api.test_artobattlers_api import AS34, SETUP

RECORD = {"format": "artobattlers-record/1", "ruleset": "artobattlers", "setup": SETUP,
          "decisions": AS34}


def test_a_judge_annotates_and_disputes_a_match_as_for_battlecon(client, tokens):
    """A note on P1's reply die (event 15), a dispute of its reading with a comment, upheld
    by the head judge; the match stands and its log still verifies."""
    duel = client.post("/api/duels", json=RECORD,
                       headers=bearer(tokens["scorekeeper"])).get_json()["id"]
    note = client.post(f"/api/duels/{duel}/annotations", json={
        "at": 15, "text": "A 4 on STAY is a Hit: Gearback takes the full 30 DP.",
        "tags": ["teaching"]}, headers=bearer(tokens["judge"]))
    assert note.status_code == 201, note.get_json()
    listed = client.get(f"/api/duels/{duel}/annotations").get_json()["annotations"]
    assert [(a["at"], a["text"]) for a in listed] == [
        (15, "A 4 on STAY is a Hit: Gearback takes the full 30 DP.")]
    dispute = client.post(f"/api/duels/{duel}/disputes", json={
        "at": 16, "claim": "Gearback's Plated Hull should halve it."},
        headers=bearer(tokens["judge"])).get_json()
    client.post(f"/api/disputes/{dispute['id']}/comments", json={"text": "Only vs Direct Hits."},
                headers=bearer(tokens["judge"]))
    resp = client.post(f"/api/disputes/{dispute['id']}/resolution", json={
        "outcome": "upheld", "ruling": "Plated Hull halves Direct Hits only.", "rule": "A18"},
        headers=bearer(tokens["head_judge"]))
    assert resp.status_code == 201, resp.get_json()
    shown = client.get(f"/api/disputes/{dispute['id']}").get_json()
    assert (shown["status"], shown["at"], len(shown["comments"])) == ("upheld", 16, 1)
    state = client.get(f"/api/duels/{duel}/state").get_json()
    assert (state["over"], state["winner"]) == (True, 0)  # the upheld ruling changes nothing
    log = client.get(f"/api/duels/{duel}/log", headers=bearer(tokens["head_judge"])).get_json()
    verified = verify_file(json.dumps(log))
    total = client.get(f"/api/duels/{duel}/events").get_json()["total"]
    assert (verified["kind"], verified["events"]) == ("log", total)


def test_the_command_line_replays_imports_exports_and_verifies_a_match(tmp_path, capsys):
    record = tmp_path / "as34.json"
    record.write_text(json.dumps(RECORD))
    assert judge_cli(["replay", str(record)]) == 0
    told = capsys.readouterr().out
    assert "P1 answers with a die: 4 — a Hit on the STAY chart: the full DP (A4.4)." in told
    assert "Gearback takes 30 DP: 100 → 70. [A4.4]" in told
    assert judge_cli(["replay", str(record), "--at", "17"]) == 0
    gearback = json.loads(capsys.readouterr().out)["players"][1]["characters"]["gearback"]
    assert gearback["life"] == 70
    db = str(tmp_path / "s.sqlite")
    assert judge_cli(["import", str(record), "--db", db]) == 0
    duel_id = json.loads(capsys.readouterr().out)["id"]
    log = tmp_path / "as34.log.jsonl"
    assert judge_cli(["export", duel_id, "--log", "-o", str(log), "--db", db]) == 0
    assert judge_cli(["verify", str(log), str(record)]) == 0
    assert capsys.readouterr().out.count(": ok (") == 2
    assert judge_cli(["import", str(log), "--db", str(tmp_path / "t.sqlite")]) == 0
    assert UUID(json.loads(capsys.readouterr().out)["id"])
    # Forged: the first die's damage left Gearback at 60, the chain re-hashed: the re-judge
    # names the event.
    header, *entries = [json.loads(line) for line in log.read_text().splitlines()]
    prev, forged = header["hash"], None
    for entry in entries:
        if forged is None and entry["payload"].get("type") == "DamageDealt":
            entry["payload"]["after"], forged = 60, entry["n"]
        entry["prev"] = prev
        entry["hash"] = prev = chain_hash(prev, entry["n"], entry["kind"], entry["payload"],
                                          entry.get("by"))
    assert forged is not None
    log.write_text("\n".join(json.dumps(e) for e in [header, *entries]) + "\n")
    assert judge_cli(["verify", str(log)]) == 1
    assert f"FAILED: Event {forged} is not what the rules produce" in capsys.readouterr().out
