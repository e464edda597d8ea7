"""Teaching mode has a permalink (?teach=1) and survives a reload: the address follows the
checkbox and the step, and a page opened from it hides what comes next as the mode does."""

from __future__ import annotations

from urllib.parse import parse_qs, urlparse

import pytest
from playwright.sync_api import expect

from tests.viewer.conftest import open_page
from tests.viewer.test_replay import api_board, at, shown_board

pytestmark = pytest.mark.usefixtures("chromium_path")


def query(page) -> dict[str, list[str]]:
    return parse_qs(urlparse(page.url).query)


def test_a_teaching_permalink_opens_in_teaching_mode_at_its_event(site, page):
    duel = site.demo("demo-duel")
    events = site.get(f"/api/duels/{duel}/events?after=0&limit=1000")["events"]
    laid = next(e for e in events if e["type"] == "PairSelected")
    n = laid["event"] + 1
    open_page(page, f"/duels/{duel}?teach=1&at={n}")
    at(page, n)
    expect(page.locator("#teaching")).to_be_checked()
    assert shown_board(page) == api_board(site, duel, n)
    # What comes after event n stays hidden: the list stops there, so does the slider,
    # and the pair just laid shows face down, as teaching mode shows it.
    expect(page.locator("#events li")).to_have_count(n + 1)  # with the setup
    assert page.locator("#slider").get_attribute("max") == str(n)
    expect(page.locator(f"#player-{laid['data']['player']} [data-pair=face-down]")) \
        .to_have_text("Face down")


def test_the_address_follows_the_mode_and_a_reload_keeps_it(site, page):
    duel = site.demo("demo-duel")
    open_page(page, f"/duels/{duel}?at=5")
    assert "teach" not in query(page)
    page.check("#teaching")
    assert query(page)["teach"] == ["1"]
    page.keyboard.press("ArrowLeft")
    at(page, 4)
    assert query(page) == {"at": ["4"], "teach": ["1"]}
    page.reload()
    page.wait_for_selector("body[data-ready=true]")
    at(page, 4)
    expect(page.locator("#teaching")).to_be_checked()
    expect(page.locator("#events li")).to_have_count(5)
    assert shown_board(page) == api_board(site, duel, 4)
    # Off again: the address drops it, and a reload shows the whole duel's events.
    page.uncheck("#teaching")
    assert "teach" not in query(page)
    page.reload()
    page.wait_for_selector("body[data-ready=true]")
    expect(page.locator("#teaching")).not_to_be_checked()
    total = site.get(f"/api/duels/{duel}")["version"]
    expect(page.locator("#events li")).to_have_count(total + 1)
