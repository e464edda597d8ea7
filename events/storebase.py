"""The store itself: opening it (SQLite, PostgreSQL, read-only, faults), the bounds every
command keeps (the cache's size, a duel's events), saving and snapshotting.

``JudgeApp`` (``events.app``) is composed of this base and one class per concern:
``events.reading`` (the duels as stored, cached), ``events.writing`` (decisions),
``events.correcting`` (retractions and corrections), ``events.forking`` and
``events.commenting`` (notes and disputes).
"""

from __future__ import annotations

import contextlib
import logging
import math
import threading
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from uuid import UUID

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from eventsourcing.application import Application
from eventsourcing.domain import OriginatorIDError, OriginatorVersionError

from events import faults
from events.config import sqlite_read_only_name, store_env
from events.domain import DuelRecord
from events.errors import DuelTooLargeError, StoredDuelCorruptError, StoreError
from events.listing import DuelList
from events.signing import service_key
from events.text import check_storable
from events.writers import WriterQueue

CACHE_SIZE = 256


MAX_DUEL_EVENTS = 10_000


# The duel cache is bounded in bytes too (env BATTLECON_CACHE_BYTES, create_app's
# CACHE_BYTES): a duel's size is estimated as BYTES_PER_DUEL + BYTES_PER_EVENT x its
# events, constants from a sizing pass (every object a cached DuelRecord reaches, by
# sys.getsizeof, shared card data left out): 0.96 kB per event for a 459-event playout,
# 1.39 kB for 10,000- and 40,000-event duels of corrections and retractions
# (benchmarks/cost.py); rounded up, so the bound errs on the side of memory.
CACHE_BYTES = 256 * 1024 * 1024


BYTES_PER_EVENT = 1_500


BYTES_PER_DUEL = 32 * 1024


def estimated_bytes(agg: DuelRecord) -> int:
    """What a cached duel is reckoned to hold in memory (see CACHE_BYTES)."""
    return BYTES_PER_DUEL + BYTES_PER_EVENT * agg.events_count


# What the library raises for stored rows it cannot make a duel of: a row deleted or two
# swapped (a version out of order), a snapshot or an event that is not the JSON it wrote.
UNREADABLE_ROWS = (OriginatorVersionError, OriginatorIDError, AttributeError, KeyError,
                   TypeError, ValueError, IndexError, UnicodeDecodeError)


@contextmanager
def unreadable_as_corrupt(duel_id: UUID) -> Iterator[None]:
    """A stored duel the library cannot read is a corrupt duel (``StoredDuelCorruptError``,
    so it is quarantined: listed as unreadable, never served, the others served), not a
    traceback that keeps the service from starting. The store's own errors pass."""
    try:
        yield
    except StoreError:
        raise
    except UNREADABLE_ROWS as err:
        raise StoredDuelCorruptError(duel_id, f"its stored rows cannot be read: "
                                     f"{type(err).__name__}: {err}", None) from err


def _opening(given: dict, timeout: float) -> tuple[dict, str | None, bool]:
    """The library's environment for the store ``given`` names, its SQLite file (None for
    another store), and whether it opens read-only: a SQLite file this process may not
    write is opened read-only (``events.config.sqlite_read_only_name``); PostgreSQL, which
    connects while the application is made, waits at most ``timeout`` seconds; the tables
    are made afterwards (``JudgeApp._create_tables``), where a read-only store is told
    apart from one that fails."""
    opened = {**given, "CREATE_TABLE": "false"}
    module = given.get("PERSISTENCE_MODULE")
    if module == "eventsourcing.postgres":
        opened["POSTGRES_CONNECT_TIMEOUT"] = str(max(1, math.ceil(timeout)))
    sqlite_file = given.get("SQLITE_DBNAME") if module == "eventsourcing.sqlite" else None
    read_only = sqlite_read_only_name(sqlite_file) if sqlite_file else None
    if read_only:
        opened["SQLITE_DBNAME"] = read_only
    return opened, sqlite_file, read_only is not None


