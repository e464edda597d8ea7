"""The stream server: one asyncio loop in front of waitress, so that followers hold no
request thread (``docs/stream.md`` says why this design).

It accepts every connection on the service's port. A ``GET /api/duels/<id>/stream`` it
serves itself: it runs the Flask view once on a small pool of its own (so the reader is
authorised, refused and counted as for every other read, with the same error bodies),
writes that answer, and then keeps the connection, sending what the process's ``Hub``
queues for it and a heartbeat comment when nothing happened for ``heartbeat`` seconds.
Every other request goes, unchanged, to waitress on a private Unix socket, over one
upstream connection per client connection (answers are copied back as they come). A
request body sent chunked makes the rest of that connection a plain tunnel to waitress.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import socket
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from flask import Flask
from werkzeug.test import EnvironBuilder, run_wsgi_app

from api import sse
from api.hub import Follower, Hub
from api.stream import FRONT

STREAM_PATH = re.compile(r"^/api/duels/[^/?#]+/stream(\?.*)?$")
MAX_HEAD = 64 * 1024
CHUNK = 64 * 1024


class BadRequestHead(ValueError):
    """A request head that is not HTTP/1.x: answered 400, the connection closed."""


class Head:
    """A request's head as received: its bytes, method, target and headers."""

    def __init__(self, raw: bytes) -> None:
        self.raw = raw
        lines = raw.decode("latin-1").split("\r\n")
        parts = lines[0].split(" ")
        if len(parts) != 3 or not parts[2].startswith("HTTP/1."):
            raise BadRequestHead(lines[0][:80])
        self.method, self.target = parts[0], parts[1]
        self.headers = [(k.strip(), v.strip()) for k, _, v in
                        (line.partition(":") for line in lines[1:] if line)]

    def header(self, name: str) -> str | None:
        return next((v for k, v in self.headers if k.lower() == name), None)

    @property
    def is_stream(self) -> bool:
        return self.method == "GET" and STREAM_PATH.match(self.target) is not None

    @property
    def chunked(self) -> bool:
        return "chunked" in (self.header("transfer-encoding") or "").lower()

    @property
    def length(self) -> int:
        value = self.header("content-length") or "0"
        if not value.isdigit():
            raise BadRequestHead("Content-Length")
        return int(value)


async def read_head(reader: asyncio.StreamReader) -> Head | None:
    """The next request's head, or None when the client closed the connection."""
    try:
        raw = await reader.readuntil(b"\r\n\r\n")
    except asyncio.IncompleteReadError:
        return None
    except asyncio.LimitOverrunError as err:
        raise BadRequestHead("head too long") from err
    return Head(raw)


def response_head(status: str, headers: list[tuple[str, str]], length: int | None) -> bytes:
    """An HTTP/1.1 response head that closes the connection after its body (a stream's
    body ends when the connection does: ``length`` None)."""
    kept = [(k, v) for k, v in headers if k.lower() not in ("content-length", "connection")]
    if length is not None:
        kept.append(("Content-Length", str(length)))
    lines = [f"HTTP/1.1 {status}", *(f"{k}: {v}" for k, v in kept), "Connection: close"]
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")


def _no_delay(writer: asyncio.StreamWriter) -> None:
    """Answers leave at once, in as many pieces as waitress wrote them (Nagle's algorithm
    held a second piece until the client's delayed ACK: 40 ms a decision)."""
    sock = writer.get_extra_info("socket")
    if sock is not None and sock.family in (socket.AF_INET, socket.AF_INET6):
        with contextlib.suppress(OSError):
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)


