"""The compiled build (``scripts/compile.sh``, docs/compiled.md) judges exactly as the Python
source does.

The compiled build compared is the one installed (``scripts/setup.sh`` builds it where a C
compiler is present, and the whole suite then runs on it), else one built in a copy of the
rules core (about a minute of CPU). A process running it and a process running the source
(``JUDGE_BUILD=pure``, which hides every compiled module) each re-judge every golden record,
play seeded duels over the eighteen fighters (fighters whose own facts extend the compiled
ones included) and replay their stored facts; every narrative line, fact and state must be
the same, and the goldens'. Skipped, saying why, where there is no C compiler."""

from __future__ import annotations

import itertools
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from judge.battlecon.playout import FIGHTERS
from judge.builds import compiled_modules

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

# Run in each build: what it judges, as JSON on stdout.
PROBE = REFUSALS + """
import json, sys
from pathlib import Path
from judge.battlecon import Duel, facts
from judge.battlecon.narrative import lines
from judge.battlecon.notation import state_json
from judge.battlecon.playout import play
from judge.battlecon.replay import replay_facts
assert facts.__file__.endswith(".so") == (sys.argv[3] == "compiled"), facts.__file__
golden = {p.stem: "\\n".join(lines(Duel.from_record(json.loads(p.read_text())))) + "\\n"
          for p in sorted(Path(sys.argv[1]).glob("*.json"))}
duels = []
for seed, a, b in json.loads(sys.argv[2]):
    duel = play(seed, a, b)
    stored = [f.to_json() for f in duel.facts]
    duels.append({"facts": stored, "state": duel.to_json(),
                  "replayed": state_json(replay_facts(duel.setup, stored), None),
                  "judged": state_json(duel.state, None)})
first = json.loads(sorted(Path(sys.argv[1]).glob("*.json"))[0].read_text())
print(json.dumps({"golden": golden, "duels": duels, "refused": refusals(first)}))
"""


@pytest.fixture(scope="module")
def compiled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where the compiled build is: this repository if it runs compiled, else a copy."""
    if "judge.battlecon.facts" in compiled_modules():
        return ROOT  # scripts/setup.sh built it; the package refuses a stale build
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


def probe(where: Path, which: str) -> dict:
    """What ``PROBE`` judges in ``where``, as ``which`` build ("compiled", or "pure": the
    source, every compiled module hidden by ``JUDGE_BUILD=pure``)."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "JUDGE_BUILD")}
    if which == "pure":
        env["JUDGE_BUILD"] = "pure"
    ran = subprocess.run([sys.executable, "-c", PROBE, str(GOLDEN), json.dumps(PAIRS), which],
                         cwd=where, env=env, capture_output=True, text=True)
    assert ran.returncode == 0, ran.stderr[-3000:]
    return dict(json.loads(ran.stdout))


def test_the_compiled_build_judges_as_the_source_does(compiled: Path) -> None:
    seen, source = probe(compiled, "compiled"), probe(ROOT, "pure")
    for path in sorted(GOLDEN.glob("*.json")):
        assert seen["golden"][path.stem] == path.with_suffix(".txt").read_text(), path.stem
    assert seen["golden"] == source["golden"]
    assert seen["refused"] == source["refused"]
    assert len(seen["refused"]) == 13 and {kind for kind, _ in seen["refused"]} <= {
        "RecordError", "IllegalDecisionError"}, seen["refused"]
    for (seed, a, b), got, want in zip(PAIRS, seen["duels"], source["duels"], strict=True):
        assert got["facts"] == want["facts"], (seed, a, b)
        assert got["state"] == want["state"], (seed, a, b)
        assert got["replayed"] == want["replayed"] == want["judged"] == got["judged"], (seed, a, b)


def test_an_interpreted_fighter_plugs_into_the_compiled_build(compiled: Path) -> None:
    """A fighter in one test module (``tests/judge/fighters/testfighter.py``), imported
    interpreted by a process that runs the compiled build, judges as the source does."""
    from tests.judge.fighters.test_testfighter import compiled_playthrough

    compiled_playthrough(compiled)
