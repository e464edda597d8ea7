"""``judge fighters``: every fighter with its cards, as text or data, and the doubtful values
the card data chose (``--doubts``) beside the switchable rulings (``rulings``: each with its
readings, default and recommended), through the default ruleset's catalogue."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from judge import registry
from judge.errors import JudgeError


def _signed(value: Any, style: bool) -> str:
    if isinstance(value, list):
        lo, hi = value
        if lo == hi:
            return f"{lo:+d}" if style else str(lo)
        return f"{lo:+d}~{hi:+d}" if style else f"{lo}~{hi}"
    if isinstance(value, int) and style:
        return f"{value:+d}"
    return str(value)


def card_line(card: dict[str, Any]) -> str:
    """One card as a line: kind, name, the numbers it prints, its effects."""
    style = card["kind"] == "style"
    parts = [f"range {_signed(card['range'], style)}", f"power {_signed(card['power'], style)}",
             f"priority {_signed(card['priority'], style)}"]
    parts += [f"{label} {card[key]}" for key, label in (("soak", "soak"),
                                                        ("stun_guard", "stun guard"))
              if card[key]]
    if card["stun_immunity"]:
        parts.append("stun immunity")
    effects = "; ".join(card["effects"])
    return f"  {card['kind']:<9}{card['name']:<22}{', '.join(parts)}" + (
        f" -- {effects}" if effects else "") + older(card)


def older(card: dict[str, Any]) -> str:
    """A card's 2011 differences (the ``battlecon-2011`` catalogue's), each with its passage."""
    said = "; ".join(f"{d['field']} {d['value']} (2014: {d['value_2014']}; {d['passage']})"
                     for d in card.get("differences_2011", []))
    return f" [2011: {said}]" if said else ""


def fighter_lines(f: dict[str, Any]) -> list[str]:
    lines = [f"{f['name']} ({f['id']})"]
    if f.get("ability"):
        effects = "; ".join(f["ability"]["effects"])
        lines.append(f"  ability  {f['ability']['name']}" + (f": {effects}" if effects else "")
                     + older(f["ability"]))
    lines += [card_line(c) for c in f["styles"] + [f["unique_base"]] + f["finishers"]]
    if f["tokens"]:
        lines.append("  tokens   " + ", ".join(t["name"] for t in f["tokens"]))
    if f["counters"]:
        lines.append("  counters " + ", ".join(f["counters"]))
    return lines


def doubt_line(d: dict[str, Any]) -> str:
    also = f" (also: {', '.join(json.dumps(a) for a in d['alternatives'])})" \
        if d["alternatives"] else ""
    return f"{d['card']}.{d['field']} = {json.dumps(d['value'])}{also} [{d['source']}]: {d['why']}"


def ruling_line(ruling: str, spec: dict[str, Any]) -> str:
    """A switchable ruling as a line: its readings, what a record naming none reads
    (``default``) and what a new duel names (``recommended``)."""
    readings = "; ".join(f"{json.dumps(r['value'])}: {r['text']}" for r in spec["readings"])
    return (f"ruling {ruling} ({spec['rule']}: {spec['title']}) default "
            f"{json.dumps(spec['default'])}, recommended {json.dumps(spec['recommended'])} -- "
            f"{readings}")


def _ruleset(name: str | None) -> Any:
    """The BattleCON ruleset or profile named (``battlecon-2011``), else the default; a
    JudgeError for a ruleset without fighters (ART O BATTLERS: ``judge characters``)."""
    rules = registry.find(name) if name else registry.default()
    if "fighters" not in rules.catalogue():
        raise JudgeError(f"{rules.name} has no fighters; judge fighters lists BattleCON's "
                         "(battlecon-2014, battlecon-2011).", "cli")
    return rules


def cmd_fighters(args: argparse.Namespace) -> int:
    rules = _ruleset(getattr(args, "ruleset", None))
    out = sys.stdout
    if args.doubts:
        doubts, rulings = rules.doubts(), rules.rulings()
        if args.json:
            out.write(json.dumps({"doubts": doubts, "rulings": rulings}, indent=2,
                                 ensure_ascii=False) + "\n")
        else:
            out.writelines(doubt_line(d) + "\n" for d in doubts)
            out.writelines(ruling_line(k, spec) + "\n" for k, spec in rulings.items())
        return 0
    fighters = rules.catalogue()["fighters"]
    if args.json:
        out.write(json.dumps(fighters, indent=2, ensure_ascii=False) + "\n")
        return 0
    for f in fighters:
        out.writelines(line + "\n" for line in fighter_lines(f))
    return 0
