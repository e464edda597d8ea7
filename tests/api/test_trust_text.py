"""Trust the record, item 1: no served state that is not stored.

Text that cannot be stored (a lone surrogate) is refused with 422 wherever it can enter,
and any failure between judging and a committed save leaves every cache exactly as the store
is: the summary, the state and the next decision show only what was stored.
"""

from __future__ import annotations

import pytest

from tests.api.conftest import bearer, create, partial_record
from tests.api.test_api import decide, error, first_option, version_of

BAD = "\ud800"


@pytest.fixture
def mid(client, tokens) -> str:
    return create(client, tokens["scorekeeper"], partial_record(30))["id"]


def snapshot(client, duel_id: str) -> tuple:
    summary = client.get(f"/api/duels/{duel_id}").get_json()
    state = client.get(f"/api/duels/{duel_id}/state").get_json()
    return summary["version"], state


def test_an_overturn_with_unstorable_ruling_text_is_refused_and_changes_nothing(
        client, tokens, mid):
    dispute = client.post(f"/api/duels/{mid}/disputes", json={"at": 5, "claim": "Range."},
                          headers=bearer(tokens["judge"])).get_json()["id"]
    before = snapshot(client, mid)
    body = error(client.post(f"/api/disputes/{dispute}/resolution", json={
        "outcome": "overturned", "ruling": f"Out of range {BAD}", "rule": "R12.2",
        "correction": {"players": {"1": {"life": 15}}}}, headers=bearer(tokens["head_judge"])),
        422, "not valid Unicode", "nothing was stored")
    assert body["errors"] == {"ruling": [body["detail"]]}
    assert snapshot(client, mid) == before
    assert client.get(f"/api/duels/{mid}/log").status_code == 200
    resp = decide(client, tokens["scorekeeper"], mid, first_option(client, mid), before[0])
    assert resp.status_code == 201 and version_of(client, mid) > before[0]


@pytest.mark.parametrize("path, payload, field", [
    ("annotations", {"at": 3, "text": BAD}, "text"),
    ("disputes", {"at": 3, "claim": f"x{BAD}"}, "claim"),
])
def test_unstorable_text_is_refused_with_the_field_named(client, tokens, mid, path, payload,
                                                         field):
    before = snapshot(client, mid)
    body = error(client.post(f"/api/duels/{mid}/{path}", json=payload,
                             headers=bearer(tokens["judge"])), 422, "not valid Unicode")
    assert list(body["errors"]) == [field]
    assert snapshot(client, mid) == before


def test_a_new_duel_with_an_unstorable_name_or_label_is_refused(client, tokens):
    record = partial_record(3)
    record["players"][0]["name"] = BAD
    body = error(client.post("/api/duels", json={"record": record},
                             headers=bearer(tokens["scorekeeper"])), 422, "not valid Unicode")
    assert list(body["errors"]) == ["record.players[0].name"]
    body = error(client.post("/api/duels", json={"record": partial_record(3),
                                                 "labels": {"table": BAD}},
                             headers=bearer(tokens["scorekeeper"])), 422)
    assert list(body["errors"]) == ["labels.table"]
    assert client.get("/api/duels").get_json()["total"] == 0


@pytest.mark.parametrize("depth", [40, 5000])
def test_deeply_nested_json_is_a_422_not_a_500(client, tokens, depth):
    deep = "[" * depth + "]" * depth
    resp = client.post("/api/duels", data='{"record": ' + deep + "}",
                       content_type="application/json", headers=bearer(tokens["scorekeeper"]))
    error(resp, 422, "nests deeper than 32 levels")


def test_a_failed_save_leaves_the_cache_as_the_store_is(client, tokens, store, mid,
                                                        monkeypatch):
    before = snapshot(client, mid)
    option = first_option(client, mid)
    calls = []

    def failing_save(*args, **kwargs):
        calls.append(1)
        raise OSError("disk full")

    monkeypatch.setattr(store, "save", failing_save)
    client.check_schema = False  # a 500 is the point here, answered as a user would get it
    client.application.config["PROPAGATE_EXCEPTIONS"] = False
    resp = decide(client, tokens["scorekeeper"], mid, option, before[0])
    assert resp.status_code == 500 and calls
    assert "nothing was stored" in resp.get_json()["detail"]
    monkeypatch.undo()
    assert snapshot(client, mid) == before  # not the decision that was never stored
    assert first_option(client, mid) == option
    resp = decide(client, tokens["scorekeeper"], mid, option, before[0])
    assert resp.status_code == 201 and version_of(client, mid) > before[0]
