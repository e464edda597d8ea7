"""End to end: ``judge serve`` as a real process (waitress), a complete duel recorded over
HTTP decision by decision following the prompts, checked against the engine's replay of the
exported record. Once on a SQLite file and once on PostgreSQL (``--database-url``, a schema
of its own; skipped locally when the server cannot be reached, a failure when ``CI`` is
set). The server is ``BATTLECON_TEST_DATABASE_URL`` or postgresql://postgres@127.0.0.1:5432/test.
Each with one server process and with ``--workers 2`` (every request on a connection of its
own, so the prompt read after a decision, and a retried decision, may reach the other worker).
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from judge.battlecon import Duel
from tests.api.conftest import engine_state, first_difference, setup_record
from tests.serving import (
    ROOT,
    Server,
    child_env,
    create_token,
    free_port,
    judge_command,
    start_server,
)

# --- the server -------------------------------------------------------------------------------


@pytest.fixture
def token(store_args) -> str:
    """A scorekeeper's token, made with ``judge token create`` before the server starts."""
    return create_token(store_args, "scorekeeper", "e2e-scorekeeper")


@pytest.fixture(params=[1, 2], ids=["1-worker", "2-workers"])
def workers(request) -> int:
    """``judge serve --workers``: one process, or two sharing the port and the store (every
    request below opens a connection of its own, so either worker may answer it)."""
    return request.param


@pytest.fixture
def server(store_args, token, workers, tmp_path) -> Iterator[Server]:
    yield from run_server(store_args, workers, tmp_path)


def run_server(store_args: list[str], workers: int, tmp_path: Path) -> Iterator[Server]:
    srv = start_server(store_args, tmp_path / "server.log", "--workers", str(workers))
    try:
        yield srv
    finally:
        srv.stop()


# --- the test ---------------------------------------------------------------------------------


def choose(prompt: dict, rng: random.Random) -> dict:
    """A random legal decision from a prompt (as judge.battlecon.playout.choose does)."""
    order = prompt.get("order")
    if order and rng.random() < 0.25:
        effects = list(order["effects"])
        rng.shuffle(effects)
        return {"player": order["player"], "kind": "order", "effects": effects}
    return rng.choice(prompt["options"])


def test_record_a_whole_duel_over_http(store_args, token, server):
    auth = {"Authorization": f"Bearer {token}"}
    status, _, body = server.request("GET", "/api/health")
    assert body["store"] == ("postgres" if "--database-url" in store_args else "sqlite")

    status, headers, created = server.request(
        "POST", "/api/duels", {**setup_record("kallistar", "cadenza", seed=3), "event": "E2E",
                               "table": "1"}, auth)
    assert status == 201, created
    duel_id = created["id"]
    assert headers["location"] == f"/api/duels/{duel_id}"
    assert created["created_by"] == "e2e-scorekeeper"

    rng = random.Random(2024)
    sent: list[dict] = []
    for step in range(5000):
        status, headers, now = server.request("GET", f"/api/duels/{duel_id}/prompt")
        assert status == 200, now
        if now["over"]:
            break
        assert headers["etag"] == f'"{now["event"]}"'
        decision = choose(now["prompt"], rng)
        key = f"e2e-{step}"
        status, headers, appended = server.request(
            "POST", f"/api/duels/{duel_id}/decisions", decision,
            {**auth, "If-Match": headers["etag"], "Idempotency-Key": key})
        assert status == 201, (decision, appended)
        assert appended["events"][0]["event"] == now["event"] + 1
        assert headers["etag"] == f'"{appended["version"]}"'
        sent.append(decision)
        if step % 15 == 7:  # a lost answer: the tablet sends the same decision again
            status, _, again = server.request(
                "POST", f"/api/duels/{duel_id}/decisions", decision,
                {**auth, "If-Match": f'"{now["event"]}"', "Idempotency-Key": key})
            assert status == 200 and again["replayed"] is True
            assert again["events"] == appended["events"]
    else:
        pytest.fail("the duel did not end in 5000 decisions")

    status, _, state = server.request("GET", f"/api/duels/{duel_id}/state")
    assert status == 200
    status, _, record = server.request("GET", f"/api/duels/{duel_id}/record")
    assert status == 200
    assert record["decisions"] == sent, "every accepted decision is stored once, in order"
    assert record["labels"] == {"event": "E2E", "table": "1"}

    print(f"{len(sent)} decisions recorded over HTTP")
    duel = Duel.from_record(record)
    diff = first_difference(state, engine_state(duel))
    assert diff is None, diff
    assert state["over"] is True
    status, _, summary = server.request("GET", f"/api/duels/{duel_id}")
    assert summary["version"] == len(duel.events) == state["event"]
    assert summary["status"] == "over" and summary["winner"] == duel.state.winner


