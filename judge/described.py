"""Described decisions: a prompt's legal decisions given by their shape and constraints
rather than listed one by one (docs/rulesets.md, "Described decisions").

A listed prompt's ``options`` grow with the choice: every layout of n characters in two
zones is 2^n options, every multiple of a manual move one option each. A *description*
says instead what a decision looks like and what it must satisfy, in a small JSON
vocabulary that a client can read without the game's code (the console draws it as a
form) and that this module checks when the decision arrives:

``{"kind", "fields": {name: spec}, "constraints": [constraint], "count", "rule"}``

Field specs (each may carry ``rule``, the rule that sets it, and ``default``, the value an
omitted field takes):

- ``{"const": v}``: exactly ``v``;
- ``{"type": "integer", "minimum", "maximum"}``: a whole number in that range;
- ``{"type": "choice", "choices": [...]}``: one of these values;
- ``{"type": "subset", "of": [...], "min_items", "max_items"}``: a list of distinct values
  of ``of`` (choose k of these n; the order does not matter);
- ``{"type": "multiset", "of": [...], "min_items", "max_items"}``: the same, a value may
  repeat (copies of a card);
- ``{"type": "text", "min_length", "max_length"}``: free text (a table's own answer).

Constraints over several fields or values (each with ``rule`` and ``text``, the sentence a
refusal gives):

- ``{"type": "partition", "fields": [a, b], "of": [...]}``: every value of ``of`` is in
  exactly one of these list fields;
- ``{"type": "intersects", "field", "of": [...]}``: the list field holds one of these;
- ``{"type": "sum", "field", "weights": {value: weight}, "minimum", "maximum"}``: the
  weights of the list field's values add up to a total in that range;
- ``{"type": "differ", "fields": [a, b], "key"}``: the two object fields differ in
  ``key`` (two parts of one attack made by two different characters).

A decision fits a description when it has exactly its fields (after ``default``s), each
fits its spec and every constraint holds. Pure functions; nothing here knows a game.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement, product
from typing import Any

Description = dict[str, Any]


@dataclass(frozen=True)
class Misfit:
    """Why a decision does not fit a description: the field (or ``decision``), a reason a
    judge can read, and the rule."""

    field: str
    reason: str
    rule: str


def with_defaults(description: Description, decision: dict[str, Any]) -> dict[str, Any]:
    """``decision`` with the ``default`` of every field it omits."""
    fields = description["fields"]
    filled = {k: spec["default"] for k, spec in fields.items()
              if "default" in spec and k not in decision}
    return {**decision, **filled}


def misfit(description: Description, decision: dict[str, Any]) -> Misfit | None:
    """The first way ``decision`` does not fit ``description``, or None when it fits."""
    d = with_defaults(description, decision)
    rule = str(description.get("rule", ""))
    fields = description["fields"]
    extra = sorted(set(d) - set(fields))
    if extra:
        return Misfit(extra[0], f"{extra[0]!r} is not part of a {description['kind']} "
                      f"decision (its fields: {', '.join(fields)}).", rule)
    for name, spec in fields.items():
        if name not in d:
            return Misfit(name, f"{name} is missing.", spec.get("rule", rule))
        why = _field_misfit(spec, d[name])
        if why:
            return Misfit(name, f"{name}: {why}", spec.get("rule", rule))
    for c in description.get("constraints", []):
        if not CONSTRAINTS[c["type"]](c, d):
            return Misfit(c.get("field") or c["fields"][0], c["text"], c.get("rule", rule))
    return None


def fits(description: Description, decision: dict[str, Any]) -> bool:
    return misfit(description, decision) is None


def _field_misfit(spec: dict[str, Any], value: Any) -> str | None:
    if "const" in spec:
        return None if _same(value, spec["const"]) else f"must be {spec['const']!r}."
    kind = spec["type"]
    if kind == "integer":
        if type(value) is not int:
            return f"{value!r} is not a whole number."
        low, high = spec.get("minimum"), spec.get("maximum")
        if (low is not None and value < low) or (high is not None and value > high):
            return f"{value} is not between {low} and {high}."
        return None
    if kind == "choice":
        choices = spec["choices"]
        return None if any(_same(value, c) for c in choices) else (
            f"{value!r} is not one of {choices!r}." if len(choices) <= 10 else
            f"{value!r} is not one of the {len(choices)} choices.")
    if kind in ("subset", "multiset"):
        return _subset_misfit(spec, value, repeats=kind == "multiset")
    if kind == "text":
        if not isinstance(value, str):
            return f"{value!r} is not text."
        if not spec.get("min_length", 0) <= len(value) <= spec.get("max_length", len(value)):
            return f"the text has {len(value)} characters; it needs " \
                   f"{spec.get('min_length', 0)} to {spec.get('max_length')}."
        return None
    raise ValueError(f"unknown field type {kind!r}")


def _subset_misfit(spec: dict[str, Any], value: Any, repeats: bool) -> str | None:
    if not isinstance(value, list):
        return f"{value!r} is not a list."
    allowed = set(spec["of"])
    stray = [v for v in value if not isinstance(v, str | int) or v not in allowed]
    if stray:
        among = ", ".join(map(str, spec["of"][:10])) + (", …" if len(spec["of"]) > 10 else "")
        return f"{stray[0]!r} may not be chosen here (choose from {among})."
    if not repeats and len(set(value)) < len(value):
        return "a value is chosen twice."
    low = spec.get("min_items", 0)
    high = spec.get("max_items", len(value) if repeats else len(allowed))
    if not low <= len(value) <= high:
        return f"{len(value)} chosen; between {low} and {high} are needed."
    return None


def _same(a: Any, b: Any) -> bool:
    """Equal as JSON values (True is not 1)."""
    return type(a) is type(b) and bool(a == b)


def _partition(c: dict[str, Any], d: dict[str, Any]) -> bool:
    lists = [d[f] for f in c["fields"]]
    together = [v for lst in lists for v in lst]
    return len(together) == len(set(together)) and set(together) == set(c["of"])


def _intersects(c: dict[str, Any], d: dict[str, Any]) -> bool:
    return bool(set(d[c["field"]]) & set(c["of"]))


def _sum(c: dict[str, Any], d: dict[str, Any]) -> bool:
    total = sum(c["weights"].get(v, 0) for v in d[c["field"]])
    low, high = c.get("minimum"), c.get("maximum")
    return (low is None or total >= low) and (high is None or total <= high)


def _differ(c: dict[str, Any], d: dict[str, Any]) -> bool:
    a, b = (d[f] for f in c["fields"])
    return bool(a[c["key"]] != b[c["key"]])


CONSTRAINTS: dict[str, Callable[[dict[str, Any], dict[str, Any]], bool]] = {
    "partition": _partition, "intersects": _intersects, "sum": _sum, "differ": _differ}


# --- a random fitting decision (seeded playouts) ------------------------------------------


def sample(description: Description, rng: random.Random, tries: int = 500) -> dict[str, Any]:
    """A random decision that fits ``description`` (a partition's values are dealt among
    its fields; other constraints by drawing again). ValueError after ``tries`` draws."""
    for _ in range(tries):
        d = {name: _draw(spec, rng) for name, spec in description["fields"].items()}
        for c in description.get("constraints", []):
            if c["type"] == "partition":
                _deal(c, description["fields"], d, rng)
            if c["type"] == "sum":
                d[c["field"]] = _fill(description["fields"][c["field"]], c, rng)
        if fits(description, d):
            return d
    raise ValueError(f"no fitting {description['kind']} decision found in {tries} draws")


def _draw(spec: dict[str, Any], rng: random.Random) -> Any:
    if "const" in spec:
        return spec["const"]
    kind = spec["type"]
    if kind == "integer":
        return rng.randint(spec["minimum"], spec["maximum"])
    if kind == "choice":
        return rng.choice(spec["choices"])
    if kind == "subset":
        low, high = spec.get("min_items", 0), spec.get("max_items", len(spec["of"]))
        return rng.sample(spec["of"], rng.randint(low, min(high, len(spec["of"]))))
    if kind == "multiset":
        low, high = spec.get("min_items", 0), spec.get("max_items", len(spec["of"]))
        return rng.choices(spec["of"], k=rng.randint(low, high))
    return "x" * spec.get("min_length", 1)


def _fill(spec: dict[str, Any], c: dict[str, Any], rng: random.Random) -> list[Any]:
    """Values drawn one by one while their weights fit under the sum's maximum, stopping
    at random once the minimum is reached (an exact total is then often met)."""
    pool, total = list(spec["of"]), 0
    chosen: list[Any] = []
    low, high = c.get("minimum") or 0, c.get("maximum")
    while True:
        room = [v for v in pool if high is None or total + c["weights"].get(v, 0) <= high]
        if not room or (total >= low and chosen and rng.random() < 0.3):
            return chosen
        v = rng.choice(room)
        chosen.append(v)
        total += c["weights"].get(v, 0)
        if spec.get("type") != "multiset":
            pool.remove(v)


def _deal(c: dict[str, Any], fields: dict[str, Any], d: dict[str, Any],
          rng: random.Random) -> None:
    """Each value of a partition goes to one of the fields that may hold it."""
    for name in c["fields"]:
        d[name] = []
    for v in c["of"]:
        room = [f for f in c["fields"] if v in fields[f].get("of", ())]
        if room:
            d[rng.choice(room)].append(v)


def expand(description: Description, limit: int = 100_000) -> list[dict[str, Any]]:
    """Every decision that fits a small description, in a deterministic order (subsets by
    size, then in the order of ``of``; integers ascending). ValueError when more than
    ``limit`` candidates would have to be tried: a description exists because its
    decisions are too many to list."""
    names = list(description["fields"])
    choices = [_values(description["fields"][n]) for n in names]
    total = 1
    for c in choices:
        total *= len(c)
    if total > limit:
        raise ValueError(f"{total} candidate {description['kind']} decisions: too many to list")
    out = [dict(zip(names, combo, strict=True)) for combo in product(*choices)]
    return [d for d in out if fits(description, d)]


def _values(spec: dict[str, Any]) -> list[Any]:
    if "const" in spec:
        return [spec["const"]]
    kind = spec["type"]
    if kind == "integer":
        return list(range(spec["minimum"], spec["maximum"] + 1))
    if kind == "choice":
        return list(spec["choices"])
    if kind in ("subset", "multiset"):
        low, high = spec.get("min_items", 0), spec.get("max_items", len(spec["of"]))
        pick = combinations_with_replacement if kind == "multiset" else combinations
        if kind == "subset":
            high = min(high, len(spec["of"]))
        return [list(c) for k in range(low, high + 1) for c in pick(spec["of"], k)]
    raise ValueError(f"a {kind} field cannot be listed")


def random_decision(prompt: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A random legal decision of a prompt (seeded playouts and benchmarks): one of its
    listed options or one drawn from one of its descriptions, each option and each
    description alike. A prompt without descriptions draws exactly as ``rng.choice`` of its
    options, so playouts of listed prompts keep their games."""
    options, described = prompt["options"], prompt.get("described") or []
    if not described:
        return dict(rng.choice(options))
    k = rng.randrange(len(options) + len(described))
    return dict(options[k]) if k < len(options) else sample(described[k - len(options)], rng)
