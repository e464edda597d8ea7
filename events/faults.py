"""Faults of the store itself, told apart in one place.

A database can fail in ways that say nothing about the request: it does not answer (a
PostgreSQL server stopped, a pool that gets no connection within the store's timeout),
it is full (SQLite's "database or disk is full", PostgreSQL's ``53100`` "could not
extend file"), it is read-only (a read-only mount, a read-only transaction or a role
without INSERT), or its file is not a database. ``classify`` turns the driver's and the
library's exceptions into one of four ``StoreFaultError`` subclasses; ``guard`` installs it
around every connection and transaction of the library's datastore, so each store call of
the service (duels, lists, tokens, keys) raises a fault by what it means, and the API maps
each to one status (503 with ``Retry-After``, 507, 500) instead of "Something went wrong".

A write refused by a fault stored nothing: the library writes a decision and its facts in
one transaction, so a failed commit leaves the duel as it was (and ``events.app`` forgets
the cached copy that was judged ahead of the store).

Integrity errors (a (duel, version) key taken: someone recorded first) are not faults and
pass unchanged, as does everything the classifier does not recognise.
"""

from __future__ import annotations

import contextlib
import errno
import math
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from events.errors import StoreError

DEFAULT_TIMEOUT = 5.0  # seconds: BATTLECON_STORE_TIMEOUT, or STORE_TIMEOUT in create_app


class StoreFaultError(StoreError):
    """The store failed (not the request). ``cause`` is the driver's own words, for the
    operator's log and the command line; the reason never repeats them (they may name
    hosts and users)."""

    def __init__(self, reason: str, cause: str = "") -> None:
        super().__init__(reason)
        self.cause = cause

    def __str__(self) -> str:
        return self.reason


class StoreUnavailableError(StoreFaultError):
    """The store did not answer in time, or refused the connection: try again later."""


class StoreReadOnlyError(StoreFaultError):
    """The store takes reads but no writes: nothing was stored."""


class StoreFullError(StoreFaultError):
    """The store has no room left: nothing was stored."""


class StoreDamagedError(StoreFaultError):
    """The store's file is not a database (or is damaged): it cannot be read."""


UNAVAILABLE = ("The store is unreachable: it did not answer in time or refused the "
               "connection. Nothing was stored; try again later.")
READ_ONLY = ("The store is read-only: reads are served, but nothing can be stored now. "
             "Nothing was stored.")
FULL = ("The store is full (no space left on its disk): nothing was stored, and the duel "
        "is as it was. Send it again once space is freed.")
DAMAGED = ("The store's file is not a readable database (damaged or not a database): "
           "restore it from a backup.")

# SQLite's primary result codes (an extended code's low byte): FULL, READONLY, CANTOPEN,
# BUSY, LOCKED, IOERR, NOTADB, CORRUPT.
_SQLITE = {13: (StoreFullError, FULL), 8: (StoreReadOnlyError, READ_ONLY),
           14: (StoreUnavailableError, UNAVAILABLE), 5: (StoreUnavailableError, UNAVAILABLE),
           6: (StoreUnavailableError, UNAVAILABLE), 10: (StoreUnavailableError, UNAVAILABLE),
           26: (StoreDamagedError, DAMAGED), 11: (StoreDamagedError, DAMAGED)}
_ERRNO = {errno.ENOSPC: (StoreFullError, FULL), errno.EDQUOT: (StoreFullError, FULL),
          errno.EROFS: (StoreReadOnlyError, READ_ONLY)}


