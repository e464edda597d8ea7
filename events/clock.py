"""The time a decision or a sealed note is entered: a leaf, so that the aggregates
(``events.domain``) and the seal chain (``events.seals``) share it without importing each
other."""

from __future__ import annotations

from datetime import UTC, datetime


def now_iso() -> str:
    """The time a decision is entered, as the hash covers it: UTC, to the microsecond."""
    return datetime.now(UTC).isoformat(timespec="microseconds")
