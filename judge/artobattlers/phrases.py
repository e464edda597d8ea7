"""Small phrases the facts and the decision sentences share, in the game's words."""

from __future__ import annotations

REPLY_WORDS = {"manual_move": "manual moves", "force_challenge": "force challenges"}
OUTCOME_WORDS = {"full": "succeeds in full", "partial": "succeeds in part",
                 "none": "takes no LP from its target"}


def outcome_sentence(subject: str, outcome: str, hurt: bool) -> str:
    """An attack's result class as a sentence (A10.6): full, partial or none."""
    return (f"{subject} {OUTCOME_WORDS.get(outcome, outcome)}"
            + ("; the attacker was afflicted." if hurt else "."))


def and_list(items: list[str]) -> str:
    """"A, B and C"."""
    return " and ".join([", ".join(items[:-1]), items[-1]] if len(items) > 1 else items)


def zones_sentence(battle: list[str], inactive: list[str]) -> str:
    """A layout of Advance Play's zones in words (A21.2), the characters already named."""
    return (f"{and_list(battle) or 'nobody'} in the battle zone, "
            f"{and_list(inactive) or 'nobody'} in the inactive zone")


def copy_name(name: str, character: str) -> str:
    """A character's name, with its copy number when a match holds more than one copy of
    the card (``ember-knight#2`` is "Ember Knight #2", AG26)."""
    copy = character.partition("#")[2]
    return f"{name} #{copy}" if copy else name


def one_of(items: list[str]) -> str:
    """"A, B or C" (a question's choices)."""
    return " or ".join([", ".join(items[:-1]), items[-1]] if len(items) > 1 else items)


def article(word: str) -> str:
    """"a" or "an" before a reading of the die ("an Escape", "a Hit")."""
    return "an" if word[:1].lower() in "aeiou" else "a"
