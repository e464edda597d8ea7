"""A fighter in one module (``testfighter``, issue 30 item 4) plays through every layer:
``Duel`` (record, prompt, decide, state JSON), the store (the events app on SQLite,
reopened) and the HTTP API (loaded by ``RULESET_MODULES``, the plug-in path), and in the
compiled build (``test_compiled_build``, with ``compiled_playthrough`` below).

Tess Tester's Called Shot asks her own ``call`` decision at the Start of Beat and works on
two hooks (``MODIFIERS``: +2 power or +2 soak; ``PRIORITY_TIE``: she wins ties). The
module registers her when imported; these tests import it and forget her afterwards, so
no other test sees a nineteenth fighter.
"""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any

import jsonschema
import pytest

from api.app import create_app
from api.auth import create_token
from events.app import JudgeApp
from judge.battlecon import Duel
from judge.battlecon.fighters import fighter_ids, has_fighter, register, unregister
from judge.battlecon.kit_decls import decision_fields, decision_kinds
from judge.battlecon.narrative import lines
from judge.battlecon.notation import state_json
from judge.battlecon.playout import play, record_setup
from judge.battlecon.record import schema
from judge.battlecon.ruleset import BATTLECON
from judge.errors import IllegalDecisionError, RecordError
from tests.api.conftest import CheckedClient, bearer

ROOT = Path(__file__).resolve().parents[3]
MODULE = "tests.judge.fighters.testfighter"
FID = "tester"
# Tess's Long Jab (priority 4) against Cadenza's Battery Strike (priority 2); Cadenza passes.
OPENING = [{"player": 0, "kind": "attack_pair", "style": "tf-long", "base": "tf-jab"},
           {"player": 1, "kind": "attack_pair", "style": "battery", "base": "strike"},
           {"player": 1, "kind": "pass"}]
POWER = {"player": 0, "kind": "call", "stance": "power"}


@contextmanager
def registered() -> Iterator[ModuleType]:
    """The plug-in module, imported (which registers Tess); she is forgotten afterwards."""
    module = importlib.import_module(MODULE)
    if not has_fighter(FID):  # imported before, and forgotten since
        register(module.KIT)
    try:
        yield module
    finally:
        unregister(FID)


@pytest.fixture(scope="module", autouse=True)
def tester() -> Iterator[ModuleType]:
    with registered() as module:
        yield module


def opened(decisions: list[dict] = OPENING) -> dict:
    record = record_setup(FID, "cadenza")
    record["decisions"] = [dict(d) for d in decisions]
    return record


def validator(name: str) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(BATTLECON.schemas()[name])


def after_fact(duel: Duel, fact_type: str) -> int:
    """The number of the first event that is a fact of ``fact_type``."""
    return next(n for n, (kind, e) in enumerate(duel.events, 1)
                if kind == "fact" and type(e).__name__ == fact_type)


# --- Duel -------------------------------------------------------------------------------


def test_her_call_is_asked_at_the_start_of_beat_and_judged_with_her_hook() -> None:
    duel = Duel.from_record(opened())
    prompt = duel.prompt
    assert prompt is not None and prompt["kind"] == "call" and prompt["players"] == [0]
    assert prompt["options"] == [{"player": 0, "kind": "call", "stance": "guard"}, POWER]
    validator("state").validate(duel.to_json())  # the prompt of her own kind included
    duel.decide(dict(POWER))
    n = after_fact(duel, "TesterCalled")
    mid = state_json(duel.state_at(n), duel.need_at(n))
    assert mid["players"][0]["stance"] == "power"  # her per-beat field, in the state JSON
    assert mid["players"][0]["attack"]["power"] == 4  # Jab 2 + Called Shot 2 (MODIFIERS)
    validator("state").validate(mid)
    assert "stance" not in duel.to_json()["players"][0]  # the next beat: the call is over
    text = "\n".join(lines(duel))
    # the decision merges into the fact that tells it (``Fighter.tells``)
    assert "> Called Shot: call power (+2 power) or guard (+2 soak) for this beat. P0's " \
        "choice: Tess calls power for this beat. [tf-called-shot: Start of Beat]" in text
    assert "Cadenza takes 4 damage (power 2, 2 more for Called Shot (power))." in text
    assert duel.state.players[1].life == 16


