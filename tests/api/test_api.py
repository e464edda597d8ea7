"""The HTTP API through Flask's test client: every endpoint's success and error statuses,
the roles, the refusals that store nothing, idempotent retries, and the read endpoints
against the engine's own answers.

Every /api response is also checked against the app's OpenAPI document by the ``client``
fixture (see conftest.CheckedClient).
"""

from __future__ import annotations

import contextlib
import json
import uuid

import pytest

from api.app import create_app
from events.domain import DuelRecord
from events.export import verify_log
from judge.battlecon import Duel
from judge.battlecon.facts import BeatBegan, StepBegan
from judge.battlecon.state import DuelState
from tests.api.conftest import (
    ROLES,
    CheckedClient,
    bearer,
    create,
    engine_state,
    first_difference,
    holder,
    partial_record,
    played_record,
    setup_record,
)

UNKNOWN = "00000000-0000-4000-8000-000000000000"
LABELS = {"event": "Store Cup", "round": "3", "table": "12"}


# --- helpers ----------------------------------------------------------------------------------


def error(resp, status: int, *words: str) -> dict:
    """The response is our one error shape with this status; the detail has these words."""
    assert resp.status_code == status, (resp.status_code, resp.get_json())
    body = resp.get_json()
    assert body is not None, resp.data[:200]
    assert body["status"] == status
    assert isinstance(body["title"], str) and body["title"]
    assert isinstance(body["detail"], str) and body["detail"]
    for word in words:
        assert word.lower() in body["detail"].lower(), (word, body["detail"])
    return body


def decide(client, token, duel_id, decision, version=None, key=None, **headers):
    h = {**bearer(token), **headers}
    if version is not None:
        h["If-Match"] = f'"{version}"' if isinstance(version, int) else version
    if key is not None:
        h["Idempotency-Key"] = key
    return client.post(f"/api/duels/{duel_id}/decisions", json=decision, headers=h)


def prompt(client, duel_id) -> dict:
    resp = client.get(f"/api/duels/{duel_id}/prompt")
    assert resp.status_code == 200
    return resp.get_json()


def first_option(client, duel_id) -> dict:
    return prompt(client, duel_id)["prompt"]["options"][0]


def version_of(client, duel_id) -> int:
    return client.get(f"/api/duels/{duel_id}").get_json()["version"]


def everything(client, token) -> dict:
    """What the store holds, as far as the API shows it: duels, versions, commentary."""
    resp = client.get("/api/duels?page_size=200", headers=bearer(token))
    body = resp.get_json()
    out = {"total": body["total"]}
    for row in body["items"]:
        did = row["id"]
        notes = client.get(f"/api/duels/{did}/annotations", headers=bearer(token)).get_json()
        disputes = client.get(f"/api/duels/{did}/disputes", headers=bearer(token)).get_json()
        out[did] = (row["version"], len(notes["annotations"]),
                    [(d["status"], len(d["comments"])) for d in disputes["disputes"]])
    return out


@contextlib.contextmanager
def nothing_stored(client, tokens):
    before = everything(client, tokens["head_judge"])
    yield
    assert everything(client, tokens["head_judge"]) == before, "a refused write stored something"


def stored_decision_actors(store, duel_id) -> list[str]:
    return [e.actor for e in store.events.get(uuid.UUID(str(duel_id)))
            if isinstance(e, DuelRecord.DecisionRecorded)]


# --- fixtures ---------------------------------------------------------------------------------


@pytest.fixture
def live(client, tokens) -> str:
    """A duel just set up (version 1: beat 1 began), waiting for attack pairs."""
    return create(client, tokens["scorekeeper"], setup_record())["id"]


@pytest.fixture
def mid(client, tokens) -> str:
    """A duel in progress, 30 decisions in."""
    return create(client, tokens["scorekeeper"], partial_record(30), **LABELS)["id"]


@pytest.fixture
def done(client, tokens) -> str:
    """A complete duel (seed 5, Hikaru v Khadath)."""
    return create(client, tokens["scorekeeper"], played_record(5), **LABELS)["id"]


@pytest.fixture
def dispute(client, tokens, mid) -> str:
    resp = client.post(f"/api/duels/{mid}/disputes", json={"at": 5, "claim": "Wrong range."},
                       headers=bearer(tokens["judge"]))
    assert resp.status_code == 201
    return resp.get_json()["id"]


# --- health and the document ------------------------------------------------------------------


def test_health(client):
    resp = client.get("/api/health")
    assert resp.status_code == 200
    assert resp.get_json() == {"status": "ok", "store": "memory", "duels": 0, "store_state": {
        "kind": "memory", "reachable": True, "writable": True}}


def test_health_counts_duels(client, tokens, live, done):
    assert client.get("/api/health").get_json()["duels"] == 2


def test_openapi_document_lists_every_endpoint(client):
    resp = client.get("/api/openapi.json")
    assert resp.status_code == 200
    doc = resp.get_json()
    paths = doc["paths"]
    for path, method in [
        ("/api/duels", "get"), ("/api/duels", "post"), ("/api/duels/{duel_id}", "get"),
        ("/api/duels/{duel_id}/prompt", "get"), ("/api/duels/{duel_id}/decisions", "post"),
        ("/api/duels/{duel_id}/events", "get"), ("/api/duels/{duel_id}/state", "get"),
        ("/api/duels/{duel_id}/record", "get"), ("/api/duels/{duel_id}/log", "get"),
        ("/api/duels/{duel_id}/annotations", "get"),
        ("/api/duels/{duel_id}/annotations", "post"),
        ("/api/duels/{duel_id}/disputes", "post"), ("/api/disputes/{dispute_id}", "get"),
        ("/api/disputes/{dispute_id}/comments", "post"),
        ("/api/disputes/{dispute_id}/resolution", "post"),
        ("/api/duels/{duel_id}/forks", "post"), ("/api/duels/{duel_id}/variations", "get"),
        ("/api/health", "get"),
        ("/api/fighters", "get"), ("/api/session", "get"),
    ]:
        assert method in paths.get(path, {}), f"{method.upper()} {path} is not documented"
    assert doc["components"]["securitySchemes"]["bearer"]["scheme"] == "bearer"
    decisions = paths["/api/duels/{duel_id}/decisions"]["post"]
    headers = {p["name"]: p for p in decisions["parameters"] if p["in"] == "header"}
    assert headers["If-Match"]["required"] is True
    assert "Idempotency-Key" in headers


def test_unknown_path_is_404_in_the_error_shape(client):
    error(client.get("/api/nothing-here"), 404)


def test_wrong_method_is_405_in_the_error_shape(client, live):
    error(client.delete(f"/api/duels/{live}"), 405)


# --- creating duels ---------------------------------------------------------------------------


def test_create_from_a_setup(client, tokens):
    resp = client.post("/api/duels", json={**setup_record(), **LABELS},
                       headers=bearer(tokens["scorekeeper"]))
    assert resp.status_code == 201
    body = resp.get_json()
    assert resp.headers["Location"] == f"/api/duels/{body['id']}"
    assert resp.headers["ETag"] == f'"{body["version"]}"'
    assert body["version"] == 1  # beat 1 began
    assert body["status"] == "in_progress" and body["winner"] is None
    assert (body["event"], body["round"], body["table"]) == ("Store Cup", "3", "12")
    assert body["labels"] == LABELS
    assert body["created_by"] == holder("scorekeeper")
    assert [p["fighter"] for p in body["players"]] == ["hikaru", "khadath"]
    assert all(p["life"] == 20 for p in body["players"])
    assert body["parent"] is None and body["fork_at"] is None


