"""The demo (``judge serve --demo``, ``scripts/run.sh``) shows what the service does today
(issue 28, item 8): duels of several fighters (Seth, Tatsumi with Juto, Sagas), a dispute
overturned with a correction, a variation under another ruling, and ART O BATTLERS'
simple duel and Advance Play; loaded once. Checked through the API, as a newcomer's first
page reads it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from api.app import create_app
from api.demo import load_demo
from events.app import JudgeApp


@pytest.fixture(scope="module")
def demo(tmp_path_factory) -> Iterator[tuple[JudgeApp, int]]:
    store = JudgeApp(db=str(tmp_path_factory.mktemp("demo") / "demo.sqlite"))
    added = load_demo(store)
    yield store, added
    store.close()


@pytest.fixture(scope="module")
def client(demo):
    return create_app({"STORE": demo[0], "TESTING": True}).test_client()


def listed(client, query: str = "") -> list[dict]:
    resp = client.get(f"/api/duels?event=demo&page_size=100{query}")
    assert resp.status_code == 200
    return resp.get_json()["items"]


def by_table(client) -> dict[str, dict]:
    return {d["table"]: d for d in listed(client)}


def test_the_first_page_shows_both_games(client):
    games = {d["ruleset"] for d in listed(client)}
    assert games == {"battlecon-2014", "artobattlers"}
    formats = set()
    for duel in listed(client, "&ruleset=artobattlers"):
        record = client.get(f"/api/duels/{duel['id']}/record").get_json()
        formats.add(record["setup"]["format"])
        assert duel["status"] == "over"
    assert formats == {"simple_duel", "advance_play"}


@pytest.mark.parametrize("fighter", ["seth", "tatsumi", "sagas", "zaamassal", "cherri",
                                     "luc", "heketch", "kehrolyn"])
def test_duels_of_several_fighters(client, fighter):
    assert listed(client, f"&fighter={fighter}"), fighter


def test_tatsumi_fights_with_juto(client):
    duel = by_table(client)["seth-vs-tatsumi"]
    state = client.get(f"/api/duels/{duel['id']}/state?at=1").get_json()
    assert "juto" in str(state).lower()
    assert duel["status"] == "over"


def test_a_dispute_overturned_with_a_correction(client):
    duel = by_table(client)["heketch-vs-kehrolyn-disputed"]
    (dispute,) = client.get(f"/api/duels/{duel['id']}/disputes").get_json()["disputes"]
    assert dispute["status"] == "overturned" and dispute["comments"]
    n = dispute["resolution"]["correction_event"]
    row = client.get(f"/api/duels/{duel['id']}/events?after={n - 1}&limit=1").get_json()[
        "events"][0]
    (change,) = row["data"]["changes"]
    assert change["after"] == change["before"] + 2 and change["field"].endswith(".life")
    state = client.get(f"/api/duels/{duel['id']}/state").get_json()
    player = int(change["field"].split(".")[1])
    assert state["players"][player]["life"] == change["after"]


def test_a_variation_under_the_other_reading_of_mimic(client):
    tables = by_table(client)
    parent, fork = tables["seth-vs-tatsumi"], tables["seth-vs-tatsumi-mimic-together"]
    assert fork["parent"] == parent["id"] and fork["fork_at"] > 0
    found = client.get(f"/api/duels/{fork['id']}/variations").get_json()
    assert found["left"]["rulings_changed"]["mimic-movement"]["to"] == "together"
    children = client.get(f"/api/duels/{parent['id']}/variations").get_json()["children"]
    assert [c["id"] for c in children] == [fork["id"]]


def test_loaded_once_and_quickly(demo, client):
    store, added = demo
    assert added == len(listed(client)) >= 12
    assert load_demo(store) == 0  # a second start adds nothing
    assert len(listed(client)) == added
