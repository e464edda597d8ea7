"""The narrative as plain text, beat by beat: what ``judge replay RECORD`` prints and what
``GET /api/duels/{id}/narrative`` answers (``api.narrative_endpoint``), written by this one
function so the two never differ. No Flask here: the command line imports it."""

from __future__ import annotations

from typing import Any

from judge import registry


def narrative_of(rules: Any, duel: Any) -> str:
    """A replayed duel's narrative, one line per event with its rule, each line ending in
    a newline."""
    return "".join(line + "\n" for line in rules.narrative(duel))


def narrative_text(record: dict) -> str:
    """The record's narrative (``narrative_of`` after replaying it); raises ``JudgeError``
    for a record that does not replay."""
    rules = registry.of_record(record)
    return narrative_of(rules, rules.from_record(record))
