"""ART O BATTLERS in the viewer (issue 13): its own board and prompt renderer.

A whole simple duel is logged by clicking the console's options in the game's words (the
teams, the start dice, attack moves with their costs, the reply die as buttons 1-6) to its
end, with each character's LP, PP and shield on the page, the winner shown, and the result
checked through the API; a match is created from the new-duel form with a character
imported there; the list filters by game; the replay steps through a duel turn by turn."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.viewer.aob_duels import at_manual_move_3
from tests.viewer.conftest import open_page, screenshot, sign_in

pytestmark = pytest.mark.usefixtures("chromium_path")

OWN = Path(__file__).resolve().parents[1] / "data" / "artobattlers" / "own-characters.json"
TITLE = "ART O BATTLERS (rulebook v4.5): simple duel and Advance Play"


def own_characters(prefix: str = "") -> list[dict]:
    """The test's own characters (Tin Sparrow, Brass Bulwark), ids prefixed to keep each
    test's imports apart in the shared store."""
    characters = json.loads(OWN.read_text())["characters"]
    for c in characters:
        c["id"] = prefix + c["id"]
    return characters


def new_match(site, decisions: list | None = None, table: str = "aob") -> str:
    """A simple duel between Ana (Tin Sparrow) and Ben (Brass Bulwark), their cards inline."""
    status, duel = site.post("/api/duels", {
        "format": "artobattlers-record/1", "ruleset": "artobattlers",
        "setup": {"format": "simple_duel", "characters": own_characters(),
                  "players": [{"name": "Ana"}, {"name": "Ben"}]},
        "decisions": decisions or [], "event": "aob-tests", "table": table}, role="scorekeeper")
    assert status == 201, duel
    return duel["id"]


def click(page, button) -> dict:
    """Click an option button; wait until the console shows the duel's next version."""
    version = page.get_attribute("body", "data-version")
    decision = json.loads(button.get_attribute("data-option"))
    button.click()
    page.wait_for_selector(f"body:not([data-version='{version}'])")
    return decision


def option(page, text: str):
    return page.locator("#prompt-body .choices button", has_text=text)


def die(page, player: str, value: int):
    group = page.locator(f"#prompt-body [role=group][aria-label='{player} rolled (enter the die)']")
    return group.locator(f"button[data-die='{value}']")


def character(page, ident: str):
    return page.locator(f"[data-character='{ident}']")


def test_a_whole_simple_duel_is_logged_by_clicking_to_its_end(site, page):
    duel = new_match(site)
    open_page(page, f"/duels/{duel}/console")
    sign_in(page, site.tokens["scorekeeper"], "scorekeeper")
    expect(page.locator("#title")).to_have_text("Console: Ana vs Ben")
    clicked = [click(page, option(page, "Ana brings Tin Sparrow"))]
    clicked.append(click(page, option(page, "Ben brings Brass Bulwark")))
    # The start dice: chance, entered as values 1-6 per player.
    expect(page.locator("#prompt-body .decider")).to_have_attribute("data-decider", "chance")
    expect(die(page, "Ana", 6)).to_be_visible()
    clicked.append(click(page, die(page, "Ana", 5)))
    clicked.append(click(page, die(page, "Ben", 1)))
    expect(page.locator("#where")).to_contain_text("Turn 1 · Ana to act")
    # Ana's attack moves, with their DP and costs, in the game's words.
    moves = page.locator("#prompt-body [aria-label=\"Tin Sparrow's attack moves\"] button")
    expect(moves).to_have_text(["Tin Sparrow: Peck on Brass Bulwark: 30 DP, free",
                                "Tin Sparrow: Gust on Brass Bulwark: 40 DP, 10 PP"])
    expect(option(page, "Pay the turn: Tin Sparrow raises PP by 10")).to_be_visible()
    clicked.append(click(page, option(page, "Peck on Brass Bulwark")))
    # The reply: the die 1-6, or Brass Bulwark's shield (manual move 1).
    expect(page.locator(".aob-attack [data-part=attack]")).to_contain_text(
        "Tin Sparrow (Ana) on Brass Bulwark: Peck")
    expect(option(page, "Manual move 1 (Shield)")).to_be_visible()
    clicked.append(click(page, die(page, "Ben", 1)))
    expect(character(page, "brass-bulwark")).to_have_attribute("data-life", "50")
    expect(page.locator("#feed")).to_contain_text("Brass Bulwark takes 30 DP: 80 → 50.")
    clicked.append(click(page, option(page, "Hammer on Tin Sparrow")))
    clicked.append(click(page, die(page, "Ana", 1)))
    expect(character(page, "tin-sparrow")).to_have_attribute("data-life", "20")
    clicked.append(click(page, option(page, "Gust on Brass Bulwark: 40 DP, 10 PP")))
    expect(character(page, "tin-sparrow")).to_have_attribute("data-power", "10")
    expect(character(page, "tin-sparrow").locator("[data-stat=power]")).to_have_text("10 / 60 PP")
    clicked.append(click(page, die(page, "Ben", 2)))
    expect(character(page, "brass-bulwark")).to_have_attribute("data-life", "10")
    expect(character(page, "brass-bulwark").locator("[data-stat=shield]")).to_have_text("30 LP")
    clicked.append(click(page, option(page, "Hammer on Tin Sparrow")))
    clicked.append(click(page, die(page, "Ana", 1)))
    # The end: Tin Sparrow destroyed, Ben the winner, on the page and through the API.
    expect(character(page, "tin-sparrow")).to_have_attribute("data-life", "0")
    expect(character(page, "tin-sparrow")).to_have_attribute("data-status", "destroyed")
    expect(page.locator(".aob-result")).to_have_text(
        "Ben wins (every character of the loser is destroyed).")
    expect(page.locator("#player-1 h2 .tag.winner")).to_be_visible()
    expect(page.locator("#where")).to_contain_text("the match is over: Ben wins")
    expect(page.locator("#prompt-body")).to_have_text("The match is over.")
    screenshot(page, "artobattlers-console-over")
    state = site.get(f"/api/duels/{duel}/state")
    assert (state["over"], state["winner"], state["end_reason"]) == (True, 1, "all_destroyed")
    life = {cid: c["life"] for p in state["players"] for cid, c in p["characters"].items()}
    assert life == {"tin-sparrow": 0, "brass-bulwark": 10}
    assert site.get(f"/api/duels/{duel}/record")["decisions"] == clicked
    summary = site.get(f"/api/duels/{duel}")
    assert (summary["status"], summary["winner"]) == ("over", 1)
    step_through_the_replay(page, duel)


