"""Stores for the event-store tests, and the checks they share.

``store`` runs a test on a SQLite file and on a real PostgreSQL server (a fresh schema
per test, dropped afterwards); ``any_store`` adds the in-memory store. PostgreSQL is
``postgresql://postgres@127.0.0.1:5432/test`` unless ``BATTLECON_TEST_DATABASE_URL``
says otherwise. When it cannot be reached the PostgreSQL cases are skipped locally
(``scripts/postgres.sh`` installs and starts it) and fail in CI (``CI`` set), where
they must run.
"""

from __future__ import annotations

import functools
import os
import sys
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest

from events.app import JudgeApp
from events.domain import DuelRecord
from events.hashing import chain_hash, genesis_hash
from judge.battlecon import Duel
from judge.battlecon.playout import FIGHTERS
from judge.battlecon.record import FORMAT, RULESET
from tests.support import engine_state, first_difference  # noqa: F401 - re-exported

PG_DEFAULT_URL = "postgresql://postgres@127.0.0.1:5432/test"
ROOT = Path(__file__).resolve().parents[2]


# --- PostgreSQL reachability --------------------------------------------------------------


def pg_base_url() -> str:
    """The server URL without a query (the schema is added per test)."""
    url = os.environ.get("BATTLECON_TEST_DATABASE_URL") or PG_DEFAULT_URL
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, parts.path, "", ""))


@functools.cache
def _pg_problem(url: str) -> str | None:
    """None when the server answers, else why not (asked once per process)."""
    try:
        import psycopg
    except ImportError as err:  # pragma: no cover - psycopg is a dependency
        return f"psycopg is not installed ({err})"
    try:
        with psycopg.connect(url, connect_timeout=3, autocommit=True) as conn:
            conn.execute("SELECT 1")
    except Exception as err:  # any failure means "not reachable"
        return f"{type(err).__name__}: {str(err).strip()}"
    return None


def require_postgres() -> str:
    """The server URL, or skip (locally) / fail (in CI) with a clear message."""
    url = pg_base_url()
    problem = _pg_problem(url)
    if problem is None:
        return url
    if os.environ.get("CI"):
        pytest.fail(f"PostgreSQL not reachable at {url} ({problem}); in CI the PostgreSQL "
                    "tests must run: scripts/postgres.sh installs and starts the server.",
                    pytrace=False)
    pytest.skip(f"PostgreSQL not reachable at {url}: skipped locally (run "
                "scripts/postgres.sh)")


def _pg_admin(url: str, statement: str) -> None:
    import psycopg

    for attempt in range(20):
        try:
            with psycopg.connect(url, connect_timeout=5, autocommit=True) as conn:
                conn.execute("SET lock_timeout = '5s'")
                conn.execute(statement)
            return
        except psycopg.errors.LockNotAvailable:
            if attempt == 19:
                raise
            time.sleep(0.5)  # a killed writer's session is still being cleaned up


# --- stores -------------------------------------------------------------------------------


@dataclass
class Store:
    """One event store a test writes to; ``app()`` opens another JudgeApp on it."""

    kind: str  # "memory" | "sqlite" | "postgres"
    db: str | None = None
    database_url: str | None = None
    apps: list[JudgeApp] = field(default_factory=list)

    @property
    def persistent(self) -> bool:
        """False for memory: there, every ``app()`` is the same instance."""
        return self.kind != "memory"

    def app(self) -> JudgeApp:
        if self.kind == "memory":
            if not self.apps:
                self.apps.append(JudgeApp(db=":memory:"))
            return self.apps[0]
        app = JudgeApp(db=self.db, database_url=self.database_url)
        self.apps.append(app)
        return app

    def argv(self) -> list[str]:
        """How a subprocess names this store: ``--db PATH`` or ``--url URL``."""
        if self.kind == "sqlite":
            return ["--db", str(self.db)]
        if self.kind == "postgres":
            return ["--url", str(self.database_url)]
        raise ValueError("an in-memory store cannot be shared with another process")

    def close(self) -> None:
        for app in self.apps:
            try:
                app.close()
            except Exception:  # closing is best effort
                pass
        self.apps.clear()


