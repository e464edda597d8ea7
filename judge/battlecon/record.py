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

from judge.battlecon import kit_schema, profile, rulestamp
from judge.battlecon.cardset import todays
from judge.battlecon.options import DEFAULT_OPTIONS as DEFAULT_OPTIONS  # re-exported
from judge.battlecon.options import KNOWN_RULINGS as KNOWN_RULINGS  # re-exported
from judge.battlecon.options import parse_options
from judge.battlecon.position import Position
from judge.battlecon.roster import card, fighter, fighter_ids, has_fighter
from judge.errors import RecordError
from judge.labels import check_labels

FORMAT = "battlecon-record/1"
RULESET = "battlecon-2014"
RECORD_FIELDS = frozenset({"format", "ruleset", "options", "players", "first_to_ante",
                           "decisions", "labels", "position", "cards", "rules"})
PLAYER_FIELDS = frozenset({"name", "fighter", "finisher", "discard_1", "discard_2"})
# The decision kinds and fields a record may hold are the core's and the registered kits'
# own: ``kit_decls.decision_kinds()`` and ``decision_fields()``.


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


def composed_schema(name: str) -> dict:
    """The JSON Schema ``<name>`` as served: the shipped file with what the registered kits
    declare (``kit_schema``: Seth's ``guess``, Hepzibah's ``paid_by``, Seth's ``named``)."""
    shipped = _shipped_schema(name)
    if name == "record":
        return kit_schema.record(shipped)
    if name == "state":
        return kit_schema.state(shipped)
    return copy.deepcopy(shipped)


def schema() -> dict:
    """The record's JSON Schema, with the registered kits' decisions."""
    return composed_schema("record")


def parse_setup(data: Any) -> dict:
    """A normalised setup or a RecordError: the ruleset, options, players, first_to_ante (or
    the position), and ``cards``, the card-data version it is judged under (today's unless
    the record names one: see ``judge.battlecon.cardset``)."""
    setup = _parse_setup(data)
    stamp = data.get("cards")
    if stamp is None:
        stamp = todays(setup)
    elif not isinstance(stamp, str) or not stamp.startswith("cards-") or len(stamp) > 40:
        raise RecordError(f"cards must be a card-data version such as 'cards-0123456789abcdef',"
                          f" not {stamp!r}.", "record.cards", field="cards")
    if "rules" not in data:  # judged as before the stamps: the setup stays as it was
        return {**setup, "cards": stamp}
    rulestamp.known(data["rules"])  # a stamp this release does not know is refused
    return {**setup, "cards": stamp, "rules": data["rules"]}


def _parse_setup(data: Any) -> dict:
    if not isinstance(data, dict):
        raise RecordError("A duel record must be a JSON object.", "record")
    if data.get("format") != FORMAT:
        raise RecordError(f"Unknown record format {data.get('format')!r}; expected {FORMAT!r}.",
                          "record.format", field="format")
    ruleset = profile.known(data.get("ruleset", RULESET))  # battlecon-2014 or a profile
    unknown = sorted(set(data) - RECORD_FIELDS)
    if unknown:
        raise RecordError(f"Unknown field {unknown[0]!r} in the record; known: "
                          f"{', '.join(sorted(RECORD_FIELDS))}.", "record", field=unknown[0])
    if "labels" in data:
        check_labels(data["labels"])
    if "position" in data:
        return _setup_from_position(data)
    options = parse_options(profile.with_defaults(ruleset, data.get("options", {})))
    players = data.get("players")
    if not isinstance(players, list) or len(players) != 2:
        raise RecordError("players must list exactly two players.", "record.players",
                          field="players")
    first = data.get("first_to_ante", 0)
    if first not in (0, 1) or isinstance(first, bool):
        raise RecordError("first_to_ante must be 0 or 1 (R1.14).", "R1.14", field="first_to_ante")
    parsed = [_player(i, profile.with_finisher(ruleset, p)) for i, p in enumerate(players)]
    profile.check_setup(ruleset, options, parsed)
    return {"ruleset": ruleset, "options": options, "players": parsed, "first_to_ante": first}


def _setup_from_position(data: dict) -> dict:
    """A setup that starts from ``data["position"]`` instead of the standard opening.

    The position holds the options, names, fighters, Finishers and who antes first, so
    ``options``, ``players`` and ``first_to_ante`` may be left out; any that are given must
    say the same (a record that disagreed with itself could be read two ways). Starting
    discards are refused: the position already lays out every card.
    """
    try:
        position = Position.from_json(data["position"])
    except RecordError as err:
        err.field = err.field or "position"
        raise
    players = [{"name": p.name, "fighter": p.fighter, "finisher": p.finisher}
               for p in position.players]
    if "options" in data and parse_options(data["options"]) != position.options:
        raise RecordError("options: must be left out or equal the position's options "
                          f"{json.dumps(position.options)}.", "record.options", field="options")
    first = data.get("first_to_ante", position.ante_first)
    if type(first) is not int or first != position.ante_first:
        raise RecordError(f"first_to_ante: must be left out or equal the position's ante_first "
                          f"({position.ante_first}).", "R5.2", field="first_to_ante")
    if "players" in data:
        _agree(data["players"], players)
    ruleset = profile.known(data.get("ruleset", RULESET))
    profile.check_setup(ruleset, position.options, players)
    return {"ruleset": ruleset, "options": dict(position.options), "players": players,
            "first_to_ante": position.ante_first, "position": position.to_json()}


