"""Trust the record, item 4: a duel altered in the database is detected when it is next
loaded, and never served.

A duel is stored in a SQLite file with a snapshot (it passes 100 events when imported),
then a few decisions after it. Each test alters one thing with sqlite3, as someone with
access to the file could: an event after the snapshot, an event the snapshot covers, the
snapshot itself, the setup. A fresh service reading the file refuses the duel, naming the
event; a service that had the duel cached refuses it at its next read; the other duels
are still served.
"""

from __future__ import annotations

import json
import random
import sqlite3
from collections.abc import Callable
from pathlib import Path
from uuid import UUID

import pytest

from events.app import JudgeApp
from events.errors import StoredDuelCorruptError
from judge.battlecon.playout import choose, play
from tests.api.conftest import partial_record

AFTER = 3  # decisions recorded after the import (and so after its snapshot)


@pytest.fixture
def stored(tmp_path: Path) -> tuple[Path, UUID, UUID]:
    """(the SQLite file, a duel with a snapshot and events after it, an untouched duel)."""
    path = tmp_path / "duels.db"
    app = JudgeApp(db=str(path))
    duel = app.create_duel(partial_record(20), {"event": "Tamper Open"}, actor="sk").duel_id
    assert app.record(duel).version > 100  # a snapshot was taken at the import
    for _ in range(AFTER):
        agg = app.record(duel)
        app.decide(duel, choose(agg.duel, random.Random(3)), actor="sk")
    assert snapshot_version(path, duel) < app.record(duel).version  # events after it
    other = app.create_duel(play(4, "cadenza", "kallistar").to_record(), actor="sk").duel_id
    app.close()
    return path, duel, other


def alter(path: Path, table: str, duel: UUID, version: int,
          change: Callable[[dict], None]) -> None:
    """Rewrite one stored row's JSON state, as a hand with access to the file could."""
    con = sqlite3.connect(path)
    with con:
        (state,) = con.execute(f"SELECT state FROM {table} WHERE originator_id = ? AND "
                               "originator_version = ?", (duel.hex, version)).fetchone()
        data = json.loads(state)
        change(data)
        con.execute(f"UPDATE {table} SET state = ? WHERE originator_id = ? AND "
                    "originator_version = ?", (json.dumps(data).encode(), duel.hex, version))
    con.close()


def snapshot_version(path: Path, duel: UUID) -> int:
    con = sqlite3.connect(path)
    (version,) = con.execute("SELECT max(originator_version) FROM stored_snapshots WHERE "
                             "originator_id = ?", (duel.hex,)).fetchone()
    con.close()
    return version


def fact_row(path: Path, duel: UUID, after: int) -> int:
    """The version of the first stored fact after aggregate version ``after``."""
    con = sqlite3.connect(path)
    (version,) = con.execute("SELECT min(originator_version) FROM stored_events WHERE "
                             "originator_id = ? AND originator_version > ? AND topic LIKE "
                             "'%FactResolved'", (duel.hex, after)).fetchone()
    con.close()
    return version


def refused(path: Path, duel: UUID, *words: str) -> StoredDuelCorruptError:
    app = JudgeApp(db=str(path))
    try:
        with pytest.raises(StoredDuelCorruptError) as caught:
            app.record(duel)
    finally:
        app.close()
    for word in words:
        assert word in caught.value.reason, caught.value.reason
    return caught.value


def test_an_untouched_store_loads(stored):
    path, duel, other = stored
    app = JudgeApp(db=str(path))
    assert app.record(duel).snapshot_at == snapshot_version(path, duel)
    assert app.record(other).events_count > 0
    app.close()


def _more_life(data: dict) -> None:
    data["fact"]["text"] = data["fact"]["text"] + " (and 3 more life)"


def test_an_event_altered_after_the_snapshot_is_detected(stored):
    path, duel, _ = stored
    version = fact_row(path, duel, snapshot_version(path, duel))
    alter(path, "stored_events", duel, version, _more_life)
    err = refused(path, duel, f"event {version - 1} was altered", "not served")
    assert err.event == version - 1


def test_an_event_the_snapshot_covers_altered_is_detected(stored):
    path, duel, _ = stored
    version = fact_row(path, duel, 20)
    alter(path, "stored_events", duel, version, _more_life)
    assert refused(path, duel, "altered").event == version - 1


def test_an_altered_snapshot_is_not_trusted(stored):
    path, duel, _ = stored

    def change(data: dict) -> None:
        kind, payload = data["state"]["events"][30]
        payload["text"] = "Nothing happened."

    alter(path, "stored_snapshots", duel, snapshot_version(path, duel), change)
    assert refused(path, duel, "snapshot").event == 31


def test_a_rehashed_snapshot_that_disagrees_with_the_events_is_not_trusted(stored):
    """A snapshot whose own chain was recomputed after a change still has to match the
    stored events it stands for."""
    path, duel, _ = stored
    alter(path, "stored_snapshots", duel, snapshot_version(path, duel), _rehashed)
    # Refused by the first check it meets: the first event after the snapshot no longer
    # follows its head, or the stored event 31 disagrees with the snapshot's.
    assert refused(path, duel, "not served").event in (31, snapshot_version(path, duel))


