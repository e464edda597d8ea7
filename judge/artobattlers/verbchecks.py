"""Cross-field checks of the Special Ability verbs issue 33 adds, which the schema cannot
say: a nature verb changes the DP by an amount or by a factor, exactly one of them and
not by nothing (AG43); a discarded damage calculation names at least one condition, and a
sub-kind that fits its class (AG44, A1.8)."""

from __future__ import annotations

from typing import Any

from judge.errors import RecordError


def check_verb(ability: dict[str, Any] | None, here: str) -> None:
    """Refuse a ``structured`` ability verb whose fields contradict each other."""
    verb = (ability or {}).get("structured")
    if not isinstance(verb, dict):
        return
    if verb.get("action") == "nature_dp":
        _nature_dp(verb, f"{here}.structured")
    if verb.get("action") == "discard_damage_calculation":
        _discard(verb, f"{here}.structured")


def _nature_dp(verb: dict[str, Any], here: str) -> None:
    given = [k for k in ("add", "factor") if k in verb]
    if len(given) != 1:
        raise RecordError(f"{here}: a nature verb changes the DP by an amount (add) or by "
                          "a factor, exactly one of them.", "AG43", field=here)
    if verb.get("add") == 0 or verb.get("factor") == 1:
        raise RecordError(f"{here}.{given[0]}: {verb[given[0]]} changes nothing.", "AG43",
                          field=f"{here}.{given[0]}")


CONDITIONS = ("class", "kinds", "nature", "dp_at_most")


def _discard(verb: dict[str, Any], here: str) -> None:
    if not any(k in verb for k in CONDITIONS):
        raise RecordError(f"{here}: say which damage calculations are discarded (one of "
                          f"{', '.join(CONDITIONS)}); every one would leave the character "
                          "out of reach of any attack move.", "AG44", field=here)
    klass = verb.get("class")
    for kind in verb.get("kinds", ()):
        if klass is not None and kind[0] != klass[0].upper():
            raise RecordError(f"{here}.kinds: {kind} does not fit class {klass}.", "A1.8",
                              field=f"{here}.kinds")
