"""Teaching mode's question for this game: before a reply die's row tells what it does, "a 4
on the STAY chart against Spark Needle: does this reply hit, defend, resist, escape or
counter?" (A4.2; speed and DEF change some faces, A15.2, A11.6)."""

from __future__ import annotations

from typing import Any

from judge.artobattlers.sentences import READING_WORDS, Words, die_reading


def die_question(words: Words, decision: dict[str, Any],
                 prompt: dict[str, Any]) -> dict[str, Any] | None:
    """The question asked before a reply die (``decision``) is shown, or None for any
    other decision or a prompt that does not tell the attack."""
    value = decision.get("kind") == "die" and decision.get("value")
    attack = prompt.get("attack") if prompt.get("kind") == "reply" else None
    if not isinstance(value, int) or not 1 <= value <= 6 or not isinstance(attack, dict):
        return None
    found = die_reading(words, attack, value)
    if found is None:
        return None
    chart, reading, _ = found
    move = words.move_name(attack["character"], attack["move"], bool(attack.get("striker")))
    text = (f"{words.player(decision)} rolls a {value} on the {chart.upper()} chart against "
            f"{move}: does this reply hit, defend, resist, escape or counter?")
    return {"text": text, "answers": [{"label": READING_WORDS[r][0].split(" ", 1)[1],
                                       "right": r == reading} for r in READING_WORDS]}
