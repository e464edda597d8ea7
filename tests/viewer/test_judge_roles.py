"""Judge tools by role (issue 14, item 7): each signed-in role sees only what it may do
(GET /api/session's ``may``), who entered each decision and when shows beside it on the
replay page, and the "Resolve dispute" click right after typing in a number field is not
lost."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.viewer.conftest import open_page, sign_in

pytestmark = pytest.mark.usefixtures("chromium_path")

# role -> (annotate/dispute/fork forms shown, comment form shown, resolve form shown)
OFFERED = {None: (False, False, False), "scorekeeper": (False, False, False),
           "judge": (True, True, False), "head_judge": (True, True, True)}


@pytest.mark.parametrize("role", list(OFFERED))
def test_each_role_sees_only_the_tools_it_may_use(site, page, role):
    duel = site.copy_of_demo("comic-beat-1")
    status, _ = site.post(f"/api/duels/{duel}/disputes", {"at": 12, "claim": "Life."},
                          role="judge")
    assert status == 201
    open_page(page, f"/duels/{duel}?at=12")
    if role:
        sign_in(page, site.tokens[role], role)
    may = site.server.get("/api/session", site.tokens[role] if role else None)["may"]
    tools, comment, resolve = OFFERED[role]
    assert ("comment" in may, "resolve" in may) == (tools, resolve)  # as the API says
    card = page.locator("#disputes .dispute-card")
    expect(card).to_have_count(1)
    expect(page.locator("#judge-tools")).to_be_visible() if tools else \
        expect(page.locator("#judge-tools")).to_be_hidden()
    expect(page.locator("#judge-hint")).to_be_hidden() if tools else \
        expect(page.locator("#judge-hint")).to_be_visible()
    expect(card.locator("form.comment")).to_have_count(1 if comment else 0)
    expect(card.locator("form.resolve")).to_have_count(1 if resolve else 0)
    if role == "judge":
        expect(card.locator(".resolve-hint")).to_have_text(
            "Only a head judge may resolve this dispute.")


def test_the_replay_says_who_entered_each_decision_and_when(site, page):
    duel = site.copy_of_demo("comic-beat-1")
    events = site.get(f"/api/duels/{duel}/events?after=0&limit=1000", "judge")["events"]
    decision = next(e for e in events if e["type"] == "Decision")
    assert decision["by"]["name"] == "scorekeeper-tester"
    open_page(page, f"/duels/{duel}?at={decision['event']}")
    line = page.locator(f"#events li[data-event='{decision['event']}'] .by")
    expect(line).to_have_text(f"entered by scorekeeper-tester (scorekeeper) at "
                              f"{decision['by']['at'][11:19]} UTC")
    fact = next(e for e in events if e["type"] != "Decision")
    expect(page.locator(f"#events li[data-event='{fact['event']}'] .by")).to_have_count(0)


def test_resolve_click_right_after_typing_a_number(site, page, tmp_path):
    duel = site.copy_of_demo("comic-beat-1")
    status, _ = site.post(f"/api/duels/{duel}/disputes", {"at": 12, "claim": "Life."},
                          role="judge")
    assert status == 201
    open_page(page, f"/duels/{duel}?at=12")
    sign_in(page, site.tokens["head_judge"], "head_judge")
    form = page.locator("#disputes .dispute-card form.resolve")
    form.locator("select[name=outcome]").select_option("overturned")
    form.locator("textarea[name=ruling]").fill("Ben's life was 18.")
    form.locator("input[name=rule]").fill("R15.1")
    life = form.locator("input[name='players.1.life']")
    life.fill("18")
    expect(life).to_be_focused()
    # A full-page screenshot resizes the view while the field has the focus: with an
    # <input type=number>, Chromium then scrolled back to the field between the button's
    # mousedown and mouseup, and the click never reached the button.
    page.screenshot(path=str(tmp_path / "before-click.png"), full_page=True)
    form.locator("button[type=submit]").click()
    expect(page.locator("#disputes .dispute-card")).to_have_attribute("data-status",
                                                                      "overturned")
    assert site.get(f"/api/duels/{duel}")["players"][1]["life"] == 18


def test_a_number_out_of_bounds_is_not_sent(site, page):
    duel = site.copy_of_demo("comic-beat-1")
    site.post(f"/api/duels/{duel}/disputes", {"at": 12, "claim": "Life."}, role="judge")
    before = site.get(f"/api/duels/{duel}")
    open_page(page, f"/duels/{duel}?at=12")
    sign_in(page, site.tokens["head_judge"], "head_judge")
    form = page.locator("#disputes .dispute-card form.resolve")
    form.locator("select[name=outcome]").select_option("overturned")
    form.locator("textarea[name=ruling]").fill("Too much life.")
    form.locator("input[name=rule]").fill("R15.1")
    form.locator("input[name='players.1.space']").fill("9")
    form.locator("button[type=submit]").click()
    # Said beside the button, in the form (issue 28, item 1).
    expect(form.locator(".refusal")).to_contain_text("Not sent:")
    expect(form.locator(".refusal")).to_contain_text("9 is not between 1 and 7")
    assert site.get(f"/api/duels/{duel}")["version"] == before["version"]
