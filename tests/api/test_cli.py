"""``judge replay``: the narrative, the state JSON, the state at event N, the facts, and errors."""

from __future__ import annotations

import copy
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from api.cli import main
from judge.battlecon import Duel, replay_facts
from judge.battlecon.notation import state_json

COMIC = json.loads((Path(__file__).resolve().parents[2] / "examples" /
                    "comic-beat-1.json").read_text(encoding="utf-8"))
DAMAGE = "Khadath takes 7 damage (power 3, 1 more for Advancing, 3 more for Fire)."
PLAYER_KEYS = {"fighter", "life", "space", "stunned", "hand", "discard_1", "discard_2",
               "token_pool", "token_discard", "special_action"}


def write(tmp_path: Path, record: object, name: str = "duel.json") -> str:
    path = tmp_path / name
    path.write_text(record if isinstance(record, str) else json.dumps(record), "utf-8")
    return str(path)


def replay(capsys, *args: str) -> tuple[int, str, str]:
    code = main(["replay", *args])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def comic(tmp_path: Path) -> str:
    return write(tmp_path, COMIC)


def test_narrative_tells_the_beat(capsys, comic):
    code, out, err = replay(capsys, comic)
    assert (code, err) == (0, "")
    assert "== Beat 1 ==" in out
    assert DAMAGE in out
    assert "so Khadath is stunned" in out
    assert "Ana's choice: Hikaru lays an attack pair face down. [R4.1]" in out
    assert "[R8.1d]" in out  # every fact line cites its rule
    assert out.rstrip().endswith("Waiting for Ben: Khadath's Teleport: Move directly to any space, "
                                 "then move the Gate Trap to any space (5 legal choices).")


def test_narrative_of_a_finished_duel(capsys, tmp_path):
    record = copy.deepcopy(COMIC)
    record["decisions"].append({"player": 1, "kind": "concede"})
    code, out, _ = replay(capsys, write(tmp_path, record))
    assert code == 0
    assert "Ben's choice: Khadath concedes. [R20.4]" in out
    assert "Hikaru wins by concession. [R20.4]" in out
    assert "Waiting for" not in out


def test_json_prints_the_final_state(capsys, comic):
    code, out, err = replay(capsys, comic, "--json")
    assert (code, err) == (0, "")
    state = json.loads(out)
    assert {"beat", "over", "winner", "draw", "players", "markers", "prompt"} <= set(state)
    assert (state["beat"], state["over"], state["winner"], state["draw"]) == (1, False, None,
                                                                            False)
    assert len(state["players"]) == 2
    for player in state["players"]:
        assert PLAYER_KEYS <= set(player)
    hikaru, khadath = state["players"]
    assert (hikaru["fighter"], hikaru["life"], hikaru["space"]) == ("hikaru", 20, 6)
    assert (khadath["fighter"], khadath["life"], khadath["space"], khadath["stunned"]) == (
        "khadath", 13, 7, True)
    assert hikaru["token_discard"] == ["fire"] and "fire" not in hikaru["token_pool"]
    assert hikaru["discard_1"] == ["trance", "dash"] and hikaru["discard_2"] == ["focused",
                                                                                "grasp"]
    assert "special-action" in hikaru["hand"] and hikaru["special_action"] == "available"
    assert state["markers"] == []
    prompt = state["prompt"]
    assert {"players", "kind", "options"} <= set(prompt)
    assert prompt["players"] == [1] and prompt["kind"] == "move"
    assert [o["to"] for o in prompt["options"]] == [1, 2, 3, 4, 5]
    for option in prompt["options"]:
        assert option == {"player": 1, "kind": "move", "to": option["to"]}
    assert state == json.loads(json.dumps(Duel.from_record(COMIC).to_json()))


def test_json_of_a_finished_duel(capsys, tmp_path):
    record = copy.deepcopy(COMIC)
    record["decisions"].append({"player": 1, "kind": "concede"})
    code, out, _ = replay(capsys, write(tmp_path, record), "--json")
    state = json.loads(out)
    assert code == 0
    assert (state["over"], state["winner"], state["draw"], state["prompt"]) == (True, 0, False,
                                                                               None)


def test_markers_in_the_state(capsys, tmp_path):
    record = copy.deepcopy(COMIC)
    record["decisions"] += [{"player": 1, "kind": "move", "to": 4},
                            {"player": 1, "kind": "place", "marker": "gate-trap", "to": 5}]
    state = json.loads(replay(capsys, write(tmp_path, record), "--json")[1])
    assert state["markers"] == [{"owner": 1, "name": "gate-trap", "space": 5}]
    assert state["beat"] == 2 and state["prompt"]["players"] == [0, 1]


