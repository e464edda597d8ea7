"""``judge serve`` as a real process for the end-to-end and browser tests."""

from __future__ import annotations

import http.client
import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest

ROOT = Path(__file__).resolve().parents[1]


def judge_command() -> list[str]:
    script = Path(sys.executable).with_name("judge")
    return [str(script)] if script.exists() else [sys.executable, "-m", "api.cli"]


def child_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("BATTLECON_")}
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH")) if p)
    return env


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def create_token(store_args: list[str], role: str, name: str) -> str:
    """A token made with ``judge token create`` (before the server starts)."""
    done = subprocess.run([*judge_command(), "token", "create", "--role", role, "--name", name,
                           *store_args], capture_output=True, text=True, env=child_env(),
                          timeout=60, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    token = done.stdout.strip().splitlines()[0]
    assert token.startswith("bcj_") and "shown only now" in done.stderr
    return token


class Server:
    """A running ``judge serve``: its port, process and log, and a small JSON client."""

    def __init__(self, port: int, proc: subprocess.Popen, log: Path) -> None:
        self.port, self.proc, self.log = port, proc, log
        self.base = f"http://127.0.0.1:{port}"

    def request(self, method: str, path: str, body: object = None,
                headers: dict | None = None) -> tuple[int, dict, object]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            data = None if body is None else json.dumps(body).encode()
            h = dict(headers or {})
            if data is not None:
                h["Content-Type"] = "application/json"
            conn.request(method, path, body=data, headers=h)
            resp = conn.getresponse()
            raw = resp.read()
            headers = {k.lower(): v for k, v in resp.getheaders()}
            return resp.status, headers, json.loads(raw) if raw else None
        finally:
            conn.close()

    def get(self, path: str, token: str | None = None) -> object:
        status, _, body = self.request("GET", path, headers={
            "Authorization": f"Bearer {token}"} if token else None)
        assert status == 200, (path, status, body)
        return body

    def output(self) -> str:
        return self.log.read_text(errors="replace")[-4000:]

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(timeout=10)


def start_server(store_args: list[str], log: Path, *extra: str,
                 env: dict[str, str] | None = None) -> Server:
    """Start ``judge serve`` on a free loopback port and wait until /api/health answers
    (``env``: variables added to the child's environment).

    A port found free can be taken by another test's server before ours binds it (the
    tests run in parallel): the server then says the port is taken and exits 2, and we
    try another port, up to three times."""
    for _attempt in range(3):
        srv = _launch(store_args, log, extra, env)
        if srv is not None:
            return srv
    pytest.fail(f"judge serve found its port taken three times:\n{log.read_text()}")


def _launch(store_args: list[str], log: Path, extra: tuple[str, ...],
            env: dict[str, str] | None) -> Server | None:
    """One start on a fresh port: the server, or None when its port was taken."""
    port = free_port()
    with open(log, "wb") as out:
        proc = subprocess.Popen([*judge_command(), "serve", "--host", "127.0.0.1", "--port",
                                 str(port), *store_args, *extra], stdout=out,
                                stderr=subprocess.STDOUT, env={**child_env(), **(env or {})},
                                cwd=ROOT)
    srv = Server(port, proc, log)
    deadline = time.monotonic() + 30
    while True:
        if proc.poll() is not None:
            if proc.returncode == 2 and "is taken" in srv.output():
                return None
            pytest.fail(f"judge serve exited with {proc.returncode}:\n{srv.output()}")
        try:
            status, _, body = srv.request("GET", "/api/health")
            if status == 200 and body["status"] == "ok":
                return srv
        except OSError:
            pass
        if time.monotonic() > deadline:
            srv.stop()
            pytest.fail(f"judge serve did not answer /api/health in 30 s:\n{srv.output()}")
        time.sleep(0.1)


# --- PostgreSQL (BATTLECON_TEST_DATABASE_URL, else the CI machine's server) -----------------

PG_DEFAULT_URL = "postgresql://postgres@127.0.0.1:5432/test"


# --- PostgreSQL -------------------------------------------------------------------------------


def pg_base_url() -> str:
    parts = urlsplit(os.environ.get("BATTLECON_TEST_DATABASE_URL") or PG_DEFAULT_URL)
    return urlunsplit((parts.scheme, parts.netloc, parts.path, "", ""))


def pg_admin(url: str, statement: str) -> None:
    import psycopg

    with psycopg.connect(url, connect_timeout=5, autocommit=True) as conn:
        conn.execute(statement)


def require_postgres() -> str:
    url = pg_base_url()
    try:
        pg_admin(url, "SELECT 1")
    except Exception as err:  # noqa: BLE001 - any failure means "not reachable"
        problem = f"{type(err).__name__}: {str(err).strip()}"
        if os.environ.get("CI"):
            pytest.fail(f"PostgreSQL not reachable at {url} ({problem}); in CI the "
                        "PostgreSQL end-to-end test must run (scripts/postgres.sh starts it).",
                        pytrace=False)
        pytest.skip(f"PostgreSQL not reachable at {url} ({problem}): skipped locally "
                    "(run scripts/postgres.sh)")
    return url
