"""The analysis's choices in the game's words ("Battery Dash, ante Iron Body")."""

from __future__ import annotations

from judge.battlecon.kits import card, fighter
from judge.battlecon.state import SPECIAL_ACTION, DuelState


def decision_words(s: DuelState, decision: dict) -> str:
    """One pre-reveal or in-beat decision, briefly."""
    kind = decision["kind"]
    if kind == "attack_pair":
        style = "Special Action" if decision["style"] == SPECIAL_ACTION \
            else card(decision["style"]).name
        return f"{style} {card(decision['base']).name}"
    if kind == "ante" and decision.get("finisher"):
        return "ante the Finisher"
    if kind == "ante" and "token" in decision:
        kit = fighter(s.players[decision["player"]].fighter)
        count = decision.get("count")
        many = f"{count} " if isinstance(count, int) and count != 1 else ""
        return f"ante {many}{kit.token_name(decision['token'])}"
    if "base" in decision:
        verb = "guess " if kind == "guess" else ""
        return verb + card(decision["base"]).name
    return kind.replace("_", " ")


def choice_words(s: DuelState, choice: list[dict]) -> str:
    """A row's or column's choice: its decisions joined."""
    return ", ".join(decision_words(s, d) for d in choice)


def labels(s: DuelState, rows: list[list[dict]], cols: list[list[dict]]) -> list[list[str]]:
    """The words of every row and column."""
    return [[choice_words(s, c) for c in rows], [choice_words(s, c) for c in cols]]
