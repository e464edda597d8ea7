"""BattleCON's switchable rulings (record-format.md, Options: ``options.rulings``), each
with the rule it reads, its reading when a record leaves it out (``default``: what every
record written before the ruling was judged under, so it never changes), the reading new
duels name (``recommended``), and what each reading means. The one declaration: the record
validation (``record.KNOWN_RULINGS``), a fork "with another ruling", the new-duel page and
the playouts all read it."""

from __future__ import annotations

from typing import Any

from judge.rulings import reading

RULINGS: dict[str, dict[str, Any]] = {
    "form-in-finisher": {
        "rule": "Kehrolyn: Shapeshifting", "title": "Kehrolyn's Current Form during a Finisher",
        "default": "applies", "recommended": "applies",
        "readings": [reading("applies", "the Current Form is a second Style on her Finisher "
                                        "too (Hydra Fork with Bladed deals 8)"),
                     reading("replaced", "a Finisher replaces her whole attack, the Current "
                                         "Form included (R2.8)")]},
    "juto-direction": {
        "rule": "Tatsumi: Wave", "title": "Which way Juto moves \"toward the opponent\"",
        "default": "from-tatsumi", "recommended": "from-juto",
        "readings": [reading("from-juto", "from Juto's space toward the opponent, at most "
                                          "onto the opponent's space"),
                     reading("from-tatsumi", "the direction from Tatsumi toward the opponent, "
                                             "as far as the board's edge")]},
    "lure-power": {
        "rule": "Khadath: Lure", "title": "Power of Khadath's Lure", "default": 0,
        "recommended": 0,
        "readings": [reading(0, "the 2014 rulebook comic: Lure Strike deals 6"),
                     reading(-1, "the value the other sources print")]},
    "mimic-movement": {
        "rule": "Seth: Mimic's", "title": "How Seth copies a movement with Mimic's",
        "default": "after", "recommended": "after",
        "readings": [reading("after", "Seth moves after the opponent, the same spaces the "
                                      "same way, in full or not at all (R17.9)"),
                     reading("together", "both move at once: the opponent never hops over "
                                         "Seth, and Seth stops at the board's edge")]},
    "mirror-token": {
        "rule": "Sagas: Shadow Mirror", "title": "A Mirror Token as any other kind of Token",
        "default": "own", "recommended": "any",
        "readings": [reading("any", "a copied effect may spend his Mirror for its token"),
                     reading("own", "a copied effect that names a token is dropped (R0.13)")]},
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
    "wyrding-start": {
        "rule": "Seth: Wyrding", "title": "The Start of Beat effect of a Base Wyrding swaps in",
        "default": "skipped", "recommended": "resolves",
        "readings": [reading("resolves", "the new Base's Start of Beat effects resolve this "
                                         "beat, after Wyrding (Omen stuns)"),
                     reading("skipped", "the Start of Beat window was already open: the new "
                                        "Base's effects do not resolve this beat")]},
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
