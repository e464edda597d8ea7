"""Downloads from the replay page: the record, the signed log and the narrative as plain
text are the API's own answers for the signed-in reader (a secret not yet revealed to that
reader is left out, and the page says so)."""

from __future__ import annotations

import http.client
import json

import pytest
from playwright.sync_api import expect

from events.export import verify_file
from tests.viewer.conftest import open_page, sign_in

pytestmark = pytest.mark.usefixtures("chromium_path")


def api_text(site, path: str, role: str | None = None) -> tuple[str, dict[str, str]]:
    """A GET's body as text, and its headers (the narrative is not JSON)."""
    conn = http.client.HTTPConnection("127.0.0.1", site.server.port, timeout=30)
    try:
        headers = {"Authorization": f"Bearer {site.tokens[role]}"} if role else {}
        conn.request("GET", path, headers=headers)
        resp = conn.getresponse()
        body = resp.read().decode()
        assert resp.status == 200, (path, resp.status, body)
        return body, {k.lower(): v for k, v in resp.getheaders()}
    finally:
        conn.close()


def download(page, button: str) -> tuple[str, str]:
    """Click a download button: the file's suggested name and its text."""
    with page.expect_download() as info:
        page.click(button)
    got = info.value
    return got.suggested_filename, open(got.path(), encoding="utf-8").read()


def test_the_record_log_and_narrative_download_as_the_api_gives_them(site, page):
    duel = site.demo("demo-duel")
    open_page(page, f"/duels/{duel}?at=3")
    name, text = download(page, "#download-record")
    assert name == f"duel-{duel}-record.json"
    assert json.loads(text) == site.get(f"/api/duels/{duel}/record")
    name, text = download(page, "#download-log")
    assert name == f"duel-{duel}-log.json"
    assert json.loads(text) == site.get(f"/api/duels/{duel}/log")
    assert verify_file(text)["kind"] == "log"  # as `judge verify` checks it
    name, text = download(page, "#download-narrative")
    assert name == f"duel-{duel}-narrative.txt"
    narrative, headers = api_text(site, f"/api/duels/{duel}/narrative")
    assert headers["content-type"].startswith("text/plain")
    assert text == narrative
    assert "== Beat 1 ==" in text
    expect(page.locator("#download-note")).to_have_text("")


def test_an_onlooker_downloads_only_what_the_api_shows_them(site, page):
    """A duel waiting on face-down pairs: the scorekeeper who recorded them downloads
    them, an onlooker downloads the history before them and is told so."""
    record = site.get(f"/api/duels/{site.demo('demo-duel')}/record")
    first_pairs = [i for i, d in enumerate(record["decisions"]) if d["kind"] == "attack_pair"]
    record["decisions"] = record["decisions"][:first_pairs[1] + 1]  # both pairs of beat 1
    record["labels"] = {"event": "browser-tests", "table": "downloads-hidden"}
    status, duel = site.post("/api/duels", record, role="scorekeeper")
    assert status == 201, duel
    duel = duel["id"]
    open_page(page, f"/duels/{duel}")
    _, text = download(page, "#download-record")
    onlooker = site.get(f"/api/duels/{duel}/record")
    assert json.loads(text) == onlooker
    assert len(onlooker["decisions"]) < len(record["decisions"])
    withheld = api_text(site, f"/api/duels/{duel}/record")[1]["x-withheld-from"]
    expect(page.locator("#download-note")).to_contain_text(
        f"event {withheld} is a secret choice not yet revealed to you")
    _, text = download(page, "#download-narrative")
    assert text == api_text(site, f"/api/duels/{duel}/narrative")[0]

    sign_in(page, site.tokens["scorekeeper"], "scorekeeper")
    _, text = download(page, "#download-record")
    assert json.loads(text)["decisions"] == record["decisions"]
    expect(page.locator("#download-note")).to_have_text("")
    _, text = download(page, "#download-narrative")
    assert text == api_text(site, f"/api/duels/{duel}/narrative", "scorekeeper")[0]
    assert len(text) > len(api_text(site, f"/api/duels/{duel}/narrative")[0])
