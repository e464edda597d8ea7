"""An operator's card errata and ``judge fighters``: what a tournament judge configures and
reads. The command-line tests run ``judge`` as a child process (its registry is its own);
the Flask test applies the errata in this process and withdraws them afterwards."""

from __future__ import annotations

import json
import subprocess

import pytest

from api.app import create_app
from api.errata import ErrataError
from events.app import JudgeApp
from judge import registry
from judge.battlecon.roster import fighter_ids
from tests.serving import ROOT, child_env, judge_command

ERRATA = '[[choice]]\ncard = "memento"\nfield = "priority"\nvalue = 2\nwhy = "ops"\n'


def judge(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([*judge_command(), *args], capture_output=True, text=True,
                          env={**child_env(), **(env or {})}, timeout=60, cwd=ROOT)


@pytest.fixture
def errata_file(tmp_path):
    path = tmp_path / "errata.toml"
    path.write_text(ERRATA)
    return str(path)


def test_judge_fighters_lists_every_fighter_with_their_cards() -> None:
    done = judge("fighters")
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("\n  style    ") == 5 * len(fighter_ids())  # five Styles each
    assert "Luc von Gott (luc)\n" in done.stdout and "Magdelina" in done.stdout
    assert "  style    Hydraulic             range +0, power +2, priority -1, soak 1" in done.stdout


def test_judge_fighters_json_gives_the_catalogue_fields() -> None:
    done = judge("fighters", "--json")
    fighters = {f["id"]: f for f in json.loads(done.stdout)}
    assert sorted(fighters) == fighter_ids()
    magdelina = fighters["magdelina"]
    assert {"id", "name", "ability", "styles", "unique_base", "finishers", "tokens",
            "counters"} <= set(magdelina)
    assert sorted(magdelina["counters"]) == ["level", "trance"]
    assert {"range", "power", "priority", "soak", "stun_guard", "effects"} <= set(
        magdelina["styles"][0])


def test_judge_fighters_doubts_lists_the_choices_and_the_errata(errata_file) -> None:
    done = judge("fighters", "--doubts")
    assert done.returncode == 0 and "memento.priority = -1 (also: 1) [judge]" in done.stdout
    assert 'ruling wyrding-start (Seth: Wyrding: ' in done.stdout
    assert 'default "skipped", recommended "resolves"' in done.stdout
    done = judge("fighters", "--doubts", "--json", "--card-errata", errata_file)
    listing = json.loads(done.stdout)
    doubts, rulings = listing["doubts"], listing["rulings"]
    assert rulings["juto-direction"]["default"] == "from-tatsumi"
    assert rulings["juto-direction"]["recommended"] == "from-juto"
    assert doubts[-1] == {"card": "memento", "field": "priority", "value": 2,
                          "alternatives": [], "why": "ops", "source": errata_file}
    listed = json.loads(judge("fighters", "--json", env={"BATTLECON_CARD_ERRATA":
                                                          errata_file}).stdout)
    memento = next(c for f in listed if f["id"] == "luc" for c in f["styles"]
                   if c["id"] == "memento")
    assert memento["priority"] == 2


def test_bad_errata_stop_the_command_with_a_clear_message(tmp_path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('[[choice]]\ncard = "nobody"\nfield = "power"\nvalue = 1\n')
    done = judge("fighters", "--card-errata", str(bad))
    assert done.returncode == 2 and "unknown cards: nobody" in done.stderr
    assert "Traceback" not in done.stderr
    done = judge("fighters", "--card-errata", str(tmp_path / "missing.toml"))
    assert done.returncode == 2 and "cannot read the card errata" in done.stderr


def test_the_service_serves_corrected_cards_and_stamps_new_duels_anew(errata_file) -> None:
    store = JudgeApp(db=":memory:")
    try:
        plain = create_app({"STORE": store}).test_client()
        before = plain.get("/api/rulesets/battlecon-2014").get_json()
        client = create_app({"STORE": store, "CARD_ERRATA": errata_file}).test_client()
        fighters = client.get("/api/fighters").get_json()["fighters"]
        memento = next(c for f in fighters if f["id"] == "luc" for c in f["styles"]
                       if c["id"] == "memento")
        assert memento["priority"] == 2
        assert before  # the catalogue was served before the errata too
        with pytest.raises(ErrataError, match="not valid TOML"):
            create_app({"STORE": store, "CARD_ERRATA": __file__})
    finally:
        registry.default().configure({"card_errata": {}})
        store.close()
