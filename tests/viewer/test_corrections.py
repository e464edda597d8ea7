"""The head judge's correction form (issue 14, item 5): every correctable field of the duel
as it stands now, each with its current value beside the input (not the replay's position);
submitting shows the correction's line in the log, with who corrected what from what to
what, and the API serves the corrected duel."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.viewer.conftest import open_page, screenshot, sign_in

pytestmark = pytest.mark.usefixtures("chromium_path")


def test_a_head_judge_sees_the_current_values_and_corrects_a_token(site, page):
    duel = site.copy_of_demo("comic-beat-1")
    now = site.get(f"/api/duels/{duel}/state")
    ana, ben = now["players"]
    status, dispute = site.post(f"/api/duels/{duel}/disputes",
                                {"at": 5, "claim": "Ana's Fire token was never spent."},
                                role="judge")
    assert status == 201, dispute
    open_page(page, f"/duels/{duel}?at=0")  # the replay at the start; the form is "now"
    sign_in(page, site.tokens["head_judge"], "head_judge")
    card = page.locator("#disputes .dispute-card")
    form = card.locator("form.resolve")
    # Every field shows the duel's value now, not the replay's (event 0: 20 life each).
    life = form.locator("label.correct-field[data-field='players.1.life']")
    expect(life.locator(".current")).to_have_text(f"now {ben['life']}")
    assert ben["life"] != 20
    expect(form.locator("label.correct-field[data-field='players.0.token_pool'] .current")
           ).to_have_text("now " + ", ".join(ana["token_pool"]))
    for path in ("players.0.space", "players.1.stunned", "players.0.hand",
                 "players.1.discard_2", "players.0.token_discard", "markers.1:gate-trap"):
        expect(form.locator(f"label.correct-field[data-field='{path}']")).to_be_visible()
    # The head judge moves the Fire token back to the pool.
    form.locator("select[name=outcome]").select_option("overturned")
    form.locator("textarea[name=ruling]").fill("The Fire token was never spent.")
    form.locator("input[name=rule]").fill("R19.1")
    form.locator("input[name='players.0.token_pool']").fill(
        ", ".join(sorted([*ana["token_pool"], "fire"])))
    form.locator("input[name='players.0.token_discard']").fill("-")
    screenshot(page, "correction-form")
    form.locator("button[type=submit]").click()
    expect(page.locator("#disputes .dispute-card")).to_have_attribute("data-status",
                                                                      "overturned")
    # The log shows the correction's line: who, what, from what to what, dispute and rule.
    (resolved,) = site.get(f"/api/duels/{duel}/disputes")["disputes"]
    n = resolved["resolution"]["correction_event"]
    line = page.locator(f"#events li[data-event='{n}']")
    expect(line).to_contain_text("Head judge head_judge-tester corrects ")
    expect(line).to_contain_text("Ana's token pool from Earth, Water, Wind to Earth, Fire, "
                                 "Water, Wind")
    expect(line).to_contain_text("Ana's token discard from Fire to nothing")
    expect(line).to_contain_text(f"(dispute {resolved['id'][:8]}, R19.1)")
    expect(page.locator("#judge-at")).to_have_text(str(n))
    screenshot(page, "correction-logged")  # the correction's line: who, what, from, to
    # The API serves the corrected duel.
    after = site.get(f"/api/duels/{duel}/state")
    assert after["players"][0]["token_pool"] == ["earth", "fire", "water", "wind"]
    assert after["players"][0]["token_discard"] == []
    assert (after["players"][1]["life"], after["players"][1]["space"]) == (ben["life"],
                                                                          ben["space"])
