"""The in-process cache against other writers: two JudgeApps on one store, as two service
processes (or hosts) would be. A writer judges on its cached duel without asking the store
first; these stories check that a stale cache never refuses what the stored duel accepts,
never stores on a stale version, and never shows a read an event that was not stored.
"""

from __future__ import annotations

import random

import pytest

from events.app import Appended, JudgeApp
from events.errors import VersionConflictError
from events.projector import Projector
from judge.battlecon import Duel
from judge.battlecon.playout import choose, record_setup
from judge.errors import IllegalDecisionError
from tests.events.conftest import check_stored_stream, events_json, rejudge, state_with_prompt


def new_duel(app, seed: int) -> tuple[object, Duel]:
    rng = random.Random(seed)
    setup = record_setup("hikaru", "khadath", True, False, rng.randrange(2), rng)
    return app.create_duel(setup, actor="organiser").duel_id, Duel.new(setup)


def advance(app, duel_id, duel: Duel, rng: random.Random, times: int) -> None:
    for _ in range(times):
        decision = choose(duel, rng)
        duel.decide(decision)
        app.decide(duel_id, decision)


def test_a_read_sees_a_write_another_app_acknowledged(store):
    writer, reader = store.app(), store.app()
    duel_id, duel = new_duel(writer, 1)
    assert reader.record(duel_id).events_count == len(duel.events)
    advance(writer, duel_id, duel, random.Random(2), 3)
    assert reader.record(duel_id).events_count == len(duel.events)
    assert events_json(reader.record(duel_id).duel) == events_json(duel)


def test_a_stale_cache_accepts_what_the_stored_duel_accepts(store):
    first, second = store.app(), store.app()
    duel_id, duel = new_duel(first, 3)
    rng = random.Random(4)
    second.record(duel_id)  # cached at version 1 ...
    advance(first, duel_id, duel, rng, 4)  # ... while the other app moves the duel on
    assert second.known(duel_id).events_count < len(duel.events)

    # The If-Match version the client saw is the store's, newer than the cache's.
    decision = choose(duel, rng)
    result = second.decide(duel_id, decision, expected=len(duel.events), actor="tablet 2")
    duel.decide(decision)
    assert isinstance(result, Appended) and result.version == len(duel.events)

    # Without If-Match, a decision legal only at the stored version is still accepted.
    advance(first, duel_id, duel, rng, 2)
    decision = choose(duel, rng)
    second.decide(duel_id, decision)
    duel.decide(decision)
    agg = store.app().record(duel_id)
    assert events_json(agg.duel) == events_json(duel)
    check_stored_stream(store.app(), duel_id)
    rejudge(agg)


def test_a_stale_version_is_refused_with_the_version_now(store):
    first, second = store.app(), store.app()
    duel_id, duel = new_duel(first, 5)
    rng = random.Random(6)
    seen = second.record(duel_id).events_count
    mine = choose(duel, random.Random(60))  # what the second tablet would decide at `seen`
    advance(first, duel_id, duel, rng, 3)
    stored = len(list(first.events.get(duel_id)))
    with pytest.raises((VersionConflictError, IllegalDecisionError)) as refused:
        second.decide(duel_id, mine, expected=seen)
    if isinstance(refused.value, VersionConflictError):
        assert refused.value.current == len(duel.events)
    assert len(list(first.events.get(duel_id))) == stored, "a refused decision stored events"


def test_a_save_refused_by_the_store_leaves_no_trace_in_reads(store):
    """The second app judges on its stale cache, the store refuses the save: neither its
    aggregate nor its projector may show the events that were judged but not stored."""
    first, second = store.app(), store.app()
    duel_id, duel = new_duel(first, 7)
    rng = random.Random(8)
    advance(first, duel_id, duel, rng, 2)
    projector = Projector(second)
    before = projector.state_at(duel_id)
    at = before["event"]
    own = choose(Duel.from_record(duel.to_record()), random.Random(80))
    advance(first, duel_id, duel, rng, 2)  # the store moves on without the second app
    with pytest.raises(VersionConflictError) as refused:
        second.decide(duel_id, own, expected=at)
    assert refused.value.current == len(duel.events)
    assert projector.state_at(duel_id) == duel.to_json() | {"event": len(duel.events)}
    for n in range(len(duel.events) + 1):
        assert projector.state_at(duel_id, n) == state_with_prompt(duel, n), f"event {n}"
    assert events_json(second.record(duel_id).duel) == events_json(duel)


def test_writers_on_one_sqlite_file_queue_on_one_os_lock(tmp_path):
    """While one app writes, another process (here: another open file) cannot take the
    writers' lock; the apps' writes all land."""
    fcntl = pytest.importorskip("fcntl")
    db = str(tmp_path / "queue.db")
    first, second = JudgeApp(db=db, queue_writers=True), JudgeApp(db=db, queue_writers=True)
    try:
        assert not JudgeApp(db=db)._writers._path, "one process: no OS lock"
        with open(f"{db}.writers", "a+b") as other, first._writers():
            with pytest.raises(BlockingIOError):
                fcntl.flock(other.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        with open(f"{db}.writers", "a+b") as other:
            fcntl.flock(other.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)  # free again
            fcntl.flock(other.fileno(), fcntl.LOCK_UN)
        duel_id, duel = new_duel(first, 9)
        advance(second, duel_id, duel, random.Random(10), 3)
        advance(first, duel_id, duel, random.Random(11), 3)
        assert events_json(JudgeApp(db=db).record(duel_id).duel) == events_json(duel)
    finally:
        first.close()
        second.close()
