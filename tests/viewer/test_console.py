"""The scorekeeper console: a new duel from the form, a full beat recorded by clicking
only the offered options, the record checked through the API; conflicts said plainly."""

from __future__ import annotations

import json
import random

import pytest
from playwright.sync_api import expect

from judge.battlecon import Duel
from judge.battlecon.playout import choose, record_setup
from tests.viewer.conftest import open_page, screenshot, sign_in

pytestmark = pytest.mark.usefixtures("chromium_path")


def create_in_form(page, site, table: str, fighters=("hikaru", "khadath")) -> str:
    open_page(page, "/duels/new")
    sign_in(page, site.tokens["scorekeeper"], "scorekeeper")
    page.select_option("select[name=fighter-0]", fighters[0])
    page.select_option("select[name=fighter-1]", fighters[1])
    page.fill("input[name=event]", "Browser Open")
    page.fill("input[name=round]", "2")
    page.fill("input[name=table]", table)
    page.click("#new-duel button[type=submit]")
    page.wait_for_url("**/console")
    page.wait_for_selector("body[data-ready=true]")
    return page.url.split("/duels/")[1].split("/")[0]


def click_first_option(page) -> dict:
    """Click the first legal option the console offers; return the decision it stands for."""
    version = page.get_attribute("body", "data-version")
    secret = page.locator("#prompt-body .secret")
    if secret.count():
        player = int(secret.get_attribute("data-player"))
        styles = page.locator("#prompt-body [data-style]")
        if styles.count():
            style = styles.first.get_attribute("data-style")
            styles.first.click()
            base_button = page.locator("#prompt-body [data-base]").first
            base = base_button.get_attribute("data-base")
            base_button.click()
            page.click("#prompt-body button.primary")
            decision = {"player": player, "kind": "attack_pair", "style": style, "base": base}
        else:
            base_button = page.locator("#prompt-body [data-base]").first
            decision = {"player": player, "kind": "clash_base",
                        "base": base_button.get_attribute("data-base")}
            base_button.click()
    else:
        option = page.locator("#prompt-body [data-option]").first
        decision = json.loads(option.get_attribute("data-option"))
        option.click()
    page.wait_for_selector(f"body:not([data-version='{version}'])")
    return decision


def test_new_duel_form_preselects_the_printed_discards(site, page):
    fighters = {f["id"]: f for f in site.get("/api/fighters")["fighters"]}
    open_page(page, "/duels/new")
    page.select_option("select[name=fighter-1]", "cadenza")
    (s1, b1), (s2, b2) = fighters["cadenza"]["default_discards"]
    assert page.input_value("select[name=d1-style-1]") == s1
    assert page.input_value("select[name=d1-base-1]") == b1
    assert page.input_value("select[name=d2-style-1]") == s2
    assert page.input_value("select[name=d2-base-1]") == b2
    # Only the fighter's own cards are offered.
    styles = page.locator("select[name=d1-style-1] option").all_inner_texts()
    assert styles == [c["name"] for c in fighters["cadenza"]["styles"]]


def test_record_a_full_beat_by_clicking_the_offered_options(site, page):
    duel = create_in_form(page, site, "browser-beat")
    summary = site.get(f"/api/duels/{duel}")
    assert summary["labels"] == {"event": "Browser Open", "round": "2", "table": "browser-beat"}
    assert [p["fighter"] for p in summary["players"]] == ["hikaru", "khadath"]
    setup = site.get(f"/api/duels/{duel}/record")
    assert setup["options"]["special_actions"] is True and setup["options"]["time_limit"] is True
    assert setup["options"]["ante_finishers"] is False
    clicked = []
    for _ in range(40):
        state = site.get(f"/api/duels/{duel}/state")
        if state["beat"] >= 2 or state["over"]:
            break
        # Secret selections: the first pair entered is never shown until both are in.
        if clicked and clicked[-1]["kind"] == "attack_pair" and state["prompt"]["kind"] == \
                "attack_pair":
            expect(page.locator("#prompt-body .entered")).to_contain_text("face down")
            first = clicked[-1]
            assert page.locator(f"#player-{first['player']} [data-pair=face-down]").inner_text() \
                == "Face down"
            assert page.locator(f"#player-{first['player']} [data-zone=hand]").inner_text() == \
                "hidden during the secret selection"
        clicked.append(click_first_option(page))
        # The resulting facts appear at once in the feed.
        expect(page.locator("#feed li").first).to_be_visible()
    state = site.get(f"/api/duels/{duel}/state")
    assert state["beat"] == 2, "a whole beat was recorded"
    record = site.get(f"/api/duels/{duel}/record")
    assert record["decisions"] == clicked
    # The board shows the API's positions.
    for i, p in enumerate(state["players"]):
        standup = page.locator(f"#board .standup[data-player='{i}']")
        assert standup.get_attribute("data-space") == str(p["space"])
        assert standup.get_attribute("data-life") == str(p["life"])
    feed = page.locator("#feed li").all_inner_texts()
    assert any("Beat 2 begins" in text for text in feed)
    screenshot(page, "console")


