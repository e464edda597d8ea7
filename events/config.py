"""Where the record lives: a SQLite file by default, PostgreSQL by URL, memory for tests."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from urllib.parse import quote, unquote, urlparse

DEFAULT_DB = "battlecon.db"


def store_env(db: str | None = None, database_url: str | None = None) -> dict[str, str]:
    """The eventsourcing environment for a store.

    ``database_url`` (or ``BATTLECON_DATABASE_URL``) ``postgresql://user:pw@host:port/name``
    selects PostgreSQL; ``db`` (or ``BATTLECON_DB``) is a SQLite file path (WAL mode), and
    ``:memory:`` keeps everything in this process.
    """
    url = database_url or (None if db else os.environ.get("BATTLECON_DATABASE_URL"))
    if url:
        parts = urlparse(url)
        if parts.scheme not in ("postgres", "postgresql"):
            raise ValueError(f"Unsupported database URL scheme {parts.scheme!r}; use "
                             "postgresql://user:password@host:port/dbname.")
        env = {"PERSISTENCE_MODULE": "eventsourcing.postgres",
               "POSTGRES_DBNAME": parts.path.lstrip("/") or "postgres",
               "POSTGRES_HOST": parts.hostname or "127.0.0.1",
               "POSTGRES_PORT": str(parts.port or 5432),
               "POSTGRES_USER": unquote(parts.username or "postgres"),
               "POSTGRES_PASSWORD": unquote(parts.password or ""),
               "POSTGRES_POOL_SIZE": "10", "POSTGRES_MAX_OVERFLOW": "10",
               "POSTGRES_CONNECT_TIMEOUT": "10", "POSTGRES_LOCK_TIMEOUT": "10"}
        query = dict(p.split("=", 1) for p in parts.query.split("&") if "=" in p)
        if "schema" in query:
            env["POSTGRES_SCHEMA"] = query["schema"]
        return env
    path = db or os.environ.get("BATTLECON_DB") or DEFAULT_DB
    if path == ":memory:":
        return {"PERSISTENCE_MODULE": "eventsourcing.popo"}
    return {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": path,
            "SQLITE_LOCK_TIMEOUT": "10"}


def sqlite_read_only_name(path: str) -> str | None:
    """A ``file:`` URI that opens the SQLite file ``path`` read-only, when this process may
    not write it or its folder (a read-only mount: ``os.access`` says so to root too); None
    when it may (or the file does not exist yet, or ``path`` is a URI or ``:memory:``).

    Read-only with ``mode=ro`` where SQLite can share the write-ahead log's index (its
    ``-shm`` file exists), else ``immutable=1``: on a read-only medium with no ``-shm`` that
    is the only way SQLite opens a WAL database (it then reads without locks, which is
    right while nobody can write the file)."""
    file = Path(path)
    if path == ":memory:" or path.startswith("file:") or not file.is_file():
        return None
    folder = file.resolve().parent
    if os.access(file, os.W_OK) and os.access(folder, os.W_OK):
        return None
    uri = f"file:{quote(str(file.resolve()))}"
    try:
        conn = sqlite3.connect(f"{uri}?mode=ro", uri=True)
        try:
            conn.execute("PRAGMA journal_mode").fetchall()
        finally:
            conn.close()
    except sqlite3.Error:
        return f"{uri}?immutable=1"
    return f"{uri}?mode=ro"
