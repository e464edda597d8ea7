"""The judges' floor (issue 34, item 4): an event's tables (GET /api/floor), the head
judges' dispute queue (GET /api/disputes) and the event's results (GET /api/results.csv),
for BattleCON and ART O BATTLERS duels alike, read from the list read model."""

from __future__ import annotations

import csv
import datetime
import io
from uuid import UUID

import pytest

import api.floor
from api.app import create_app
from api.auth import create_token
from events.app import JudgeApp
from tests.api.conftest import CheckedClient, bearer, create, partial_record, played_record
from tests.api.test_artobattlers_api import AS34, SETUP


def aob(client, token: str, decisions: int, **labels: str) -> dict:
    return create(client, token, {"format": "artobattlers-record/1", "ruleset": "artobattlers",
                                  "setup": SETUP, "decisions": AS34[:decisions]}, **labels)


def floor(client, event: str = "Open", token: str | None = None, **args) -> dict:
    resp = client.get("/api/floor", query_string={"event": event, **args},
                      headers=bearer(token))
    assert resp.status_code == 200, resp.get_json()
    return resp.get_json()


def dispute(client, token: str, duel: str, at: int, claim: str = "wrong range") -> str:
    resp = client.post(f"/api/duels/{duel}/disputes", json={"at": at, "claim": claim},
                       headers=bearer(token))
    assert resp.status_code == 201, resp.get_json()
    return resp.get_json()["id"]


@pytest.fixture
def event(client, tokens) -> dict:
    """Event "Open": table 2 in progress (BattleCON), table 10 over (BattleCON), table 3
    over (ART O BATTLERS); another event's duel, and a fork of table 2."""
    sk = tokens["scorekeeper"]
    duels = {"2": create(client, sk, partial_record(20), event="Open", round="1", table="2"),
             "10": create(client, sk, played_record(), event="open", round="1", table="10"),
             "3": aob(client, sk, len(AS34), event="OPEN", round="1", table="3"),
             "other": create(client, sk, partial_record(8), event="Closed", table="1")}
    resp = client.post(f"/api/duels/{duels['2']['id']}/forks", json={"at": 1},
                       headers=bearer(tokens["judge"]))
    assert resp.status_code == 201
    return {k: d["id"] for k, d in duels.items()}


def test_the_floor_lists_every_table_of_the_event_in_both_games(client, event):
    got = floor(client, "open")
    tables = {t["table"]: t for t in got["tables"]}
    assert set(tables) == {"2", "3", "10"}  # not the other event's, not the fork
    assert [t["table"] for t in got["tables"]] == ["2", "3", "10"]  # in progress first
    two, three, ten = tables["2"], tables["3"], tables["10"]
    assert (two["ruleset"], two["status"], two["beat"]) == ("battlecon-2014", "in_progress", 3)
    assert [(p["name"], p["fighter"], p["life"]) for p in two["players"]] == [
        ("P0", "hikaru", 17), ("P1", "khadath", 20)]
    assert (two["ended"], two["winner"], two["open_disputes"]) == (None, None, [])
    assert (ten["status"], ten["winner"], ten["ended"], ten["beat"]) == ("over", 1, "time", 15)
    assert [p["life"] for p in ten["players"]] == [2, 4]
    assert (three["ruleset"], three["status"], three["winner"]) == ("artobattlers", "over", 0)
    assert [p["fighter"] for p in three["players"]] == ["Volt Wisp", "Gearback"]
    assert three["ended"] and three["last_decision"]
    assert floor(client, "Nowhere")["tables"] == []


def test_a_table_with_an_open_dispute_comes_first_until_it_is_resolved(client, tokens, event):
    assert floor(client)["tables"][0]["table"] == "2"
    first = dispute(client, tokens["judge"], event["10"], 7)
    dispute(client, tokens["judge"], event["3"], 4)
    got = floor(client)["tables"]
    assert [t["table"] for t in got] == ["10", "3", "2"]  # the oldest dispute first
    assert got[0]["open_disputes"][0]["id"] == first and got[0]["open_disputes"][0]["at"] == 7
    resp = client.post(f"/api/disputes/{first}/resolution", headers=bearer(
        tokens["head_judge"]), json={"outcome": "upheld", "ruling": "fine", "rule": "R1"})
    assert resp.status_code == 201
    assert [t["table"] for t in floor(client)["tables"]] == ["3", "2", "10"]


def test_a_quiet_table_in_progress_is_flagged_stalled(client, event, monkeypatch):
    assert not any(t["stalled"] for t in floor(client, quiet=60)["tables"])
    later = datetime.datetime.now(datetime.UTC) + datetime.timedelta(seconds=90)
    monkeypatch.setattr(api.floor, "_now", lambda: later)
    stalled = {t["table"]: t["stalled"] for t in floor(client, quiet=60)["tables"]}
    assert stalled == {"2": True, "3": False, "10": False}  # a finished duel never stalls
    assert floor(client)["quiet"] == 300  # the default: five minutes
    assert not any(t["stalled"] for t in floor(client)["tables"])


