"""``judge serve`` says which build of the rules it runs (issue 32: a fresh clone's
``scripts/run.sh`` reports the compiled build in use), as this test process finds it."""

from __future__ import annotations

import time

import judge.battlecon.ruleset  # noqa: F401 - imported, so compiled_modules() can tell
from judge.builds import compiled_modules
from tests.serving import start_server


def test_the_banner_names_the_build(tmp_path):
    found = compiled_modules()
    expected = f"rules compiled ({len(found)} modules))" if found else "rules pure Python)"
    srv = start_server(["--db", str(tmp_path / "b.db")], tmp_path / "serve.log")
    try:
        deadline = time.monotonic() + 10
        while "serving on" not in srv.output() and time.monotonic() < deadline:
            time.sleep(0.1)
        banner = next(line for line in srv.output().splitlines() if "serving on" in line)
    finally:
        srv.stop()
    assert banner.endswith(expected), banner