def test_a_rehashed_snapshot_at_the_head_is_checked_against_the_events(stored):
    """With no event after it, only the stored events show that the snapshot lies."""
    path, _, other = stored
    assert snapshot_version(path, other) == _last_version(path, other)
    alter(path, "stored_snapshots", other, snapshot_version(path, other), _rehashed)
    assert refused(path, other, "snapshot disagrees with stored event 31").event == 31


def _rehashed(data: dict) -> None:
    from events.hashing import chain_hash

    st = data["state"]
    st["events"][30][1]["text"] = "Nothing happened."
    prev, hashes = st["genesis"], []
    for n, (kind, payload) in enumerate(st["events"], 1):
        by = st.get("entered", {}).get(str(n))
        prev = chain_hash(prev, n, kind, payload, by if by and "at" in by else None)
        hashes.append(prev)
    st["hashes"] = hashes


def _last_version(path: Path, duel: UUID) -> int:
    con = sqlite3.connect(path)
    (version,) = con.execute("SELECT max(originator_version) FROM stored_events WHERE "
                             "originator_id = ?", (duel.hex,)).fetchone()
    con.close()
    return version


def test_altered_labels_are_detected(stored):
    path, duel, _ = stored

    def change(data: dict) -> None:
        data["labels"]["event"] = "Another Open"

    alter(path, "stored_events", duel, 1, change)
    refused(path, duel, "setup, labels or id")


def test_a_cached_duel_is_checked_again_when_it_grows(stored):
    path, duel, _ = stored
    reader, writer = JudgeApp(db=str(path)), JudgeApp(db=str(path))
    try:
        before = reader.record(duel).events_count
        agg = writer.record(duel)
        writer.decide(duel, choose(agg.duel, random.Random(5)), actor="sk")
        alter(path, "stored_events", duel, fact_row(path, duel, before + 1), _more_life)
        with pytest.raises(StoredDuelCorruptError):
            reader.record(duel)
        with pytest.raises(StoredDuelCorruptError):  # not kept half-applied in the cache
            reader.record(duel)
    finally:
        reader.close()
        writer.close()


def delete_row(path: Path, duel: UUID, version: int) -> None:
    con = sqlite3.connect(path)
    with con:
        con.execute("DELETE FROM stored_events WHERE originator_id = ? AND "
                    "originator_version = ?", (duel.hex, version))
    con.close()


def swap_rows(path: Path, duel: UUID, a: int, b: int) -> None:
    con = sqlite3.connect(path)
    with con:
        rows = {v: (topic, state) for v, topic, state in con.execute(
            "SELECT originator_version, topic, state FROM stored_events WHERE originator_id = ?"
            " AND originator_version IN (?, ?)", (duel.hex, a, b))}
        for mine, theirs in ((a, b), (b, a)):
            con.execute("UPDATE stored_events SET topic = ?, state = ? WHERE originator_id = ? "
                        "AND originator_version = ?", (*rows[theirs], duel.hex, mine))
    con.close()


def garbage_snapshot(path: Path, duel: UUID) -> None:
    con = sqlite3.connect(path)
    with con:
        con.execute("UPDATE stored_snapshots SET state = ? WHERE originator_id = ?",
                    (b"not json at all", duel.hex))
    con.close()


@pytest.mark.parametrize("damage", ["deleted row", "swapped rows", "garbage snapshot"])
def test_an_unreadable_duel_is_quarantined_and_the_service_starts(stored, damage, capsys):
    """Issue 27, item 6: rows the library cannot make a duel of (a deleted event, two
    swapped, a snapshot that is not JSON), in a store whose list model never took the duel
    in: the service starts, serves the other duel, lists this one as unreadable with the
    reason, and the CLI says what is wrong without a traceback."""
    from api.app import create_app
    from api.cli import main

    path, duel, other = stored
    (path.parent / "fresh.db").write_bytes(path.read_bytes())  # no list model yet
    path = path.parent / "fresh.db"
    last = snapshot_version(path, duel) + 2
    {"deleted row": lambda: delete_row(path, duel, last),
     "swapped rows": lambda: swap_rows(path, duel, last, last + 1),
     "garbage snapshot": lambda: garbage_snapshot(path, duel)}[damage]()
    app = JudgeApp(db=str(path))
    try:
        client = create_app({"STORE": app, "TESTING": True}).test_client()
        assert client.get("/api/health").status_code == 200
        listed = client.get("/api/duels").get_json()
        assert [d["id"] for d in listed["items"]] == [str(other)]
        (bad,) = listed["unreadable"]
        assert bad["id"] == str(duel) and "is not served" in bad["detail"]
        resp = client.get(f"/api/duels/{duel}")  # a fault of the store, said plainly
        assert resp.status_code == 500 and "is not served" in resp.get_json()["detail"]
        assert client.get(f"/api/duels/{other}/state").status_code == 200
    finally:
        app.close()
    assert main(["export", str(duel), "--db", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"Duel {duel} is not served" in err and "Traceback" not in err