def step_through_the_replay(page, duel: str) -> None:
    open_page(page, f"/duels/{duel}")
    expect(page.locator("#title")).to_have_text("Ana (Tin Sparrow) vs Ben (Brass Bulwark)")
    assert page.locator("#beat-select option").all_inner_texts() == [
        "Turn 1", "Turn 2", "Turn 3", "Turn 4"]
    page.select_option("#beat-select", label="Turn 2")
    expect(page.locator("#where")).to_contain_text("Turn 2 · Ben to act")
    expect(character(page, "brass-bulwark")).to_have_attribute("data-life", "50")
    expect(page.locator(".aob-waiting .options li").first).to_contain_text(
        "Brass Bulwark: Hammer on Tin Sparrow: 40 DP, free")
    page.keyboard.press("End")
    expect(page.locator(".aob-result")).to_contain_text("Ben wins")
    expect(character(page, "tin-sparrow").locator("details.aob-card li[data-move=gust]")).to_contain_text(
        "Gust 40 DP, 10 PP · distance DA-S")
    screenshot(page, "artobattlers-replay")


def ember_knight_against_mossjaw(site, page, table: str) -> str:
    """A simple duel of the sample characters, Ana's Ember Knight against Ben's Mossjaw,
    Ana to act (start dice 6-1), open in the console for a scorekeeper; its id."""
    setup = {"format": "simple_duel", "characters": "artobattlers-sample-v1", "rulings": {},
             "players": [{"name": "Ana"}, {"name": "Ben"}]}
    status, duel = site.post("/api/duels", {
        "format": "artobattlers-record/1", "ruleset": "artobattlers", "setup": setup,
        "decisions": [{"player": 0, "kind": "team", "characters": ["ember-knight"]},
                      {"player": 1, "kind": "team", "characters": ["mossjaw"]},
                      {"player": 0, "kind": "start_die", "value": 6},
                      {"player": 1, "kind": "start_die", "value": 1}],
        "event": "aob-tests", "table": table}, role="scorekeeper")
    assert status == 201, duel
    open_page(page, f"/duels/{duel['id']}/console")
    sign_in(page, site.tokens["scorekeeper"], "scorekeeper")
    page.wait_for_selector("body[data-ready=true]")
    return duel["id"]


def test_a_counterattack_a_force_challenge_and_a_manual_move_are_logged_by_clicking(
        site, page):
    """The replies the whole duel above never clicks (AS08b, AS25, A6): Ben's die 6 and his
    choice of Mossjaw's counterattack "3", Ana's green force challenge with Flame Combo and
    its dice duel, Ben's manual move 2 (Defense); then life, PP and the turn via the API."""
    duel = ember_knight_against_mossjaw(site, page, "aob-replies")
    clicked = [click(page, option(page, "Blade Rush on Mossjaw")), click(page, die(page, "Ben", 6))]
    expect(option(page, "Counterattack 5")).to_be_visible()
    clicked.append(click(page, option(page, "Counterattack 3: 50 DP")))
    expect(character(page, "ember-knight")).to_have_attribute("data-life", "250")
    clicked.append(click(page, option(page, "Pounce on Ember Knight")))
    clicked.append(click(page, option(page, "Green force challenge with Flame Combo")))
    clicked += [click(page, die(page, "Ana", 5)), click(page, die(page, "Ben", 2))]
    expect(character(page, "mossjaw")).to_have_attribute("data-life", "180")
    clicked.append(click(page, option(page, "Blade Rush on Mossjaw")))
    expect(option(page, "Manual move 4")).to_be_visible()
    clicked.append(click(page, option(page, "Manual move 2")))
    state = site.get(f"/api/duels/{duel}/state")
    ek = state["players"][0]["characters"]["ember-knight"]
    mj = state["players"][1]["characters"]["mossjaw"]
    assert (ek["life"], mj["life"], mj["power"]) == (240, 160, 20)
    assert (state["turn"], state["player_to_act"]) == (4, 1)
    assert [d["kind"] for d in clicked] == ["attack", "die", "counterattack", "attack",
                                            "force_challenge", "duel_die", "duel_die",
                                            "attack", "manual_move"]
    assert site.get(f"/api/duels/{duel}/record")["decisions"][4:] == clicked


