"""Trust the record, item 4: every annotation, dispute, comment and resolution carries who
wrote it (name and role) and when, inside a hash chained per note book and per dispute;
one altered in the database is detected when it is read back."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from events.app import JudgeApp
from events.errors import StoredDuelCorruptError
from tests.api.conftest import partial_record


@pytest.fixture
def noted(tmp_path: Path):
    path = tmp_path / "notes.db"
    app = JudgeApp(db=str(path))
    duel = app.create_duel(partial_record(6), actor="sk", role="scorekeeper").duel_id
    app.annotate(duel, 3, "Was that a hit?", ["question"], "judy", role="judge")
    app.annotate(duel, 4, "Yes.", [], "hana", role="head_judge")
    dispute = app.open_dispute(duel, 5, "The range was 2.", "judy", role="judge")
    app.comment(dispute.id, "I measured 3.", "hana", role="head_judge")
    app.resolve(dispute.id, "upheld", "Range 3 stands.", "R13", "hana")
    app.close()
    return path, duel, dispute.id


def test_notes_carry_name_role_and_time_and_read_back(noted):
    path, duel, dispute_id = noted
    app = JudgeApp(db=str(path))
    notes = app.annotations(duel)
    assert [(n["author"], n["role"]) for n in notes] == [("judy", "judge"),
                                                        ("hana", "head_judge")]
    d = app.dispute(dispute_id)
    assert (d.author, d.role) == ("judy", "judge")
    assert [(c["author"], c["role"]) for c in d.comments] == [("hana", "head_judge")]
    assert (d.resolution["author"], d.resolution["role"]) == ("hana", "head_judge")
    assert d.seal_count == 3  # opened, commented, resolved
    app.close()


def _alter(path: Path, topic: str, change) -> None:
    con = sqlite3.connect(path)
    with con:
        rowid, state = con.execute("SELECT rowid, state FROM stored_events WHERE topic = ? "
                                   "ORDER BY rowid LIMIT 1", (topic,)).fetchone()
        data = json.loads(state)
        change(data)
        con.execute("UPDATE stored_events SET state = ? WHERE rowid = ?",
                    (json.dumps(data).encode(), rowid))
    con.close()


@pytest.mark.parametrize("topic, field, value, read", [
    ("battlecon:Commentary.Annotated", "text", "No.", "annotations"),
    ("battlecon:Commentary.Annotated", "role", "head_judge", "annotations"),
    ("battlecon:Dispute.Commented", "author", "mallory", "dispute"),
    ("battlecon:Dispute.Resolved", "ruling", "Range 2.", "dispute"),
    ("battlecon:Dispute.Opened", "claim", "Nothing.", "dispute"),
])
def test_an_altered_note_is_detected(noted, topic, field, value, read):
    path, duel, dispute_id = noted

    def change(data: dict) -> None:
        data[field] = value

    _alter(path, topic, change)
    app = JudgeApp(db=str(path))
    with pytest.raises(StoredDuelCorruptError, match="was altered"):
        app.annotations(duel) if read == "annotations" else app.dispute(dispute_id)
    app.close()


def test_notes_stored_before_they_were_sealed_still_read(noted):
    """A version-1 note (no role, time or seal) is read as it is."""
    path, duel, _ = noted

    def unseal(data: dict) -> None:
        for key in ("role", "when", "prev", "seal"):
            data.pop(key)
        data.pop("class_version", None)

    con = sqlite3.connect(path)
    with con:
        rows = con.execute("SELECT rowid, state FROM stored_events WHERE topic = ?",
                           ("battlecon:Commentary.Annotated",)).fetchall()
        for rowid, state in rows:
            data = json.loads(state)
            unseal(data)
            con.execute("UPDATE stored_events SET state = ? WHERE rowid = ?",
                        (json.dumps(data).encode(), rowid))
    con.close()
    app = JudgeApp(db=str(path))
    assert [(n["author"], n["role"]) for n in app.annotations(duel)] == [("judy", None),
                                                                        ("hana", None)]
    app.close()
