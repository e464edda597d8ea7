"""The judging table: a working state, the cards in play, the rulings, and the facts emitted
so far. Every fact is run on the working state as it is emitted, so each step of a
resolution reads the position the previous facts made."""

from __future__ import annotations

from typing import Any

from judge.artobattlers.cards import Character, Move
from judge.artobattlers.facts import Fact
from judge.artobattlers.state import Fighter, GameState


class Table:
    def __init__(self, state: GameState, cards: dict[str, Character],
                 setup: dict[str, Any]) -> None:
        self.s = state
        self.cards = cards
        self.setup = setup
        self.rulings: dict[str, str] = setup["rulings"]
        self.facts: list[Fact] = []

    def emit(self, fact: Fact) -> None:
        fact.run(self.s)
        self.facts.append(fact)

    def fighter(self, fighter_id: str) -> Fighter:
        return self.s.fighters[fighter_id]

    def card(self, fighter_id: str) -> Character:
        return self.cards[self.s.fighters[fighter_id].card]

    def name(self, fighter_id: str) -> str:
        """The character's name, with its copy number for a second copy (AG26)."""
        return self.s.fighters[fighter_id].label

    def pname(self, player: int) -> str:
        return str(self.s.names[player])

    def attack_move(self) -> Move:
        """The move of the attack being resolved."""
        a = self.s.attack
        assert a is not None
        move = self.card(a.character).move(a.move, a.striker)
        assert move is not None
        return move

    def attacker_label(self) -> str:
        """The attacking character, or its striker (A17)."""
        a = self.s.attack
        assert a is not None
        f = self.fighter(a.character)
        return f"{f.striker_name} ({f.label}'s striker)" if a.striker else f.label
