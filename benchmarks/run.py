"""Engine benchmarks, run on demand: ``python benchmarks/run.py [--seconds S]``.

Prints one JSON object per figure: {"name", "value", "unit"}. Single process,
so one core. Figures:
- random_duels_per_s: whole seeded random duels (choosing uniformly among legal
  options), the 16 pairings of the first four fighters (Cadenza, Hikaru, Kallistar,
  Khadath) in turn, Special Actions on: comparable with the figures of earlier releases;
- random_duels_12_fighters_per_s: the same over all 144 pairings of roster part 1's twelve
  fighters (comparable with the previous release);
- random_duels_18_fighters_per_s: the same over all 324 pairings of the eighteen;
- artobattlers_matches_per_s: whole random ART O BATTLERS simple duels (the four sample
  characters, uniform among legal options and die faces), judged by the same interface;
- artobattlers_advance_matches_per_s: whole random ART O BATTLERS Advance Play matches
  (teams of the four sample characters adding up to 8, 10, 12 or 15 level globes, drawn
  in turn; teams, layouts, placement reviews and side attacks chosen uniformly among the
  legal options like every other decision);
- rejudge_duels_per_s: replaying (re-judging) the decisions of a recorded
  15-beat duel from its record;
- rejudge_facts_per_s: facts produced per second while re-judging;
- analysis_beat_start_s: seconds to analyse one beat start (docs/analysis.md, every pair
  against every pair solved to the end of the beat), median (``value``) and ``max`` over
  the beat starts of the golden duels, with ``--analysis-starts K`` (the first K; -1: all
  241; ``--analysis-budget S``: at most S CPU seconds each, a start that runs out counted
  as unfinished). Off by default: some beat starts take minutes (docs/analysis.md, Figures);
- fact_replay_duels_per_s: rebuilding that duel's final state from its stored facts
  (their JSON, as the store keeps them), without judging anything.

The first line, ``compiled``, counts the rules core's modules that ran compiled (0: pure
Python) and names them: ``bash scripts/compile.sh`` builds them with mypyc (a few minutes),
``bash scripts/compile.sh --clean`` goes back to pure Python; run this file after either to
get the compiled or the pure figures (docs/compiled.md).

With ``--store``, the event-store figures of ``benchmarks/store.py`` follow the engine
figures: the projector's state after any event against the library's
``repository.get(id, version=N)``, a cold rebuild from SQLite, and decisions appended per
second into a SQLite file and into PostgreSQL.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from judge import Duel, replay_facts  # noqa: E402
from judge.battlecon.playout import FIGHTERS, play  # noqa: E402
from judge.builds import compiled_modules  # noqa: E402


def bench_artobattlers(seconds: float, advance: bool = False) -> float:
    """Random ART O BATTLERS matches through the registry (as the service judges them):
    simple duels, or Advance Play matches whose teams are chosen from the team prompt."""

    from judge import registry
    from judge.described import random_decision

    rules = registry.find("artobattlers")
    names = [c["id"] for c in next(iter(rules.catalogue()["sets"].values()))["characters"]]
    n, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        rng = random.Random(n)
        match = rules.from_record(_artobattlers_record(rng, names, advance, n))
        for _ in range(2000):  # a guard: the playout tests see every match end far sooner
            if match.over:
                break
            match.decide(random_decision(match.prompt, rng))
        n += 1
    return n / (time.perf_counter() - start)


ADVANCE_TOTALS = (8, 10, 12, 15)


def _artobattlers_record(rng: random.Random, names: list[str], advance: bool, n: int) -> dict:
    """A simple duel with its two teams drawn, or an Advance Play match with none yet (the
    team prompt offers every legal team for its level globe total)."""
    players = [{"name": "A"}, {"name": "B"}]
    if advance:
        setup = {"format": "advance_play", "characters": "artobattlers-sample-v1",
                 "level_globe_total": ADVANCE_TOTALS[n % len(ADVANCE_TOTALS)],
                 "rulings": {}, "players": players}
        return {"ruleset": "artobattlers", "setup": setup, "decisions": []}
    setup = {"format": "simple_duel", "characters": "artobattlers-sample-v1", "rulings": {},
             "players": players}
    return {"ruleset": "artobattlers", "setup": setup, "decisions": [
        {"player": i, "kind": "team", "characters": [rng.choice(names)]} for i in (0, 1)]}


def emit(name: str, value: float, unit: str, **more: object) -> None:
    print(json.dumps({"name": name, "value": round(value, 2), "unit": unit, **more}), flush=True)


def fifteen_beat_record() -> dict:
    """A recorded duel that lasts all 15 beats (the longest a duel gets)."""
    for seed in itertools.count():
        duel = play(seed, "cadenza", "khadath")
        if duel.state.end_reason in ("time", "time_draw"):
            return duel.to_record()
    raise AssertionError("unreachable")


FOUR = ("cadenza", "hikaru", "kallistar", "khadath")
TWELVE = ("cadenza", "demitras", "heketch", "hikaru", "kallistar", "kehrolyn", "khadath", "lixis",
          "luc", "magdelina", "rukyuk", "vanaah")


def bench_random(seconds: float, fighters: tuple[str, ...] = FOUR) -> float:
    pairs = list(itertools.product(fighters, fighters))
    n, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        f0, f1 = pairs[n % len(pairs)]
        play(n, f0, f1)
        n += 1
    return n / (time.perf_counter() - start)


def bench_rejudge(record: dict, seconds: float) -> tuple[float, float]:
    n, facts, start = 0, 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        duel = Duel.from_record(record)
        facts += len(duel.facts)
        n += 1
    elapsed = time.perf_counter() - start
    return n / elapsed, facts / elapsed


def bench_fact_replay(record: dict, seconds: float) -> float:
    duel = Duel.from_record(record)
    setup, stored = duel.setup, [f.to_json() for f in duel.facts]
    n, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        replay_facts(setup, stored)
        n += 1
    return n / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per figure")
    parser.add_argument("--store", action="store_true",
                        help="also the event-store figures (benchmarks/store.py)")
    parser.add_argument("--store-seconds", type=float, default=3.0,
                        help="time per event-store figure")
    parser.add_argument("--analysis-starts", type=int, default=0, metavar="K",
                        help="analysis_beat_start_s over the first K golden beat starts "
                        "(-1: all; default 0: skipped, a beat start takes minutes today)")
    parser.add_argument("--analysis-budget", type=float, default=0.0, metavar="S",
                        help="CPU seconds each analysed beat start may take (default 0: no "
                        "limit); a start that runs out counts as unfinished")
    args = parser.parse_args()
    modules = compiled_modules()  # never a stale build: judge.battlecon.speed.build
    emit("compiled", len(modules), "modules", modules=modules)
    emit("random_duels_per_s", bench_random(args.seconds), "duels/s")
    emit("random_duels_12_fighters_per_s", bench_random(args.seconds, TWELVE), "duels/s")
    emit("random_duels_18_fighters_per_s", bench_random(args.seconds, FIGHTERS), "duels/s")
    emit("artobattlers_matches_per_s", bench_artobattlers(args.seconds), "matches/s")
    emit("artobattlers_advance_matches_per_s", bench_artobattlers(args.seconds, advance=True),
         "matches/s")
    record = fifteen_beat_record()
    per_s, facts_per_s = bench_rejudge(record, args.seconds)
    emit("rejudge_15_beat_duel_per_s", per_s, "duels/s")
    emit("rejudge_facts_per_s", facts_per_s, "facts/s")
    emit("fact_replay_duels_per_s", bench_fact_replay(record, args.seconds), "duels/s")
    emit("recorded_duel_decisions", len(record["decisions"]), "decisions")
    if args.analysis_starts != 0:
        from benchmarks.analysis import bench_analysis

        found = bench_analysis(None if args.analysis_starts < 0 else args.analysis_starts,
                               args.analysis_budget)
        emit("analysis_beat_start_s", found["median"], "s", max=found["max"],
             unfinished=found["unfinished"], by_kind=found["by_kind"], starts=found["starts"])
    if args.store:
        import importlib.util

        spec = importlib.util.spec_from_file_location(
            "benchmarks_store", Path(__file__).resolve().with_name("store.py"))
        store = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(store)
        store.run(args.store_seconds)


if __name__ == "__main__":
    main()
