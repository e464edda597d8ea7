"""BattleCON's switchable rulings (record-format.md, Options: ``options.rulings``), each
with the rule it reads, its reading when a record leaves it out, and what each reading
means, for a fork "with another ruling" and the judge tools' choice of readings."""

from __future__ import annotations

from typing import Any

from judge.rulings import reading

RULINGS: dict[str, dict[str, Any]] = {
    "lure-power": {
        "rule": "Khadath: Lure", "title": "Power of Khadath's Lure", "default": 0,
        "readings": [reading(0, "+0 (the 2014 rulebook comic: Lure Strike deals 6)"),
                     reading(-1, "-1 (the value the other sources print)")]},
    "range-direction": {
        "rule": "G11", "title": "A space within range", "default": "both",
        "readings": [reading("toward", "counts towards the opponent only"),
                     reading("both", "counts in both directions")]},
    "trigger-order": {
        "rule": "R18.5", "title": "Order of simultaneous effects", "default": "hinted",
        "readings": [reading("asked", "asked only when the order can change what happens"),
                     reading("hinted", "a pause at every window, the order as a hint")]},
}


def in_force(options: dict[str, Any]) -> dict[str, Any]:
    """Every ruling's reading under these options (its default where they name none)."""
    named = options.get("rulings", {})
    return {k: named.get(k, spec["default"]) for k, spec in RULINGS.items()}