def test_manual_move_3s_multiple_is_entered_in_its_form_and_checked_by_the_service(site, page):
    """Volt Wisp's nullify is described (any multiple while PP lasts, A6.9), not listed: a
    multiple too large is refused with its rule and nothing is recorded; 1 is recorded."""
    duel = at_manual_move_3(site, "aob-mm3")
    open_page(page, f"/duels/{duel}/console")
    sign_in(page, site.tokens["scorekeeper"], "scorekeeper")
    form = page.locator("#prompt-body form.described[data-kind=manual_move]")
    expect(form).to_contain_text("Manual move 3 (Nullify): 30 PP negate 50 DP per multiple")
    multiple = form.get_by_label("multiple (1–2)")
    multiple.fill("3")  # past the form's maximum: the service is the judge
    multiple.evaluate("el => el.removeAttribute('max')")
    form.locator("button[type=submit]").click()
    expect(page.locator("#banner")).to_contain_text("A6.9")
    assert len(site.get(f"/api/duels/{duel}/record")["decisions"]) == 5
    version = page.get_attribute("body", "data-version")
    multiple.fill("1")
    form.locator("button[type=submit]").click()
    page.wait_for_selector(f"body:not([data-version='{version}'])")
    assert site.get(f"/api/duels/{duel}/record")["decisions"][5] == {
        "player": 1, "kind": "manual_move", "number": 3, "multiple": 1, "pay": None}


def test_giving_up_and_rolling_for_the_players_are_recorded(site, page):
    duel = new_match(site, [{"player": 0, "kind": "team", "characters": ["tin-sparrow"]},
                            {"player": 1, "kind": "team", "characters": ["brass-bulwark"]}],
                     table="aob-roll")
    open_page(page, f"/duels/{duel}/console")
    sign_in(page, site.tokens["scorekeeper"], "scorekeeper")
    # A random draw for Ana: shown, then recorded as Ana's start die once confirmed.
    version = page.get_attribute("body", "data-version")
    page.click("#prompt-body .aob-random summary")
    expect(page.locator("#prompt-body button.roll")).to_have_text(
        ["Draw a random die for Ana…", "Draw a random die for Ben…"])
    page.click("#prompt-body button.roll[data-roll='0']")
    page.click("#prompt-body button.roll-confirm")
    page.wait_for_selector(f"body:not([data-version='{version}'])")
    rolled = site.get(f"/api/duels/{duel}/record")["decisions"][-1]
    assert rolled["kind"] == "start_die" and rolled["player"] == 0 and 1 <= rolled["value"] <= 6
    page.click("#prompt-body .aob-random summary")
    expect(page.locator("#prompt-body button.roll")).to_have_text(["Draw a random die for Ben…"])
    expect(page.locator("#feed")).to_contain_text(f"Ana rolls {rolled['value']} for the start.")
    page.click("details.concede summary")
    page.locator("#concede button", has_text="Ben (Brass Bulwark) gives up…").click()
    version = page.get_attribute("body", "data-version")
    page.locator("#concede button", has_text="Yes, Ben gives up").click()
    page.wait_for_selector(f"body:not([data-version='{version}'])")
    expect(page.locator(".aob-result")).to_have_text("Ana wins (a player gave up).")
    state = site.get(f"/api/duels/{duel}/state")
    assert (state["winner"], state["end_reason"]) == (0, "give_up")


