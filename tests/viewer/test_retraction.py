"""A mis-click retracted from the console (issue 14, item 2): the scorekeeper clicks the
wrong space, retracts it with "Retract my last decision", sees the same prompt again and
enters the right move; the API's record and log, and the replay page, say what happened."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.api.conftest import partial_record, played_record
from tests.viewer.conftest import open_page, screenshot, sign_in

pytestmark = pytest.mark.usefixtures("chromium_path")

MOVE_AT = 8  # in played_record(5), decision 8 is Hikaru's move


def click_space(page, space: int) -> None:
    version = page.get_attribute("body", "data-version")
    page.click(f"#board button.space[data-space='{space}']")
    page.wait_for_selector(f"body:not([data-version='{version}'])")


def test_a_mis_click_is_retracted_in_the_console_and_the_prompt_returns(site, page):
    record = partial_record(MOVE_AT)
    record["labels"] = {"event": "browser-tests", "table": "retraction"}
    status, duel = site.post("/api/duels", record, role="scorekeeper")
    assert status == 201, duel
    duel_id = duel["id"]
    before = site.get(f"/api/duels/{duel_id}/state")
    right = played_record()["decisions"][MOVE_AT]
    wrong = next(o for o in before["prompt"]["options"] if o != right)

    open_page(page, f"/duels/{duel_id}/console")
    sign_in(page, site.tokens["scorekeeper"], "scorekeeper")
    choices = page.locator("#board button.space.choice")
    expect(choices).to_have_count(len(before["prompt"]["options"]))  # drawn after sign-in
    offered = sorted(int(b.get_attribute("data-space")) for b in
                     page.locator("#board button.space.choice").all())
    assert offered == sorted(o["to"] for o in before["prompt"]["options"])

    click_space(page, wrong["to"])  # the mis-click
    expect(page.locator("#board .standup[data-player='0']")).to_have_attribute(
        "data-space", str(wrong["to"]))
    button = page.locator("#retract button")
    expect(button).to_have_text("Retract my last decision")
    expect(page.locator("#retract")).to_contain_text(f"event {before['event'] + 1}")
    screenshot(page, "console-retract-offered")

    version = page.get_attribute("body", "data-version")
    button.click()
    page.wait_for_selector(f"body:not([data-version='{version}'])")
    # The prompt before the mis-click is offered again, on the board as it was.
    expect(page.locator("#board .standup[data-player='0']")).to_have_attribute(
        "data-space", str(before["players"][0]["space"]))
    again = sorted(int(b.get_attribute("data-space")) for b in
                   page.locator("#board button.space.choice").all())
    assert again == offered
    expect(page.locator("#feed li[data-type=Retraction]")).to_contain_text(
        f"retracted the decision at event {before['event'] + 1}")
    expect(page.locator("#feed li.retracted").first).to_contain_text("retracted at event")
    screenshot(page, "console-retracted")

    now = site.get(f"/api/duels/{duel_id}/state")
    assert now == {**before, "event": int(version) + 1}  # one event more: the retraction
    assert site.get(f"/api/duels/{duel_id}/record", role="scorekeeper")["decisions"] == \
        record["decisions"]

    click_space(page, right["to"])  # the right move now
    assert site.get(f"/api/duels/{duel_id}/record", role="scorekeeper")["decisions"] == \
        played_record()["decisions"][:MOVE_AT + 1]
    log = site.get(f"/api/duels/{duel_id}/log", role="judge")
    decisions = [e["payload"] for e in log["events"] if e["kind"] == "decision"]
    assert decisions[-3:] == [wrong, {"kind": "retraction", "event": before["event"] + 1},
                              right]

    # The replay's narrative shows the retraction line and the struck decision.
    open_page(page, f"/duels/{duel_id}")
    line = page.locator("#events li[data-type=Retraction]")
    expect(line).to_contain_text("entered by mistake")
    struck = page.locator(f"#events li[data-event='{before['event'] + 1}']")
    expect(struck).to_contain_text(f"retracted at event {int(version) + 1}")
    assert "retracted" in struck.get_attribute("class").split()
