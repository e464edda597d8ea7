"""The replay stepper: the board, life and events shown match the state API at every
step reached by permalink, buttons, keys, beat jumps and the slider."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.viewer.conftest import open_page, screenshot

pytestmark = pytest.mark.usefixtures("chromium_path")


def shown_board(page) -> dict[int, tuple[str, int, int]]:
    """player -> (fighter, space, life) as the board's data attributes say."""
    out = {}
    for el in page.locator("#board .standup").all():
        space = int(el.get_attribute("data-space"))
        # A standup sits inside the element of the space it names.
        assert el.locator("xpath=..").get_attribute("data-space") == str(space)
        out[int(el.get_attribute("data-player"))] = (
            el.get_attribute("data-fighter"), space, int(el.get_attribute("data-life")))
    return out


def api_board(site, duel: str, at: int) -> dict[int, tuple[str, int, int]]:
    state = site.get(f"/api/duels/{duel}/state?at={at}")
    return {i: (p["fighter"], p["space"], p["life"]) for i, p in enumerate(state["players"])}


def at(page, n: int) -> None:
    """Wait until the page shows the state after event n, highlighted in the event list."""
    expect(page.locator("#position")).to_have_text(str(n))
    if n:
        expect(page.locator("#events li.current")).to_have_attribute("data-event", str(n))
        expect(page.locator("#events li.current")).to_have_attribute("aria-current", "step")


