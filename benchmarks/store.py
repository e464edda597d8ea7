"""Event-store benchmarks, run on demand: ``python benchmarks/run.py --store`` (or this file).

Prints one JSON object per figure: {"name", "value", "unit"}. Single process. Figures:
- projector_state_at_p50_ms / _p99_ms: the state after a random event of a stored
  15-beat duel (a SQLite file), warm (after one pass over every event), through
  ``events.projector.Projector.state_at(id, n)``; the target is p50 <= 0.3 ms;
- projector_state_at_uncached_p50_ms / _p99_ms: the same with the projector's JSON cache
  emptied before each call (a per-beat checkpoint, at most one beat of facts, the JSON);
- repository_get_p50_ms / _p99_ms: the same question answered by the library's plain
  ``app.repository.get(id, version=n + 1)`` (which uses the stored snapshots);
- cold_rebuild_ms: a whole 15-beat duel rebuilt from the SQLite file by a new
  ``JudgeApp`` (``record(id)`` and the projector's final state), median of several;
- sqlite_decisions_per_s / postgres_decisions_per_s: decisions appended with
  ``JudgeApp.decide`` following the prompts of seeded random duels, each decision and its
  facts saved in one transaction (judging included); PostgreSQL at
  $BENCH_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/test) in a schema of
  its own, skipped with a note on stderr when unreachable.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import random
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from events.app import JudgeApp  # noqa: E402
from events.projector import Projector  # noqa: E402
from judge.battlecon.playout import FIGHTERS, choose, play, record_setup  # noqa: E402

PG_URL = os.environ.get("BENCH_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/test")


def emit(name: str, value: float, unit: str) -> None:
    print(json.dumps({"name": name, "value": round(value, 4), "unit": unit}), flush=True)


def fifteen_beat_record() -> dict:
    """A seeded random duel that lasts all 15 beats (ends on time or a draw on time)."""
    for seed in itertools.count():
        duel = play(seed, "cadenza", "khadath")
        if duel.state.end_reason in ("time", "time_draw"):
            return duel.to_record()
    raise AssertionError("unreachable")


def percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def timed(fn, *args) -> float:
    """Milliseconds one call takes."""
    start = time.perf_counter_ns()
    fn(*args)
    return (time.perf_counter_ns() - start) / 1e6


# --- (a) state after any event, warm ---------------------------------------------------------


def bench_state_at(path: str, duel_id: uuid.UUID, events: int, seconds: float
                   ) -> tuple[list[float], list[float], list[float]]:
    rng = random.Random(15)
    app = JudgeApp(db=path)
    projector = Projector(app)
    for n in range(events + 1):  # the warm-up pass
        projector.state_at(duel_id, n)
    proj: list[float] = []
    deadline = time.perf_counter() + seconds / 2
    while time.perf_counter() < deadline or len(proj) < 1000:
        proj.append(timed(projector.state_at, duel_id, rng.randrange(events + 1)))
        if len(proj) >= 200_000:
            break
    uncached: list[float] = []  # the same, with the JSON cache emptied: checkpoint + facts
    timeline = projector.timeline(duel_id)
    deadline = time.perf_counter() + seconds / 4
    while time.perf_counter() < deadline or len(uncached) < 200:
        timeline.json.clear()
        uncached.append(timed(projector.state_at, duel_id, rng.randrange(events + 1)))
        if len(uncached) >= 50_000:
            break

    def get(n: int) -> None:
        app.repository.get(duel_id, version=n + 1)

    for n in range(0, events + 1, 10):  # the library's warm-up: its caches, the file
        get(n)
    repo: list[float] = []
    deadline = time.perf_counter() + seconds / 2
    while time.perf_counter() < deadline or len(repo) < 100:
        repo.append(timed(get, rng.randrange(events + 1)))
        if len(repo) >= 20_000:
            break
    return proj, uncached, repo


# --- (b) cold rebuild from the SQLite file ------------------------------------------------------


def bench_cold(path: str, duel_id: uuid.UUID, events: int, seconds: float) -> list[float]:
    def rebuild() -> None:
        app = JudgeApp(db=path)
        assert app.record(duel_id).events_count == events
        Projector(app).state_at(duel_id)

    samples: list[float] = []
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline or len(samples) < 5:
        samples.append(timed(rebuild))
        if len(samples) >= 200:
            break
    return samples


# --- (c) decisions appended per second -----------------------------------------------------------


def bench_appends(app: JudgeApp, seconds: float) -> tuple[float, float]:
    """(decisions/s, events/s) appending decisions that follow the prompts of random duels."""
    rng = random.Random(2024)
    pairs = list(itertools.product(FIGHTERS, FIGHTERS))
    decisions = events = 0
    start = time.perf_counter()
    deadline = start + seconds
    for game in itertools.count():
        f0, f1 = pairs[game % len(pairs)]
        duel_id = app.create_duel(record_setup(f0, f1, rng=rng), actor="bench").duel_id
        agg = app.record(duel_id)
        while not agg.duel.over and time.perf_counter() < deadline:
            appended = app.decide(duel_id, choose(agg.duel, rng), expected=agg.events_count,
                                  actor="bench")
            decisions += 1
            events += len(appended.events)
            agg = app.record(duel_id)
        if time.perf_counter() >= deadline:
            break
    elapsed = time.perf_counter() - start
    return decisions / elapsed, events / elapsed


def postgres_app() -> tuple[JudgeApp, object, str] | None:
    try:
        import psycopg

        conn = psycopg.connect(PG_URL, connect_timeout=3, autocommit=True)
    except Exception as err:  # noqa: BLE001 - any failure means: no server to measure
        print(f"store benchmark: PostgreSQL at {PG_URL} unreachable ({err}); "
              "postgres_decisions_per_s skipped", file=sys.stderr)
        return None
    schema = f"bench_{uuid.uuid4().hex[:12]}"
    conn.execute(f'CREATE SCHEMA "{schema}"')
    sep = "&" if "?" in PG_URL else "?"
    return JudgeApp(database_url=f"{PG_URL}{sep}schema={schema}"), conn, schema


# --- all of it ------------------------------------------------------------------------------------


def run(seconds: float = 3.0) -> None:
    record = fifteen_beat_record()
    with tempfile.TemporaryDirectory(prefix="battlecon-bench-") as tmp:
        path = str(Path(tmp) / "store.db")
        appended = JudgeApp(db=path).create_duel(record, {"event": "benchmark"})
        duel_id, events = appended.duel_id, appended.version
        emit("stored_15_beat_duel_events", events, "events")

        proj, uncached, repo = bench_state_at(path, duel_id, events, seconds)
        emit("projector_state_at_p50_ms", percentile(proj, 0.50), "ms")
        emit("projector_state_at_p99_ms", percentile(proj, 0.99), "ms")
        emit("projector_state_at_uncached_p50_ms", percentile(uncached, 0.50), "ms")
        emit("projector_state_at_uncached_p99_ms", percentile(uncached, 0.99), "ms")
        emit("repository_get_p50_ms", percentile(repo, 0.50), "ms")
        emit("repository_get_p99_ms", percentile(repo, 0.99), "ms")

        emit("cold_rebuild_ms", statistics.median(bench_cold(path, duel_id, events, seconds)),
             "ms")

        per_s, events_per_s = bench_appends(JudgeApp(db=str(Path(tmp) / "appends.db")),
                                            seconds)
        emit("sqlite_decisions_per_s", per_s, "decisions/s")
        emit("sqlite_events_per_s", events_per_s, "events/s")

    pg = postgres_app()
    if pg is not None:
        app, conn, schema = pg
        try:
            per_s, events_per_s = bench_appends(app, seconds)
            emit("postgres_decisions_per_s", per_s, "decisions/s")
            emit("postgres_events_per_s", events_per_s, "events/s")
        finally:
            app.close()
            conn.execute(f'DROP SCHEMA "{schema}" CASCADE')
            conn.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per figure")
    run(parser.parse_args().seconds)


if __name__ == "__main__":
    main()
