"""Issue 28, items 1, 3 and 4, as a judge meets them on the replay page.

1. A refused action is said beside the button that sent it, inside its form, in the
   form's words (no JSON, no API field names), and takes the focus.
3. The correction form says it applies to the duel as it stands and shows the disputed
   event's values beside; "correction at event N" is a link to that event.
4. "Fork from this event" is offered only where the service forks, and says why
   elsewhere."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from tests.viewer.aob_duels import at_manual_move_3
from tests.viewer.conftest import ARTIFACTS, open_page, sign_in

pytestmark = pytest.mark.usefixtures("chromium_path")


def inside(inner: dict, outer: dict) -> bool:
    """Does the box ``inner`` lie within ``outer`` (Playwright bounding boxes)?"""
    return (outer["x"] - 1 <= inner["x"] and outer["y"] - 1 <= inner["y"]
            and inner["x"] + inner["width"] <= outer["x"] + outer["width"] + 1
            and inner["y"] + inner["height"] <= outer["y"] + outer["height"] + 1)


def assert_beside(page, form, button, box) -> None:
    """The refusal's box lies inside its form, right under its button, has the focus and
    holds no JSON."""
    expect(box).to_be_visible()
    where, home, near = box.bounding_box(), form.bounding_box(), button.bounding_box()
    assert inside(where, home), (where, home)
    assert 0 <= where["y"] - (near["y"] + near["height"]) < 40, (where, near)
    assert box.evaluate("el => document.activeElement === el")
    assert box.get_attribute("role") == "alert"
    assert "{" not in box.inner_text()


def test_a_refused_resolution_is_said_beside_its_button_in_the_forms_words(site, page):
    duel = site.copy_of_demo("seth-vs-tatsumi")
    before = site.get(f"/api/duels/{duel}")
    assert before["status"] == "over"
    status, dispute = site.post(f"/api/duels/{duel}/disputes",
                                {"at": 12, "claim": "Ben's life was wrong."}, role="judge")
    assert status == 201, dispute
    life = site.get(f"/api/duels/{duel}/state")["players"][1]["life"]
    open_page(page, f"/duels/{duel}?at=12")
    sign_in(page, site.tokens["head_judge"], "head_judge")
    form = page.locator("#disputes .dispute-card form.resolve")
    form.locator("select[name=outcome]").select_option("overturned")
    form.locator("textarea[name=ruling]").fill("Ben's life was one more.")
    form.locator("input[name=rule]").fill("R15.1")
    form.locator("input[name='players.1.life']").fill(str(life + 1 if life < 20 else life - 1))
    # "Reopen the duel" left unticked: the service refuses a correction of a finished duel.
    button = form.locator("button[type=submit]")
    button.click()
    box = form.locator(".refusal")
    assert_beside(page, form, button, box)
    expect(box).to_contain_text("The duel is over: tick \u201cReopen the duel\u201d")
    expect(box).to_contain_text("R20.1")
    assert "reopens" not in box.inner_text()
    expect(page.locator("#banner")).to_be_hidden()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)  # the dispute card: refusal under its button
    page.locator("#disputes .dispute-card").screenshot(
        path=str(ARTIFACTS / "refusal-beside-resolve.png"))
    # Nothing changed: the dispute is open and the duel at its version.
    (still,) = site.get(f"/api/duels/{duel}/disputes")["disputes"]
    assert still["status"] == "open"
    assert site.get(f"/api/duels/{duel}")["version"] == before["version"]
    # Ticked, the same form is accepted and the refusal goes.
    form.locator("input[name=reopens]").check()
    button.click()
    expect(page.locator("#disputes .dispute-card")).to_have_attribute("data-status", "overturned")
    expect(page.locator("#disputes .refusal")).to_have_count(0)
    (done,) = site.get(f"/api/duels/{duel}/disputes")["disputes"]
    assert done["resolution"]["correction_event"] == before["version"] + 1


def test_a_refused_import_is_said_beside_the_import_button(site, page, tmp_path):
    record = site.get(f"/api/duels/{site.demo('comic-beat-1')}/record")
    record["decisions"][0]["style"] = "no-such-style"
    status, answer = site.post("/api/duels?copy=true", record, role="scorekeeper")
    assert 400 <= status < 500
    path = tmp_path / "illegal.json"
    path.write_text(json.dumps(record))
    open_page(page, "/")
    sign_in(page, site.tokens["scorekeeper"], "scorekeeper")
    page.click("#import summary")
    page.set_input_files("#import-form input[type=file]", str(path))
    form, button = page.locator("#import-form"), page.locator("#import-form button[type=submit]")
    button.click()
    box = form.locator(".refusal")
    assert_beside(page, form, button, box)
    # The API's reason, its quoted decisions in words: no JSON.
    assert answer["detail"].startswith("Decision 0 ({")
    expect(box).to_contain_text(f"Import refused ({status}): Decision 0 (base drive, kind "
                                "attack_pair, player 0, style no-such-style): That is not a legal")
    expect(box).to_contain_text("Legal: base burst, style advancing; base drive")
    assert '"' not in box.inner_text()


def test_the_correction_form_shows_the_disputed_events_values_and_links_its_event(site, page):
    duel = site.copy_of_demo("comic-beat-1")
    summary = site.get(f"/api/duels/{duel}")
    ben = summary["players"][1]["name"]
    then = site.get(f"/api/duels/{duel}/state?at=1", role="head_judge")["players"][1]
    now = site.get(f"/api/duels/{duel}/state")["players"][1]
    status, _ = site.post(f"/api/duels/{duel}/disputes", {"at": 1, "claim": "Life."},
                          role="judge")
    assert status == 201
    open_page(page, f"/duels/{duel}?at=1")
    sign_in(page, site.tokens["head_judge"], "head_judge")
    form = page.locator("#disputes .dispute-card form.resolve")
    expect(form.locator(".applies")).to_contain_text(
        f"It applies to the duel as it stands after event {summary['version']}, not to event 1")
    life = form.locator("label.correct-field[data-field='players.1.life']")
    expect(life.locator(".current")).to_have_text(f"now {now['life']}")
    expect(life.locator(".disputed")).to_have_text(f"at event 1: {then['life']}")
    space = form.locator("label.correct-field[data-field='players.1.space']")
    expect(space.locator(".disputed")).to_have_text(f"at event 1: {then['space']}")
    # Overturned: the ruling line links the correction's event and names the player.
    form.locator("select[name=outcome]").select_option("overturned")
    form.locator("textarea[name=ruling]").fill("Life was 17.")
    form.locator("input[name=rule]").fill("R15.1")
    form.locator("input[name='players.1.life']").fill("17")
    form.locator("button[type=submit]").click()
    card = page.locator("#disputes .dispute-card")
    expect(card).to_have_attribute("data-status", "overturned")
    (resolved,) = site.get(f"/api/duels/{duel}/disputes")["disputes"]
    n = resolved["resolution"]["correction_event"]
    assert site.get(f"/api/duels/{duel}/state")["players"][1]["life"] == 17
    link = card.locator("a.correction-link")
    expect(link).to_have_text(f"correction at event {n}")
    expect(card.locator(".ruling")).to_contain_text(f"{ben}'s life from {now['life']} to 17")
    expect(page.locator("#title")).to_contain_text(ben)
    # The life chart and the beat menu mark the disputed beat and the correction's.
    chart = page.locator("#life-chart svg")
    expect(chart.locator("line.mark.dispute")).to_have_attribute("data-event", "1")
    expect(chart.locator("line.mark.dispute")).to_have_attribute("data-beat", "1")
    expect(chart.locator("line.mark.correction")).to_have_attribute("data-event", str(n))
    expect(chart).to_have_attribute("aria-label", re.compile(
        r"Marked: Dispute \(overturned\) at event 1, in beat 1; Correction at event "))
    index = site.get(f"/api/duels/{duel}/index")
    starts = [e["event"] for e in index if e["step"] == "select"]
    disputed = max(e for e in starts if e <= 1)
    corrected = max(e for e in starts if e <= n)
    expect(page.locator(f"#beat-select option[value='{disputed}']")).to_contain_text("disputed")
    expect(page.locator(f"#beat-select option[value='{corrected}']")).to_contain_text("corrected")
    expect(page.locator("#beat-select option[data-disputed]")).to_have_count(1)
    page.click("#first")
    expect(page.locator("#judge-at")).to_have_text("0")
    link.click()
    expect(page.locator("#judge-at")).to_have_text(str(n))
    assert f"at={n}" in page.url


def test_fork_is_offered_only_where_the_service_forks(site, page):
    duel = site.copy_of_demo("comic-beat-1")
    points = site.get(f"/api/duels/{duel}/fork-points")
    total = points["total"]
    # The points are exactly where the API forks: every other event is refused.
    for n in range(total + 1):
        status, body = site.post(f"/api/duels/{duel}/forks", {"at": n}, role="judge")
        assert (status == 201) == (n in points["points"]), (n, status, body)
    inner = next(n for n in range(1, total) if n not in points["points"])
    open_page(page, f"/duels/{duel}?at={inner}")
    sign_in(page, site.tokens["judge"], "judge")
    fork = page.locator("#fork")
    expect(fork).to_have_attribute("data-forkable", "no")
    expect(fork.locator("button[type=submit]")).to_be_hidden()
    why = fork.locator(".fork-why")
    expect(why).to_contain_text(f"No fork from event {inner}: it is in the middle of resolving")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)  # the fork form saying why, no button
    fork.screenshot(path=str(ARTIFACTS / "fork-not-offered-mid-step.png"))
    before = max(p for p in points["points"] if p < inner)
    why.locator(f"button[data-goto='{before}']").click()
    expect(page.locator("#judge-at")).to_have_text(str(before))
    expect(fork).to_have_attribute("data-forkable", "yes")
    expect(fork.locator(".fork-why")).to_have_count(0)
    fork.locator("button[type=submit]").click()
    page.wait_for_url(lambda url: duel not in url and "/duels/" in url)
    made = site.get(f"/api/duels/{page.url.split('/duels/')[1].split('?')[0]}")
    assert (made["parent"], made["fork_at"]) == (duel, before)


def test_a_fork_after_an_unrevealed_pair_says_where_it_starts(site, page):
    record = site.get(f"/api/duels/{site.demo('comic-beat-1')}/record")
    record["decisions"] = record["decisions"][:1]  # Ana's face-down pair, not revealed
    status, duel = site.post("/api/duels?copy=true", record, role="scorekeeper")
    assert status == 201, duel
    duel = duel["id"]
    points = site.get(f"/api/duels/{duel}/fork-points")
    moved = points["moved"]
    assert moved is not None and moved["at"] < moved["from"] <= points["total"], points
    open_page(page, f"/duels/{duel}?at={points['total']}")
    sign_in(page, site.tokens["judge"], "judge")
    fork = page.locator("#fork")
    expect(fork).to_have_attribute("data-forkable", "moved")
    expect(fork.locator(".fork-why")).to_contain_text(
        f"A fork from event {points['total']} starts at event {moved['at']} instead")
    fork.locator("button[type=submit]").click()
    page.wait_for_url(lambda url: duel not in url and "/duels/" in url)
    made = site.get(f"/api/duels/{page.url.split('/duels/')[1].split('?')[0]}")
    assert made["fork_at"] == moved["at"]


def test_a_refused_decision_is_said_beside_its_button_in_the_console(site, page):
    """A multiple past what the rules allow (A6.9), sent past the form's own bound: the
    service's refusal is said under the form's button, focused, in words."""
    duel = at_manual_move_3(site, "refusal-beside")
    open_page(page, f"/duels/{duel}/console")
    sign_in(page, site.tokens["scorekeeper"], "scorekeeper")
    form = page.locator("#prompt-body form.described[data-kind=manual_move]")
    multiple = form.get_by_label("multiple (1–2)")
    multiple.fill("3")
    multiple.evaluate("el => el.removeAttribute('max')")
    button = form.locator("button[type=submit]")
    button.click()
    box = form.locator(".refusal")
    assert_beside(page, form, button, box)
    expect(box).to_contain_text("A6.9")
    assert len(site.get(f"/api/duels/{duel}/record")["decisions"]) == 5