def test_movement_destinations_are_highlighted_spaces(site, page):
    duel = create_in_form(page, site, "browser-move")
    for _ in range(40):
        prompt = site.get(f"/api/duels/{duel}/state")["prompt"]
        if prompt["kind"] == "move":
            break
        click_first_option(page)
    else:
        pytest.skip("no movement choice came up in this line of play")
    spaces = sorted(o["to"] for o in prompt["options"])
    offered = sorted(int(b.get_attribute("data-space")) for b in
                     page.locator("#board button.space.choice").all())
    assert offered == spaces
    target = spaces[-1]
    version = page.get_attribute("body", "data-version")
    page.click(f"#board button.space[data-space='{target}']")
    # Stored before anything is read back (the standup may already stand on the target).
    page.wait_for_selector(f"body:not([data-version='{version}'])")
    expect(page.locator(f"#board .standup[data-player='{prompt['players'][0]}']")) \
        .to_have_attribute("data-space", str(target))
    record = site.get(f"/api/duels/{duel}/record", role="scorekeeper")
    assert record["decisions"][-1] == {"player": prompt["players"][0], "kind": "move",
                                       "to": target}


def test_a_conflict_is_said_plainly_and_the_page_catches_up(site, page):
    page.clock.install()  # the page's 5-second catch-up poll must not run first
    # Nor its live stream (which would move it on at once): a console whose stream has not
    # brought the other decision yet, as on a slow link (tests/viewer/test_live_follow.py
    # shows the console following).
    page.route("**/api/duels/*/stream", lambda route: route.abort())
    duel = create_in_form(page, site, "browser-conflict")
    state = site.get(f"/api/duels/{duel}/state")
    option = state["prompt"]["options"][0]
    status, _ = site.post(f"/api/duels/{duel}/decisions", option, role="scorekeeper",
                          headers={"If-Match": str(state["event"])})
    assert status == 201
    stale = page.get_attribute("body", "data-version")
    # The page still offers the old prompt; choosing from it is refused with 409.
    page.locator("#prompt-body [data-style]").first.click()
    page.locator("#prompt-body [data-base]").first.click()
    page.click("#prompt-body button.primary")
    expect(page.locator("#banner")).to_contain_text("Someone else recorded a decision first")
    page.wait_for_selector(f"body:not([data-version='{stale}'])")
    now = site.get(f"/api/duels/{duel}")
    assert page.get_attribute("body", "data-version") == str(now["version"])
    # Only the API's decision is in the record.
    assert site.get(f"/api/duels/{duel}/record", role="scorekeeper")["decisions"] == [option]


def test_console_is_read_only_without_a_scorekeeper_token(site, page):
    duel = site.demo("comic-beat-1")
    open_page(page, f"/duels/{duel}/console")
    expect(page.locator("#console-hint")).to_be_visible()
    buttons = page.locator("#prompt-body button")
    assert buttons.count() > 0
    for b in buttons.all():
        assert b.is_disabled()
    sign_in(page, site.tokens["judge"], "judge")
    expect(page.locator("#console-hint")).to_be_visible()
    sign_in_again = page.locator("#session-signout")
    sign_in_again.click()
    sign_in(page, site.tokens["scorekeeper"], "scorekeeper")
    expect(page.locator("#console-hint")).to_be_hidden()
    assert page.locator("#prompt-body button").first.is_enabled()


def order_point() -> tuple[dict, dict]:
    """A record that waits on Hikaru's choice of order for two effects (R18.5)."""
    rng = random.Random(1)
    duel = Duel.from_record(record_setup("hikaru", "khadath", rng=random.Random(1)))
    while not duel.over:
        prompt = duel.prompt
        if prompt["kind"] == "order":
            return duel.to_record(), prompt
        duel.decide(choose(duel, rng, order_rate=0))
    raise AssertionError("no order asked in this line of play")


