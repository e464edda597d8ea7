"""The hash chain over a duel's events: each event's hash covers its content and the
previous hash, so an altered, dropped or reordered event breaks the chain there."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from events.text import check_storable

GENESIS = "0" * 64


def canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def chain_hash(prev: str, n: int, kind: str, payload: Any, by: Any = None) -> str:
    """sha256 over the previous hash, the event number, its kind and its payload, and
    ``by`` (who entered a decision, with which role, and when: ``{"name", "role", "at"}``)
    for a decision stored since log version 2 (an earlier one has none, and hashes as it
    always did)."""
    content = {"prev": prev, "n": n, "kind": kind, "payload": payload}
    if by is not None:
        content["by"] = by
    try:
        return hashlib.sha256(canonical(content).encode("utf-8")).hexdigest()
    except UnicodeEncodeError:  # a lone surrogate: said as the store's refusal, by field
        check_storable(content)
        raise


def genesis_hash(duel: str | None, setup: Any, labels: Any, parent: Any, fork_at: Any) -> str:
    """The chain's first link: the duel's id, setup, labels and where it was forked from."""
    return chain_hash(GENESIS, 0, "setup", {"duel": duel, "setup": setup, "labels": labels or {},
                                            "parent": parent, "fork_at": fork_at})
