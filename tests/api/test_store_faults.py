"""Store faults through a running ``judge serve`` (issue 27, item 7): a stopped PostgreSQL
answers 503 with ``Retry-After`` within the store's timeout while ``/api/health`` stays 200
and says the store is unreachable, and the service is used again once the server is back;
a full SQLite disk answers 507 and leaves the duel as it was; a read-only store is served
for reads and answers writes 503 saying so, and ``judge serve`` starts on it with one line;
a store that cannot be read at all stops ``judge serve`` with one line, no traceback.

The private PostgreSQL cluster and the small disks come from ``tests.store_faults``. The
store's timeout is 1 s here; the client waits at most 15 s for any answer, half the 28-30 s
the service used to hang.
"""

from __future__ import annotations

import http.client
import json
import subprocess
from pathlib import Path

import pytest

from tests.api.conftest import setup_record
from tests.serving import ROOT, Server, child_env, create_token, judge_command, start_server
from tests.store_faults import Cluster, cluster, fill, remount, tmpfs

__all__ = ["cluster"]  # the module's private PostgreSQL cluster (a fixture)

TIMEOUT_ENV = {"BATTLECON_STORE_TIMEOUT": "1"}


def ask(srv: Server, method: str, path: str, body: object = None,
        headers: dict | None = None) -> tuple[int, dict, dict]:
    """One request that must be answered within 15 s (a socket timeout fails the test)."""
    conn = http.client.HTTPConnection("127.0.0.1", srv.port, timeout=15)
    try:
        data = None if body is None else json.dumps(body).encode()
        sent = dict(headers or {}) | ({"Content-Type": "application/json"} if data else {})
        conn.request(method, path, body=data, headers=sent)
        resp = conn.getresponse()
        raw = resp.read()
        return resp.status, {k.lower(): v for k, v in resp.getheaders()}, json.loads(raw)
    finally:
        conn.close()


def new_duel(srv: Server, token: str) -> tuple[str, int]:
    status, _, made = ask(srv, "POST", "/api/duels", {**setup_record(seed=5), "event": "F"},
                          {"Authorization": f"Bearer {token}"})
    assert status == 201, made
    return made["id"], made["version"]


def decide(srv: Server, token: str, duel_id: str) -> tuple[int, dict, dict]:
    """Send the first legal option of the duel's prompt, at the version it is at."""
    status, headers, now = ask(srv, "GET", f"/api/duels/{duel_id}/prompt")
    if status != 200:
        return status, headers, now
    return ask(srv, "POST", f"/api/duels/{duel_id}/decisions", now["prompt"]["options"][0],
               {"Authorization": f"Bearer {token}", "If-Match": headers["etag"]})


def after_drop(call):
    """``call()`` (a request) right after the server ended the service's sessions: the
    first request that finds its connection dropped may be answered 503 "unreachable"
    (with Retry-After, which a client follows); the service then tries every pooled
    connection, so the next request is served on a live one."""
    status, headers, body = call()
    if status == 503 and "unreachable" in body["detail"]:
        status, headers, body = call()
    return status, headers, body


def version_of(srv: Server, duel_id: str) -> int:
    status, _, summary = ask(srv, "GET", f"/api/duels/{duel_id}")
    assert status == 200, summary
    return summary["version"]


# --- PostgreSQL stopped and started again ---------------------------------------------------


