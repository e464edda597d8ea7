"""A second game in the viewer: ``judge serve`` with ``BATTLECON_RULESET_MODULES`` naming the
test ruleset ``test-race`` (tests/rulesets/race.py), for which the viewer has no renderer
of its own. The pages draw it with the generic renderer: the new-duel form takes the record
as JSON (the server's field errors listed), the console offers each legal option as a
button labelled from its fields, the replay shows the state as a key/value tree, the prompt
it waited on and the narrative, and the list names the game."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from playwright.sync_api import expect

from tests.serving import create_token, start_server
from tests.viewer.conftest import ROLES, Site, open_page, screenshot, sign_in

pytestmark = pytest.mark.usefixtures("chromium_path")

RACE_TITLE = "Race to ten (a test ruleset)"


@pytest.fixture(scope="module")
def race_site(chromium_path, tmp_path_factory) -> Iterator[Site]:
    tmp = tmp_path_factory.mktemp("race-viewer")
    store_args = ["--db", str(tmp / "judge.sqlite")]
    tokens = {role: create_token(store_args, role, f"{role}-tester") for role in ROLES}
    server = start_server(store_args, tmp / "server.log",
                          env={"BATTLECON_RULESET_MODULES": "tests.rulesets.race"})
    try:
        yield Site(server, tokens)
    finally:
        server.stop()


@pytest.fixture
def race_page(browser, race_site) -> Iterator[object]:
    """A page on the race server; script errors and any 404 fail the test."""
    context = browser.new_context(base_url=race_site.base, viewport={"width": 1300, "height": 1000})
    context.set_default_timeout(15000)
    pg = context.new_page()
    errors: list[str] = []
    missing: list[str] = []
    pg.on("pageerror", lambda err: errors.append(str(err)))
    pg.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" and
          "Failed to load resource" not in msg.text else None)
    pg.on("response", lambda r: missing.append(r.url) if r.status == 404 else None)
    yield pg
    context.close()
    assert not errors, f"script errors in the page: {errors}"
    assert not missing, f"requests that found nothing: {missing}"


def create_race_in_form(page, site: Site) -> str:
    """Create a race through the new-duel page's JSON form; a bad target is refused first."""
    open_page(page, "/duels/new")
    sign_in(page, site.tokens["scorekeeper"], "scorekeeper")
    expect(page.locator("#ruleset-choice")).to_be_visible()
    expect(page.locator("select[name=fighter-0]")).to_be_visible()  # BattleCON by default
    page.select_option("select[name=ruleset]", "test-race")
    setup = page.locator("textarea[name=setup]")
    expect(setup).to_be_visible()
    skeleton = json.loads(setup.input_value())
    assert skeleton["format"] == "race-record/1" and skeleton["ruleset"] == "test-race"
    expect(page.locator("#setup-hint")).to_contain_text("race-record/1")
    record = {**skeleton, "players": [{"name": "Ada"}, {"name": "Bo"}], "target": 0}
    setup.fill(json.dumps(record))
    page.fill("input[name=event]", "Race Night")
    page.click("#new-duel button[type=submit]")
    expect(page.locator(".field-errors li")).to_have_text(["target: target: a number 1-100."])
    expect(page.locator("#banner")).to_contain_text("The duel was not created")
    setup.fill("{not json")
    page.click("#new-duel button[type=submit]")
    expect(page.locator(".field-errors li")).to_contain_text(["The setup is not valid JSON"])
    setup.fill(json.dumps({**record, "target": 5}))
    page.click("#new-duel button[type=submit]")
    page.wait_for_url("**/console")
    page.wait_for_selector("body[data-ready=true]")
    return page.url.split("/duels/")[1].split("/")[0]


def click_option(page, label: str) -> dict:
    """Click the console's option button with this label; the decision it stands for."""
    version = page.get_attribute("body", "data-version")
    button = page.locator("#prompt-body .choices button", has_text=label)
    decision = json.loads(button.get_attribute("data-option"))
    button.click()
    page.wait_for_selector(f"body:not([data-version='{version}'])")
    return decision


def options(page) -> list[str]:
    return page.locator("#prompt-body .choices button").all_inner_texts()


def test_a_race_is_created_decided_in_the_console_and_stepped_through(race_site, race_page):
    page, site = race_page, race_site
    duel = create_race_in_form(page, site)
    summary = site.get(f"/api/duels/{duel}")
    assert summary["ruleset"] == "test-race" and summary["labels"] == {"event": "Race Night"}
    # The console: a chance decision first, entered by the scorekeeper.
    expect(page.locator("#title")).to_have_text("Console: Ada vs Bo")
    expect(page.locator("#prompt-body .about")).to_contain_text("Toss a coin: who starts?")
    expect(page.locator("#prompt-body .decider")).to_have_attribute("data-decider", "chance")
    expect(page.locator("#prompt-body .decider")).to_contain_text("chance")
    assert options(page) == ["coin: result 0", "coin: result 1"]
    expect(page.locator("#player-0")).to_be_hidden()
    clicked = [click_option(page, "coin: result 1")]
    expect(page.locator("#feed")).to_contain_text("The coin says Bo starts.")
    expect(page.locator("#prompt-body .about")).to_contain_text("Bo: Add 1 or 2.")
    expect(page.locator("#prompt-body .decider")).to_contain_text("one player, openly (Bo)")
    assert options(page) == ["add: player Bo, amount 1", "add: player Bo, amount 2"]
    clicked.append(click_option(page, "amount 2"))
    clicked.append(click_option(page, "add: player Ada, amount 2"))
    clicked.append(click_option(page, "add: player Bo, amount 1"))
    expect(page.locator("#feed")).to_contain_text("Bo adds 1: 3.")
    expect(page.locator("#board [data-path=scores]")).to_have_text("2, 3")
    expect(page.locator("#board [data-path=round]")).to_have_text("2")
    expect(page.locator("#board")).not_to_contain_text("null")  # nothing JSON-ish shows
    expect(page.locator("#where")).to_have_text("Round 2 · waiting for Ada · version 10")
    expect(page.locator("#concede button").first).to_have_text("Ada concedes…")
    screenshot(page, "race-console")
    assert site.get(f"/api/duels/{duel}/record")["decisions"] == clicked == [
        {"kind": "coin", "result": 1}, {"player": 1, "kind": "add", "amount": 2},
        {"player": 0, "kind": "add", "amount": 2}, {"player": 1, "kind": "add", "amount": 1}]
    step_through_the_replay(page, duel)