def test_a_match_is_created_from_the_form_with_a_character_imported_there(site, page, tmp_path):
    open_page(page, "/duels/new?ruleset=artobattlers")
    sign_in(page, site.tokens["scorekeeper"], "scorekeeper")
    expect(page.locator("select[name=character-0]")).to_be_visible()
    # A wrong file is refused, naming the field; nothing is imported.
    bad = {"schema_version": 1, "ruleset": "artobattlers", "characters": own_characters("form-")}
    bad["characters"][0]["attack_moves"][0]["dp"] = -1
    (tmp_path / "bad.json").write_text(json.dumps(bad))
    page.set_input_files("input[name=character-file]", str(tmp_path / "bad.json"))
    page.click("button.import")
    expect(page.locator(".aob-import .field-errors li")).to_contain_text(
        ["characters[0].attack_moves[0].dp: characters[0].attack_moves[0].dp: -1 is less than "
         "the minimum of 0"])
    assert "form-tin-sparrow" not in json.dumps(site.get("/api/rulesets/artobattlers/characters"))
    good = {**bad, "characters": own_characters("form-")}
    (tmp_path / "good.json").write_text(json.dumps(good))
    page.set_input_files("input[name=character-file]", str(tmp_path / "good.json"))
    page.click("button.import")
    expect(page.locator(".aob-import .entered")).to_have_text("Imported: Tin Sparrow, Brass Bulwark.")
    expect(page.locator("select[name=character-0]")).to_have_value("imported:form-tin-sparrow")
    page.select_option("select[name=character-1]", "sample:gearback")
    page.fill("input[name=name-0]", "Cleo")
    page.fill("input[name=name-1]", "Dov")
    page.click(".aob-rulings-form summary")
    page.select_option("select[name=ruling-AG4]", "round_down")
    page.fill("input[name=table]", "aob-form")
    screenshot(page, "artobattlers-new")
    page.click("#new-duel button[type=submit]")
    page.wait_for_url("**/console")
    page.wait_for_selector("body[data-ready=true]")
    duel = page.url.split("/duels/")[1].split("/")[0]
    expect(character(page, "form-tin-sparrow")).to_have_attribute("data-life", "60")
    expect(character(page, "gearback")).to_have_attribute("data-life", "400")
    expect(die(page, "Cleo", 1)).to_be_visible()
    record = site.get(f"/api/duels/{duel}/record")
    assert [c["id"] for c in record["setup"]["characters"]] == ["form-tin-sparrow", "gearback"]
    assert record["setup"]["characters"][0] == good["characters"][0] | {"sample": False}
    assert record["setup"]["rulings"]["AG4"] == "round_down"
    assert record["decisions"] == [{"player": 0, "kind": "team", "characters": ["form-tin-sparrow"]},
                                   {"player": 1, "kind": "team", "characters": ["gearback"]}]


def test_the_form_offers_the_samples_and_the_characters_imported_before(site, page):
    """Characters imported through the API (as `judge characters import` stores them) are
    offered beside the four samples when the form opens, and a match uses one."""
    doc = {"schema_version": 1, "ruleset": "artobattlers", "characters": own_characters("api-")}
    status, body = site.post("/api/rulesets/artobattlers/characters", doc, role="scorekeeper")
    assert status == 201, body
    open_page(page, "/duels/new?ruleset=artobattlers")
    sign_in(page, site.tokens["scorekeeper"], "scorekeeper")
    select = page.locator("select[name=character-1]")
    expect(select.locator("optgroup[label='Imported characters'] option[value='imported:"
                          "api-brass-bulwark']")).to_have_text("Brass Bulwark (80 LP, STAY)")
    samples = select.locator("optgroup[label^='Sample characters'] option").evaluate_all(
        "options => options.map(o => o.value)")
    assert samples == ["sample:ember-knight", "sample:gearback", "sample:volt-wisp",
                       "sample:mossjaw"]
    page.select_option("select[name=character-0]", "sample:volt-wisp")
    page.select_option("select[name=character-1]", "imported:api-brass-bulwark")
    page.fill("input[name=table]", "aob-form-imported")
    page.click("#new-duel button[type=submit]")
    page.wait_for_url("**/console")
    duel = page.url.split("/duels/")[1].split("/")[0]
    record = site.get(f"/api/duels/{duel}/record")
    assert [c["id"] for c in record["setup"]["characters"]] == ["volt-wisp", "api-brass-bulwark"]
    assert record["setup"]["characters"][1]["name"] == "Brass Bulwark"


def test_the_list_filters_by_game(site, page):
    duel = new_match(site, table="aob-list")
    open_page(page, "/?table=aob-list")
    row = page.locator(f"#duels tbody tr[data-duel='{duel}']")
    expect(row.locator("td.game")).to_have_text(TITLE)
    expect(row.locator("td").first).to_have_text("Ana vs Ben")
    open_page(page, "/")
    page.select_option("select[name=ruleset]", "artobattlers")
    page.click("#filters button[type=submit]")
    expect(page).to_have_url(re.compile(r"ruleset=artobattlers"))
    expect(page.locator(f"#duels tbody tr[data-duel='{duel}']")).to_be_visible()
    rulesets = page.locator("#duels tbody tr").evaluate_all("rows => rows.map(r => r.dataset.ruleset)")
    assert rulesets and set(rulesets) == {"artobattlers"}
    expect(page.locator("#count")).to_have_text(
        f"{site.get('/api/duels?ruleset=artobattlers')['total']} duel"
        f"{'' if site.get('/api/duels?ruleset=artobattlers')['total'] == 1 else 's'}")
    page.select_option("select[name=ruleset]", "battlecon-2014")
    page.click("#filters button[type=submit]")
    expect(page.locator(f"#duels tbody tr[data-duel='{duel}']")).to_have_count(0)
    rulesets = page.locator("#duels tbody tr").evaluate_all("rows => rows.map(r => r.dataset.ruleset)")
    assert rulesets and set(rulesets) == {"battlecon-2014"}
    screenshot(page, "artobattlers-list-filter")


ADVANCE_SETUP = {"format": "advance_play", "level_globe_total": 10,
                 "characters": "artobattlers-sample-v1", "rulings": {},
                 "players": [{"name": "Ana"}, {"name": "Ben"}]}


def exact(page, decision: dict):
    """The console's button for exactly this decision (two side attacks may read alike
    and differ only in how the lead is paid)."""
    buttons = page.locator("#prompt-body .choices button[data-option]")
    for k in range(buttons.count()):
        if json.loads(buttons.nth(k).get_attribute("data-option")) == decision:
            return buttons.nth(k)
    raise AssertionError(f"no button for {decision}")


