"""The switchable gap rulings (rules-digest "Gaps and conflicts"): every configurable AG id,
its default reading and the others a match may choose. A setup records all of them, so a
record replays under the readings it was played with."""

from __future__ import annotations

from typing import Any

from judge.errors import RecordError

# id -> (default, other readings judged). The first reading is the digest's recommendation.
READINGS: dict[str, tuple[str, ...]] = {
    "AG3": ("auto+declared+agreed", "declared+agreed"),
    "AG4": ("round_up", "round_down"),
    "AG6": ("as_escape", "as_hit"),
    "AG9": ("lp_greater_than_half", "lp_at_least_half"),
    "AG11": ("costs_lost", "nothing_paid"),
    "AG15": ("colliding_move_costs_not_charged", "colliding_move_costs_charged"),
    "AG21": ("sacrifice_destroyed_at_checkpoint", "sacrificer_wins"),
    "AG22": ("pp_or_lp_sacrifice_allowed", "pp_or_lp_sacrifice_forbidden"),
    "AG26": ("exact_total_duplicates_allowed", "at_most_total", "no_duplicates"),
    "AG28": ("battle_zone_only", "any_zone"),
    "AG33": ("declare_all_up_front", "choose_joining_after_lead"),
}

# Readings the digest names that this package does not judge yet, with why.
NOT_JUDGED = {("AG4", "half_points"): "half points would make LP fractional"}


def defaults() -> dict[str, str]:
    return {gap: readings[0] for gap, readings in READINGS.items()}


def parse(given: Any) -> dict[str, str]:
    """Every configurable ruling with its reading; RecordError names the faulty key."""
    if given is None:
        given = {}
    if not isinstance(given, dict):
        raise RecordError("setup.rulings must be an object.", "AG", field="setup.rulings")
    out = defaults()
    for gap, reading in given.items():
        where = f"setup.rulings.{gap}"
        if gap not in READINGS:
            raise RecordError(f"{where}: no switchable ruling {gap!r}; known: "
                              f"{', '.join(READINGS)}.", "AG", field=where)
        if (gap, reading) in NOT_JUDGED:
            raise RecordError(f"{where}: the reading {reading!r} is not judged yet "
                              f"({NOT_JUDGED[(gap, reading)]}).", gap, field=where)
        if reading not in READINGS[gap]:
            raise RecordError(f"{where}: {reading!r} is not a reading of {gap}; one of "
                              f"{', '.join(READINGS[gap])}.", gap, field=where)
        out[gap] = reading
    return out


def half(dp: int, rulings: dict[str, str]) -> int:
    """50% of DP, rounded as AG4 says (A10.4)."""
    return (dp + 1) // 2 if rulings["AG4"] == "round_up" else dp // 2
