"""The ``judge`` command line: replay records now; storage and serving come later."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from judge import Duel, JudgeError, RecordError
from judge.narrative import lines
from judge.notation import state_json


def _load(path: str) -> dict:
    try:
        with open(path, encoding="utf-8") as fh:
            return json.load(fh)
    except OSError as err:
        raise RecordError(f"Cannot read {path}: {err.strerror}.", "record") from err
    except json.JSONDecodeError as err:
        raise RecordError(f"{path} is not valid JSON: {err.msg} at line {err.lineno}, "
                          f"column {err.colno}.", "record") from err


def cmd_replay(args: argparse.Namespace) -> int:
    duel = Duel.from_record(_load(args.record))
    out = sys.stdout
    if args.events:
        for n, (kind, e) in enumerate(duel.events, 1):
            if kind == "fact":
                out.write(json.dumps({"event": n} | e.to_json(), ensure_ascii=False) + "\n")
        return 0
    if args.at is not None or args.json:
        if args.at is not None:
            if not 0 <= args.at <= len(duel.events):
                raise RecordError(f"--at must be between 0 and {len(duel.events)} (the number "
                                  "of events).", "cli")
            state = state_json(duel.state_at(args.at), _need_at(duel, args.at))
        else:
            state = duel.to_json()
        out.write(json.dumps(state, indent=2, ensure_ascii=False) + "\n")
        return 0
    for line in lines(duel):
        out.write(line + "\n")
    return 0


def _need_at(duel: Duel, n: int):
    """The prompt at event n when the duel was waiting there, else None (mid-resolution)."""
    from judge import engine

    if n == len(duel.events):
        return duel.need
    nxt = duel.events[n][0] if n < len(duel.events) else None
    if nxt != "decision":
        return None
    try:
        return engine.current_need(duel.state_at(n))
    except engine.EngineError:
        return None


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="judge", description="BattleCON rules judge.")
    sub = parser.add_subparsers(dest="command", required=True)
    replay = sub.add_parser("replay", help="replay a duel record and print its narrative")
    replay.add_argument("record", help="a battlecon-record/1 JSON file")
    group = replay.add_mutually_exclusive_group()
    group.add_argument("--json", action="store_true", help="print the final state as JSON")
    group.add_argument("--at", type=int, metavar="N",
                       help="print the state after the first N events as JSON")
    group.add_argument("--events", action="store_true", help="print the facts as JSON lines")
    replay.set_defaults(func=cmd_replay)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except RecordError as err:
        where = f"decision {err.index}: " if err.index is not None else ""
        reason = err.reason
        if err.index is not None and reason.startswith(f"Decision {err.index} "):
            where = ""
        print(f"judge: {where}{reason} [rule {err.rule}]", file=sys.stderr)
        return 2
    except JudgeError as err:
        print(f"judge: {err.reason} [rule {err.rule}]", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