def test_create_imports_a_whole_record(client, tokens):
    record = played_record(5)
    duel = Duel.from_record(record)
    body = create(client, tokens["head_judge"], record)
    assert body["version"] == len(duel.events)
    assert body["status"] == "over"
    assert body["winner"] == duel.state.winner
    assert [p["life"] for p in body["players"]] == [p.life for p in duel.state.players]
    assert body["created_by"] == holder("head_judge")


def test_create_with_labels_object(client, tokens):
    body = create(client, tokens["scorekeeper"], {**setup_record(), "labels": {"event": "Open",
                                                                                "pod": "B"}})
    assert body["labels"] == {"event": "Open", "pod": "B"}
    assert body["event"] == "Open"


def test_create_refuses_malformed_json(client, tokens):
    with nothing_stored(client, tokens):
        resp = client.post("/api/duels", data='{"format": "battlecon-record/1", ',
                           headers={**bearer(tokens["scorekeeper"]),
                                    "Content-Type": "application/json"})
        error(resp, 400)


def test_create_refuses_a_wrong_format_tag(client, tokens):
    with nothing_stored(client, tokens):
        body = error(client.post("/api/duels", json={**setup_record(),
                                                     "format": "battlecon-record/9"},
                                 headers=bearer(tokens["scorekeeper"])), 422, "format")
        assert body["rule"] == "record.format"


def test_create_refuses_an_unknown_fighter(client, tokens):
    record = setup_record()
    record["players"][1]["fighter"] = "zorro"
    with nothing_stored(client, tokens):
        body = error(client.post("/api/duels", json=record,
                                 headers=bearer(tokens["scorekeeper"])), 422, "zorro")
        assert body["rule"]


def test_create_refuses_an_illegal_record_naming_the_decision(client, tokens):
    record = played_record(5)
    record["decisions"][3] = {"player": 0, "kind": "pass"}
    with pytest.raises(Exception) as engine:
        Duel.from_record(record)
    with nothing_stored(client, tokens):
        body = error(client.post("/api/duels", json=record,
                                 headers=bearer(tokens["scorekeeper"])), 422)
    assert body["index"] == 3 == engine.value.index
    assert body["rule"] == engine.value.rule
    assert "Decision 3" in body["detail"]


def test_create_refuses_a_decision_after_the_end(client, tokens):
    record = played_record(5)
    record["decisions"].append({"player": 0, "kind": "concede"})
    with nothing_stored(client, tokens):
        body = error(client.post("/api/duels", json=record,
                                 headers=bearer(tokens["scorekeeper"])), 422, "over")
    assert body["index"] == len(record["decisions"]) - 1


@pytest.mark.parametrize("change, field", [
    (lambda r: r.pop("players"), "players"),
    (lambda r: r.pop("format"), "format"),
    (lambda r: r.update(players="two"), "players"),
    (lambda r: r.update(players=r["players"][:1]), "players"),
    (lambda r: r.update(surprise=1), "surprise"),
    (lambda r: r.update(decisions=[1, 2]), "decisions"),
    (lambda r: r.update(first_to_ante=2), "first_to_ante"),
    (lambda r: r.update(event="x" * 101), "event"),
    (lambda r: r["players"][0].update(discard_1=["a"]), "players"),
    (lambda r: r["players"][0].pop("fighter"), "players"),
])
def test_create_refuses_invalid_fields(client, tokens, change, field):
    record = setup_record()
    change(record)
    with nothing_stored(client, tokens):
        body = error(client.post("/api/duels", json=record,
                                 headers=bearer(tokens["scorekeeper"])), 422)
    assert field in body["errors"], body


@pytest.mark.parametrize("payload", [[], "a record", 7, None])
def test_create_refuses_a_body_that_is_not_an_object(client, tokens, payload):
    with nothing_stored(client, tokens):
        resp = client.post("/api/duels", data=json.dumps(payload),
                           headers={**bearer(tokens["scorekeeper"]),
                                    "Content-Type": "application/json"})
        error(resp, 422)


def test_create_refuses_an_oversized_body(client, tokens):
    record = {**setup_record(), "event": "x" * (2 * 1024 * 1024 + 10)}
    with nothing_stored(client, tokens):
        error(client.post("/api/duels", json=record, headers=bearer(tokens["scorekeeper"])),
              413)


def test_create_refuses_an_empty_body(client, tokens):
    with nothing_stored(client, tokens):
        error(client.post("/api/duels", headers=bearer(tokens["scorekeeper"])), 422)


def test_create_with_a_non_json_content_type_is_415(client, tokens):
    with nothing_stored(client, tokens):
        resp = client.post("/api/duels", data=json.dumps(setup_record()),
                           headers={**bearer(tokens["scorekeeper"]),
                                    "Content-Type": "text/plain"})
        error(resp, 415)


# --- listing ----------------------------------------------------------------------------------


@pytest.fixture
def several(client, tokens) -> dict[str, str]:
    sk = tokens["scorekeeper"]
    a = setup_record("hikaru", "khadath")
    a["players"][0]["name"] = "Ana"
    b = setup_record("cadenza", "kallistar", seed=2)
    b["players"][1]["name"] = "Ben"
    return {
        "a": create(client, sk, a, event="Cup", round="1", table="1")["id"],
        "b": create(client, sk, b, event="Cup", round="1", table="2")["id"],
        "c": create(client, sk, played_record(5), event="Cup", round="2", table="1")["id"],
        "d": create(client, sk, played_record(6, "kallistar", "cadenza"), event="League")["id"],
    }


@pytest.mark.parametrize("query, expected", [
    ("", "abcd"),
    ("event=Cup", "abc"),
    ("event=Cup&round=1", "ab"),
    ("event=Cup&table=1", "ac"),
    ("event=Nowhere", ""),
    ("fighter=kallistar", "bd"),
    ("fighter=hikaru", "ac"),
    ("player=ana", "a"),
    ("player=BEN", "b"),
    ("status=over", "cd"),
    ("status=in_progress", "ab"),
    ("event=League&status=over", "d"),
])
def test_list_filters(client, several, query, expected):
    resp = client.get(f"/api/duels?{query}")
    assert resp.status_code == 200
    body = resp.get_json()
    assert [row["id"] for row in body["items"]] == [several[k] for k in expected]
    assert body["total"] == len(expected)


def test_list_pages(client, several):
    ids = [several[k] for k in "abcd"]
    pages = []
    for page in (1, 2, 3):
        body = client.get(f"/api/duels?page={page}&page_size=3").get_json()
        assert (body["page"], body["page_size"], body["total"]) == (page, 3, 4)
        pages.append([row["id"] for row in body["items"]])
    assert pages == [ids[:3], ids[3:], []]


@pytest.mark.parametrize("query, field", [
    ("status=finished", "status"), ("page=0", "page"), ("page_size=0", "page_size"),
    ("page_size=201", "page_size"), ("page=x", "page"),
])
def test_list_refuses_bad_query(client, query, field):
    body = error(client.get(f"/api/duels?{query}"), 422)
    assert field in body["errors"]


