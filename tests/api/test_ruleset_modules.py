"""Plug-in rulesets: modules named by ``--ruleset-module``, ``BATTLECON_RULESET_MODULES`` or
the Flask config key ``RULESET_MODULES`` are imported at start and register their rulesets;
a module that cannot be imported stops the command with a clear message, not a traceback.

The command-line tests run ``judge`` as a child process, whose registry starts empty (in
this process ``tests.rulesets.race`` is already imported by other tests)."""

from __future__ import annotations

import json
import subprocess

import pytest

from api.app import create_app
from api.plugins import ENV, RulesetModuleError, load_ruleset_modules, module_names
from events.app import JudgeApp
from tests.rulesets.race import FORMAT, NAME
from tests.serving import ROOT, child_env, create_token, judge_command, start_server

RACE = {"format": FORMAT, "ruleset": NAME, "players": [{"name": "Ada"}, {"name": "Bo"}],
        "target": 5, "decisions": [{"kind": "coin", "result": 0},
                                   {"player": 0, "kind": "add", "amount": 2}]}
RACE_MODULE = "tests.rulesets.race"


def judge(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([*judge_command(), *args], capture_output=True, text=True,
                          env={**child_env(), **(env or {})}, timeout=60, cwd=ROOT)


@pytest.fixture
def race_file(tmp_path):
    path = tmp_path / "race.json"
    path.write_text(json.dumps(RACE))
    return str(path)


def test_module_names_are_split_trimmed_and_kept_once():
    assert module_names(" a.b, c ,,", ["c", "d,e"], None) == ["a.b", "c", "d", "e"]
    assert module_names(None, []) == []


def test_a_module_that_cannot_be_imported_is_named_with_the_reason():
    with pytest.raises(RulesetModuleError) as caught:
        load_ruleset_modules([RACE_MODULE, "no_such_ruleset_module"])
    message = str(caught.value)
    assert "'no_such_ruleset_module'" in message and "No module named" in message
    assert "--ruleset-module" in message and ENV in message


def test_the_flask_config_key_imports_modules_and_refuses_a_bad_one():
    store = JudgeApp(db=":memory:")
    try:
        app = create_app({"STORE": store, "RULESET_MODULES": RACE_MODULE})
        assert app.config["RULESET_MODULES"] == [RACE_MODULE]
        names = [r["name"] for r in app.test_client().get("/api/rulesets").get_json()["rulesets"]]
        assert NAME in names
        with pytest.raises(RulesetModuleError, match="not_a_module"):
            create_app({"STORE": store, "RULESET_MODULES": ["not_a_module"]})
    finally:
        store.close()


def test_replay_needs_the_module_and_takes_it_by_option_or_environment(race_file):
    without = judge("replay", race_file)
    assert without.returncode == 2 and f"Unknown ruleset '{NAME}'" in without.stderr
    by_option = judge("replay", "--ruleset-module", RACE_MODULE, race_file)
    assert by_option.returncode == 0, by_option.stderr
    assert "Ada adds 2: 2. [race.2]" in by_option.stdout
    by_env = judge("replay", race_file, env={ENV: f" {RACE_MODULE} ,"})
    assert by_env.returncode == 0 and "Ada adds 2: 2." in by_env.stdout


@pytest.mark.parametrize("how", ["option", "environment"])
def test_serve_refuses_a_bad_module_with_a_clear_message(tmp_path, how):
    args = ["serve", "--port", "0", "--db", str(tmp_path / "never.sqlite")]
    if how == "option":
        done = judge(*args, "--ruleset-module", "tests.rulesets.nope")
    else:
        done = judge(*args, env={ENV: f"{RACE_MODULE},tests.rulesets.nope"})
    assert done.returncode == 2
    assert done.stderr.startswith("judge: cannot import the ruleset module 'tests.rulesets.nope'")
    assert "ModuleNotFoundError" in done.stderr and "Traceback" not in done.stderr
    assert not (tmp_path / "never.sqlite").exists(), "nothing is opened before the check"


def test_serve_with_two_workers_judges_a_plug_in_ruleset(tmp_path):
    """Workers are spawned with nothing inherited: each imports the modules again."""
    store_args = ["--db", str(tmp_path / "w.sqlite")]
    token = create_token(store_args, "scorekeeper", "sk")
    server = start_server(store_args, tmp_path / "w.log", "--workers", "2",
                          "--ruleset-module", RACE_MODULE)
    try:
        status, _, duel = server.request("POST", "/api/duels", RACE,
                                         headers={"Authorization": f"Bearer {token}"})
        assert status == 201, duel
        for _ in range(6):  # answered by either worker
            state = server.get(f"/api/duels/{duel['id']}/state")
            assert state["scores"] == [2, 0]
        assert NAME in [r["name"] for r in server.get("/api/rulesets")["rulesets"]]
    finally:
        server.stop()
