"""The duel list can hide results (spoiler-free): life, beats played and who won are hidden
while the toggle is on, and the choice is remembered in the browser."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.viewer.conftest import open_page

pytestmark = pytest.mark.usefixtures("chromium_path")


def test_spoiler_free_hides_every_result_and_is_remembered(site, page):
    duel = site.demo("demo-duel")
    summary = site.get(f"/api/duels/{duel}")
    winner = summary["players"][summary["winner"]]["name"]
    lives = " – ".join(str(p["life"]) for p in summary["players"])
    open_page(page, "/?event=demo")
    row = page.locator(f"#duels tr[data-duel='{duel}']")
    expect(row).to_contain_text(f"over: {winner} won")
    expect(row).to_contain_text(lives)
    expect(page.locator("#duels th", has_text="Life")).to_be_visible()

    page.check("#spoiler-free")
    shown = row.inner_text()
    assert "won" not in shown and lives not in shown, shown
    assert "over" in shown and summary["players"][0]["name"] in shown  # who played stays
    expect(page.locator("#duels th", has_text="Life")).to_be_hidden()
    expect(page.locator("#duels th", has_text="Beat")).to_be_hidden()
    for cell in row.locator(".result").all():
        expect(cell).to_be_hidden()

    # Remembered: a reload, and another page of the site, keep the results hidden.
    page.reload()
    page.wait_for_selector("body[data-ready=true]")
    expect(page.locator("#spoiler-free")).to_be_checked()
    assert "won" not in page.locator(f"#duels tr[data-duel='{duel}']").inner_text()
    open_page(page, "/?status=over")
    expect(page.locator("#spoiler-free")).to_be_checked()
    expect(page.locator("#duels tbody tr").first).to_be_visible()
    assert "won" not in page.locator("#duels tbody").inner_text()  # what a person sees

    page.uncheck("#spoiler-free")
    expect(page.locator(f"#duels tr[data-duel='{duel}']")).to_contain_text(f"{winner} won")
    page.reload()
    page.wait_for_selector("body[data-ready=true]")
    expect(page.locator("#spoiler-free")).not_to_be_checked()
