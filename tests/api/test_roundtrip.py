"""A corrected duel's export round-trips (issue 28, item 2), on SQLite and PostgreSQL.

A head judge corrects a duel; its signed log (the replay page's "Signed log (JSON)")
imports again with ``POST /api/duels``: a scorekeeper may import a log this service signed,
and a record or another service's log holding corrections needs a head judge. A file whose
duel is stored already is refused with 409 naming it, unless ``copy=true``. The log keeps
its chain: the duel's id, parent, fork point and each decision's ``by``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from api.app import create_app
from api.auth import create_token
from api.cli import main as judge_cli
from tests.api.conftest import ROLES, CheckedClient, bearer, holder, partial_record
from tests.events.conftest import open_store


class Service:
    """One service (its own store and signing key), with a client and a token per role."""

    def __init__(self, store) -> None:
        self.store = store
        self.app = store.app()
        flask_app = create_app({"STORE": self.app, "TESTING": True})
        flask_app.test_client_class = CheckedClient
        self.client = flask_app.test_client()
        self.tokens = {r: create_token(self.app, r, holder(r)) for r in ROLES}

    def post(self, path: str, body: dict, role: str):
        return self.client.post(path, json=body, headers=bearer(self.tokens[role]))

    def get(self, path: str, role: str = "head_judge") -> dict:
        resp = self.client.get(path, headers=bearer(self.tokens[role]))
        assert resp.status_code == 200, resp.get_json()
        return resp.get_json()

    def ids(self) -> list[str]:
        return [str(i) for i in self.app.duel_ids()]


def _service(kind: str, tmp_path: Path, name: str) -> Iterator[Service]:
    where = tmp_path / name
    where.mkdir()
    for store in open_store(kind, where):
        yield Service(store)


@pytest.fixture(params=["sqlite", "postgres"])
def kind(request) -> str:
    return request.param


@pytest.fixture
def here(kind, tmp_path) -> Iterator[Service]:
    yield from _service(kind, tmp_path, "here")


@pytest.fixture
def elsewhere(kind, tmp_path) -> Iterator[Service]:
    """Another service: another store, another signing key."""
    yield from _service(kind, tmp_path, "elsewhere")


def corrected_duel(svc: Service) -> str:
    """A duel in progress whose player 1's life a head judge corrected to 12."""
    resp = svc.post("/api/duels", partial_record(20), "scorekeeper")
    assert resp.status_code == 201, resp.get_json()
    duel = resp.get_json()["id"]
    dispute = svc.post(f"/api/duels/{duel}/disputes", {"at": 3, "claim": "Life is wrong."},
                       "judge").get_json()
    resp = svc.post(f"/api/disputes/{dispute['id']}/resolution", {
        "outcome": "overturned", "ruling": "Life corrected.", "rule": "R14.8",
        "correction": {"changes": [{"field": "players.1.life", "after": 12}]}}, "head_judge")
    assert resp.status_code == 201, resp.get_json()
    return duel


def chain(log: dict) -> list[tuple]:
    """What a log's chain covers, event by event: number, kind, payload, by, hash."""
    return [(e["n"], e["kind"], e["payload"], e.get("by"), e["hash"]) for e in log["events"]]


def test_a_scorekeeper_imports_the_signed_log_of_a_corrected_duel_as_a_copy(here):
    duel = corrected_duel(here)
    log = here.get(f"/api/duels/{duel}/log", "scorekeeper")  # what the page downloads
    assert log["header"]["signature"]["key"]
    # Its duel is stored here: 409 naming it, with its address, and nothing stored.
    resp = here.post("/api/duels", log, "scorekeeper")
    body = resp.get_json()
    assert resp.status_code == 409 and body["duel"] == duel and duel in body["detail"], body
    assert resp.headers["Location"] == f"/api/duels/{duel}"
    assert here.ids() == [duel]
    # Asked for explicitly, a scorekeeper may store a copy: this service signed the log,
    # so its correction is a head judge's made here.
    resp = here.post("/api/duels?copy=true", log, "scorekeeper")
    assert resp.status_code == 201, resp.get_json()
    copy = resp.get_json()
    assert copy["id"] != duel and here.ids() == [duel, copy["id"]]
    again = here.get(f"/api/duels/{copy['id']}/log")
    # Every event and who entered each decision survive; the chain is the copy's own.
    assert [c[:4] for c in chain(again)] == [c[:4] for c in chain(log)]
    assert [c[4] for c in chain(again)] != [c[4] for c in chain(log)]
    fix = next(e for e in again["events"] if e["payload"].get("kind") == "correction")
    assert fix["by"]["name"] == holder("head_judge") and fix["by"]["role"] == "head_judge"
    state = here.get(f"/api/duels/{copy['id']}/state")
    assert state["players"][1]["life"] == 12


def test_another_services_log_with_a_correction_is_a_head_judges_to_import(here, elsewhere):
    duel = corrected_duel(here)
    log = here.get(f"/api/duels/{duel}/log")
    resp = elsewhere.post("/api/duels", log, "scorekeeper")  # not signed by elsewhere's key
    assert resp.status_code == 403 and "head judge" in resp.get_json()["detail"]
    assert elsewhere.ids() == []
    resp = elsewhere.post("/api/duels", log, "head_judge")
    assert resp.status_code == 201, resp.get_json()
    # The duel keeps its id, and its chain is the very chain the log shows.
    assert resp.get_json()["id"] == duel
    there = elsewhere.get(f"/api/duels/{duel}/log")
    assert there["header"]["hash"] == log["header"]["hash"] and chain(there) == chain(log)
    assert there["header"]["signature"]["key"] != log["header"]["signature"]["key"]
    # Imported once, it is stored there: a second import is refused, naming it.
    resp = elsewhere.post("/api/duels", log, "head_judge")
    assert resp.status_code == 409 and resp.get_json()["duel"] == duel


