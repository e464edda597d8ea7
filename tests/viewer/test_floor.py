"""The judges' floor page (issue 34, item 4): an event's tables in both games, followed by a
conditional poll (304 while nothing changed); a duel moves up when a dispute opens on it;
the head judge's dispute queue links to the disputed event; the results download as CSV."""

from __future__ import annotations

import csv
import io

import pytest
from playwright.sync_api import expect

from tests.viewer.conftest import open_page, screenshot, sign_in

pytestmark = pytest.mark.usefixtures("chromium_path")
EVENT = "Floor Cup"


def stored(site, record: dict, table: str) -> str:
    record = {**record, "labels": {"event": EVENT, "round": "1", "table": table}}
    status, duel = site.post("/api/duels?copy=true", record, role="scorekeeper")
    assert status == 201, duel
    return str(duel["id"])


def aob_record() -> dict:
    setup = {"format": "simple_duel", "characters": "artobattlers-sample-v1", "rulings": {},
             "players": [{"name": "Ana, \"the Ace\""}, {"name": "=Ben"}]}
    return {"format": "artobattlers-record/1", "ruleset": "artobattlers", "setup": setup,
            "decisions": [{"player": 0, "kind": "team", "characters": ["ember-knight"]},
                          {"player": 1, "kind": "team", "characters": ["volt-wisp"]}]}


@pytest.fixture(scope="module")
def tables(site) -> dict[str, str]:
    battlecon = site.get(f"/api/duels/{site.demo('demo-duel')}/record")
    return {"1": stored(site, battlecon, "1"), "2": stored(site, aob_record(), "2")}


def rows(page) -> list[str]:
    return page.locator("#floor tbody tr").evaluate_all("rs => rs.map(r => r.dataset.duel)")


def test_the_floor_lists_the_tables_and_moves_a_disputed_duel_up(site, page, tables):
    statuses: list[int] = []
    page.on("response", lambda r: statuses.append(r.status) if "/api/floor?" in r.url
            else None)
    open_page(page, f"/floor?event={EVENT.replace(' ', '+')}&quiet=3600")
    expect(page.locator("#floor tbody tr")).to_have_count(2)
    listed = site.get(f"/api/floor?event={EVENT.replace(' ', '+')}")["tables"]
    assert rows(page) == [t["id"] for t in listed]  # in the API's order
    assert sorted(rows(page)) == sorted(tables.values())
    last = rows(page)[-1]
    second = page.locator(f"#floor tr[data-duel='{tables['2']}']")
    expect(second).to_contain_text("Ember Knight vs Volt Wisp")
    expect(second).to_contain_text("ART O BATTLERS")
    expect(page.locator("#floor-live")).to_be_visible()
    page.wait_for_timeout(3500)  # one more poll: nothing changed, so a 304
    assert 200 in statuses and 304 in statuses, statuses

    status, _ = site.post(f"/api/duels/{last}/disputes", {"at": 2, "claim": "Team?"},
                          role="judge")
    assert status == 201
    first = page.locator("#floor tbody tr").first
    expect(first).to_have_attribute("data-duel", last, timeout=10000)  # moved up, live
    expect(first).to_have_attribute("data-disputes", "1")
    expect(first.locator("td.disputes a")).to_have_attribute("href", f"/duels/{last}?at=2")
    screenshot(page, "floor")


def test_the_head_judge_sees_the_dispute_queue_linked_to_the_disputed_event(site, page,
                                                                            tables):
    status, made = site.post(f"/api/duels/{tables['1']}/disputes",
                             {"at": 3, "claim": "Range?"}, role="judge")
    assert status == 201
    open_page(page, f"/floor?event={EVENT.replace(' ', '+')}")
    expect(page.locator("#queue")).to_be_hidden()  # not a head judge
    sign_in(page, site.tokens["head_judge"], "head_judge")
    item = page.locator(f"#queue-list li[data-dispute='{made['id']}']")
    expect(item).to_contain_text("Range?")
    expect(item.locator("a")).to_have_attribute("href", f"/duels/{tables['1']}?at=3")
    item.locator("a").click()
    page.wait_for_url(f"**/duels/{tables['1']}?at=3")


def test_the_results_download_as_csv(site, page, tables):
    open_page(page, f"/floor?event={EVENT.replace(' ', '+')}")
    with page.expect_download() as info:
        page.click("#download-results")
    got = info.value
    assert got.suggested_filename == "results-Floor-Cup.csv"
    text = open(got.path(), encoding="utf-8").read()
    lines = list(csv.reader(io.StringIO(text)))
    assert lines[0][:4] == ["round", "table", "player_1", "fighter_1"]
    by_table = {line[1]: line for line in lines[1:]}
    assert set(by_table) == {"1", "2"}
    assert by_table["2"][2:6] == ['Ana, "the Ace"', "Ember Knight", "'=Ben", "Volt Wisp"]
    assert by_table["1"][-1] == tables["1"]


HIDE = """hidden => { Object.defineProperty(document, "hidden", { value: hidden, configurable: true });
  document.dispatchEvent(new Event("visibilitychange")); }"""


def test_the_floor_stops_polling_while_the_tab_is_hidden(site, page, tables):
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if "/api/floor?" in r.url else None)
    open_page(page, f"/floor?event={EVENT.replace(' ', '+')}")
    page.evaluate(HIDE, True)
    page.wait_for_timeout(500)
    before = len(asked)
    page.wait_for_timeout(4000)  # more than one poll's interval
    assert len(asked) == before
    page.evaluate(HIDE, False)  # shown again: polled at once
    page.wait_for_timeout(500)
    assert len(asked) > before
