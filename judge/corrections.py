"""A head judge's correction: one entry shape, defined here once, for every ruleset.

A correction is recorded where it was made, in the place of a decision::

    {"kind": "correction",
     "changes": [{"field": "players.1.life", "before": 12, "after": 10}],
     "by": {"name": "Hana", "role": "head_judge"},
     "dispute": "23b2928b-...", "rule": "R14.1", "text": "Soak 1 applied.",
     "reopens": false}

- ``changes``: what was corrected, each a field path (as the ruleset's ``correctable``
  names it), the value it had (``before``, filled in from the state when not given; when
  given it must be the value the state holds) and the value it is set to (``after``).
- ``by``: who corrected (the service fills it in from who entered the event).
- ``dispute``, ``rule``, ``text``: the dispute it resolves, the rule it applies, why.
- ``reopens``: true only when a head judge's resolution of a dispute overturns the ruling
  that ended the duel; otherwise a correction after the end is refused (R20.1).

The ruleset says which fields exist, checks each value against its rules and applies
them; this module reads and writes the entry and words it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from judge.errors import IllegalDecisionError

KIND = "correction"
FIELDS = ("kind", "changes", "by", "dispute", "rule", "text", "reopens")
RULE = "correction"  # cited when the entry itself is malformed
ROLE_WORDS = {"head_judge": "Head judge", "judge": "Judge", "scorekeeper": "Scorekeeper",
              "operator": "The operator"}

# The entry's JSON Schema (draft 2020-12), embedded in each ruleset's record schema.
ENTRY_SCHEMA: dict[str, Any] = {
    "description": "A head judge's correction, not a player's decision (so it has no "
                   "player): who corrected which fields from what to what, under which "
                   "dispute and rule. The facts before it stay in the record.",
    "type": "object",
    "required": ["kind", "changes"],
    "additionalProperties": False,
    "properties": {
        "kind": {"const": KIND},
        "changes": {
            "description": "Each corrected field: its path (as the ruleset's correctable "
                           "fields name it), the value it had and the value it gets.",
            "type": "array", "minItems": 1,
            "items": {"type": "object", "required": ["field", "after"],
                      "additionalProperties": False,
                      "properties": {"field": {"type": "string", "minLength": 1},
                                     "before": {}, "after": {}}}},
        "by": {"description": "Who corrected: the name and role of whoever entered it.",
               "type": "object", "required": ["name"],
               "properties": {"name": {"type": "string"},
                              "role": {"type": ["string", "null"]}}},
        "dispute": {"description": "The dispute whose resolution this applies.",
                    "type": "string", "minLength": 1},
        "rule": {"description": "The rule the correction applies. Default: \"correction\".",
                 "type": "string", "minLength": 1},
        "text": {"description": "Why, in one sentence (the ruling).", "type": "string"},
        "reopens": {"description": "The duel had ended and this overturns the ruling that "
                                   "ended it: it goes on (refused otherwise).",
                    "type": "boolean"},
    },
}


@dataclass(frozen=True)
class Change:
    """One corrected field: its path, the value it had and the value it gets."""

    field: str
    before: Any
    after: Any

    def to_json(self) -> dict[str, Any]:
        return {"field": self.field, "before": self.before, "after": self.after}


@dataclass(frozen=True)
class Correction:
    """A correction entry as read (``changes`` without their ``before`` until filled)."""

    changes: tuple[dict[str, Any], ...]  # {"field", "after"[, "before"]} as given
    by: dict[str, Any] | None = None
    dispute: str | None = None
    rule: str = RULE
    text: str = ""
    reopens: bool = False

    def entry(self, changes: list[Change]) -> dict[str, Any]:
        """The entry as recorded: every change with its ``before`` filled in."""
        out: dict[str, Any] = {"kind": KIND, "changes": [c.to_json() for c in changes],
                               "rule": self.rule, "text": self.text}
        for key in ("by", "dispute"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        if self.reopens:
            out["reopens"] = True
        return out


def is_entry(decision: object) -> bool:
    """Whether ``decision`` is a correction in this shape (older shapes carry no changes)."""
    return isinstance(decision, dict) and decision.get("kind") == KIND and "changes" in decision


def parse(entry: dict[str, Any]) -> Correction:
    """Read a correction entry; IllegalDecisionError names the field at fault."""
    unknown = sorted(set(entry) - set(FIELDS))
    if unknown:
        raise IllegalDecisionError(f"A correction carries {', '.join(FIELDS[1:])} only, not "
                                   f"{unknown[0]!r}.", RULE, field=unknown[0])
    changes = entry.get("changes")
    if not isinstance(changes, list) or not changes:
        raise IllegalDecisionError("A correction lists its changes: [{\"field\": ..., "
                                   "\"after\": ...}, ...], at least one.", RULE, field="changes")
    seen: set[str] = set()
    for change in changes:
        if not isinstance(change, dict) or not isinstance(change.get("field"), str) or \
                "after" not in change or not set(change) <= {"field", "before", "after"}:
            raise IllegalDecisionError("Each change is {\"field\": path, \"after\": value} "
                                       "(and the \"before\" value, if known).", RULE,
                                       field="changes")
        if change["field"] in seen:
            raise IllegalDecisionError(f"{change['field']} is corrected twice in one "
                                       "correction.", RULE, field=change["field"])
        seen.add(change["field"])
    by = entry.get("by")
    if by is not None and not (isinstance(by, dict) and isinstance(by.get("name"), str)):
        raise IllegalDecisionError("by names who corrected: {\"name\": ..., \"role\": ...}.",
                                   RULE, field="by")
    for key in ("dispute", "rule", "text"):
        if entry.get(key) is not None and not isinstance(entry[key], str):
            raise IllegalDecisionError(f"{key} must be text.", RULE, field=key)
    if not isinstance(entry.get("reopens", False), bool):
        raise IllegalDecisionError("reopens is true or false.", RULE, field="reopens")
    return Correction(tuple(changes), by, entry.get("dispute"), entry.get("rule") or RULE,
                      entry.get("text") or "", entry.get("reopens", False))


def fill(correction: Correction, current: Callable[[str], Any]) -> list[Change]:
    """Each change with its ``before`` from the state (``current(path)``); a given
    ``before`` that is not what the state holds is refused: the correction was written
    against another position (someone changed the duel meanwhile)."""
    out = []
    for change in correction.changes:
        now = current(change["field"])
        if "before" in change and change["before"] != now:
            raise IllegalDecisionError(
                f"{change['field']} is {show(now)} now, not {show(change['before'])}: the "
                "duel changed since this correction was written.", correction.rule,
                field=change["field"])
        out.append(Change(change["field"], now, change["after"]))
    return out


def check_open(over: bool, correction: Correction, rule: str = "R20.1") -> None:
    """A correction after the end is refused unless it reopens the duel under a dispute;
    ``reopens`` on a duel that goes on is refused too."""
    if over and not correction.reopens:
        raise IllegalDecisionError("The duel is over: a correction is refused unless a head "
                                   "judge's resolution of a dispute reopens it (reopens: "
                                   "true).", rule, field="reopens")
    if correction.reopens and not over:
        raise IllegalDecisionError("The duel is not over: there is nothing to reopen.", rule,
                                   field="reopens")
    if correction.reopens and not correction.dispute:
        raise IllegalDecisionError("Only a head judge's resolution of a dispute reopens a "
                                   "duel: name the dispute.", rule, field="dispute")


def show(value: Any) -> str:
    """A value as a sentence shows it: none, a list, a number, yes/no."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return "[" + ", ".join(str(v) for v in value) + "]" if value else "nothing"
    if isinstance(value, dict):
        return json.dumps(value, sort_keys=True)
    return str(value)