def test_an_advance_play_turn_with_a_side_attack_is_logged_by_clicking(site, page):
    """AS31's first row in the console: both layouts, the start dice, Ben's placement
    review, his side attack (Mossjaw leads with Thorn Volley paying LP, Volt Wisp joins with
    Static Lash) and Ana's die; then who attacked whom, life, PP and zones through the API
    and on the page."""
    status, duel = site.post("/api/duels", {
        "format": "artobattlers-record/1", "ruleset": "artobattlers", "setup": ADVANCE_SETUP,
        "decisions": [{"player": 0, "kind": "team", "characters": ["ember-knight", "gearback"]},
                      {"player": 1, "kind": "team", "characters": ["mossjaw", "volt-wisp"]}],
        "event": "aob-tests", "table": "aob-side"}, role="scorekeeper")
    assert status == 201, duel
    duel = duel["id"]
    open_page(page, f"/duels/{duel}/console")
    sign_in(page, site.tokens["scorekeeper"], "scorekeeper")
    # The layouts are described, not listed: a form per player, a row per character.
    expect(placement_form(page, "Ana: lay out the team")).to_contain_text("(3 legal choices)")
    laid = [lay_out(site, page, duel, "Ana: lay out the team", {"ember-knight": "battle", "gearback": "battle"}),
            lay_out(site, page, duel, "Ben: lay out the team", {"mossjaw": "battle", "volt-wisp": "inactive"})]
    assert laid == [{"player": 0, "kind": "placement", "battle_zone": ["ember-knight", "gearback"],
                     "inactive_zone": []},
                    {"player": 1, "kind": "placement", "battle_zone": ["mossjaw"],
                     "inactive_zone": ["volt-wisp"]}]
    click(page, die(page, "Ana", 1))
    click(page, die(page, "Ben", 6))
    expect(page.locator("#where")).to_contain_text("Turn 1 · Ben to act")
    # The placement review first (A21.4): the form starts from the zones as they stand, and
    # Volt Wisp comes to the battle zone.
    form = placement_form(page, "Ben: review the placement")
    expect(form.get_by_label("Volt Wisp: inactive zone")).to_be_checked()
    lay_out(site, page, duel, "Ben: review the placement", {"volt-wisp": "battle"})
    expect(character(page, "volt-wisp").locator("xpath=ancestor::section[1]")).to_have_attribute(
        "data-zone", "battle")
    side = {"player": 1, "kind": "side_attack", "target": "ember-knight",
            "lead": {"character": "mossjaw", "move": "thorn-volley", "pay": "lp",
                     "sacrifice": False},
            "joining": {"character": "volt-wisp", "move": "static-lash", "pay": None,
                        "sacrifice": False}}
    button = exact(page, side)
    expect(button).to_have_text("Side attack on Ember Knight: Mossjaw's Thorn Volley led, "
                                "Volt Wisp's Static Lash joining")
    expect(page.locator("#prompt-body [aria-label='Side attacks']")).to_be_visible()
    click(page, button)
    expect(page.locator(".aob-attack [data-part=attack]")).to_contain_text(
        "Mossjaw (Ben) on Ember Knight: Thorn Volley (lead attack)")
    click(page, die(page, "Ana", 2))
    # Through the API: the side attack and its joining Direct Hit, life, PP and zones.
    state = site.get(f"/api/duels/{duel}/state")
    ana, ben = state["players"]
    assert (state["turn"], state["player_to_act"], state["prompt"]["kind"]) == (2, 0, "placement")
    assert ana["characters"]["ember-knight"]["life"] == 250
    assert (ben["characters"]["mossjaw"]["life"], ben["characters"]["volt-wisp"]["power"]) == (
        240, 70)
    assert (ben["battle_zone"], ben["inactive_zone"]) == (["mossjaw", "volt-wisp"], [])
    assert (ana["battle_zone"], ana["inactive_zone"]) == (["ember-knight", "gearback"], [])
    events = site.get(f"/api/duels/{duel}/events?after=0&limit=1000")["events"]
    announced = next(e for e in events if e["type"] == "SideAttackAnnounced")
    joined = next(e for e in events if e["type"] == "JoiningAttackMade")
    assert (announced["data"]["player"], announced["data"]["target"],
            announced["data"]["lead"]["character"]) == (1, "ember-knight", "mossjaw")
    assert (joined["data"]["character"], joined["data"]["target"], joined["data"]["dp"]) == (
        "volt-wisp", "ember-knight", 10)
    record = site.get(f"/api/duels/{duel}/record")["decisions"]
    assert side in record
    # On the page: Ember Knight's LP, the feed's sentences, Ana to review next.
    expect(character(page, "ember-knight")).to_have_attribute("data-life", "250")
    expect(character(page, "volt-wisp")).to_have_attribute("data-power", "70")
    feed = page.locator("#feed")
    expect(feed).to_contain_text("Ben makes a side attack on Ember Knight: Mossjaw leads with "
                                 "Thorn Volley, paying LP; Volt Wisp joins with Static Lash.")
    expect(feed).to_contain_text("Volt Wisp joins with Static Lash: a Direct Hit of 10 DP on "
                                 "Ember Knight, with no reply.")
    expect(page.locator("#where")).to_contain_text("Turn 2 · Ana to act")