def open_store(kind: str, tmp_path: Path) -> Iterator[Store]:
    if kind == "memory":
        store = Store("memory")
        yield store
        store.close()
    elif kind == "sqlite":
        store = Store("sqlite", db=str(tmp_path / "duels.db"))
        yield store
        store.close()
    elif kind == "postgres":
        url = require_postgres()
        schema = f"t_{os.getpid()}_{uuid.uuid4().hex[:12]}"
        _pg_admin(url, f'CREATE SCHEMA "{schema}"')
        store = Store("postgres", database_url=f"{url}?schema={schema}")
        try:
            yield store
        finally:
            store.close()
            _pg_admin(url, f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
    else:  # pragma: no cover
        raise ValueError(kind)


@pytest.fixture(params=["sqlite", "postgres"])
def store(request, tmp_path) -> Iterator[Store]:
    """A persistent store: a SQLite file, then a PostgreSQL schema."""
    yield from open_store(request.param, tmp_path)


@pytest.fixture(params=["memory", "sqlite", "postgres"])
def any_store(request, tmp_path) -> Iterator[Store]:
    """Every kind of store, the in-memory one included."""
    yield from open_store(request.param, tmp_path)


@pytest.fixture(scope="package", autouse=True)
def _no_store_from_the_environment() -> Iterator[None]:
    """A developer's BATTLECON_DATABASE_URL / BATTLECON_DB must not redirect the tests."""
    with pytest.MonkeyPatch.context() as mp:
        for name in ("BATTLECON_DATABASE_URL", "BATTLECON_DB"):
            mp.delenv(name, raising=False)
        yield


def subprocess_env() -> dict[str, str]:
    """The environment for a helper process: the project importable, no stray store."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("BATTLECON_DATABASE_URL", "BATTLECON_DB")}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")]).rstrip(
        os.pathsep)
    return env


PYTHON = sys.executable


# --- duels and checks ---------------------------------------------------------------------


def spec(i: int) -> tuple[int, str, str, bool, bool]:
    """The i-th random duel: (seed, fighter 0, fighter 1, Special Actions, Ante Finishers).

    Consecutive indices walk through all 16 fighter pairs, then flip Special Actions;
    every third duel allows Ante Finishers.
    """
    return (7000 + i, FIGHTERS[i % 4], FIGHTERS[(i // 4) % 4], (i // 16) % 2 == 0,
            i % 3 == 0)


def payload(kind: str, e) -> dict:
    return dict(e) if kind == "decision" else e.to_json()


def events_json(duel: Duel) -> list[tuple[str, dict]]:
    """A duel's events as plain data, comparable across engines and stores."""
    return [(kind, payload(kind, e)) for kind, e in duel.events]


def record_of_setup(setup: dict, decisions: list) -> dict:
    return {"format": FORMAT, "ruleset": RULESET, **setup, "decisions": list(decisions)}


def rejudge(agg: DuelRecord) -> Duel:
    """Judge the stored decisions again from the stored setup: must reproduce every event."""
    duel = Duel.from_record(record_of_setup(agg.setup, agg.duel.decisions))
    stored, judged = events_json(agg.duel), events_json(duel)
    for n, (a, b) in enumerate(zip(stored, judged, strict=False), 1):
        assert a == b, f"event {n}: stored {a} but the rules give {b}"
    assert len(stored) == len(judged), (
        f"{len(stored)} events stored but the rules give {len(judged)}: a decision without "
        "all of its facts, or facts without their decision")
    return duel


def check_chain(agg: DuelRecord) -> None:
    """The genesis hash covers the duel's id, setup, labels and fork point; each event's
    hash chains to the one before."""
    genesis = genesis_hash(str(agg.id), agg.setup, agg.labels, agg.parent, agg.fork_at)
    assert agg.genesis == genesis
    assert len(agg.hashes) == len(agg.duel.events) == agg.events_count
    prev = genesis
    for n, ((kind, e), digest) in enumerate(zip(agg.duel.events, agg.hashes, strict=True), 1):
        prev = chain_hash(prev, n, kind, payload(kind, e), agg.by(n))
        assert digest == prev, f"event {n}: the hash chain is broken"


def check_stored_stream(app: JudgeApp, duel_id) -> list:
    """The raw stored events: Started, then events 1..n numbered version - 1, linked."""
    stored = list(app.events.get(duel_id))
    assert stored, "no stored events"
    assert isinstance(stored[0], DuelRecord.Started)
    prev = stored[0].hash
    for version, event in enumerate(stored, 1):
        assert event.originator_version == version
        if version > 1:
            assert isinstance(event, DuelRecord.DecisionRecorded | DuelRecord.FactResolved)
            assert event.n == version - 1
            assert event.prev == prev
            prev = event.hash
    return stored


def state_with_prompt(duel: Duel, n: int) -> dict:
    """The engine's own state after event n, with the prompt then (the projector's answer)."""
    return engine_state(duel, n)