def test_her_decision_is_in_the_record_schema_and_round_trips() -> None:
    duel = Duel.from_record(opened([*OPENING, POWER]))
    record = duel.to_record()
    validator("record").validate(record)
    assert record["decisions"][-1] == POWER
    assert Duel.from_record(json.loads(json.dumps(record))).to_json() == duel.to_json()
    assert "call" in decision_kinds() and "stance" in decision_fields()
    assert "call" in schema()["$defs"]


@pytest.mark.parametrize(("decision", "why"), [
    ({"player": 0, "kind": "call", "stance": "fury"}, "That is not a legal call"),
    ({"player": 1, "kind": "call", "stance": "power"}, r"waiting for Tess \(call\), not for Cadenza"),
    ({"player": 0, "kind": "call", "stance": "power", "spin": 1}, "Unknown field 'spin'"),
])
def test_a_wrong_call_is_refused_with_its_reason(decision: dict, why: str) -> None:
    duel = Duel.from_record(opened())
    with pytest.raises(IllegalDecisionError, match=why):
        duel.decide(decision)


def test_she_wins_a_priority_tie_with_her_second_hook() -> None:
    """Long Strike (priority 3) against Battery Drive (priority 3): no Clash, Tess is the
    Active Player (``PRIORITY_TIE``)."""
    duel = Duel.from_record(opened([
        {"player": 0, "kind": "attack_pair", "style": "tf-long", "base": "strike"},
        {"player": 1, "kind": "attack_pair", "style": "battery", "base": "drive"},
        {"player": 1, "kind": "pass"}]))
    text = "\n".join(lines(duel))
    assert "Priority: Tess 3, Cadenza 3: a tie, which Tess wins without a Clash (Called " \
        "Shot). Tess is the Active Player. [R6.6]" in text
    assert duel.state.active == 0 and duel.prompt is not None and duel.prompt["kind"] == "call"


def test_without_her_module_she_and_her_decision_are_unknown(tester: ModuleType) -> None:
    record = opened()
    unregister(FID)
    try:
        assert FID not in fighter_ids() and "call" not in decision_kinds()
        assert "call" not in schema()["$defs"] and "stance" not in decision_fields()
        with pytest.raises(RecordError, match="unknown fighter 'tester'"):
            Duel.from_record(record)
    finally:
        register(tester.KIT)


def test_seeded_playouts_against_the_roster_end() -> None:
    for seed, other in enumerate(("cadenza", "seth", "tatsumi", "hepzibah")):
        duel = play(seed, FID, other)
        assert duel.over
        assert any(type(f).__name__ == "TesterCalled" for f in duel.facts)


# --- the store (events app on SQLite) and the HTTP API ----------------------------------


@pytest.fixture
def sqlite_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for name in ("BATTLECON_DATABASE_URL", "BATTLECON_DB", "BATTLECON_ANONYMOUS_READ"):
        monkeypatch.delenv(name, raising=False)
    return tmp_path / "duels.sqlite"


def api(store: JudgeApp) -> Any:
    """The API on ``store``, with the test fighter's module loaded as a plug-in."""
    app = create_app({"STORE": store, "TESTING": True, "RULESET_MODULES": MODULE})
    app.test_client_class = CheckedClient  # every response checked against the OpenAPI
    return app.test_client()


