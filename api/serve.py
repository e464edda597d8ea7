"""``judge serve``: the API and the web viewer on a production WSGI server (waitress).

This is a composition root (reached from the CLI), so it may import the viewer.

With ``workers`` > 1, the parent binds the listening socket and starts that many worker
processes, each a waitress server with its own JudgeApp on the same store, accepting from
the shared socket. They share nothing in memory: a read of a duel "now" asks the store for
newer events (one indexed query), and a decision judged on a worker's stale cache is
refused by the store's (duel, version) key, so reads and writes are as consistent as with
one process. Needs a store the processes share (a SQLite file or PostgreSQL); on a SQLite
file the workers' writers queue on an OS lock (``events.writers``).
"""

from __future__ import annotations

import asyncio
import atexit
import errno
import logging
import multiprocessing
import os
import shutil
import signal
import socket
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from multiprocessing.connection import wait
from typing import Any

from api.demo import load_demo
from api.plugins import load_ruleset_modules
from events.app import JudgeApp


def serve(host: str, port: int, db: str | None, database_url: str | None, demo: bool,
          anonymous_read: bool, threads: int = 8, workers: int = 1,
          ruleset_modules: Sequence[str] = ()) -> int:
    """Serve until stopped; the exit status (a worker that died stops the service).

    ``ruleset_modules`` are imported in every server process (a worker is spawned with
    nothing inherited, so it imports them again) before its app reads a duel."""
    if workers < 1:
        raise ValueError("--workers must be at least 1.")
    sock = bind(host, port)  # before anything is loaded: a taken port is said at once
    try:
        store = _open_store(db, database_url, demo, workers)
        if workers == 1:
            _serve_one(store, anonymous_read, threads, list(ruleset_modules), sockets=[sock])
            return 0
        store.close()
        return _serve_workers(sock, db, database_url, anonymous_read, threads, workers,
                              list(ruleset_modules))
    except BaseException:
        sock.close()
        raise


def _open_store(db: str | None, database_url: str | None, demo: bool, workers: int) -> JudgeApp:
    """The store, its tables created once (here), the demo duels loaded if asked, and the
    duel list's read model brought up to date before the first request (after an upgrade:
    every stored duel, once)."""
    store = JudgeApp(db=db, database_url=database_url)  # StoreFaultError: cannot start
    if workers > 1 and store.env.get("PERSISTENCE_MODULE") == "eventsourcing.popo":
        store.close()
        raise ValueError("--workers needs a store the processes share (a SQLite file or "
                         "PostgreSQL), not :memory:.")
    if store.read_only:
        print("judge serve: the store is read-only: serving reads; writes are answered 503 "
              "saying so (restart once it is writable again).", file=sys.stderr, flush=True)
    elif demo:
        added = load_demo(store)
        logging.getLogger("battlecon").warning("demo duels loaded: %d new", added)
    changed = store.duel_list.catch_up()
    if changed > 100:
        logging.getLogger("battlecon").warning("duel list brought up to date: %d duels", changed)
    return store


class PortTakenError(ValueError):
    """The address is in use (another server, or an earlier one still stopping)."""


def bind(host: str, port: int) -> socket.socket:
    """The listening socket, or a ``ValueError`` that says what to do instead of a traceback."""
    try:
        return socket.create_server((host, port), backlog=1024)
    except OSError as err:
        if err.errno == errno.EADDRINUSE:
            raise PortTakenError(
                f"port {port} on {host} is taken (another server is using it); choose another "
                "with --port N (or BATTLECON_PORT), or stop the other server.") from err
        raise ValueError(f"cannot listen on {host}:{port}: {err.strerror or err}.") from err


def _serve_one(store: JudgeApp, anonymous_read: bool, threads: int, modules: list[str],
               announce: bool = True, *, sockets: list[socket.socket]) -> None:
    """One server process on ``sockets`` (its listening sockets): the stream server
    (``api.front``) accepts there and serves the live streams itself; waitress serves
    every other request from a private Unix socket (docs/stream.md)."""
    from waitress import serve as waitress_serve

    from api.app import create_app
    from api.front import Front
    from api.hub import Hub
    from viewer import install

    app = install(create_app({"STORE": store, "ANONYMOUS_READ": anonymous_read,
                              "RULESET_MODULES": modules}))
    hub = Hub(app, poll=_env_seconds("BATTLECON_STREAM_POLL", 0.05))
    app.extensions["battlecon"]["hub"] = hub
    inner = _private_socket()
    front = Front(app, hub, inner.getsockname(), _env_seconds("BATTLECON_STREAM_HEARTBEAT", 15))
    threading.Thread(target=asyncio.run, args=(front.serve(sockets),), name="stream-server",
                     daemon=True).start()
    if announce:
        host, port = sockets[0].getsockname()[:2]
        print(f"BattleCON judge serving on http://{host}:{port}/ (viewer at /, "
              f"API at /api, OpenAPI at /api/openapi.json; rules {rules_build()})", flush=True)
    waitress_serve(app, threads=threads, ident="battlecon-judge", sockets=[inner])


