"""A ``battlecon-2011`` duel through the store and the API: created from a record that names
the profile, its state read (spaces 2 and 6), its record exported naming the profile; a
fighter the profile lacks refused with 422 naming it (issue 35)."""

from __future__ import annotations

import random

from judge.battlecon.playout import record_setup
from tests.api.conftest import bearer


def record_2011(f0: str = "cadenza", f1: str = "kallistar") -> dict:
    rng = random.Random(3)
    return record_setup(f0, f1, True, False, 0, rng, ruleset="battlecon-2011")


def test_a_2011_duel_is_created_read_and_exported(client, tokens):
    resp = client.post("/api/duels", json=record_2011(), headers=bearer(tokens["scorekeeper"]))
    assert resp.status_code == 201, resp.get_json()
    duel = resp.get_json()
    assert [p["space"] for p in duel["players"]] == [2, 6]
    state = client.get(f"/api/duels/{duel['id']}/state",
                       headers=bearer(tokens["scorekeeper"])).get_json()
    assert [p["space"] for p in state["players"]] == [2, 6]
    assert state["options"]["time_limit"] is False
    record = client.get(f"/api/duels/{duel['id']}/record",
                        headers=bearer(tokens["scorekeeper"])).get_json()
    assert record["ruleset"] == "battlecon-2011"


def test_a_fighter_the_profile_lacks_is_refused_naming_it(client, tokens):
    record = record_2011()
    record["players"][1] = {"name": "P1", "fighter": "seth"}
    resp = client.post("/api/duels", json=record, headers=bearer(tokens["scorekeeper"]))
    assert resp.status_code == 422, resp.get_json()
    assert "battlecon-2011" in resp.get_json()["detail"]


def test_judge_fighters_lists_the_profile_and_its_doubts(capsys):
    """``judge fighters --ruleset battlecon-2011 [--doubts]``: the four fighters; each number
    derived from 001 with its passage, the others "2014 value used: no 2011 source"."""
    from api.cli import main

    assert main(["fighters", "--ruleset", "battlecon-2011"]) == 0
    names = [line for line in capsys.readouterr().out.splitlines() if not line.startswith(" ")]
    assert names == ["Cadenza (cadenza)", "Hikaru Sorayama (hikaru)",
                     "Kallistar Flarechild (kallistar)", "Khadath Ahemusei (khadath)"]
    assert main(["fighters", "--ruleset", "battlecon-2011", "--doubts"]) == 0
    out = capsys.readouterr().out
    assert "strike.stun_guard = 4 (also: 5) [battlecon-2011]: 001 Stun and Stun Guard" in out
    assert "grasp.power = 2 [battlecon-2011]: 2014 value used: no 2011 source" in out
    assert main(["fighters", "--ruleset", "artobattlers"]) != 0


def test_the_profiles_catalogue_and_judge_fighters_give_the_2011_values(client, capsys):
    """Issue 35: ``judge fighters --ruleset battlecon-2011`` lists the four fighters with
    their 2011 values, as the profile's catalogue (``GET /api/rulesets/battlecon-2011``,
    which the console's card tips read) gives them; 2014's catalogue is as printed in 2014."""
    from api.cli import main

    def card(name: str, fighter: str, kind: str, cid: str) -> dict:
        found = client.get(f"/api/rulesets/{name}").get_json()["catalogue"]["fighters"]
        f = next(f for f in found if f["id"] == fighter)
        return next(c for c in f[kind] if c["id"] == cid)

    flare, caustic = (card("battlecon-2011", "kallistar", "styles", c) for c in ("flare", "caustic"))
    strike = card("battlecon-2011", "cadenza", "bases", "strike")
    assert (flare["priority"], caustic["power"], strike["stun_guard"]) == (1, -1, 4)
    assert {"field": "priority", "value": 1, "value_2014": 0,
            "passage": "001 Stun and Stun Guard, Example 4"} in flare["differences_2011"]
    old = card("battlecon-2014", "kallistar", "styles", "flare")
    assert old["priority"] == 0 and "differences_2011" not in old
    assert card("battlecon-2014", "cadenza", "bases", "strike")["stun_guard"] == 5
    assert main(["fighters", "--ruleset", "battlecon-2011"]) == 0
    flare_line = next(line for line in capsys.readouterr().out.splitlines() if " Flare " in line)
    assert "priority +1" in flare_line
    assert "[2011: priority 1 (2014: 0; 001 Stun and Stun Guard, Example 4)" in flare_line