def test_an_advance_play_team_is_built_in_its_form(site, page):
    """The Advance Play team prompt is described (cards, copies allowed, level globes adding
    up to the total, AG26): a number box per card; a team of 11 globes is refused with its
    rule, then Ember Knight and Gearback (5 + 5) are recorded as Ana's team."""
    status, duel = site.post("/api/duels", {
        "format": "artobattlers-record/1", "ruleset": "artobattlers", "setup": ADVANCE_SETUP,
        "decisions": [], "event": "aob-tests", "table": "aob-team"}, role="scorekeeper")
    assert status == 201, duel
    duel = duel["id"]
    open_page(page, f"/duels/{duel}/console")
    sign_in(page, site.tokens["scorekeeper"], "scorekeeper")
    form = page.locator("#prompt-body form.described[aria-label^='Ana: build a team']")
    expect(form).to_contain_text("(4 legal choices)")
    form.get_by_label("Ember Knight (5)").fill("1")
    form.get_by_label("Mossjaw (6)").fill("1")
    form.locator("button[type=submit]").click()
    expect(page.locator("#banner")).to_contain_text("AG26")
    version = page.get_attribute("body", "data-version")
    form.get_by_label("Mossjaw (6)").fill("0")
    form.get_by_label("Gearback (5)").fill("1")
    form.locator("button[type=submit]").click()
    page.wait_for_selector(f"body:not([data-version='{version}'])")
    assert site.get(f"/api/duels/{duel}/record")["decisions"] == [
        {"player": 0, "kind": "team", "characters": ["ember-knight", "gearback"]}]


def test_a_crowded_turn_action_is_entered_in_its_attack_form(site, page):
    """Six one-globe characters a side, all in the battle zone: the turn action describes
    its attacks (a form per move and payment: which character, on which target) and its
    side attacks; an attack filled in there is recorded as the decision."""
    from tests.artobattlers.test_harness_cards import card
    chars = [card("volt-wisp", "wisp-one", level_globes=1),
             card("gearback", "gear-one", level_globes=1)]
    wisps = ["wisp-one"] + [f"wisp-one#{n}" for n in range(2, 7)]
    gears = ["gear-one"] + [f"gear-one#{n}" for n in range(2, 7)]
    status, duel = site.post("/api/duels", {
        "format": "artobattlers-record/1", "ruleset": "artobattlers",
        "setup": {**ADVANCE_SETUP, "level_globe_total": 6, "characters": chars},
        "decisions": [{"player": 0, "kind": "team", "characters": ["wisp-one"] * 6},
                      {"player": 1, "kind": "team", "characters": ["gear-one"] * 6},
                      {"player": 0, "kind": "placement", "battle_zone": wisps},
                      {"player": 1, "kind": "placement", "battle_zone": gears},
                      {"player": 0, "kind": "start_die", "value": 6},
                      {"player": 1, "kind": "start_die", "value": 1},
                      {"player": 0, "kind": "placement", "battle_zone": wisps}],
        "event": "aob-tests", "table": "aob-crowded"}, role="scorekeeper")
    assert status == 201, duel
    duel = duel["id"]
    open_page(page, f"/duels/{duel}/console")
    sign_in(page, site.tokens["scorekeeper"], "scorekeeper")
    expect(page.locator("#prompt-body form.described[data-kind=side_attack]")).to_be_visible()
    form = page.locator("#prompt-body form.described[aria-label^='Attack with Spark Needle']")
    expect(form).to_contain_text("(36 legal choices)")
    form.locator("select[data-field=character]").select_option(label="Wisp One #3")
    form.locator("select[data-field=target]").select_option(label="Gear One #5")
    version = page.get_attribute("body", "data-version")
    form.locator("button[type=submit]").click()
    page.wait_for_selector(f"body:not([data-version='{version}'])")
    assert site.get(f"/api/duels/{duel}/record")["decisions"][-1] == {
        "player": 0, "kind": "attack", "character": "wisp-one#3", "striker": False,
        "move": "spark-needle", "target": "gear-one#5", "pay": None, "sacrifice": False}


def placement_form(page, title: str):
    return page.locator(f"#prompt-body form.described[aria-label^='{title}']")


def lay_out(site, page, duel: str, title: str, zones: dict[str, str]) -> dict:
    """Fill a described placement's form (a radio per character: battle or inactive zone),
    send it, wait for the next version; the decision as recorded."""
    version = page.get_attribute("body", "data-version")
    form = placement_form(page, title)
    names = {"ember-knight": "Ember Knight", "gearback": "Gearback", "mossjaw": "Mossjaw",
             "volt-wisp": "Volt Wisp"}
    for ident, zone in zones.items():
        form.get_by_label(f"{names[ident]}: {zone} zone").check()
    form.locator("button[type=submit]").click()
    page.wait_for_selector(f"body:not([data-version='{version}'])")
    return site.get(f"/api/duels/{duel}/record")["decisions"][-1]


