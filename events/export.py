"""Exports and their verification: the record (setup and decisions) and the full event
log (JSON lines with the hash chain). Verification names the first altered, dropped or
reordered event, and re-judges the decisions to check the facts too."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any

from events.domain import DuelRecord
from events.errors import IntegrityCheckError
from events.hashing import GENESIS, chain_hash
from judge import Duel, JudgeError, RecordError
from judge.record import FORMAT

LOG_FORMAT = "battlecon-log/1"


def record_of(agg: DuelRecord) -> dict:
    """The duel as a shareable record; importable as it is."""
    rec = agg.duel.to_record()
    if agg.labels:
        rec["labels"] = dict(agg.labels)
    return rec


def log_lines(agg: DuelRecord) -> Iterator[str]:
    """The event log: a header line, then one line per event with ``prev`` and ``hash``."""
    header = {"format": LOG_FORMAT, "duel": str(agg.id), "setup": agg.setup,
              "labels": agg.labels, "parent": agg.parent, "fork_at": agg.fork_at,
              "hash": agg.genesis}
    yield json.dumps(header, ensure_ascii=False, sort_keys=True)
    prev = agg.genesis
    for n, ((kind, e), digest) in enumerate(zip(agg.duel.events, agg.hashes, strict=True), 1):
        payload = e if kind == "decision" else e.to_json()
        yield json.dumps({"n": n, "kind": kind, "payload": payload, "prev": prev,
                          "hash": digest}, ensure_ascii=False, sort_keys=True)
        prev = digest


def verify_log(lines: Iterable[str]) -> dict:
    """Check a log export; IntegrityCheckError names the first bad event.

    Checks, in order: the header's hash; for each event, its number (a gap means a dropped
    event, a smaller number a reordering), its link to the previous hash and its own hash
    (a mismatch means altered content); finally that re-judging the decisions from the
    setup yields exactly the stored facts.
    """
    it = iter(lines)
    try:
        header = json.loads(next(it))
    except StopIteration:
        raise IntegrityCheckError("The log is empty.", None) from None
    except json.JSONDecodeError as err:
        raise IntegrityCheckError(f"The header is not JSON: {err.msg}.", None) from None
    if not isinstance(header, dict) or header.get("format") != LOG_FORMAT:
        raise IntegrityCheckError(f"Not a {LOG_FORMAT} export.", None)
    genesis = chain_hash(GENESIS, 0, "setup", {"setup": header.get("setup"),
                                               "parent": header.get("parent"),
                                               "fork_at": header.get("fork_at")})
    if genesis != header.get("hash"):
        raise IntegrityCheckError("The setup was altered (the header's hash does not match).", 0)
    prev, expected, events = genesis, 1, []
    for line in it:
        if not line.strip():
            continue
        try:
            entry = json.loads(line)
            n, kind, payload = entry["n"], entry["kind"], entry["payload"]
        except (json.JSONDecodeError, KeyError, TypeError):
            raise IntegrityCheckError(f"Event {expected} is not a valid log line.",
                                      expected) from None
        if n != expected:
            what = "dropped" if isinstance(n, int) and n > expected else "out of order"
            raise IntegrityCheckError(f"Event {expected} is {what} (found event {n} in its "
                                      "place).", expected)
        if entry.get("prev") != prev:
            raise IntegrityCheckError(f"Event {n} does not follow event {n - 1} (its link to "
                                      "the previous hash is broken).", n)
        if chain_hash(prev, n, kind, payload) != entry.get("hash"):
            raise IntegrityCheckError(f"Event {n} was altered (its hash does not match its "
                                      "content).", n)
        prev = entry["hash"]
        events.append((kind, payload))
        expected += 1
    _rejudge(header["setup"], events)
    return {"duel": header.get("duel"), "events": len(events), "head": prev}


def _rejudge(setup: dict, events: list[tuple[str, Any]]) -> None:
    """The stored facts must be what the engine makes of the stored decisions."""
    rec = {"format": FORMAT, "ruleset": "battlecon-2014", **setup,
           "decisions": [p for k, p in events if k == "decision"]}
    try:
        duel = Duel.from_record(rec)
    except JudgeError as err:
        raise IntegrityCheckError(f"Re-judging failed: {err.reason}", None) from None
    for n, ((kind, payload), (k2, e2)) in enumerate(zip(events, duel.events, strict=False), 1):
        mine = payload if kind == "decision" else payload
        theirs = e2 if k2 == "decision" else e2.to_json()
        if kind != k2 or mine != theirs:
            raise IntegrityCheckError(f"Event {n} is not what the rules produce from the "
                                      "decisions before it.", n)
    if len(events) != len(duel.events):
        raise IntegrityCheckError(f"The log has {len(events)} events; the rules produce "
                                  f"{len(duel.events)}.", min(len(events), len(duel.events)) + 1)


def verify_file(text: str) -> dict:
    """Verify a record (re-judged) or an event-log export, told apart by the first line."""
    first = text.lstrip()[:1]
    if first == "{":
        try:
            data = json.loads(text)
        except json.JSONDecodeError:
            data = None
        if isinstance(data, dict) and data.get("format") == FORMAT:
            duel = Duel.from_record(data)
            return {"kind": "record", "events": len(duel.events), "over": duel.over,
                    "winner": duel.state.winner}
        if data is not None and not (isinstance(data, dict) and data.get("format") == LOG_FORMAT):
            raise RecordError(f"Unknown format {data.get('format') if isinstance(data, dict) else None!r}; expected "
                              f"{FORMAT!r} or {LOG_FORMAT!r}.", "record.format")
    return {"kind": "log", **verify_log(text.splitlines())}
