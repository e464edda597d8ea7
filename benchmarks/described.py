"""Described decisions at scale, run on demand: ``python benchmarks/described.py``.

Prints one JSON object per figure: {"name", "value", "unit"} (one process, one core).

- ``advance_<n>_team_ms``: judging the opening of an Advance Play match whose teams are
  ``n`` one-globe characters a side (copies of Volt Wisp and Gearback with one level globe):
  both teams, both layouts (one character in the battle zone), the start roll, the
  placement review bringing all ``n`` to the battle zone (a crowded turn action: its
  attacks and side attacks described, judge/artobattlers/crowded.py), an attack, its reply
  die and the other player's review bringing all of his, with every prompt built; the
  median of ``--runs`` runs. Before placements were described, 16 characters took 3.5 s and a 61 MB
  state and 20 ran out of memory (issue 27 item 12).
- ``advance_<n>_largest_prompt_bytes``: the largest prompt JSON met on the way.
- ``nullify_100000_pp_prompt_bytes``: the reply prompt of a defender with 100,000 PP and
  a nullify of 30 PP (3,333 multiples; 13.7 MB when each was listed).
"""

from __future__ import annotations

import argparse
import copy
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from judge import registry  # noqa: E402

RULES = registry.find("artobattlers")
SAMPLE = {c["id"]: c for c in RULES.catalogue()["sets"]["artobattlers-sample-v1"]["characters"]}


def variant(base: str, new_id: str, **fields: Any) -> dict[str, Any]:
    data = copy.deepcopy(SAMPLE[base])
    data.update(id=new_id, name=new_id.replace("-", " ").title(), **fields)
    data.pop("sample", None)
    return data


def opening(n: int) -> int:
    """Judge the opening of an ``n``-character Advance Play match; the largest prompt."""
    chars = [variant("volt-wisp", "wisp-one", level_globes=1),
             variant("gearback", "gear-one", level_globes=1)]
    setup = {"format": "advance_play", "level_globe_total": n, "characters": chars,
             "rulings": {}, "players": [{"name": "Ana"}, {"name": "Ben"}]}
    m = RULES.from_record({"ruleset": "artobattlers", "setup": setup, "decisions": []})
    largest = len(json.dumps(m.prompt))
    decisions: list[Any] = [
        {"player": 0, "kind": "team", "characters": ["gear-one"] * (n // 2) + ["wisp-one"] * (n - n // 2)},
        {"player": 1, "kind": "team", "characters": ["gear-one"] * n},
        lambda: _layout(m, 0, 1), lambda: _layout(m, 1, 1),
        {"player": 0, "kind": "start_die", "value": 6},
        {"player": 1, "kind": "start_die", "value": 1},
        lambda: _layout(m, 0, n),
        lambda: {"player": 0, "kind": "attack", "character": m.state.battle(0)[-1].id,
                 "move": "spark-needle", "target": m.state.battle(1)[0].id},
        {"player": 1, "kind": "die", "value": 1},
        lambda: _layout(m, 1, n)]
    for d in decisions:
        m.decide(d() if callable(d) else d)
        largest = max(largest, len(json.dumps(m.prompt)))
    return largest


def _layout(m: Any, p: int, battle: int) -> dict[str, Any]:
    ids = [f.id for f in m.state.in_play(p)]
    return {"player": p, "kind": "placement", "battle_zone": ids[:battle],
            "inactive_zone": ids[battle:]}


def nullify_prompt_bytes() -> int:
    rich = variant("volt-wisp", "rich-wisp",
                   power_points={"start": 100_000, "limit": 100_000})
    setup = {"format": "simple_duel", "characters": [SAMPLE["ember-knight"], rich],
             "rulings": {}, "players": [{"name": "Ana"}, {"name": "Ben"}]}
    m = RULES.from_record({"ruleset": "artobattlers", "setup": setup, "decisions": [
        {"player": 0, "kind": "team", "characters": ["ember-knight"]},
        {"player": 1, "kind": "team", "characters": ["rich-wisp"]},
        {"player": 0, "kind": "start_die", "value": 6},
        {"player": 1, "kind": "start_die", "value": 1},
        {"player": 0, "kind": "attack", "character": "ember-knight", "striker": False,
         "move": "flame-combo", "target": "rich-wisp", "pay": None, "sacrifice": False}]})
    return len(json.dumps(m.prompt))


def emit(name: str, value: float, unit: str) -> None:
    print(json.dumps({"name": name, "value": value, "unit": unit}), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="16,20,40,100")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    for n in (int(x) for x in args.sizes.split(",")):
        times, largest = [], 0
        for _ in range(args.runs):
            start = time.perf_counter()
            largest = opening(n)
            times.append((time.perf_counter() - start) * 1000)
        emit(f"advance_{n}_team_ms", round(statistics.median(times), 1), "ms")
        emit(f"advance_{n}_largest_prompt_bytes", largest, "bytes")
    emit("nullify_100000_pp_prompt_bytes", nullify_prompt_bytes(), "bytes")


if __name__ == "__main__":
    main()
