"""BattleCON's switchable rulings (record-format.md, Options: ``options.rulings``), each
with the rule it reads, its reading when a record leaves it out (``default``: what every
record written before the ruling was judged under, so it never changes), the reading new
duels name (``recommended``), and what each reading means. The one declaration: the record
validation (``record.KNOWN_RULINGS``), a fork "with another ruling", the new-duel page and
the playouts all read it.

The core declares the rulings of its own rules here; a ruling on a fighter's card is
declared by its kit (``Fighter.rulings``), and ``kits.register`` adds it (``declare``), so
that nothing here names a fighter. ``RULINGS`` is one dict, kept in
name order as kits come and go, so every alias of it sees the kits registered."""

from __future__ import annotations

from typing import Any

from judge.rulings import reading

RULINGS: dict[str, dict[str, Any]] = {
    "placing": {
        "rule": "P1", "title": "Placing a fighter is moving her", "default": "exempt",
        "recommended": "movement",
        "readings": [reading("movement", "a swap or a rearrangement is movement she may "
                                         "ignore (Exoskeletal, Rooted, Sturdy)"),
                     reading("exempt", "a swap or a rearrangement is never ignored")]},
    "range-direction": {
        "rule": "G11", "title": "A space within range", "default": "both",
        "recommended": "toward",
        "readings": [reading("toward", "counts towards the opponent only"),
                     reading("both", "counts in both directions")]},
    "trigger-order": {
        "rule": "R18.5", "title": "Order of simultaneous effects", "default": "hinted",
        "recommended": "asked",
        "readings": [reading("asked", "asked only when the order can change what happens"),
                     reading("hinted", "a pause at every window, the order as a hint")]},
}


def in_force(options: dict[str, Any]) -> dict[str, Any]:
    """Every ruling's reading under these options (its default where they name none)."""
    named = options.get("rulings", {})
    return {k: named.get(k, spec["default"]) for k, spec in RULINGS.items()}


def reading_in(options: dict[str, Any], ruling: str) -> Any:
    """The reading of ``ruling`` under these options: the one they name, else the
    declared default (what records written before the ruling existed mean)."""
    return options.get("rulings", {}).get(ruling, RULINGS[ruling]["default"])


def recommended() -> dict[str, Any]:
    """The readings a new duel names: every ruling's ``recommended``."""
    return {k: spec["recommended"] for k, spec in RULINGS.items()}


def readings_of(ruling: str) -> tuple[Any, ...]:
    """The values a record may name for ``ruling`` (none for an unknown one)."""
    spec = RULINGS.get(ruling)
    return tuple(r["value"] for r in spec["readings"]) if spec else ()


def declare(name: str, spec: dict[str, Any]) -> None:
    """Add a kit's ruling (``kits.register``); a second, different one of that name raises."""
    known = RULINGS.get(name)
    if known is not None and known != spec:
        raise ValueError(f"Ruling {name!r} is already declared.")
    RULINGS[name] = spec
    _resort()


def withdraw(name: str) -> None:
    """Forget a kit's ruling (``kits.unregister``)."""
    RULINGS.pop(name, None)
    _resort()


def _resort() -> None:
    ordered = sorted(RULINGS.items())
    RULINGS.clear()
    RULINGS.update(ordered)
    KNOWN.clear()
    KNOWN.update((k, readings_of(k)) for k in RULINGS)


KNOWN: dict[str, tuple[Any, ...]] = {k: readings_of(k) for k in RULINGS}  # by name: readings