# --- summary and prompt -----------------------------------------------------------------------


def test_summary_has_the_version_as_etag(client, done):
    resp = client.get(f"/api/duels/{done}")
    assert resp.status_code == 200
    body = resp.get_json()
    duel = Duel.from_record(played_record(5))
    assert body["version"] == len(duel.events)
    assert resp.headers["ETag"] == f'"{body["version"]}"'
    assert body["status"] == "over" and body["winner"] == duel.state.winner
    assert body["beat"] == duel.state.beat


def test_etag_follows_every_decision(client, tokens, live):
    for _ in range(4):
        resp = client.get(f"/api/duels/{live}")
        version = int(resp.headers["ETag"].strip('"'))
        posted = decide(client, tokens["scorekeeper"], live, first_option(client, live),
                        resp.headers["ETag"])
        assert posted.status_code == 201
        assert posted.headers["ETag"] == f'"{posted.get_json()["version"]}"'
        assert posted.get_json()["version"] > version


@pytest.mark.parametrize("suffix", ["", "/prompt", "/events", "/state", "/index", "/record",
                                    "/log", "/annotations", "/disputes"])
def test_reads_of_an_unknown_duel_are_404(client, suffix):
    error(client.get(f"/api/duels/{UNKNOWN}{suffix}"), 404)


@pytest.mark.parametrize("suffix", ["", "/state", "/record"])
def test_a_malformed_duel_id_is_404(client, suffix):
    error(client.get(f"/api/duels/not-a-uuid{suffix}"), 404)


def test_prompt_shows_the_legal_options(client, live):
    resp = client.get(f"/api/duels/{live}/prompt")
    body = resp.get_json()
    assert resp.headers["ETag"] == '"1"'
    duel = Duel.new(setup_record())
    assert body == {"event": 1, "over": False,
                    "prompt": json.loads(json.dumps(duel.prompt))}
    assert body["prompt"]["kind"] == "attack_pair"
    assert body["prompt"]["options"]


def test_prompt_of_a_finished_duel_is_empty(client, done):
    body = client.get(f"/api/duels/{done}/prompt").get_json()
    assert body["over"] is True and body["prompt"] is None


# --- decisions --------------------------------------------------------------------------------


def test_record_a_decision(client, tokens, store, live):
    option = first_option(client, live)
    resp = decide(client, tokens["scorekeeper"], live, option, 1)
    assert resp.status_code == 201
    body = resp.get_json()
    duel = Duel.new(setup_record())
    facts = duel.decide(option)
    assert body["id"] == live and body["replayed"] is False
    assert body["version"] == 2 + len(facts)
    assert body["events"][0]["event"] == 2
    assert body["events"][0]["type"] == "Decision"
    assert body["events"][0]["data"] == option
    assert [e["type"] for e in body["events"][1:]] == [f.to_json()["type"] for f in facts]
    assert resp.headers["ETag"] == f'"{body["version"]}"'
    assert version_of(client, live) == body["version"]
    assert stored_decision_actors(store, live) == [holder("scorekeeper")]


def test_head_judge_records_decisions(client, tokens, store, live):
    resp = decide(client, tokens["head_judge"], live, first_option(client, live), 1)
    assert resp.status_code == 201
    assert stored_decision_actors(store, live) == [holder("head_judge")]


@pytest.mark.parametrize("if_match", ["1", '"1"', 'W/"1"'])
def test_if_match_forms(client, tokens, live, if_match):
    resp = decide(client, tokens["scorekeeper"], live, first_option(client, live), if_match)
    assert resp.status_code == 201


def test_decision_without_if_match_is_428(client, tokens, live):
    with nothing_stored(client, tokens):
        error(decide(client, tokens["scorekeeper"], live, first_option(client, live)), 428,
              "If-Match")


def test_decision_with_a_malformed_if_match_is_400(client, tokens, live):
    with nothing_stored(client, tokens):
        error(decide(client, tokens["scorekeeper"], live, first_option(client, live), "latest"),
              400, "If-Match")


def test_stale_if_match_is_409(client, tokens, live):
    option = first_option(client, live)
    assert decide(client, tokens["scorekeeper"], live, option, 1).status_code == 201
    current = version_of(client, live)
    with nothing_stored(client, tokens):
        resp = decide(client, tokens["scorekeeper"], live, first_option(client, live), 1)
        body = error(resp, 409)
    assert body["current_version"] == current
    assert resp.headers["ETag"] == f'"{current}"'


def test_two_scorekeepers_on_one_version(client, tokens, live):
    """Both saw version 1 and send a legal decision: one wins, the other gets 409."""
    options = prompt(client, live)["prompt"]["options"]
    p0 = next(o for o in options if o["player"] == 0)
    p1 = next(o for o in options if o["player"] == 1)
    first = decide(client, tokens["scorekeeper"], live, p0, 1)
    second = decide(client, tokens["head_judge"], live, p1, 1)
    assert first.status_code == 201
    error(second, 409)


def test_a_decision_for_the_wrong_player_is_422_with_reason_and_rule(client, tokens, mid):
    state = client.get(f"/api/duels/{mid}/state").get_json()
    waiting = set(state["prompt"]["players"])
    version = state["event"]
    if waiting == {0, 1}:
        pytest.skip("both players are deciding at this point")
    other = 1 - next(iter(waiting))
    option = dict(state["prompt"]["options"][0], player=other)
    with nothing_stored(client, tokens):
        body = error(decide(client, tokens["scorekeeper"], mid, option, version), 422,
                     "waiting for")
    assert body["rule"] == state["prompt"]["rule"]


def test_an_illegal_option_is_422_with_reason_and_rule(client, tokens, live):
    with nothing_stored(client, tokens):
        body = error(decide(client, tokens["scorekeeper"], live,
                            {"player": 0, "kind": "attack_pair", "style": "nope",
                             "base": "nada"}, 1), 422, "not a legal attack_pair")
    assert body["rule"]


def test_the_wrong_kind_of_decision_is_422(client, tokens, live):
    with nothing_stored(client, tokens):
        body = error(decide(client, tokens["scorekeeper"], live, {"player": 0, "kind": "pass"},
                            1), 422, "attack_pair")
    assert body["rule"]


def test_a_decision_after_the_end_is_422(client, tokens, done):
    version = version_of(client, done)
    with nothing_stored(client, tokens):
        body = error(decide(client, tokens["scorekeeper"], done,
                            {"player": 0, "kind": "concede"}, version), 422, "over")
    assert body["rule"] == "R20.1"


def test_a_concession_ends_the_duel(client, tokens, live):
    resp = decide(client, tokens["scorekeeper"], live, {"player": 1, "kind": "concede"}, 1)
    assert resp.status_code == 201
    summary = client.get(f"/api/duels/{live}").get_json()
    assert summary["status"] == "over" and summary["winner"] == 0


@pytest.mark.parametrize("decision, field", [
    ({"player": 0, "kind": "fly"}, "kind"),
    ({"player": 2, "kind": "pass"}, "player"),
    ({"player": "zero", "kind": "pass"}, "player"),
    ({"player": True, "kind": "pass"}, "player"),
    ({"kind": "pass"}, "player"),
    ({"player": 0}, "kind"),
    ({"player": 0, "kind": "pass", "extra": 1}, "extra"),
    ({"player": 0, "kind": "move", "to": "six"}, "to"),
])
def test_a_malformed_decision_is_422_with_field_errors(client, tokens, live, decision, field):
    with nothing_stored(client, tokens):
        body = error(decide(client, tokens["scorekeeper"], live, decision, 1), 422)
    assert field in body["errors"], body


