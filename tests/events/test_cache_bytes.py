"""The duel cache is bounded in bytes (issue 27, item 11): ``CACHE_BYTES`` (the store's
environment, BATTLECON_CACHE_BYTES, or create_app's config) bounds the estimated size of
the duels kept (``events.app.estimated_bytes``); beyond it the least recently used go
first, and a duel read again after that is read from the store, as stored. On SQLite and
PostgreSQL."""

from __future__ import annotations

from api.app import create_app
from events.app import JudgeApp, estimated_bytes
from events.projector import Projector
from judge.battlecon.playout import play
from tests.events.conftest import Store, events_json


def _two_duels(store: Store) -> tuple:
    writer = store.app()
    a = writer.create_duel(play(1, "hikaru", "khadath").to_record(), actor="sk").duel_id
    b = writer.create_duel(play(2, "cadenza", "seth").to_record(), actor="sk").duel_id
    return a, b, estimated_bytes(writer.record(a)), estimated_bytes(writer.record(b))


def _reader(store: Store, limit: int) -> JudgeApp:
    app = JudgeApp(db=store.db, database_url=store.database_url,
                   env={"CACHE_BYTES": str(limit)})
    store.apps.append(app)
    return app


def test_the_least_recently_used_duel_goes_beyond_the_bound(store):
    a, b, size_a, size_b = _two_duels(store)
    reader = _reader(store, max(size_a, size_b) + 1)  # room for one of them, not both
    projector = Projector(reader)
    projector.state_at(a)
    assert reader.is_cached(a) and reader.cache_bytes == size_a
    projector.state_at(b)
    assert not reader.is_cached(a) and reader.is_cached(b)
    assert reader.cache_bytes == size_b <= reader.cache_limit
    assert a not in projector._timelines  # nor does the projector hold it any longer
    # Read again, A is what the store holds, and B goes in its turn.
    again = reader.record(a)
    assert events_json(again.duel) == events_json(store.app().record(a).duel)
    assert reader.is_cached(a) and not reader.is_cached(b)
    assert projector.state_at(a)["event"] == again.events_count


def test_a_duel_larger_than_the_bound_is_read_but_not_kept(store):
    a, _, size_a, _ = _two_duels(store)
    reader = _reader(store, size_a - 1)
    first = reader.record(a)
    assert not reader.is_cached(a) and reader.cache_bytes == 0
    assert reader.record(a) is not first  # read from the store again
    assert reader.record(a).events_count == first.events_count


def test_the_bound_comes_from_the_environment_or_the_app(store, monkeypatch):
    monkeypatch.setenv("BATTLECON_CACHE_BYTES", "12345")
    from_env = JudgeApp(db=store.db, database_url=store.database_url)
    store.apps.append(from_env)
    assert from_env.cache_limit == 12345
    monkeypatch.delenv("BATTLECON_CACHE_BYTES")
    app = store.app()
    assert app.cache_limit == 256 * 1024 * 1024
    create_app({"STORE": app, "TESTING": True, "CACHE_BYTES": 4096})
    assert app.cache_limit == 4096