def test_at_n_is_the_state_after_n_events(capsys, comic):
    duel = Duel.from_record(COMIC)
    total = len(duel.events)
    # At every point where the engine waited for a decision, --at N is the state of the duel
    # replayed up to that decision, prompt included.
    rest = [n for n in range(total) if duel.events[n][0] == "decision"] + [total]
    assert len(rest) == len(COMIC["decisions"]) + 1
    for made, n in enumerate(rest):
        record = copy.deepcopy(COMIC)
        record["decisions"] = record["decisions"][:made]
        code, out, _ = replay(capsys, comic, "--at", str(n))
        assert code == 0
        expected = Duel.from_record(record).to_json()
        assert json.loads(out) == json.loads(json.dumps(expected)), n
        assert expected["prompt"] is not None
    # Between decisions (mid-resolution) it is the state the facts so far build.
    for n in range(total + 1):
        if n in rest:
            continue
        facts = [e for kind, e in duel.events[:n] if kind == "fact"]
        expected = state_json(replay_facts(duel.setup, facts), None)
        code, out, _ = replay(capsys, comic, "--at", str(n))
        assert json.loads(out) == json.loads(json.dumps(expected)), n


def test_at_the_first_and_last_event(capsys, comic):
    start = json.loads(replay(capsys, comic, "--at", "0")[1])
    assert [p["space"] for p in start["players"]] == [3, 5]
    assert [p["life"] for p in start["players"]] == [20, 20]
    end = len(Duel.from_record(COMIC).events)
    assert replay(capsys, comic, "--at", str(end))[1] == replay(capsys, comic, "--json")[1]


def test_at_finds_the_damage(capsys, comic):
    """The event numbers of --at are the ones the narrative and --events print."""
    lines = [json.loads(line) for line in replay(capsys, comic, "--events")[1].splitlines()]
    damage = next(f["event"] for f in lines if f["type"] == "DamageDealt")
    before = json.loads(replay(capsys, comic, "--at", str(damage - 1))[1])
    after = json.loads(replay(capsys, comic, "--at", str(damage))[1])
    assert (before["players"][1]["life"], after["players"][1]["life"]) == (20, 13)
    narrative = replay(capsys, comic)[1]
    assert f"{damage:>4}    {DAMAGE}" in narrative


@pytest.mark.parametrize("n", ["-1", "999"])
def test_at_out_of_range(capsys, comic, n):
    code, out, err = replay(capsys, comic, "--at", n)
    assert code == 2 and out == ""
    assert err.startswith("judge: ") and "--at must be between 0 and" in err


def test_events_prints_the_facts_as_json_lines(capsys, comic):
    code, out, err = replay(capsys, comic, "--events")
    assert (code, err) == (0, "")
    lines = [json.loads(line) for line in out.splitlines()]
    for fact in lines:
        assert {"type", "rule", "text", "event"} <= set(fact)
        assert isinstance(fact["event"], int) and fact["rule"] and fact["text"]
    duel = Duel.from_record(COMIC)
    facts = [(n, e) for n, (kind, e) in enumerate(duel.events, 1) if kind == "fact"]
    assert [f["event"] for f in lines] == [n for n, _ in facts]
    assert [{k: v for k, v in f.items() if k != "event"} for f in lines] == [
        json.loads(json.dumps(e.to_json())) for _, e in facts]
    assert lines[0]["event"] == 1 and lines[0]["type"] == "BeatBegan"
    damage = [f for f in lines if f["type"] == "DamageDealt"]
    assert len(damage) == 1 and damage[0]["text"] == DAMAGE and damage[0]["amount"] == 7


def test_events_are_numbered_with_the_decisions(capsys, comic):
    """Decisions take event numbers too: the numbers of --events skip them."""
    numbers = [json.loads(line)["event"] for line in
               replay(capsys, comic, "--events")[1].splitlines()]
    total = len(Duel.from_record(COMIC).events)
    missing = sorted(set(range(1, total + 1)) - set(numbers))
    assert len(missing) == len(COMIC["decisions"])
    assert missing[0] == 2  # event 1 is "Beat 1 begins"; Ana's attack pair comes next


# --- errors: exit status 2 and a message naming the index, reason and rule -------------------


def test_malformed_json(capsys, tmp_path):
    path = write(tmp_path, '{"format": "battlecon-record/1", "players": [')
    code, out, err = replay(capsys, path)
    assert code == 2 and out == ""
    assert err.startswith("judge: ") and "not valid JSON" in err and "[rule record]" in err


