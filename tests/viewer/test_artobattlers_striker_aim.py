"""The console offers an attack a Special Ability aims at a striker (issue 33, AG46) in
words that name the striker, and the attack the scorekeeper clicks is the one recorded;
the table then shows the striker as the attack's target. The defender's force challenge
from that striker says its 10 LP come from the striker, and they do."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from tests.artobattlers.test_harness_cards import card
from tests.viewer.conftest import open_page, sign_in

pytestmark = pytest.mark.usefixtures("chromium_path")

HAWK_EYE = {"name": "Hawk Eye", "text": "This character may target a striker.",
            "structured": {"action": "target_striker"}}


def at_the_turn_action(site, table: str, then: tuple = ()) -> str:
    setup = {"format": "simple_duel", "players": [{"name": "Ana"}, {"name": "Ben"}],
             "characters": [card("ember-knight", "hawk-knight", special_ability=HAWK_EYE),
                            card("mossjaw", "mite-keeper")]}
    status, duel = site.post("/api/duels", {
        "format": "artobattlers-record/1", "ruleset": "artobattlers", "setup": setup,
        "decisions": [{"player": 0, "kind": "team", "characters": ["hawk-knight"]},
                      {"player": 1, "kind": "team", "characters": ["mite-keeper"]},
                      {"player": 0, "kind": "start_die", "value": 6},
                      {"player": 1, "kind": "start_die", "value": 1}, *then],
        "event": "aob-verbs", "table": table}, role="scorekeeper")
    assert status == 201, duel
    return str(duel["id"])


def test_an_attack_on_a_striker_is_offered_by_name_and_recorded(site, page):
    duel = at_the_turn_action(site, "aob-aim")
    open_page(page, f"/duels/{duel}/console")
    sign_in(page, site.tokens["scorekeeper"], "scorekeeper")
    aimed = page.locator("#prompt-body button[data-kind=attack]", has_text=(
        "Blade Rush on Burrow Mite (Mite Keeper's striker)"))
    expect(aimed).to_have_count(1)
    option = json.loads(aimed.get_attribute("data-option") or "{}")
    assert option["target_striker"] is True
    version = page.get_attribute("body", "data-version")
    aimed.click()
    page.wait_for_selector(f"body:not([data-version='{version}'])")
    assert site.get(f"/api/duels/{duel}/record")["decisions"][4] == option
    state = site.get(f"/api/duels/{duel}/state")
    assert state["attack"]["target_striker"] is True
    expect(page.locator("body")).to_contain_text("on Burrow Mite (Mite Keeper's striker)")


def test_a_force_challenge_from_the_striker_is_offered_and_recorded(site, page):
    flame = {"player": 0, "kind": "attack", "character": "hawk-knight", "striker": False,
             "move": "flame-combo", "target": "mite-keeper", "pay": None, "sacrifice": False,
             "target_striker": True}
    duel = at_the_turn_action(site, "aob-aim-fc", then=(flame,))
    open_page(page, f"/duels/{duel}/console")
    sign_in(page, site.tokens["scorekeeper"], "scorekeeper")
    fc = page.locator("#prompt-body button[data-kind=force_challenge]")
    expect(fc).to_have_text("Green force challenge with Mite Bite (pay 10 LP from the striker)")
    version = page.get_attribute("body", "data-version")
    fc.click()
    page.wait_for_selector(f"body:not([data-version='{version}'])")
    keeper = site.get(f"/api/duels/{duel}/state")["players"][1]["characters"]["mite-keeper"]
    assert (keeper["life"], keeper["striker"]["life"]) == (250, 50)
