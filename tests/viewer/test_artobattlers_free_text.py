"""A free card text from entry to correction in the browser (issue 33 item 1): a scorekeeper
imports a character whose move carries a note in words, starts a match with it and plays
to where the note applies; the console shows the card's text and asks what it does; the
table makes the attack miss. A judge disputes that answer (the dispute shows the card's
text) and a head judge corrects it: the attack hits after all, judged again, and the log
quotes the text beside the correction."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from tests.artobattlers.test_free_text import NOTE, howler
from tests.viewer.conftest import open_page, screenshot, sign_in
from tests.viewer.test_artobattlers_viewer import character, click, die, option

pytestmark = pytest.mark.usefixtures("chromium_path")


def _enter_character_and_start(page, tmp_path) -> str:
    """The scorekeeper imports Web Howler in the new-duel form and starts a match with it
    against the sample Ember Knight; the duel's id."""
    card = {**howler(), "id": "web-howler", "name": "Web Howler"}
    (tmp_path / "howler.json").write_text(json.dumps(
        {"schema_version": 1, "ruleset": "artobattlers", "characters": [card]}))
    open_page(page, "/duels/new?ruleset=artobattlers")
    page.set_input_files("input[name=character-file]", str(tmp_path / "howler.json"))
    page.click("button.import")
    expect(page.locator(".aob-import .entered")).to_have_text("Imported: Web Howler.")
    page.select_option("select[name=character-0]", "imported:web-howler")
    page.select_option("select[name=character-1]", "sample:ember-knight")
    page.fill("input[name=name-0]", "Ana")
    page.fill("input[name=name-1]", "Ben")
    page.fill("input[name=table]", "aob-free-text-dispute")
    page.click("#new-duel button[type=submit]")
    page.wait_for_url("**/console")
    page.wait_for_selector("body[data-ready=true]")
    return page.url.split("/duels/")[1].split("/")[0]


def _table_makes_it_miss(page) -> None:
    """To where the note applies: the console shows its text; the table's answer, a miss."""
    click(page, die(page, "Ana", 6))
    click(page, die(page, "Ben", 1))
    click(page, option(page, "Drain Beam on Ember Knight"))
    expect(page.locator("#prompt-body")).to_contain_text(NOTE)
    form = page.locator("#prompt-body form.described[data-kind=card_text]")
    form.locator("select[data-field=outcome]").select_option(label="miss")
    version = page.get_attribute("body", "data-version")
    form.locator("button[type=submit]").click()
    page.wait_for_selector(f"body:not([data-version='{version}'])")
    expect(character(page, "ember-knight")).to_have_attribute("data-life", "300")
    expect(page.locator("#where")).to_contain_text("Ben to act")


def _sign_out(page) -> None:
    """Signing out reloads the page: wait for it, or the next token goes into the old one."""
    with page.expect_navigation():
        page.click("#session-signout")
    page.wait_for_selector("body[data-ready=true]")


def test_a_free_text_answer_is_entered_disputed_and_corrected(site, page, tmp_path):
    open_page(page, "/duels/new?ruleset=artobattlers")
    sign_in(page, site.tokens["scorekeeper"], "scorekeeper")
    duel = _enter_character_and_start(page, tmp_path)
    _table_makes_it_miss(page)
    screenshot(page, "aob-free-text-miss")
    events = site.get(f"/api/duels/{duel}/events?limit=100")["events"]
    ruled = next(e for e in events if e["type"] == "CardTextRuled")
    assert "the attack misses" in ruled["text"]
    # A judge disputes the answer: the dispute shows the card's text.
    open_page(page, f"/duels/{duel}?at={ruled['event']}")
    _sign_out(page)
    sign_in(page, site.tokens["judge"], "judge")
    page.fill("#dispute textarea[name=claim]", "The note only howls: the beam still hits.")
    page.click("#dispute button[type=submit]")
    card = page.locator("#disputes .dispute-card")
    expect(card).to_have_attribute("data-status", "open")
    expect(card.locator(".card-text-quote")).to_have_text(f"“{NOTE}”")
    expect(card.locator(".card-text-source")).to_contain_text(
        "Card text (note: drain-beam) of Web Howler")
    screenshot(page, "aob-free-text-dispute")
    # The head judge corrects the table's answer: the attack hits after all.
    _sign_out(page)
    sign_in(page, site.tokens["head_judge"], "head_judge")
    form = page.locator("#disputes .dispute-card form.resolve")
    form.locator("select[name=outcome]").select_option("overturned")
    form.locator("textarea[name=ruling]").fill("The note does nothing: the beam hits.")
    form.locator("input[name=rule]").fill("AG1")
    form.locator("select[name='card_text.1.outcome']").select_option("hit")
    form.locator("button[type=submit]").click()
    expect(page.locator("#disputes .dispute-card")).to_have_attribute("data-status",
                                                                      "overturned")
    (resolved,) = site.get(f"/api/duels/{duel}/disputes")["disputes"]
    n = resolved["resolution"]["correction_event"]
    line = page.locator(f"#events li[data-event='{n}']")
    expect(line).to_contain_text("from miss to hit")
    state = site.get(f"/api/duels/{duel}/state")
    assert state["players"][1]["characters"]["ember-knight"]["life"] == 270
    made = next(e for e in site.get(f"/api/duels/{duel}/events?limit=100")["events"]
                if e["type"] == "CorrectionMade")
    expect(page.locator(f"#events li[data-event='{made['event']}']")).to_contain_text(
        f"\"{NOTE}\" — what it does from miss to hit. What followed it is judged again: "
        "Ember Knight's LP 300 → 270.")
    screenshot(page, "aob-free-text-corrected")