def test_an_unchanged_floor_answers_304_and_a_decision_changes_it(client, tokens, event):
    first = client.get("/api/floor?event=Open")
    tag = first.headers["ETag"]
    again = client.get("/api/floor?event=Open", headers={"If-None-Match": tag})
    assert (again.status_code, again.data, again.headers["ETag"]) == (304, b"", tag)
    weak = client.get("/api/floor?event=Open", headers={"If-None-Match": f"W/{tag}"})
    assert weak.status_code == 304
    duel = event["2"]
    version = client.get(f"/api/duels/{duel}").headers["ETag"]
    decision = played_record()["decisions"][20]
    resp = client.post(f"/api/duels/{duel}/decisions", json=decision, headers={
        **bearer(tokens["scorekeeper"]), "If-Match": version})
    assert resp.status_code == 201, resp.get_json()
    moved = client.get("/api/floor?event=Open", headers={"If-None-Match": tag})
    assert moved.status_code == 200 and moved.headers["ETag"] != tag


def test_a_face_down_pair_shows_nowhere_on_the_floor(client, tokens):
    """Decision 18 of the duel is player 1's face-down pair (teleport, burst): the floor
    any reader reads changes only in the time of the last decision."""
    sk = tokens["scorekeeper"]
    duel = create(client, sk, partial_record(18), event="Open", table="1")["id"]
    before = floor(client)["tables"][0]
    secret = played_record()["decisions"][18]
    assert secret["kind"] == "attack_pair" and secret["style"] == "teleport"
    resp = client.post(f"/api/duels/{duel}/decisions", json=secret, headers={
        **bearer(sk), "If-Match": client.get(f"/api/duels/{duel}").headers["ETag"]})
    assert resp.status_code == 201
    for reader in (None, tokens["judge"]):  # the floor is the same for every reader
        body = client.get("/api/floor?event=Open", headers=bearer(reader)).get_data(
            as_text=True)
        assert "teleport" not in body and "burst" not in body
        after = floor(client, token=reader)["tables"][0]
        assert after["last_decision"] > before["last_decision"]
        assert {**after, "last_decision": None} == {**before, "last_decision": None}


def test_the_dispute_queue_is_the_head_judges_oldest_first(client, tokens, event):
    one = dispute(client, tokens["judge"], event["10"], 12, "the clash")
    two = dispute(client, tokens["head_judge"], event["2"], 3, "range")
    three = dispute(client, tokens["judge"], event["other"], 2, "elsewhere")
    for who in (None, tokens["scorekeeper"], tokens["judge"]):
        resp = client.get("/api/disputes", headers=bearer(who))
        assert resp.status_code == (401 if who is None else 403), resp.get_json()
    resp = client.get("/api/disputes", headers=bearer(tokens["head_judge"]))
    queue = resp.get_json()["disputes"]
    assert [d["id"] for d in queue] == [one, two, three]
    assert queue[0] | {"opened": None} == {
        "id": one, "duel_id": event["10"], "at": 12, "claim": "the clash",
        "author": "judge-sam", "opened": None, "event": "open", "round": "1",
        "table": "10", "ruleset": "battlecon-2014", "players": ["P0", "P1"],
        "replay": f"/duels/{event['10']}?at=12"}
    only = client.get("/api/disputes?event=OPEN", headers=bearer(tokens["head_judge"]))
    assert [d["id"] for d in only.get_json()["disputes"]] == [one, two]
    client.post(f"/api/disputes/{one}/resolution", headers=bearer(tokens["head_judge"]),
                json={"outcome": "upheld", "ruling": "fine", "rule": "R1"})
    resp = client.get("/api/disputes", headers=bearer(tokens["head_judge"]))
    assert [d["id"] for d in resp.get_json()["disputes"]] == [two, three]


