"""Load benchmark of the HTTP API, run on demand: ``python benchmarks/load.py``.

Starts ``judge serve`` on loopback (a SQLite file in a temporary directory, or
``--database-url``), then drives it with concurrent clients (threads, each with its own
keep-alive ``http.client`` connection) for a bounded time:

- half the clients read: ``GET /api/duels/{id}/state?at=N`` on a prepared complete duel,
  N uniformly random;
- half the clients write: each records its own duels through ``POST .../decisions``,
  following ``GET .../prompt`` (a seeded random legal option, ``If-Match`` and an
  ``Idempotency-Key``), starting a new duel when one ends.

Prints one JSON object per line, {"name", "value", "unit"}: requests/s, p50 and p99 latency
for each kind of request, the error count, and the final check that every accepted decision
is stored exactly once (each writer's accepted decisions against ``GET .../record``).
Exits 1 when there were errors or a decision was lost or duplicated.

Targets (issue 4, a 2-core machine): GET state p99 <= 25 ms, POST decision p99 <= 50 ms,
zero errors, zero lost or duplicated decisions. The client threads share this process
(and the machine) with the server, so latencies include the client's own overhead.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from judge.playout import play, record_setup  # noqa: E402

FIGHTERS = ("cadenza", "hikaru", "kallistar", "khadath")


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


def emit(name: str, value, unit: str) -> None:
    if isinstance(value, float):
        value = round(value, 3)
    print(json.dumps({"name": name, "value": value, "unit": unit}), flush=True)


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


class Client:
    """One keep-alive connection; reconnects after a failure."""

    def __init__(self, port: int, token: str | None = None) -> None:
        self.port = port
        self.auth = {"Authorization": f"Bearer {token}"} if token else {}
        self.conn: http.client.HTTPConnection | None = None

    def request(self, method: str, path: str, body: object = None,
                headers: dict | None = None) -> tuple[int, dict, object]:
        data = None if body is None else json.dumps(body).encode()
        h = {**self.auth, **(headers or {})}
        if data is not None:
            h["Content-Type"] = "application/json"
        for attempt in (1, 2):
            if self.conn is None:
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
            try:
                self.conn.request(method, path, body=data, headers=h)
                resp = self.conn.getresponse()
                raw = resp.read()
            except (OSError, http.client.HTTPException):
                self.conn.close()
                self.conn = None
                if attempt == 2:
                    raise
                continue
            if resp.getheader("Connection", "").lower() == "close":
                self.conn.close()
                self.conn = None
            headers_out = {k.lower(): v for k, v in resp.getheaders()}
            return resp.status, headers_out, json.loads(raw) if raw else None
        raise AssertionError("unreachable")


class Stats:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.latency: dict[str, list[float]] = defaultdict(list)
        self.errors: dict[str, int] = defaultdict(int)
        self.samples: list[str] = []

    def add(self, kind: str, seconds: float, ok: bool, what: str = "") -> None:
        with self.lock:
            self.latency[kind].append(seconds * 1000)
            if not ok:
                self.errors[kind] += 1
                if len(self.samples) < 10:
                    self.samples.append(f"{kind}: {what}"[:300])


def timed(stats: Stats, kind: str, client: Client, method: str, path: str, body=None,
          headers=None, expect=(200,)):
    start = time.perf_counter()
    try:
        status, h, data = client.request(method, path, body, headers)
    except Exception as err:  # noqa: BLE001 - counted as an error
        stats.add(kind, time.perf_counter() - start, False, repr(err))
        return None, {}, None
    stats.add(kind, time.perf_counter() - start, status in expect, f"{status} {data}")
    return status, h, data


def choose(prompt: dict, rng: random.Random) -> dict:
    order = prompt.get("order")
    if order and rng.random() < 0.25:
        effects = list(order["effects"])
        rng.shuffle(effects)
        return {"player": order["player"], "kind": "order", "effects": effects}
    return rng.choice(prompt["options"])


def reader(port: int, duel_id: str, events: int, deadline: float, stats: Stats,
           seed: int) -> None:
    rng = random.Random(seed)
    client = Client(port)
    while time.monotonic() < deadline:
        n = rng.randint(0, events)
        timed(stats, "get_state", client, "GET", f"/api/duels/{duel_id}/state?at={n}")


def writer(port: int, token: str, deadline: float, stats: Stats, seed: int,
           accepted: dict[str, list[dict]]) -> None:
    """Record duels of its own until the deadline; ``accepted`` gets every 201 decision."""
    rng = random.Random(seed)
    client = Client(port, token)
    duel_id = None
    step = 0
    while time.monotonic() < deadline:
        if duel_id is None:
            setup = record_setup(rng.choice(FIGHTERS), rng.choice(FIGHTERS), True, False,
                                 rng.randrange(2), rng)
            status, _, body = timed(stats, "post_duel", client, "POST", "/api/duels",
                                    {**setup, "event": "load", "table": str(seed)},
                                    expect=(201,))
            if status != 201:
                continue
            duel_id = body["id"]
            accepted[duel_id] = []
        status, h, now = timed(stats, "get_prompt", client, "GET",
                               f"/api/duels/{duel_id}/prompt")
        if status != 200:
            continue
        if now["over"]:
            duel_id = None
            continue
        decision = choose(now["prompt"], rng)
        step += 1
        status, _, body = timed(stats, "post_decision", client, "POST",
                                f"/api/duels/{duel_id}/decisions", decision,
                                {"If-Match": h["etag"], "Idempotency-Key": f"{seed}-{step}"},
                                expect=(201,))
        if status == 201:
            accepted[duel_id].append(decision)


def start_server(store_args: list[str], threads: int, workdir: Path) -> tuple[subprocess.Popen,
                                                                               int, Path]:
    port = free_port()
    log = workdir / "server.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen([*judge_command(), "serve", "--host", "127.0.0.1", "--port",
                                 str(port), "--threads", str(threads), *store_args],
                                stdout=out, stderr=subprocess.STDOUT, env=child_env(),
                                cwd=ROOT)
    client = Client(port)
    deadline = time.monotonic() + 30
    while True:
        if proc.poll() is not None:
            raise SystemExit(f"judge serve exited with {proc.returncode}:\n"
                             f"{log.read_text(errors='replace')[-3000:]}")
        try:
            if client.request("GET", "/api/health")[0] == 200:
                return proc, port, log
        except OSError:
            pass
        if time.monotonic() > deadline:
            proc.terminate()
            raise SystemExit("judge serve did not answer /api/health in 30 s")
        time.sleep(0.1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=30.0, help="how long to drive it")
    parser.add_argument("--clients", type=int, default=64, help="concurrent clients (half "
                        "read state, half record decisions)")
    parser.add_argument("--writers", type=int, default=None, help="how many of the clients "
                        "record decisions (default: half)")
    parser.add_argument("--threads", type=int, default=8, help="the server's worker threads")
    parser.add_argument("--database-url", help="PostgreSQL instead of a temporary SQLite file "
                        "(use a database or ?schema= of its own: duels are added to it)")
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory(prefix="battlecon-load-") as tmp:
        workdir = Path(tmp)
        store_args = (["--database-url", args.database_url] if args.database_url
                      else ["--db", str(workdir / "load.db")])
        made = subprocess.run([*judge_command(), "token", "create", "--role", "scorekeeper",
                               "--name", "load", *store_args], capture_output=True, text=True,
                              env=child_env(), cwd=ROOT, check=True)
        token = made.stdout.strip().splitlines()[0]
        proc, port, log = start_server(store_args, args.threads, workdir)
        try:
            return drive(args, port, token)
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def drive(args: argparse.Namespace, port: int, token: str) -> int:
    setup = Client(port, token)
    record = play(5, "hikaru", "khadath").to_record()
    status, _, prepared = setup.request("POST", "/api/duels", {**record, "event": "load-read"})
    if status != 201:
        raise SystemExit(f"could not store the prepared duel: {status} {prepared}")
    read_id, events = prepared["id"], prepared["version"]

    stats = Stats()
    accepted: dict[int, dict[str, list[dict]]] = {}
    writers = args.clients - args.clients // 2 if args.writers is None else args.writers
    readers = args.clients - writers
    threads = []
    start = time.monotonic()
    deadline = start + args.seconds
    for i in range(readers):
        threads.append(threading.Thread(target=reader, args=(port, read_id, events, deadline,
                                                            stats, 1000 + i), daemon=True))
    for i in range(writers):
        accepted[i] = {}
        threads.append(threading.Thread(target=writer, args=(port, token, deadline, stats,
                                                            2000 + i, accepted[i]),
                                        daemon=True))
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.monotonic() - start

    emit("clients", args.clients, "threads")
    emit("server_threads", args.threads, "threads")
    emit("seconds", elapsed, "s")
    for kind in ("get_state", "post_decision", "get_prompt", "post_duel"):
        lat = stats.latency.get(kind, [])
        emit(f"{kind}_requests_per_s", len(lat) / elapsed, "req/s")
        emit(f"{kind}_p50_ms", percentile(lat, 0.50), "ms")
        emit(f"{kind}_p99_ms", percentile(lat, 0.99), "ms")
    total = sum(len(v) for v in stats.latency.values())
    emit("all_requests_per_s", total / elapsed, "req/s")
    errors = sum(stats.errors.values())
    emit("errors", errors, "count")
    for sample in stats.samples:
        print(f"error sample: {sample}", file=sys.stderr)

    # every accepted decision is in the store exactly once, in order
    checker = Client(port)
    lost = duplicated = other = checked = decisions = 0
    for per_writer in accepted.values():
        for duel_id, mine in per_writer.items():
            status, _, stored = checker.request("GET", f"/api/duels/{duel_id}/record")
            checked += 1
            decisions += len(mine)
            if status != 200:
                lost += len(mine)
                continue
            theirs = stored["decisions"]
            if theirs == mine:
                continue
            if len(theirs) < len(mine):
                lost += len(mine) - len(theirs)
            elif len(theirs) > len(mine):
                duplicated += len(theirs) - len(mine)
            else:
                other += sum(a != b for a, b in zip(mine, theirs, strict=True))
    emit("duels_recorded", checked, "count")
    emit("decisions_accepted", decisions, "count")
    emit("decisions_lost", lost, "count")
    emit("decisions_duplicated", duplicated, "count")
    emit("decisions_mismatched", other, "count")
    ok = errors == 0 and lost == duplicated == other == 0
    emit("stored_exactly_once", ok and checked > 0, "bool")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
