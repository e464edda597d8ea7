"""Characters a player enters as data (their own physical cards, A1): a data file in the
schema of ``data/characters.schema.json`` (the one ``characters.yaml`` follows), checked
whole before anything is kept. Every refusal is a RecordError whose ``field`` names the
faulty place from the document's root, e.g. ``characters[0].attack_moves[2].cost.pp``."""

from __future__ import annotations

from typing import Any

import jsonschema  # type: ignore[import-untyped]

from judge.artobattlers.catalogue import (
    load_document,
    refuse_duplicate_counterattacks,
    sample_set,
    schema,
)
from judge.errors import RecordError


def check_document(document: Any) -> list[dict[str, Any]]:
    """The characters of a data document, each as it will go inline into a setup."""
    if not isinstance(document, dict):
        raise RecordError("A character file is an object with schema_version, ruleset and "
                          "characters.", "A1", field="document")
    error = _first_error(document)
    if error is not None:
        field, message = error
        raise RecordError(f"{field}: {message}", "A1", field=field)
    load_document(document, "characters")  # cross-field rules (A1.8, A7.1, AG8, AG38)
    characters: list[dict[str, Any]] = document["characters"]
    refuse_duplicate_counterattacks(characters, "characters")  # A1.14, 004 §6
    samples = sample_set()
    for index, character in enumerate(characters):
        if character["id"] in samples:
            field = f"characters[{index}].id"
            raise RecordError(f"{field}: {character['id']!r} is a sample character's id; "
                              "give your character an id of its own.", "A1", field=field)
    return [{**character, "sample": False} for character in characters]


def _first_error(document: dict[str, Any]) -> tuple[str, str] | None:
    """(field, message) of the most telling schema error, or None when there is none.

    A ``oneOf`` (a cost's form, an effect's verb) is explained by the branch the data chose
    (the one whose ``form`` or ``action`` matched), not by "valid under none of them"."""
    validator = jsonschema.Draft202012Validator(schema())
    error = jsonschema.exceptions.best_match(validator.iter_errors(document))
    if error is None:
        return None
    while error.validator == "oneOf" and error.context:
        chosen = [e for e in error.context if not _wrong_branch(e, error.context)]
        if not chosen:
            return _no_branch(error)
        error = jsonschema.exceptions.best_match(chosen)
    parts = list(error.absolute_path)
    if error.validator == "required":
        missing = error.message.split("'")[1] if "'" in error.message else ""
        return _path([*parts, missing]), "required, and missing."
    if error.validator == "additionalProperties":
        known = set(error.schema.get("properties", {}))
        extra = sorted(k for k in error.instance if k not in known)
        return _path([*parts, *extra[:1]]), "not a field of the schema."
    return _path(parts), error.message


def _no_branch(error: Any) -> tuple[str, str]:
    """A oneOf whose every branch wants another ``form``/``action``: name the choices."""
    fixed = [e for e in error.context if e.validator in ("const", "enum")]
    if not fixed:
        return _path(list(error.absolute_path)), error.message
    allowed: list[str] = []
    for e in fixed:
        values = [e.validator_value] if e.validator == "const" else e.validator_value
        allowed += [str(v) for v in values if str(v) not in allowed]
    return (_path(list(fixed[0].absolute_path)),
            f"{fixed[0].instance!r} is not one of: {', '.join(allowed)}.")


def _wrong_branch(error: Any, context: list[Any]) -> bool:
    """Whether ``error``'s branch of a oneOf is one the data did not choose: a branch
    with a failed ``const``/``enum`` (the data's ``form`` or ``action`` is another)."""
    branch = error.relative_schema_path[0] if error.relative_schema_path else None
    return any(e.relative_schema_path and e.relative_schema_path[0] == branch and
               e.validator in ("const", "enum") for e in context)


def _path(parts: list[Any]) -> str:
    out = ""
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "document"