def test_the_results_csv_quotes_names_and_defuses_formulas(client, tokens):
    sk = tokens["scorekeeper"]
    record = played_record()
    record["players"][0]["name"] = 'Smith, "Jo"'
    record["players"][1]["name"] = '=HYPERLINK("http://x","y")'
    create(client, sk, record, event="Cup", round="2", table="@1")
    create(client, sk, partial_record(6), event="Cup", round="1", table="-5")
    aob(client, sk, len(AS34), event="Cup", round="1", table="+7")
    resp = client.get("/api/results.csv?event=cup")
    assert resp.status_code == 200 and resp.mimetype == "text/csv"
    assert "attachment" in resp.headers["Content-Disposition"]
    text = resp.get_data(as_text=True)
    assert '"Smith, ""Jo"""' in text and "\r\n" in text
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0] == ["round", "table", "player_1", "fighter_1", "player_2", "fighter_2",
                       "status", "winner", "ended", "beat", "life_1", "life_2", "duel"]
    body = rows[1:]
    assert [r[:2] for r in body] == [["1", "'+7"], ["1", "'-5"], ["2", "'@1"]]
    assert body[0][2:9] == ["P0", "Volt Wisp", "P1", "Gearback", "over", "P0", body[0][8]]
    assert body[0][8]  # how it ended, as the ruleset says
    assert body[1][6:9] == ["in_progress", "", ""]
    assert body[2][2:10] == ['Smith, "Jo"', "hikaru", '\'=HYPERLINK("http://x","y")',
                             "khadath", "over", '\'=HYPERLINK("http://x","y")', "time", "15"]
    assert body[2][10:12] == ["2", "4"]


@pytest.mark.parametrize("query", ["", "event=", "event=Open&quiet=0", "event=Open&quiet=-1",
                                   "event=Open&quiet=abc", "event=Open&quiet=86401",
                                   f"event={'x' * 101}", "event=a%00b"])
def test_bad_floor_arguments_are_refused_with_a_4xx(client, query):
    resp = client.get(f"/api/floor?{query}")
    assert resp.status_code == 422, resp.get_json()
    assert resp.get_json()["detail"]
    if "quiet" not in query:  # the results take no quiet time
        assert client.get(f"/api/results.csv?{query}").status_code == 422


def test_without_anonymous_reading_the_floor_needs_a_token(store, tokens):
    app = create_app({"STORE": store, "TESTING": True, "ANONYMOUS_READ": False})
    app.test_client_class = CheckedClient
    client = app.test_client()
    for path in ("/api/floor?event=Open", "/api/results.csv?event=Open"):
        assert client.get(path).status_code == 401
        assert client.get(path, headers=bearer(tokens["scorekeeper"])).status_code == 200


def test_rows_an_older_release_wrote_are_rebuilt_with_the_floor_fields(tmp_path):
    """A list model of format 2 (no last decision, ending or disputes) is written again
    at the first catch-up after the upgrade: the floor shows an open dispute opened
    before it."""
    path = str(tmp_path / "judge.sqlite")
    old = JudgeApp(db=path)
    judge = create_token(old, "judge", "jo")
    client = create_app({"STORE": old, "TESTING": True}).test_client()
    duel = create(client, create_token(old, "scorekeeper", "sam"), partial_record(10),
                  event="Open")["id"]
    dispute(client, judge, duel, 2)
    old.duel_list.catch_up()
    with old.duel_list.db.cursor(commit=True) as c:
        c.execute("UPDATE duel_list SET model = 2, last_at = NULL, ended = NULL, "
                  "disputes = NULL, dispute_events = NULL")
    old.close()
    new = JudgeApp(db=path)
    client = create_app({"STORE": new, "TESTING": True}).test_client()
    (table,) = floor(client)["tables"]
    assert table["last_decision"] and len(table["open_disputes"]) == 1
    new.close()


def test_a_stale_reading_of_disputes_never_replaces_a_later_one(client, store, tokens):
    """Two processes catching up at once: the one that read the disputes before the last
    was opened writes last; the row keeps the later reading."""
    duel = create(client, tokens["scorekeeper"], partial_record(10), event="Open")["id"]
    dispute(client, tokens["judge"], duel, 2)
    assert len(floor(client)["tables"][0]["open_disputes"]) == 1
    listing = store.duel_list
    stale = listing._row(UUID(duel), None, disputes=("[]", 0))  # noqa: SLF001
    listing.db.upsert([stale], None)
    assert len(floor(client)["tables"][0]["open_disputes"]) == 1
    later = listing._row(UUID(duel), None, disputes=("[]", 2))  # noqa: SLF001
    listing.db.upsert([later], None)
    assert floor(client)["tables"][0]["open_disputes"] == []


@pytest.mark.usefixtures("stored_client")
def test_the_floor_on_sqlite_and_postgresql(stored_client):
    client, sk = stored_client
    store = client.application.extensions["battlecon"]["store"]
    hj = create_token(store, "head_judge", "hana")
    duel = create(client, sk, partial_record(12), event="Stored", table="1")["id"]
    aob(client, sk, 4, event="Stored", table="2")
    assert [t["table"] for t in floor(client, "stored")["tables"]] == ["1", "2"]
    dispute(client, hj, duel, 3)
    assert floor(client, "stored")["tables"][0]["open_disputes"][0]["at"] == 3
    queue = client.get("/api/disputes", headers=bearer(hj)).get_json()["disputes"]
    assert [d["duel_id"] for d in queue] == [duel]
    assert client.get("/api/results.csv?event=stored").status_code == 200
