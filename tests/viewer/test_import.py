"""Importing a record or a signed log from the duel list: the chosen file is posted to POST
/api/duels with the page's token; the new duel appears in the list, a duel stored already is
named with a link, and a refusal shows the API's reason."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from tests.viewer.conftest import open_page, screenshot, sign_in
from tests.viewer.test_downloads import download

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
    result = page.locator("#import-form .refusal")  # beside the Import button (issue 28)
    anonymous, _, refusal = site.server.request("POST", "/api/duels", record)
    assert anonymous == 401
    expect(result).to_contain_text(f"Import refused (401): {refusal['detail']}")

    sign_in(page, site.tokens["scorekeeper"], "scorekeeper")
    choose(page, illegal)
    # The API's reason, with the decisions it quotes in words, never JSON (issue 28).
    reason = answer["detail"].split("): ", 1)[1].split(" Legal:")[0]
    expect(result).to_contain_text(f"Import refused ({status}): Decision {move} (")
    expect(result).to_contain_text(reason)
    expect(result).to_be_visible()
    assert "{" not in result.inner_text()
    # Not JSON at all: said before anything is sent.
    choose(page, "not a record", name="notes.txt")
    expect(result).to_contain_text("notes.txt is neither a JSON record nor a log")
    assert site.get("/api/duels?event=browser-tests&table=refused-on-the-page")["total"] == before


def corrected_duel(site, table: str) -> str:
    """A duel in progress whose player 1's life a head judge corrected to 11."""
    record = demo_record(site, table)
    record["decisions"] = record["decisions"][:12]
    status, duel = site.post("/api/duels", record, role="scorekeeper")
    assert status == 201, duel
    _, dispute = site.post(f"/api/duels/{duel['id']}/disputes",
                           {"at": 3, "claim": "Life is wrong."}, role="judge")
    status, resolved = site.post(f"/api/disputes/{dispute['id']}/resolution", {
        "outcome": "overturned", "ruling": "Life corrected.", "rule": "R14.8",
        "correction": {"changes": [{"field": "players.1.life", "after": 11}]}})
    assert status == 201, resolved
    return duel["id"]


def test_a_scorekeeper_imports_the_signed_log_the_page_offered(site, page):
    """Issue 28, item 2: the "Signed log (JSON)" of a corrected duel imports again, as a
    scorekeeper: named when it is stored already, a copy when asked for."""
    duel = corrected_duel(site, "signed-log-round-trip")
    open_page(page, f"/duels/{duel}")
    sign_in(page, site.tokens["scorekeeper"], "scorekeeper")
    _, log = download(page, "#download-log")
    open_page(page, "/")
    hint = page.locator("#import-hint")
    expect(hint).to_contain_text("scorekeeper's or head judge's token")
    expect(hint).to_contain_text("except a log this service signed, which a scorekeeper may "
                                 "import too")
    # Stored already: the page says so, links to it, and nothing is stored.
    before = site.get("/api/duels?event=browser-tests&table=signed-log-round-trip")["total"]
    choose(page, log, name=f"duel-{duel}-log.json")
    result = page.locator("#import-result")
    expect(result).to_have_attribute("data-result", "stored")
    expect(result).to_contain_text("This duel is already stored here")
    expect(result.locator("a")).to_have_attribute("href", f"/duels/{duel}")
    assert site.get("/api/duels?event=browser-tests&table=signed-log-round-trip")[
        "total"] == before
    # Asked for as a new copy: imported, with the correction and who made it.
    page.check("#import-form input[name=copy]")
    choose(page, log, name=f"duel-{duel}-log.json")
    expect(result).to_have_attribute("data-result", "imported")
    copy = result.get_attribute("data-duel")
    assert copy != duel
    screenshot(page, "import-signed-log")
    theirs = site.get(f"/api/duels/{copy}/log", role="head_judge")["events"]
    ours = json.loads(log)["events"]
    assert [(e["kind"], e["payload"], e.get("by")) for e in theirs] == [
        (e["kind"], e["payload"], e.get("by")) for e in ours]
    fix = next(e for e in theirs if e["payload"].get("kind") == "correction")
    assert fix["by"]["role"] == "head_judge"
    assert site.get(f"/api/duels/{copy}/state")["players"][1]["life"] == 11


def test_a_log_as_judge_export_writes_it_imports_too(site, page):
    """``judge export --log`` writes JSON lines: the page sends them as the API's log."""
    duel = corrected_duel(site, "json-lines-log")
    log = site.get(f"/api/duels/{duel}/log", role="head_judge")
    lines = "\n".join(json.dumps(x) for x in [log["header"], *log["events"]]) + "\n"
    open_page(page, "/")
    sign_in(page, site.tokens["scorekeeper"], "scorekeeper")
    page.click("#import summary")
    page.check("#import-form input[name=copy]")
    choose(page, lines, name="duel.log.jsonl")
    result = page.locator("#import-result")
    expect(result).to_have_attribute("data-result", "imported")
    copy = result.get_attribute("data-duel")
    assert site.get(f"/api/duels/{copy}")["version"] == len(log["events"])
