"""Tokens can be listed, given an expiry and revoked (``judge token list|revoke``,
``judge token create --expires``); a revocation made by the command reaches a server that
already has the token cached at its next request, and the list never shows a token."""

from __future__ import annotations

import datetime
import json
from pathlib import Path

import pytest

from api.app import create_app
from api.auth import create_token
from api.cli import main
from events.app import JudgeApp
from tests.api.conftest import bearer


@pytest.fixture(autouse=True)
def no_store_in_the_environment(monkeypatch):
    monkeypatch.delenv("BATTLECON_DATABASE_URL", raising=False)
    monkeypatch.delenv("BATTLECON_DB", raising=False)


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_list_and_revoke_reach_a_running_server(capsys, tmp_path: Path) -> None:
    db = str(tmp_path / "t.db")
    code, ana, _ = run(capsys, "token", "create", "--role", "scorekeeper", "--name", "Ana",
                       "--db", db)
    assert code == 0
    code, ben, err = run(capsys, "token", "create", "--role", "judge", "--name", "Ben",
                         "--expires", "30d", "--db", db)
    assert code == 0 and "good until" in err
    ana, ben = ana.strip(), ben.strip()
    server = JudgeApp(db=db)
    client = create_app({"STORE": server, "TESTING": True}).test_client()
    assert client.get("/api/session", headers=bearer(ana)).get_json()["name"] == "Ana"  # cached

    code, out, _ = run(capsys, "token", "list", "--json", "--db", db)
    listed = json.loads(out)
    assert [(t["holder"], t["role"], t["status"]) for t in listed] == [
        ("Ana", "scorekeeper", "active"), ("Ben", "judge", "active")]
    assert listed[0]["expires"] is None and listed[1]["expires"] > listed[1]["issued"]
    assert ana not in out and ben not in out  # only ids, never a token

    code, out, _ = run(capsys, "token", "revoke", listed[0]["id"], "--db", db)
    assert code == 0 and "revoked" in out and "Ana" in out
    refused = client.get("/api/session", headers=bearer(ana))
    assert refused.status_code == 401
    assert "revoked" in refused.get_json()["detail"]
    assert client.get("/api/session", headers=bearer(ben)).get_json()["name"] == "Ben"
    code, out, _ = run(capsys, "token", "list", "--db", db)
    assert "revoked" in out.splitlines()[0] and "active" in out.splitlines()[1]
    code, _, err = run(capsys, "token", "revoke", ana, "--db", db)  # the token itself names it
    assert code == 2 and "already revoked" in err
    code, _, err = run(capsys, "token", "revoke", "no-such-token", "--db", db)
    assert code == 2 and "No token" in err
    server.close()


def test_an_expired_token_is_refused_with_when(tmp_path: Path) -> None:
    store = JudgeApp(db=":memory:")
    past = datetime.datetime.now(datetime.UTC) - datetime.timedelta(minutes=1)
    old = create_token(store, "scorekeeper", "Cleo", expires=past)
    client = create_app({"STORE": store, "TESTING": True}).test_client()
    refused = client.get("/api/session", headers=bearer(old))
    assert refused.status_code == 401
    assert refused.get_json()["detail"] == f"This token expired at {past.isoformat()}."
    store.close()


@pytest.mark.parametrize("when", ["yesterday", "2001-01-01"])
def test_an_expiry_that_cannot_be_read_or_is_past_is_refused(capsys, tmp_path, when) -> None:
    with pytest.raises(SystemExit) as done:
        main(["token", "create", "--role", "judge", "--name", "Dee", "--expires", when,
              "--db", str(tmp_path / "x.db")])
    assert done.value.code == 2
    assert "--expires" in capsys.readouterr().err


def test_a_name_an_active_token_holds_gets_no_second_token(capsys, tmp_path: Path) -> None:
    """Issue 27, item 3: the holder's name is an identity (a decision's ``by``), so two live
    tokens never share it; a reissue replaces the old one at once."""
    db = str(tmp_path / "t.db")
    code, first, _ = run(capsys, "token", "create", "--role", "scorekeeper", "--name", "Sam",
                         "--db", db)
    assert code == 0
    code, out, err = run(capsys, "token", "create", "--role", "scorekeeper", "--name", "Sam",
                         "--db", db)
    assert (code, out) == (2, "")
    assert "'Sam' already holds an active token" in err and "--reissue" in err
    code, second, err = run(capsys, "token", "create", "--role", "scorekeeper", "--name",
                            "Sam", "--reissue", "--db", db)
    assert code == 0
    code, out, _ = run(capsys, "token", "list", "--json", "--db", db)
    assert [(t["holder"], t["status"]) for t in json.loads(out)] == [("Sam", "revoked"),
                                                                    ("Sam", "active")]
    server = JudgeApp(db=db)
    client = create_app({"STORE": server, "TESTING": True}).test_client()
    assert client.get("/api/session", headers=bearer(first.strip())).status_code == 401
    assert client.get("/api/session", headers=bearer(second.strip())).get_json()["name"] == \
        "Sam"
    server.close()


def test_an_expired_or_revoked_token_frees_its_name() -> None:
    store = JudgeApp(db=":memory:")
    past = datetime.datetime.now(datetime.UTC) - datetime.timedelta(minutes=1)
    create_token(store, "scorekeeper", "Cleo", expires=past)
    create_token(store, "judge", "Cleo")  # the expired one holds nothing
    with pytest.raises(ValueError, match="already holds"):
        create_token(store, "judge", "Cleo")
    store.close()


def test_a_reissued_token_keeps_its_holders_face_down_pair_and_retraction(store, client):
    """After a shift change the new token is the same scorekeeper: it sees the pair its
    holder laid face down, and may retract it; another reader sees only its back."""
    from tests.api.conftest import create, partial_record, played_record
    from tests.api.test_retraction import PAIRS_AT, enter, retract, state

    old = create_token(store, "scorekeeper", "Sam")
    duel = create(client, old, partial_record(PAIRS_AT))["id"]
    version = enter(client, old, duel, [played_record()["decisions"][PAIRS_AT]])
    new = create_token(store, "scorekeeper", "Sam", reissue=True)
    assert client.get("/api/session", headers=bearer(old)).status_code == 401
    mine = client.get(f"/api/duels/{duel}/state", headers=bearer(new)).get_json()
    player = played_record()["decisions"][PAIRS_AT]["player"]
    assert mine["players"][player]["attack_pair"]["style"] == \
        played_record()["decisions"][PAIRS_AT]["style"]
    assert state(client, duel)["players"][player]["attack_pair"].get("hidden") is True
    assert retract(client, new, duel, version).status_code == 201