class Front:
    """The asyncio server: streams served here, everything else passed to waitress."""

    def __init__(self, app: Flask, hub: Hub, upstream: str, heartbeat: float,
                 pool: int = 4) -> None:
        self.app, self.hub, self.upstream, self.heartbeat = app, hub, upstream, heartbeat
        self.pool = ThreadPoolExecutor(max_workers=pool, thread_name_prefix="stream-open")

    async def serve(self, sockets: list[socket.socket]) -> None:
        """Accept on ``sockets`` until cancelled (the poller runs alongside)."""
        servers = [await asyncio.start_server(self.connection, sock=s, limit=MAX_HEAD)
                   for s in sockets]
        self.hub.start(asyncio.get_running_loop())
        await asyncio.gather(*(s.serve_forever() for s in servers))

    async def connection(self, reader: asyncio.StreamReader,
                         writer: asyncio.StreamWriter) -> None:
        upstream: Upstream | None = None
        _no_delay(writer)
        try:
            while (head := await read_head(reader)) is not None:
                if head.is_stream:
                    await self.follow(head, reader, writer)
                    return
                if upstream is None:
                    upstream = await Upstream.open(self.upstream, writer)
                if not await upstream.forward(head, reader):
                    return
        except BadRequestHead:
            body = b'{"status":400,"title":"Bad Request","detail":"Not an HTTP/1.1 request."}'
            writer.write(response_head("400 Bad Request", [
                ("Content-Type", "application/json")], len(body)) + body)
        except (ConnectionError, OSError, asyncio.IncompleteReadError):
            pass
        finally:
            if upstream is not None:
                upstream.close()
            with contextlib.suppress(Exception):
                writer.close()

    async def follow(self, head: Head, reader: asyncio.StreamReader,
                     writer: asyncio.StreamWriter) -> None:
        """Open a stream: the view's answer (a refusal ends there), then the queue."""
        loop = asyncio.get_running_loop()
        opened: dict = {}  # the view puts the new follower here
        environ = EnvironBuilder(path=head.target, method="GET", headers=head.headers,
                                 environ_base={FRONT: opened}).get_environ()
        status, headers, body = await loop.run_in_executor(self.pool, self._run, environ)
        follower: Follower | None = opened.get("follower")
        writer.write(response_head(status, headers, None if follower else len(body)) + body)
        if follower is None:
            await writer.drain()
            return
        follower.abort = writer.transport.abort
        try:
            await self._send(follower, reader, writer)
        finally:
            await loop.run_in_executor(self.pool, self.hub.leave, follower)

    def _run(self, environ: dict) -> tuple[str, list[tuple[str, str]], bytes]:
        app_iter, status, headers = run_wsgi_app(self.app, environ, buffered=True)
        try:
            return status, list(headers.items()), b"".join(app_iter)
        finally:
            close: Callable[[], Any] | None = getattr(app_iter, "close", None)
            if close is not None:
                close()

    async def _send(self, follower: Follower, reader: asyncio.StreamReader,
                    writer: asyncio.StreamWriter) -> None:
        """Write the follower's frames as they come, a heartbeat when none came for a
        while; until the client goes, its token is closed, or it stops reading."""
        gone = asyncio.ensure_future(reader.read(1))  # the client closed (or misbehaved)
        try:
            while True:
                await writer.drain()
                got = asyncio.ensure_future(follower.queue.get())
                done, _ = await asyncio.wait({got, gone}, timeout=self.heartbeat,
                                             return_when=asyncio.FIRST_COMPLETED)
                if got not in done:
                    got.cancel()
                    if gone in done:
                        return
                    writer.write(sse.comment("heartbeat"))
                    continue
                frame = got.result()
                if frame is None:
                    await writer.drain()
                    return
                writer.write(frame)
        finally:
            gone.cancel()


class Upstream:
    """One connection to waitress for one client connection; answers copied back."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                 client: asyncio.StreamWriter) -> None:
        self.writer = writer
        self.pump = asyncio.ensure_future(self._copy(reader, client))

    @classmethod
    async def open(cls, path: str, client: asyncio.StreamWriter) -> Upstream:
        reader, writer = await asyncio.open_unix_connection(path)
        return cls(reader, writer, client)

    @staticmethod
    async def _copy(reader: asyncio.StreamReader, client: asyncio.StreamWriter) -> None:
        """Waitress's answers to the client as they come; when waitress closes the
        connection, the client's is closed too (nothing more can be answered on it)."""
        try:
            while data := await reader.read(CHUNK):
                client.write(data)
                await client.drain()
        except (ConnectionError, OSError):
            pass
        finally:
            with contextlib.suppress(Exception):
                client.close()

    async def forward(self, head: Head, reader: asyncio.StreamReader) -> bool:
        """Send one request to waitress; False when the connection became a tunnel. A
        body of up to ``CHUNK`` bytes goes in one write with its head."""
        if head.chunked:
            self.writer.write(head.raw)
            while data := await reader.read(CHUNK):
                self.writer.write(data)
                await self.writer.drain()
            return False
        left = head.length
        if left <= CHUNK:
            self.writer.write(head.raw + (await reader.readexactly(left) if left else b""))
            await self.writer.drain()
            return True
        self.writer.write(head.raw)
        while left > 0:
            data = await reader.read(min(left, CHUNK))
            if not data:
                raise asyncio.IncompleteReadError(b"", left)
            self.writer.write(data)
            left -= len(data)
        await self.writer.drain()
        return True

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.writer.close()