def test_trigger_order_is_asked_and_the_beat_waits_for_it(site, page):
    """Only the order is offered, the printed one first and marked; whose choice it is is
    said; nothing of the next decision shows until the order is recorded (issue 14, 1)."""
    record, prompt = order_point()
    record["labels"] = {"event": "browser-tests", "table": "order"}
    status, duel = site.post("/api/duels", record, role="scorekeeper")
    assert status == 201
    open_page(page, f"/duels/{duel['id']}/console")
    sign_in(page, site.tokens["scorekeeper"], "scorekeeper")
    printed = prompt["order"]["effects"]
    chooser = prompt["players"][0]
    name = site.get(f"/api/duels/{duel['id']}/state")["players"][chooser]["name"]
    expect(page.locator("#prompt-body h3")).to_contain_text(f"{name} (")
    expect(page.locator("#prompt-body h3")).to_contain_text("orders these effects")
    buttons = page.locator("#prompt-body .choices button")
    expect(buttons).to_have_count(len(prompt["options"]))
    expect(buttons.first).to_contain_text("Keep the printed order")
    assert json.loads(buttons.first.get_attribute("data-option"))["effects"] == printed
    expect(page.locator("#prompt-body .secret")).to_have_count(0)  # no attack-pair form yet
    screenshot(page, "console-order-mid-beat")  # the beat waits on the order (issue 14, 1)
    version = page.get_attribute("body", "data-version")
    buttons.nth(1).click()
    page.wait_for_selector(f"body:not([data-version='{version}'])")
    decisions = site.get(f"/api/duels/{duel['id']}/record")["decisions"]
    assert decisions[-1] == {"player": chooser, "kind": "order",
                             "effects": prompt["options"][1]["effects"]}
    expect(page.locator("#feed li[data-type=EffectsOrdered]")).to_have_count(1)


CONTRAST = """(el) => {
  const rgb = (c) => c.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const lum = (c) => {
    const [r, g, b] = rgb(c).map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const s = getComputedStyle(el);
  const [a, b] = [lum(s.color), lum(s.backgroundColor)].sort((x, y) => y - x);
  return (a + 0.05) / (b + 0.05);
}"""


def test_a_selected_option_stays_readable_under_the_pointer(site, page):
    """The pressed card button and the primary button keep white on dark when hovered
    (they turned white on light grey), a contrast of at least 4.5:1 (WCAG AA)."""
    record = record_setup("hikaru", "khadath")
    record["labels"] = {"event": "browser-tests", "table": "hover-contrast"}
    status, duel = site.post("/api/duels", record, role="scorekeeper")
    assert status == 201, duel
    open_page(page, f"/duels/{duel['id']}/console")
    sign_in(page, site.tokens["scorekeeper"], "scorekeeper")
    page.wait_for_selector("#prompt-body [data-style]")
    style = page.locator("#prompt-body [data-style]").first
    style.click()
    expect(style).to_have_attribute("aria-pressed", "true")
    style.hover()
    assert style.evaluate(CONTRAST) >= 4.5
    primary = page.locator("#prompt-body button.primary")
    primary.hover()
    assert primary.evaluate(CONTRAST) >= 4.5


def test_after_a_reload_what_just_happened_shows_the_beat_so_far(site, page):
    """Reloading the console mid-beat (or catching up after a conflict) fills "What just
    happened" with the current beat's events, from where the beat began, newest first."""
    rng = random.Random(4)
    duel = Duel.new(record_setup("hikaru", "khadath"))
    while not (duel.state.seq >= 2 and duel.prompt["kind"] != "attack_pair"):
        duel.decide(choose(duel, rng, order_rate=0))
    record = duel.to_record() | {"labels": {"event": "browser-tests", "table": "reload-feed"}}
    status, made = site.post("/api/duels", record, role="scorekeeper")
    assert status == 201, made
    index = site.get(f"/api/duels/{made['id']}/index", role="judge")
    start = next(e["event"] for e in index if e["beat"] == index[-1]["beat"]
                 and e["beats_played"] == index[-1]["beats_played"])
    events = site.get(f"/api/duels/{made['id']}/events?after={start - 1}&limit=500",
                      role="scorekeeper")["events"]
    assert events and events[0]["type"] == "BeatBegan"
    open_page(page, f"/duels/{made['id']}/console")
    sign_in(page, site.tokens["scorekeeper"], "scorekeeper")
    items = page.locator("#feed li.event")
    expect(items).to_have_count(len(events))
    expect(items.first).to_have_attribute("data-event", str(events[-1]["event"]))
    expect(items.last).to_have_attribute("data-event", str(start))
    expect(items.last).to_contain_text(events[0]["text"])
