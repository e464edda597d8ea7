"""The compiled build (``scripts/compile.sh``, docs/compiled.md) judges exactly as the Python
source does.

Builds the compiled modules in a copy of the rules core (about a minute of CPU), then, in a
process that imports that copy, re-judges every golden record, plays seeded duels over the
eighteen fighters (fighters whose own facts extend the compiled ones included) and replays
their stored facts; every narrative line, fact and state must equal what the source gives
here. Skipped, saying why, where there is no C compiler."""

from __future__ import annotations

import itertools
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from judge.battlecon.notation import state_json
from judge.battlecon.playout import FIGHTERS, play
from judge.battlecon.replay import replay_facts

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "judge" / "golden"
PAIRS = [(seed, *pair) for seed, pair in enumerate(itertools.islice(
    itertools.product(FIGHTERS, FIGHTERS), 0, None, 9))]  # 36 pairings, every fighter

# Malformed input, refused the same way by both builds (a compiled function checks the
# types of its arguments: the entry points take anything and refuse it with a reason).
REFUSALS = """
def refusals(record):
    from judge.battlecon import Duel
    bad = [[], "record", dict(record, decisions=["x"]), dict(record, decisions=[[1]]),
           dict(record, decisions=[{"player": 0, "kind": "attack_pair", "style": 5, "base": "x"}])]
    out = []
    for data in bad:
        try:
            Duel.from_record(data)
        except Exception as err:
            out.append([type(err).__name__, str(err)])
    duel = Duel.new(record)
    for decision in ["x", [], {"kind": "correction", "players": []},
                     {"kind": "correction", "players": {"0": {"life": "x"}}},
                     {"player": True, "kind": "pass"},
                     {"kind": "correction", "players": {"0": {"life": 9}}, "rule": 5},
                     {"kind": "correction", "players": {"0": {"life": 9}}, "text": ["x"]},
                     {"kind": "correction", "players": {"0": {"life": 9}}, "dispute": 3}]:
        try:
            duel.decide(decision)
        except Exception as err:
            out.append([type(err).__name__, str(err)])
    return out
"""

# Run in the compiled copy: what it judges, as JSON on stdout.
PROBE = REFUSALS + """
import json, sys
from pathlib import Path
from judge.battlecon import Duel, facts
from judge.battlecon.narrative import lines
from judge.battlecon.notation import state_json
from judge.battlecon.playout import play
from judge.battlecon.replay import replay_facts
assert facts.__file__.endswith(".so"), facts.__file__
golden = {p.stem: "\\n".join(lines(Duel.from_record(json.loads(p.read_text())))) + "\\n"
          for p in sorted(Path(sys.argv[1]).glob("*.json"))}
duels = []
for seed, a, b in json.loads(sys.argv[2]):
    duel = play(seed, a, b)
    stored = [f.to_json() for f in duel.facts]
    duels.append({"facts": stored, "state": duel.to_json(),
                  "replayed": state_json(replay_facts(duel.setup, stored), None)})
first = json.loads(sorted(Path(sys.argv[1]).glob("*.json"))[0].read_text())
print(json.dumps({"golden": golden, "duels": duels, "refused": refusals(first)}))
"""


@pytest.fixture(scope="module")
def compiled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if shutil.which("gcc") is None and shutil.which("cc") is None:
        pytest.skip("no C compiler here: the compiled build cannot be built")
    copy = tmp_path_factory.mktemp("compiled")
    shutil.copytree(ROOT / "judge", copy / "judge",
                    ignore=shutil.ignore_patterns("*.so", "__pycache__"))
    shutil.copytree(ROOT / "scripts", copy / "scripts")
    (copy / ".venv").symlink_to(Path(sys.prefix))
    built = subprocess.run(["bash", "scripts/compile.sh"], cwd=copy, capture_output=True,
                           text=True)
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    return copy


def test_the_compiled_build_judges_as_the_source_does(compiled: Path) -> None:
    from judge.battlecon import facts

    assert not str(facts.__file__).endswith(".so")  # this process runs the source
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    ran = subprocess.run([sys.executable, "-c", PROBE, str(GOLDEN), json.dumps(PAIRS)],
                         cwd=compiled, env=env, capture_output=True, text=True)
    assert ran.returncode == 0, ran.stderr[-3000:]
    seen = json.loads(ran.stdout)
    for path in sorted(GOLDEN.glob("*.json")):
        assert seen["golden"][path.stem] == path.with_suffix(".txt").read_text(), path.stem
    source: dict = {}
    exec(REFUSALS, source)
    first = json.loads(sorted(GOLDEN.glob("*.json"))[0].read_text())
    assert seen["refused"] == source["refusals"](first)
    assert len(seen["refused"]) == 13 and {kind for kind, _ in seen["refused"]} <= {
        "RecordError", "IllegalDecisionError"}, seen["refused"]
    for (seed, a, b), got in zip(PAIRS, seen["duels"], strict=True):
        duel = play(seed, a, b)
        stored = [f.to_json() for f in duel.facts]
        assert got["facts"] == stored, (seed, a, b)
        assert got["state"] == duel.to_json(), (seed, a, b)
        assert got["replayed"] == state_json(replay_facts(duel.setup, stored), None) == \
            state_json(duel.state, None), (seed, a, b)



def test_an_interpreted_fighter_plugs_into_the_compiled_build(compiled: Path) -> None:
    """A fighter in one test module (``tests/judge/fighters/testfighter.py``), imported
    interpreted by a process that runs the compiled build, judges as the source does."""
    from tests.judge.fighters.test_testfighter import compiled_playthrough

    compiled_playthrough(compiled)
