"""Output cut short by a pipe (``judge fighters | head``) ends quietly: status 141, as a
command the pipe stopped by SIGPIPE exits, and nothing on stderr (issue 28, item 9)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# 101 kB of JSON lines, written line by line: more than a pipe (64 kB) and the reader's
# buffer hold, so the command is still writing when the reader goes away.
LONG = ROOT / "examples" / "khadath-vs-cadenza-both-variants.json"


def judge(*args: str) -> subprocess.Popen:
    """``judge`` of this checkout (not an installed one), its stdout a real pipe."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-m", "api.cli", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env, cwd=ROOT)


def test_replay_events_cut_after_the_first_line_ends_quietly():
    # A reader that takes the first line and leaves, as `| head -n 1` does.
    run = judge("replay", str(LONG), "--events")
    first = run.stdout.readline()
    run.stdout.close()
    err = run.stderr.read().decode()
    run.stderr.close()
    assert run.wait(timeout=120) == 141
    assert err == ""  # no BrokenPipeError traceback, no "Exception ignored" either
    assert json.loads(first)["event"] == 1


def test_fighters_into_a_pipe_nobody_reads_ends_quietly():
    run = judge("fighters")
    run.stdout.close()  # closed before the command has written a line
    err = run.stderr.read().decode()
    run.stderr.close()
    assert run.wait(timeout=120) == 141
    assert err == ""


def test_fighters_read_to_the_end_still_exits_0():
    run = judge("fighters")
    out, err = run.communicate(timeout=120)
    assert run.returncode == 0 and err == b""
    assert out.decode().startswith("Cadenza (cadenza)")
