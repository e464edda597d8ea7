"""The reply die read on each dice type, with the speed and DEF modifiers (A4.2, A4.11)."""

from __future__ import annotations

# Faces 1-6: h(it), d(efense), r(esist), e(scape), c(ounterattack). STAY 6 is Resist (AG5).
CHARTS = {"simple": "hhheee", "normal": "hhdeec", "stay": "hhrhhr"}
READINGS = {"h": "hit", "d": "defense", "r": "resist", "e": "escape", "c": "counterattack"}


def read(dice_type: str, value: int, speed: bool, defeats_defense: bool) -> tuple[str, str | None]:
    """(reading, modifier that changed it): speed turns a 4 into a Hit on every type (A15.2);
    DEF turns a NORMAL 3 into a Hit (A11.6). Nothing else changes a face (A4.9)."""
    reading = READINGS[CHARTS[dice_type][value - 1]]
    if value == 4 and speed and reading != "hit":
        return "hit", "speed"
    if reading == "defense" and defeats_defense:
        return "hit", "DEF"
    return reading, None
