"""The ART O BATTLERS console's dice (issue 28 item 5), and its replay in the game's words.

Each reply-die button says what the engine will then do with that face (the prompt's
``die_faces``), and what the engine records after the click is checked through the API: a
6 on a NORMAL chart whose target has no counterattack for the attack's class says so (AG6),
instead of promising a counterattack. A random roll by the browser is a separate, labelled
choice, shown before anything is recorded and recorded only when confirmed. The replay
says "Turn", and event 0 cites the game's setup rule (A2), not BattleCON's R1."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from tests.viewer.conftest import ARTIFACTS, open_page, sign_in
from tests.viewer.test_artobattlers_viewer import click, die, own_characters

pytestmark = pytest.mark.usefixtures("chromium_path")

START = [{"player": 0, "kind": "team", "characters": ["tin-sparrow"]},
         {"player": 1, "kind": "team", "characters": ["brass-bulwark"]},
         {"player": 0, "kind": "start_die", "value": 5},
         {"player": 1, "kind": "start_die", "value": 1}]


def create(site, decisions: list, table: str) -> str:
    """Ana's Tin Sparrow against Ben's Brass Bulwark on a NORMAL chart, with no
    counterattack (so a 6 has none that fits)."""
    characters = own_characters()
    bulwark = next(c for c in characters if c["id"] == "brass-bulwark")
    bulwark["dice_type"] = "normal"
    bulwark["counterattacks"] = []
    status, duel = site.post("/api/duels", {
        "format": "artobattlers-record/1", "ruleset": "artobattlers",
        "setup": {"format": "simple_duel", "characters": characters,
                  "players": [{"name": "Ana"}, {"name": "Ben"}]},
        "decisions": decisions, "event": "aob-dice", "table": table}, role="scorekeeper")
    assert status == 201, duel
    return duel["id"]


def at_the_reply(site, table: str) -> str:
    """A duel waiting for Ben's reply to Tin Sparrow's Peck (30 DP)."""
    prompt = site.get(f"/api/duels/{create(site, START, table)}/state")["prompt"]
    peck = next(o for o in prompt["options"] if o["kind"] == "attack" and o["move"] == "peck")
    return create(site, [*START, peck], table)


def life(site, duel: str, character: str) -> int:
    state = site.get(f"/api/duels/{duel}/state")
    return next(p["characters"][character]["life"] for p in state["players"]
                if character in p["characters"])


def facts_after(site, duel: str, version: int) -> list[str]:
    return [e["text"] for e in site.get(f"/api/duels/{duel}/events?after={version}")["events"]]


@pytest.mark.parametrize("value, lost", [(1, 30), (3, 15), (4, 0), (6, 0)])
def test_each_die_button_says_what_the_engine_then_records(site, page, value, lost):
    duel = at_the_reply(site, f"aob-dice-{value}")
    before = life(site, duel, "brass-bulwark")
    open_page(page, f"/duels/{duel}/console")
    sign_in(page, site.tokens["scorekeeper"], "scorekeeper")
    labels = [die(page, "Ben", v).inner_text() for v in range(1, 7)]
    assert labels[2] == "3 — a Defense on the NORMAL chart: half the DP (A4.5)"
    assert labels[5] == ("6 — a Counterattack on the NORMAL chart: no counterattack fits this "
                         "attack's class: nothing happens, as on an Escape (AG6)")
    assert not any("takes its DP" in label for label in labels)  # no promise the engine breaks
    if value == 6:
        page.locator("#prompt").screenshot(path=str(ARTIFACTS / "aob-dice-row.png"))
    version = int(page.get_attribute("body", "data-version"))
    label = labels[value - 1]
    face, outcome = label.split(" — ", 1)[1].split(": ", 1)
    click(page, die(page, "Ben", value))
    facts = facts_after(site, duel, version)
    assert f"Ben rolls {value}: {face}." in facts
    assert before - life(site, duel, "brass-bulwark") == lost
    if value == 6:  # the engine's own words for AG6 are the button's
        said = "No counterattack fits this attack's class: nothing happens, as on an Escape."
        assert said in facts and outcome == f"{said[0].lower()}{said[1:-1]} (AG6)"


def test_a_random_roll_is_separate_and_recorded_only_when_confirmed(site, page):
    duel = at_the_reply(site, "aob-random")
    open_page(page, f"/duels/{duel}/console")
    sign_in(page, site.tokens["scorekeeper"], "scorekeeper")
    entered = page.locator("#prompt-body [role=group][aria-label='Ben rolled (enter the die)']")
    expect(entered.locator("button")).to_have_count(6)
    expect(entered.locator("button.roll")).to_have_count(0)  # not beside the entered faces
    draw = page.locator("#prompt-body .aob-random button.roll[data-roll='1']")
    expect(draw).to_be_hidden()  # folded away under its own heading
    page.click("#prompt-body .aob-random summary")
    expect(draw).to_have_text("Draw a random die for Ben…")
    version = page.get_attribute("body", "data-version")
    draw.click()
    record = page.locator("#prompt-body button.roll-confirm")
    expect(record).to_be_focused()
    drawn = json.loads(record.get_attribute("data-option"))
    expect(page.locator("#prompt-body .drawn")).to_contain_text(
        f"This browser drew {die(page, 'Ben', drawn['value']).inner_text()} for Ben.")
    page.click("#prompt-body button.roll-cancel")
    expect(page.locator("#prompt-body .drawn")).to_be_hidden()
    assert page.get_attribute("body", "data-version") == version
    assert len(site.get(f"/api/duels/{duel}/record")["decisions"]) == 5  # nothing recorded
    draw.click()
    drawn = json.loads(record.get_attribute("data-option"))
    expect(record).to_have_text(f"Record {drawn['value']} for Ben")
    record.click()
    page.wait_for_selector(f"body:not([data-version='{version}'])")
    assert site.get(f"/api/duels/{duel}/record")["decisions"][-1] == drawn


def test_the_replay_says_turn_and_event_0_cites_the_games_setup_rule(site, page):
    duel = site.demo("simple-duel")
    open_page(page, f"/duels/{duel}")
    expect(page.locator("#prev-beat")).to_have_text("◀◀ Turn")
    expect(page.locator("#next-beat")).to_have_text("Turn ▶▶")
    expect(page.locator("#beat-select")).to_have_attribute("aria-label", "Jump to the start of a turn")
    assert "Beat" not in page.get_by_role("toolbar", name="Step through the duel").inner_text()
    expect(page.locator("#events li[data-event='0'] .rule")).to_have_text("A2")
    battlecon = site.demo("seth-vs-tatsumi")
    open_page(page, f"/duels/{battlecon}")
    expect(page.locator("#events li[data-event='0'] .rule")).to_have_text("R1")
    expect(page.locator("#prev-beat")).to_have_text("◀◀ Beat")
