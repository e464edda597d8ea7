"""Schemathesis against the app's own /api/openapi.json, through the WSGI app.

Every documented operation is called with generated requests (valid and invalid, some with a
lone surrogate in a text or nested 40 levels deep) carrying a head judge's token; path ids point at existing duels and disputes most of the time (a
duel just set up, one in progress, one finished, a fork) and at an unknown id otherwise.
Fails on any 5xx and on any response whose status or body does not match the document.

Every phase runs (explicit examples, coverage, fuzzing, and a stateful run that follows
the links schemathesis infers, e.g. a created duel's ``Location``), on each kind of store
(in memory, a SQLite file, a PostgreSQL schema). Besides the answers' conformance, a request
the document declares valid (a positive case, not spoiled below) must be accepted
(``documented_refusals_only``): the only refusals the document allows it are 401, 403,
404, 409, 429, and 422 when the content is judged by the duel's ruleset (the body names the
``rule``) or does not fit the stored duel as a whole (no field named under ``errors``: an
event the duel does not have, a fork point in the middle of a decision). A 422 naming a
field without a rule, or a 400, 413 or 428, means the document and the service disagree.

Bounded: a few examples per operation, no deadline (``BATTLECON_SCHEMATHESIS_EXAMPLES``
raises the number for a longer hunt).
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from uuid import UUID

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from api.app import create_app
from api.auth import create_token
from events.app import JudgeApp
from judge.battlecon.playout import FIGHTERS
from tests.api.conftest import partial_record, played_record, setup_record
from tests.events.conftest import open_store

EXAMPLES = int(os.environ.get("BATTLECON_SCHEMATHESIS_EXAMPLES", "12"))
UNKNOWN = "00000000-0000-4000-8000-000000000000"
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance,
          response_schema_conformance]


@dataclass
class World:
    """One app on one in-memory store, with duels and disputes to aim at."""

    app: object
    store: JudgeApp
    token: str
    duels: list[str]
    disputes: list[str]
    _turn: itertools.count = field(default_factory=itertools.count)

    def spoiled(self, case) -> bool:
        """``aim`` the case; whether its body is one ``spoil`` made (now, or before: an
        explicit example's body may be run again as ``spoil`` left it)."""
        return self.aim(case) or spoilt(case.body)

    def pick(self, ids: list[str]) -> str:
        """Existing ids in turn, an unknown one every fifth time."""
        n = next(self._turn)
        return UNKNOWN if n % 5 == 4 else ids[n % len(ids)]

    def aim(self, case) -> bool:
        """Make some generated requests reach deeper: a decision sent at the duel's current
        version (so the engine judges it), a record naming real fighters (so the setup is
        parsed past the fighter's name). True when the body was spoiled on purpose."""
        n = next(self._turn)
        path, method = case.operation.path, case.method.upper()
        if path.endswith("/decisions") and method == "POST" and n % 2 == 0:
            duel = self.store.record(UUID(case.path_parameters["duel_id"])) \
                if case.path_parameters["duel_id"] != UNKNOWN else None
            case.headers = {**(case.headers or {}),
                            "If-Match": str(duel.events_count if duel else 1)}
        if path == "/api/duels" and method == "POST" and n % 2 == 0 and \
                isinstance(case.body, dict) and isinstance(case.body.get("players"), list):
            for i, player in enumerate(case.body["players"]):
                if isinstance(player, dict):
                    player["fighter"] = FIGHTERS[(n + i) % len(FIGHTERS)]
            case.body["format"] = "battlecon-record/1"
        if method in ("POST", "PUT", "PATCH") and isinstance(case.body, dict):
            return self.spoil(case, n)
        return False

    @staticmethod
    def spoil(case, n: int) -> bool:
        """Now and then a body no store could keep: a lone surrogate in its first text, or
        the whole body nested far deeper than any record is (both must be a 422)."""
        if n % 7 == 3:
            for key, value in case.body.items():
                if isinstance(value, str):
                    case.body[key] = value + "\ud800"
                    return True
        elif n % 11 == 5:
            deep: object = case.body
            for _ in range(40):
                deep = [deep]
            case.body = {"wrapped": deep}
            return True
        return False


def spoilt(body: object) -> bool:
    """A body holding a lone surrogate, or nested as ``spoil`` nests: the generated text is
    UTF-8 (the document's description rules such text out), so it was spoilt on purpose."""
    if isinstance(body, str):
        return any("\ud800" <= c <= "\udfff" for c in body)
    if isinstance(body, dict):
        return set(body) == {"wrapped"} or any(spoilt(k) or spoilt(v)
                                                for k, v in body.items())
    if isinstance(body, list):
        return any(spoilt(v) for v in body)
    return False


@pytest.fixture(scope="module", params=["memory", "sqlite", "postgres"])
def world(request, tmp_path_factory) -> Iterator[World]:
    opened = open_store(request.param, tmp_path_factory.mktemp(request.param))
    store = next(opened).app()
    # A short analysis budget: a full beat start takes minutes, and over the budget the
    # answer is the documented 422 (rule "budget"), so the run stays bounded.
    app = create_app({"STORE": store, "TESTING": False, "ANALYSIS_BUDGET_S": 0.5})
    token = create_token(store, "head_judge", "schemathesis")
    live = store.create_duel(setup_record(), {"event": "fuzz"}, actor="t").duel_id
    mid = store.create_duel(partial_record(30), {"event": "fuzz", "table": "2"},
                            actor="t").duel_id
    done = store.create_duel(played_record(5), {"event": "fuzz", "round": "1"},
                             actor="t").duel_id
    fork = store.fork(done, 1, actor="t").duel_id
    disputes = [store.open_dispute(mid, 3, "Out of range?", "t").id,
                store.open_dispute(done, 10, "Wrong card?", "t").id]
    yield World(app, store, token, [str(i) for i in (live, mid, done, fork)],
                [str(d) for d in disputes])
    next(opened, None)  # closes the store (and drops a PostgreSQL schema)


@pytest.fixture(scope="module")
def api_schema(world: World):
    schema = schemathesis.openapi.from_wsgi("/api/openapi.json", world.app)
    # The document's description says what JSON Schema cannot: no NUL, no lone surrogate
    # in any text (``spoil`` still sends such text, and it must be a 422).
    schema.config.generation.update(codec="utf-8", allow_x00=False)
    return schema


schema = schemathesis.pytest.from_fixture("api_schema")


@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck),
          derandomize=True, print_blob=True)
