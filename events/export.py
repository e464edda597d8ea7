"""Exports and their verification: the record (setup and decisions) and the full event
log (JSON lines with the hash chain). Verification names the first altered, dropped or
reordered event, and re-judges the decisions to check the facts too."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from events.domain import DuelRecord
from events.errors import IntegrityCheckError
from events.hashing import chain_hash, genesis_hash
from events.retractable import Retractable
from events.retraction import is_retraction
from events.signing import check, sign
from judge import registry
from judge.errors import JudgeError, RecordError

LOG_FORMAT = "battlecon-log/2"  # written: decisions carry ``by`` inside their hash
LOG_FORMATS = ("battlecon-log/1", LOG_FORMAT)  # read: release 1's logs still verify


def record_of(agg: DuelRecord, upto: int | None = None) -> dict:
    """The duel as a shareable record; importable as it is. ``upto``: only the decisions
    among the first ``upto`` events (a reader's prefix before a secret not yet revealed).
    Retracted decisions are left out, and so are the retractions (the log keeps both)."""
    rec = agg.duel.to_record()
    if upto is not None:
        rec["decisions"] = agg.duel.decisions_at(upto)
    if agg.labels:
        rec["labels"] = dict(agg.labels)
    return rec


def log_lines(agg: DuelRecord, upto: int | None = None, withheld: dict | None = None,
              key: Ed25519PrivateKey | None = None) -> Iterator[str]:
    """The event log: a header line, then one line per event with ``prev`` and ``hash``.

    ``upto``: only the first ``upto`` events, a prefix whose chain verifies as it is;
    ``withheld`` then says why in the header (outside the header's hash, as the cut is
    the reader's, not the duel's). ``key``: the service's key, which signs the duel, the
    genesis, the head and the number of events exported (``signature`` in the header).
    """
    events = list(zip(agg.duel.events, agg.hashes, strict=True))[:upto]
    header = {"format": log_format(agg), "duel": str(agg.id), "setup": agg.setup,
              "labels": agg.labels, "parent": agg.parent, "fork_at": agg.fork_at,
              "hash": agg.genesis}
    if withheld is not None:
        header["withheld"] = withheld
    if key is not None:
        head = events[-1][1] if events else agg.genesis
        header["signature"] = sign(key, str(agg.id), agg.genesis, head, len(events))
    yield json.dumps(header, ensure_ascii=False, sort_keys=True)
    prev = agg.genesis
    for n, ((kind, e), digest) in enumerate(events, 1):
        payload = e if kind == "decision" else e.to_json()
        line = {"n": n, "kind": kind, "payload": payload, "prev": prev, "hash": digest}
        by = agg.by(n) if kind == "decision" else None
        if by is not None:
            line["by"] = by
        yield json.dumps(line, ensure_ascii=False, sort_keys=True)
        prev = digest


def log_format(agg: DuelRecord) -> str:
    """``battlecon-log/2`` once a decision carries ``by``; a duel stored before still
    exports as the ``battlecon-log/1`` it always was, byte for byte."""
    if any(agg.by(n) is not None for n in agg.entered):
        return LOG_FORMAT
    return LOG_FORMATS[0]


def json_lines(text: str) -> list[str]:
    """The lines of a JSON-lines export: split on ``\n`` only (a ``\r`` before it
    dropped). ``str.splitlines`` also splits on U+2028, U+0085 and the like, which JSON
    keeps unescaped inside a string (a name or a label), and would cut a line in two."""
    return [line[:-1] if line.endswith("\r") else line for line in text.split("\n")]


def verify_log(lines: Iterable[str], key: str | None = None) -> dict:
    """Check a log export; IntegrityCheckError names the first bad event.

    Checks, in order: the header's hash; for each event, its number (a gap means a dropped
    event, a smaller number a reordering), its link to the previous hash and its own hash
    (a mismatch means altered content); that re-judging the decisions from the setup
    yields exactly the stored facts; finally the service's signature over the chain, when
    there is one (``signed``), and, with ``key``, that it is there and made with that key.
    """
    it = iter(lines)
    try:
        header = json.loads(next(it))
    except StopIteration:
        raise IntegrityCheckError("The log is empty.", None) from None
    except json.JSONDecodeError as err:
        raise IntegrityCheckError(f"The header is not JSON: {err.msg}.", None) from None
    if not isinstance(header, dict) or header.get("format") not in LOG_FORMATS:
        raise IntegrityCheckError(f"Not a {' or '.join(LOG_FORMATS)} export.", None)
    genesis = genesis_hash(header.get("duel"), header.get("setup"), header.get("labels"),
                           header.get("parent"), header.get("fork_at"))
    if genesis != header.get("hash"):
        raise IntegrityCheckError("The setup was altered (the header's hash does not match).", 0)
    prev, expected, events, names = genesis, 1, [], {}
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
            what = "missing (dropped or moved)" if isinstance(n, int) and n > expected \
                else "out of order"
            raise IntegrityCheckError(f"Event {expected} is {what}: event {n} stands in its "
                                      "place.", expected)
        if entry.get("prev") != prev:
            raise IntegrityCheckError(f"Event {n} does not follow event {n - 1} (its link to "
                                      "the previous hash is broken).", n)
        if chain_hash(prev, n, kind, payload, entry.get("by")) != entry.get("hash"):
            raise IntegrityCheckError(f"Event {n} was altered (its hash does not match its "
                                      "content).", n)
        prev = entry["hash"]
        events.append((kind, payload))
        by = entry.get("by")
        names[n] = by.get("name") if isinstance(by, dict) else None
        _retracted_by_its_recorder(n, payload, kind, names)
        expected += 1
    result = {"duel": header.get("duel"), "events": len(events), "head": prev}
    result |= _rejudge_under_its_cards(header["setup"], events)  # names the event at fault
    result |= under_todays_rules(header["setup"], events)
    result["signed"] = _signature(header, genesis, prev, len(events), key)
    if isinstance(header.get("withheld"), dict):  # a reader's prefix before a secret
        result["withheld"] = header["withheld"]
    return result


def _retracted_by_its_recorder(n: int, payload: Any, kind: str,
                               names: dict[int, str | None]) -> None:
    """A retraction in a log is made by whoever entered the decision it retracts (as
    their ``by`` names them, when both carry one)."""
    if kind != "decision" or not is_retraction(payload):
        return
    target = payload.get("event")
    mine, theirs = names.get(n), names.get(target) if isinstance(target, int) else None
    if mine is not None and theirs is not None and mine != theirs:
        raise IntegrityCheckError(f"Event {n} retracts event {target}, which {theirs} entered, "
                                  f"but was made by {mine}: only the person who entered a "
                                  "decision may retract it.", n)


def _signature(header: dict, genesis: str, head: str, count: int, key: str | None
               ) -> str | None:
    """The key that signed this chain (None: unsigned); IntegrityCheckError when the
    signature is wrong, or missing or another's while ``key`` is pinned."""
    signature = header.get("signature")
    if signature is None:
        if key is not None:
            raise IntegrityCheckError(f"The log is not signed, so it cannot be checked against "
                                      f"the key {key}.", None)
        return None
    why = check(signature, str(header.get("duel")), genesis, head, count)
    if why is not None:
        raise IntegrityCheckError(f"The service's signature does not hold: {why}.", None)
    if key is not None and signature.get("key") != key:
        raise IntegrityCheckError(f"The log is signed by {signature.get('key')}, not by the "
                                  f"key {key}.", None)
    return signature["key"]


