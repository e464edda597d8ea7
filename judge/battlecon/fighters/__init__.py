"""The fighters' modules, one a kit, and the names a fighter's module (or a plug-in's)
registers itself with: a re-export of the index of kits (``judge.battlecon.kits``).

This module imports no kit: the roster (``judge.battlecon.roster``) imports the kits of
the ruleset, and a plug-in module imports its own."""

from __future__ import annotations

from judge.battlecon.kits import (
    DERIVED,
    AnteOptions,
    Fighter,
    FigureKind,
    add_deriver,
    apply_errata,
    card,
    derived,
    effect,
    errata,
    fighter,
    fighter_ids,
    has_fighter,
    register,
    register_generic,
    unregister,
)

__all__ = [
    "DERIVED", "AnteOptions", "Fighter", "FigureKind", "add_deriver", "apply_errata", "card",
    "derived", "effect", "errata", "fighter", "fighter_ids", "has_fighter", "register",
    "register_generic", "unregister",
]
