"""The duel list, and what every page owes its users: keyboard reach, named controls,
no network beyond its own origin."""

from __future__ import annotations

import re
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.viewer.conftest import open_page, screenshot

pytestmark = pytest.mark.usefixtures("chromium_path")

STATIC = Path(__file__).resolve().parents[2] / "viewer" / "static"
PAGE_SIZE = 50  # the list page's page (viewer/static/js/list.js)


def test_list_filters_by_fighter_and_status(site, page):
    open_page(page, "/")
    demo = site.get("/api/duels?event=demo")["items"]
    # The first page of the list (the shared store holds more duels than a page as the
    # session goes on: the list pages them).
    expect(page.locator("#duels tbody tr")).to_have_count(
        min(site.get("/api/duels")["total"], PAGE_SIZE))
    page.select_option("#filters select[name=fighter]", "cadenza")
    page.select_option("#filters select[name=status]", "over")
    page.fill("#filters input[name=event]", "demo")
    page.click("#filters button[type=submit]")
    wanted = {d["id"] for d in demo if d["status"] == "over" and "cadenza" in
              [p["fighter"] for p in d["players"]]}
    expect(page.locator("#duels tbody tr")).to_have_count(len(wanted))
    shown = {tr.get_attribute("data-duel") for tr in page.locator("#duels tbody tr").all()}
    assert shown == wanted and len(wanted) == 2
    assert "fighter=cadenza" in page.url and "status=over" in page.url
    # The filtered list is a permalink.
    open_page(page, page.url)
    expect(page.locator("#duels tbody tr")).to_have_count(len(wanted))
    screenshot(page, "list")
    page.locator("#duels tbody tr a", has_text="Replay").first.click()
    page.wait_for_selector("body[data-ready=true]")
    assert re.search(r"/duels/[0-9a-f-]{36}", page.url)


@pytest.mark.parametrize("path", ["/", "/duels/new", "replay", "console"])
def test_every_control_has_a_name_and_the_keyboard_reaches_it(site, page, path):
    duel = site.demo("demo-duel")
    path = {"replay": f"/duels/{duel}?at=30", "console": f"/duels/{site.demo('comic-beat-1')}/console"
            }.get(path, path)
    open_page(page, path)
    unnamed = page.locator("button:visible, input:visible, select:visible, textarea:visible, a:visible")
    for el in unnamed.all():
        name = el.evaluate("""e => e.getAttribute('aria-label') || e.labels?.[0]?.textContent
            || e.textContent.trim() || e.getAttribute('placeholder') || e.title""")
        assert name and name.strip(), el.evaluate("e => e.outerHTML")
    # Tab walks through the page's controls in order, none of them traps focus.
    seen = set()
    for _ in range(60):
        page.keyboard.press("Tab")
        seen.add(page.evaluate("document.activeElement.id || document.activeElement.textContent"))
    assert len(seen) > 5


def test_the_board_exposes_its_state_to_screen_readers(site, page):
    duel = site.demo("demo-duel")
    state = site.get(f"/api/duels/{duel}/state?at=30")
    open_page(page, f"/duels/{duel}?at=30")
    for i, p in enumerate(state["players"]):
        standup = page.locator(f"#board .standup[data-player='{i}']")
        label = standup.get_attribute("aria-label")
        assert f"{p['life']} life" in label and f"space {p['space']}" in label
        space = page.locator(f"#board [data-space='{p['space']}'].space")
        assert p["name"] in space.get_attribute("aria-label")
        meter = page.locator(f"#player-{i} [role=meter]")
        assert meter.get_attribute("aria-valuenow") == str(max(0, p["life"]))


def test_pages_load_nothing_from_other_origins(site, page):
    origins = set()
    page.on("request", lambda req: origins.add(re.match(r"^[a-z]+://[^/]+", req.url)[0])
            if re.match(r"^[a-z]+://", req.url) else None)
    duel = site.demo("demo-duel")
    for path in ("/", "/duels/new", f"/duels/{duel}?at=5", f"/duels/{duel}/console"):
        open_page(page, path)
    assert origins == {site.base}
    for path in STATIC.rglob("*"):
        if path.is_file():
            text = path.read_text(encoding="utf-8")
            urls = re.findall(r"https?://[^\s\"'`)]+", text)
            assert all(u.startswith("http://www.w3.org/") for u in urls), (path, urls)


def test_pages_send_a_strict_content_security_policy(site):
    with urllib.request.urlopen(site.base + "/", timeout=10) as response:
        policy = response.headers["Content-Security-Policy"]
        assert response.status == 200 and "<main" in response.read().decode()
    assert "default-src 'self'" in policy and "script-src 'self'" in policy


@pytest.mark.parametrize("suffix", ["", "/console"], ids=["replay", "console"])
def test_an_unknown_duel_says_so(site, page, suffix):
    """A page for a duel the store does not hold says "No such duel" and offers nothing to
    do: no board, no forms (the API answers 404 for it)."""
    missing = "00000000-0000-0000-0000-000000000000"
    status, _, _ = site.server.request("GET", f"/api/duels/{missing}")
    assert status == 404
    page.goto(f"/duels/{missing}{suffix}")
    page.wait_for_selector("body[data-missing=true]")
    expect(page.locator("main h1")).to_have_text("No such duel")
    expect(page.locator("main")).to_contain_text(missing)
    expect(page.locator("main form, main button, #board")).to_have_count(0)
    expect(page.locator("main a[href='/']")).to_have_count(1)


def test_a_mistyped_address_gets_an_html_page_and_the_api_keeps_json(site, page):
    response = page.goto("/duelz")
    assert response.status == 404
    assert response.headers["content-type"].startswith("text/html")
    expect(page.locator("main h1")).to_have_text("Nothing here")
    expect(page.locator("main")).to_contain_text("/duelz")
    status, headers, body = site.server.request("GET", "/api/duelz")
    assert status == 404 and body["status"] == 404 and body["detail"]
    assert headers["content-type"].startswith("application/")


def test_the_list_is_newest_first_with_dates_and_filters_by_player_in_any_case(site, page):
    record = site.get(f"/api/duels/{site.demo('demo-duel')}/record")
    record["labels"] = {"event": "Winter Cup", "table": "list-order"}
    record["players"][1]["name"] = "Zoë Quist"
    status, newest = site.post("/api/duels", record, role="scorekeeper")
    assert status == 201, newest
    open_page(page, "/")
    first = page.locator("#duels tbody tr").first
    expect(first).to_have_attribute("data-duel", newest["id"])
    expect(first.locator("td.date time")).to_have_attribute("datetime", newest["created"])
    expect(first.locator("td.date")).to_contain_text(newest["created"][:10])
    page.fill("#filters input[name=player]", "zoë quist")
    page.fill("#filters input[name=event]", "WINTER CUP")
    page.click("#filters button[type=submit]")
    expect(page.locator("#duels tbody tr")).to_have_count(1)
    expect(page.locator("#duels tbody tr").first).to_have_attribute("data-duel", newest["id"])
    assert "player=" in page.url and "order" not in page.url
