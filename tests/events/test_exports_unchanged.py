"""The store's write path may be rebuilt; what it stores and exports may not change.

Every golden duel (tests/judge/golden, tests/artobattlers/golden) is stored twice through
the application: decision by decision (``decide``, with an idempotent retry, a retraction
and the decision entered again, a correction where the ruleset takes one, a note and a
fork), and whole (``create_duel``). Then each stored duel is exported in every format the
service has (the record, as ``judge export`` writes it; the signed event log, whole and as
a reader's prefix) and its raw stored rows (each event's topic and state, the library's
snapshots, the notes) are read back. All of it, and every command's answer, must hash to
what ``data/exports-before.json`` holds: figures taken from the code before issue 31's
rewrite of the write path (``BATTLECON_WRITE_EXPORT_SNAPSHOT=1`` writes them again).

Time and new ids are fixed (``frozen``), so the bytes are reproducible.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from uuid import NAMESPACE_URL, UUID, uuid5

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from events.app import Appended, JudgeApp
from events.errors import StoreError
from events.export import log_lines, record_of
from events.retraction import RetractionRefusedError
from judge import registry
from judge.errors import JudgeError

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = sorted([*(ROOT / "tests" / "judge" / "golden").glob("*.json"),
                 *(ROOT / "tests" / "artobattlers" / "golden").glob("*.json")])
SNAPSHOT = Path(__file__).parent / "data" / "exports-before.json"
KEY = Ed25519PrivateKey.from_private_bytes(bytes(range(32)))
WHEN = "2026-01-01T00:00:00.000000+00:00"
LOOSE = ("timestamp", "created_on", "modified_on", "created")  # the clock's, not the duel's


@pytest.fixture
def frozen(monkeypatch) -> Iterator[None]:
    """One time for every decision and note, and new ids counted from 1, wherever the
    events and api packages took ``now_iso`` or ``uuid4`` from."""
    ids = itertools.count(1)
    for name, module in list(sys.modules.items()):
        if not name.startswith(("events.", "api.")) or module is None:
            continue
        if hasattr(module, "now_iso"):
            monkeypatch.setattr(module, "now_iso", lambda: WHEN)
        if hasattr(module, "uuid4"):
            monkeypatch.setattr(module, "uuid4", lambda: UUID(int=next(ids)))
    monkeypatch.setattr("events.clock.now_iso", lambda: WHEN)
    yield


def digest(value: Any) -> str:
    text = value if isinstance(value, str) else json.dumps(value, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def answer(appended: Appended) -> dict:
    """A command's answer as the API passes it on."""
    return {"duel": str(appended.duel_id), "version": appended.version,
            "events": appended.events, "replayed": appended.replayed, "moved": appended.moved}


def refusal(call: Callable[[], Any]) -> Any:
    """The answer of a command, or the refusal a judge would read."""
    try:
        result = call()
    except (JudgeError, RetractionRefusedError, StoreError) as err:
        return {"refused": type(err).__name__, "message": str(err)}
    return answer(result) if isinstance(result, Appended) else result


def clean(state: Any) -> Any:
    if isinstance(state, dict):
        return {k: clean(v) for k, v in state.items() if k not in LOOSE}
    if isinstance(state, list):
        return [clean(v) for v in state]
    return state


def rows(app: JudgeApp, some_id: UUID) -> list:
    """The raw stored rows of one aggregate and its snapshots: topic and state."""
    out = [[row.topic, clean(json.loads(row.state))]
           for row in app.recorder.select_events(some_id)]
    if app.snapshots is not None:
        out += [[row.topic, clean(json.loads(row.state))]
                for row in app.snapshots.recorder.select_events(some_id)]
    return out


def exports(app: JudgeApp, duel_id: UUID) -> dict:
    """Every export of the stored duel (as a new process reads it) and its stored rows."""
    agg = app.record(duel_id)
    half = agg.events_count // 2
    return {"record": json.dumps(record_of(agg), indent=1, ensure_ascii=False) + "\n",
            "log": "".join(line + "\n" for line in log_lines(agg, key=KEY)),
            "prefix": "".join(line + "\n" for line in log_lines(
                agg, half, {"reason": "a secret"}, key=KEY)),
            "rows": rows(app, duel_id)}


