"""A record's setup, normalised (decisions.md "Setup"): format, character data set, rulings,
players and the test-only ``harness`` of starting overrides. RecordErrors name the field."""

from __future__ import annotations

from typing import Any

from judge.artobattlers import rulings as gap_rulings
from judge.artobattlers.cards import Character
from judge.artobattlers.catalogue import SAMPLE_SET, load_inline, sample_set
from judge.errors import RecordError

NAME, FORMAT = "artobattlers", "artobattlers-record/1"
HARNESS_KEYS = {"life", "power", "shield", "striker"}


def parse(record: Any) -> dict[str, Any]:
    """The normalised setup of a record ``{"format", "ruleset", "setup": {...}}``."""
    if not isinstance(record, dict):
        raise RecordError("A record must be a JSON object.", "record")
    if record.get("format", FORMAT) != FORMAT:
        raise RecordError(f"An ART O BATTLERS record has format {FORMAT!r}.", "record.format",
                          field="format")
    unknown = set(record) - {"format", "ruleset", "setup", "decisions", "labels"}
    if unknown:
        raise RecordError(f"Unknown field {sorted(unknown)[0]!r}.", "record",
                          field=sorted(unknown)[0])
    setup = record.get("setup")
    if not isinstance(setup, dict):
        raise RecordError("setup must be an object.", "record.setup", field="setup")
    return _setup(setup)


def _setup(setup: dict[str, Any]) -> dict[str, Any]:
    unknown = set(setup) - {"format", "level_globe_total", "characters", "rulings",
                            "players", "harness", "grab_challenge"}
    if unknown:
        field = f"setup.{sorted(unknown)[0]}"
        raise RecordError(f"{field}: unknown field.", "record.setup", field=field)
    fmt = setup.get("format", "simple_duel")
    if fmt not in ("simple_duel", "advance_play"):
        raise RecordError("setup.format: 'simple_duel' or 'advance_play'.", "A0.6",
                          field="setup.format")
    total = _level_globe_total(fmt, setup.get("level_globe_total"))
    characters = setup.get("characters", SAMPLE_SET)
    grab = _grab_challenge(cards(characters))  # validates
    return {**({"grab_challenge": grab} if grab else {}),"ruleset": NAME, "format": fmt, "level_globe_total": total,
            "characters": characters, "rulings": gap_rulings.parse(setup.get("rulings")),
            "players": _players(setup.get("players")),
            **({"harness": _harness(setup["harness"], cards(characters), fmt)}
               if setup.get("harness") else {})}


def _level_globe_total(fmt: str, total: Any) -> int | None:
    """Advance Play needs the agreed number of level globes (A21.1); a simple duel none."""
    if fmt == "simple_duel":
        if total is not None:
            raise RecordError("setup.level_globe_total: only for Advance Play.", "A21.1",
                              field="setup.level_globe_total")
        return None
    if type(total) is not int or total < 1:
        raise RecordError("setup.level_globe_total: Advance Play needs the agreed number "
                          "of level globes, a whole number of at least 1.", "A21.1",
                          field="setup.level_globe_total")
    return total


def _grab_challenge(known: dict[str, Character]) -> list[str]:
    """Characters carrying the announced, undefined grab challenge symbol: the setup flags
    them (AG31); the symbol's only effect is that the move is not symbol-free (A22.6)."""
    return [c.id for c in known.values() if any(
        m.grab_challenge for m in c.moves + (c.striker.moves if c.striker else ()))]


def cards(characters: Any) -> dict[str, Character]:
    """The character set a setup names: the shipped sample set, or an inline list."""
    if characters == SAMPLE_SET:
        return sample_set()
    if isinstance(characters, list):
        return load_inline(characters, "setup.characters")
    raise RecordError(f"setup.characters: {SAMPLE_SET!r} or a list of characters.", "AG1",
                      field="setup.characters")


def _players(players: Any) -> list[dict[str, str]]:
    if not isinstance(players, list) or len(players) != 2 or not all(
            isinstance(p, dict) and isinstance(p.get("name"), str) and p["name"]
            for p in players):
        raise RecordError("setup.players: two objects with a name.", "A2.1",
                          field="setup.players")
    return [{"name": p["name"]} for p in players]


def _harness(harness: Any, known: dict[str, Character],
             fmt: str) -> dict[str, dict[str, int]]:
    """Test-only starting overrides; ``life: 0`` (Advance Play only) is a character
    destroyed before the position the test starts from (AS33)."""
    where = "setup.harness"
    if not isinstance(harness, dict):
        raise RecordError(f"{where}: an object of character id to overrides.", "record",
                          field=where)
    for key, values in harness.items():
        if key.split("#")[0] not in known or not isinstance(values, dict) or not all(
                k in HARNESS_KEYS and type(v) is int and v >= 0 for k, v in values.items()):
            raise RecordError(f"{where}.{key}: a known character with overrides among "
                              f"{sorted(HARNESS_KEYS)} (whole numbers >= 0).", "record",
                              field=f"{where}.{key}")
        if values.get("life") == 0 and fmt != "advance_play":
            raise RecordError(f"{where}.{key}.life: 0 (destroyed before the start) only in "
                              "Advance Play.", "record", field=f"{where}.{key}.life")
    return {k: dict(v) for k, v in harness.items()}


def envelope(setup: dict[str, Any]) -> dict[str, Any]:
    """A record without decisions whose normalised setup is ``setup``."""
    return {"format": FORMAT, "ruleset": NAME,
            "setup": {k: v for k, v in setup.items() if k != "ruleset"}}