def test_no_server_error_and_every_response_matches_the_document(case, world: World):
    params = case.path_parameters or {}
    if "duel_id" in params:
        params["duel_id"] = world.pick(world.duels)
    if "dispute_id" in params:
        params["dispute_id"] = world.pick(world.disputes)
    if "name" in params:  # a ruleset: one that takes imported characters, most of the time
        params["name"] = world.pick(["artobattlers", "battlecon-2014"])
    spoiled = world.spoiled(case)
    checks = CHECKS if spoiled else [*CHECKS, documented_refusals_only]
    # identity: the WSGI transport does not decode a content coding (/states sends gzip)
    case.call_and_validate(headers={"Authorization": f"Bearer {world.token}",
                                    "Accept-Encoding": "identity"}, checks=checks)


ACCEPTED = {401, 403, 404, 409, 429}


def documented_refusals_only(ctx, response, case) -> None:
    """A request the document declares valid is accepted, or refused only as the document
    says it may be (see the module's docstring)."""
    meta = case.meta
    if meta is None or not meta.generation.mode.is_positive:
        return None
    status = response.status_code
    if status < 400 or status >= 500 or status in ACCEPTED:
        return None
    if status == 422:
        body = response.json()
        if body.get("rule") or not body.get("errors"):
            return None
    raise AssertionError(f"A request the document declares valid was refused: {status} "
                         f"{response.text[:600]}")


def test_stateful_links_hold(api_schema, world: World) -> None:
    """The stateful phase: chains of calls along the links schemathesis infers."""
    machine = api_schema.as_state_machine()
    turn = itertools.count()

    class Run(machine):  # type: ignore[misc, valid-type]
        def before_call(self, case):
            """Every other import is a real record, so that a duel is made and the calls
            that follow its Location reach it."""
            if case.method.upper() == "POST" and case.path == "/api/duels" and \
                    next(turn) % 2 == 0:
                case.body = setup_record(seed=next(turn))

        def get_call_kwargs(self, case):
            return {"headers": {"Authorization": f"Bearer {world.token}",
                                "Accept-Encoding": "identity"}}

        def validate_response(self, response, case, **kwargs):
            case.validate_response(response, checks=[*CHECKS, documented_refusals_only])

    Run.run(settings=settings(max_examples=EXAMPLES, stateful_step_count=5, deadline=None,
                              suppress_health_check=list(HealthCheck), derandomize=True))


def test_the_document_is_found_and_has_every_operation(api_schema):
    operations = {(op.ok().method.upper(), op.ok().path)
                  for op in api_schema.get_all_operations()}
    assert len(operations) >= 18
    assert ("POST", "/api/duels/{duel_id}/decisions") in operations
