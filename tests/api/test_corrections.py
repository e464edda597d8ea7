"""Full corrections (issue 14, item 5), through the API, for both rulesets: every
correctable field is listed with its current value, accepted with its before and after in
the event and the state changed, or refused with a 4xx naming the field and the rule; a
correction after the end is refused unless it reopens the duel under a dispute; a
correction to 0 life ends the duel at once; tokens are checked against the fighter's pool;
`judge replay` reads a record holding corrections."""

from __future__ import annotations

import json

import pytest

from api.cli import main
from tests.api.conftest import bearer, create, holder, setup_record

AOB_SETUP = {"format": "simple_duel", "characters": "artobattlers-sample-v1", "rulings": {},
             "players": [{"name": "Ana"}, {"name": "Ben"}]}
AOB_START = [{"player": 0, "kind": "team", "characters": ["ember-knight"]},
             {"player": 1, "kind": "team", "characters": ["mossjaw"]},
             {"player": 0, "kind": "start_die", "value": 5},
             {"player": 1, "kind": "start_die", "value": 1}]


def battlecon(client, tokens, f0: str = "hikaru", f1: str = "khadath") -> str:
    return create(client, tokens["scorekeeper"], setup_record(f0, f1))["id"]


def aob(client, tokens) -> str:
    return create(client, tokens["head_judge"], {
        "format": "artobattlers-record/1", "ruleset": "artobattlers", "setup": AOB_SETUP,
        "decisions": AOB_START})["id"]


def fields(client, tokens, duel: str) -> dict:
    resp = client.get(f"/api/duels/{duel}/correctable", headers=bearer(tokens["judge"]))
    assert resp.status_code == 200, resp.get_json()
    return resp.get_json()["fields"]


def resolve(client, tokens, duel: str, changes: list, reopens: bool = False, rule: str = "R1"):
    """Open a dispute on event 1 and overturn it with these changes; the response."""
    d = client.post(f"/api/duels/{duel}/disputes", json={"at": 1, "claim": "Wrong."},
                    headers=bearer(tokens["judge"])).get_json()
    correction = {"changes": changes} | ({"reopens": True} if reopens else {})
    return client.post(f"/api/disputes/{d['id']}/resolution", json={
        "outcome": "overturned", "ruling": "Corrected.", "rule": rule,
        "correction": correction}, headers=bearer(tokens["head_judge"]))


def corrected(client, tokens, duel: str, changes: list, **kw) -> tuple[dict, dict]:
    """Resolve with ``changes``; assert 201; (the correction's event row, the state)."""
    resp = resolve(client, tokens, duel, changes, **kw)
    assert resp.status_code == 201, resp.get_json()
    n = resp.get_json()["resolution"]["correction_event"]
    row = client.get(f"/api/duels/{duel}/events?after={n - 1}&limit=1").get_json()["events"][0]
    return row, client.get(f"/api/duels/{duel}/state").get_json()


def refused(client, tokens, duel: str, changes: list, field: str, rule: str, **kw) -> str:
    """The resolution is refused with 422 naming the field and the rule; nothing stored."""
    version = client.get(f"/api/duels/{duel}").get_json()["version"]
    resp = resolve(client, tokens, duel, changes, **kw)
    body = resp.get_json()
    assert resp.status_code == 422, body
    assert (body["rule"], list(body["errors"])) == (rule, [field]), body
    assert client.get(f"/api/duels/{duel}").get_json()["version"] == version
    return body["detail"]


# --- BattleCON --------------------------------------------------------------------------


def test_the_correctable_fields_are_the_duel_now_for_judges_only(client, tokens):
    duel = battlecon(client, tokens)
    state = client.get(f"/api/duels/{duel}/state").get_json()
    found = fields(client, tokens, duel)
    ana, ben = state["players"]
    assert found["players.0.life"] == {"value": 20, "type": "integer",
                                            "label": "P0's life", "rule": "R14.8", "max": 20}
    assert found["players.1.space"]["value"] == ben["space"]
    assert found["players.0.hand"]["value"] == ana["hand"]
    assert found["players.0.token_pool"]["choices"] == ["earth", "fire", "water", "wind"]
    assert found["markers.1:gate-trap"]["nullable"] is True
    assert client.get(f"/api/duels/{duel}/correctable",
                      headers=bearer(tokens["scorekeeper"])).status_code == 403


