"""The beat analysis's figure for ``benchmarks/run.py``: ``analysis_beat_start_s``, the
seconds to analyse one beat start (docs/analysis.md), median and max over the beat starts
of the golden duels (tests/judge/golden), each with its table's size."""

from __future__ import annotations

import json
import statistics
import time
from pathlib import Path
from typing import Any

GOLDEN = Path(__file__).resolve().parents[1] / "tests" / "judge" / "golden"


def beat_starts(limit: int | None) -> list[tuple[str, Any]]:
    """(name, state) of every beat start of the golden duels, in order (``limit``: the
    first so many)."""
    from judge.battlecon.analysis.starts import beat_starts as starts
    from judge.battlecon.duel import Duel

    found: list[tuple[str, Any]] = []
    for path in sorted(GOLDEN.glob("*.json")):
        duel = Duel.from_record(json.loads(path.read_text(encoding="utf-8")))
        for n, beat in starts(duel):
            if limit is not None and len(found) >= limit:
                return found
            found.append((f"{path.stem} beat {beat}", duel.state_at(n)))
    return found


def bench_analysis(limit: int | None, budget: float = 0.0) -> dict[str, Any]:
    """Seconds per beat start: median, max, and each start's figure (``s`` wall-clock,
    ``cpu_s`` this process's CPU time, which other work on the machine does not inflate).
    ``budget``: when positive, the CPU seconds a start may take; a start that runs out is
    marked ``"done": false`` and counts with the time it took (a lower bound)."""
    from judge.battlecon.analysis import Budget, BudgetExceeded, analyse_state

    each: list[dict[str, Any]] = []
    for name, state in beat_starts(limit):
        start, cpu = time.perf_counter(), time.process_time()
        figure: dict[str, Any] = {"start": name, "special_action": offers_special(state)}
        try:
            analysis = analyse_state(state, Budget(budget, clock=time.process_time)
                                     if budget > 0 else None)
            figure.update(size=[len(side) for side in analysis["pairs"]],
                          nested=len(analysis["clashes"]), done=True)
        except BudgetExceeded:
            figure["done"] = False
        figure.update(s=round(time.perf_counter() - start, 3),
                      cpu_s=round(time.process_time() - cpu, 3))
        each.append(figure)
    times = [e["s"] for e in each]
    return {"median": statistics.median(times) if times else 0.0,
            "max": max(times, default=0.0), "unfinished": sum(not e["done"] for e in each),
            "by_kind": {kind: summary([e for e in each if e["special_action"] == sa])
                        for kind, sa in (("standard", False), ("special_action", True))},
            "starts": each}


def offers_special(state: Any) -> bool:
    """Whether a pair with the Special Action is among the beat start's choices (variant 2
    of the 2014 rules): a Cancel then makes a whole new beat start a nested game."""
    from judge.battlecon.analysis.beat import beat_start_need
    from judge.battlecon.state import SPECIAL_ACTION

    return any(getattr(o, "style", None) == SPECIAL_ACTION
               for o in beat_start_need(state).options)


def summary(each: list[dict[str, Any]]) -> dict[str, Any]:
    """Median and max of some starts' wall-clock and CPU seconds, and how many finished."""
    if not each:
        return {"starts": 0}
    wall, cpu = [e["s"] for e in each], [e["cpu_s"] for e in each]
    return {"starts": len(each), "finished": sum(e["done"] for e in each),
            "median_s": statistics.median(wall), "max_s": max(wall),
            "median_cpu_s": statistics.median(cpu), "max_cpu_s": max(cpu)}
