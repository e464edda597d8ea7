"""What a card's action resolves against (``Ctx``) and the decision it may wait for
(``Need``): below the vocabulary of actions (``actions.py``) and every rule that asks a
player, so that each can import them without importing the other."""

from __future__ import annotations

from dataclasses import dataclass, field

from judge.battlecon.cards import TIMING_NAMES, Card, Effect
from judge.battlecon.decisions import Decision
from judge.battlecon.names import name
from judge.battlecon.speed.fast_init import fast_init
from judge.battlecon.state import DuelState


@fast_init
@dataclass(frozen=True)
class Need:
    """A decision the engine waits for: who, what kind, the legal options."""

    kind: str
    players: tuple[int, ...]
    options: list[Decision]
    about: str = ""
    extra: dict = field(default_factory=dict)
    rule: str = ""


@dataclass
class Ctx:
    s: DuelState
    owner: int
    card: Card
    effect: Effect

    @property
    def opponent(self) -> int:
        return 1 - self.owner

    @property
    def rule(self) -> str:
        return f"{self.card.id}: {TIMING_NAMES.get(self.effect.timing, self.effect.timing)}"

    def name(self, p: int) -> str:
        return name(self.s, p)