def chart_points(page, i: int) -> list[tuple[float, float]]:
    line = page.locator("#life-chart polyline").nth(i)
    return [tuple(map(float, p.split(","))) for p in line.get_attribute("points").split()]


def test_the_life_chart_plots_each_players_lp_at_every_turn_end(site, page):
    """The replay's life chart (the shared component, BattleCON's): one point at the start
    of turn 1 (the teams at their starting LP) and one per ended turn, each at the height of the player's LP (all characters together)
    in the API's state at that event, on the scale the chart's axis labels give."""
    duel = new_match(site, [
        {"player": 0, "kind": "team", "characters": ["tin-sparrow"]},
        {"player": 1, "kind": "team", "characters": ["brass-bulwark"]},
        {"player": 0, "kind": "start_die", "value": 5}, {"player": 1, "kind": "start_die", "value": 1},
        {"player": 0, "kind": "attack", "character": "tin-sparrow", "move": "peck",
         "target": "brass-bulwark"},
        {"player": 1, "kind": "die", "value": 1},
        {"player": 1, "kind": "attack", "character": "brass-bulwark", "move": "hammer",
         "target": "tin-sparrow"},
        {"player": 0, "kind": "die", "value": 1}], table="aob-chart")
    total = site.get(f"/api/duels/{duel}")["version"]
    open_page(page, f"/duels/{duel}?at={total}")
    expect(page.locator("#chart-title")).to_have_text("Life over the turns")
    expect(page.locator("#life-chart polyline")).to_have_count(2)
    events = site.get(f"/api/duels/{duel}/events?after=0&limit=1000")["events"]
    first = next(e["event"] for e in events if e["type"] == "TurnStarted")  # starting LP
    marks = [first] + [e["event"] for e in events if e["type"] == "TurnEnded"]
    marks += [] if marks[-1] == total else [total]
    labels = page.locator("#life-chart text.axis[text-anchor=end]").evaluate_all(
        "els => els.map(e => e.textContent)")
    top = max(int(t) for t in labels if t.isdigit())
    for i in (0, 1):
        points = chart_points(page, i)
        assert len(points) == len(marks) == 4  # the start, two turn ends, the last event
        for (_, y), n in zip(points, marks, strict=True):
            player = site.get(f"/api/duels/{duel}/state?at={n}")["players"][i]
            life = sum(c["life"] for c in player["characters"].values())
            assert y == pytest.approx(10 + (1 - life / top) * 142)
    xs = [x for x, _ in chart_points(page, 0)]
    assert xs == sorted(set(xs))  # turns 0, 1, 2 and 3 (the turn begun), left to right
    expect(page.locator("#life-chart svg")).to_have_attribute(
        "aria-label", re.compile(r"^LP over the turns: Ana \(LP\) \d+, Ben \(LP\) \d+$"))
    page.locator(".chart").screenshot(path=str(screenshot(page, "artobattlers-replay-chart")))  # the chart alone


def test_teaching_mode_asks_what_a_reply_die_does_before_showing_it(site, page):
    """AS34 in teaching mode: stepping onto Ben's reply die asks whether a 4 against Spark
    Needle on the STAY chart hits, defends, resists, escapes or counters before the row
    says so (A4.2); the right answer shows the decision with its reading."""
    from tests.api.test_artobattlers_api import AS34, SETUP

    status, duel = site.post("/api/duels", {
        "format": "artobattlers-record/1", "ruleset": "artobattlers", "setup": SETUP,
        "decisions": AS34, "event": "aob-tests", "table": "teach"}, role="scorekeeper")
    assert status == 201, duel
    events = site.get(f"/api/duels/{duel['id']}/events?after=0&limit=1000")["events"]
    die_row = next(e for e in events if e.get("question"))
    open_page(page, f"/duels/{duel['id']}?at={die_row['event'] - 1}")
    page.check("#teaching")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#question-text")).to_have_text(
        "P1 rolls a 4 on the STAY chart against Spark Needle: does this reply hit, defend, "
        "resist, escape or counter?")
    expect(page.locator("#position")).to_have_text(str(die_row["event"] - 1))
    expect(page.locator("#events")).not_to_contain_text("answers with a die: 4")
    page.locator("#question-answers button", has_text="Hit").click()
    expect(page.locator("#question")).to_have_attribute("data-verdict", "right")
    expect(page.locator("#question-text")).to_contain_text(
        "P1 answers with a die: 4 — a Hit on the STAY chart: the full DP (A4.4).")
    expect(page.locator("#position")).to_have_text(str(die_row["event"]))


