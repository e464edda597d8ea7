"""The position of an ART O BATTLERS match. Changed only by running facts (facts.py); every
value a fact sets is carried by the fact itself, so replay never consults card data."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

STEPS = ("team", "placement", "start_roll", "turn_action", "reply", "counterattack_choice",
         "duel", "card_choice", "card_text", "extra_attack", "joining_attack", "end_of_turn",
         "over")


@dataclass
class EffectState:
    """An effect in force on a character (A13, AG19)."""

    name: str
    source: str  # "<character>/<move>"
    action: str
    dp: int
    replies: list[str]
    applied_turn: int
    ends_after_turn: int

    def copy(self) -> EffectState:
        return EffectState(self.name, self.source, self.action, self.dp, list(self.replies),
                           self.applied_turn, self.ends_after_turn)


@dataclass
class Fighter:
    """One character instance in a match, with its pools (A1.25-A1.28)."""

    id: str
    card: str
    player: int
    name: str
    dice_type: str
    type: str
    size: int
    level_globes: int
    life: int
    life_start: int
    power: int | None = None
    power_limit: int | None = None
    shield: int | None = None
    shield_destroyed: bool = False
    striker_name: str | None = None
    striker_life: int | None = None
    striker_destroyed: bool = False
    status: str = "in_play"  # in_play | destroyed | captive | discarded (A24.7, A24.8)
    effect: EffectState | None = None
    zone: str = "battle"  # battle | inactive (Advance Play, A21.2; a simple duel's one is in battle)

    def copy(self) -> Fighter:
        return Fighter(
            self.id, self.card, self.player, self.name, self.dice_type, self.type, self.size,
            self.level_globes, self.life, self.life_start, self.power, self.power_limit,
            self.shield, self.shield_destroyed, self.striker_name, self.striker_life,
            self.striker_destroyed, self.status,
            None if self.effect is None else self.effect.copy(), self.zone)

    @property
    def label(self) -> str:
        """The name a sentence gives it: a second copy of a card is "Ember Knight #2"
        (AG26), so that two copies on the table are told apart."""
        copy = self.id.partition("#")[2]
        return f"{self.name} #{copy}" if copy else self.name

    @property
    def in_play(self) -> bool:
        return self.status == "in_play"

    @property
    def shield_intact(self) -> bool:
        return self.shield is not None and not self.shield_destroyed and self.shield > 0

    @property
    def striker_alive(self) -> bool:
        return self.striker_life is not None and not self.striker_destroyed


@dataclass
class Duel:
    """A force challenge's dice duel (A16): colour, the colliding move, the rounds."""

    colour: str
    move: str
    rounds: list[list[int]] = field(default_factory=list)
    current: list[int | None] = field(default_factory=lambda: [None, None])
    result: str | None = None  # attacker | defender | both (lost)

    def copy(self) -> Duel:
        return Duel(self.colour, self.move, [list(r) for r in self.rounds], list(self.current),
                    self.result)


@dataclass
class Attack:
    """The attack being resolved (A10.1)."""

    player: int
    character: str
    striker: bool
    move: str
    target: str
    kind: str  # normal | extra | lead | joining
    pay: str | None
    sacrifice: bool
    dp: int  # what the move deals to this target (after Special Abilities, A18)
    dp_note: str = ""
    chain_origin: str | None = None
    paid_lp: int = 0
    paid_pp: int = 0
    effective: bool = True
    reply: dict[str, Any] | None = None
    counterattack: str | None = None
    duel: Duel | None = None
    outcome: str | None = None  # full | partial | none
    attacker_afflicted: bool = False
    target_striker: bool = False  # the target's striker is aimed at (target_striker, AG46)

    def copy(self) -> Attack:
        return Attack(
            self.player, self.character, self.striker, self.move, self.target, self.kind,
            self.pay, self.sacrifice, self.dp, self.dp_note, self.chain_origin, self.paid_lp,
            self.paid_pp, self.effective, tree(self.reply), self.counterattack,
            None if self.duel is None else self.duel.copy(), self.outcome,
            self.attacker_afflicted, self.target_striker)


@dataclass
class GameState:
    """Everything a position is: fighters, whose turn, the step, the attack, the result."""

    names: list[str]
    rulings: dict[str, str]
    format: str = "simple_duel"
    teams: list[list[str] | None] = field(default_factory=lambda: [None, None])
    fighters: dict[str, Fighter] = field(default_factory=dict)
    start_current: list[int | None] = field(default_factory=lambda: [None, None])
    start_rounds: list[list[int]] = field(default_factory=list)
    first: int | None = None
    turn: int = 0
    to_act: int | None = None
    step: str = "team"
    attack: Attack | None = None
    last_reply: int | None = None
    winner: int | None = None
    draw: bool = False
    end_reason: str | None = None
    version: int = 0
    level_globe_total: int | None = None  # Advance Play (A21.1)
    placed: list[bool] = field(default_factory=lambda: [False, False])  # setup layouts (A21.3)
    reviewed: bool = False  # the placement review of this turn was made (A21.4)
    side: dict[str, Any] | None = None  # the side attack announced this turn (A22, AG33)
    choice: dict[str, Any] | None = None  # a card-text may/pick waiting (decisions.md 15)
    text_duel: dict[str, Any] | None = None  # a card-text dice duel (A16.1, R-text)
    invoked: list[str] = field(default_factory=list)  # invoked texts used at this prompt

    @property
    def over(self) -> bool:
        return self.step == "over"

    def clone(self) -> GameState:
        """A copy sharing nothing mutable with this position (a decision is judged on one).
        Written out field by field: ``copy.deepcopy`` took 40 % of a random match's time
        (and does not copy a compiled class); tests/artobattlers/test_state_clone.py fails
        when a field is left out."""
        return GameState(
            list(self.names), dict(self.rulings), self.format,
            [None if t is None else list(t) for t in self.teams],
            {k: f.copy() for k, f in self.fighters.items()}, list(self.start_current),
            [list(r) for r in self.start_rounds], self.first, self.turn, self.to_act,
            self.step, None if self.attack is None else self.attack.copy(), self.last_reply,
            self.winner, self.draw, self.end_reason, self.version, self.level_globe_total,
            list(self.placed), self.reviewed, tree(self.side), tree(self.choice),
            tree(self.text_duel), list(self.invoked))

    def of(self, player: int) -> list[Fighter]:
        """A player's characters in team order."""
        return [self.fighters[i] for i in (self.teams[player] or [])]

    def in_play(self, player: int) -> list[Fighter]:
        return [f for f in self.of(player) if f.in_play]

    def battle(self, player: int) -> list[Fighter]:
        """Characters that may attack and be targeted: those in the battle zone (A21.6);
        in a simple duel, the one character in play."""
        return [f for f in self.in_play(player) if f.zone == "battle"]

    def inactive(self, player: int) -> list[Fighter]:
        return [f for f in self.in_play(player) if f.zone == "inactive"]

    @property
    def advance(self) -> bool:
        return self.format == "advance_play"

    def defender(self) -> int:
        assert self.attack is not None
        return 1 - self.attack.player

    def attack_pool(self) -> str:
        """The target's pool the attack's damage goes to: its LP, or its striker's when the
        striker is aimed at (AG46)."""
        assert self.attack is not None
        return "striker" if self.attack.target_striker else "life"



def tree(value: Any) -> Any:
    """A copy of a JSON-like value (dicts and lists of atoms), sharing nothing mutable."""
    if isinstance(value, dict):
        return {k: tree(v) for k, v in value.items()}
    if isinstance(value, list):
        return [tree(v) for v in value]
    return value
