"""Small phrases the facts and the decision sentences share, in the game's words."""

from __future__ import annotations

REPLY_WORDS = {"manual_move": "manual moves", "force_challenge": "force challenges"}
OUTCOME_WORDS = {"full": "succeeds in full", "partial": "succeeds in part",
                 "none": "takes no LP from its target"}


def outcome_sentence(subject: str, outcome: str, hurt: bool) -> str:
    """An attack's result class as a sentence (A10.6): full, partial or none."""
    return (f"{subject} {OUTCOME_WORDS.get(outcome, outcome)}"
            + ("; the attacker was afflicted." if hurt else "."))


def one_of(items: list[str]) -> str:
    """"A, B or C" (a question's choices)."""
    return " or ".join([", ".join(items[:-1]), items[-1]] if len(items) > 1 else items)


def article(word: str) -> str:
    """"a" or "an" before a reading of the die ("an Escape", "a Hit")."""
    return "an" if word[:1].lower() in "aeiou" else "a"
