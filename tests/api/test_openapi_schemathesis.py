"""Schemathesis against the app's own /api/openapi.json, through the WSGI app.

Every documented operation is called with generated requests (valid and invalid, some with a
lone surrogate in a text or nested 40 levels deep) carrying a head judge's token; path ids point at existing duels and disputes most of the time (a
duel just set up, one in progress, one finished, a fork) and at an unknown id otherwise.
Fails on any 5xx and on any response whose status or body does not match the document.

Bounded: a few examples per operation, no deadline (``BATTLECON_SCHEMATHESIS_EXAMPLES``
raises the number for a longer hunt).
"""

from __future__ import annotations

import itertools
import os
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

    def pick(self, ids: list[str]) -> str:
        """Existing ids in turn, an unknown one every fifth time."""
        n = next(self._turn)
        return UNKNOWN if n % 5 == 4 else ids[n % len(ids)]

    def aim(self, case) -> None:
        """Make some generated requests reach deeper: a decision sent at the duel's current
        version (so the engine judges it), a record naming real fighters (so the setup is
        parsed past the fighter's name)."""
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
            self.spoil(case, n)

    @staticmethod
    def spoil(case, n: int) -> None:
        """Now and then a body no store could keep: a lone surrogate in its first text, or
        the whole body nested far deeper than any record is (both must be a 422)."""
        if n % 7 == 3:
            for key, value in case.body.items():
                if isinstance(value, str):
                    case.body[key] = value + "\ud800"
                    break
        elif n % 11 == 5:
            deep: object = case.body
            for _ in range(40):
                deep = [deep]
            case.body = {"wrapped": deep}


@pytest.fixture(scope="module")
def world() -> World:
    store = JudgeApp(db=":memory:")
    app = create_app({"STORE": store, "TESTING": False})
    token = create_token(store, "head_judge", "schemathesis")
    live = store.create_duel(setup_record(), {"event": "fuzz"}, actor="t").duel_id
    mid = store.create_duel(partial_record(30), {"event": "fuzz", "table": "2"},
                            actor="t").duel_id
    done = store.create_duel(played_record(5), {"event": "fuzz", "round": "1"},
                             actor="t").duel_id
    fork = store.fork(done, 1, actor="t").duel_id
    disputes = [store.open_dispute(mid, 3, "Out of range?", "t").id,
                store.open_dispute(done, 10, "Wrong card?", "t").id]
    return World(app, store, token, [str(i) for i in (live, mid, done, fork)],
                 [str(d) for d in disputes])


@pytest.fixture(scope="module")
def api_schema(world: World):
    return schemathesis.openapi.from_wsgi("/api/openapi.json", world.app)


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
    world.aim(case)
    case.call_and_validate(headers={"Authorization": f"Bearer {world.token}"}, checks=CHECKS)


def test_the_document_is_found_and_has_every_operation(api_schema):
    operations = {(op.ok().method.upper(), op.ok().path)
                  for op in api_schema.get_all_operations()}
    assert len(operations) >= 18
    assert ("POST", "/api/duels/{duel_id}/decisions") in operations