def test_a_decision_with_malformed_json_is_400(client, tokens, live):
    with nothing_stored(client, tokens):
        resp = client.post(f"/api/duels/{live}/decisions", data="{player: 0",
                           headers={**bearer(tokens["scorekeeper"]), "If-Match": "1",
                                    "Content-Type": "application/json"})
        error(resp, 400)


def test_an_oversized_decision_is_413(client, tokens, live):
    with nothing_stored(client, tokens):
        resp = decide(client, tokens["scorekeeper"], live,
                      {"player": 0, "kind": "pick", "option": "x" * (2 * 1024 * 1024 + 1)}, 1)
        error(resp, 413)


def test_a_decision_for_an_unknown_duel_is_404(client, tokens):
    with nothing_stored(client, tokens):
        error(decide(client, tokens["scorekeeper"], UNKNOWN, {"player": 0, "kind": "concede"},
                     1), 404)


# --- idempotency ------------------------------------------------------------------------------


def test_a_retry_with_the_same_key_is_replayed(client, tokens, live):
    client.check_schema = False  # the 200 of a replay is not in the document: see below
    option = first_option(client, live)
    first = decide(client, tokens["scorekeeper"], live, option, 1, key="tablet-7:0001")
    assert first.status_code == 201
    version = first.get_json()["version"]
    with nothing_stored(client, tokens):
        again = decide(client, tokens["scorekeeper"], live, option, 1, key="tablet-7:0001")
    assert again.status_code == 200
    body = again.get_json()
    assert body["replayed"] is True
    assert body["version"] == version
    assert body["events"] == first.get_json()["events"]
    assert version_of(client, live) == version


def test_a_replay_after_more_decisions_still_answers_the_first(client, tokens, live):
    client.check_schema = False
    option = first_option(client, live)
    first = decide(client, tokens["scorekeeper"], live, option, 1, key="k1")
    nxt = decide(client, tokens["scorekeeper"], live, first_option(client, live),
                 first.get_json()["version"], key="k2")
    assert nxt.status_code == 201
    with nothing_stored(client, tokens):
        again = decide(client, tokens["scorekeeper"], live, option, 1, key="k1")
    assert again.status_code == 200
    assert again.get_json()["events"] == first.get_json()["events"]
    assert again.get_json()["version"] == nxt.get_json()["version"]


def test_the_replayed_200_is_documented(client, tokens, live):
    option = first_option(client, live)
    assert decide(client, tokens["scorekeeper"], live, option, 1, key="k").status_code == 201
    decide(client, tokens["scorekeeper"], live, option, 1, key="k")  # checked by the client


def test_the_same_key_with_another_decision_is_422(client, tokens, live):
    options = prompt(client, live)["prompt"]["options"]
    a, b = options[0], next(o for o in options if o != options[0] and
                            o["player"] == options[0]["player"])
    first = decide(client, tokens["scorekeeper"], live, a, 1, key="k")
    assert first.status_code == 201
    with nothing_stored(client, tokens):
        error(decide(client, tokens["scorekeeper"], live, b, first.get_json()["version"],
                     key="k"), 422, "k")


def test_an_overlong_idempotency_key_is_400(client, tokens, live):
    with nothing_stored(client, tokens):
        error(decide(client, tokens["scorekeeper"], live, first_option(client, live), 1,
                     key="k" * 201), 400, "Idempotency-Key")


# --- events -----------------------------------------------------------------------------------


def test_events_page_through_the_whole_duel(client, done):
    duel = Duel.from_record(played_record(5))
    rows, after = [], 0
    while True:
        resp = client.get(f"/api/duels/{done}/events?after={after}&limit=100")
        assert resp.status_code == 200
        body = resp.get_json()
        assert body["total"] == len(duel.events)
        if not body["events"]:
            break
        rows += body["events"]
        after = body["events"][-1]["event"]
    assert [r["event"] for r in rows] == list(range(1, len(duel.events) + 1))
    for row, (kind, e) in zip(rows, duel.events, strict=True):
        if kind == "decision":
            assert row["type"] == "Decision" and row["data"] == e
        else:
            fact = e.to_json()
            assert row["type"] == fact.pop("type")
            assert row["rule"] == fact.pop("rule")
            assert row["text"] == fact.pop("text")
            assert row["data"] == json.loads(json.dumps(fact))
        assert isinstance(row["text"], str) and row["text"]


def test_a_decision_row_says_the_question_before_the_answer(client, done):
    """The events API tells a decision as the narrative does: what the prompt it answered
    asked, then the answer (a face-down choice needs no question)."""
    from judge.battlecon.narrative import describe_answer, describe_decision

    duel = Duel.from_record(played_record(5))
    rows = client.get(f"/api/duels/{done}/events?after=0&limit=1000").get_json()["events"]
    asked = 0
    for row, (kind, e) in zip(rows, duel.events, strict=True):
        if kind != "decision":
            continue
        prompt = duel.prompt_at(row["event"] - 1)
        assert row["text"] == describe_answer(duel.setup, e, prompt)
        if e["kind"] not in ("attack_pair", "clash_base"):
            answer = describe_decision(duel.setup, e, prompt.get("figure"))
            assert row["text"].endswith(answer) and len(row["text"]) > len(answer)
            asked += 1
    assert asked  # some decisions answered an open question


def test_a_recorded_decision_is_answered_with_the_rows_the_event_list_gives(client, tokens,
                                                                            mid):
    """The rows a POST answers with read as the event list reads them afterwards: the
    decision says the question it answered before the answer, with any teaching question."""
    from judge.battlecon.narrative import describe_decision

    setup = Duel.from_record(partial_record(30)).setup
    version = version_of(client, mid)
    answered = 0
    for _ in range(12):
        option = first_option(client, mid)
        resp = decide(client, tokens["scorekeeper"], mid, option, version)
        assert resp.status_code == 201, resp.get_json()
        body = resp.get_json()
        listed = client.get(f"/api/duels/{mid}/events?after={version}&limit=1000",
                            headers=bearer(tokens["scorekeeper"])).get_json()["events"]
        assert body["events"] == listed
        decision = body["events"][0]
        if option["kind"] not in ("attack_pair", "clash_base"):
            assert decision["text"] != describe_decision(setup, option)
            answered += 1
        version = body["version"]
        if body["events"][-1]["type"] == "DuelEnded":
            break
    assert answered  # some decisions answered an open question


def test_events_after_and_limit(client, done):
    total = version_of(client, done)
    body = client.get(f"/api/duels/{done}/events?after=10&limit=5").get_json()
    assert [r["event"] for r in body["events"]] == [11, 12, 13, 14, 15]
    body = client.get(f"/api/duels/{done}/events?after={total - 2}&limit=50").get_json()
    assert [r["event"] for r in body["events"]] == [total - 1, total]
    assert client.get(f"/api/duels/{done}/events?after={total}").get_json()["events"] == []
    assert client.get(f"/api/duels/{done}/events?after={total + 50}").get_json()["events"] == []
    default = client.get(f"/api/duels/{done}/events").get_json()["events"]
    assert [r["event"] for r in default] == list(range(1, min(total, 200) + 1))