def corrections(app: JudgeApp, duel_id: UUID) -> list:
    """A head judge corrects the first whole-number field down by one, then back."""
    agg = app.record(duel_id)
    fields = registry.of_setup(agg.setup).correctable(agg.duel)
    path = next((p for p, f in sorted(fields.items()) if type(f["value"]) is int and
                 f["value"] - 1 >= f.get("min", 0)), None)
    if path is None:
        return ["nothing to correct"]
    value = fields[path]["value"]
    return [refusal(lambda v=v: app.correct(
        duel_id, correction={"changes": [{"field": path, "after": v}]}, rule="R16.2",
        text="A check.", actor="hj", role="head_judge")) for v in (value - 1, value)]


def step_by_step(app: JudgeApp, name: str, record: dict) -> tuple[UUID, list]:
    """Store the golden duel decision by decision, with the commands around decisions."""
    duel_id = uuid5(NAMESPACE_URL, f"golden-steps:{name}")
    empty = {**record, "decisions": []}
    answers = [answer(app.create_duel(empty, {"golden": name}, "sk", role="scorekeeper",
                                      duel_id=duel_id))]
    decisions = record["decisions"]
    for i, decision in enumerate(decisions):
        count = app.record(duel_id).events_count
        answers.append(refusal(lambda d=decision, i=i, c=count: app.decide(
            duel_id, d, expected=c, key=f"k{i}", actor="sk", role="scorekeeper")))
        if i == 1:  # a retried submission: the original answer
            answers.append(refusal(lambda d=decision: app.decide(
                duel_id, d, key="k1", actor="sk", role="scorekeeper")))
            answers.append(refusal(lambda: app.decide(  # the key reused: refused
                duel_id, {"kind": "nothing"}, key="k1", actor="sk")))
        if i == 3:  # retracted, then entered again
            answers.append(refusal(lambda: app.retract(duel_id, key="r3", actor="sk",
                                                       role="scorekeeper")))
            answers.append(refusal(lambda: app.retract(duel_id, key="r3", actor="sk")))
            answers.append(refusal(lambda d=decision: app.decide(
                duel_id, d, key="k3-again", actor="sk", role="scorekeeper")))
        if i == len(decisions) // 2:
            answers.append(refusal(lambda: app.fork(duel_id, app.record(
                duel_id).events_count, actor="sk", role="scorekeeper")))
            answers.append(app.annotate(duel_id, 1, "a note", ["golden"], "sk",
                                        "scorekeeper"))
            answers += corrections(app, duel_id)
    answers.append(app.annotations(duel_id))
    return duel_id, answers


def figures(app: JudgeApp, db: str, path: Path) -> dict:
    name = f"{path.parent.parent.name}/{path.stem}"
    record = json.loads(path.read_text())
    steps, answers = step_by_step(app, name, record)
    whole = app.create_duel(record, {"golden": name}, "sk", role="scorekeeper",
                            duel_id=uuid5(NAMESPACE_URL, f"golden-whole:{name}"))
    out = {"answers": digest(clean(answers)), "whole-answer": digest(answer(whole))}
    reader = JudgeApp(db=db)  # what another process reads back
    try:
        notes = uuid5(NAMESPACE_URL, f"battlecon:commentary:{steps}")
        out["notes-rows"] = digest(rows(reader, notes))
        for label, duel_id in (("steps", steps), ("whole", whole.duel_id)):
            for kind, value in exports(reader, duel_id).items():
                out[f"{label}-{kind}"] = digest(value)
        for fork in reader.duel_ids():
            if fork not in (steps, whole.duel_id):
                out["fork-log"] = digest("\n".join(log_lines(reader.record(fork), key=KEY)))
    finally:
        reader.close()
    return out


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: f"{p.parent.parent.name}-{p.stem}")
def test_every_golden_duel_stores_and_exports_as_before(path, tmp_path, frozen):
    db = str(tmp_path / "duels.db")
    app = JudgeApp(db=db)
    app.SNAPSHOT_EVERY = 40  # the library's snapshots among the rows too
    try:
        seen = figures(app, db, path)
    finally:
        app.close()
    name = f"{path.parent.parent.name}/{path.stem}"
    if os.environ.get("BATTLECON_WRITE_EXPORT_SNAPSHOT"):
        before = json.loads(SNAPSHOT.read_text()) if SNAPSHOT.exists() else {}
        SNAPSHOT.parent.mkdir(exist_ok=True)
        SNAPSHOT.write_text(json.dumps({**before, name: seen}, indent=1, sort_keys=True) + "\n")
        return
    expected = json.loads(SNAPSHOT.read_text())[name]
    changed = [k for k in sorted(expected) if seen.get(k) != expected[k]]
    assert not changed and seen.keys() == expected.keys(), (
        f"{name}: {', '.join(changed) or 'the figures kept'} differ from before")