def _postgres(err: BaseException) -> tuple[type[StoreFaultError], str] | None:
    """PostgreSQL's faults by SQLSTATE; a connection failure or a pool timeout (no
    SQLSTATE) is the server not answering."""
    try:
        import psycopg
        import psycopg_pool
    except ImportError:  # pragma: no cover - PostgreSQL support not installed
        return None
    if isinstance(err, psycopg_pool.PoolTimeout):
        return StoreUnavailableError, UNAVAILABLE
    if not isinstance(err, psycopg.Error):
        return None
    state = err.sqlstate or ""
    if state == "53100":  # disk_full
        return StoreFullError, FULL
    if state in ("25006", "42501"):  # read_only_sql_transaction, insufficient_privilege
        return StoreReadOnlyError, READ_ONLY
    if state[:2] in ("08", "53", "57") or state == "55P03" or (
            not state and isinstance(err, (psycopg.OperationalError, psycopg.InterfaceError))):
        return StoreUnavailableError, UNAVAILABLE  # connection, resources, shutdown, lock
    return None


def _one(err: BaseException) -> tuple[type[StoreFaultError], str] | None:
    if isinstance(err, sqlite3.Error):
        code = getattr(err, "sqlite_errorcode", None)
        return None if code is None else _SQLITE.get(code & 0xFF)
    if isinstance(err, OSError) and err.errno in _ERRNO:
        return _ERRNO[err.errno]
    return _postgres(err)


def _chain(err: BaseException) -> Iterator[BaseException]:
    seen: set[int] = set()
    current: BaseException | None = err
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        yield current
        current = current.__cause__ or current.__context__


def classify(err: BaseException) -> StoreFaultError | None:
    """The store fault ``err`` means (looking through the library's wrappers to the
    driver's error), or None when it is not one (an integrity error, a bug)."""
    if isinstance(err, StoreFaultError):
        return err
    for link in _chain(err):
        found = _one(link)
        if found is not None:
            kind, reason = found
            return kind(reason, first_line(link))
    return None


def first_line(err: BaseException) -> str:
    text = str(err).strip().splitlines()
    return (text[0] if text else type(err).__name__)[:300]


def guard(method: Callable[..., Any]) -> Callable[..., Any]:
    """``method`` (a datastore's context manager: a connection or a transaction) raising
    store faults by what they mean."""

    @contextlib.contextmanager
    def guarded(*args: Any, **kwargs: Any) -> Iterator[Any]:
        try:
            with method(*args, **kwargs) as value:
                yield value
        except StoreFaultError:
            raise
        except Exception as err:
            fault = classify(err)
            if fault is None:
                raise
            raise fault from err

    return guarded


IDLE_CHECK = 1.0  # seconds a pooled PostgreSQL connection may rest before it is tried


def checked(get_connection: Callable[..., Any], pool: Any) -> Callable[..., Any]:
    """A PostgreSQL pool's ``get_connection`` that makes sure of a connection the server
    may have dropped (a restart, a failover, an operator ending sessions):

    - one that rested more than ``IDLE_CHECK`` seconds is tried before it is handed out,
      and the next one taken when it is dead (the pool discards a broken connection given
      back), until a live one or the pool's own timeout. No query has run on it, so taking
      another is safe. (psycopg's pre-ping sleeps a second or more after each dead
      connection, which turns a restarted server into a row of 503s, and tries busy
      connections too: a round trip before every query.)
    - when a busy one turns out dead in use, every connection resting in the pool is
      tried at once (``pool.check``), so a drop costs this process one refused call, not
      one per pooled connection.
    """
    from psycopg_pool import ConnectionPool

    @contextlib.contextmanager
    def get(*args: Any, **kwargs: Any) -> Iterator[Any]:
        for _attempt in range(64):
            manager = get_connection(*args, **kwargs)
            conn = manager.__enter__()
            try:
                if time.monotonic() - getattr(conn, "_battlecon_used", 0.0) > IDLE_CHECK:
                    ConnectionPool.check_connection(conn)
            except Exception as err:  # noqa: BLE001 - any failure: the connection is dead
                with contextlib.suppress(Exception):
                    manager.__exit__(type(err), err, err.__traceback__)
                continue
            try:
                with _exiting(manager):
                    yield conn
            except Exception:
                if conn.broken or conn.closed:
                    with contextlib.suppress(Exception):
                        pool.check()
                raise
            finally:
                conn._battlecon_used = time.monotonic()  # noqa: SLF001 - our own mark
            return
        raise StoreUnavailableError(UNAVAILABLE, "no live connection in the pool")

    return get