# --- worker processes -------------------------------------------------------------------------


def children(pid: int) -> list[int]:
    """The live child processes of ``pid`` (Linux /proc), the resource tracker left out."""
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
            cmdline = (stat.parent / "cmdline").read_bytes()
        except OSError:
            continue
        fields = text.rsplit(")", 1)[1].split()
        if int(fields[1]) == pid and fields[0] != "Z" and b"resource_tracker" not in cmdline:
            out.append(int(stat.parent.name))
    return out


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux /proc")
def test_workers_are_processes_of_their_own_and_stop_with_the_server(tmp_path):
    servers = run_server(["--db", str(tmp_path / "w.db")], 2, tmp_path)
    server = next(servers)
    workers = children(server.proc.pid)
    assert len(workers) == 2, server.output()
    server.proc.terminate()
    server.proc.wait(timeout=20)
    deadline = time.monotonic() + 20
    while any(Path(f"/proc/{pid}").exists() and "Z" not in _state(pid) for pid in workers):
        assert time.monotonic() < deadline, "a worker outlived the server"
        time.sleep(0.1)
    servers.close()


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return "Z"


def test_workers_need_a_shared_store(tmp_path):
    done = subprocess.run([*judge_command(), "serve", "--port", str(free_port()), "--workers",
                           "2", "--db", ":memory:"], capture_output=True, text=True,
                          env=child_env(), cwd=ROOT, timeout=60)
    assert done.returncode == 2
    assert "--workers needs a store the processes share" in done.stderr


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux /proc")
def test_workers_exit_when_the_parent_is_killed_and_a_restart_binds(tmp_path):
    """SIGKILL cannot be passed on: the workers notice the parent is gone and exit, so no
    orphan goes on serving, and a new server binds the same port."""
    store = ["--db", str(tmp_path / "w.db")]
    servers = run_server(store, 2, tmp_path)  # kept: closing it stops the server
    server = next(servers)
    workers = children(server.proc.pid)
    assert len(workers) == 2, server.output()
    server.proc.kill()
    server.proc.wait(timeout=20)
    deadline = time.monotonic() + 20
    while any(Path(f"/proc/{pid}").exists() and "Z" not in _state(pid) for pid in workers):
        assert time.monotonic() < deadline, "a worker outlived its killed parent"
        time.sleep(0.1)
    again = subprocess.Popen([*judge_command(), "serve", "--host", "127.0.0.1", "--port",
                              str(server.port), *store, "--workers", "2"],
                             stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT,
                             env=child_env(), cwd=ROOT)
    try:
        deadline = time.monotonic() + 30
        while True:
            assert again.poll() is None, "the restart could not serve the port"
            try:
                if server.request("GET", "/api/health")[0] == 200:
                    break
            except OSError:
                pass
            assert time.monotonic() < deadline, "the restart did not answer in 30 s"
            time.sleep(0.1)
    finally:
        again.terminate()
        again.wait(timeout=20)
        servers.close()


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux /proc")
def test_a_killed_worker_stops_the_service_with_one_plain_line(tmp_path):
    servers = run_server(["--db", str(tmp_path / "w.db")], 2, tmp_path)
    server = next(servers)
    workers = children(server.proc.pid)
    os.kill(workers[0], signal.SIGKILL)
    assert server.proc.wait(timeout=30) == 1
    out = server.output()
    assert "was killed by signal 9; stopping the service" in out, out
    assert "Traceback" not in out, out
    servers.close()