def _agree(given: Any, players: list[dict]) -> None:
    """The record's players, when a position is given: the same names, fighters, Finishers."""
    if not isinstance(given, list) or len(given) != 2:
        raise RecordError("players must list exactly two players.", "record.players", field="players")
    for i, (p, want) in enumerate(zip(given, players, strict=True)):
        if not isinstance(p, dict):
            raise RecordError(f"Player {i} must be an object.", "record.players", field="players")
        for key, value in p.items():
            if key in ("discard_1", "discard_2"):
                raise RecordError(f"players[{i}].{key}: a duel that starts from a position has "
                                  "no starting discards; the position holds every card's zone.",
                                  "R1.9", field="players")
            if key not in want:
                raise RecordError(f"players[{i}]: unknown field {key!r}.", "record.players", field="players")
            if value != want[key]:
                raise RecordError(f"players[{i}].{key}: {value!r} disagrees with the position's "
                                  f"{want[key]!r}.", "record.players", field="players")


def _player(i: int, p: Any) -> dict:
    """One player of the record, checked; every refusal names the player by the record's
    index and, once known, by name (``players[1] (Ben)``), never by a bare number."""
    if not isinstance(p, dict):
        raise RecordError(f"players[{i}] must be an object.", "record.players", field="players")
    name = p.get("name", f"Player {i}")
    if not isinstance(name, str) or not 1 <= len(name) <= 100:
        raise RecordError(f"players[{i}].name must be a string of 1 to 100 characters.",
                          "record.players", field="players")
    who = f"players[{i}] ({name})"
    unknown = sorted(set(p) - PLAYER_FIELDS)
    if unknown:
        raise RecordError(f"{who}: unknown field {unknown[0]!r}; known: "
                          f"{', '.join(sorted(PLAYER_FIELDS))}.", "record.players", field="players")
    fid = p.get("fighter")
    if not isinstance(fid, str) or not has_fighter(fid):
        raise RecordError(f"{who}: unknown fighter {fid!r}; known: "
                          f"{', '.join(fighter_ids())}.", "R1.1", field="players")
    kit = fighter(fid)
    fin = p.get("finisher", kit.finishers[0].id)
    if fin not in [f.id for f in kit.finishers]:
        raise RecordError(f"{who}: {fin!r} is not a Finisher of {kit.name}; choose "
                          f"{' or '.join(f.id for f in kit.finishers)}.", "R1.8", field="players")
    d1 = p.get("discard_1", list(kit.default_discards[0]))
    d2 = p.get("discard_2", list(kit.default_discards[1]))
    for label, pile in (("discard_1", d1), ("discard_2", d2)):
        _check_pile(who, label, pile, kit)
    if set(d1) & set(d2):
        twice = sorted(set(d1) & set(d2))[0]
        raise RecordError(f"{who}: {twice!r} is in both discard piles; the two piles must hold "
                          "different cards.", "R1.9", field="players")
    return {"name": name, "fighter": fid, "finisher": fin, "discard_1": _style_first(d1),
            "discard_2": _style_first(d2)}


def _check_pile(who: str, label: str, pile: Any, kit: Any) -> None:
    """One starting discard pile: two of the fighter's own cards, one Style and one Base."""
    if not isinstance(pile, list) or len(pile) != 2 or not all(isinstance(c, str) for c in pile):
        raise RecordError(f"{who}: {label} must hold two card ids.", "R1.9", field="players")
    own = {c.id for c in kit.cards()}
    unknown = [c for c in pile if c not in own]
    if unknown:
        raise RecordError(f"{who}: {label}: {unknown[0]!r} is not a card of {kit.name}.", "R1.9",
                          field="players")
    if sorted(card(c).kind for c in pile) != ["base", "style"]:
        raise RecordError(f"{who}: {label} must be one Style and one Base.", "R1.9", field="players")


def _style_first(pile: list[str]) -> list[str]:
    return sorted(pile, key=lambda c: card(c).kind != "style")


def decisions_of(data: dict) -> list:
    decisions = data.get("decisions", [])
    if not isinstance(decisions, list):
        raise RecordError("decisions must be a list.", "record.decisions", field="decisions")
    return decisions
