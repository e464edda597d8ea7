"""``judge serve`` on a port already in use says so in one line and exits 2: no traceback,
and no "serving on" line first (issue: a taken port printed a raw OSError)."""

from __future__ import annotations

import socket
import subprocess

import pytest

from tests.serving import ROOT, child_env, judge_command


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_taken_port_is_said_in_words(tmp_path, workers):
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        done = subprocess.run([*judge_command(), "serve", "--host", "127.0.0.1", "--port",
                               str(port), "--db", str(tmp_path / "p.db"), "--workers", workers],
                              capture_output=True, text=True, env=child_env(), cwd=ROOT,
                              timeout=60)
    assert done.returncode == 2, done
    assert done.stderr.strip() == (
        f"judge serve: port {port} on 127.0.0.1 is taken (another server is using it); choose "
        "another with --port N (or BATTLECON_PORT), or stop the other server.")
    assert "Traceback" not in done.stderr and "serving on" not in done.stdout
    assert not (tmp_path / "p.db").exists()  # nothing was opened before the port was had
