"""The life chart shows each beat's values on hover, moves the replay to the start of a
beat on click, and goes below 0 when a fighter's life does, as the board shows it."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.viewer.conftest import open_page
from tests.viewer.test_replay import api_board, at, shown_board

pytestmark = pytest.mark.usefixtures("chromium_path")


def beat_ends(site, duel: str) -> list[int]:
    """The events ending a beat, and the last event if the duel ended within a beat."""
    events = site.get(f"/api/duels/{duel}/events?after=0&limit=1000")["events"]
    ends = [e["event"] for e in events if e["type"] == "BeatEnded"]
    return ends + ([len(events)] if ends[-1] != len(events) else [])


def names(site, duel: str) -> list[str]:
    """The chart's names for the fighters: "Hikaru (Ana)"."""
    fighters = {f["id"]: f["name"] for f in site.get("/api/fighters")["fighters"]}
    return [f"{fighters[p['fighter']]} ({p['name']})"
            for p in site.get(f"/api/duels/{duel}")["players"]]


def test_hovering_a_beat_shows_both_lives_and_clicking_goes_to_its_start(site, page):
    duel = site.demo("demo-duel")
    ends = beat_ends(site, duel)
    open_page(page, f"/duels/{duel}?at=0")
    hits = page.locator("#life-chart rect.hit")
    expect(hits).to_have_count(1 + len(ends))  # the start, then each beat
    who = names(site, duel)
    life = site.get(f"/api/duels/{duel}/state?at={ends[2]}")["players"]
    hits.nth(3).hover()
    tip = page.locator("#chart-tip")
    expect(tip).to_be_visible()
    expect(tip).to_have_text(f"Beat 3, at its end: {who[0]} {life[0]['life']} life, "
                             f"{who[1]} {life[1]['life']} life")
    hits.nth(3).click()
    start = next(e["event"] for e in site.get(f"/api/duels/{duel}/index")
                 if e["step"] == "select" and e["beat"] == 3)
    at(page, start)
    assert start == ends[1] + 1
    assert shown_board(page) == api_board(site, duel, start)
    expect(page.locator("#beat-select")).to_have_value(str(start))
    # The start point goes back to the setup, and the keyboard reaches the points too.
    page.mouse.move(0, 0)
    expect(tip).to_be_hidden()
    hits.nth(0).focus()
    expect(tip).to_have_text(f"Start: {who[0]} 20 life, {who[1]} 20 life")
    page.keyboard.press("Enter")
    at(page, 0)


def test_life_below_zero_is_drawn_below_the_zero_line(site, page):
    duel = site.demo("demo-duel")
    summary = site.get(f"/api/duels/{duel}")
    lowest = min(p["life"] for p in summary["players"])
    assert lowest < 0, "the demo duel ends with a fighter below 0 life"
    open_page(page, f"/duels/{duel}?at={summary['version']}")
    chart = page.locator("#life-chart svg.life-chart")
    bottom = int(chart.get_attribute("data-bottom"))
    assert bottom <= lowest < 0 and bottom % 5 == 0
    expect(page.locator("#life-chart text.axis", has_text=str(bottom))).to_have_count(1)
    # The board says "-2 life"; the last point says the same, and sits below the 0 line.
    loser = next(i for i, p in enumerate(summary["players"]) if p["life"] == lowest)
    expect(page.locator(f"#player-{loser} .lifebar .value")).to_have_text(f"{lowest} life")
    last = page.locator("#life-chart rect.hit").last
    last.hover()
    expect(page.locator("#chart-tip")).to_contain_text(f"{lowest} life")
    zero = float(page.locator("#life-chart line.grid.zero").get_attribute("y1"))
    line = page.locator(f"#life-chart polyline[data-player='{loser}']")
    y = float(line.get_attribute("points").split()[-1].split(",")[1])
    assert y > zero  # SVG y grows downwards