def _rejudge_under_its_cards(setup: Any, events: list[tuple[str, Any]]) -> dict:
    """Re-judge a log whose chain holds, under the card data and rules it is stamped with:
    any difference fails. A card-data stamp this release does not have (neither today's
    cards nor the errata configured) cannot be re-judged as it was judged, so it fails too:
    a stamp changed to explain away altered facts must never pass."""
    try:
        rules = registry.of_setup(setup) if isinstance(setup, dict) else None
    except JudgeError as err:
        raise IntegrityCheckError(f"The setup is not valid: {err.reason}", 0) from None
    if rules is not None and rules.stale(setup) is not None:
        today = rules.with_todays_cards(setup).get("cards")
        raise IntegrityCheckError(
            f"The duel was judged under card data {setup.get('cards')}, which this release "
            f"does not have (its cards for this pairing are {today}), so it cannot be "
            "re-judged as it was judged. A duel judged under an operator's errata verifies "
            "with that errata (--card-errata FILE).", 0)
    _rejudge(setup, events)
    return {}


def under_todays_rules(setup: Any, events: list[tuple[str, Any]]) -> dict:
    """For a duel stamped with older rules than today's (or none): whether today's rules
    judge its decisions the same, as information beside a verified chain (never a
    failure: the duel was judged under its own stamp). ``{}`` for a duel under today's."""
    try:
        rules = registry.of_setup(setup) if isinstance(setup, dict) else None
    except JudgeError:
        return {}
    if rules is None:
        return {}
    today = rules.with_todays_rules(setup)
    if today == setup:
        return {}
    found = {"recorded": setup.get("rules"), "today": today.get("rules"), "rejudged": "same"}
    try:
        _rejudge(today, events)
    except IntegrityCheckError as err:
        found["rejudged"] = f"differs from event {err.event}: {err.reason}"
        found["differs_from"] = err.event
    return {"rules": found}


