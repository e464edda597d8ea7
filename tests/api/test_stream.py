"""Issue 34 item 1: a duel's stream brings each reader's list to what ``/events`` gives
that reader, before and after a reveal and a retraction, and resumes with Last-Event-ID.

Through the WSGI app (no stream server), the stream answers at once with what the reader
lacks and ends (a poll): the same messages the live stream sends, made by the same view.
The live stream is tested through a real server in ``test_stream_server.py``.
"""

from __future__ import annotations

import asyncio

import pytest

from api.app import create_app
from api.auth import create_token, revoke_token
from api.hub import Follower
from tests.api.conftest import bearer, create, holder, partial_record, setup_record
from tests.api.sse_client import Follower as Rebuilt
from tests.api.sse_client import parse
from tests.api.test_api import decide
from tests.api.test_retraction import retract

READERS = ("anonymous", "other_scorekeeper", "scorekeeper", "judge")


@pytest.fixture
def readers(store, tokens) -> dict[str, str | None]:
    return {**tokens, "anonymous": None,
            "other_scorekeeper": create_token(store, "scorekeeper", "scorekeeper-kim")}


def events(client, token, duel) -> list[dict]:
    resp = client.get(f"/api/duels/{duel}/events?limit=1000", headers=bearer(token))
    assert resp.status_code == 200
    return resp.get_json()["events"]


def stream(client, token, duel, last: int | None = None) -> list:
    headers = bearer(token) | ({"Last-Event-ID": str(last)} if last is not None else {})
    resp = client.get(f"/api/duels/{duel}/stream", headers=headers)
    assert resp.status_code == 200, resp.get_data(as_text=True)
    assert resp.headers["Content-Type"].startswith("text/event-stream")
    assert resp.headers["Cache-Control"] == "no-store"
    return parse(resp.get_data(as_text=True))


def follow(client, token, duel, rebuilt: Rebuilt | None = None) -> Rebuilt:
    """A follower's list after (re)connecting, from where ``rebuilt`` stood."""
    rebuilt = rebuilt or Rebuilt()
    for frame in stream(client, token, duel, rebuilt.last):
        rebuilt.apply(frame)
    return rebuilt


def lay_pair(client, token, duel, player: int) -> dict:
    state = client.get(f"/api/duels/{duel}/prompt").get_json()
    choice = next(o for o in state["prompt"]["options"] if o["player"] == player)
    resp = decide(client, token, duel, choice, version=state["event"])
    assert resp.status_code == 201, resp.get_json()
    return choice


def until_revealed(client, token, duel) -> list[dict]:
    """Decide the first option until the pairs are revealed; the events then."""
    while True:
        shown = events(client, None, duel)
        if any(r["type"] == "PairsRevealed" for r in shown):
            return shown
        state = client.get(f"/api/duels/{duel}/prompt").get_json()
        assert decide(client, token, duel, state["prompt"]["options"][0],
                      version=state["event"]).status_code == 201


def test_a_new_stream_starts_with_a_snapshot_equal_to_the_events(client, tokens):
    duel = create(client, tokens["scorekeeper"], partial_record(11))["id"]
    frames = stream(client, None, duel)
    assert [f.kind for f in frames] == ["snapshot"]
    rows = events(client, None, duel)
    assert frames[0].data == {"events": rows, "total": len(rows)}
    assert frames[0].id == len(rows)


def test_a_face_down_pair_is_streamed_as_each_reader_reads_it(client, readers):
    duel = create(client, readers["scorekeeper"], setup_record())["id"]
    choice = lay_pair(client, readers["scorekeeper"], duel, 0)
    for reader in READERS:
        assert follow(client, readers[reader], duel).rows == \
            events(client, readers[reader], duel), reader
    onlooker = str(follow(client, None, duel).rows)
    assert choice["style"] not in onlooker and choice["base"] not in onlooker
    assert choice["style"] in str(follow(client, readers["judge"], duel).rows)


def test_after_the_reveal_a_resumed_stream_shows_what_was_withheld(client, readers):
    duel = create(client, readers["scorekeeper"], setup_record())["id"]
    lay_pair(client, readers["scorekeeper"], duel, 0)
    before = {r: follow(client, readers[r], duel) for r in READERS}
    hidden_first, was = before["anonymous"].rows[-1], before["anonymous"].last
    lay_pair(client, readers["other_scorekeeper"], duel, 1)  # both laid, then the antes
    shown = until_revealed(client, readers["scorekeeper"], duel)
    assert shown[hidden_first["event"] - 1] != hidden_first  # the row reads differently now
    for reader in READERS:
        frames = stream(client, readers[reader], duel, before[reader].last)
        assert [f.kind for f in frames] == ["update"], reader
        assert follow(client, readers[reader], duel, before[reader]).rows == \
            events(client, readers[reader], duel), reader
    changed = [r["event"] for r in
               stream(client, None, duel, was)[0].data["changed"]]
    assert hidden_first["event"] in changed


