"""The followers of one server process, and how they learn of every write to the store.

Followers of a duel who read alike (the same role, and for a scorekeeper the same name:
``reader_key``) share one ``ReaderView``; a change is computed once per such group, never
once per follower. One poller thread per process watches the store's notification log
(one indexed ``max`` query every ``poll`` seconds, whichever process or host wrote), and
every second looks at each followed duel's version anyway, in case a notification id
was committed out of order. It then sends each group's ``update`` to its followers'
queues on the stream server's event loop. A queue is bounded: a follower that stops
reading fills it and is dropped (``Follower.offer``), never buffered without bound. A
token's revocation is a notification too: its streams are closed at the next poll.
"""

from __future__ import annotations

import asyncio
import datetime
import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from uuid import UUID

from flask import Flask, g

from api import sse
from api.auth import SEES_EVERY_SECRET, AccessToken, token_id
from api.follow import ReaderView

log = logging.getLogger("battlecon.stream")
Key = tuple[UUID, str | None, str | None]  # duel, role, name: who reads alike


def reader_key(duel_id: UUID) -> Key:
    """Followers with the same key see the same list (``g`` is the reader's)."""
    if g.role in SEES_EVERY_SECRET:
        return duel_id, "judge", None
    return duel_id, g.role, g.actor if g.role == "scorekeeper" else None


@dataclass(eq=False)
class Follower:
    """One open stream: its bounded queue of frames, and the token that opened it."""

    key: Key
    token: UUID | None
    expires: str | None
    limit: int
    queue: asyncio.Queue = field(init=False)
    abort: Callable[[], Any] | None = None  # drops the connection at once
    dropped: bool = False

    def __post_init__(self) -> None:
        self.queue = asyncio.Queue(maxsize=self.limit)

    def offer(self, frame: bytes | None) -> None:
        """Queue a frame (None: close) on the event loop; a full queue drops the follower."""
        try:
            self.queue.put_nowait(frame)
        except asyncio.QueueFull:
            self.dropped = True
            if self.abort is not None:
                self.abort()


@dataclass(eq=False)
class Group:
    view: ReaderView
    followers: set[Follower] = field(default_factory=set)
    lock: threading.Lock = field(default_factory=threading.Lock)


class Hub:
    """The process's followers by group, and the poller that moves them on."""

    def __init__(self, app: Flask, poll: float = 0.05, buffer: int = 64) -> None:
        self.app, self.poll, self.buffer = app, poll, buffer
        self.groups: dict[Key, Group] = {}
        self.lock = threading.Lock()
        self.loop: asyncio.AbstractEventLoop | None = None
        self.stopping = threading.Event()

    @property
    def store(self) -> Any:
        return self.app.extensions["battlecon"]["store"]

    def follow(self, duel_id: UUID, last: int | None) -> tuple[bytes, Follower]:
        """A new follower of ``duel_id`` for the reader of this request, and the frames
        that bring their list up to date (then the queue carries every change)."""
        key = reader_key(duel_id)
        digest = g.get("token_digest")
        holder = self.app.extensions["battlecon"]["tokens"].get(digest) if digest else None
        follower = Follower(key, token_id(digest) if digest else None,
                            holder.expires if holder else None, self.buffer)
        while True:
            with self.lock:
                group = self.groups.setdefault(key, Group(ReaderView(duel_id)))
            with group.lock:
                if self.groups.get(key) is not group:  # its last follower just left
                    continue
                group.view.advance()
                group.followers.add(follower)
                return opening(group.view, last), follower

    def leave(self, follower: Follower) -> None:
        with self.lock:
            group = self.groups.get(follower.key)
            if group is None:
                return
            with group.lock:
                group.followers.discard(follower)
                if not group.followers:
                    del self.groups[follower.key]

    def start(self, loop: asyncio.AbstractEventLoop) -> threading.Thread:
        """Run the poller for followers served on ``loop``."""
        self.loop = loop
        thread = threading.Thread(target=self._run, name="stream-poller", daemon=True)
        thread.start()
        return thread

    def _run(self) -> None:
        seen: int | None = None  # the last notification read; None while nobody follows
        swept = time.monotonic()
        while not self.stopping.wait(self.poll):
            try:
                if not self.groups:  # no follower here: the store is not asked at all
                    seen = None
                    continue
                if seen is None:  # the first follower: from now on, and catch up once
                    seen = self._max_id()
                    self._advance(set(self.groups))
                seen = self._poll(seen)
                if time.monotonic() - swept >= 1.0:
                    swept = time.monotonic()
                    self._sweep()
            except Exception:  # noqa: BLE001 - the poller outlives a failing store
                log.warning("stream poller: the store failed; trying again", exc_info=True)
                self.stopping.wait(1.0)

    def _max_id(self) -> int:
        return self.store.recorder.max_notification_id() or 0

    def _poll(self, seen: int) -> int:
        """Move on the groups of duels written since notification ``seen``; close the
        streams of tokens revoked since. The new ``seen``."""
        top = self._max_id()
        if top <= seen:
            return seen
        duels: set[UUID] = set()
        revoked: set[UUID] = set()
        start = seen + 1
        while start <= top:
            batch = self.store.recorder.select_notifications(start=start, limit=500, stop=top)
            if not batch:
                break
            for note in batch:
                (revoked if note.topic == AccessToken.Revoked.TOPIC else duels).add(
                    note.originator_id)
            start = batch[-1].id + 1
        if revoked:
            self._close_where(lambda f: f.token in revoked, "This token was revoked.")
        self._advance({key for key in list(self.groups) if key[0] in duels})
        return top

    def _sweep(self) -> None:
        """Every second: each followed duel's version asked anyway, and expired tokens' streams
        closed."""
        now = datetime.datetime.now(datetime.UTC).isoformat()
        self._close_where(lambda f: f.expires is not None and now >= f.expires,
                          "This token expired.")
        self._advance(set(self.groups))

    def _advance(self, keys: set[Key]) -> None:
        for key in keys:
            group = self.groups.get(key)
            if group is None:
                continue
            with self.app.app_context(), group.lock:
                g.role, g.actor = key[1], key[2]
                update = group.view.advance()
                if update is not None:
                    self._send(group.followers, sse.message("update", update, update["total"]))

    def _close_where(self, match: Any, why: str) -> None:
        frame = sse.message("closed", {"status": 401, "detail": why})
        doomed: set[Follower] = set()
        with self.lock:
            for group in self.groups.values():
                with group.lock:
                    doomed |= {f for f in group.followers if match(f)}
        self._send(doomed, frame, then_close=True)

    def _send(self, followers: set[Follower], frame: bytes, then_close: bool = False) -> None:
        if not followers or self.loop is None:
            return
        targets = list(followers)

        def deliver() -> None:
            for follower in targets:
                follower.offer(frame)
                if then_close:
                    follower.offer(None)

        self.loop.call_soon_threadsafe(deliver)


def opening(view: ReaderView, last: int | None) -> bytes:
    """The frames a new stream starts with: a snapshot, or the update since ``last`` (a
    version the reader had; a later or unknown one gets the snapshot)."""
    if last is None or last > view.total:
        return sse.message("snapshot", view.snapshot(), view.total)
    update = view.since(last)
    return b"" if update is None else sse.message("update", update, view.total)
