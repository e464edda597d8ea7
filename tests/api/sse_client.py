"""A small Server-Sent Events reader for the stream tests: frames parsed as the WHATWG
format says, and a follower's list of events rebuilt from them as the page does."""

from __future__ import annotations

import json
import socket
import time
from dataclasses import dataclass, field


@dataclass
class Frame:
    """One message (``kind``, ``data``, ``id``), or a comment (``kind`` None)."""

    kind: str | None
    data: dict | None = None
    id: int | None = None
    comment: str | None = None


def parse(text: str) -> list[Frame]:
    """Every complete frame in ``text`` (a stream's body)."""
    frames = []
    for block in text.split("\n\n")[:-1]:  # the last is unfinished (or empty)
        if not block:
            continue
        fields: dict[str, str] = {}
        comment = None
        for line in block.split("\n"):
            if line.startswith(":"):
                comment = line[1:].strip()
                continue
            name, _, value = line.partition(": ")
            fields[name] = value
        if "event" in fields:
            frames.append(Frame(fields["event"], json.loads(fields["data"]),
                                int(fields["id"]) if "id" in fields else None))
        elif comment is not None:
            frames.append(Frame(None, comment=comment))
    return frames


@dataclass
class Follower:
    """A follower's list, rebuilt from the frames as the page rebuilds it."""

    rows: list[dict] = field(default_factory=list)
    last: int | None = None

    def apply(self, frame: Frame) -> None:
        if frame.kind == "snapshot":
            self.rows = list(frame.data["events"])
        elif frame.kind == "update":
            for row in frame.data["changed"]:
                self.rows[row["event"] - 1] = row
            self.rows += frame.data["events"]
            assert len(self.rows) == frame.data["total"]
        if frame.id is not None:
            self.last = frame.id


class Stream:
    """A stream opened on a real server over a socket; frames read as they come."""

    def __init__(self, port: int, path: str, headers: dict | None = None) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        lines = [f"GET {path} HTTP/1.1", "Host: 127.0.0.1",
                 *(f"{k}: {v}" for k, v in (headers or {}).items()), "", ""]
        self.sock.sendall("\r\n".join(lines).encode())
        self.buffer = b""
        head = self._until(b"\r\n\r\n", 10)
        status_line, *header_lines = head.decode("latin-1").split("\r\n")
        self.status = int(status_line.split()[1])
        self.headers = {k.lower(): v.strip() for k, _, v in
                        (h.partition(":") for h in header_lines if h)}
        self.closed = False

    def _until(self, mark: bytes, timeout: float) -> bytes:
        deadline = time.monotonic() + timeout
        while mark not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"nothing for {timeout} s")
            self.sock.settimeout(left)
            data = self.sock.recv(65536)
            if not data:
                self.closed = True
                raise EOFError("the server closed the stream")
            self.buffer += data
        out, _, self.buffer = self.buffer.partition(mark)
        return out

    def next(self, timeout: float = 5) -> Frame:
        """The next frame (a message or a heartbeat comment)."""
        while True:
            frames = parse(self._until(b"\n\n", timeout).decode() + "\n\n")
            if frames:
                return frames[0]

    def message(self, timeout: float = 5) -> Frame:
        """The next message, heartbeats skipped."""
        deadline = time.monotonic() + timeout
        while True:
            frame = self.next(max(0.01, deadline - time.monotonic()))
            if frame.kind is not None:
                return frame

    def body(self, timeout: float = 5) -> bytes:
        """What is left of a finite answer (an error's body)."""
        length = int(self.headers.get("content-length", "0"))
        deadline = time.monotonic() + timeout
        while len(self.buffer) < length and time.monotonic() < deadline:
            self.buffer += self.sock.recv(65536)
        return self.buffer

    def close(self) -> None:
        self.sock.close()