def test_a_retraction_strikes_the_rows_a_follower_has(client, tokens):
    duel = create(client, tokens["scorekeeper"], partial_record(8))["id"]
    mine = follow(client, tokens["scorekeeper"], duel)
    version = client.get(f"/api/duels/{duel}").get_json()["version"]
    resp = retract(client, tokens["scorekeeper"], duel, version)
    assert resp.status_code == 201, resp.get_json()
    frame = stream(client, tokens["scorekeeper"], duel, mine.last)[0]
    struck = [r for r in frame.data["changed"] if "retracted" in r]
    assert struck and all(r["retracted"] == version + 1 for r in struck)
    assert [r["type"] for r in frame.data["events"]] == ["Retraction"]
    assert follow(client, tokens["scorekeeper"], duel, mine).rows == \
        events(client, tokens["scorekeeper"], duel)


def test_a_follower_up_to_date_is_sent_nothing(client, tokens):
    duel = create(client, tokens["scorekeeper"], partial_record(5))["id"]
    total = len(events(client, None, duel))
    assert stream(client, None, duel, total) == []


@pytest.mark.parametrize("last", ["999999", "abc", "-1", ""])
def test_an_unknown_last_event_id_gets_a_snapshot(client, tokens, last):
    duel = create(client, tokens["scorekeeper"], partial_record(5))["id"]
    resp = client.get(f"/api/duels/{duel}/stream", headers={"Last-Event-ID": last})
    assert [f.kind for f in parse(resp.get_data(as_text=True))] == ["snapshot"]


def test_the_stream_is_authorised_as_every_other_read(store, tokens):
    closed = create_app({"STORE": store, "TESTING": True, "ANONYMOUS_READ": False})
    client = closed.test_client()
    duel = create(client, tokens["scorekeeper"], partial_record(3))["id"]
    path = f"/api/duels/{duel}/stream"
    assert client.get(path).status_code == 401
    assert client.get(path, headers=bearer(tokens["judge"])).status_code == 200
    revoke_token(store, tokens["judge"], by="test")
    refused = client.get(path, headers=bearer(tokens["judge"]))
    assert refused.status_code == 401 and "revoked" in refused.get_json()["detail"]
    missing = client.get("/api/duels/00000000-0000-4000-8000-000000000000/stream",
                         headers=bearer(tokens["scorekeeper"]))
    assert missing.status_code == 404
    assert holder("scorekeeper")  # the token that still reads


def test_a_follower_who_stops_reading_is_dropped_not_buffered():
    """A full queue drops the follower (its connection aborted), never grows."""
    aborted = []
    follower = Follower(key=(None, None, None), token=None, expires=None, limit=3)  # type: ignore[arg-type]
    follower.abort = lambda: aborted.append(True)

    async def fill() -> None:
        for n in range(5):
            follower.offer(f"frame {n}".encode())

    asyncio.run(fill())
    assert follower.queue.qsize() == 3 and follower.dropped and aborted


def test_a_kept_view_moves_on_to_what_events_gives_each_reader(app, client, readers):
    """The live stream's view (one per kind of reader) is moved on, not rebuilt: after a
    face-down pair, its reveal and a retraction, it still equals ``/events``."""
    from api.follow import ReaderView

    duel = create(client, readers["scorekeeper"], setup_record())["id"]
    views = {r: ReaderView(duel) for r in READERS}
    updates: dict[str, list[dict]] = {r: [] for r in READERS}

    def move_on() -> None:
        for reader, view in views.items():
            with app.test_request_context(headers=bearer(readers[reader])):
                app.preprocess_request()  # who reads: g.role and g.actor
                update = view.advance()
            if update is not None:
                updates[reader].append(update)
            assert view.rows == events(client, readers[reader], duel), reader

    move_on()
    lay_pair(client, readers["scorekeeper"], duel, 0)
    move_on()
    lay_pair(client, readers["other_scorekeeper"], duel, 1)
    until_revealed(client, readers["scorekeeper"], duel)
    move_on()
    assert updates["anonymous"][-1]["changed"]  # the pairs shown now
    assert not updates["judge"][-1]["changed"]  # a judge saw them all along
    state = client.get(f"/api/duels/{duel}/prompt").get_json()  # one more, then taken back
    assert decide(client, readers["scorekeeper"], duel, state["prompt"]["options"][0],
                  version=state["event"]).status_code == 201
    move_on()
    version = client.get(f"/api/duels/{duel}").get_json()["version"]
    assert retract(client, readers["scorekeeper"], duel, version).status_code == 201, \
        retract(client, readers["scorekeeper"], duel, version).get_json()
    move_on()
    assert all(r.get("retracted") for r in updates["judge"][-1]["changed"])