def test_the_store_keeps_her_duel_and_reads_it_back(sqlite_file: Path) -> None:
    store = JudgeApp(db=str(sqlite_file))
    try:
        duel_id = store.create_duel(opened()).duel_id
        appended = store.decide(duel_id, dict(POWER))
        assert "TesterCalled" in json.dumps(appended.events)
        count = store.record(duel_id).events_count
    finally:
        store.close()
    reopened = JudgeApp(db=str(sqlite_file))  # a new process's view: replayed from SQLite
    try:
        assert reopened.record(duel_id).events_count == count
        state = api(reopened).get(f"/api/duels/{duel_id}/state").get_json()
        assert state["players"][1]["life"] == 16
    finally:
        reopened.close()


def test_the_api_creates_her_duel_takes_her_call_and_reads_it(sqlite_file: Path) -> None:
    store = JudgeApp(db=str(sqlite_file))
    try:
        client = api(store)
        token = create_token(store, "scorekeeper", "sam")
        made = client.post("/api/duels", json=opened(), headers=bearer(token))
        assert made.status_code == 201, made.get_json()
        duel = made.get_json()["id"]
        now = client.get(f"/api/duels/{duel}/prompt").get_json()
        assert now["prompt"]["kind"] == "call"
        headers = {**bearer(token), "If-Match": f'"{now["event"]}"'}
        bad = client.post(f"/api/duels/{duel}/decisions", headers=headers,
                          json={"player": 0, "kind": "call", "stance": "fury"})
        assert bad.status_code == 422 and "not a legal call" in bad.get_json()["detail"]
        done = client.post(f"/api/duels/{duel}/decisions", json=POWER, headers=headers)
        assert done.status_code == 201, done.get_json()
        events = client.get(f"/api/duels/{duel}/events?limit=500").get_json()["events"]
        decided = next(e for e in events if e["type"] == "Decision" and e["data"] == POWER)
        assert decided["text"].endswith("P0 calls power.")  # her kit's words for her kind
        called = next(e["event"] for e in events if e["type"] == "TesterCalled")
        state = client.get(f"/api/duels/{duel}/state?at={called}").get_json()
        assert state["players"][0]["stance"] == "power"
        assert state["players"][0]["attack"]["power"] == 4
        text = client.get(f"/api/duels/{duel}/narrative").get_data(as_text=True)
        assert "P0's choice: Tess calls power" in text
        assert "2 more for Called Shot (power)" in text
        schemas = BATTLECON.schemas()
        assert "call" in schemas["record"]["$defs"]
    finally:
        store.close()


# --- the compiled build: an interpreted fighter plugs into compiled classes --------------

COMPILED_PROBE = """
import json, sys
sys.path.append(sys.argv[1])  # the project, for the test fighter's module; judge is the copy's
from judge.battlecon import Duel, facts, state
assert facts.__file__.endswith(".so") and state.__file__.endswith(".so"), facts.__file__
import tests.judge.fighters.testfighter
from judge.battlecon.narrative import lines
from judge.battlecon.playout import play
record = json.loads(sys.argv[2])
duel = Duel.from_record(record)
played = play(3, "tester", "seth")
print(json.dumps({"lines": list(lines(duel)), "state": duel.to_json(),
                  "played": [f.to_json() for f in played.facts]}))
"""


def compiled_playthrough(copy: Path) -> None:
    """Tess's scripted duel and a seeded one, judged in ``copy`` (the compiled build) with
    her module interpreted: the same narrative, state and facts as the source gives."""
    with registered():
        _compare_with_compiled(copy)


def _compare_with_compiled(copy: Path) -> None:
    record = opened([*OPENING, POWER])
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    ran = subprocess.run([sys.executable, "-c", COMPILED_PROBE, str(ROOT), json.dumps(record)],
                         cwd=copy, env=env, capture_output=True, text=True)
    assert ran.returncode == 0, ran.stderr[-3000:]
    seen = json.loads(ran.stdout)
    duel = Duel.from_record(record)
    assert seen["lines"] == list(lines(duel))
    assert any("2 more for Called Shot (power)" in line for line in seen["lines"])
    assert seen["state"] == duel.to_json()
    assert seen["played"] == [f.to_json() for f in play(3, FID, "seth").facts]