@pytest.mark.parametrize("query, field", [("after=-1", "after"), ("limit=0", "limit"),
                                          ("limit=1001", "limit"), ("after=x", "after")])
def test_events_refuse_bad_paging(client, done, query, field):
    body = error(client.get(f"/api/duels/{done}/events?{query}"), 422)
    assert field in body["errors"]


# --- state ------------------------------------------------------------------------------------


def test_state_at_every_event_is_the_engines(client, done):
    duel = Duel.from_record(played_record(5))
    for n in range(len(duel.events) + 1):
        resp = client.get(f"/api/duels/{done}/state?at={n}")
        assert resp.status_code == 200
        diff = first_difference(resp.get_json(), engine_state(duel, n))
        assert diff is None, f"at={n}: {diff}"


def test_state_now_is_the_engines(client, tokens, done, mid):
    duel = Duel.from_record(played_record(5))
    assert client.get(f"/api/duels/{done}/state").get_json() == engine_state(duel)
    assert engine_state(duel)["over"] is True
    partial = Duel.from_record(partial_record(30))
    now = client.get(f"/api/duels/{mid}/state").get_json()
    assert first_difference(now, engine_state(partial)) is None
    assert now["prompt"] is not None


def step_starts(duel: Duel) -> dict[tuple[int, str], int]:
    """The first event that begins (beat, step), found without the projector."""
    s: DuelState = Duel.restore(duel.setup).state
    found: dict[tuple[int, str], int] = {}
    for n, (kind, e) in enumerate(duel.events, 1):
        if kind != "fact":
            continue
        e.run(s)
        if isinstance(e, BeatBegan):
            found.setdefault((e.beat, "select"), n)
        elif isinstance(e, StepBegan):
            found.setdefault((s.beat, e.step), n)
    return found


def test_state_at_beat_and_step_is_the_engines(client, done):
    duel = Duel.from_record(played_record(5))
    starts = step_starts(duel)
    assert len(starts) > 10
    for (beat, step), n in starts.items():
        resp = client.get(f"/api/duels/{done}/state?beat={beat}&step={step}")
        assert resp.status_code == 200, (beat, step, resp.get_json())
        diff = first_difference(resp.get_json(), engine_state(duel, n))
        assert diff is None, f"beat={beat} step={step} (event {n}): {diff}"


def test_state_at_a_beat_defaults_to_its_select_step(client, done):
    duel = Duel.from_record(played_record(5))
    n = step_starts(duel)[(2, "select")]
    assert client.get(f"/api/duels/{done}/state?beat=2").get_json()["event"] == n


def test_index_lists_the_step_starts(client, done):
    duel = Duel.from_record(played_record(5))
    index = client.get(f"/api/duels/{done}/index").get_json()
    firsts: dict[tuple[int, str], int] = {}
    for entry in index:
        firsts.setdefault((entry["beat"], entry["step"]), entry["event"])
    assert firsts == step_starts(duel)
    assert [e["event"] for e in index] == sorted(e["event"] for e in index)


def test_state_beyond_the_last_event_is_404(client, live):
    error(client.get(f"/api/duels/{live}/state?at=2"), 404, "Event 2")


def test_state_at_a_step_not_reached_is_404(client, live):
    error(client.get(f"/api/duels/{live}/state?beat=2&step=reveal"), 404)


@pytest.mark.parametrize("query, field", [
    ("at=-1", "at"), ("at=x", "at"), ("beat=0", "beat"), ("beat=16", "beat"),
    ("beat=1&step=dance", "step"),
])
def test_state_refuses_bad_query(client, live, query, field):
    body = error(client.get(f"/api/duels/{live}/state?{query}"), 422)
    assert field in body["errors"]


# --- exports ----------------------------------------------------------------------------------


def test_record_export_is_the_record(client, done):
    resp = client.get(f"/api/duels/{done}/record")
    assert resp.status_code == 200
    assert resp.headers["ETag"] == f'"{version_of(client, done)}"'
    expected = {**Duel.from_record(played_record(5)).to_record(), "labels": LABELS}
    assert resp.get_json() == json.loads(json.dumps(expected))


@pytest.mark.parametrize("which", ["done", "mid"])
def test_record_export_reimports_to_the_same_state(client, tokens, request, which):
    duel_id = request.getfixturevalue(which)
    record = client.get(f"/api/duels/{duel_id}/record").get_json()
    if which == "done":  # the whole duel: stored here already, so a copy must be asked for
        resp = client.post("/api/duels", json=record, headers=bearer(tokens["scorekeeper"]))
        assert resp.status_code == 409 and resp.get_json()["duel"] == duel_id
    resp = client.post("/api/duels?copy=true", json=record,
                       headers=bearer(tokens["scorekeeper"]))
    assert resp.status_code == 201, resp.get_json()
    again = resp.get_json()
    assert again["id"] != duel_id
    assert again["version"] == version_of(client, duel_id)
    assert again["labels"] == LABELS
    assert (client.get(f"/api/duels/{again['id']}/state").get_json()
            == client.get(f"/api/duels/{duel_id}/state").get_json())


def test_log_export_verifies(client, done):
    resp = client.get(f"/api/duels/{done}/log")
    assert resp.status_code == 200
    body = resp.get_json()
    assert body["header"]["format"] == "battlecon-log/2"
    assert body["header"]["duel"] == done
    lines = [json.dumps(body["header"])] + [json.dumps(e) for e in body["events"]]
    result = verify_log(lines)
    assert result["events"] == version_of(client, done) == len(body["events"])
    assert result["duel"] == done


def test_a_tampered_log_export_does_not_verify(client, done):
    from events.errors import IntegrityCheckError

    body = client.get(f"/api/duels/{done}/log").get_json()
    body["events"][9]["payload"]["text"] = "Something else happened."
    lines = [json.dumps(body["header"])] + [json.dumps(e) for e in body["events"]]
    with pytest.raises(IntegrityCheckError) as err:
        verify_log(lines)
    assert err.value.event == 10


# --- annotations ------------------------------------------------------------------------------


def test_annotate_and_list(client, tokens, done):
    resp = client.post(f"/api/duels/{done}/annotations",
                       json={"at": 12, "text": "Nice dodge.", "tags": ["teaching"]},
                       headers=bearer(tokens["judge"]))
    assert resp.status_code == 201
    note = resp.get_json()
    assert (note["at"], note["text"], note["tags"]) == (12, "Nice dodge.", ["teaching"])
    assert note["author"] == holder("judge")
    client.post(f"/api/duels/{done}/annotations", json={"at": 0, "text": "Setup looks fine."},
                headers=bearer(tokens["head_judge"]))
    notes = client.get(f"/api/duels/{done}/annotations").get_json()["annotations"]
    assert [(n["at"], n["author"], n["tags"]) for n in notes] == [
        (12, holder("judge"), ["teaching"]), (0, holder("head_judge"), [])]
    assert version_of(client, done) == len(Duel.from_record(played_record(5)).events), (
        "an annotation must not move the duel's version")


