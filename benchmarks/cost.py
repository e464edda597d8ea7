"""The cost of reading large duels (issue 27, item 11), run on demand:
``python benchmarks/cost.py [--events N] [--forks K] [--database-url URL]``.

Builds one duel of about N events (default 10,000: a seeded playout in which a head judge
corrects the position again and again and scorekeepers retract and enter decisions again,
as a long disputed table would), stores it,
then through the Flask app: K forks of it at points spread over it (a judge's requests,
the last at its end) and two forks of the largest fork, plus 50 short duels. Prints one
JSON object per figure, {"name", "value", "unit"}:

- fork_request_ms: a judge's fork request at the large duel's end (about N events copied);
- list_fork_points_first_ms: ``GET /api/duels?fork_points=true&page_size=200`` on a new
  process (a new store object and app over the same store: nothing cached);
- list_fork_points_p50_ms / _p95_ms: the same page asked again and again;
- list_fork_points_new_process_max_ms: the slowest of five first requests, each on a new
  process whose list model has caught up (no duel in its cache);
- narrative_first_ms / narrative_later_p95_ms: ``/narrative`` of the large duel for an
  anonymous reader, the first request of a new process, then again and again;
- cache_mb_after_narratives, cache_sized_mb_after_narratives,
  rss_growth_mb_after_narratives: a new process reads the narrative of every large duel
  (the duel and its forks, one each): the duel cache's own estimate of its bytes
  (``JudgeApp.cache_bytes``; absent before it existed), a sizing pass over the duels it
  holds (every object they reach, by sys.getsizeof), and how much the process grew
  (resident set, MB; the allocator keeps freed memory, so a rough figure).

The store is a SQLite file in a temporary directory, or PostgreSQL with ``--database-url``
(a fresh schema, dropped afterwards). Targets: the list page <= 100 ms p95 whatever the
duels' size, /narrative <= 200 ms after its first request, the cache bounded in bytes
(CACHE_BYTES, default 256 MiB). Figures before and after: docs/event-store.md.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import statistics
import sys
import tempfile
import time
import types
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from api.app import create_app  # noqa: E402
from api.auth import create_token  # noqa: E402
from events.app import JudgeApp  # noqa: E402
from events.retractable import judge_stream  # noqa: E402
from events.retraction import entry  # noqa: E402
from judge.battlecon.playout import FIGHTERS, choose, record_setup  # noqa: E402
from judge.errors import IllegalDecisionError  # noqa: E402

LIMIT = 100_000  # MAX_DUEL_EVENTS for this benchmark: its duels may pass the default


def emit(name: str, value: float | None, unit: str) -> None:
    print(json.dumps({"name": name, "value": None if value is None else round(value, 2),
                      "unit": unit}), flush=True)


def large_record(events: int, seed: int = 5) -> dict:
    """A record (a log's decisions, retraction entries included) of about ``events``
    events: after each decision of a seeded playout, a head judge's corrections (a
    player's life set one lower and back, each a standing decision the narrative tells)
    and, where the decision may still be retracted, a retraction and the decision entered
    again, while the duel is shorter than ``events``; then it is played to its end."""
    rng = random.Random(seed)
    record = record_setup("hikaru", "khadath", True, False, 0, rng)
    match = judge_stream(record)
    entries: list[dict] = []
    while not match.over:
        decision = choose(match, rng)
        match.decide(decision)
        entries.append(decision)
        if len(match.events) < events - 200:
            entries += _retracted_again(match, decision)
        if not match.over and len(match.events) < events - 200:
            entries += _corrections(match, max(10, events // 100))
    return {**record, "decisions": entries}


def _retracted_again(match, decision: dict) -> list[dict]:
    """The latest decision retracted and entered again, if it may be (never past a
    reveal: what the players saw is not taken back)."""
    n = match.latest_decision()
    try:
        match.decide(entry(n))
    except IllegalDecisionError:
        return []
    match.decide(decision)
    return [entry(n), decision]


def _corrections(match, k: int) -> list[dict]:
    life = match.state.players[0].life
    out = []
    for i in range(k):
        correction = {"kind": "correction", "rule": "R14.8", "text": "Recounted.",
                      "players": {"0": {"life": life - 1 if i % 2 == 0 else life}}}
        match.decide(correction)
        out.append(correction)
    return out


def decision_points(store: JudgeApp, duel_id: uuid.UUID, k: int) -> list[int]:
    """``k`` fork points spread over the duel (events after which it waited for a
    decision), the last its end."""
    events = store.record(duel_id).duel.events
    waits = [n for n in range(1, len(events)) if events[n][0] == "decision"]
    step = max(1, len(waits) // k)
    return [waits[i] for i in range(step - 1, len(waits), step)][:k - 1] + [len(events)]


def timed(client, path: str, times: int, headers: dict | None = None) -> list[float]:
    out = []
    for _ in range(times):
        start = time.perf_counter()
        resp = client.get(path, headers=headers or {})
        out.append((time.perf_counter() - start) * 1000)
        assert resp.status_code == 200, resp.get_data(as_text=True)[:300]
    return out


def p95(ms: list[float]) -> float:
    ms = sorted(ms)
    return ms[max(0, int(len(ms) * 0.95) - 1)]


SHARED = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType,
          types.MethodType)


def deep_size(root: object) -> int:
    """A sizing pass: sys.getsizeof of every object ``root`` reaches (classes, modules and
    functions left out), each once."""
    seen: set[int] = set()
    total, stack = 0, [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, SHARED):
            continue
        seen.add(id(obj))
        total += sys.getsizeof(obj)
        stack.extend(gc.get_referents(obj))
    return total


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def build(store: JudgeApp, events: int, forks: int) -> tuple[str, list[str]]:
    """The large duel, its forks (and two of the largest fork's) and 50 short duels;
    emits fork_request_ms. Returns the large duel's id and its forks' ids."""
    client = create_app({"STORE": store, "TESTING": True,
                         "MAX_DUEL_EVENTS": LIMIT}).test_client()
    judge = {"Authorization": f"Bearer {create_token(store, 'judge', 'Jo')}"}
    parent = store.create_duel(large_record(events), {"event": "cost"}, actor="bench",
                               retractions=True).duel_id
    emit("large_duel_events", store.record(parent).events_count, "events")
    made, ms = [], 0.0
    for at in decision_points(store, parent, forks):
        start = time.perf_counter()
        resp = client.post(f"/api/duels/{parent}/forks", json={"at": at}, headers=judge)
        ms = (time.perf_counter() - start) * 1000
        assert resp.status_code == 201, resp.get_json()
        made.append(resp.get_json()["id"])
    emit("fork_request_ms", ms, "ms")
    largest = made[-1]
    for at in decision_points(store, uuid.UUID(largest), 2):
        resp = client.post(f"/api/duels/{largest}/forks", json={"at": at}, headers=judge)
        assert resp.status_code == 201, resp.get_json()
        made.append(resp.get_json()["id"])
    rng = random.Random(7)
    for _ in range(50):
        store.create_duel(record_setup(rng.choice(FIGHTERS), rng.choice(FIGHTERS), True,
                                       False, 0, rng), actor="bench")
    return str(parent), made


def fresh(open_store, config: dict | None = None):
    """A new process's view: a new store object and app over the same store."""
    store = open_store()
    app = create_app({"STORE": store, "TESTING": True, "MAX_DUEL_EVENTS": LIMIT,
                      **(config or {})})
    return store, app.test_client()


def measure(open_store, parent: str, forks: list[str], requests: int, parts: str) -> None:
    if "list" in parts:
        measure_list(open_store, requests)
    if "narrative" in parts:
        measure_narrative(open_store, parent, requests)
    if "cache" in parts:
        measure_cache(open_store, parent, forks)


def measure_list(open_store, requests: int) -> None:
    page = "/api/duels?fork_points=true&page_size=200"
    store, client = fresh(open_store)
    store.duel_list.catch_up()  # a new process's list model, as at its start
    emit("list_fork_points_first_ms", timed(client, page, 1)[0], "ms")
    ms = timed(client, page, requests)
    emit("list_fork_points_p50_ms", statistics.median(ms), "ms")
    emit("list_fork_points_p95_ms", p95(ms), "ms")
    store.close()
    cold = []
    for _ in range(5):  # each on a new process, the list model caught up: no duel cached
        store, client = fresh(open_store)
        store.duel_list.catch_up()
        cold += timed(client, page, 1)
        store.close()
    emit("list_fork_points_new_process_max_ms", max(cold), "ms")


def measure_narrative(open_store, parent: str, requests: int) -> None:
    store, client = fresh(open_store)
    emit("narrative_first_ms", timed(client, f"/api/duels/{parent}/narrative", 1)[0], "ms")
    ms = timed(client, f"/api/duels/{parent}/narrative", requests)
    emit("narrative_later_p95_ms", p95(ms), "ms")
    store.close()


def measure_cache(open_store, parent: str, forks: list[str]) -> None:
    gc.collect()
    store, client = fresh(open_store)
    before = rss_mb()
    for duel in [parent, *forks]:
        timed(client, f"/api/duels/{duel}/narrative", 1)
    gc.collect()
    emit("narratives_read", 1 + len(forks), "duels")
    cached = getattr(store, "cache_bytes", None)
    emit("cache_mb_after_narratives", None if cached is None else cached / 2**20, "MB")
    emit("cache_sized_mb_after_narratives", deep_size(list(store._cache.values())) / 2**20,
         "MB")
    emit("rss_growth_mb_after_narratives", rss_mb() - before, "MB")
    store.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--events", type=int, default=10_000)
    parser.add_argument("--forks", type=int, default=7)
    parser.add_argument("--requests", type=int, default=40)
    parser.add_argument("--database-url", help="PostgreSQL instead of a SQLite file")
    parser.add_argument("--cache-bytes", type=int, help="CACHE_BYTES (default: the store's)")
    parser.add_argument("--parts", default="list,narrative,cache",
                        help="which figures, after fork_request_ms (comma-separated)")
    args = parser.parse_args()
    schema = None
    env = {"MAX_DUEL_EVENTS": str(LIMIT)}
    if args.cache_bytes:
        env["CACHE_BYTES"] = str(args.cache_bytes)
    if args.database_url:
        import psycopg

        schema = f"bench_{uuid.uuid4().hex[:8]}"
        with psycopg.connect(args.database_url, autocommit=True) as conn:
            conn.execute(f'CREATE SCHEMA "{schema}"')

        def open_store() -> JudgeApp:
            return JudgeApp(database_url=f"{args.database_url}?schema={schema}", env=env)
    else:
        path = str(Path(tempfile.mkdtemp()) / "cost.db")

        def open_store() -> JudgeApp:
            return JudgeApp(db=path, env=env)
    try:
        store = open_store()
        parent, forks = build(store, args.events, args.forks)
        store.close()
        measure(open_store, parent, forks, args.requests, args.parts)
    finally:
        if schema:
            import psycopg

            with psycopg.connect(args.database_url, autocommit=True) as conn:
                conn.execute(f'DROP SCHEMA "{schema}" CASCADE')
    return 0


if __name__ == "__main__":
    sys.exit(main())
