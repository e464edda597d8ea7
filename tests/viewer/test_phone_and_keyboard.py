"""Phone width and keyboard (issue 28 item 7), as a person on a 390 px phone or with only a
keyboard meets the pages.

At 390 px the list, the new-duel form, a replay and a console fit without sideways scrolling
(``document.documentElement.scrollWidth`` at most 390) and the board's seven spaces are equal
in width (within 1 px) whether a fighter stands there or not. By keyboard the replay's event
list is one tab stop (the arrow keys move inside it), so "Record (JSON)" is at most 15 Tab
presses from "Next" even on a long duel, a skip link leads to the judge tools, and the live
region a screen reader reads says the event's own text, as the API gives it."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.viewer.conftest import open_page, screenshot

pytestmark = pytest.mark.usefixtures("chromium_path")

PHONE = {"width": 390, "height": 844}


@pytest.fixture
def phone(browser, site):
    context = browser.new_context(base_url=site.base, viewport=PHONE, is_mobile=True,
                                  has_touch=True, device_scale_factor=1)
    context.set_default_timeout(15000)
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda err: errors.append(str(err)))
    yield pg
    context.close()
    assert not errors, f"script errors in the page: {errors}"


def scroll_width(page) -> int:
    return page.evaluate("document.documentElement.scrollWidth")


def widest(page) -> str:
    """The element reaching furthest right (to say what overflows when a check fails)."""
    return page.evaluate("""() => { let best = null, right = 0;
      for (const el of document.querySelectorAll('body *')) {
        const r = el.getBoundingClientRect().right;
        if (r > right) { right = r; best = el; } }
      return best ? `${best.tagName}.${best.className}#${best.id} right=${right}` : ''; }""")


def assert_fits(page, what: str) -> None:
    width = scroll_width(page)
    assert width <= PHONE["width"], f"{what}: scrollWidth {width} > 390 ({widest(page)})"


@pytest.mark.parametrize("path", ["/", "/duels/new"])
def test_the_list_and_the_new_duel_form_fit_a_phone(site, phone, path):
    open_page(phone, path)
    if path == "/":
        expect(phone.locator("#duels tbody tr").first).to_be_visible()
        screenshot(phone, "phone-390-list")
    else:
        expect(phone.locator("form").first).to_be_visible()
    assert_fits(phone, path)


def test_a_replay_and_a_console_fit_a_phone_with_seven_equal_spaces(site, phone):
    duel = site.demo("seth-vs-tatsumi")
    open_page(phone, f"/duels/{duel}?at=12")
    spaces = phone.locator("#board .space")
    expect(spaces).to_have_count(7)
    widths = [box["width"] for box in (spaces.nth(k).bounding_box() for k in range(7))]
    occupied = [k for k in range(7) if spaces.nth(k).locator(".standup").count()]
    assert occupied, "the board at event 12 shows the fighters"
    assert max(widths) - min(widths) <= 1, f"the spaces' widths differ: {widths}"
    assert_fits(phone, "the replay")
    screenshot(phone, "phone-390-replay")
    open_page(phone, f"/duels/{duel}/console")
    assert_fits(phone, "the console")
    aob = site.demo("simple-duel")
    open_page(phone, f"/duels/{aob}")
    assert_fits(phone, "an ART O BATTLERS replay")
    open_page(phone, f"/duels/{aob}/console")
    assert_fits(phone, "an ART O BATTLERS console")


def tabs_from_next_to(page, target: str, most: int = 40) -> int:
    """Tab presses from the "Next" button until ``target`` has the focus."""
    page.focus("#next")
    for presses in range(1, most + 1):
        page.keyboard.press("Tab")
        if page.evaluate(f"document.activeElement === document.querySelector('{target}')"):
            return presses
    raise AssertionError(f"{target} not reached in {most} Tab presses")


def test_the_event_list_is_one_tab_stop_with_arrows_inside_and_a_skip_link(site, page):
    duel = site.demo("seth-vs-tatsumi")
    total = len(site.get(f"/api/duels/{duel}/events?limit=500")["events"])
    assert total > 100  # a long duel: a tab stop per event would take hundreds of presses
    open_page(page, f"/duels/{duel}?at=5")
    assert tabs_from_next_to(page, "#download-record") <= 15
    # Inside the list: the current event's button is the one stop; arrows move the focus.
    stop = page.locator("#events button.goto[tabindex='0']")
    expect(stop).to_have_count(1)
    expect(stop).to_have_text("5")
    stop.focus()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    assert page.evaluate("document.activeElement.textContent") == "7"
    page.keyboard.press("Enter")
    expect(page.locator("#position")).to_have_text("7")
    expect(page.locator("#events li.current button.goto")).to_be_focused()
    # The skip link passes the list and lands on the judge tools.
    page.focus("#hide-decisions")
    page.keyboard.press("Tab")
    expect(page.locator("a.skip-link")).to_be_focused()
    page.keyboard.press("Enter")
    assert page.evaluate("location.hash") == "#judge"


def test_the_live_region_reads_the_events_text(site, page):
    duel = site.demo("seth-vs-tatsumi")
    events = site.get(f"/api/duels/{duel}/events?limit=500")["events"]
    open_page(page, f"/duels/{duel}?at=3")
    page.click("#next")
    expect(page.locator("#position")).to_have_text("4")
    live = page.locator("[aria-live]:not(#download-note)", has_text="Event 4")
    expect(live).to_have_count(1)
    expect(live).to_contain_text(events[3]["text"])
    page.click("#next")
    expect(live.or_(page.locator("[aria-live]", has_text="Event 5"))).to_contain_text(
        events[4]["text"])
