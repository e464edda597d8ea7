"""Issue 34 item 3: pages follow a duel as it is logged. A replay page left at the latest
event moves on as decisions are recorded in a console (with a "live" badge), through a
retraction and a head judge's correction; a reader who stepped back is told "N new events"
instead of being moved; and a follower who is not a judge never receives a face-down
choice on the wire (the stream's bytes are read in the page, not only what it draws)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import expect

from tests.api.conftest import partial_record
from tests.viewer.conftest import open_page, screenshot, sign_in
from tests.viewer.test_console import click_first_option

pytestmark = pytest.mark.usefixtures("chromium_path")

MOVE_AT = 8  # in played_record(5), decision 8 is Hikaru's move: retractable

# Keep every byte each /stream response brings, as the page's own fetch() reads it.
TAP = """
const seen = [];
window.__stream = seen;
const realFetch = window.fetch.bind(window);
window.fetch = async (input, init) => {
  const res = await realFetch(input, init);
  if (!String(input).endsWith("/stream") || !res.body) return res;
  const [mine, theirs] = res.body.tee();
  (async () => {
    const reader = mine.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) { const { value, done } = await reader.read(); if (done) break; seen.push(value); }
  })();
  return new Response(theirs, { status: res.status, statusText: res.statusText, headers: res.headers });
};
"""


@pytest.fixture
def second(browser, site) -> Iterator[object]:
    """A second page in a browser context of its own (its own session: anonymous)."""
    context = browser.new_context(base_url=site.base, viewport={"width": 1300, "height": 1000})
    context.set_default_timeout(15000)
    context.add_init_script(TAP)
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda err: errors.append(str(err)))
    yield pg
    context.close()
    assert not errors, f"script errors in the follower's page: {errors}"


def new_duel(site, table: str, decisions: int) -> str:
    record = partial_record(decisions)
    record["labels"] = {"event": "browser-tests", "table": table}
    status, duel = site.post("/api/duels", record, role="scorekeeper")
    assert status == 201, duel
    return duel["id"]


def version(site, duel: str) -> int:
    return site.get(f"/api/duels/{duel}")["version"]


def test_a_second_page_follows_a_duel_logged_in_the_first(site, page, second):
    duel = new_duel(site, "live-follow", MOVE_AT)
    open_page(second, f"/duels/{duel}?at={version(site, duel)}")  # left at the latest event
    expect(second.locator("#live")).to_have_attribute("data-live", "live")
    open_page(page, f"/duels/{duel}/console")
    sign_in(page, site.tokens["scorekeeper"], "scorekeeper")

    click_first_option(page)  # a decision logged in the console: the replay moves on
    now = version(site, duel)
    expect(second.locator("#position")).to_have_text(str(now))
    expect(second.locator(f"#events li[data-event='{now}']")).to_have_class(re.compile("current"))

    before = page.get_attribute("body", "data-version")
    page.locator("#retract button").click()  # a retraction: struck on the follower's page
    page.wait_for_selector(f"body:not([data-version='{before}'])")
    page.wait_for_selector("body[data-busy=false]")  # the console has caught up
    now = version(site, duel)
    expect(second.locator("#position")).to_have_text(str(now))
    expect(second.locator("#events li[data-type=Retraction]")).to_contain_text("retracted")
    expect(second.locator("#events li.retracted").first).to_contain_text("retracted at event")

    second.click("#prev")  # the reader steps back: told, not moved
    expect(second.locator("#position")).to_have_text(str(now - 1))
    click_first_option(page)
    later = version(site, duel)
    expect(second.locator("#new-events")).to_have_text(
        f"{later - now} new event" + ("s" if later - now > 1 else ""))
    expect(second.locator("#position")).to_have_text(str(now - 1))
    screenshot(second, "live-follow-new-events")
    second.click("#new-events")
    expect(second.locator("#position")).to_have_text(str(later))
    expect(second.locator("#new-events")).to_be_hidden()

    life = site.get(f"/api/duels/{duel}/state")["players"][1]["life"]  # a head judge corrects
    status, dispute = site.post(f"/api/duels/{duel}/disputes", {"at": 1, "claim": "Life."},
                                role="judge")
    assert status == 201, dispute
    status, resolved = site.post(f"/api/disputes/{dispute['id']}/resolution", {
        "outcome": "overturned", "ruling": "One more damage.", "rule": "R1",
        "correction": {"changes": [{"field": "players.1.life", "after": life - 1}]}})
    assert status == 201, resolved
    n, now = resolved["resolution"]["correction_event"], version(site, duel)
    expect(second.locator("#position")).to_have_text(str(now))
    expect(second.locator(f"#events li[data-event='{n}']")).to_contain_text("corrects")
    expect(page.locator("body")).to_have_attribute("data-version", str(now))  # the console too
    screenshot(second, "live-follow")
    rows = site.get(f"/api/duels/{duel}/events?limit=1000")["events"]
    shown = second.locator("#events li[data-event]").evaluate_all(
        "items => items.map((li) => [Number(li.dataset.event), li.querySelector('.text').textContent])")
    assert shown[1:] == [[r["event"], r["text"]] for r in rows]  # after the setup line


def test_a_follower_who_is_not_a_judge_never_receives_a_face_down_choice(site, browser, second):
    duel = new_duel(site, "live-secret", 0)
    open_page(second, f"/duels/{duel}?at=0")
    expect(second.locator("#live")).to_have_attribute("data-live", "live")
    judge = browser.new_context(base_url=site.base)
    judge.add_init_script(TAP)
    judging = judge.new_page()
    open_page(judging, f"/duels/{duel}?at=0")
    sign_in(judging, site.tokens["judge"], "judge")
    expect(judging.locator("#live")).to_have_attribute("data-live", "live")

    state = site.get(f"/api/duels/{duel}/prompt")
    pair = next(o for o in state["prompt"]["options"] if o["player"] == 0)
    status, _ = site.post(f"/api/duels/{duel}/decisions", pair, role="scorekeeper",
                          headers={"If-Match": str(state["event"])})
    assert status == 201
    n = version(site, duel)
    told = f"{n - state['event']} new event" + ("s" if n - state["event"] > 1 else "")
    expect(second.locator("#new-events")).to_have_text(told)  # the reader stood at 0
    expect(judging.locator("#new-events")).to_have_text(told)
    onlooker = "".join(second.evaluate("window.__stream"))
    judged = "".join(judging.evaluate("window.__stream"))
    assert f"id: {n}" in onlooker and f"id: {n}" in judged
    secret = f'"style":"{pair["style"]}"'
    assert secret in judged  # a judge's stream carries the pair
    assert secret not in onlooker and f'"base":"{pair["base"]}"' not in onlooker
    judge.close()