def test_a_stopped_postgres_answers_503_and_health_200_then_serves_again(cluster: Cluster,
                                                                          tmp_path):
    args = ["--database-url", cluster.database("served")]
    token = create_token(args, "scorekeeper", "sk-ana")
    srv = start_server(args, tmp_path / "serve.log", env=TIMEOUT_ENV)
    try:
        duel_id, version = new_duel(srv, token)
        cluster.stop()
        try:
            # Reads and writes: 503, Retry-After, "unreachable" (not 500 after 30 s).
            for method, path in (("GET", f"/api/duels/{duel_id}"), ("GET", "/api/duels"),
                                 ("GET", f"/api/duels/{duel_id}/state")):
                status, headers, body = ask(srv, method, path)
                assert (status, headers.get("retry-after")) == (503, "1"), (path, body)
                assert "unreachable" in body["detail"]
            status, headers, body = ask(srv, "POST", f"/api/duels/{duel_id}/decisions",
                                        {"player": 0}, {"Authorization": f"Bearer {token}",
                                                        "If-Match": f'"{version}"'})
            assert status == 503 and "unreachable" in body["detail"]
            # Health: 200, the store unreachable, for anonymous and token holders alike.
            for headers in ({}, {"Authorization": f"Bearer {token}"}):
                status, _, health = ask(srv, "GET", "/api/health", headers=headers)
                assert status == 200 and health["status"] == "ok"
                assert health["store"] == "postgres"
                assert health["store_state"]["reachable"] is False
                assert "duels" not in health
        finally:
            cluster.start()
        # Back: served again by the same process.
        assert version_of(srv, duel_id) == version
        status, _, appended = decide(srv, token, duel_id)
        assert status == 201, appended
        status, _, health = ask(srv, "GET", "/api/health")
        assert health["store_state"] == {"kind": "postgres", "reachable": True,
                                         "writable": True}
    finally:
        srv.stop()


def test_judge_serve_on_an_unreachable_postgres_says_so_in_one_line(cluster: Cluster):
    cluster.stop()
    try:
        done = subprocess.run([*judge_command(), "serve", "--port", "0", "--database-url",
                               cluster.url()], capture_output=True, text=True, timeout=60,
                              env={**child_env(), **TIMEOUT_ENV}, cwd=ROOT)
    finally:
        cluster.start()
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert "Traceback" not in done.stderr
    assert [line for line in lines if line.startswith("judge serve:")] == [lines[-1]]
    assert lines[-1].startswith("judge serve: cannot start: The store is unreachable")


def test_a_read_only_postgres_serves_reads_and_answers_writes_503(cluster: Cluster, tmp_path):
    args = ["--database-url", cluster.database("ro_served")]
    token = create_token(args, "scorekeeper", "sk-ana")
    srv = start_server(args, tmp_path / "serve.log", env=TIMEOUT_ENV)
    try:
        duel_id, version = new_duel(srv, token)
        cluster.read_only("ro_served", True)
        status, headers, body = after_drop(lambda: decide(srv, token, duel_id))
        assert (status, headers.get("retry-after")) == (503, "60"), body
        assert "read-only" in body["detail"]
        assert version_of(srv, duel_id) == version
        status, _, listed = ask(srv, "GET", "/api/duels")
        assert status == 200 and [d["id"] for d in listed["items"]] == [duel_id]
        status, _, health = ask(srv, "GET", "/api/health")
        assert (status, health["store_state"]["writable"]) == (200, False)
        cluster.read_only("ro_served", False)
        assert after_drop(lambda: decide(srv, token, duel_id))[0] == 201
    finally:
        cluster.read_only("ro_served", False)
        srv.stop()


# --- SQLite: a full disk, a read-only mount, a file of garbage -------------------------------


def test_a_full_sqlite_disk_answers_507_and_keeps_the_duel(tmp_path):
    with tmpfs(tmp_path / "disk", "2m") as disk:
        args = ["--db", str(disk / "full.db")]
        token = create_token(args, "scorekeeper", "sk-ana")
        srv = start_server(args, tmp_path / "serve.log", env=TIMEOUT_ENV)
        try:
            duel_id, _ = new_duel(srv, token)
            filler = fill(disk)
            for _ in range(200):  # until the disk's last pages are used up
                before = version_of(srv, duel_id)
                status, headers, body = decide(srv, token, duel_id)
                if status != 201:
                    break
            assert status == 507, body
            assert "full" in body["detail"] and "nothing was stored" in body["detail"]
            assert "retry-after" not in headers
            assert ask(srv, "GET", "/api/duels")[0] == 200  # the list is still served
            filler.unlink()
            assert version_of(srv, duel_id) == before  # nothing half-written
            assert decide(srv, token, duel_id)[0] == 201
        finally:
            srv.stop()