def test_permalinks_show_the_state_api_position(site, page):
    duel = site.demo("demo-duel")
    events = site.get(f"/api/duels/{duel}/events?after=0&limit=1000")["events"]
    damage = [e["event"] for e in events if e["type"] == "DamageDealt"]
    moves = [e["event"] for e in events if e["type"] == "Moved"]
    for n in (0, moves[0], damage[0], damage[len(damage) // 2], len(events)):
        open_page(page, f"/duels/{duel}?at={n}")
        at(page, n)
        assert shown_board(page) == api_board(site, duel, n), n
        state = site.get(f"/api/duels/{duel}/state?at={n}")
        for i, p in enumerate(state["players"]):
            panel = page.locator(f"#player-{i}")
            assert panel.get_attribute("data-life") == str(p["life"])
            assert panel.get_attribute("data-fighter") == p["fighter"]
        if n:
            current = page.locator("#events li.current")
            assert current.get_attribute("data-event") == str(n)
            assert events[n - 1]["text"] in current.inner_text()
    # At the end the winner is named and tagged.
    final = site.get(f"/api/duels/{duel}")
    winner = final["players"][final["winner"]]["name"]
    expect(page.locator("#where")).to_contain_text(f"{winner} wins")
    expect(page.locator(f"#player-{final['winner']} .tag.winner")).to_be_visible()


def test_keys_and_buttons_step_one_event(site, page):
    duel = site.demo("demo-duel")
    open_page(page, f"/duels/{duel}?at=10")
    at(page, 10)
    page.keyboard.press("ArrowRight")
    at(page, 11)
    page.keyboard.press("ArrowRight")
    at(page, 12)
    page.keyboard.press("ArrowLeft")
    at(page, 11)
    page.click("#next")
    at(page, 12)
    page.click("#prev")
    page.click("#prev")
    at(page, 10)
    assert shown_board(page) == api_board(site, duel, 10)
    page.keyboard.press("End")
    total = site.get(f"/api/duels/{duel}")["version"]
    at(page, total)
    assert shown_board(page) == api_board(site, duel, total)
    page.keyboard.press("Home")
    at(page, 0)
    assert "at=0" in page.url


def test_beat_jumps_and_slider(site, page):
    duel = site.demo("demo-duel")
    index = site.get(f"/api/duels/{duel}/index")
    beats = [e for e in index if e["step"] == "select"]
    open_page(page, f"/duels/{duel}")
    page.select_option("#beat-select", str(beats[2]["event"]))
    at(page, beats[2]["event"])
    expect(page.locator("#where")).to_contain_text(f"Beat {beats[2]['beat']}")
    page.keyboard.press("PageDown")
    at(page, beats[3]["event"])
    page.click("#prev-beat")
    at(page, beats[2]["event"])
    page.click("#next-beat")
    at(page, beats[3]["event"])
    slider = page.locator("#slider")
    slider.fill("57")
    at(page, 57)
    assert shown_board(page) == api_board(site, duel, 57)


def test_life_chart_follows_the_beats(site, page):
    duel = site.demo("demo-duel")
    summary = site.get(f"/api/duels/{duel}")
    open_page(page, f"/duels/{duel}?at={summary['version']}")
    lines = page.locator("#life-chart polyline")
    expect(lines).to_have_count(2)
    events = site.get(f"/api/duels/{duel}/events?after=0&limit=1000")["events"]
    beat_ends = [e for e in events if e["type"] == "BeatEnded"]
    points = lines.nth(0).get_attribute("points").split()
    # One point for the start, one per beat that ended, one for the final position.
    assert len(points) == 1 + len(beat_ends) + (events[-1]["type"] != "BeatEnded")
    # The last point of each line is the final life, below 0 too as the board shows it
    # (y = 10 + (20 - life) / (20 - bottom) * 142, the axis going down to `bottom`).
    bottom = int(page.locator("#life-chart svg").get_attribute("data-bottom"))
    for i, p in enumerate(summary["players"]):
        y = float(lines.nth(i).get_attribute("points").split()[-1].split(",")[1])
        assert y == pytest.approx(10 + (20 - p["life"]) / (20 - bottom) * 142)


def test_annotations_and_disputes_appear_at_their_events(site, page):
    duel_id = site.copy_of_demo("comic-beat-1")
    assert site.post(f"/api/duels/{duel_id}/annotations",
                     {"at": 5, "text": "Watch the ante order.", "tags": ["teaching"]},
                     role="judge")[0] == 201
    assert site.post(f"/api/duels/{duel_id}/disputes", {"at": 7, "claim": "Too early?"},
                     role="judge")[0] == 201
    open_page(page, f"/duels/{duel_id}?at=7")
    expect(page.locator("#events li[data-event='5'] .annotation")).to_contain_text(
        "Watch the ante order.")
    expect(page.locator("#events li[data-event='7'] .dispute")).to_contain_text("Too early?")
    expect(page.locator("#disputes [data-status=open]")).to_have_count(1)


def test_screenshot_of_the_replay_page(site, page):
    duel = site.demo("demo-duel")
    open_page(page, f"/duels/{duel}?at=120")
    at(page, 120)
    page.wait_for_selector("#life-chart polyline")
    path = screenshot(page, "replay")
    assert path.stat().st_size > 10_000


def test_where_a_duel_stands_is_said_in_the_games_words(site, page):
    """Every step the demo duel passes through reads as BattleCON's words on the replay
    page: no internal ids such as "beat_over" or "over"."""
    duel = site.demo("demo-duel")
    total = site.get(f"/api/duels/{duel}")["version"]
    first_at: dict[str, int] = {}
    for n in range(total + 1):
        state = site.get(f"/api/duels/{duel}/state?at={n}")
        first_at.setdefault("over" if state["over"] else state["step"], n)
    assert {"beat_over", "over", "select", "ante", "reveal"} <= set(first_at)
    for step, n in first_at.items():
        open_page(page, f"/duels/{duel}?at={n}")
        at(page, n)
        where = page.locator("#where").inner_text()
        assert "_" not in where and step not in where.split(" · "), (step, where)
        if step == "over":
            assert "the duel is over" in where, where


def test_decision_lines_can_be_hidden_and_the_choice_is_remembered(site, page):
    """"Hide decisions" leaves only the facts in the event list (what the rules resolved);
    the choice is kept in the URL and survives a reload, and unticking shows them again."""
    duel = site.demo("demo-duel")
    events = site.get(f"/api/duels/{duel}/events?after=0&limit=1000")["events"]
    n = len(events)
    decisions = [e for e in events if e["type"] == "Decision"]
    facts = [e for e in events if e["type"] != "Decision"]
    assert decisions and facts
    open_page(page, f"/duels/{duel}?at={n}")
    shown = page.locator("#events li.decision:visible")
    expect(shown).to_have_count(len(decisions))
    page.check("#hide-decisions")
    expect(shown).to_have_count(0)
    expect(page.locator("#events li.fact:visible")).to_have_count(len(facts))
    expect(page.locator(f"#events li[data-event='{facts[-1]['event']}']")).to_contain_text(
        facts[-1]["text"])
    assert "decisions=hide" in page.url
    page.click("#prev")  # stepping keeps the choice in the permalink
    at(page, n - 1)
    expect(page).to_have_url(re.compile(rf"\?at={n - 1}&decisions=hide$"))
    page.reload()
    page.wait_for_selector("body[data-ready=true]")
    expect(page.locator("#hide-decisions")).to_be_checked()
    expect(shown).to_have_count(0)
    page.uncheck("#hide-decisions")
    expect(shown).to_have_count(len([e for e in decisions if e["event"] <= n - 1]))
    assert "decisions=hide" not in page.url
