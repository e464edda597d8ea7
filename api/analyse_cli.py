"""``judge analyse``: a beat start as a matrix game (docs/analysis.md), as JSON or as a
table in the game's words with each side's mix."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from api.jsonfile import read_json
from judge import registry
from judge.errors import RecordError

POSITION_FORMAT = "battlecon-position/1"




def _position_record(position: Any) -> dict[str, Any]:
    """A record with no decisions that starts from ``position`` (the default ruleset's)."""
    if not isinstance(position, dict) or position.get("format") != POSITION_FORMAT:
        raise RecordError(f"--position needs a {POSITION_FORMAT} JSON object.", "cli")
    return {"format": "battlecon-record/1", "ruleset": "battlecon-2014",
            "position": position, "decisions": []}


def cmd_analyse(args: argparse.Namespace) -> int:
    if args.position is not None:
        record, beat, at = _position_record(read_json(args.position)), None, 0
    else:
        if args.record is None:
            raise RecordError("Name a record file (or --position FILE).", "cli")
        if args.beat is None and args.at is None:
            raise RecordError("Name the beat start: --beat B or --at N (or --position FILE "
                              "with no record).", "cli")
        record, beat, at = read_json(args.record), args.beat, args.at
    rules = registry.of_record(record)
    match = rules.from_record(record)
    analysis = rules.analyse(match, beat=beat, at=at)
    if args.json:
        sys.stdout.write(json.dumps(analysis, ensure_ascii=False) + "\n")
    else:
        sys.stdout.write(table_words(analysis))
    return 0


def _mix_words(labels: list[str], mix: list[float]) -> list[str]:
    played = sorted(((p, k) for k, p in enumerate(mix) if p > 1e-9), reverse=True)
    return [f"  {p:6.1%}  {labels[k]}" for p, k in played]


def table_words(analysis: dict[str, Any]) -> str:
    """The analysis as text: each side's mix, the value, the table (rows: player 0)."""
    names = analysis.get("players") or ["Player 0", "Player 1"]
    labels = analysis.get("labels") or [[str(c) for c in side] for side in analysis["pairs"]]
    out = [f"Beat {analysis['beat']}: {len(labels[0])} choices for {names[0]} against "
           f"{len(labels[1])} for {names[1]}.", f"Evaluation: {analysis['evaluation']}.",
           f"Value for {names[0]}: {analysis['value']:+.2f}."]
    for side in (0, 1):
        mix = analysis["mix"][side]
        pure = [labels[side][k] for k, p in enumerate(mix) if p > 1 - 1e-9]
        head = f"{names[side]} plays " + (f"{pure[0]} (a pure strategy)" if pure else "a mix")
        out += [head + ":", *_mix_words(labels[side], mix)]
    dominated = [p for p in analysis["pruned"] if p["why"] == "strictly dominated"]
    out.append(f"Pruned before solving: {len(analysis['pruned'])} "
               f"({len(dominated)} strictly dominated, the rest duplicates).")
    out.append("")
    out += _grid(analysis, labels)
    return "\n".join(out) + "\n"


def _grid(analysis: dict[str, Any], labels: list[list[str]]) -> list[str]:
    """The table: a row per choice of player 0, columns numbered (key below)."""
    width = max(len(w) for w in labels[0])
    head = " " * width + " | " + " ".join(f"{j + 1:>5}" for j in range(len(labels[1])))
    rows = [f"{labels[0][i]:<{width}} | " + " ".join(
        f"{_cell(v, f'{i},{j}' in analysis['clashes']):>5}" for j, v in enumerate(row))
        for i, row in enumerate(analysis["table"])]
    key = [f"  {j + 1:>3}: {w}" for j, w in enumerate(labels[1])]
    return [head, *rows, "", "Columns:", *key,
            "(* a Clash or another face-down choice inside the beat: the nested game's value)"]


def _cell(value: float, clash: bool) -> str:
    return f"{value:.3g}" + ("*" if clash else "")


def add_parser(sub: Any) -> argparse.ArgumentParser:
    """The ``analyse`` subcommand."""
    p = sub.add_parser("analyse", help="analyse a beat start as a matrix game: every pair "
                       "against every pair, and each side's optimal mix")
    p.add_argument("record", nargs="?", help="a battlecon-record/1 JSON file")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--beat", type=int, metavar="B", help="the start of beat B")
    where.add_argument("--at", type=int, metavar="N",
                       help="the first beat start at or after event N")
    where.add_argument("--position", metavar="FILE",
                       help="a battlecon-position/1 file (no record)")
    p.add_argument("--json", action="store_true", help="print the analysis as JSON")
    p.set_defaults(func=cmd_analyse)
    return p