def who(by: Any) -> str:
    """'Head judge Hana', or 'A judge' when the entry does not say who."""
    if not isinstance(by, dict) or not by.get("name"):
        return "A judge"
    role = ROLE_WORDS.get(str(by.get("role")), "")
    return f"{role} {by['name']}".strip()


def sentence(entry: dict[str, Any], label: Callable[[str], str],
             value: Callable[[str, Any], str] | None = None) -> str:
    """The narrative line: who corrected what, from what to what, under which dispute and
    rule. ``label(path)`` names a field ("Ana's life"); ``value(path, v)`` shows a value."""
    changed = what(entry.get("changes", []), label, value)
    under = [f"dispute {str(entry['dispute'])[:8]}"] if entry.get("dispute") else []
    if entry.get("rule") and entry["rule"] != RULE:
        under.append(str(entry["rule"]))
    reopens = ", reopening the duel" if entry.get("reopens") else ""
    why = f": {entry['text']}" if entry.get("text") else ""
    tail = f" ({', '.join(under)})" if under else ""
    return f"{who(entry.get('by'))} corrects {changed}{tail}{reopens}{why}".rstrip(".") + "."


def what(changes: Any, label: Callable[[str], str],
         value: Callable[[str, Any], str] | None = None) -> str:
    """"Ana's life from 12 to 10 and Ben's space from 4 to 5" (or "the position")."""
    shown = value or (lambda _path, v: show(v))
    parts = [f"{label(c['field'])} from {shown(c['field'], c.get('before'))} to "
             f"{shown(c['field'], c.get('after'))}" for c in changes or []
             if isinstance(c, dict) and isinstance(c.get("field"), str)]
    if not parts:
        return "the position"
    return ", ".join(parts[:-1]) + (" and " if len(parts) > 1 else "") + parts[-1]


def field_spec(value: Any, kind: str, label: str, rule: str, **more: Any) -> dict[str, Any]:
    """One correctable field as ``Ruleset.correctable`` lists it: its current ``value``,
    ``type`` (integer, boolean, choice, list), ``label``, the ``rule`` that bounds it, and
    ``min``/``max``/``choices``/``nullable`` where they apply."""
    return {"value": value, "type": kind, "label": label, "rule": rule,
            **{k: v for k, v in more.items() if v is not None}}


def check_value(spec: dict[str, Any], path: str, value: Any) -> None:
    """Refuse a value that is not of the field's type or outside its bounds."""
    kind, rule, label = spec["type"], spec["rule"], spec["label"]
    if value is None and spec.get("nullable"):
        return
    if kind == "integer":
        ok = type(value) is int and spec.get("min", value) <= value <= spec.get("max", value)
        bounds = f" from {spec['min']}" if "min" in spec else ""
        bounds += f" up to {spec['max']}" if "max" in spec else ""
        want = f"a whole number{bounds}" + (" or none (off the board)"
                                           if spec.get("nullable") else "")
    elif kind == "boolean":
        ok, want = type(value) is bool, "true or false"
    elif kind == "choice":
        ok, want = value in spec["choices"], f"one of {', '.join(spec['choices'])}"
    else:
        ok = isinstance(value, list) and all(isinstance(v, str) and v in spec["choices"]
                                             for v in value)
        want = f"a list of {', '.join(spec['choices'])}"
    if not ok:
        raise IllegalDecisionError(f"{label} cannot be {value!r}: it is {want}.", rule,
                                   field=path)
