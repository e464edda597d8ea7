"""Server-Sent Events framing (the WHATWG ``text/event-stream`` format), and no more.

A message is ``id``, ``event`` and ``data`` lines ended by a blank line; the data is one
line of compact JSON, so it never needs splitting. A comment line (``:``) is a heartbeat:
readers ignore it, and it shows a follower (and any proxy) that the stream is alive.
"""

from __future__ import annotations

import json
from typing import Any

CONTENT_TYPE = "text/event-stream; charset=utf-8"
HEADERS = {"Cache-Control": "no-store", "X-Accel-Buffering": "no",
           "X-Content-Type-Options": "nosniff"}


def message(kind: str, data: Any, ident: int | None = None) -> bytes:
    """One message: ``event: kind``, ``data:`` the compact JSON of ``data``, and its id."""
    head = f"id: {ident}\n" if ident is not None else ""
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    return f"{head}event: {kind}\ndata: {text}\n\n".encode()


def comment(text: str) -> bytes:
    """A comment line: a heartbeat, ignored by every SSE reader."""
    return f": {text}\n\n".encode()


def retry(ms: int) -> bytes:
    """How long a reader should wait before it reconnects after the stream ends."""
    return f"retry: {ms}\n\n".encode()


def last_event_id(header: str | None) -> int | None:
    """The event number in a ``Last-Event-ID`` header, or None when absent or not a
    plain non-negative number (a reader's stream then starts from a snapshot)."""
    value = (header or "").strip()
    if not value or not value.isascii() or not value.isdigit() or len(value) > 9:
        return None
    return int(value)