@pytest.mark.parametrize("body, field", [
    ({"text": "x"}, "at"), ({"at": 1}, "text"), ({"at": 1, "text": ""}, "text"),
    ({"at": -1, "text": "x"}, "at"), ({"at": 1, "text": "x", "tags": "t"}, "tags"),
    ({"at": 1, "text": "x", "mood": "happy"}, "mood"),
])
def test_annotation_refuses_invalid_fields(client, tokens, done, body, field):
    with nothing_stored(client, tokens):
        err = error(client.post(f"/api/duels/{done}/annotations", json=body,
                                headers=bearer(tokens["judge"])), 422)
    assert field in err["errors"]


def test_annotation_beyond_the_last_event_is_422(client, tokens, live):
    with nothing_stored(client, tokens):
        error(client.post(f"/api/duels/{live}/annotations", json={"at": 99, "text": "x"},
                          headers=bearer(tokens["judge"])), 422, "99")


def test_annotation_on_an_unknown_duel_is_404(client, tokens):
    error(client.post(f"/api/duels/{UNKNOWN}/annotations", json={"at": 0, "text": "x"},
                      headers=bearer(tokens["judge"])), 404)


# --- disputes ---------------------------------------------------------------------------------


def test_dispute_open_comment_and_uphold(client, tokens, mid):
    resp = client.post(f"/api/duels/{mid}/disputes",
                       json={"at": 7, "claim": "The attack was out of range."},
                       headers=bearer(tokens["judge"]))
    assert resp.status_code == 201
    d = resp.get_json()
    assert resp.headers["Location"] == f"/api/disputes/{d['id']}"
    assert (d["duel_id"], d["at"], d["status"]) == (mid, 7, "open")
    assert d["author"] == holder("judge") and d["comments"] == [] and d["resolution"] is None

    resp = client.post(f"/api/disputes/{d['id']}/comments", json={"text": "Range was 2."},
                       headers=bearer(tokens["judge"]))
    assert resp.status_code == 201
    resp = client.post(f"/api/disputes/{d['id']}/comments", json={"text": "Agreed."},
                       headers=bearer(tokens["head_judge"]))
    assert [(c["author"], c["text"]) for c in resp.get_json()["comments"]] == [
        (holder("judge"), "Range was 2."), (holder("head_judge"), "Agreed.")]

    version = version_of(client, mid)
    resp = client.post(f"/api/disputes/{d['id']}/resolution",
                       json={"outcome": "upheld", "ruling": "The ruling stands.",
                             "rule": "R12.2"}, headers=bearer(tokens["head_judge"]))
    assert resp.status_code == 201
    resolved = resp.get_json()
    assert resolved["status"] == "upheld"
    res = resolved["resolution"]
    assert (res["outcome"], res["ruling"], res["rule"]) == ("upheld", "The ruling stands.",
                                                           "R12.2")
    assert res["author"] == holder("head_judge") and res["correction_event"] is None
    assert version_of(client, mid) == version, "upholding must not change the duel"

    assert client.get(f"/api/disputes/{d['id']}").get_json() == resolved
    listed = client.get(f"/api/duels/{mid}/disputes").get_json()["disputes"]
    assert listed == [resolved]


def test_overturn_applies_the_correction(client, tokens, store, dispute, mid):
    before = client.get(f"/api/duels/{mid}/state").get_json()
    version = before["event"]
    resp = client.post(f"/api/disputes/{dispute}/resolution",
                       json={"outcome": "overturned", "ruling": "Khadath was out of range.",
                             "rule": "R12.2", "correction": {"players": {"1": {"life": 15}}}},
                       headers=bearer(tokens["head_judge"]))
    assert resp.status_code == 201
    d = resp.get_json()
    assert d["status"] == "overturned"
    assert d["resolution"]["correction"] == {"players": {"1": {"life": 15}}}
    assert d["resolution"]["correction_event"] == version + 1

    after = client.get(f"/api/duels/{mid}/state").get_json()
    assert after["players"][1]["life"] == 15
    assert after["players"][0] == before["players"][0]
    assert after["event"] > version
    summary = client.get(f"/api/duels/{mid}").get_json()
    assert summary["version"] == after["event"]
    assert summary["players"][1]["life"] == 15

    rows = client.get(f"/api/duels/{mid}/events?after={version}").get_json()["events"]
    assert rows[0]["event"] == version + 1 and rows[0]["type"] == "Decision"
    assert rows[0]["data"]["kind"] == "correction"
    assert rows[0]["data"]["dispute"] == dispute
    # The older request shape is recorded in the one correction shape, before and after.
    assert rows[0]["data"]["changes"] == [{"field": "players.1.life",
                                           "before": before["players"][1]["life"],
                                           "after": 15}]
    assert rows[0]["data"]["by"] == {"name": holder("head_judge"), "role": "head_judge"}
    assert rows[0]["data"]["rule"] == "R12.2"
    assert any(r["type"] == "CorrectionMade" for r in rows[1:])
    assert stored_decision_actors(store, mid)[-1] == holder("head_judge")

    record = client.get(f"/api/duels/{mid}/record").get_json()
    assert record["decisions"][-1]["kind"] == "correction"
    replayed = Duel.from_record(record)
    assert after == engine_state(replayed)

    # the duel goes on from the corrected position
    nxt = decide(client, tokens["scorekeeper"], mid, first_option(client, mid), after["event"])
    assert nxt.status_code == 201


@pytest.mark.parametrize("body, field", [
    ({"outcome": "maybe", "ruling": "x", "rule": "R1"}, "outcome"),
    ({"outcome": "upheld", "rule": "R1"}, "ruling"),
    ({"outcome": "upheld", "ruling": "x"}, "rule"),
    ({"outcome": "overturned", "ruling": "x", "rule": "R1",
      "correction": {"players": {"2": {"life": 3}}}}, "correction"),
    ({"outcome": "overturned", "ruling": "x", "rule": "R1", "correction": {"life": 3}},
     "correction"),
])
def test_resolution_refuses_invalid_fields(client, tokens, dispute, body, field):
    with nothing_stored(client, tokens):
        err = error(client.post(f"/api/disputes/{dispute}/resolution", json=body,
                                headers=bearer(tokens["head_judge"])), 422)
    assert field in err["errors"]
    assert client.get(f"/api/disputes/{dispute}").get_json()["status"] == "open"


@pytest.mark.parametrize("correction", [
    None, {"players": {"1": {"life": 25}}}, {"players": {"1": {"mood": "calm"}}},
    {"players": {"0": {"space": 0}}}, {"players": {"1": {"life": "ten"}}},
])
def test_an_unusable_overturn_is_422_and_changes_nothing(client, tokens, dispute, correction):
    body = {"outcome": "overturned", "ruling": "x", "rule": "R1"}
    if correction is not None:
        body["correction"] = correction
    with nothing_stored(client, tokens):
        error(client.post(f"/api/disputes/{dispute}/resolution", json=body,
                          headers=bearer(tokens["head_judge"])), 422)
    assert client.get(f"/api/disputes/{dispute}").get_json()["status"] == "open"


@pytest.mark.parametrize("markers", [{"bogus": 3}, {"x:bogus": 3}])
def test_a_correction_with_malformed_marker_keys_is_422(client, tokens, dispute, markers):
    body = {"outcome": "overturned", "ruling": "x", "rule": "R1",
            "correction": {"players": {"0": {"life": 5}}, "markers": markers}}
    with nothing_stored(client, tokens):
        error(client.post(f"/api/disputes/{dispute}/resolution", json=body,
                          headers=bearer(tokens["head_judge"])), 422)