@contextlib.contextmanager
def _exiting(manager: Any) -> Iterator[None]:
    """Leave an entered context manager as a ``with`` statement would."""
    try:
        yield
    except BaseException as err:
        if not manager.__exit__(type(err), err, err.__traceback__):
            raise
    else:
        manager.__exit__(None, None, None)


def install(datastore: Any) -> None:
    """Classify faults at the library's datastore: every query passes through its
    ``transaction`` (SQLite) or ``get_connection`` (PostgreSQL, which ``transaction`` uses;
    there each connection is also tried before use: ``checked``)."""
    if datastore is None:
        return
    if hasattr(getattr(datastore, "pool", None), "reconnect_timeout"):
        datastore.get_connection = checked(datastore.get_connection, datastore.pool)
    for name in ("transaction", "get_connection"):
        method = getattr(datastore, name, None)
        if method is not None:
            setattr(datastore, name, guard(method))


def bound(datastore: Any, timeout: float) -> None:
    """Bound the wait for a PostgreSQL connection by ``timeout`` seconds (the pool's wait
    for a free or new connection, libpq's connect timeout, TCP's wait for an answer), and
    let the pool give up reconnecting within it, so that a server back after a stop is
    used by the next request rather than after the pool's backoff of minutes."""
    pool = getattr(datastore, "pool", None)
    if pool is None or not hasattr(pool, "reconnect_timeout"):
        return  # SQLite: a local file (its lock timeout bounds a wait for a writer)
    pool.timeout = timeout
    pool.reconnect_timeout = max(timeout, 1.0)
    pool.kwargs["connect_timeout"] = max(2, math.ceil(timeout))  # libpq's least is 2 s
    pool.kwargs["tcp_user_timeout"] = int(timeout * 1000)


def probe(app: Any) -> dict:
    """``{"reachable", "writable", "detail"?}`` for the store of ``app`` (a JudgeApp),
    asked now with one read; never longer than its ``store_timeout`` (and a moment), even
    when a connection hangs. ``writable`` is what the store permits (not a read-only file,
    mount, transaction or role); it does not measure free space."""
    answer: dict = {}

    def ask() -> None:
        try:
            answer.update(_probe(app))
        except StoreFaultError as err:
            reachable = not isinstance(err, (StoreUnavailableError, StoreDamagedError))
            answer.update(reachable=reachable, writable=False,
                          detail=err.reason.split(":")[0] + ".")

    thread = threading.Thread(target=ask, name="store-probe", daemon=True)
    thread.start()
    thread.join(app.store_timeout + 0.5)
    return answer or {"reachable": False, "writable": False, "detail": UNAVAILABLE}


def _probe(app: Any) -> dict:
    module = app.env.get("PERSISTENCE_MODULE", "")
    datastore = getattr(app.factory, "datastore", None)
    if datastore is None:  # the library's in-memory store
        return {"reachable": True, "writable": True}
    if module.endswith("postgres"):
        table = f'"{datastore.schema}".{app.recorder.events_table_name}'
        with datastore.transaction(commit=False) as cursor:
            cursor.execute("SELECT current_setting('transaction_read_only') AS ro, "
                           "has_table_privilege(%s, 'INSERT') AS ins", [table])
            row = cursor.fetchone()
        writable = row["ro"] == "off" and bool(row["ins"])
    else:
        with datastore.transaction(commit=False) as cursor:
            cursor.execute("SELECT count(*) FROM sqlite_master")
            cursor.fetchall()
        path = Path(app.env.get("SQLITE_DBNAME", ""))
        writable = not app.read_only and os.access(path, os.W_OK) and os.access(
            path.resolve().parent, os.W_OK)
    return {"reachable": True, "writable": writable} | (
        {} if writable else {"detail": "The store is read-only: reads are served, writes "
                                       "refused."})
