"""What each face of the reply die will do, carried by the reply prompt (``die_faces``) so
the console's die buttons say it before the value is entered (issue 28 item 5).

The words come from the same branches ``reply.die`` takes: the face's reading on the
target's chart (speed and DEF included, A4.2, A4.9, A11.6, A15.2) and, for a Counterattack
face, which counterattacks fit the attack's class (A5.2, AG6, AG7). A 6 whose chart says
"Counterattack" but with no counterattack fitting says what AG6's reading then does, as the
engine will, rather than promising a counterattack."""

from __future__ import annotations

from typing import Any

from judge.artobattlers.charts import read
from judge.artobattlers.phrases import article, one_of
from judge.artobattlers.table import Table

MEANS = {"hit": ("the full DP", "A4.4"), "defense": ("half the DP", "A4.5"),
         "resist": ("half the DP", "A4.6"), "escape": ("no damage", "A4.7")}
MODIFIED = {"speed": "a speed move turns a 4 into a Hit", "DEF": "DEF beats the Defense"}
# AG6: a Counterattack face with no counterattack fitting the attack's class (reply.py).
NO_FIT = {"as_hit": "the 6 is read as a Hit (the match's AG6 reading)",
          "as_escape": "nothing happens, as on an Escape"}


def die_faces(t: Table, usable: list[str]) -> list[dict[str, Any]]:
    """One entry per face 1-6: ``{"value", "reading", "modifier", "chart", "text"}``;
    ``usable``: the counterattacks that fit (legal.usable_counterattacks)."""
    a = t.s.attack
    assert a is not None
    move, target = t.attack_move(), t.fighter(a.target)
    out = []
    for value in range(1, 7):
        reading, modifier = read(target.dice_type, value, move.speed, move.defeats_defense)
        face = f"{article(reading)} {reading.title()} on the {target.dice_type.upper()} chart"
        why = f" ({MODIFIED[modifier]})" if modifier else ""
        out.append({"value": value, "reading": reading, "modifier": modifier,
                    "chart": target.dice_type,
                    "text": f"{face}{why}: {_outcome(t, reading, usable)}"})
    return out


def no_fit_words(t: Table) -> str:
    """What AG6's reading does with a Counterattack face no counterattack fits."""
    return NO_FIT["as_hit" if t.rulings["AG6"] == "as_hit" else "as_escape"]


def _outcome(t: Table, reading: str, usable: list[str]) -> str:
    if reading != "counterattack":
        means, rule = MEANS[reading]
        return f"{means} ({rule})"
    if not usable:
        return f"{_none_fits(t)}: {no_fit_words(t)} (AG6)"
    if len(usable) == 1:
        return f"counterattack \"{usable[0]}\", the only one that fits (A5.6)"
    quoted = one_of(['"' + u + '"' for u in usable])
    return f"{len(usable)} counterattacks fit, {quoted}: the defender chooses (AG7)"


def _none_fits(t: Table) -> str:
    """Why no counterattack answers: the attack's class, or a striker as the target, which
    has none of its own (AG46)."""
    a = t.s.attack
    if a is not None and a.target_striker:
        return "a striker has no counterattack of its own (AG46)"
    return "no counterattack fits this attack's class"