def _rejudge(setup: dict, events: list[tuple[str, Any]]) -> None:
    """The stored facts must be what the engine makes of the stored decisions.

    Re-judged one decision at a time, so the first event the rules do not produce is
    named even when a later decision then becomes illegal. The ruleset says when a stored
    fact is what it produced (``Ruleset.same_fact``: never by its narrative text).
    """
    try:
        if not isinstance(setup, dict):
            raise RecordError("The setup must be a JSON object.", "record")
        rules = registry.of_setup(setup)
        duel = Retractable(rules.match(setup), rules)
    except JudgeError as err:
        raise IntegrityCheckError(f"The setup is not valid: {err.reason}", 0) from None
    for n, (kind, payload) in enumerate(events, 1):
        produced = len(duel.events)
        if kind == "decision":
            if produced != n - 1:
                bad = min(produced, n - 1) + 1
                raise IntegrityCheckError(f"Event {bad} is not what the rules produce from the "
                                          "decisions before it.", bad)
            try:
                duel.decide(payload)
            except JudgeError as err:
                raise IntegrityCheckError(f"Event {n}: re-judging refuses this decision: "
                                          f"{err.reason} [{err.rule}]", n) from None
            if duel.events[n - 1][1] != payload:
                raise IntegrityCheckError(f"Event {n} is not the decision as the rules record "
                                          "it.", n)
            continue
        mine = duel.events[n - 1] if n <= produced else None
        if mine is None or mine[0] != "fact" or not rules.same_fact(mine[1].to_json(), payload):
            raise IntegrityCheckError(f"Event {n} is not what the rules produce from the "
                                      "decisions before it.", n)
    if len(duel.events) != len(events):
        bad = len(events) + 1
        raise IntegrityCheckError(f"The log stops at event {len(events)}; the rules produce "
                                  f"{len(duel.events)} events (event {bad} is missing).", bad)


def verify_file(text: str, key: str | None = None) -> dict:
    """Verify a record (re-judged) or an event-log export, told apart by the first line: the
    log's JSON lines (``judge export --log``) or the same log as the API's ``/log`` body
    (``{"header": ..., "events": [...]}``), which is read as those lines."""
    first = text.lstrip()[:1]
    if first == "{":
        try:
            data = json.loads(text)
        except json.JSONDecodeError:
            data = None
        if _api_log(data):
            lines = [json.dumps(data["header"]), *(json.dumps(e) for e in data["events"])]
            return {"kind": "log", **verify_log(lines, key)}
        if isinstance(data, dict) and data.get("format") not in LOG_FORMATS:
            _record_can_be_verified(key)
            duel = registry.from_record(data)  # RecordError for an unknown format
            outcome = duel.outcome
            judged = [(k, e if k == "decision" else e.to_json()) for k, e in duel.events]
            found = {"kind": "record", "events": len(duel.events), "over": duel.over,
                     "winner": outcome.winner if outcome else None,
                     **under_todays_rules(duel.setup, judged)}
            fixes = _corrections(data)
            return found | ({"corrections": fixes} if fixes else {})
        if data is not None and not isinstance(data, dict):
            raise RecordError(f"Expected a record or a {LOG_FORMAT!r} export, not JSON of "
                              f"type {type(data).__name__}.", "record.format")
    return {"kind": "log", **verify_log(json_lines(text), key)}


def _record_can_be_verified(key: str | None) -> None:
    """A record is not signed: it cannot be checked against a key."""
    if key is not None:
        raise IntegrityCheckError("A record is not signed, so it cannot be checked against a "
                                  "key; verify the service's log export (judge export --log, "
                                  "GET /api/duels/{id}/log) instead.", None)


def _corrections(record: dict) -> list[int]:
    """The decisions of a record that are a judge's corrections. The record shows what
    they changed, and re-judging checks that the duel goes on from there as the rules
    say; that a head judge made them, only the service's signed log attests (a record
    is not signed), so a verifier is told so beside its ``ok``."""
    decisions = record.get("decisions")
    return [n for n, d in enumerate(decisions if isinstance(decisions, list) else [])
            if isinstance(d, dict) and d.get("kind") == "correction"]


def _api_log(data: object) -> bool:
    return (isinstance(data, dict) and set(data) == {"header", "events"}
            and isinstance(data["header"], dict) and data["header"].get("format") in LOG_FORMATS
            and isinstance(data["events"], list))
