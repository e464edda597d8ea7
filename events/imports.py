"""Importing a file, as ``POST /api/duels`` and ``judge import`` take it: a record, or an
event log (the JSON lines of ``judge export --log``, or the API's ``{"header", "events"}``),
verified first (docs/event-store.md, Import).

A log keeps what its chain covers: the duel's id (unless a copy is asked for), its
labels, ``parent`` and ``fork_at``, and each decision's ``by``, so importing a log into
a store that does not hold its duel stores the very chain the log shows.

**Already stored.** An import is refused (``DuelAlreadyStoredError``, naming the duel)
when the store holds the file's duel already:

- a log's duel is stored when the store holds a duel with the log's genesis hash (the
  header's ``hash``, which covers the duel's id, setup, labels, parent and fork point);
- a record's (or a log's) duel is stored when the store holds a duel with the same
  ruleset, setup (its stamps included), labels and standing decisions, that is a duel
  whose record export is this file's record. A record without decisions is a new duel
  (the new-duel page posts one) and never counts as stored.

``copy=True`` stores a copy all the same, under a new id.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any
from uuid import UUID

from events.errors import DuelAlreadyStoredError, DuelNotFoundError
from events.export import LOG_FORMATS, json_lines, verify_log
from events.listing import candidates
from events.retractable import judge_stream
from judge import registry
from judge.errors import RecordError


@dataclass(frozen=True)
class ImportFile:
    """A file to import, read and (a log) verified: what ``JudgeApp.import_file`` stores."""

    kind: str  # "record" or "log"
    record: dict  # the record (a log's: its setup and decisions, retractions included)
    labels: dict
    duel: UUID | None = None  # the duel a log names
    genesis: str | None = None
    parent: str | None = None
    fork_at: int | None = None
    entered: list[dict | None] | None = None  # a log's ``by`` of each decision
    signed: str | None = None  # the key that signed a log
    corrections: list[int] = field(default_factory=list)  # decisions that are corrections


def read_text(text: str) -> ImportFile:
    """A file as ``judge import`` reads it: JSON (a record, or the API's log) or JSON lines
    (a log); RecordError when it is neither, IntegrityCheckError when a log does not
    verify."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        return read_log(json_lines(text))
    return read(data)


def read(data: Any) -> ImportFile:
    """A parsed file: a record, or a log as the API exports it (``{"header", "events"}``)
    or as JSON lines whose first line was parsed (a lone header: a log of no events)."""
    if isinstance(data, dict) and set(data) == {"header", "events"}:
        if not isinstance(data["header"], dict) or not isinstance(data["events"], list):
            raise RecordError("A log has a header object and a list of events.", "record",
                              field="header")
        return read_log([json.dumps(data["header"]), *(json.dumps(e) for e in data["events"])])
    if isinstance(data, dict) and data.get("format") in LOG_FORMATS:
        return read_log([json.dumps(data)])
    if not isinstance(data, dict):
        raise RecordError("Expected a record or an event log, a JSON object.", "record")
    record = dict(data)
    labels = record.pop("labels", None)
    return ImportFile("record", record, dict(labels) if isinstance(labels, dict) else {},
                      corrections=corrections(record.get("decisions")))


def read_log(lines: list[str]) -> ImportFile:
    """A log's lines, verified (IntegrityCheckError names the first bad event), as the
    record of its decisions with what its chain covers besides."""
    checked = verify_log(lines)
    entries = [json.loads(line) for line in lines if line.strip()]
    header, events = entries[0], entries[1:]
    setup = header["setup"]
    decisions = [e for e in events if e["kind"] == "decision"]
    record = {**registry.of_setup(setup).envelope(setup),
              "decisions": [e["payload"] for e in decisions]}
    return ImportFile("log", record, dict(header.get("labels") or {}),
                      duel=_uuid(header.get("duel")), genesis=header["hash"],
                      parent=header.get("parent"), fork_at=header.get("fork_at"),
                      entered=[_by(e.get("by")) for e in decisions], signed=checked["signed"],
                      corrections=corrections(record["decisions"]))


def corrections(decisions: Any) -> list[int]:
    """The indexes of the decisions that are a judge's corrections."""
    return [n for n, d in enumerate(decisions if isinstance(decisions, list) else [])
            if isinstance(d, dict) and d.get("kind") == "correction"]


def judged(imp: ImportFile) -> Any:
    """The file's duel, judged in memory (RecordError names the first illegal decision)."""
    return judge_stream(imp.record) if imp.kind == "log" else registry.from_record(imp.record)


def stored_as(app: Any, imp: ImportFile, duel: Any) -> DuelAlreadyStoredError | None:
    """Why the file's duel (``duel``, judged) counts as stored in ``app`` already, naming
    it, or None (the definition is the module's docstring)."""
    if imp.duel is not None and imp.genesis is not None:
        try:
            if app.record(imp.duel).genesis == imp.genesis:
                return DuelAlreadyStoredError(
                    f"Duel {imp.duel} is already stored here (this log's genesis hash is "
                    "its own); nothing was stored. Import it as a new copy only if you "
                    "mean to (copy=true; judge import --copy).", imp.duel)
        except DuelNotFoundError:
            pass
    if not imp.record.get("decisions"):
        return None
    rules = registry.of_setup(duel.setup)
    mine = {**duel.to_record(), "labels": imp.labels}
    for duel_id in candidates(app.duel_list, rules.name, rules.summary(duel), imp.labels,
                              len(duel.events)):
        stored = app.record(duel_id)
        if {**stored.duel.to_record(), "labels": stored.labels} == mine:
            return DuelAlreadyStoredError(
                f"Duel {duel_id} is already stored here, with this {imp.kind}'s setup, labels "
                "and decisions; nothing was stored. Import it as a new copy only if you mean "
                "to (copy=true; judge import --copy).", duel_id)
    return None


def _uuid(value: Any) -> UUID | None:
    try:
        return UUID(str(value))
    except ValueError:
        return None


def _by(by: Any) -> dict | None:
    """A decision's ``by`` as the store keeps it (name, role, time), or None."""
    if not isinstance(by, dict) or not isinstance(by.get("at"), str):
        return None
    return {"name": str(by.get("name") or ""), "role": by.get("role"), "at": by["at"]}