def step_through_the_replay(page, duel: str) -> None:
    open_page(page, f"/duels/{duel}")
    expect(page.locator("#title")).to_have_text("Ada vs Bo")
    expect(page.locator(".chart")).to_be_hidden()
    expect(page.locator("#player-1")).to_be_hidden()
    expect(page.locator("#where")).to_have_text("Round 0 · waiting for a chance result")
    expect(page.locator("#board [data-path=scores]")).to_have_text("0, 0")
    waiting = page.locator("#board .prompt.generic")
    expect(waiting.locator(".options li")).to_have_text(["coin: result 0", "coin: result 1"])
    # Forward to event 5: Bo has added 2, Ada is to add.
    for _ in range(5):
        page.click("#next")
    expect(page.locator("#position")).to_have_text("5")
    expect(page.locator("#board [data-path=scores]")).to_have_text("0, 2")
    expect(page.locator("#board [data-path=turn]")).to_have_text("0")
    expect(page.locator("#where")).to_have_text("Round 1 · waiting for Ada")
    expect(waiting.locator(".about")).to_contain_text("Ada: Add 1 or 2.")
    expect(waiting.locator(".options li")).to_have_text(
        ["add: player Ada, amount 1", "add: player Ada, amount 2"])
    expect(page.locator("#events li.current")).to_contain_text("Bo adds 2: 2.")
    # The narrative, decisions and facts, each with its rule.
    texts = page.locator("#events li .text").all_inner_texts()
    assert texts[:6] == ["The setup, before any event.", "The coin is tossed: 1.",
                         "The coin says Bo starts.", "Round 1.", "Bo adds 2.", "Bo adds 2: 2."]
    expect(page.locator("#events li[data-event='2'] .rule")).to_have_text("race.1")
    # The beat menu lists the rounds; the next one starts at event 8; End is the last event.
    assert page.locator("#beat-select option").all_inner_texts() == ["Beat 1", "Beat 2"]
    page.click("#next-beat")
    expect(page.locator("#position")).to_have_text("8")
    expect(page.locator("#board [data-path=scores]")).to_have_text("2, 2")
    page.keyboard.press("End")
    expect(page.locator("#position")).to_have_text("10")
    expect(page.locator("#board [data-path=scores]")).to_have_text("2, 3")
    expect(page.locator("#board [data-path=over]")).to_have_text("no")
    expect(page.locator("#board")).not_to_contain_text("null")
    screenshot(page, "race-replay")


def test_the_list_names_the_game_of_each_duel(race_site, race_page):
    status, duel = race_site.post("/api/duels", {
        "format": "race-record/1", "ruleset": "test-race", "target": 3, "table": "7",
        "players": [{"name": "Cy"}, {"name": "Di"}], "decisions": [
            {"kind": "coin", "result": 0}, {"player": 0, "kind": "add", "amount": 2},
            {"player": 1, "kind": "add", "amount": 1}, {"player": 0, "kind": "add", "amount": 1}]},
        role="scorekeeper")
    assert status == 201, duel
    open_page(race_page, "/?table=7")
    row = race_page.locator(f"#duels tbody tr[data-duel='{duel['id']}']")
    expect(row).to_have_attribute("data-ruleset", "test-race")
    expect(row.locator("td.game")).to_have_text(RACE_TITLE)
    expect(row.locator("td").first).to_have_text("Cy vs Di")
    expect(row.locator("td").nth(4)).to_have_text("over: Cy won")


def test_a_head_judge_corrects_a_race_with_a_json_correction(race_site, race_page):
    site, page = race_site, race_page
    status, duel = site.post("/api/duels", {
        "format": "race-record/1", "ruleset": "test-race", "players": [{"name": "Ada"}, {"name": "Bo"}],
        "decisions": [{"kind": "coin", "result": 0}, {"player": 0, "kind": "add", "amount": 2}]},
        role="scorekeeper")
    assert status == 201, duel
    status, _ = site.post(f"/api/duels/{duel['id']}/disputes", {"at": 5, "claim": "Ada added 1."},
                          role="judge")
    assert status == 201
    open_page(page, f"/duels/{duel['id']}?at=5")
    sign_in(page, site.tokens["head_judge"], "head_judge")
    card = page.locator("#disputes .dispute-card")
    card.locator("form.resolve select[name=outcome]").select_option("overturned")
    card.locator("form.resolve textarea[name=ruling]").fill("Ada added 1.")
    card.locator("form.resolve input[name=rule]").fill("race.2")
    card.locator("form.resolve textarea[name=correction]").fill('{"players": {"0": {"score": 1}}}')
    card.locator("form.resolve button[type=submit]").click()
    expect(card).to_have_attribute("data-status", "overturned")
    assert site.get(f"/api/duels/{duel['id']}/state")["scores"] == [1, 0]
