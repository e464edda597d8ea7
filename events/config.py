"""Where the record lives: a SQLite file by default, PostgreSQL by URL, memory for tests."""

from __future__ import annotations

import os
from urllib.parse import unquote, urlparse

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
