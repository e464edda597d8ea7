"""Store faults told by what they mean (``events.faults``), on SQLite and on a private
PostgreSQL cluster: a full disk refuses a write and leaves the duel as it was, a read-only
store serves every read and refuses writes, a stopped server is "unreachable" within the
store's timeout and is used again as soon as it is back, a file of garbage is "damaged".
"""

from __future__ import annotations

import os
import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from events.app import JudgeApp
from events.faults import (
    StoreDamagedError,
    StoreFullError,
    StoreReadOnlyError,
    StoreUnavailableError,
    classify,
)
from tests.store_faults import Cluster, cluster, fill, open_record, remount, tmpfs

__all__ = ["cluster"]  # the module's private PostgreSQL cluster (a fixture)

TIMEOUT = {"STORE_TIMEOUT": "1"}


def first_option(app: JudgeApp, duel_id) -> tuple[dict, int]:
    agg = app.record(duel_id)
    return agg.duel.prompt["options"][0], agg.events_count


def decide_until_full(app: JudgeApp, duel_id) -> tuple[int, StoreFullError]:
    """Decide on until the store is full: the version the duel had then, and the fault."""
    for _ in range(200):
        option, version = first_option(app, duel_id)
        try:
            app.decide(duel_id, option, expected=version)
        except StoreFullError as err:
            return version, err
    raise AssertionError("the store never filled up")


def after_drop(call):
    """``call()`` right after the server ended this process's sessions: the first store
    call that finds its connection dropped may be refused as unreachable (a 503 a client
    retries); every connection resting in the pool is then tried, so the next call is
    served on a live one."""
    try:
        return call()
    except StoreUnavailableError:
        return call()


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    with tmpfs(tmp_path / "disk", "2m") as folder:
        yield folder


# --- SQLite ---------------------------------------------------------------------------------


def test_a_full_sqlite_store_refuses_the_decision_and_keeps_the_duel_as_it_was(small_disk):
    # A duel is stored on a 2 MB disk, and the disk is filled to its last byte.
    app = JudgeApp(db=str(small_disk / "full.db"))
    duel_id = app.create_duel(open_record(), {"event": "full"}, actor="ana").duel_id
    filler = fill(small_disk)
    # The next decision cannot be stored: the store says it is full, not "went wrong".
    version, err = decide_until_full(app, duel_id)
    assert "full" in err.reason and "nothing was stored" in err.reason
    assert "full" in err.cause  # SQLite's own words: "database or disk is full"
    # Once space is freed, the duel is exactly as it was before the refused decision,
    # and the same decision is accepted.
    filler.unlink()
    app.close()
    again = JudgeApp(db=str(small_disk / "full.db"))
    assert again.record(duel_id).events_count == version
    option, _ = first_option(again, duel_id)
    assert again.decide(duel_id, option, expected=version).version > version
    assert again.duel_list.count() == 1
    again.close()


def test_a_read_only_sqlite_store_serves_reads_and_refuses_writes(small_disk):
    # A store with one duel, on a mount then made read-only (as root, only a read-only
    # mount stops writes: file permissions do not).
    app = JudgeApp(db=str(small_disk / "ro.db"))
    duel_id = app.create_duel(open_record(), {"event": "ro"}, actor="ana").duel_id
    app.duel_list.count()
    app.close()
    remount(small_disk, "ro")
    try:
        store = JudgeApp(db=str(small_disk / "ro.db"))
        # It opens read-only, and every read is served.
        assert store.read_only
        assert store.record(duel_id).events_count >= 1
        assert [d["id"] for d in store.duel_list.page({}, 1, 10)["items"]] == [str(duel_id)]
        assert store.store_state() == {"reachable": True, "writable": False, "detail":
                                       "The store is read-only: reads are served, writes "
                                       "refused."}
        # A write is refused as read-only, and nothing changes.
        option, version = first_option(store, duel_id)
        with pytest.raises(StoreReadOnlyError, match="read-only"):
            store.decide(duel_id, option, expected=version)
        with pytest.raises(StoreReadOnlyError):
            store.create_duel(open_record(), {}, actor="ana")
        assert store.record(duel_id).events_count == version
        store.close()
    finally:
        remount(small_disk, "rw")


def test_a_sqlite_file_of_garbage_is_a_damaged_store(tmp_path):
    path = tmp_path / "garbage.db"
    path.write_bytes(b"this is not a database " * 400)
    with pytest.raises(StoreDamagedError, match="not a readable database") as caught:
        JudgeApp(db=str(path))
    assert caught.value.cause == "file is not a database"


