"""Stores that fail on purpose, for the fault tests: a small tmpfs that fills up or is made
read-only, a SQLite file of garbage, and a private PostgreSQL cluster the test starts,
stops and restarts itself (never the shared server on 5432, which parallel workers use).

A tmpfs needs ``mount`` (root, or a container that allows it); the cluster needs
PostgreSQL's server binaries and a user other than root to run them (as root: ``runuser
-u postgres``). Where either is missing the tests concerned skip and say why.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.serving import free_port

PG_BIN = Path(os.environ.get("BATTLECON_PG_BIN", "/usr/lib/postgresql/15/bin"))
EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def open_record() -> dict:
    """A sample duel's setup with no decision yet: its prompt waits for the first one."""
    record = json.loads(sorted(EXAMPLES.glob("*.json"))[0].read_text(encoding="utf-8"))
    return {**record, "decisions": []}


# --- a small disk ---------------------------------------------------------------------------


@contextlib.contextmanager
def tmpfs(folder: Path, size: str = "2m") -> Iterator[Path]:
    """A tmpfs of ``size`` mounted on ``folder`` for the block (skips where mounting is not
    permitted), unmounted after it."""
    folder.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size},mode=1777", "tmpfs",
                           str(folder)], capture_output=True, text=True, check=False)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here ({done.stderr.strip() or done.returncode}): "
                    "the full-disk and read-only store tests need mount (root)")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], capture_output=True, check=False)


def remount(folder: Path, mode: str) -> None:
    """Remount the tmpfs on ``folder`` ``ro`` or ``rw`` (as root, a read-only mount is what
    stops writes: file permissions do not)."""
    subprocess.run(["mount", "-o", f"remount,{mode}", str(folder)], check=True,
                   capture_output=True)


def fill(folder: Path) -> Path:
    """Fill the disk under ``folder`` with one file, to the last byte; remove it to free."""
    filler = folder / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT, 0o666)
    try:
        while True:
            os.write(fd, b"\0" * 4096)
    except OSError:
        pass
    finally:
        os.close(fd)
    return filler


# --- a private PostgreSQL cluster ----------------------------------------------------------


class Cluster:
    """A PostgreSQL cluster in a temporary folder, on a free loopback port."""

    def __init__(self, folder: Path) -> None:
        self.folder, self.data = folder, folder / "data"
        self.port = free_port()

    def _run(self, *args: str) -> subprocess.CompletedProcess:
        command = [str(PG_BIN / args[0]), *args[1:]]
        if os.geteuid() == 0:
            command = ["runuser", "-u", "postgres", "--", *command]
        return subprocess.run(command, capture_output=True, text=True, check=False,
                              timeout=120)

    def init(self) -> None:
        done = self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", "postgres",
                         "--no-sync", "-E", "UTF8")
        if done.returncode != 0:
            raise RuntimeError(f"initdb failed: {done.stderr.strip()}")

    def start(self) -> None:
        options = (f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 "
                   "-c fsync=off -c max_connections=60")
        done = self._run("pg_ctl", "-D", str(self.data), "-o", options, "-l",
                         str(self.folder / "log"), "-w", "start")
        if done.returncode != 0:
            log = (self.folder / "log").read_text(errors="replace")[-2000:]
            raise RuntimeError(f"pg_ctl start failed: {done.stderr.strip()}\n{log}")

    def stop(self) -> None:
        self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def sql(self, statement: str, database: str = "postgres") -> list[tuple]:
        import psycopg

        with psycopg.connect(self.url(database), autocommit=True, connect_timeout=5) as conn:
            cursor = conn.execute(statement)
            return cursor.fetchall() if cursor.description else []

    def database(self, name: str) -> str:
        """A fresh database on the cluster; its URL."""
        self.sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        self.sql(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def read_only(self, name: str, on: bool) -> None:
        """Make the database read-only for every new session, and end the open ones (a
        standby promoted the other way, or an operator's switch)."""
        self.sql(f'ALTER DATABASE "{name}" SET default_transaction_read_only = '
                 f'{"on" if on else "off"}')
        self.sql("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = "
                 f"'{name}' AND pid <> pg_backend_pid()")


@pytest.fixture(scope="module")
def cluster() -> Iterator[Cluster]:
    """A private PostgreSQL cluster for the module's tests (skips where PostgreSQL's server
    binaries, or a user to run them as, are missing)."""
    if not (PG_BIN / "initdb").exists():
        pytest.skip(f"PostgreSQL server binaries not found in {PG_BIN} (BATTLECON_PG_BIN)")
    if os.geteuid() == 0 and not shutil.which("runuser"):
        pytest.skip("running as root without runuser: PostgreSQL will not run as root")
    folder = Path(tempfile.mkdtemp(prefix="battlecon-pg-"))
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres")
    pg = Cluster(folder)
    try:
        pg.init()
        pg.start()
        yield pg
    finally:
        pg.stop()
        shutil.rmtree(folder, ignore_errors=True)