@pytest.mark.parametrize("fighters, path, after", [
    (("hikaru", "khadath"), "players.1.life", 12),
    (("hikaru", "khadath"), "players.0.space", 1),
    (("hikaru", "khadath"), "players.1.stunned", True),
    (("hikaru", "khadath"), "players.0.finisher_used", True),
    (("hikaru", "khadath"), "markers.1:gate-trap", 6),
    (("kallistar", "khadath"), "players.0.form", "elemental"),
    (("magdelina", "khadath"), "players.0.counters.level", 2),
    (("zaamassal", "khadath"), "players.0.in_play", ["paradigm-of-pain"]),
    (("tatsumi", "khadath"), "figures.0:juto.space", 2),
    (("tatsumi", "khadath"), "figures.0:juto.life", 2),
])
def test_a_field_is_corrected_with_its_before_and_after(client, tokens, fighters, path, after):
    duel = battlecon(client, tokens, *fighters)
    before = fields(client, tokens, duel)[path]["value"]
    row, _ = corrected(client, tokens, duel, [{"field": path, "after": after}], rule="R8.1")
    assert row["data"]["changes"] == [{"field": path, "before": before, "after": after}]
    assert row["data"]["by"] == {"name": holder("head_judge"), "role": "head_judge"}
    assert row["text"].startswith(f"Head judge {holder('head_judge')} corrects ")
    assert "(dispute " in row["text"] and ", R8.1)" in row["text"]
    assert fields(client, tokens, duel)[path]["value"] == after


def test_cards_and_tokens_move_between_zones(client, tokens):
    duel = battlecon(client, tokens)
    now = fields(client, tokens, duel)
    hand, discard = now["players.0.hand"]["value"], now["players.0.discard_1"]["value"]
    card = hand[0]
    _, state = corrected(client, tokens, duel, [
        {"field": "players.0.hand", "after": hand[1:]},
        {"field": "players.0.discard_1", "after": sorted([*discard, card])},
        {"field": "players.0.token_pool", "after": ["earth", "water", "wind"]},
        {"field": "players.0.token_discard", "after": ["fire"]}])
    ana = state["players"][0]
    assert card not in ana["hand"] and card in ana["discard_1"]
    assert (ana["token_pool"], ana["token_discard"]) == (["earth", "water", "wind"], ["fire"])


@pytest.mark.parametrize("zone", ["discard_1", "discard_2", "removed"])
def test_a_card_is_corrected_from_the_hand_into_each_other_zone(client, tokens, zone):
    """Every card zone is correctable on its own terms: the card leaves the hand (R1.2: a
    card is in exactly one zone) and the event names both zones' before and after."""
    duel = battlecon(client, tokens)
    now = fields(client, tokens, duel)
    hand, there = now["players.1.hand"]["value"], now[f"players.1.{zone}"]["value"]
    card = hand[-1]
    row, state = corrected(client, tokens, duel, [
        {"field": "players.1.hand", "after": hand[:-1]},
        {"field": f"players.1.{zone}", "after": [*there, card]}], rule="R1.2")
    assert row["data"]["changes"] == [
        {"field": "players.1.hand", "before": hand, "after": hand[:-1]},
        {"field": f"players.1.{zone}", "before": there, "after": [*there, card]}]
    ben = state["players"][1]
    assert card not in ben["hand"] and ben[zone] == [*there, card]
    assert fields(client, tokens, duel)[f"players.1.{zone}"]["value"] == [*there, card]


@pytest.mark.parametrize("fighters, changes, field, rule, words", [
    (("hikaru", "khadath"), [("players.1.life", 21)], "players.1.life", "R14.8", "up to 20"),
    (("hikaru", "khadath"), [("players.0.space", 5)], "players.0.space", "R17.11", "share"),
    (("hikaru", "khadath"), [("players.0.mood", 1)], "players.0.mood", "R1", "not a field"),
    (("hikaru", "khadath"), [("players.0.token_discard", ["fire", "earth"])],
     "players.0.token_discard", "R19.1", "Earth token would be in the pool and the discard"),
    (("cadenza", "khadath"), [("players.0.token_pool", ["iron-body"] * 4)],
     "players.0.token_pool", "R19.1", "3 Iron Body tokens in all"),
    (("hikaru", "khadath"), [("players.0.removed", ["strike"])], "players.0.removed", "R1.2",
     "exactly one zone"),
    (("tatsumi", "khadath"), [("figures.0:juto.life", 0)], "figures.0:juto.life", "R17.11",
     "left the board"),
    (("kallistar", "khadath"), [("players.0.form", "dragon")], "players.0.form", "R19.4",
     "one of human, elemental"),
])
def test_a_correction_that_breaks_the_rules_is_refused(client, tokens, fighters, changes,
                                                       field, rule, words):
    duel = battlecon(client, tokens, *fighters)
    detail = refused(client, tokens, duel, [{"field": f, "after": a} for f, a in changes],
                     field, rule)
    assert words in detail


