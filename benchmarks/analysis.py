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


def bench_analysis(limit: int | None) -> dict[str, Any]:
    """Seconds per beat start: median, max, and each start's figure."""
    from judge.battlecon.analysis import analyse_state

    each: list[dict[str, Any]] = []
    for name, state in beat_starts(limit):
        start = time.perf_counter()
        analysis = analyse_state(state)
        each.append({"start": name, "s": round(time.perf_counter() - start, 3),
                     "size": [len(side) for side in analysis["pairs"]],
                     "nested": len(analysis["clashes"])})
    times = [e["s"] for e in each]
    return {"median": statistics.median(times) if times else 0.0,
            "max": max(times, default=0.0), "starts": each}
