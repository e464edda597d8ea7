"""The new-duel page offers the BattleCON 2011 preview profile (issue 35): the game menu lists
it beside BattleCON 2014 (from GET /api/rulesets), the form offers only 001's four fighters,
each with its one Overdrive Finish, and not the Ante Finishers or the time limit (it says
why, citing 001); the duel it creates is judged under the profile, and the console and the
replay draw the fighters on spaces 2 and 6. A record asking for Ante Finishers is refused."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.viewer.conftest import open_page, screenshot, sign_in

pytestmark = pytest.mark.usefixtures("chromium_path")

PREVIEW = ["cadenza", "hikaru", "kallistar", "khadath"]


def standups(page) -> list[int]:
    """The spaces the board draws the two fighters on, player 0 first (each standup inside
    the space it names)."""
    out = []
    for i in (0, 1):
        el = page.locator(f"#board .standup[data-player='{i}']")
        expect(el).to_have_count(1)
        space = el.get_attribute("data-space")
        assert el.locator("xpath=..").get_attribute("data-space") == space
        out.append(int(space))
    return out


def choose_2011(page, site) -> None:
    open_page(page, "/duels/new")
    sign_in(page, site.tokens["scorekeeper"], "scorekeeper")
    menu = page.locator("select[name=ruleset] option")
    titles = dict(zip(menu.evaluate_all("os => os.map((o) => o.value)"),
                      menu.all_inner_texts(), strict=True))
    listed = {r["name"]: r["title"] for r in site.get("/api/rulesets")["rulesets"]}
    assert titles == listed
    assert titles["battlecon-2011"] == "BattleCON Free Preview Game (2011 rules v1.3)"
    assert "battlecon-2014" in titles
    expect(page.locator("input[name=ante_finishers]")).to_have_count(1)  # 2014's form first
    page.select_option("select[name=ruleset]", "battlecon-2011")
    expect(page.locator("select[name=fighter-0] option")).to_have_count(len(PREVIEW))


def test_the_form_offers_the_four_fighters_and_not_ante_finishers(page, site):
    choose_2011(page, site)
    for i in (0, 1):
        offered = page.locator(f"select[name=fighter-{i}] option")
        assert offered.evaluate_all("os => os.map((o) => o.value)") == PREVIEW
    finishers = page.locator("select[name=finisher-0] option")
    expect(finishers).to_have_count(1)  # Cadenza's one Overdrive Finish (001 Card Overview)
    assert finishers.get_attribute("value") == "rocket-press"
    expect(page.locator("input[name=ante_finishers]")).to_have_count(0)
    expect(page.locator("input[name=time_limit]")).to_have_count(0)
    expect(page.locator("input[name=special_actions]")).to_be_checked()
    why = page.locator(".absent-option[data-option=ante_finishers]")
    expect(why).to_contain_text("No Ante Finishers")
    expect(why).to_contain_text("001 › Special Actions › Finish")
    expect(page.locator(".absent-option[data-option=time_limit]")).to_contain_text(
        "No time limit")
    screenshot(page, "new-duel-2011")


def test_a_2011_duel_is_created_and_drawn_on_spaces_2_and_6(page, site):
    choose_2011(page, site)
    page.select_option("select[name=fighter-0]", "kallistar")
    page.select_option("select[name=fighter-1]", "khadath")
    expect(page.locator("select[name=finisher-1] option")).to_have_count(1)
    page.fill("input[name=event]", "Preview Night")
    page.fill("input[name=table]", "2011")
    page.click("#new-duel button[type=submit]")
    page.wait_for_url("**/console")
    page.wait_for_selector("body[data-ready=true]")
    duel = page.url.split("/duels/")[1].split("/")[0]

    record = site.get(f"/api/duels/{duel}/record", role="scorekeeper")
    assert record["ruleset"] == "battlecon-2011"
    assert [p["fighter"] for p in record["players"]] == ["kallistar", "khadath"]
    assert [p["finisher"] for p in record["players"]] == ["supernova", "dimensional-exile"]
    assert record["options"]["ante_finishers"] is False  # the profile's own: none offered
    assert record["options"]["time_limit"] is False
    assert record["options"]["rulings"]["lure-power"] == -1  # C25: 001's Lure Strike
    state = site.get(f"/api/duels/{duel}/state", role="scorekeeper")
    assert [p["space"] for p in state["players"]] == [2, 6]
    assert state["options"]["time_limit"] is False

    assert standups(page) == [2, 6]  # the console
    screenshot(page, "console-2011")
    open_page(page, f"/duels/{duel}")
    assert standups(page) == [2, 6]  # the replay
    expect(page.locator("#board")).to_contain_text("Kallistar")


def test_a_2011_record_asking_for_ante_finishers_is_refused_naming_the_profile(site):
    record = {"format": "battlecon-record/1", "ruleset": "battlecon-2011",
              "options": {"special_actions": True, "ante_finishers": True},
              "players": [{"name": "Ana", "fighter": "cadenza"},
                          {"name": "Ben", "fighter": "hikaru"}],
              "first_to_ante": 0, "decisions": []}
    status, body = site.post("/api/duels", record, role="scorekeeper")
    assert status == 422, body
    assert "battlecon-2011" in body["detail"] and "Ante Finishers" in body["detail"]
