"""The duel record ``battlecon-record/1``: setup plus decisions, as plain JSON.

``parse_setup`` checks everything but the decisions and fills in the printed
defaults (suggested discards, Finisher side a); the engine judges decisions.
"""

from __future__ import annotations

import copy
import functools
import json
from importlib import resources
from typing import Any

from judge.battlecon.fighters import card, fighter, fighter_ids, has_fighter
from judge.errors import RecordError

FORMAT = "battlecon-record/1"
RULESET = "battlecon-2014"
DEFAULT_OPTIONS = {"special_actions": True, "ante_finishers": False, "time_limit": True,
                   "rulings": {}}
KNOWN_RULINGS = {"lure-power": (0, -1)}
DECISION_KINDS = ("attack_pair", "ante", "pass", "clash_base", "move", "place", "may", "pick",
                  "arrange", "order", "concede")


SCHEMA_FILES = ("record", "setup", "state")  # judge/battlecon/schema/<name>.schema.json


@functools.cache
def _shipped_schema(name: str) -> dict:
    """A schema file, read once per process: the API serves the schemas on every catalogue
    request, and the files never change while it runs."""
    if name not in SCHEMA_FILES:
        raise KeyError(name)
    path = f"schema/{name}.schema.json"
    return json.loads(resources.files("judge.battlecon").joinpath(path).read_text("utf-8"))


def shipped_schema(name: str) -> dict:
    """The JSON Schema ``<name>.schema.json`` shipped with the package, as written (its
    references to the other files by ``$id`` unresolved). A copy: the cached one is shared."""
    return copy.deepcopy(_shipped_schema(name))


def schema() -> dict:
    """The record's JSON Schema shipped with the package."""
    return shipped_schema("record")


def parse_setup(data: Any) -> dict:
    """A normalised setup (players, options, first_to_ante) or a RecordError."""
    if not isinstance(data, dict):
        raise RecordError("A duel record must be a JSON object.", "record")
    if data.get("format") != FORMAT:
        raise RecordError(f"Unknown record format {data.get('format')!r}; expected {FORMAT!r}.",
                          "record.format")
    if data.get("ruleset", RULESET) != RULESET:
        raise RecordError(f"Unknown ruleset {data.get('ruleset')!r}; expected {RULESET!r}.",
                          "record.ruleset")
    options = dict(DEFAULT_OPTIONS)
    raw = data.get("options", {})
    if not isinstance(raw, dict):
        raise RecordError("options must be an object.", "record.options")
    for key, value in raw.items():
        if key not in DEFAULT_OPTIONS:
            raise RecordError(f"Unknown option {key!r}.", "record.options")
        if key == "rulings":
            if not isinstance(value, dict):
                raise RecordError("options.rulings must be an object.", "record.options")
            for rk, rv in value.items():
                if rk not in KNOWN_RULINGS or type(rv) is not int or rv not in KNOWN_RULINGS[rk]:
                    raise RecordError(f"Unknown ruling {rk}={rv!r}; known: {KNOWN_RULINGS}.",
                                      "record.options")
        elif not isinstance(value, bool):
            raise RecordError(f"Option {key} must be true or false.", "record.options")
        options[key] = value
    players = data.get("players")
    if not isinstance(players, list) or len(players) != 2:
        raise RecordError("players must list exactly two players.", "record.players")
    first = data.get("first_to_ante", 0)
    if first not in (0, 1) or isinstance(first, bool):
        raise RecordError("first_to_ante must be 0 or 1 (R1.14).", "R1.14")
    return {"ruleset": RULESET, "options": options,
            "players": [_player(i, p) for i, p in enumerate(players)], "first_to_ante": first}


def _player(i: int, p: Any) -> dict:
    if not isinstance(p, dict):
        raise RecordError(f"Player {i} must be an object.", "record.players")
    fid = p.get("fighter")
    if not isinstance(fid, str) or not has_fighter(fid):
        raise RecordError(f"Unknown fighter {fid!r} for player {i}; known: "
                          f"{', '.join(fighter_ids())}.", "R1.1")
    kit = fighter(fid)
    fin = p.get("finisher", kit.finishers[0].id)
    if fin not in [f.id for f in kit.finishers]:
        raise RecordError(f"{fin!r} is not a Finisher of {kit.name}; choose "
                          f"{' or '.join(f.id for f in kit.finishers)}.", "R1.8")
    d1 = p.get("discard_1", list(kit.default_discards[0]))
    d2 = p.get("discard_2", list(kit.default_discards[1]))
    own = {c.id for c in kit.cards()}
    for label, pile in (("discard_1", d1), ("discard_2", d2)):
        if not isinstance(pile, list) or len(pile) != 2 or not all(isinstance(c, str) for c in pile):
            raise RecordError(f"Player {i}'s {label} must hold two card ids.", "R1.9")
        unknown = [c for c in pile if c not in own]
        if unknown:
            raise RecordError(f"{unknown[0]!r} is not a card of {kit.name}.", "R1.9")
        kinds = sorted(card(c).kind for c in pile)
        if kinds != ["base", "style"]:
            raise RecordError(f"Player {i}'s {label} must be one Style and one Base.", "R1.9")
    if set(d1) & set(d2):
        raise RecordError(f"Player {i}'s two discard piles must hold different cards.", "R1.9")
    name = p.get("name", f"Player {i}")
    if not isinstance(name, str):
        raise RecordError(f"Player {i}'s name must be a string.", "record.players")
    return {"name": name, "fighter": fid, "finisher": fin, "discard_1": _style_first(d1),
            "discard_2": _style_first(d2)}


def _style_first(pile: list[str]) -> list[str]:
    return sorted(pile, key=lambda c: card(c).kind != "style")


def decisions_of(data: dict) -> list:
    decisions = data.get("decisions", [])
    if not isinstance(decisions, list):
        raise RecordError("decisions must be a list.", "record.decisions")
    return decisions