@pytest.mark.parametrize("changes", [{"hand": ["bogus-card"]}, {"discard_1": ["a", "b", "c"]}])
def test_a_correction_with_unknown_cards_is_422(client, tokens, dispute, changes):
    body = {"outcome": "overturned", "ruling": "x", "rule": "R1",
            "correction": {"players": {"0": changes}}}
    with nothing_stored(client, tokens):
        error(client.post(f"/api/disputes/{dispute}/resolution", json=body,
                          headers=bearer(tokens["head_judge"])), 422)


def test_a_correction_with_non_string_tokens_is_422(client, tokens, dispute):
    body = {"outcome": "overturned", "ruling": "x", "rule": "R1",
            "correction": {"players": {"0": {"token_pool": ["x", 3]}}}}
    with nothing_stored(client, tokens):
        error(client.post(f"/api/disputes/{dispute}/resolution", json=body,
                          headers=bearer(tokens["head_judge"])), 422)


@pytest.mark.parametrize("correction", [
    {"kind": "correction", "players": {}, "markers": {"q": 1}},
    {"kind": "correction", "players": {"0": {"token_pool": ["x", 3]}}},
])
def test_an_imported_record_with_an_unusable_correction_is_422(client, tokens, correction):
    record = {**setup_record(), "decisions": [correction]}
    with nothing_stored(client, tokens):  # only a head judge may import corrections at all
        body = error(client.post("/api/duels", json=record,
                                 headers=bearer(tokens["head_judge"])), 422)
    assert body["index"] == 0


def test_a_resolved_dispute_takes_no_more_comments_or_resolutions(client, tokens, dispute):
    resp = client.post(f"/api/disputes/{dispute}/resolution",
                       json={"outcome": "upheld", "ruling": "Stands.", "rule": "R1"},
                       headers=bearer(tokens["head_judge"]))
    assert resp.status_code == 201
    with nothing_stored(client, tokens):
        error(client.post(f"/api/disputes/{dispute}/comments", json={"text": "But..."},
                          headers=bearer(tokens["judge"])), 422, "resolved")
        error(client.post(f"/api/disputes/{dispute}/resolution",
                          json={"outcome": "overturned", "ruling": "No.", "rule": "R1",
                                "correction": {"players": {"0": {"life": 3}}}},
                          headers=bearer(tokens["head_judge"])), 422, "resolved")


@pytest.mark.parametrize("body, status", [
    ({"at": 0, "claim": "x"}, 422), ({"at": 10_000, "claim": "x"}, 422),
    ({"at": 3}, 422), ({"at": 3, "claim": ""}, 422), ({"claim": "x"}, 422),
])
def test_dispute_refuses_bad_bodies(client, tokens, mid, body, status):
    with nothing_stored(client, tokens):
        error(client.post(f"/api/duels/{mid}/disputes", json=body,
                          headers=bearer(tokens["judge"])), status)


def test_unknown_disputes_are_404(client, tokens):
    error(client.get(f"/api/disputes/{UNKNOWN}"), 404)
    error(client.post(f"/api/disputes/{UNKNOWN}/comments", json={"text": "x"},
                      headers=bearer(tokens["judge"])), 404)
    error(client.post(f"/api/disputes/{UNKNOWN}/resolution",
                      json={"outcome": "upheld", "ruling": "x", "rule": "R1"},
                      headers=bearer(tokens["head_judge"])), 404)
    error(client.post(f"/api/duels/{UNKNOWN}/disputes", json={"at": 1, "claim": "x"},
                      headers=bearer(tokens["judge"])), 404)


def test_a_duel_id_is_not_a_dispute_id(client, mid):
    error(client.get(f"/api/disputes/{mid}"), 404)


def test_a_comment_needs_text(client, tokens, dispute):
    with nothing_stored(client, tokens):
        err = error(client.post(f"/api/disputes/{dispute}/comments", json={},
                                headers=bearer(tokens["judge"])), 422)
    assert "text" in err["errors"]


# --- forks ------------------------------------------------------------------------------------


def decision_points(duel: Duel) -> list[int]:
    """Event numbers after which the duel waits for a decision (the next event is one)."""
    return [n for n in range(len(duel.events)) if duel.events[n][0] == "decision"]


def test_fork(client, tokens, done):
    at = next(n for n in decision_points(Duel.from_record(played_record(5))) if n >= 40)
    resp = client.post(f"/api/duels/{done}/forks", json={"at": at},
                       headers=bearer(tokens["judge"]))
    assert resp.status_code == 201
    child = resp.get_json()
    assert resp.headers["Location"] == f"/api/duels/{child['id']}"
    assert (child["parent"], child["fork_at"], child["version"]) == (done, at, at)
    assert child["created_by"] == holder("judge")
    assert child["labels"] == LABELS
    assert (client.get(f"/api/duels/{child['id']}/state").get_json()
            == client.get(f"/api/duels/{done}/state?at={at}").get_json())
    # the fork goes on by itself; the original does not move
    original = version_of(client, done)
    resp = decide(client, tokens["scorekeeper"], child["id"], first_option(client, child["id"]),
                  at)
    assert resp.status_code == 201
    assert version_of(client, done) == original
    assert version_of(client, child["id"]) == resp.get_json()["version"]


def test_a_fork_mid_resolution_is_refused_or_usable(client, tokens, done):
    duel = Duel.from_record(played_record(5))
    at = next(n for n in range(40, len(duel.events)) if duel.events[n][0] == "fact")
    before = everything(client, tokens["head_judge"])
    resp = client.post(f"/api/duels/{done}/forks", json={"at": at},
                       headers=bearer(tokens["judge"]))
    if resp.status_code == 422:
        assert everything(client, tokens["head_judge"]) == before
        return
    assert resp.status_code == 201
    child = resp.get_json()["id"]
    assert client.get(f"/api/duels/{child}/prompt").status_code == 200
    state = client.get(f"/api/duels/{child}/state")
    assert state.status_code == 200
    again = create(client, tokens["scorekeeper"], client.get(f"/api/duels/{child}/record")
                   .get_json())
    assert again["version"] == state.get_json()["event"]


def test_fork_after_beat_1_began(client, tokens, done):
    resp = client.post(f"/api/duels/{done}/forks", json={"at": 1},
                       headers=bearer(tokens["head_judge"]))
    assert resp.status_code == 201
    child = resp.get_json()["id"]
    assert resp.get_json()["version"] == 1
    assert (client.get(f"/api/duels/{child}/state").get_json()
            == client.get(f"/api/duels/{done}/state?at=1").get_json())
    assert client.get(f"/api/duels/{child}/prompt").get_json()["prompt"]["kind"] == "attack_pair"


def test_fork_at_0_is_refused(client, tokens, done):
    """Event 0 is before beat 1 began: the engine is not waiting for a decision there."""
    with nothing_stored(client, tokens):
        error(client.post(f"/api/duels/{done}/forks", json={"at": 0},
                          headers=bearer(tokens["head_judge"])), 422)


