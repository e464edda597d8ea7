"""Importing a record from the duel list: the chosen file is posted to POST /api/duels with
the page's token; the new duel appears in the list, and a refusal shows the API's reason."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from tests.viewer.conftest import open_page, sign_in

pytestmark = pytest.mark.usefixtures("chromium_path")


def choose(page, record: object, name: str = "record.json") -> None:
    """Choose a file holding ``record`` (JSON, or text as it is) and press Import."""
    if not page.locator("#import").evaluate("details => details.open"):
        page.click("#import summary")
    data = record if isinstance(record, str) else json.dumps(record)
    page.set_input_files("#import-form input[name=file]", files=[
        {"name": name, "mimeType": "application/json", "buffer": data.encode()}])
    page.click("#import-form button[type=submit]")


def demo_record(site, table: str) -> dict:
    record = site.get(f"/api/duels/{site.demo('demo-duel')}/record")
    record["labels"] = {"event": "browser-tests", "table": table}
    return record


def test_an_imported_record_is_a_new_duel_in_the_list(site, page):
    record = demo_record(site, "imported-from-the-page")
    open_page(page, "/")
    sign_in(page, site.tokens["scorekeeper"], "scorekeeper")
    choose(page, record)
    result = page.locator("#import-result")
    expect(result).to_have_attribute("data-result", "imported")
    duel = result.get_attribute("data-duel")
    names = " vs ".join(p["name"] for p in record["players"])
    expect(result).to_have_text(f"Imported: {names}.")
    # The list (newest first) now shows it, and the API holds the same decisions.
    expect(page.locator(f"#duels tbody tr[data-duel='{duel}']")).to_be_visible()
    expect(page.locator("#duels tbody tr").first).to_have_attribute("data-duel", duel)
    stored = site.get(f"/api/duels/{duel}/record")
    assert stored["decisions"] == record["decisions"]
    assert stored["labels"]["table"] == "imported-from-the-page"
    listed = site.get("/api/duels?event=browser-tests&table=imported-from-the-page")
    assert [d["id"] for d in listed["items"]] == [duel]
    result.locator("a").click()
    page.wait_for_selector("body[data-ready=true]")
    assert f"/duels/{duel}" in page.url
    expect(page.locator("#position")).to_have_text("0")


def test_a_refused_record_shows_the_apis_reason(site, page):
    record = demo_record(site, "refused-on-the-page")
    illegal = json.loads(json.dumps(record))
    move = next(i for i, d in enumerate(illegal["decisions"]) if d["kind"] == "attack_pair")
    illegal["decisions"][move]["style"] = "no-such-style"
    status, answer = site.post("/api/duels", illegal, role="scorekeeper")
    assert 400 <= status < 500
    before = site.get("/api/duels?event=browser-tests&table=refused-on-the-page")["total"]

    open_page(page, "/")
    # Not signed in: the API asks for a token, and the page says so.
    choose(page, record)
    result = page.locator("#import-result")
    expect(result).to_have_attribute("data-result", "refused")
    anonymous, _, refusal = site.server.request("POST", "/api/duels", record)
    assert anonymous == 401
    expect(result).to_contain_text(f"Import refused (401): {refusal['detail']}")

    sign_in(page, site.tokens["scorekeeper"], "scorekeeper")
    choose(page, illegal)
    expect(result).to_contain_text(f"Import refused ({status}): {answer['detail']}")
    expect(result).to_be_visible()
    # Not JSON at all: said before anything is sent.
    choose(page, "not a record", name="notes.txt")
    expect(result).to_contain_text("notes.txt is not a JSON record")
    assert site.get("/api/duels?event=browser-tests&table=refused-on-the-page")["total"] == before
