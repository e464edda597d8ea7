"""Live-follow benchmark, run on demand: ``python benchmarks/stream.py`` (issue 34).

Starts ``judge serve`` on loopback (a temporary SQLite file, or ``--database-url``), stores
``--duels`` duels and connects ``--followers`` streams to them (``GET .../stream``, spread
evenly, from a client process of their own: asyncio, one socket each). Then, for
``--seconds``, a probe records a decision in one followed duel after another every
``--probe-ms``, while the load of ``benchmarks/load.py`` runs beside it (its paced model:
``--clients`` clients, ``--think-ms`` between one client's actions, readers and writers).

Figures, one JSON object per line as ``load.py`` prints them: for each probe decision, the
time from its POST being answered 201 (recorded) to its ``update`` arriving at each
follower of that duel (``follow_p50_ms``, ``follow_p95_ms``, ``follow_max_ms``; and the same
counted from the moment the POST was sent: ``follow_from_send_p95_ms``), how many updates
arrived of those due (``updates_missing`` must be 0), and ``load.py``'s own figures and
verdict on its decision and read latency targets for the same seconds.

Target (issue 34): a decision reaches a follower within 250 ms p95 with 500 followers on
one server, while ``load.py``'s targets hold.

    python benchmarks/stream.py                                  # 500 followers, 20 s
    python benchmarks/stream.py --followers 1000 --workers 2
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import load  # noqa: E402 - the load benchmark beside this file

from judge.battlecon.playout import play  # noqa: E402

# --- the followers (a client process of their own) --------------------------------------------


async def _follow(port: int, duel: str, ready: asyncio.Event, stop: asyncio.Event,
                  arrivals: list, opened: list) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port, limit=1 << 22)
    writer.write(f"GET /api/duels/{duel}/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                 "Accept: text/event-stream\r\n\r\n".encode())
    await reader.readuntil(b"\r\n\r\n")
    waiting = asyncio.ensure_future(stop.wait())
    first = True
    while not stop.is_set():
        got = asyncio.ensure_future(reader.readuntil(b"\n\n"))
        await asyncio.wait({got, waiting}, return_when=asyncio.FIRST_COMPLETED)
        if not got.done():
            got.cancel()
            break
        block = got.result().decode()
        now = time.time()
        if first:
            first = False
            opened.append(duel)
            if len(opened) >= ready.target:  # type: ignore[attr-defined]
                ready.set()
        if "event: update" in block:
            ident = int(block.split("id: ", 1)[1].split("\n", 1)[0])
            arrivals.append((duel, ident, now))
    writer.close()


def followers(port: int, duels: list[str], count: int, conn) -> None:
    """Open ``count`` streams, say when all have their snapshot, then record every update's
    arrival until told to stop; send back [(duel, version, time)]."""

    async def main() -> list:
        ready, stop = asyncio.Event(), asyncio.Event()
        ready.target = count  # type: ignore[attr-defined]
        arrivals: list = []
        opened: list = []
        tasks = [asyncio.ensure_future(_follow(port, duels[k % len(duels)], ready, stop,
                                               arrivals, opened)) for k in range(count)]
        await asyncio.wait_for(ready.wait(), 120)
        conn.send("ready")
        await asyncio.get_running_loop().run_in_executor(None, conn.recv)  # "stop"
        stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)
        return arrivals

    conn.send(asyncio.run(main()))


# --- the probe --------------------------------------------------------------------------------


def probe(port: int, token: str, duels: list[str], seconds: float, gap: float) -> dict:
    """Record a decision in each followed duel in turn; {(duel, version): (sent, recorded)}."""
    client = load.Client(port, token)
    times: dict = {}
    deadline = time.monotonic() + seconds
    k = 0
    while time.monotonic() < deadline:
        duel = duels[k % len(duels)]
        k += 1
        _, _, state = client.request("GET", f"/api/duels/{duel}/prompt")
        if state["over"]:
            continue
        sent = time.time()
        status, _, body = client.request("POST", f"/api/duels/{duel}/decisions",
                                         state["prompt"]["options"][0],
                                         {"If-Match": f'"{state["event"]}"'})
        if status == 201:
            times[(duel, body["version"])] = (sent, time.time())
        time.sleep(gap)
    return times


# --- the driver -------------------------------------------------------------------------------


def measure(args: argparse.Namespace, port: int, token: str) -> int:
    setup = load.Client(port, token)
    record = play(7, "hikaru", "khadath").to_record()
    record["decisions"] = []
    duels = []
    for k in range(args.duels):
        status, _, made = setup.request("POST", "/api/duels", {**record, "table": f"s{k}"})
        assert status == 201, made
        duels.append(made["id"])
    ctx = multiprocessing.get_context("spawn")
    mine, theirs = ctx.Pipe()
    proc = ctx.Process(target=followers, args=(port, duels, args.followers, theirs), daemon=True)
    proc.start()
    began = time.monotonic()
    assert mine.recv() == "ready"
    load.emit("followers_connected", args.followers, "streams")
    load.emit("connect_seconds", time.monotonic() - began, "s")
    outcome: dict = {}
    loader = threading.Thread(target=lambda: outcome.update(result=_load(args, port, token)))
    loader.start()
    times = probe(port, token, duels, args.seconds, args.probe_ms / 1000)
    loader.join()
    time.sleep(1.0)  # the last updates on their way
    mine.send("stop")
    arrivals = mine.recv()
    proc.join(timeout=30)
    return _report(args, duels, times, arrivals, outcome["result"])


def _load(args: argparse.Namespace, port: int, token: str) -> load.Outcome:
    plan = load.Plan(port, token, "", 0, [], [], 0.0, args.seconds, None)
    read = play(5, "hikaru", "khadath").to_record()
    status, _, prepared = load.Client(port, token).request("POST", "/api/duels",
                                                           {**read, "event": "load-read"})
    plan.read_id, plan.read_events = prepared["id"], prepared["version"]
    loaded = argparse.Namespace(clients=args.clients, writers=None, client_processes=2,
                                seconds=args.seconds)
    return load.run_phase(loaded, plan, args.think_ms / 1000, 0)


def _report(args: argparse.Namespace, duels: list[str], times: dict, arrivals: list,
            outcome: load.Outcome) -> int:
    """Emit the figures; 0 when the follow target and load.py's targets held."""
    followers_of = {duel: 0 for duel in duels}  # the followers were spread round robin
    for k in range(args.followers):
        followers_of[duels[k % len(duels)]] += 1
    late, from_send = [], []
    for duel, version, at in arrivals:
        if (duel, version) in times:
            sent, recorded = times[(duel, version)]
            late.append((at - recorded) * 1000)
            from_send.append((at - sent) * 1000)
    due = sum(followers_of[duel] for duel, _ in times)
    load.emit("probe_decisions", len(times), "count")
    load.emit("updates_received", len(late), "count")
    load.emit("updates_missing", max(0, due - len(late)), "count")
    load.emit("follow_p50_ms", load.percentile(late, 0.50), "ms")
    load.emit("follow_p95_ms", load.percentile(late, 0.95), "ms")
    load.emit("follow_max_ms", max(late) if late else float("nan"), "ms")
    load.emit("follow_from_send_p95_ms", load.percentile(from_send, 0.95), "ms")
    met = load.report(outcome)
    ok = load.percentile(late, 0.95) <= 250 and due == len(late)
    load.emit("follow_target_met", ok, "bool")
    return 0 if ok and met else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--followers", type=int, default=500)
    parser.add_argument("--duels", type=int, default=10, help="followed duels")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--probe-ms", type=float, default=200.0,
                        help="time between the probe's decisions")
    parser.add_argument("--clients", type=int, default=64, help="load.py's clients")
    parser.add_argument("--think-ms", type=float, default=1000.0,
                        help="load.py's mean time between one client's actions")
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--database-url")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="battlecon-stream-") as tmp:
        workdir = Path(tmp)
        store_args = (["--database-url", args.database_url] if args.database_url
                      else ["--db", str(workdir / "stream.db")])
        made = subprocess.run([*load.judge_command(), "token", "create", "--role",
                               "scorekeeper", "--name", "stream-bench", *store_args],
                              capture_output=True, text=True, env=load.child_env(),
                              cwd=load.ROOT, check=True)
        token = made.stdout.strip().splitlines()[0]
        proc, port, _log = load.start_server(store_args, args.threads, args.workers, workdir)
        try:
            return measure(args, port, token)
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


if __name__ == "__main__":
    sys.exit(main())
