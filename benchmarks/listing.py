"""Listing benchmark, run on demand: ``python benchmarks/listing.py [--duels N]
[--database-url URL]``.

Stores N duels (default 10,000; short ones, over all twelve fighters, with labels), lets
the list read model take them in, then asks ``GET /api/duels`` through the Flask app for
the first page (50 duels), the last page, and filtered pages (one event and a fighter; a
player's name in another case), many times each. Prints one JSON object per figure, {"name", "value",
"unit"}: p50 and p99 latency of each, and the time the model took to take in N duels it
had never seen (its fill at a first start). The store is a SQLite file in a temporary
directory, or PostgreSQL with ``--database-url`` (a fresh schema, dropped afterwards).
Goal (issue 11): p99 under 20 ms on both.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from api.app import create_app  # noqa: E402
from events.app import JudgeApp  # noqa: E402
from judge.battlecon.playout import FIGHTERS, record_setup  # noqa: E402


def emit(name: str, value: float, unit: str) -> None:
    print(json.dumps({"name": name, "value": round(value, 2), "unit": unit}), flush=True)


def fill(app: JudgeApp, duels: int) -> None:
    rng = random.Random(7)
    fighters = list(FIGHTERS)
    for k in range(duels):
        record = record_setup(rng.choice(fighters), rng.choice(fighters), True, False,
                              rng.randrange(2), rng)
        record["players"][0]["name"] = f"Player {k % 997}"
        app.create_duel(record, {"event": f"Open {k % 40}", "round": str(k % 7),
                                 "table": str(k % 60)}, actor="bench")
        if k % 2000 == 1999:
            print(f"stored {k + 1} duels", file=sys.stderr, flush=True)


def timed(client, path: str, times: int) -> list[float]:
    out = []
    for _ in range(times):
        start = time.perf_counter()
        resp = client.get(path)
        out.append((time.perf_counter() - start) * 1000)
        assert resp.status_code == 200, resp.get_json()
    return out


def report(name: str, ms: list[float]) -> None:
    ms = sorted(ms)
    emit(f"{name}_p50", statistics.median(ms), "ms")
    emit(f"{name}_p99", ms[int(len(ms) * 0.99) - 1], "ms")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--duels", type=int, default=10_000)
    parser.add_argument("--requests", type=int, default=500)
    parser.add_argument("--database-url", help="PostgreSQL instead of a SQLite file")
    args = parser.parse_args()
    schema = None
    if args.database_url:
        import psycopg

        schema = f"bench_{uuid.uuid4().hex[:8]}"
        with psycopg.connect(args.database_url, autocommit=True) as conn:
            conn.execute(f'CREATE SCHEMA "{schema}"')
        store = JudgeApp(database_url=f"{args.database_url}?schema={schema}")
    else:
        store = JudgeApp(db=str(Path(tempfile.mkdtemp()) / "listing.db"))
    try:
        fill(store, args.duels)
        start = time.perf_counter()
        store.duel_list.catch_up()  # a model that has never seen these duels fills itself
        emit("list_model_fill_s", time.perf_counter() - start, "s")
        emit("duels_stored", store.duel_list.page({}, 1, 1)["total"], "duels")
        client = create_app({"STORE": store, "TESTING": True}).test_client()
        report("list_first_page", timed(client, "/api/duels?page_size=50", args.requests))
        report("list_event_and_fighter", timed(
            client, "/api/duels?event=Open%203&fighter=hikaru", args.requests))
        report("list_player_any_case", timed(
            client, "/api/duels?player=PLAYER%2012", args.requests))
        report("list_last_page", timed(
            client, f"/api/duels?page_size=50&page={args.duels // 50}", args.requests))
    finally:
        store.close()
        if schema:
            import psycopg

            with psycopg.connect(args.database_url, autocommit=True) as conn:
                conn.execute(f'DROP SCHEMA "{schema}" CASCADE')
    return 0


if __name__ == "__main__":
    sys.exit(main())