def test_a_correction_written_against_another_position_is_refused(client, tokens):
    duel = battlecon(client, tokens)
    detail = refused(client, tokens, duel, [{"field": "players.1.life", "before": 17,
                                             "after": 15}], "players.1.life", "R1")
    assert "is 20 now, not 17" in detail


def test_zero_life_ends_the_duel_then_only_a_reopening_corrects_it(client, tokens):
    duel = battlecon(client, tokens)
    row, state = corrected(client, tokens, duel, [{"field": "players.1.life", "after": 0}])
    assert (state["over"], state["winner"], state["end_reason"]) == (True, 0, "knockout")
    rows = client.get(f"/api/duels/{duel}/events?after={row['event']}").get_json()["events"]
    assert ("DuelEnded", "R20.1") in [(r["type"], r["rule"]) for r in rows]
    # After the end: refused (R20.1), unless it reopens the duel under a dispute.
    assert "reopens" in refused(client, tokens, duel, [{"field": "players.1.life",
                                                        "after": 5}], "reopens", "R20.1")
    row, state = corrected(client, tokens, duel, [{"field": "players.1.life", "after": 5}],
                           reopens=True)
    assert row["data"]["reopens"] is True and "reopening the duel" in row["text"]
    assert (state["over"], state["winner"], state["players"][1]["life"]) == (False, None, 5)
    assert state["prompt"] is not None
    # Reopening a duel that goes on is refused too.
    refused(client, tokens, duel, [{"field": "players.1.life", "after": 6}], "reopens", "R20.1",
            reopens=True)


def test_both_at_zero_is_a_draw(client, tokens):
    duel = battlecon(client, tokens)
    _, state = corrected(client, tokens, duel, [{"field": "players.0.life", "after": 0},
                                                {"field": "players.1.life", "after": -1}])
    assert (state["over"], state["draw"], state["end_reason"]) == (True, True,
                                                                  "double_knockout")


def test_the_older_request_shape_is_recorded_in_the_one_shape(client, tokens):
    duel = battlecon(client, tokens, "magdelina", "khadath")
    d = client.post(f"/api/duels/{duel}/disputes", json={"at": 1, "claim": "x"},
                    headers=bearer(tokens["judge"])).get_json()
    resp = client.post(f"/api/disputes/{d['id']}/resolution", json={
        "outcome": "overturned", "ruling": "Fixed.", "rule": "R19.4", "correction": {
            "players": {"0": {"counters": {"trance": 1}}}, "markers": {"1:gate-trap": 4}}},
        headers=bearer(tokens["head_judge"]))
    assert resp.status_code == 201, resp.get_json()
    n = resp.get_json()["resolution"]["correction_event"]
    row = client.get(f"/api/duels/{duel}/events?after={n - 1}&limit=1").get_json()["events"][0]
    assert row["data"]["changes"] == [
        {"field": "players.0.counters.trance", "before": 0, "after": 1},
        {"field": "markers.1:gate-trap", "before": None, "after": 4}]


# --- ART O BATTLERS ------------------------------------------------------------------------


@pytest.mark.parametrize("path, after", [
    ("characters.ember-knight.life", 250), ("characters.ember-knight.power", 10),
    ("characters.ember-knight.shield", 0), ("characters.mossjaw.striker", 1),
    ("characters.mossjaw.effect", "Scorch"), ("characters.ember-knight.effect", "Venom"),
])
def test_an_artobattlers_field_is_corrected(client, tokens, path, after):
    duel = aob(client, tokens)
    before = fields(client, tokens, duel)[path]["value"]
    row, _ = corrected(client, tokens, duel, [{"field": path, "after": after}], rule="A7.1")
    assert row["data"]["changes"] == [{"field": path, "before": before, "after": after}]
    assert row["text"].startswith(f"Head judge {holder('head_judge')} corrects ")
    assert fields(client, tokens, duel)[path]["value"] == after


