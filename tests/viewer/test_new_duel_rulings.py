"""A duel made on the new-duel page names every ruling's recommended reading (read from
GET /api/rulesets/battlecon-2014, not written into the page), so G11 counts "a space within
range" towards the opponent only: Khadath's Blight offers no space behind him."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.viewer.conftest import open_page, screenshot
from tests.viewer.test_console import create_in_form

pytestmark = pytest.mark.usefixtures("chromium_path")


def post(site, duel: str, decision: dict) -> None:
    event = site.get(f"/api/duels/{duel}/state", role="scorekeeper")["event"]
    status, body = site.post(f"/api/duels/{duel}/decisions", decision, role="scorekeeper",
                             headers={"If-Match": str(event)})
    assert status == 201, body


def to_blight(site, duel: str) -> dict:
    """Hikaru's Advancing Strike against Khadath's Blight Strike, no antes: the prompt where
    Khadath places the Gate Trap (Hikaru on 4 after advancing, Khadath on 5)."""
    post(site, duel, {"player": 0, "kind": "attack_pair", "style": "advancing", "base": "strike"})
    post(site, duel, {"player": 1, "kind": "attack_pair", "style": "blight", "base": "strike"})
    for _ in range(4):
        prompt = site.get(f"/api/duels/{duel}/state", role="scorekeeper")["prompt"]
        if prompt["kind"] != "ante":
            break
        post(site, duel, {"player": prompt["players"][0], "kind": "pass"})
    return prompt


def test_a_new_duel_names_the_recommended_rulings_and_blight_stays_towards_the_opponent(
        site, page):
    rulings = site.get("/api/rulesets/battlecon-2014")["rulings"]
    duel = create_in_form(page, site, "browser-rulings")
    named = site.get(f"/api/duels/{duel}/record")["options"]["rulings"]
    assert named == {"form-in-finisher": "applies", "juto-direction": "from-juto",
                     "lure-power": 0, "mimic-movement": "after", "mirror-token": "any",
                     "placing": "movement", "range-direction": "toward",
                     "trigger-order": "asked", "wyrding-start": "resolves"}
    assert named == {k: v["recommended"] for k, v in rulings.items()}

    prompt = to_blight(site, duel)
    assert prompt["kind"] == "place" and prompt["players"] == [1]
    # From Khadath's 5 towards Hikaru on 4, Blight's range 1~3 covers 4, 3, 2; not 4
    # (Hikaru stands there), and not 6 or 7 behind Khadath.
    assert sorted(o["to"] for o in prompt["options"]) == [2, 3]
    open_page(page, f"/duels/{duel}/console")  # still signed in as the form's scorekeeper
    offered = page.locator("#board button.space.choice")
    expect(offered).to_have_count(2)
    assert sorted(int(b.get_attribute("data-space")) for b in offered.all()) == [2, 3]
    expect(page.locator("#board button[data-space='6']")).to_have_count(0)
    screenshot(page, "console-blight-toward")