class StoreBase(Application[UUID]):
    """The library's application on one event store, opened as the environment says."""

    name = "BattleCON"

    is_snapshotting_enabled = True

    SNAPSHOT_EVERY = 100  # a library snapshot each time a duel passes a multiple of this

    def __init__(self, db: str | None = None, database_url: str | None = None,
                 env: dict | None = None, queue_writers: bool = False) -> None:
        """``queue_writers``: several processes write to this SQLite file at once (judge
        serve --workers), so queue them on an OS lock (``events.writers``). Off for one
        process, where the extra lock only slows writers down (each lock and unlock waits
        for the GIL again while the writer holds the store's one write slot).

        A store that fails raises a ``events.faults.StoreFaultError`` (unreachable within
        ``store_timeout``, the env's STORE_TIMEOUT: BATTLECON_STORE_TIMEOUT; a damaged
        file); one that may only be read opens with ``read_only`` set, and every write
        then raises ``StoreReadOnlyError``."""
        given = {**store_env(db, database_url), **(env or {})}
        settings = self.construct_env(self.name, given)
        # Seconds a call waits for the store before it is "unreachable" (events.faults).
        self.store_timeout = float(settings.get("STORE_TIMEOUT") or faults.DEFAULT_TIMEOUT)
        opened, sqlite_file, self.read_only = _opening(given, self.store_timeout)
        self._open(opened)
        datastore = getattr(self.factory, "datastore", None)
        self._writers = WriterQueue(sqlite_file if queue_writers and not self.read_only
                                    else None)
        self._writers.install(datastore)
        faults.install(datastore)  # around the writers' queue: its lock file may fail too
        faults.bound(datastore, self.store_timeout)
        if settings.get("CREATE_TABLE", "yes").lower() not in ("n", "no", "f", "false", "off",
                                                                "0"):
            self._create_tables()
        self._cache: OrderedDict[UUID, DuelRecord] = OrderedDict()
        self._sizes: dict[UUID, int] = {}  # each cached duel's estimated bytes
        self.cache_bytes = 0  # their sum
        self.cache_limit = int(self.env.get("CACHE_BYTES") or CACHE_BYTES)
        self._locks: dict[UUID, threading.RLock] = {}
        self._guard = threading.Lock()
        self._key: Ed25519PrivateKey | None = None
        self._list: DuelList | None = None
        self._copied: dict[UUID, int] = {}  # fork -> the events it copied (never changes)
        # The most events a duel may reach by a decision, a fork or an import (larger duels
        # already stored still load): a bound on what one request may cost everyone.
        self.max_events = int(self.env.get("MAX_DUEL_EVENTS") or MAX_DUEL_EVENTS)

    def _open(self, env: dict) -> None:
        """The library's application on ``env``; a store fault said as such (a pool left
        trying to connect is closed)."""
        try:
            super().__init__(env=env)
        except Exception as err:
            fault = faults.classify(err)
            if fault is None:
                raise
            with contextlib.suppress(Exception):
                self.factory.close()
            raise fault from err

    def _create_tables(self) -> None:
        """The library's tables, made once; on a read-only store they must exist already
        (then reads are served and writes refused: ``read_only``)."""
        try:
            for recorder in (self.recorder, getattr(self.snapshots, "recorder", None)):
                create_table = getattr(recorder, "create_table", None)
                if create_table is not None:
                    create_table()
        except faults.StoreReadOnlyError:
            self.read_only = True
        except faults.StoreFaultError:
            self.close()  # no pool left trying to connect behind a store that failed
            raise

    def store_state(self) -> dict:
        """Whether the store answers and takes writes, asked now within ``store_timeout``
        (``events.faults.probe``): ``{"reachable", "writable", "detail"?}``."""
        return faults.probe(self)

    def signing_key(self) -> Ed25519PrivateKey:
        """The service's key for signing exports (made at the first start, kept in the
        store so that every worker and host signs alike; ``events.signing``)."""
        if self._key is None:
            self._key = service_key(self)
        return self._key

    def close(self) -> None:
        super().close()
        self._writers.close()

    def save(self, *objs: Any, **kwargs: Any) -> Any:
        """Save as the library does, once no pending event holds text a store cannot keep
        (``events.text``): the same refusal on every store, naming the field, before
        anything is written."""
        for obj in objs:
            for event in getattr(obj, "pending_events", ()):
                check_storable({k: v for k, v in vars(event).items()
                                if k not in ("originator_id", "originator_version",
                                             "timestamp")})
        return super().save(*objs, **kwargs)

    def _too_large(self, count: int, what: str) -> DuelTooLargeError:
        return DuelTooLargeError(f"A duel holds at most {self.max_events} events "
                                 f"(MAX_DUEL_EVENTS); {what} would make {count}. Nothing "
                                 "was stored.", self.max_events)

    def _snapshot_if_due(self, agg: DuelRecord, before: int) -> None:
        """Snapshot the aggregate in memory (no re-read) when it passed a multiple of 100."""
        if self.snapshots is not None and \
                agg.version // self.SNAPSHOT_EVERY > before // self.SNAPSHOT_EVERY:
            try:
                self.snapshots.put([DuelRecord.Snapshot.take(agg)])
            except faults.StoreFaultError as err:  # the events are stored: a snapshot is
                # only a cache, and the answer must say they were (a 507 would be untrue)
                logging.getLogger("battlecon").warning("snapshot of duel %s not stored: %s",
                                                       agg.id, err.cause or err)
