"""Browser tests: Debian's chromium driven by Playwright against ``judge serve --demo``.

One server per test process (a SQLite file with the demo duels and a token for each
role). Each test gets a fresh browser context, so a fresh sessionStorage (no token).
Chromium is Debian's (``/usr/bin/chromium``, installed by ``scripts/setup.sh``):
without it, or without the ``playwright`` package, these tests are skipped locally
and fail in CI (``CI`` set). Screenshots go to ``artifacts/screenshots/``.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.serving import ROOT, Server, create_token, start_server

CHROMIUM = os.environ.get("BATTLECON_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
ARTIFACTS = Path(os.environ.get("BATTLECON_ARTIFACTS") or ROOT / "artifacts") / "screenshots"
ROLES = ("scorekeeper", "judge", "head_judge")


def _missing() -> str | None:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright package is not installed (bash scripts/setup.sh installs it)"
    if not Path(CHROMIUM).exists():
        return f"no chromium at {CHROMIUM} (bash scripts/setup.sh installs Debian's chromium)"
    return None


@pytest.fixture(scope="session")
def chromium_path() -> str:
    problem = _missing()
    if problem:
        if os.environ.get("CI"):
            pytest.fail(f"browser tests must run in CI: {problem}")
        pytest.skip(problem)
    return CHROMIUM


@dataclass
class Site:
    """The running service with a token for each role."""

    server: Server
    tokens: dict[str, str]

    @property
    def base(self) -> str:
        return self.server.base

    def get(self, path: str, role: str | None = None) -> object:
        """GET as ``role`` (anonymous by default: face-down choices hidden)."""
        return self.server.get(path, self.tokens[role] if role else None)

    def post(self, path: str, body: object, role: str = "head_judge",
             headers: dict | None = None) -> tuple[int, object]:
        status, _, data = self.server.request("POST", path, body, headers={
            "Authorization": f"Bearer {self.tokens[role]}", **(headers or {})})
        return status, data

    def demo(self, table: str) -> str:
        """The id of the demo duel stored from examples/<table>.json."""
        listing = self.get(f"/api/duels?event=demo&table={table}")
        (duel,) = [d for d in listing["items"] if d["created_by"] == "demo"]
        return duel["id"]

    def copy_of_demo(self, table: str) -> str:
        """A new duel with a demo duel's record, so a test may change it freely (a copy
        asked for explicitly: the second of one table is the same duel as the first)."""
        record = self.get(f"/api/duels/{self.demo(table)}/record")
        record["labels"] = {"event": "browser-tests", "table": table}
        status, duel = self.post("/api/duels?copy=true", record, role="scorekeeper")
        assert status == 201, duel
        return duel["id"]


@pytest.fixture(scope="session")
def site(chromium_path, tmp_path_factory) -> Iterator[Site]:
    tmp = tmp_path_factory.mktemp("viewer")
    store_args = ["--db", str(tmp / "judge.sqlite")]
    tokens = {role: create_token(store_args, role, f"{role}-tester") for role in ROLES}
    server = start_server(store_args, tmp / "server.log", "--demo")
    try:
        yield Site(server, tokens)
    finally:
        server.stop()


@pytest.fixture(scope="session")
def browser(chromium_path) -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=chromium_path)
        yield b
        b.close()


@pytest.fixture
def page(browser, site) -> Iterator[object]:
    context = browser.new_context(base_url=site.base, viewport={"width": 1300, "height": 1000})
    context.set_default_timeout(15000)
    pg = context.new_page()
    errors: list[str] = []  # script errors (a failed fetch for a refused request is expected)
    pg.on("pageerror", lambda err: errors.append(str(err)))
    pg.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" and
          "Failed to load resource" not in msg.text else None)
    pg.errors = errors
    yield pg
    context.close()
    assert not errors, f"script errors in the page: {errors}"


def screenshot(page, name: str) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def open_page(page, path: str) -> None:
    """Go to a viewer page and wait until its script has loaded what it shows."""
    page.goto(path)
    page.wait_for_selector("body[data-ready=true]")


def sign_in(page, token: str, role: str | None) -> None:
    """Sign in; with a role, wait until the page has reloaded under it and is ready (signing
    in re-reads everything the page shows)."""
    page.fill("#session-token", token)
    page.click("#session-signin")
    if role:
        page.wait_for_selector(f"#session-who[data-role={role}]")
        page.wait_for_selector("body[data-ready=true]")
