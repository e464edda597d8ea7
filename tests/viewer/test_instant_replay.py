"""Instant replay (issue 29) and teaching links (issue 28 item 6).

After the page has loaded, no step asks the service anything, by key, button, slider,
beat menu, event or chart, in both games; at every event of a golden duel the page shows
what the page's own renderer draws from ``/state?at=N`` (fetched here, outside the page)
and the event's narrative line. Teaching and spoiler-free modes hold the future states but
draw none of them; a copied link reopens on the question pending there."""

from __future__ import annotations

from urllib.parse import parse_qs, urlparse

import pytest
from playwright.sync_api import expect

from tests.viewer.conftest import open_page
from tests.viewer.test_replay import api_board, at, shown_board

pytestmark = pytest.mark.usefixtures("chromium_path")

# What the page shows at a step: the board, both players' panels (life, cards), the status
# line and the current event's narrative line.
SHOWN = """() => ({
  board: document.querySelector("#board").innerHTML,
  players: [0, 1].map((i) => document.querySelector(`#player-${i}`).innerHTML),
  where: document.querySelector("#where").textContent,
  text: document.querySelector("#events li.current .text")?.textContent ?? null,
})"""

# The same drawn by the page's renderer from a state given to it (from /state?at=N).
DRAWN = """async ([ruleset, state, names, summary]) => {
  const src = document.querySelector("script[type=module]").src;
  const { rendererFor } = await import(new URL("renderer.js", src));
  const renderer = await rendererFor(ruleset);
  const stage = { board: document.createElement("div"),
                  players: [document.createElement("section"), document.createElement("section")] };
  renderer.renderState(stage, state, { mode: "replay", teaching: false, names });
  return { board: stage.board.innerHTML, players: stage.players.map((p) => p.innerHTML),
           where: renderer.where(state, summary) };
}"""


def api_requests(page) -> list[str]:
    """Every request the page sends to the service from now on."""
    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.url) if "/api/" in r.url else None)
    return sent


def step_through(page, total: int) -> list[dict]:
    """What the page shows at events 0..total, stepping forward with the arrow key."""
    shown = [page.evaluate(SHOWN)]
    for n in range(1, total + 1):
        page.keyboard.press("ArrowRight")
        at(page, n)
        shown.append(page.evaluate(SHOWN))
    return shown


def same_as_the_state_api(site, page, duel: str, shown: list[dict]) -> None:
    summary = site.get(f"/api/duels/{duel}")
    names = [p["name"] for p in summary["players"]]
    events = site.get(f"/api/duels/{duel}/events?after=0&limit=1000")["events"]
    for n, seen in enumerate(shown):
        state = site.get(f"/api/duels/{duel}/state?at={n}")
        drawn = page.evaluate(DRAWN, [summary["ruleset"], state, names, summary])
        assert {k: seen[k] for k in drawn} == drawn, f"event {n}"
        assert seen["text"] == (events[n - 1]["text"] if n else "The setup, before any event.")


def other_controls(site, page, duel: str) -> None:
    """Back by button, the slider, the beat menu, an event's number and End."""
    summary = site.get(f"/api/duels/{duel}")
    total = summary["version"]
    page.click("#prev")
    at(page, total - 1)
    page.locator("#slider").fill("3")
    at(page, 3)
    beats = page.locator("#beat-select option").all()
    page.select_option("#beat-select", beats[-1].get_attribute("value"))
    at(page, int(beats[-1].get_attribute("value")))
    page.click("#events li[data-event='2'] .goto")
    at(page, 2)
    # The focus is in the event list now, one tab stop whose End moves to its last event
    # (issue 28 item 7) and Enter goes there; outside the list End goes to the end.
    page.keyboard.press("End")
    page.keyboard.press("Enter")
    at(page, total)
    page.click("#prev")
    at(page, total - 1)
    page.locator("#position").click()  # out of the list
    page.keyboard.press("End")
    at(page, total)
    if summary["ruleset"] == "battlecon-2014":
        assert shown_board(page) == api_board(site, duel, total)