def test_a_chains_extra_attack_is_offered_and_logged_by_clicking(site, page):
    """AS20 in the console: Ember Knight's Twin Slash (a chain move) fully succeeds on
    Mossjaw (die 1: 250 → 220), so the console offers Ana the extra attack on the same
    target: every payable move but the chain move itself, or declining it (A14.4, A14.6).
    Its button says Flame Combo counts 60 DP there (80 printed; Damp Hide counts it 20 less).
    She clicks it (EK 300 → 280); Ben's die 2
    takes Mossjaw to 160 and, the extra attack being no chain move, the turn passes to Ben
    (A14.9); then life, PP, the turn and the record through the API."""
    duel = ember_knight_against_mossjaw(site, page, "aob-chain")
    # A button says what the move counts against its target: Damp Hide's 20 less (A18.2).
    expect(option(page, "Flame Combo on Mossjaw")).to_have_text(
        "Ember Knight: Flame Combo on Mossjaw: 60 DP (80 printed; Damp Hide: a FIRE move "
        "counts 20 less), 20 LP · green force challenge · fire")
    expect(option(page, "Twin Slash on Mossjaw")).to_contain_text("Twin Slash on Mossjaw: 30 DP,")
    clicked = [click(page, option(page, "Twin Slash on Mossjaw")), click(page, die(page, "Ben", 1))]
    expect(character(page, "mossjaw")).to_have_attribute("data-life", "220")
    extra = page.locator("#prompt-body .choices button[data-kind=extra_attack]")
    moves = [json.loads(o)["move"] for o in
             (extra.nth(k).get_attribute("data-option") for k in range(extra.count()))]
    assert moves == ["blade-rush", "pommel-strike", "flame-combo", "searing-brand",
                     "searing-brand", "ember-shot", "inferno-lance"]  # no Twin Slash again
    expect(extra.filter(has_text="Flame Combo on Mossjaw")).to_have_text(
        "Extra attack: Flame Combo on Mossjaw: 60 DP (80 printed; Damp Hide: a FIRE move "
        "counts 20 less), 20 LP · green force challenge · fire")
    expect(option(page, "Decline the extra attack")).to_be_visible()
    screenshot(page, "artobattlers-extra-attack")
    clicked.append(click(page, extra.filter(has_text="Flame Combo on Mossjaw")))
    expect(character(page, "ember-knight")).to_have_attribute("data-life", "280")
    expect(page.locator(".aob-attack")).to_contain_text("60 DP against this target")
    clicked.append(click(page, die(page, "Ben", 2)))
    expect(character(page, "mossjaw")).to_have_attribute("data-life", "160")
    expect(page.locator("#where")).to_contain_text("Turn 2 · Ben to act")
    expect(page.locator("#prompt-body .choices button[data-kind=extra_attack]")).to_have_count(0)
    state = site.get(f"/api/duels/{duel}/state")
    ek = state["players"][0]["characters"]["ember-knight"]
    mj = state["players"][1]["characters"]["mossjaw"]
    assert (ek["life"], ek["power"], mj["life"]) == (280, 40, 160)
    assert (state["turn"], state["player_to_act"]) == (2, 1)
    assert [(d["kind"], d.get("move")) for d in clicked] == [
        ("attack", "twin-slash"), ("die", None), ("extra_attack", "flame-combo"), ("die", None)]
    assert site.get(f"/api/duels/{duel}/record")["decisions"][4:] == clicked


def test_a_free_card_text_is_answered_in_its_form_and_quoted_in_the_narrative(site, page):
    """Howler's note (issue 33 item 1) applies when Drain Beam is declared: the console
    shows the card's text and a form of the engine's outcomes; the table's answer is
    recorded and the narrative quotes the text beside it."""
    from tests.artobattlers.test_free_text import NOTE, ek, howler
    card = howler()
    card["id"] = "howler-web"
    status, duel = site.post("/api/duels", {
        "format": "artobattlers-record/1", "ruleset": "artobattlers",
        "setup": {"format": "simple_duel", "characters": [card, ek()], "rulings": {},
                  "players": [{"name": "Ana"}, {"name": "Ben"}]},
        "decisions": [{"player": 0, "kind": "team", "characters": ["howler-web"]},
                      {"player": 1, "kind": "team", "characters": ["ember-knight"]},
                      {"player": 0, "kind": "start_die", "value": 6},
                      {"player": 1, "kind": "start_die", "value": 1},
                      {"player": 0, "kind": "attack", "character": "howler-web",
                       "striker": False, "move": "drain-beam", "target": "ember-knight",
                       "pay": None, "sacrifice": False}],
        "event": "aob-tests", "table": "aob-free-text"}, role="scorekeeper")
    assert status == 201, duel
    duel = duel["id"]
    open_page(page, f"/duels/{duel}/console")
    sign_in(page, site.tokens["scorekeeper"], "scorekeeper")
    expect(page.locator("#prompt-body")).to_contain_text(NOTE)
    form = page.locator("#prompt-body form.described[data-kind=card_text]")
    expect(form).to_contain_text("What the card text does (both players agree)")
    form.locator("select[data-field=outcome]").select_option(label="life")
    form.locator("select[data-field=character]").select_option(label="Ember Knight")
    form.locator("input[data-field=amount]").fill("-20")
    version = page.get_attribute("body", "data-version")
    form.locator("button[type=submit]").click()
    page.wait_for_selector(f"body:not([data-version='{version}'])")
    assert site.get(f"/api/duels/{duel}/record")["decisions"][5] == {
        "player": 0, "kind": "card_text", "agreed": [0, 1], "outcome": "life",
        "character": "ember-knight", "amount": -20}
    state = site.get(f"/api/duels/{duel}/state")
    assert state["players"][1]["characters"]["ember-knight"]["life"] == 280
    screenshot(page, "aob-free-text-answered")