@pytest.mark.parametrize("path, after, rule", [
    ("characters.ember-knight.power", 101, "A8.2"),
    ("characters.ember-knight.shield", 81, "A1.27"),
    ("characters.mossjaw.effect", "Sunburn", "A13.4"),
    ("characters.ember-knight.zone", "out_of_play", "A20.1"),
])
def test_an_artobattlers_correction_that_breaks_the_rules_is_refused(client, tokens, path,
                                                                      after, rule):
    refused(client, tokens, aob(client, tokens), [{"field": path, "after": after}], path, rule)


def test_an_artobattlers_character_at_zero_ends_the_match_and_a_reopening_revives_it(
        client, tokens):
    duel = aob(client, tokens)
    _, state = corrected(client, tokens, duel, [{"field": "characters.mossjaw.life",
                                                 "after": 0}])
    assert (state["over"], state["winner"], state["end_reason"]) == (True, 0, "all_destroyed")
    refused(client, tokens, duel, [{"field": "characters.mossjaw.life", "after": 5}],
            "reopens", "A20")
    _, state = corrected(client, tokens, duel, [
        {"field": "characters.mossjaw.life", "after": 50},
        {"field": "characters.mossjaw.zone", "after": "battle"}], reopens=True)
    moss = state["players"][1]["characters"]["mossjaw"]
    assert (state["over"], moss["status"], moss["life"]) == (False, "in_play", 50)
    assert state["prompt"] is not None


# --- judge replay ------------------------------------------------------------------------


def test_judge_replay_reads_a_record_with_corrections_old_and_new(client, tokens, tmp_path,
                                                                 capsys):
    duel = battlecon(client, tokens)
    corrected(client, tokens, duel, [{"field": "players.1.life", "after": 15}], rule="R14.1")
    record = client.get(f"/api/duels/{duel}/record").get_json()
    record["decisions"].append({"kind": "correction", "players": {"0": {"life": 19}},
                                "rule": "R14.1", "text": "An older entry."})
    path = tmp_path / "corrected.json"
    path.write_text(json.dumps(record), "utf-8")
    assert main(["replay", str(path)]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert f"> Head judge {holder('head_judge')} corrects P1's life from 20 to 15 " \
           "(dispute " in out
    assert "A judge corrects the position (R14.1): An older entry." in out
    assert main(["replay", str(path), "--json"]) == 0
    state = json.loads(capsys.readouterr()[0])
    assert [p["life"] for p in state["players"]] == [19, 15]


ADVANCE = {"format": "advance_play", "level_globe_total": 10,
           "characters": "artobattlers-sample-v1", "rulings": {},
           "players": [{"name": "Ana"}, {"name": "Ben"}]}
ADVANCE_START = [
    {"player": 0, "kind": "team", "characters": ["ember-knight", "gearback"]},
    {"player": 1, "kind": "team", "characters": ["mossjaw", "volt-wisp"]},
    {"player": 0, "kind": "placement", "battle_zone": ["ember-knight", "gearback"],
     "inactive_zone": []},
    {"player": 1, "kind": "placement", "battle_zone": ["mossjaw"], "inactive_zone": ["volt-wisp"]},
    {"player": 0, "kind": "start_die", "value": 1},
    {"player": 1, "kind": "start_die", "value": 6}]


def test_an_advance_play_character_is_moved_between_battle_and_inactive_zones(client, tokens):
    """Advance Play's zones are correctable (A21.2): the current zone is shown, a move to
    the inactive zone shows in the state's zone lists, and one under an effect may not go
    there (A13.5)."""
    duel = create(client, tokens["head_judge"], {
        "format": "artobattlers-record/1", "ruleset": "artobattlers", "setup": ADVANCE,
        "decisions": ADVANCE_START})["id"]
    spec = fields(client, tokens, duel)["characters.volt-wisp.zone"]
    assert (spec["value"], spec["choices"]) == ("inactive", ["battle", "inactive", "out_of_play"])
    row, state = corrected(client, tokens, duel, [
        {"field": "characters.volt-wisp.zone", "after": "battle"},
        {"field": "characters.mossjaw.zone", "after": "inactive"}], rule="A21.2")
    assert row["data"]["changes"][0] == {"field": "characters.volt-wisp.zone",
                                         "before": "inactive", "after": "battle"}
    assert (state["players"][1]["battle_zone"], state["players"][1]["inactive_zone"]) == (
        ["volt-wisp"], ["mossjaw"])
    refused(client, tokens, duel, [
        {"field": "characters.ember-knight.effect", "after": "Venom"},
        {"field": "characters.ember-knight.zone", "after": "inactive"}],
        "characters.ember-knight.zone", "A13.5")
