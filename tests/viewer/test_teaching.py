"""Teaching mode hides what comes next and asks before revealing who becomes active and
whether an attack hits."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.viewer.conftest import open_page, screenshot

pytestmark = pytest.mark.usefixtures("chromium_path")


def test_teaching_mode_asks_who_becomes_active_then_reveals(site, page):
    duel = site.demo("demo-duel")
    events = site.get(f"/api/duels/{duel}/events?after=0&limit=1000")["events"]
    first_active = next(e for e in events if e["type"] == "BecameActive")
    state = site.get(f"/api/duels/{duel}/state?at=0")
    open_page(page, f"/duels/{duel}?at=0")
    page.check("#teaching")
    # Nothing after the current event (the setup) is listed, and the slider stops there.
    expect(page.locator("#events li")).to_have_count(1)
    assert page.locator("#slider").get_attribute("max") == "0"
    # Stepping forward stops just before the BecameActive event and asks.
    for _ in range(first_active["event"] + 3):
        if page.locator("#question").is_visible():
            break
        page.keyboard.press("ArrowRight")
    question = page.locator("#question")
    expect(question).to_be_visible()
    expect(page.locator("#question-text")).to_have_text("Who becomes the Active Player?")
    expect(page.locator("#position")).to_have_text(str(first_active["event"] - 1))
    expect(page.locator("#events li")).to_have_count(first_active["event"])  # with the setup
    screenshot(page, "teaching")
    # A wrong answer is told so, then the event is revealed with its rule.
    wrong = 1 - first_active["data"]["player"]
    p = state["players"][wrong]
    page.locator("#question-answers button", has_text=p["name"]).click()
    expect(question).to_have_attribute("data-verdict", "wrong")
    expect(page.locator("#question-text")).to_contain_text(first_active["text"])
    expect(page.locator("#position")).to_have_text(str(first_active["event"]))
    page.locator("#question-answers button", has_text="Continue").click()
    expect(question).to_be_hidden()


def test_teaching_mode_asks_whether_an_attack_hits(site, page):
    duel = site.demo("demo-duel")
    events = site.get(f"/api/duels/{duel}/events?after=0&limit=1000")["events"]
    first = next(e for e in events if e["type"] in ("Hit", "Missed"))
    open_page(page, f"/duels/{duel}?at={first['event'] - 2}")
    page.check("#teaching")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#question-text")).to_contain_text("attack hit?")
    expect(page.locator("#position")).to_have_text(str(first["event"] - 1))
    right = "Yes, it hits" if first["type"] == "Hit" else "No, it misses"
    page.locator("#question-answers button", has_text=right).click()
    expect(page.locator("#question")).to_have_attribute("data-verdict", "right")
    expect(page.locator("#position")).to_have_text(str(first["event"]))
    # Answered once: stepping back and forward again does not ask again.
    page.locator("#question-answers button", has_text="Continue").click()
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#position")).to_have_text(str(first["event"]))
    expect(page.locator("#question")).to_be_hidden()


def test_teaching_mode_hides_face_down_pairs(site, page):
    duel = site.demo("demo-duel")
    events = site.get(f"/api/duels/{duel}/events?after=0&limit=1000")["events"]
    laid = next(e for e in events if e["type"] == "PairSelected")
    open_page(page, f"/duels/{duel}?at={laid['event']}")
    player = laid["data"]["player"]
    pair = page.locator(f"#player-{player} [data-pair=face-down]")
    expect(pair).to_contain_text("recorded:")
    hand = page.locator(f"#player-{player} [data-zone=hand] li[data-card]")
    cards = sorted(li.get_attribute("data-card") for li in hand.all())
    page.check("#teaching")
    expect(pair).to_have_text("Face down")
    # The hand lists the two face-down cards among the rest, so nothing is given away.
    expect(page.locator(f"#player-{player} [data-zone=hand]")).to_contain_text(
        "with the face-down cards")
    state = site.get(f"/api/duels/{duel}/state?at={laid['event']}")["players"][player]
    shown = sorted(li.get_attribute("data-card") for li in hand.all())
    assert shown == sorted(cards + [state["attack_pair"]["style"], state["attack_pair"]["base"]])
