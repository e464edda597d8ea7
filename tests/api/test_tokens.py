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
