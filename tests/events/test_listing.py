"""Trust the record, item 5: the duel list is a read model kept up to date with every
write, on every store, filled from the duels already stored when it first starts."""

from __future__ import annotations

import datetime
import random

from judge.battlecon.playout import choose, play
from tests.api.conftest import partial_record


def _store_two(app, event: str = "Spring Open") -> list:
    a = app.create_duel(partial_record(4), {"event": event, "round": "1", "table": "3"},
                        actor="sk").duel_id
    record = play(2, "cadenza", "kallistar").to_record()
    record["players"][1]["name"] = "Ana Lima"
    b = app.create_duel(record, {"event": event, "round": "2"}, actor="sk").duel_id
    return [a, b]


def test_a_write_through_one_app_is_listed_at_once_by_another(any_store):
    writer, reader = any_store.app(), any_store.app()
    first = _store_two(writer)
    page = reader.duel_list.page({}, 1, 50)
    assert [row["id"] for row in page["items"]] == [str(d) for d in first]
    agg = writer.record(first[0])
    writer.decide(first[0], choose(agg.duel, random.Random(1)), actor="sk")
    row = reader.duel_list.page({"event": "Spring Open", "round": "1"}, 1, 50)["items"][0]
    assert row["version"] == writer.record(first[0]).events_count
    third = writer.create_duel(partial_record(2), {"event": "Autumn Open"}, actor="sk")
    assert reader.duel_list.page({}, 1, 50)["total"] == 3
    assert reader.duel_list.page({"event": "Autumn Open"}, 1, 50)["items"][0]["id"] == \
        str(third.duel_id)


def test_every_filter(any_store):
    app = any_store.app()
    a, b = _store_two(app)
    fork = app.fork(a, app.record(a).events_count, actor="judge").duel_id
    lst = app.duel_list
    today = datetime.datetime.now(datetime.UTC).date()

    def ids(**filters) -> list[str]:
        return [row["id"] for row in lst.page(filters, 1, 50)["items"]]

    assert ids() == [str(a), str(b), str(fork)]
    assert ids(ruleset="battlecon-2014") == ids() and ids(ruleset="art-o-battlers") == []
    assert ids(round="2") == [str(b)] and ids(table="3") == [str(a), str(fork)]  # its labels
    assert ids(fighter="kallistar") == [str(b)]
    assert ids(player="ANA LIMA") == [str(b)] and ids(player="Ana") == []
    assert ids(status="over") == [str(b)] and str(b) not in ids(status="in_progress")
    assert ids(parent=str(a)) == [str(fork)]
    assert ids(date=today) == ids() and ids(date=today - datetime.timedelta(days=1)) == []
    assert ids(player="%") == [] and ids(fighter="_") == []  # no wildcards
    # Labels are typed by people: their filters ignore case.
    assert ids(event="spring open") == ids(event="SPRING OPEN") == ids() != []
    assert ids(table="3", event="Spring open") == [str(a), str(fork)]


def test_newest_first(any_store):
    app = any_store.app()
    made = [str(app.create_duel(partial_record(2), {"table": str(k)}, actor="sk").duel_id)
            for k in range(5)]
    pages = [app.duel_list.page({"order": "newest"}, p, 2) for p in (1, 2, 3)]
    assert [r["id"] for p in pages for r in p["items"]] == made[::-1]
    assert [r["id"] for r in app.duel_list.page({"order": "oldest"}, 1, 9)["items"]] == made


def test_paging(any_store):
    app = any_store.app()
    made = [str(app.create_duel(partial_record(2), {"table": str(k)}, actor="sk").duel_id)
            for k in range(7)]
    pages = [app.duel_list.page({}, p, 3) for p in (1, 2, 3)]
    assert [r["id"] for p in pages for r in p["items"]] == made
    assert [p["total"] for p in pages] == [7, 7, 7]


def test_the_list_is_filled_from_the_duels_already_stored(store):
    before = store.app()
    made = _store_two(before)  # never listed: no read model yet
    later = store.app()
    assert [r["id"] for r in later.duel_list.page({}, 1, 50)["items"]] == [str(d) for d in made]


def test_a_row_never_goes_back_to_an_older_version(any_store):
    app = any_store.app()
    (duel, _) = _store_two(app)
    lst = app.duel_list
    lst.catch_up()
    row = lst._row(duel, None)
    lst.db.upsert([{**row, "version": 1, "summary": row["summary"].replace(
        '"version": ', '"version": 0, "was": ')}], None)
    assert lst.page({"table": "3"}, 1, 50)["items"][0]["version"] == row["version"]


def test_a_retraction_is_listed_at_once(any_store):
    """A retraction is a duel event like any other: the list shows the version it made."""
    app = any_store.app()
    (duel, _) = _store_two(app)
    agg = app.record(duel)
    app.decide(duel, choose(agg.duel, random.Random(1)), actor="sk")
    app.duel_list.catch_up()
    app.retract(duel, actor="sk")
    row = app.duel_list.page({"event": "Spring Open", "round": "1"}, 1, 50)["items"][0]
    assert row["version"] == app.record(duel).events_count
