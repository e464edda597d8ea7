"""The card text a dispute is about (issue 33 item 1): when the disputed event is a free
card text put to the table, the table's answer to one, or a fact that answer made, the
dispute shows the card's text, so a judge rules on what the card says. Read from the
stored events alone (any ruleset whose question fact carries ``card_text`` and
``source``): cards are public, so every reader sees it."""

from __future__ import annotations

from typing import Any

from events.app import JudgeApp
from events.domain import DuelRecord


def _json(event: Any) -> dict[str, Any]:
    return event.to_json() if hasattr(event, "to_json") else {}


def card_text_at(agg: DuelRecord, at: int) -> dict[str, Any] | None:
    """``{"text", "source", "character", "asked_at"}`` of the card text event ``at`` is
    about, or None. The question itself, or the answer (the decision after it and the
    facts that decision made) counts."""
    events = JudgeApp.events_of(agg)  # the application's reading interface
    if not 1 <= at <= len(events):
        return None
    answered = False
    for n in range(at, 0, -1):
        kind, e = events[n - 1]
        data = e if kind == "decision" else _json(e)
        if kind == "fact" and "card_text" in data and "source" in data:
            return {"text": data["card_text"], "source": data["source"],
                    "character": data.get("character"), "asked_at": n}
        if kind == "decision":
            if answered or data.get("kind") != "card_text":
                return None  # the disputed event belongs to another decision
            answered = True
    return None