def test_an_integrity_error_is_not_a_store_fault(tmp_path):
    # A (duel, version) key already taken is someone recording first, not a fault.
    conn = sqlite3.connect(tmp_path / "k.db")
    conn.execute("CREATE TABLE t (k INTEGER PRIMARY KEY)")
    conn.execute("INSERT INTO t VALUES (1)")
    with pytest.raises(sqlite3.IntegrityError) as caught:
        conn.execute("INSERT INTO t VALUES (1)")
    assert classify(caught.value) is None


# --- PostgreSQL (a private cluster) ---------------------------------------------------------


def test_a_stopped_postgres_is_unreachable_within_the_timeout_and_used_again_once_back(
        cluster: Cluster):
    app = JudgeApp(database_url=cluster.database("stopped"), env=TIMEOUT)
    duel_id = app.create_duel(open_record(), {"event": "pg"}, actor="ana").duel_id
    assert app.store_state() == {"reachable": True, "writable": True}
    cluster.stop()
    try:
        # Every call says the store is unreachable (after the 1 s timeout, not 30 s).
        app._evict(duel_id)  # noqa: SLF001 - a read that must ask the store
        with pytest.raises(StoreUnavailableError, match="unreachable"):
            app.record(duel_id)
        with pytest.raises(StoreUnavailableError):
            app.duel_list.count()
        state = app.store_state()
        assert (state["reachable"], state["writable"]) == (False, False)
    finally:
        cluster.start()
    # Back: the very next read and write are served, on the same process and pool.
    option, version = first_option(app, duel_id)
    assert app.decide(duel_id, option, expected=version).version > version
    assert app.store_state() == {"reachable": True, "writable": True}
    app.close()


def test_postgres_that_will_not_answer_at_start_says_so(cluster: Cluster):
    cluster.stop()
    try:
        with pytest.raises(StoreUnavailableError, match="unreachable"):
            JudgeApp(database_url=cluster.url("postgres"), env=TIMEOUT)
    finally:
        cluster.start()


def test_a_read_only_postgres_serves_reads_and_refuses_writes(cluster: Cluster):
    url = cluster.database("readonly")
    app = JudgeApp(database_url=url, env=TIMEOUT)
    duel_id = app.create_duel(open_record(), {"event": "pg"}, actor="ana").duel_id
    app.duel_list.count()
    cluster.read_only("readonly", True)
    try:
        # The running service: reads served, a decision refused as read-only.
        app._evict(duel_id)  # noqa: SLF001 - a read that must ask the store
        option, version = after_drop(lambda: first_option(app, duel_id))
        with pytest.raises(StoreReadOnlyError, match="read-only") as caught:
            app.decide(duel_id, option, expected=version)
        assert "read-only transaction" in caught.value.cause
        assert app.record(duel_id).events_count == version
        assert app.duel_list.count() == 1
        assert app.store_state()["writable"] is False
        # A service started now opens it read-only (its tables cannot be created).
        fresh = JudgeApp(database_url=url, env=TIMEOUT)
        assert fresh.read_only and fresh.record(duel_id).events_count == version
        fresh.close()
    finally:
        cluster.read_only("readonly", False)
    app.close()


def test_a_full_postgres_refuses_the_decision_and_keeps_the_duel_as_it_was(
        cluster: Cluster):
    # The database's tables live in a tablespace on a 2 MB disk, which is then filled
    # (the mount inside the cluster's folder, where the server may go).
    with tmpfs(cluster.folder / "space", "2m") as space:
        if os.geteuid() == 0:
            shutil.chown(space, "postgres")
        url = cluster.database("full")
        cluster.sql(f"CREATE TABLESPACE small LOCATION '{space}'")
        try:
            cluster.sql('ALTER DATABASE "full" SET default_tablespace = small')
            app = JudgeApp(database_url=url, env=TIMEOUT)
            duel_id = app.create_duel(open_record(), {}, actor="ana").duel_id
            filler = fill(space)
            version, err = decide_until_full(app, duel_id)
            assert "could not extend file" in err.cause
            filler.unlink()
            app._evict(duel_id)  # noqa: SLF001 - a read that must ask the store
            assert app.record(duel_id).events_count == version
            app.close()
        finally:
            cluster.sql('DROP DATABASE IF EXISTS "full" WITH (FORCE)')
            cluster.sql("DROP TABLESPACE IF EXISTS small")
