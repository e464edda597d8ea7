"""Load benchmark of the HTTP API, run on demand: ``python benchmarks/load.py``.

Starts ``judge serve`` on loopback (a SQLite file in a temporary directory, or
``--database-url``; ``--workers N`` server processes, ``--threads`` each), then drives it
from client processes of its own (``--client-processes``, threads with one keep-alive
``http.client`` connection each) for a bounded time:

- half the clients read: ``GET /api/duels/{id}/state?at=N`` on a prepared complete duel,
  N uniformly random;
- half the clients write: each records its own duels through ``POST .../decisions``,
  following ``GET .../prompt`` (a seeded random legal option, ``If-Match`` and an
  ``Idempotency-Key``), starting a new duel when one ends.

Two load models:

- closed loop (the default): every client sends its next request as soon as the last one
  is answered, no think time. This saturates the server: its figure is the throughput
  (with C clients, mean latency = C / throughput, so the latency figures here only say how
  long the queue is).
- paced (``--rate R`` offered requests/s in total, or ``--think-ms T`` mean time between
  one client's actions): every client acts on a schedule of its own (exponential gaps,
  seeded), whether or not the server kept up; a reader's action is one GET state, a
  writer's is GET prompt then, at once, POST decision (two requests). Latency is measured
  from the time the schedule said to send (a request delayed by an earlier slow answer
  counts its wait: no coordinated omission); a POST decision is due when its prompt
  arrived. ``--rate 100,200,400`` runs one phase per rate on the same server and names
  the highest rate at which the targets held.

Prints one JSON object per line, {"name", "value", "unit"} (paced phases add
"offered_per_s"): requests/s, p50 and p99 latency for each kind of request, the error
count, the targets' verdict, and the final check that every accepted decision is stored
exactly once (each writer's accepted decisions against ``GET .../record``). Exits 1 when
there were errors or a decision was lost or duplicated.

Targets (issue 4, a 2-core machine): GET state p99 <= 25 ms, POST decision p99 <= 50 ms,
zero errors, zero lost or duplicated decisions. The clients share the machine with the
server, so every figure includes the clients' own CPU.

    python benchmarks/load.py --seconds 30                      # closed loop: throughput
    python benchmarks/load.py --seconds 30 --think-ms 1000      # 64 people at a table
    python benchmarks/load.py --seconds 20 --rate 200,400,600   # where do the targets break
"""

from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing
import os
import random
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from judge.battlecon.playout import play, record_setup  # noqa: E402

FIGHTERS = ("cadenza", "hikaru", "kallistar", "khadath")
TARGET_P99_MS = {"get_state": 25.0, "post_decision": 50.0}
KINDS = ("get_state", "post_decision", "get_prompt", "post_duel")


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


def emit(name: str, value, unit: str, **extra) -> None:
    if isinstance(value, float):
        value = round(value, 3)
    print(json.dumps({"name": name, "value": value, "unit": unit, **extra}), flush=True)


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


# --- the client side (runs in the client processes) -------------------------------------------


class Client:
    """One keep-alive connection; reconnects after a failure."""

    def __init__(self, port: int, token: str | None = None) -> None:
        self.port = port
        self.auth = {"Authorization": f"Bearer {token}"} if token else {}
        self.conn: http.client.HTTPConnection | None = None

    def request(self, method: str, path: str, body: object = None,
                headers: dict | None = None, parse: bool = True
                ) -> tuple[int, dict, object]:
        """(status, lower-cased headers, JSON body or raw bytes when not ``parse``)."""
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
            return resp.status, headers_out, (json.loads(raw) if raw else None) if parse else raw
        raise AssertionError("unreachable")


