"""Trust the record, item 3, in the browser: an onlooker's replay page shows a face-down
pair as "Face down" (its cards among the hand), a judge's shows what was recorded."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.api.conftest import partial_record
from tests.viewer.conftest import open_page, sign_in

pytestmark = pytest.mark.usefixtures("chromium_path")


def test_a_face_down_pair_is_shown_only_to_its_recorder_and_judges(site, page):
    record = partial_record(1)  # player 1 lays a pair face down; nothing revealed yet
    laid = record["decisions"][0]
    record["labels"] = {"event": "browser-tests", "table": "hidden-pair"}
    status, duel = site.post("/api/duels", record, role="scorekeeper")
    assert status == 201, duel
    who, now = laid["player"], f"/duels/{duel['id']}?at={duel['version']}"
    open_page(page, now)
    pair = page.locator(f"#player-{who} [data-pair=face-down]")
    expect(pair).to_have_text("Face down")
    hand = page.locator(f"#player-{who} [data-zone=hand]")
    expect(hand).to_contain_text("with the face-down cards")
    shown = {li.get_attribute("data-card") for li in hand.locator("li[data-card]").all()}
    assert {laid["style"], laid["base"]} <= shown
    assert "recorded:" not in page.locator("body").inner_text()

    sign_in(page, site.tokens["judge"], "judge")
    open_page(page, now)
    expect(pair).to_contain_text("recorded:")
    shown = {li.get_attribute("data-card") for li in hand.locator("li[data-card]").all()}
    assert not {laid["style"], laid["base"]} & shown

    # Signing out re-reads everything: nothing the judge saw stays, stepping included
    # (issue 27, item 4).
    page.click("#session-signout")
    page.wait_for_selector("body[data-ready=true]")
    expect(page.locator("#session-who")).to_have_text("Not signed in (read only)")
    expect(pair).to_have_text("Face down")
    assert "recorded:" not in page.locator("body").inner_text()
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowRight")
    expect(pair).to_have_text("Face down")
    assert "recorded:" not in page.locator("body").inner_text()


def test_each_decision_shows_who_entered_it_and_when(site, page):
    record = partial_record(2)
    record["labels"] = {"event": "browser-tests", "table": "entered-by"}
    status, duel = site.post("/api/duels", record, role="scorekeeper")
    assert status == 201, duel
    open_page(page, f"/duels/{duel['id']}?at={duel['version']}")
    sign_in(page, site.tokens["judge"], "judge")
    open_page(page, f"/duels/{duel['id']}?at={duel['version']}")
    rows = site.get(f"/api/duels/{duel['id']}/events", role="judge")["events"]
    first = next(r for r in rows if r["type"] == "Decision")
    item = page.locator(f"li.event[data-event='{first['event']}'] .by")
    expect(item).to_contain_text(f"entered by {first['by']['name']} (scorekeeper) at ")
    expect(item).to_contain_text(first["by"]["at"][11:19])
