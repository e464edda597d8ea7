"""Instruction counts of the engine's hot paths, run on demand (needs valgrind):
``python benchmarks/instructions.py [--what rejudge random replay]``.

Wall-clock figures (``run.py``) move by 10-30 % on a busy machine; instructions counted by
callgrind (``PYTHONHASHSEED=0``) do not, so they are the before/after figure of a change to
the rules core. Prints one JSON object per figure, as ``run.py`` does, in millions of
instructions:
- ``rejudge_15_beat_duel_minstr``: one re-judge of ``run.py``'s recorded 15-beat duel;
- ``random_duels_4_minstr``: the first four seeded random duels of ``run.py``'s four
  fighters (Cadenza, Hikaru, Kallistar, Khadath), as new duels are made (today's rules);
- ``fact_replay_minstr``: one rebuild of the 15-beat duel's state from its stored facts.

Each figure is (the count of the work done 1 + N times, less the count of doing it once)
/ N, so start-up, imports and the set-up cancel out. Runs the build that is installed:
``bash scripts/compile.sh`` first for the compiled figures (docs/compiled.md).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WORK = ("rejudge", "random", "replay")
TIMES = 3  # extra runs of the work in the second count


def work(what: str, times: int) -> None:
    """Set up, then do ``what`` ``times`` times (the process callgrind counts)."""
    sys.path.insert(0, str(ROOT))
    from benchmarks.run import FOUR, fifteen_beat_record
    from judge.battlecon import Duel, replay_facts
    from judge.battlecon.playout import play

    record = fifteen_beat_record()
    stored = Duel.from_record(record)
    setup, facts = stored.setup, [f.to_json() for f in stored.facts]
    pairs = [(a, b) for a in FOUR for b in FOUR][:4]
    for _ in range(times):
        if what == "rejudge":
            Duel.from_record(record)
        elif what == "replay":
            replay_facts(setup, facts)
        else:
            for n, (f0, f1) in enumerate(pairs):
                play(n, f0, f1)


def counted(what: str, times: int) -> int:
    """Instructions callgrind counts for ``work(what, times)`` in a fresh process."""
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
         __file__, "--work", what, "--times", str(times)],
        env=env, capture_output=True, text=True, check=True)
    found = re.search(r"Collected\s*:\s*(\d+)", done.stderr)
    if found is None:
        raise SystemExit(f"instructions.py: no count in valgrind's output:\n{done.stderr}")
    return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--what", nargs="*", choices=WORK, default=list(WORK))
    parser.add_argument("--work", choices=WORK, help=argparse.SUPPRESS)
    parser.add_argument("--times", type=int, default=1, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.work:
        work(args.work, args.times)
        return
    names = {"rejudge": "rejudge_15_beat_duel_minstr", "random": "random_duels_4_minstr",
             "replay": "fact_replay_minstr"}
    for what in args.what:
        once, more = counted(what, 1), counted(what, 1 + TIMES)
        print(json.dumps({"name": names[what], "value": round((more - once) / TIMES / 1e6, 2),
                          "unit": "M instructions"}), flush=True)


if __name__ == "__main__":
    main()