def test_missing_file(capsys, tmp_path):
    code, _, err = replay(capsys, str(tmp_path / "nowhere.json"))
    assert code == 2 and "Cannot read" in err and "[rule record]" in err


def test_wrong_format_tag(capsys, tmp_path):
    record = dict(COMIC, format="battlecon-record/0")
    for option in ((), ("--json",), ("--events",), ("--at", "0")):
        code, out, err = replay(capsys, write(tmp_path, record), *option)
        assert code == 2 and out == ""
        assert "battlecon-record/0" in err and "[rule record.format]" in err


def test_illegal_decision(capsys, tmp_path):
    record = copy.deepcopy(COMIC)
    record["decisions"][3] = {"player": 1, "kind": "move", "to": 3}
    code, out, err = replay(capsys, write(tmp_path, record))
    assert code == 2 and out == ""
    assert err.startswith("judge: Decision 3 ")
    assert "not a legal move for Khadath" in err
    assert '{"to": 6}; {"to": 7}' in err
    assert err.rstrip().endswith("[rule burst: Start of Beat]")


def test_decision_for_the_wrong_player(capsys, tmp_path):
    record = copy.deepcopy(COMIC)
    record["decisions"][2] = {"player": 1, "kind": "pass"}
    code, _, err = replay(capsys, write(tmp_path, record), "--json")
    assert code == 2
    assert "Decision 2" in err and "waiting for Hikaru" in err and "[rule R5.3]" in err


def test_decision_after_the_end(capsys, tmp_path):
    record = copy.deepcopy(COMIC)
    record["decisions"].insert(2, {"player": 0, "kind": "concede"})
    code, _, err = replay(capsys, write(tmp_path, record))
    assert code == 2 and "Decision 3" in err and "[rule R20.1]" in err


def test_setup_error(capsys, tmp_path):
    record = copy.deepcopy(COMIC)
    record["players"][0]["discard_2"] = ["focused", "dash"]
    code, _, err = replay(capsys, write(tmp_path, record))
    assert code == 2 and "different cards" in err and "[rule R1.9]" in err


# --- the installed command ------------------------------------------------------------------------


def judge_command() -> list[str]:
    beside = Path(sys.executable).with_name("judge")
    if beside.exists():
        return [str(beside)]
    found = shutil.which("judge")
    return [found] if found else [sys.executable, "-m", "api.cli"]


def test_judge_replay_as_a_command(tmp_path):
    good = write(tmp_path, COMIC)
    run = subprocess.run([*judge_command(), "replay", good], capture_output=True, text=True,
                         timeout=120, check=False)
    assert run.returncode == 0, run.stderr
    assert DAMAGE in run.stdout
    record = copy.deepcopy(COMIC)
    record["decisions"][3]["to"] = 3
    bad = write(tmp_path, record, "bad.json")
    run = subprocess.run([*judge_command(), "replay", bad, "--json"], capture_output=True,
                         text=True, timeout=120, check=False)
    assert run.returncode == 2 and run.stdout == ""
    assert "Decision 3" in run.stderr and "[rule burst: Start of Beat]" in run.stderr


def test_at_n_says_the_pending_prompt_in_words(capsys, comic):
    """``--at N`` keeps the state JSON on stdout and says on stderr, in the game's words,
    which decision is pending there: at a prompt, and between a decision and the next
    prompt (the rules still resolving), never nothing."""
    duel = Duel.from_record(COMIC)
    ask = next(n for n in range(len(duel.events)) if duel.events[n][0] == "decision" and n > 2)
    code, out, err = replay(capsys, comic, "--at", str(ask))
    assert code == 0 and json.loads(out)["prompt"] is not None
    about = json.loads(out)["prompt"]["about"].rstrip(".?")
    assert err.startswith(f"After event {ask}: waiting for ") and about in err
    code, out, err = replay(capsys, comic, "--at", str(ask - 1))
    assert code == 0 and json.loads(out)["prompt"] is None  # the state JSON is unchanged
    assert err.startswith(f"After event {ask - 1} the rules are still resolving (event "
                          f"{ask}); then waiting for ")
    assert about in err and "legal choice" in err
    end = len(duel.events)
    assert replay(capsys, comic, "--at", str(end))[2] == "After event " + str(end) + \
        ": waiting for Ben: Khadath's Teleport: Move directly to any space, then move the " \
        "Gate Trap to any space (5 legal choices).\n"