@pytest.mark.parametrize("table", ["demo-duel", "simple-duel"])
def test_every_step_is_drawn_without_a_request_as_the_state_api_says(site, page, table):
    duel = site.demo(table)
    total = site.get(f"/api/duels/{duel}")["version"]
    open_page(page, f"/duels/{duel}?at=0")
    sent = api_requests(page)
    shown = step_through(page, total)
    other_controls(site, page, duel)
    if page.locator("#life-chart .hit").count():  # BattleCON's chart: a beat by click
        page.locator("#life-chart .hit").nth(1).click()
        expect(page.locator("#position")).not_to_have_text(str(total))
    assert sent == [], sent
    draws = page.evaluate("performance.getEntriesByName('replay-draw').length")
    assert draws >= total  # each step was drawn by the page, from memory
    same_as_the_state_api(site, page, duel, shown)


def test_the_page_loads_every_state_in_one_request(site, page):
    duel = site.demo("demo-duel")
    sent = api_requests(page)
    open_page(page, f"/duels/{duel}?at=7")
    at(page, 7)
    paths = [urlparse(u).path + ("?" + urlparse(u).query if urlparse(u).query else "")
             for u in sent]
    assert sum("/states" in p for p in paths) == 1, paths
    # One single state for the first paint, at the event asked for, and no other.
    assert [p for p in paths if "/state?" in p] == [f"/api/duels/{duel}/state?at=7"], paths


def first_question(site, duel: str) -> dict:
    events = site.get(f"/api/duels/{duel}/events?after=0&limit=1000")["events"]
    return next(e for e in events if e.get("question"))


def test_teaching_mode_stops_at_its_question_with_the_future_loaded(site, page):
    duel = site.demo("demo-duel")
    q = first_question(site, duel)
    open_page(page, f"/duels/{duel}?teach=1&at=0")
    sent = api_requests(page)
    for _ in range(q["event"] + 3):
        page.keyboard.press("ArrowRight")
    expect(page.locator("#question")).to_be_visible()
    at(page, q["event"] - 1)
    expect(page.locator("#question-text")).to_have_text(q["question"]["text"])
    # Nothing after the question is drawn: the list, the slider and the chart stop there.
    expect(page.locator("#events li")).to_have_count(q["event"])
    assert page.locator("#slider").get_attribute("max") == str(q["event"] - 1)
    assert q["text"] not in page.locator("body").inner_text()
    page.locator("#question-answers button").first.click()
    at(page, q["event"])
    assert sent == [], sent


def test_a_copied_link_reopens_on_the_question_pending_there(site, page, browser):
    duel = site.demo("demo-duel")
    q = first_question(site, duel)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    open_page(page, f"/duels/{duel}?teach=1&at={q['event'] - 2}")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#question")).to_be_visible()
    page.click("#copy-link")
    expect(page.locator("#copy-note")).to_contain_text("Link copied")
    link = page.evaluate("navigator.clipboard.readText()")
    assert parse_qs(urlparse(link).query) == {"at": [str(q["event"])], "teach": ["1"]}
    learner = page.context.new_page()
    open_page(learner, link)
    expect(learner.locator("#question")).to_be_visible()
    expect(learner.locator("#question-text")).to_have_text(q["question"]["text"])
    at(learner, q["event"] - 1)
    expect(learner.locator("#events li")).to_have_count(q["event"])
    assert q["text"] not in learner.locator("#events").inner_text()


def test_spoiler_free_on_the_list_carries_into_the_replay(site, page):
    duel = site.demo("demo-duel")
    total = site.get(f"/api/duels/{duel}")["version"]
    index = site.get(f"/api/duels/{duel}/index")
    beats = [e["event"] for e in index if e["step"] == "select"]
    open_page(page, "/?event=demo")
    page.check("#spoiler-free")
    n = beats[2] + 1
    open_page(page, f"/duels/{duel}?at={n}")
    at(page, n)
    assert page.locator("body").get_attribute("data-spoiler-free") == "true"
    expect(page.locator("#of-total")).to_be_hidden()  # no event count
    assert str(total) not in page.locator("#slider").get_attribute("aria-valuetext")
    assert page.locator("#slider").get_attribute("max") == str(n)
    expect(page.locator("#events li")).to_have_count(n + 1)
    shown_beats = [o.get_attribute("value") for o in page.locator("#beat-select option").all()]
    assert shown_beats == [str(b) for b in beats[:3]]  # none beyond the current beat
    points = page.locator("#life-chart polyline").nth(0).get_attribute("points").split()
    assert len(points) == 3  # the start and two beats played: none ahead
    page.keyboard.press("ArrowRight")
    at(page, n + 1)
    expect(page.locator("#events li")).to_have_count(n + 2)
