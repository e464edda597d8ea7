"""One writer at a time on a SQLite file, queued by the OS instead of SQLite's busy handler.

SQLite lets one process write at a time; a writer that finds the file locked sleeps and
polls (1, 2, 5 ... up to 100 ms between tries), which puts tens of milliseconds on a write
whenever two server processes (``judge serve --workers``) write at once. Writers that take
this lock first wait in a queue the kernel wakes as soon as the holder is done. It is only
about waiting: SQLite's own locking still decides, so a writer that does not take it (an
older process, another tool) is as safe as before.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import IO, Any

fcntl: ModuleType | None
try:
    import fcntl
except ImportError:  # pragma: no cover - not on Windows: threads queue, processes poll
    fcntl = None


class WriterQueue:
    """This process's writing threads, then the processes, one at a time, around the
    store's write transactions only (so the lock is held for an insert and a commit, not
    while events are encoded)."""

    def __init__(self, sqlite_file: str | None) -> None:
        self._threads = threading.RLock()
        self._path = Path(f"{sqlite_file}.writers") if sqlite_file and fcntl else None
        self._file: IO[bytes] | None = None

    def install(self, datastore: Any) -> None:
        """Queue every write transaction of an eventsourcing ``SQLiteDatastore``."""
        if self._path is None:
            return
        plain = datastore.transaction

        @contextlib.contextmanager
        def transaction(*, commit: bool) -> Iterator[Any]:
            if not commit:
                with plain(commit=False) as cursor:
                    yield cursor
                return
            with self(), plain(commit=True) as cursor:
                yield cursor

        datastore.transaction = transaction

    @contextlib.contextmanager
    def __call__(self) -> Iterator[None]:
        with self._threads:
            if self._path is None:
                yield
                return
            if self._file is None:
                self._file = open(self._path, "a+b")  # noqa: SIM115 - kept open for the locks
            locks, fd = fcntl, self._file.fileno()
            assert locks is not None  # a path is set only where fcntl is
            locks.flock(fd, locks.LOCK_EX)
            try:
                yield
            finally:
                locks.flock(fd, locks.LOCK_UN)

    def close(self) -> None:
        with self._threads:
            if self._file is not None:
                self._file.close()
                self._file = None