def test_a_fork_keeps_its_parent_and_fork_point_through_the_import(here, elsewhere):
    duel = here.post("/api/duels", partial_record(20), "scorekeeper").get_json()["id"]
    at = here.get(f"/api/duels/{duel}")["version"]
    fork = here.post(f"/api/duels/{duel}/forks", {"at": at}, "judge").get_json()
    log = here.get(f"/api/duels/{fork['id']}/log")
    resp = elsewhere.post("/api/duels", log, "scorekeeper")  # no correction: anyone recording
    assert resp.status_code == 201, resp.get_json()
    imported = resp.get_json()
    assert (imported["id"], imported["parent"], imported["fork_at"]) == (
        fork["id"], duel, fork["fork_at"]) and fork["fork_at"] <= at
    # Its parent is not stored there: its variations and retraction offer still answer.
    assert elsewhere.get(f"/api/duels/{fork['id']}/variations")["parent"] is None
    assert elsewhere.get(f"/api/duels/{fork['id']}/retractions", "scorekeeper")[
        "allowed"] is False


def test_a_record_with_a_correction_needs_a_head_judge_and_refuses_a_second_import(here,
                                                                                   elsewhere):
    duel = corrected_duel(here)
    record = here.get(f"/api/duels/{duel}/record")
    resp = elsewhere.post("/api/duels", record, "scorekeeper")
    assert resp.status_code == 403 and "only a head judge may import a record" in \
        resp.get_json()["detail"]
    resp = elsewhere.post("/api/duels", record, "head_judge")
    assert resp.status_code == 201, resp.get_json()
    first = resp.get_json()["id"]
    assert first != duel  # a record names no duel: a new id
    assert elsewhere.get(f"/api/duels/{first}/state")["players"][1]["life"] == 12
    resp = elsewhere.post("/api/duels", record, "head_judge")  # the same record again
    assert resp.status_code == 409 and resp.get_json()["duel"] == first
    assert elsewhere.ids() == [first]
    resp = elsewhere.post("/api/duels?copy=true", record, "head_judge")
    assert resp.status_code == 201 and len(elsewhere.ids()) == 2


def test_a_new_duel_without_decisions_is_never_already_stored(here):
    setup = {**partial_record(0), "event": "Indines Open"}
    assert here.post("/api/duels", setup, "scorekeeper").status_code == 201
    assert here.post("/api/duels", setup, "scorekeeper").status_code == 201
    assert len(here.ids()) == 2


def test_a_tampered_log_is_refused_naming_the_event(here, elsewhere):
    log = here.get(f"/api/duels/{corrected_duel(here)}/log")
    log["events"][4]["payload"]["text"] = "Altered."
    resp = elsewhere.post("/api/duels", log, "head_judge")
    body = resp.get_json()
    assert resp.status_code == 422 and body["index"] == 5 and "Event 5" in body["detail"]
    assert elsewhere.ids() == []


def test_a_log_with_anything_beside_header_and_events_is_422(here):
    log = here.get(f"/api/duels/{corrected_duel(here)}/log")
    resp = here.post("/api/duels?copy=true", {**log, "event": "x"}, "head_judge")
    assert resp.status_code == 422 and "event" in resp.get_json()["errors"]


# --- the command line ------------------------------------------------------------------------


def test_judge_verify_and_import_of_a_corrected_duels_exports(here, kind, tmp_path, capsys):
    duel = corrected_duel(here)
    record, log = tmp_path / "record.json", tmp_path / "log.jsonl"
    record.write_text(json.dumps(here.get(f"/api/duels/{duel}/record")), "utf-8")
    store = here.store.argv() if kind == "sqlite" else ["--database-url",
                                                        here.store.database_url]
    assert judge_cli(["export", duel, "--log", "-o", str(log), *store]) == 0
    capsys.readouterr()
    # verify: the record holding a correction passes, saying on its one line who attests it
    assert judge_cli(["verify", str(record)]) == 0
    out = capsys.readouterr().out
    assert len(out.splitlines()) == 1 and out.startswith(f"{record}: ok (record")
    assert "is a judge's correction" in out and "attested only by the service's signed " \
        "log" in out
    # import: the duel is stored here already (named); with --copy a new one
    assert judge_cli(["import", str(log), *store]) == 2
    assert f"Duel {duel} is already stored here" in capsys.readouterr().err
    assert judge_cli(["import", str(log), "--copy", *store]) == 0
    copy = json.loads(capsys.readouterr().out)["id"]
    assert copy != duel and here.ids() == [duel, copy]
    # into a store that does not hold it: the same id, the same chain
    other = str(tmp_path / "other.db")
    assert judge_cli(["import", str(log), "--db", other]) == 0
    assert json.loads(capsys.readouterr().out)["id"] == duel
    again = tmp_path / "again.jsonl"
    assert judge_cli(["export", duel, "--log", "-o", str(again), "--db", other]) == 0
    lines = [json.loads(x) for x in log.read_text("utf-8").splitlines()]
    theirs = [json.loads(x) for x in again.read_text("utf-8").splitlines()]
    assert [x.get("hash") for x in theirs] == [x.get("hash") for x in lines]