class Stats:
    """Latencies (ms) and errors per kind of request, shared by one process's clients."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.latency: dict[str, list[float]] = defaultdict(list)
        self.errors: dict[str, int] = defaultdict(int)
        self.samples: list[str] = []

    def add(self, kind: str, ms: float, ok: bool, what: str = "") -> None:
        with self.lock:
            self.latency[kind].append(ms)
            if not ok:
                self.errors[kind] += 1
                if len(self.samples) < 10:
                    self.samples.append(f"{kind}: {what}"[:300])


@dataclass
class Plan:
    """What one client process runs: its clients, the server, and the schedule."""

    port: int
    token: str
    read_id: str
    read_events: int
    readers: list[int]  # seeds
    writers: list[int]  # seeds
    start: float  # time.time() at which every client begins
    seconds: float
    gap_s: float | None  # mean time between one client's actions; None: closed loop
    phase: int = 0


@dataclass
class Outcome:
    """What one client process measured, sent back to the driver."""

    latency: dict[str, list[float]] = field(default_factory=dict)
    errors: dict[str, int] = field(default_factory=dict)
    samples: list[str] = field(default_factory=list)
    accepted: dict[str, list[dict]] = field(default_factory=dict)
    elapsed: float = 0.0  # from the start to the last answer


class Pacer:
    """When a client should act next: now (closed loop) or on its own exponential schedule.

    ``due()`` sleeps until the next scheduled time and returns it (``perf_counter`` time),
    or None when that is past the deadline; a client that fell behind is not given a later
    time, so its wait counts as latency.
    """

    def __init__(self, gap_s: float | None, rng: random.Random, deadline: float) -> None:
        self.gap_s = gap_s
        self.rng = rng
        self.deadline = deadline
        self.next = time.perf_counter() + (rng.expovariate(1 / gap_s) if gap_s else 0.0)

    def due(self) -> float | None:
        if self.gap_s is None:
            now = time.perf_counter()
            return now if now < self.deadline else None
        if self.next >= self.deadline:
            return None
        delay = self.next - time.perf_counter()
        if delay > 0:
            time.sleep(delay)
        due, self.next = self.next, self.next + self.rng.expovariate(1 / self.gap_s)
        return due


def timed(stats: Stats, kind: str, due: float, client: Client, method: str, path: str,
          body=None, headers=None, expect=(200,), parse: bool = True):
    """One request, its latency counted from ``due`` (the time it should have been sent)."""
    try:
        status, h, data = client.request(method, path, body, headers, parse)
    except Exception as err:  # noqa: BLE001 - counted as an error
        stats.add(kind, (time.perf_counter() - due) * 1000, False, repr(err))
        return None, {}, None
    ok = status in expect
    stats.add(kind, (time.perf_counter() - due) * 1000, ok,
              "" if ok else f"{status} {data if parse else data[:200]!r}")
    return status, h, data


def choose(prompt: dict, rng: random.Random) -> dict:
    order = prompt.get("order")
    if order and rng.random() < 0.25:
        effects = list(order["effects"])
        rng.shuffle(effects)
        return {"player": order["player"], "kind": "order", "effects": effects}
    return rng.choice(prompt["options"])


def reader(plan: Plan, seed: int, deadline: float, stats: Stats) -> None:
    rng = random.Random(seed)
    client = Client(plan.port)
    pacer = Pacer(plan.gap_s, rng, deadline)
    while (due := pacer.due()) is not None:
        n = rng.randint(0, plan.read_events)
        timed(stats, "get_state", due, client, "GET", f"/api/duels/{plan.read_id}/state?at={n}",
              parse=False)


def writer(plan: Plan, seed: int, deadline: float, stats: Stats,
           accepted: dict[str, list[dict]]) -> None:
    """Record duels of its own until the deadline; ``accepted`` gets every 201 decision."""
    rng = random.Random(seed)
    client = Client(plan.port, plan.token)
    pacer = Pacer(plan.gap_s, rng, deadline)
    duel_id = None
    step = 0
    while (due := pacer.due()) is not None:
        if duel_id is None:
            setup = record_setup(rng.choice(FIGHTERS), rng.choice(FIGHTERS), True, False,
                                 rng.randrange(2), rng)
            status, _, body = timed(stats, "post_duel", due, client, "POST", "/api/duels",
                                    {**setup, "event": "load", "table": str(seed)},
                                    expect=(201,))
            if status != 201:
                continue
            duel_id = body["id"]
            accepted[duel_id] = []
            due = time.perf_counter()
        status, h, now = timed(stats, "get_prompt", due, client, "GET",
                               f"/api/duels/{duel_id}/prompt")
        if status != 200:
            continue
        if now["over"]:
            duel_id = None
            continue
        decision = choose(now["prompt"], rng)
        step += 1
        status, _, body = timed(stats, "post_decision", time.perf_counter(), client, "POST",
                                f"/api/duels/{duel_id}/decisions", decision,
                                {"If-Match": h["etag"],
                                 "Idempotency-Key": f"{seed}-{plan.phase}-{step}"},
                                expect=(201,))
        if status == 201:
            accepted[duel_id].append(decision)


def run_clients(plan: Plan, results) -> None:
    """A client process: its readers and writers as threads, from ``plan.start`` on."""
    stats = Stats()
    accepted: dict[str, list[dict]] = {}
    per_writer: list[dict[str, list[dict]]] = [{} for _ in plan.writers]
    time.sleep(max(0.0, plan.start - time.time()))
    began = time.perf_counter()
    deadline = began + plan.seconds
    threads = [threading.Thread(target=reader, args=(plan, seed, deadline, stats), daemon=True)
               for seed in plan.readers]
    threads += [threading.Thread(target=writer, args=(plan, seed, deadline, stats, mine),
                                 daemon=True) for seed, mine in zip(plan.writers, per_writer,
                                                                   strict=True)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for mine in per_writer:
        accepted.update(mine)
    results.put(Outcome(dict(stats.latency), dict(stats.errors), stats.samples, accepted,
                        time.perf_counter() - began))


# --- the driver -------------------------------------------------------------------------------


def start_server(store_args: list[str], threads: int, workers: int, workdir: Path
                 ) -> tuple[subprocess.Popen, int, Path]:
    port = free_port()
    log = workdir / "server.log"
    with open(log, "wb") as out:
        many = ["--workers", str(workers)] if workers > 1 else []
        proc = subprocess.Popen([*judge_command(), "serve", "--host", "127.0.0.1", "--port",
                                 str(port), "--threads", str(threads), *many, *store_args],
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


def split(seeds: list[int], parts: int) -> list[list[int]]:
    return [seeds[i::parts] for i in range(parts)]


def run_phase(args: argparse.Namespace, base: Plan, gap_s: float | None, phase: int
              ) -> Outcome:
    """Drive the server for ``args.seconds`` from the client processes; their merged outcome."""
    writers = args.clients - args.clients // 2 if args.writers is None else args.writers
    readers = args.clients - writers
    procs = max(1, min(args.client_processes, args.clients))
    reader_seeds = split([1000 + i for i in range(readers)], procs)
    writer_seeds = split([2000 + i for i in range(writers)], procs)
    ctx = multiprocessing.get_context("spawn")
    results = ctx.Queue()
    start = time.time() + 1.0 + 0.3 * procs  # after every process has started
    children = []
    for k in range(procs):
        plan = Plan(base.port, base.token, base.read_id, base.read_events, reader_seeds[k],
                    writer_seeds[k], start, args.seconds, gap_s, phase)
        child = ctx.Process(target=run_clients, args=(plan, results), daemon=True)
        child.start()
        children.append(child)
    merged = Outcome()
    for _ in children:
        part: Outcome = results.get(timeout=args.seconds + 120)
        for kind, values in part.latency.items():
            merged.latency.setdefault(kind, []).extend(values)
        for kind, count in part.errors.items():
            merged.errors[kind] = merged.errors.get(kind, 0) + count
        merged.samples += part.samples
        merged.accepted.update(part.accepted)
        merged.elapsed = max(merged.elapsed, part.elapsed)
    for child in children:
        child.join()
    return merged


def report(outcome: Outcome, **extra) -> bool:
    """Emit the figures of one phase; True when its latency targets held with no error."""
    elapsed = outcome.elapsed
    for kind in KINDS:
        lat = outcome.latency.get(kind, [])
        emit(f"{kind}_requests_per_s", len(lat) / elapsed, "req/s", **extra)
        emit(f"{kind}_p50_ms", percentile(lat, 0.50), "ms", **extra)
        emit(f"{kind}_p99_ms", percentile(lat, 0.99), "ms", **extra)
    total = sum(len(v) for v in outcome.latency.values())
    emit("all_requests_per_s", total / elapsed, "req/s", **extra)
    errors = sum(outcome.errors.values())
    emit("errors", errors, "count", **extra)
    for sample in outcome.samples:
        print(f"error sample: {sample}", file=sys.stderr)
    met = errors == 0 and all(
        percentile(outcome.latency.get(kind, []), 0.99) <= limit
        for kind, limit in TARGET_P99_MS.items())
    emit("latency_targets_met", met, "bool", **extra)
    return met


def exactly_once(port: int, token: str, accepted: dict[str, list[dict]]) -> bool:
    """Every accepted decision is in the store exactly once, in order; emits the counts.

    Read with the writers' own token: a duel in progress hides its face-down choices from
    a reader who did not record them (docs/hidden-information.md), and an anonymous read
    would count each hidden choice as a lost decision."""
    checker = Client(port, token)
    lost = duplicated = other = decisions = 0
    for duel_id, mine in accepted.items():
        status, _, stored = checker.request("GET", f"/api/duels/{duel_id}/record")
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
    emit("duels_recorded", len(accepted), "count")
    emit("decisions_accepted", decisions, "count")
    emit("decisions_lost", lost, "count")
    emit("decisions_duplicated", duplicated, "count")
    emit("decisions_mismatched", other, "count")
    ok = lost == duplicated == other == 0 and decisions > 0
    emit("stored_exactly_once", ok, "bool")
    return ok


def gaps(args: argparse.Namespace) -> list[tuple[float | None, float | None]]:
    """(mean gap between one client's actions in s, offered requests/s) for each phase."""
    writers = args.clients - args.clients // 2 if args.writers is None else args.writers
    per_action = (args.clients - writers) + 2 * writers  # requests per round of actions
    if args.rate:
        rates = [float(r) for r in args.rate.split(",") if r.strip()]
        return [(per_action / rate, rate) for rate in rates]
    if args.think_ms:
        gap = args.think_ms / 1000
        return [(gap, per_action / gap)]
    return [(None, None)]


def drive(args: argparse.Namespace, port: int, token: str) -> int:
    setup = Client(port, token)
    record = play(5, "hikaru", "khadath").to_record()
    status, _, prepared = setup.request("POST", "/api/duels", {**record, "event": "load-read"})
    if status != 201:
        raise SystemExit(f"could not store the prepared duel: {status} {prepared}")
    base = Plan(port, token, prepared["id"], prepared["version"], [], [], 0.0, args.seconds,
                None)
    emit("clients", args.clients, "threads")
    emit("client_processes", args.client_processes, "processes")
    emit("server_workers", args.workers, "processes")
    emit("server_threads", args.threads, "threads")
    emit("seconds", args.seconds, "s")
    accepted: dict[str, list[dict]] = {}
    errors = 0
    best = None
    for phase, (gap_s, offered) in enumerate(gaps(args)):
        extra = {} if offered is None else {"offered_per_s": round(offered, 1)}
        outcome = run_phase(args, base, gap_s, phase)
        if report(outcome, **extra) and offered is not None:
            best = max(best or 0.0, offered)
        errors += sum(outcome.errors.values())
        accepted.update(outcome.accepted)
    if args.rate and "," in args.rate:
        emit("highest_rate_meeting_targets", best, "req/s")
    stored_ok = exactly_once(port, token, accepted)
    return 0 if errors == 0 and stored_ok else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=30.0, help="how long to drive it "
                        "(per rate, with several)")
    parser.add_argument("--clients", type=int, default=64, help="concurrent clients (half "
                        "read state, half record decisions)")
    parser.add_argument("--writers", type=int, default=None, help="how many of the clients "
                        "record decisions (default: half)")
    parser.add_argument("--client-processes", type=int, default=2, help="processes the "
                        "clients run in (threads in each)")
    pace = parser.add_mutually_exclusive_group()
    pace.add_argument("--rate", help="paced: offered requests/s in total; a comma-separated "
                      "list runs one phase per rate")
    pace.add_argument("--think-ms", type=float, help="paced: mean time between one client's "
                      "actions (a writer's action is a prompt and a decision)")
    parser.add_argument("--threads", type=int, default=8, help="the server's worker threads "
                        "(per worker process)")
    parser.add_argument("--workers", type=int, default=1, help="server processes "
                        "(judge serve --workers)")
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
        proc, port, log = start_server(store_args, args.threads, args.workers, workdir)
        try:
            return drive(args, port, token)
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


if __name__ == "__main__":
    sys.exit(main())
