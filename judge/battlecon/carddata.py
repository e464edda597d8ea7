"""Doubtful card values and errata, as data: one place where a judge corrects a card.

The card reference is doubtful in places (sources disagree). For each such value the judge
uses one reading, recorded in ``judge/battlecon/carddata/<fighter>.toml`` with the others
and why (the 2014 rulebook's word where it has one, else the reference's first value)::

    [[choice]]
    card = "memento"       # a card id, or the fighter id for a kit-level choice
    field = "priority"     # range | power | priority | soak | stun_guard | stun_immunity |
                           # effect | discards | tokens (the last three: notes, not numbers)
    value = -1             # what the judge uses (range as [low, high], or "N/A" / "X")
    alternatives = [1]
    why = "..."

Those files are applied when the fighters are registered, so editing a value there corrects
the card without touching code. An operator's errata file (same shape; ``why`` optional)
is named in the service's configuration (``BATTLECON_CARD_ERRATA``) and applied over them
through ``Ruleset.configure``. Either changes the card-data version
(``judge.battlecon.cardset``): new duels pick the corrected cards up under a new version;
duels already stamped keep replaying as stored and are continued only by an explicit fork
"with today's cards".
"""

from __future__ import annotations

import dataclasses
import functools
import tomllib
from dataclasses import dataclass
from importlib import resources
from typing import Any

from judge.battlecon.cards import NA, Card, X
from judge.errors import RecordError

STATS = ("range", "power", "priority", "soak", "stun_guard", "stun_immunity")
NOTES = ("effect", "discards", "tokens")


@dataclass(frozen=True)
class Choice:
    """One doubtful value: the card or kit, the field, the value used, and why."""

    card: str
    field: str
    value: Any
    alternatives: tuple[Any, ...]
    why: str
    source: str  # "judge" (the project's card data) or the operator's errata file

    def to_json(self) -> dict[str, Any]:
        return {"card": self.card, "field": self.field, "value": self.value,
                "alternatives": list(self.alternatives), "why": self.why,
                "source": self.source}


def parse(data: Any, source: str) -> list[Choice]:
    """The choices of one file's parsed TOML; a RecordError names the first bad entry."""
    entries = data.get("choice", []) if isinstance(data, dict) else None
    if not isinstance(entries, list):
        raise RecordError(f"{source}: expected [[choice]] tables.", "card-data", field="choice")
    out = []
    for i, entry in enumerate(entries):
        at = f"{source}: choice {i + 1}"
        if not isinstance(entry, dict) or not {"card", "field", "value"} <= set(entry):
            raise RecordError(f"{at} needs card, field and value.", "card-data", field="choice")
        if entry["field"] not in STATS + NOTES:
            raise RecordError(f"{at}: unknown field {entry['field']!r}; known: "
                              f"{', '.join(STATS + NOTES)}.", "card-data", field="field")
        if entry["field"] in STATS and not _valid(entry["field"], entry["value"]):
            raise RecordError(f"{at}: {entry['value']!r} is not a {entry['field']} value.",
                              "card-data", field="value")
        out.append(Choice(str(entry["card"]), entry["field"], entry["value"],
                          tuple(entry.get("alternatives", ())), str(entry.get("why", "")),
                          source))
    return out


@functools.cache
def project_choices() -> tuple[Choice, ...]:
    """Every choice recorded in the project's card data, fighter by fighter."""
    folder = resources.files("judge.battlecon").joinpath("carddata")
    out: list[Choice] = []
    for item in sorted(folder.iterdir(), key=lambda f: f.name):
        if item.name.endswith(".toml"):
            out += parse(tomllib.loads(item.read_text("utf-8")), "judge")
    return tuple(out)


def _valid(field: str, value: Any) -> bool:
    """A value a card may print for ``field``: whole numbers, a [low, high] range, N/A or X
    where the rules allow them (R2.6, R13.5, R13.6), true or false for Stun Immunity."""
    def whole(v: Any) -> bool:
        return isinstance(v, int) and not isinstance(v, bool)
    if field == "stun_immunity":
        return isinstance(value, bool)
    if field == "range":
        return value in (NA, X) or (isinstance(value, list) and len(value) == 2
                                    and all(whole(v) for v in value))
    if field == "power":
        return value in (NA, X) or whole(value)
    return whole(value)


def stat(field: str, value: Any) -> Any:
    """A TOML value as the card holds it: ranges as (low, high), N/A and X as they are."""
    if field == "range" and isinstance(value, list):
        return tuple(value)
    if field in ("range", "power") and value in (NA, X):
        return value
    return value


def corrected(card: Card, choices: list[Choice] | tuple[Choice, ...]) -> Card:
    """``card`` with every stat choice about it applied (the last one for a field wins)."""
    changes = {c.field: stat(c.field, c.value) for c in choices
               if c.card == card.id and c.field in STATS}
    if not changes or all(getattr(card, f) == v for f, v in changes.items()):
        return card
    return dataclasses.replace(card, **changes)