def test_fork_beyond_the_end_is_422(client, tokens, live):
    with nothing_stored(client, tokens):
        error(client.post(f"/api/duels/{live}/forks", json={"at": 5},
                          headers=bearer(tokens["judge"])), 422)


@pytest.mark.parametrize("body", [{}, {"at": -1}, {"at": "one"}, {"at": 1, "why": "x"}])
def test_fork_refuses_invalid_fields(client, tokens, live, body):
    with nothing_stored(client, tokens):
        error(client.post(f"/api/duels/{live}/forks", json=body,
                          headers=bearer(tokens["judge"])), 422)


def test_fork_of_an_unknown_duel_is_404(client, tokens):
    error(client.post(f"/api/duels/{UNKNOWN}/forks", json={"at": 0},
                      headers=bearer(tokens["judge"])), 404)


# --- roles ------------------------------------------------------------------------------------


def _write(client, headers, action: str, ctx: dict):
    live, mid, dispute = ctx["live"], ctx["mid"], ctx["dispute"]
    if action == "create":
        return client.post("/api/duels", json=setup_record(), headers=headers)
    if action == "decide":
        return client.post(f"/api/duels/{live}/decisions", json=ctx["option"],
                           headers={**headers, "If-Match": "1"})
    if action == "annotate":
        return client.post(f"/api/duels/{mid}/annotations", json={"at": 3, "text": "Hm."},
                           headers=headers)
    if action == "open_dispute":
        return client.post(f"/api/duels/{mid}/disputes", json={"at": 3, "claim": "No."},
                           headers=headers)
    if action == "comment":
        return client.post(f"/api/disputes/{dispute}/comments", json={"text": "Yes."},
                           headers=headers)
    if action == "resolve_upheld":
        return client.post(f"/api/disputes/{dispute}/resolution",
                           json={"outcome": "upheld", "ruling": "Stands.", "rule": "R1"},
                           headers=headers)
    if action == "resolve_overturned":
        return client.post(f"/api/disputes/{dispute}/resolution",
                           json={"outcome": "overturned", "ruling": "Fix.", "rule": "R1",
                                 "correction": {"players": {"1": {"life": 15}}}},
                           headers=headers)
    if action == "fork":
        return client.post(f"/api/duels/{mid}/forks", json={"at": ctx["fork_at"]},
                           headers=headers)
    raise AssertionError(action)


ALLOWED = {
    "create": {"scorekeeper", "head_judge"},
    "decide": {"scorekeeper", "head_judge"},
    "annotate": {"judge", "head_judge"},
    "open_dispute": {"judge", "head_judge"},
    "comment": {"judge", "head_judge"},
    "resolve_upheld": {"head_judge"},
    "resolve_overturned": {"head_judge"},
    "fork": {"judge", "head_judge"},
}
WHO = ["anonymous", "invalid", "basic", *ROLES]


@pytest.mark.parametrize("who", WHO)
@pytest.mark.parametrize("action", list(ALLOWED))
def test_write_permissions(client, tokens, store, live, mid, dispute, action, who):
    ctx = {"live": live, "mid": mid, "dispute": dispute, "option": first_option(client, live),
           "fork_at": decision_points(Duel.from_record(partial_record(30)))[3]}
    headers = {"anonymous": {}, "invalid": {"Authorization": "Bearer bcj_not-a-token"},
               "basic": {"Authorization": "Basic dXNlcjpwdw=="}}.get(who)
    if headers is None:
        headers = bearer(tokens[who])
    if who in ALLOWED[action]:
        resp = _write(client, headers, action, ctx)
        assert resp.status_code == 201, resp.get_json()
        body = resp.get_json()
        if action == "decide":
            author = stored_decision_actors(store, live)[-1]
        elif action in ("create", "fork"):
            author = body["created_by"]
        elif action in ("annotate", "open_dispute"):
            author = body["author"]
        elif action == "comment":
            author = body["comments"][-1]["author"]
        else:
            author = body["resolution"]["author"]
        assert author == holder(who), "every write records who made it"
        return
    with nothing_stored(client, tokens):
        resp = _write(client, headers, action, ctx)
        if who in ("anonymous", "invalid", "basic"):
            error(resp, 401)
            assert resp.headers.get("WWW-Authenticate") == "Bearer"
        else:
            error(resp, 403, who)


READS = ["", "/prompt", "/events", "/state", "/index", "/record", "/log", "/annotations",
         "/disputes"]


@pytest.mark.parametrize("suffix", READS)
def test_anonymous_read_is_on_by_default(client, done, suffix):
    assert client.get(f"/api/duels/{done}{suffix}").status_code == 200


def test_anonymous_read_of_lists_and_disputes(client, dispute):
    assert client.get("/api/duels").status_code == 200
    assert client.get(f"/api/disputes/{dispute}").status_code == 200


@pytest.mark.parametrize("suffix", READS)
def test_every_role_reads(client, tokens, done, suffix):
    for role in ROLES:
        resp = client.get(f"/api/duels/{done}{suffix}", headers=bearer(tokens[role]))
        assert resp.status_code == 200, role


@pytest.mark.parametrize("suffix", READS)
def test_an_invalid_token_is_refused_even_for_reads(client, done, suffix):
    resp = client.get(f"/api/duels/{done}{suffix}",
                      headers={"Authorization": "Bearer bcj_forged"})
    error(resp, 401, "not valid")


@pytest.fixture
def closed(store, tokens):
    """The app with anonymous read switched off (the same store, so the same tokens)."""
    app = create_app({"STORE": store, "TESTING": True, "ANONYMOUS_READ": False})
    app.test_client_class = CheckedClient
    return app.test_client()


@pytest.mark.parametrize("suffix", READS)
def test_anonymous_read_switched_off(closed, tokens, store, suffix):
    duel_id = store.create_duel(played_record(5), actor="t").duel_id
    resp = closed.get(f"/api/duels/{duel_id}{suffix}")
    error(resp, 401)
    assert resp.headers.get("WWW-Authenticate") == "Bearer"
    for role in ROLES:
        assert closed.get(f"/api/duels/{duel_id}{suffix}",
                          headers=bearer(tokens[role])).status_code == 200


def test_anonymous_read_switched_off_covers_lists_and_disputes(closed, tokens, store):
    duel_id = store.create_duel(played_record(5), actor="t").duel_id
    d = store.open_dispute(duel_id, 3, "x", "t")
    error(closed.get("/api/duels"), 401)
    error(closed.get(f"/api/disputes/{d.id}"), 401)
    assert closed.get("/api/duels", headers=bearer(tokens["judge"])).status_code == 200
    assert closed.get("/api/health").status_code == 200  # health stays open for monitors


@pytest.mark.parametrize("value, anonymous", [("0", False), ("false", False), ("off", False),
                                              ("1", True), ("true", True)])
def test_anonymous_read_from_the_environment(monkeypatch, store, value, anonymous):
    monkeypatch.setenv("BATTLECON_ANONYMOUS_READ", value)
    client = create_app({"STORE": store, "TESTING": True}).test_client()
    assert client.get("/api/duels").status_code == (200 if anonymous else 401)


@pytest.mark.parametrize("header", ["Bearer", "Bearer ", "Token abc", "bcj_abc"])
def test_malformed_authorization_is_401(client, live, header):
    error(client.get(f"/api/duels/{live}", headers={"Authorization": header}), 401)