def rules_build() -> str:
    """The rules' build in words ("compiled (30 modules)", "pure Python"), once the
    built-in rulesets are imported (a worker imports them on its first request)."""
    from judge import builds, registry

    for name in registry.BUILT_IN:
        registry.find(name)
    return builds.described()


def _env_seconds(name: str, default: float) -> float:
    """A positive number of seconds from the environment (the default if unset or not one)."""
    try:
        value = float(os.environ.get(name, default))
    except ValueError:
        return default
    return value if 0 < value <= 3600 else default


def _private_socket() -> socket.socket:
    """Waitress's listening socket: a Unix socket in a directory only this process knows
    (removed when the process ends), reached only through the stream server."""
    where = tempfile.mkdtemp(prefix="battlecon-")
    atexit.register(shutil.rmtree, where, True)
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.bind(os.path.join(where, "waitress.sock"))
    sock.listen(1024)
    return sock


def _exit_with(parent: int) -> None:
    """End this worker when the parent dies, even by SIGKILL (which it cannot pass on):
    Linux's parent-death signal, and everywhere a watch on the parent's pid, so that no
    orphan goes on serving the port and a restart can bind it."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    if os.getppid() != parent:  # died before we could watch it
        os._exit(0)
    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def _worker(sock: socket.socket, db: str | None, database_url: str | None,
            anonymous_read: bool, threads: int, modules: list[str], parent: int) -> None:
    """One worker process: its own store connections and caches, the shared socket."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent stops the workers
    _exit_with(parent)
    load_ruleset_modules(modules)  # before the store loads a duel of a plug-in ruleset
    # The parent created the tables (``_open_store``). Two workers creating them again at
    # once make PostgreSQL refuse one ("tuple concurrently updated": the library's
    # CREATE OR REPLACE FUNCTION), and that worker would die at start.
    store = JudgeApp(db=db, database_url=database_url, queue_writers=True,
                     env={"CREATE_TABLE": "false"})
    _serve_one(store, anonymous_read, threads, modules, announce=False, sockets=[sock])


def _serve_workers(sock: socket.socket, db: str | None, database_url: str | None,
                   anonymous_read: bool, threads: int, workers: int,
                   modules: list[str]) -> int:
    ctx = multiprocessing.get_context("spawn")  # nothing inherited but the socket
    procs = [ctx.Process(target=_worker, name=f"battlecon-worker-{k}",
                         args=(sock, db, database_url, anonymous_read, threads, modules,
                               os.getpid()))
             for k in range(workers)]
    for proc in procs:
        proc.start()
    bound = sock.getsockname()
    print(f"BattleCON judge serving on http://{bound[0]}:{bound[1]}/ with {workers} worker "
          "processes (viewer at /, API at /api, OpenAPI at /api/openapi.json; rules "
          f"{rules_build()})", flush=True)

    def stop(signum: Any, frame: Any) -> Any:  # noqa: ARG001 - signal handler signature
        raise SystemExit(0)

    signal.signal(signal.SIGTERM, stop)
    status = 0
    try:
        ready = wait([proc.sentinel for proc in procs])  # until stopped, or a worker dies
        died = next(p for p in procs if p.sentinel in ready)
        died.join(timeout=5)  # its sentinel closes a moment before it can be reaped
        how = f"was killed by signal {-(died.exitcode or 0)}" if (died.exitcode or 0) < 0 else \
            f"exited with {died.exitcode}"
        print(f"judge serve: worker {died.name} {how}; stopping the service",
              file=sys.stderr, flush=True)
        status = 1
    except (SystemExit, KeyboardInterrupt):
        pass
    finally:
        for proc in procs:
            if proc.is_alive():
                proc.terminate()
        for proc in procs:
            proc.join(timeout=10)
            if proc.is_alive():
                proc.kill()
        sock.close()
    return status
