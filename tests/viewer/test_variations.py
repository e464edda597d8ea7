"""Variations (issue 14, item 6) in the browser: the duel list nests forks under their
parent with their fork points in the game's words, the replay's Variations panel links
parent and children, and the judge tools fork "with another ruling"; each checked against
the API. Saves the screenshot variation-tree.png (the list's tree)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.viewer.conftest import open_page, screenshot, sign_in

pytestmark = pytest.mark.usefixtures("chromium_path")

PAIRS = [{"player": 0, "kind": "attack_pair", "style": "advancing", "base": "strike"},
         {"player": 1, "kind": "attack_pair", "style": "lure", "base": "strike"},
         {"player": 0, "kind": "ante", "token": "earth"}]


def lure_duel(site, event: str) -> dict:
    record = {"format": "battlecon-record/1", "options": {"rulings": {}},
              "players": [{"name": "Ana", "fighter": "hikaru"},
                          {"name": "Ben", "fighter": "khadath"}],
              "decisions": PAIRS, "labels": {"event": event}}
    status, duel = site.post("/api/duels", record, role="scorekeeper")
    assert status == 201, duel
    return duel


def fork(site, duel: str, body: dict) -> dict:
    status, child = site.post(f"/api/duels/{duel}/forks", body, role="judge")
    assert status == 201, child
    return child


def waits(site, duel: str) -> list[int]:
    events = site.get(f"/api/duels/{duel}/events?after=0&limit=1000")["events"]
    return [e["event"] - 1 for e in events if e["type"] == "Decision"]


def test_the_list_nests_forks_under_their_parent_with_their_fork_points(site, page):
    parent = lure_duel(site, "variations-tree")
    pid, late = parent["id"], parent["version"]
    early = waits(site, pid)[1]  # after Ana's attack pair
    lure = fork(site, pid, {"at": late, "rulings": {"lure-power": -1}})
    other = fork(site, pid, {"at": early})
    deeper = fork(site, other["id"], {"at": early})
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    open_page(page, "/?event=variations-tree")
    rows = page.locator("#duels tbody tr")
    expect(rows).to_have_count(4)
    expect(page.locator(f"#duels tr[data-duel='{lure['id']}'] .fork-point")).to_be_visible()
    # Parent, its earliest fork with that fork's own fork, then the later fork.
    order = [pid, other["id"], deeper["id"], lure["id"]]
    assert [rows.nth(k).get_attribute("data-duel") for k in range(4)] == order
    assert [rows.nth(k).get_attribute("data-depth") for k in range(4)] == ["0", "1", "2", "1"]
    for duel in order[1:]:
        summary = site.get(f"/api/duels/{duel}")
        row = page.locator(f"#duels tr[data-duel='{duel}']")
        expect(row).to_have_attribute("data-parent", summary["parent"])
        left = site.get(f"/api/duels/{duel}/variations")["left"]["fork_point"]
        expect(row.locator(".fork-point")).to_contain_text(
            f"Variation from Beat {left['beat']['beat']}, after event {left['event']}: "
            f"{left['text']}")
    expect(page.locator(f"#duels tr[data-duel='{other['id']}'] .fork-point")).to_contain_text(
        f"after event {early}: Hikaru lays an attack pair face down.")
    expect(page.locator(f"#duels tr[data-duel='{lure['id']}'] .ruling-change")).to_have_text(
        "with another ruling: Power of Khadath's Lure: 0 → -1")
    # The fork sits further right than its parent.
    x = [rows.nth(k).locator("td").first.locator("a, span").first.bounding_box()["x"]
         for k in range(3)]
    assert x[0] < x[1] < x[2]
    screenshot(page, "variation-tree")
    # One list request labels every fork: none per fork (GET /api/duels?fork_points=true).
    assert [u for u in asked if u.split("?")[0].endswith("/variations")] == []
    assert sum("/api/duels?" in u and "fork_points=true" in u for u in asked) == 1


def test_the_replay_shows_variations_and_forks_with_another_ruling(site, page):
    parent = lure_duel(site, "variations-panel")
    pid, late = parent["id"], parent["version"]
    early = waits(site, pid)[1]
    other = fork(site, pid, {"at": early})
    open_page(page, f"/duels/{pid}?at={late}")
    items = page.locator("#variation-list li")
    expect(items).to_have_count(1)
    expect(items.first).to_have_attribute("data-duel", other["id"])
    expect(items.first.locator(".fork-point")).to_have_text(
        f"from Beat 1, after event {early}: Hikaru lays an attack pair face down.")
    expect(page.locator("#variation-of")).to_be_hidden()
    # A judge forks here under the other reading of Lure's power.
    sign_in(page, site.tokens["judge"], "judge")
    choice = page.locator("#fork-ruling select option", has_text="Power of Khadath's Lure")
    expect(choice).to_have_count(1)
    expect(choice).to_contain_text("-1 — the value the other sources print (now 0)")
    page.locator("#fork-ruling select").select_option(choice.get_attribute("value"))
    page.click("#fork-ruling button[type=submit]")
    page.wait_for_url(lambda url: pid not in url and "/duels/" in url)
    page.wait_for_selector("body[data-ready=true]")
    fid = page.url.split("/duels/")[1].split("?")[0]
    summary = site.get(f"/api/duels/{fid}")
    assert (summary["parent"], summary["fork_at"]) == (pid, late)
    # Under -1 Hikaru's Earth soaks the whole Lure Strike: 20 life, not the parent's 19.
    assert [p["life"] for p in summary["players"]] == [20, 15]
    assert [p["life"] for p in site.get(f"/api/duels/{pid}")["players"]] == [19, 15]
    of = page.locator("#variation-of")
    left = site.get(f"/api/duels/{fid}/variations")["left"]["fork_point"]
    assert (left["event"], left["beat"]["beat"], left["text"]) == (late, 2, "Beat 2 begins.")
    expect(of).to_contain_text("A variation of Ana (Hikaru Sorayama) vs Ben (Khadath "
                               f"Ahemusei): this duel left it from Beat 2, after event {late}: "
                               "Beat 2 begins.")
    expect(of.locator(".ruling-change")).to_have_text(
        "With another ruling: Power of Khadath's Lure: 0 → -1")
    expect(of.locator("a.parent-link")).to_have_attribute("href", f"/duels/{pid}?at={late}")
    expect(page.locator("#player-0")).to_contain_text("20")
    # Back on the parent, the panel lists both variations, earliest fork point first.
    open_page(page, f"/duels/{pid}")
    expect(page.locator("#variation-list li")).to_have_count(2)
    assert [page.locator("#variation-list li").nth(k).get_attribute("data-duel")
            for k in range(2)] == [other["id"], fid]
