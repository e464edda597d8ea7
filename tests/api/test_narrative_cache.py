"""The narrative is kept once told (issue 27, item 11), and never crosses readers: a text
told for a reader who may see a face-down pair is never served to one who may not (an
anonymous reader, the other player's scorekeeper), and any decision, retraction or
correction, by this process or another, is told afresh. On SQLite and PostgreSQL; every
text compared with what a new process (nothing kept) tells the same reader."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from api.app import create_app
from api.auth import create_token
from api.narrative_endpoint import NarrativeCache
from events.app import JudgeApp
from tests.api.conftest import bearer, partial_record, played_record
from tests.api.test_corrections import corrected
from tests.events.conftest import Store, open_store

PAIR_2 = played_record()["decisions"][11]  # the second face-down pair of beat 2


@pytest.fixture(params=["sqlite", "postgres"])
def shared(request, tmp_path: Path) -> Iterator[Store]:
    yield from open_store(request.param, tmp_path)


@contextmanager
def new_process(shared: Store) -> Iterator:
    """A client of a new app on the store (nothing kept), closed after use."""
    store = JudgeApp(db=shared.db, database_url=shared.database_url)
    try:
        yield create_app({"STORE": store, "TESTING": True}).test_client()
    finally:
        store.close()


def told(client, duel: str, token: str | None) -> str:
    resp = client.get(f"/api/duels/{duel}/narrative", headers=bearer(token))
    assert resp.status_code == 200, resp.get_data(as_text=True)
    return resp.get_data(as_text=True)


def test_the_kept_narrative_never_crosses_readers_and_follows_every_change(shared: Store):
    client = create_app({"STORE": shared.app(), "TESTING": True}).test_client()
    store = client.application.extensions["battlecon"]["store"]
    ana, ben = (create_token(store, "scorekeeper", n) for n in ("Ana", "Ben"))
    judge = create_token(store, "judge", "Jo")
    head = create_token(store, "head_judge", "Hal")
    readers = {"judge": judge, "Ana": ana, "anonymous": None, "Ben": ben}
    duel = client.post("/api/duels", json=partial_record(11),  # Ana's pair lies face down
                       headers=bearer(ana)).get_json()["id"]

    def check(step: str) -> dict[str, str]:
        """Each reader, in turn (the judge first, so their text is kept first), reads
        what a new process tells them, twice (the second time from what is kept)."""
        texts = {}
        with new_process(shared) as fresh:
            for name, token in readers.items():
                texts[name] = told(client, duel, token)
                assert told(client, duel, token) == texts[name], (step, name)
                assert texts[name] == told(fresh, duel, token), (step, name)
        return texts

    first = check("pair face down")
    assert first["judge"] == first["Ana"] != first["anonymous"] == first["Ben"]
    assert len(first["judge"]) > len(first["anonymous"])

    # Ana retracts her pair, through another process: this one tells the duel afresh.
    version = client.get(f"/api/duels/{duel}").get_json()["version"]
    with new_process(shared) as other:
        resp = other.post(f"/api/duels/{duel}/retractions", json={},
                          headers={**bearer(ana), "If-Match": f'"{version}"'})
    assert resp.status_code == 201, resp.get_json()
    second = check("retracted")
    assert second["judge"] != first["judge"]

    # She enters it again (a decision): face down again for Ben and onlookers.
    pair = partial_record(11)["decisions"][10]
    version = resp.get_json()["version"]
    resp = client.post(f"/api/duels/{duel}/decisions", json=pair,
                       headers={**bearer(ana), "If-Match": f'"{version}"'})
    assert resp.status_code == 201, resp.get_json()
    third = check("entered again")
    assert third["judge"] == third["Ana"] != third["anonymous"] == third["Ben"]
    assert third["judge"] != second["judge"]

    # Ben's pair: both are revealed, everyone reads everything.
    resp = client.post(f"/api/duels/{duel}/decisions", json=PAIR_2,
                       headers={**bearer(ben), "If-Match": f'"{resp.get_json()["version"]}"'})
    assert resp.status_code == 201, resp.get_json()
    revealed = check("both pairs")
    assert len(set(revealed.values())) == 1 and revealed["judge"] != third["judge"]

    # A head judge's correction.
    corrected(client, {"head_judge": head, "judge": judge}, duel,
              [{"field": "players.1.life", "after": 15}], rule="R14.1")
    fourth = check("corrected")
    assert fourth["judge"] != revealed["judge"] and "15" in fourth["judge"]


def test_the_kept_narratives_are_bounded_in_size():
    cache = NarrativeCache(limit=100)
    a, b, c = uuid.uuid4(), uuid.uuid4(), uuid.uuid4()
    cache.put(a, 5, None, "x" * 40)
    cache.put(a, 5, 3, "y" * 20)  # another reader's view of the same version
    cache.put(b, 9, None, "z" * 30)
    assert cache.bytes == 90 and cache.get(a, 5, 3) == "y" * 20
    cache.put(c, 2, None, "w" * 30)  # past the bound: b, least recently used, goes
    assert cache.get(b, 9, None) is None and cache.get(a, 5, None) == "x" * 40
    assert cache.bytes == 90
    cache.put(a, 6, None, "v" * 10)  # a new version replaces every text of the older
    assert cache.get(a, 5, 3) is None and cache.bytes == 40
    assert cache.get(a, 6, 3) is None  # never another reader's text