def test_judge_serve_on_a_read_only_sqlite_store_serves_reads(tmp_path):
    with tmpfs(tmp_path / "disk", "4m") as disk:
        args = ["--db", str(disk / "ro.db")]
        token = create_token(args, "scorekeeper", "sk-ana")
        srv = start_server(args, tmp_path / "first.log")
        duel_id, version = new_duel(srv, token)
        srv.stop()
        remount(disk, "ro")
        try:
            srv = start_server(args, tmp_path / "serve.log")
            try:
                # It started, and said so in one line.
                said = [line for line in srv.output().splitlines()
                        if line.startswith("judge serve:")]
                assert said == ["judge serve: the store is read-only: serving reads; writes "
                                "are answered 503 saying so (restart once it is writable "
                                "again)."]
                assert "Traceback" not in srv.output()
                # Every read is served; a write is 503 and says read-only.
                assert version_of(srv, duel_id) == version
                for path in ("/api/duels", f"/api/duels/{duel_id}/state",
                             f"/api/duels/{duel_id}/log"):
                    assert ask(srv, "GET", path)[0] == 200, path
                status, headers, body = decide(srv, token, duel_id)
                assert (status, headers.get("retry-after")) == (503, "60"), body
                assert "read-only" in body["detail"]
                status, _, health = ask(srv, "GET", "/api/health")
                assert status == 200 and health["store_state"]["reachable"] is True
                assert health["store_state"]["writable"] is False
            finally:
                srv.stop()
        finally:
            remount(disk, "rw")


def test_judge_serve_on_a_sqlite_file_of_garbage_says_so_in_one_line(tmp_path):
    path = Path(tmp_path / "garbage.db")
    path.write_bytes(b"\x00\x13garbage bytes, not SQLite " * 300)
    done = subprocess.run([*judge_command(), "serve", "--port", "0", "--db", str(path)],
                          capture_output=True, text=True, timeout=60, env=child_env(),
                          cwd=ROOT)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert done.stderr.strip().splitlines() == [
        "judge serve: cannot start: The store's file is not a readable database (damaged "
        "or not a database): restore it from a backup. (file is not a database)"]


@pytest.mark.parametrize("status", [503, 507])
def test_the_openapi_document_declares_the_store_faults(status):
    from api.app import create_app

    spec = create_app({"DB": ":memory:"}).test_client().get("/api/openapi.json").json
    decision = spec["paths"]["/api/duels/{duel_id}/decisions"]["post"]["responses"]
    assert str(status) in decision
    health = spec["paths"]["/api/health"]["get"]["responses"]
    assert "503" not in health


def judge(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([*judge_command(), *args], capture_output=True, text=True,
                          timeout=60, env=child_env(), cwd=ROOT)


def test_the_other_commands_say_a_store_fault_in_one_line(tmp_path):
    # A file of garbage: token list cannot read it.
    garbage = tmp_path / "garbage.db"
    garbage.write_bytes(b"not SQLite at all " * 300)
    done = judge("token", "list", "--db", str(garbage))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.strip().splitlines() == [
        "judge: The store's file is not a readable database (damaged or not a database): "
        "restore it from a backup. (file is not a database)"]
    # A read-only store: its tokens are listed, a new one is refused as read-only.
    with tmpfs(tmp_path / "disk", "4m") as disk:
        create_token(["--db", str(disk / "t.db")], "judge", "jo")
        remount(disk, "ro")
        try:
            listed = judge("token", "list", "--db", str(disk / "t.db"))
            assert listed.returncode == 0 and " jo " in listed.stdout
            refused = judge("token", "create", "--role", "judge", "--name", "kim", "--db",
                            str(disk / "t.db"))
            assert refused.returncode == 2 and "Traceback" not in refused.stderr
            assert refused.stderr.strip().splitlines() == [
                "judge: The store is read-only: reads are served, but nothing can be stored "
                "now. Nothing was stored. (attempt to write a readonly database)"]
        finally:
            remount(disk, "rw")
