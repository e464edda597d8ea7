"""Facts: past-tense, frozen, typed records of what happened in a match. Each cites its rule
(``A10.4``, ``AGn``, or the card: ``mossjaw/damp-hide``) and says it in one sentence; running
it is the only way the state changes, and it carries every value it sets."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any, ClassVar

from judge.artobattlers import snapshot
from judge.artobattlers.state import Attack, Duel, EffectState, Fighter, GameState

FACT_TYPES: dict[str, type[Fact]] = {}


@dataclass(frozen=True)
class Fact:
    rule: str
    text: str
    control: ClassVar[bool] = False  # bookkeeping a narrative may skip
    asks_table: ClassVar[bool] = False  # a card text put to the table or its answer

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        FACT_TYPES[cls.__name__] = cls

    def apply(self, s: GameState) -> None:
        """What the fact changes; a fact that changes nothing leaves this as is."""

    def run(self, s: GameState) -> None:
        if not self.asks_table:
            s.invoked = []  # the game moved on: a new prompt (freetext.invoke at a prompt)
        self.apply(s)
        s.version += 1

    def to_json(self) -> dict[str, Any]:
        return {"type": type(self).__name__, **asdict(self)}

    @staticmethod
    def from_json(data: dict[str, Any]) -> Fact:
        """A fact from its JSON; KeyError for an unknown type, TypeError for a bad field."""
        data = dict(data)
        cls = FACT_TYPES[data.pop("type")]
        names = {f.name for f in fields(cls)}
        unknown = set(data) - names
        if unknown:
            raise TypeError(f"{cls.__name__} has no field {sorted(unknown)[0]!r}")
        return cls(**data)


# --- setup ------------------------------------------------------------------------------


@dataclass(frozen=True)
class TeamRegistered(Fact):
    """A player's characters enter the match with their starting pools (A2.1, A2.2)."""

    player: int
    characters: list[dict[str, Any]] = field(default_factory=list)

    def apply(self, s: GameState) -> None:
        ids = []
        for data in self.characters:
            fighter = Fighter(**data)
            s.fighters[fighter.id] = fighter
            ids.append(fighter.id)
        s.teams[self.player] = ids
        if all(t is not None for t in s.teams):
            s.step = "placement" if s.advance else "start_roll"


@dataclass(frozen=True)
class PlacementSet(Fact):
    """A player's layout of battle and inactive zones: at setup (A21.3, AG39) or as the
    placement review at the start of his turn (A21.4, AG27). ``forced`` when it was the
    only legal layout (no prompt)."""

    player: int
    battle_zone: list[str]
    inactive_zone: list[str]
    review: bool
    forced: bool = False

    def apply(self, s: GameState) -> None:
        for who in self.battle_zone:
            s.fighters[who].zone = "battle"
        for who in self.inactive_zone:
            s.fighters[who].zone = "inactive"
        if self.review:
            s.reviewed, s.step = True, "turn_action"
            return
        s.placed[self.player] = True
        if all(s.placed):
            s.step = "start_roll"


@dataclass(frozen=True)
class StartDieEntered(Fact):
    player: int
    value: int

    def apply(self, s: GameState) -> None:
        s.start_current[self.player] = self.value


@dataclass(frozen=True)
class StartRollRound(Fact):
    """Both start dice of a round are in; equal values mean another round (A2.3)."""

    values: list[int]
    tied: bool

    def apply(self, s: GameState) -> None:
        s.start_rounds.append(list(self.values))
        s.start_current = [None, None]


@dataclass(frozen=True)
class FirstPlayerDecided(Fact):
    player: int

    def apply(self, s: GameState) -> None:
        s.first = self.player


@dataclass(frozen=True)
class TurnStarted(Fact):
    turn: int
    player: int

    def apply(self, s: GameState) -> None:
        s.turn, s.to_act, s.attack = self.turn, self.player, None
        s.step = "placement" if s.advance else "turn_action"
        s.reviewed, s.side = False, None


@dataclass(frozen=True)
class TurnLost(Fact):
    """The opponent's battle zone is empty while he still has inactive characters: the
    turn ends with no action, and he acts next (A21.9, AG27)."""

    turn: int
    player: int


@dataclass(frozen=True)
class TurnEnded(Fact):
    turn: int
    player: int

    def apply(self, s: GameState) -> None:
        s.step = "end_of_turn"


# --- the attack ---------------------------------------------------------------------------


@dataclass(frozen=True)
class AttackDeclared(Fact):
    """The turn action or a chain's extra attack (A3.5, A14.3)."""

    player: int
    character: str
    striker: bool
    move: str
    target: str
    kind: str
    pay: str | None
    sacrifice: bool
    dp: int
    dp_note: str = ""
    chain_origin: str | None = None
    target_striker: bool = False  # aimed at the target's striker (target_striker, AG46)

    def apply(self, s: GameState) -> None:
        s.attack = Attack(self.player, self.character, self.striker, self.move, self.target,
                          self.kind, self.pay, self.sacrifice, self.dp, self.dp_note,
                          self.chain_origin, target_striker=self.target_striker)
        s.step = "reply"


@dataclass(frozen=True)
class CostPaid(Fact):
    """LP, PP or striker LP paid for a move, a manual move or a force challenge (A9.1)."""

    character: str
    pool: str  # life | power | striker
    amount: int
    before: int
    after: int
    purpose: str = "attack"  # attack | manual_move | force_challenge

    def apply(self, s: GameState) -> None:
        f = s.fighters[self.character]
        value = max(0, self.after)
        if self.pool == "life":
            f.life = value
        elif self.pool == "power":
            f.power = value
        else:
            f.striker_life = value
        if s.attack is not None and self.purpose == "attack":
            if self.pool == "power":
                s.attack.paid_pp += self.amount
            else:
                s.attack.paid_lp += self.amount


@dataclass(frozen=True)
class AttackNotEffective(Fact):
    """A size or LP limit makes the move do nothing: a wasted turn (A12.4, AG11)."""

    limit: str  # size | lp
    limit_value: int
    target_value: int

    def apply(self, s: GameState) -> None:
        assert s.attack is not None
        s.attack.effective = False
        s.attack.outcome = "none"


@dataclass(frozen=True)
class PowerRaised(Fact):
    """A PP-raise symbol pays out, capped at the limit (A8.6-A8.11)."""

    character: str
    trigger: str
    requested: int
    gained: int
    before: int
    after: int

    def apply(self, s: GameState) -> None:
        s.fighters[self.character].power = self.after


@dataclass(frozen=True)
class LifeRestored(Fact):
    """A Special Ability's turn action gives LP back, never above the starting LP (A3.3 (d),
    A1.26); cites the card and ability."""

    character: str
    requested: int
    gained: int
    before: int
    after: int

    def apply(self, s: GameState) -> None:
        s.fighters[self.character].life = self.after


@dataclass(frozen=True)
class DieRolled(Fact):
    """The defender's reply die, read on the target's dice type (A4)."""

    player: int
    value: int
    dice_type: str
    reading: str  # hit | defense | resist | escape | counterattack
    modifier: str | None = None  # speed | DEF

    def apply(self, s: GameState) -> None:
        assert s.attack is not None
        s.attack.reply = {"kind": "die", "value": self.value, "reading": self.reading,
                          "modifier": self.modifier}
        s.last_reply = self.value


@dataclass(frozen=True)
class ManualMoveUsed(Fact):
    player: int
    character: str
    number: int
    multiple: int | None = None
    pay: str | None = None

    def apply(self, s: GameState) -> None:
        assert s.attack is not None
        s.attack.reply = {"kind": "manual_move", "number": self.number,
                          "multiple": self.multiple, "pay": self.pay}


@dataclass(frozen=True)
class ManualMoveOvercome(Fact):
    """Issue type 4: the manual move does nothing; the target takes 100% (A11.5)."""

    number: int


@dataclass(frozen=True)
class CounterattackChoiceOffered(Fact):
    """A NORMAL 6 with two or more usable counterattacks: the defender picks (A5.5, AG7)."""

    options: list[str] = field(default_factory=list)

    def apply(self, s: GameState) -> None:
        s.step = "counterattack_choice"


@dataclass(frozen=True)
class CounterattackActivated(Fact):
    character: str
    id: str
    dp: int
    forced: bool

    def apply(self, s: GameState) -> None:
        assert s.attack is not None
        s.attack.counterattack = self.id
        s.step = "reply"


@dataclass(frozen=True)
class NoUsableCounterattack(Fact):
    """A NORMAL 6 with no counterattack that fits the attack's class (A5.7, AG6)."""


@dataclass(frozen=True)
class CounterattackOvercome(Fact):
    id: str


@dataclass(frozen=True)
class Nullified(Fact):
    id: str


@dataclass(frozen=True)
class DoubleImpact(Fact):
    id: str


# --- force challenges -----------------------------------------------------------------------


@dataclass(frozen=True)
class ForceChallengeDeclared(Fact):
    player: int
    colour: str
    move: str

    def apply(self, s: GameState) -> None:
        assert s.attack is not None
        s.attack.reply = {"kind": "force_challenge", "colour": self.colour, "move": self.move}
        s.attack.duel = Duel(self.colour, self.move)
        s.step = "duel"


@dataclass(frozen=True)
class DuelDieEntered(Fact):
    """One die of a force challenge's duel, or of a card-text dice duel when one is open."""

    player: int
    value: int

    def apply(self, s: GameState) -> None:
        if s.text_duel is not None:
            s.text_duel["current"][self.player] = self.value
            return
        assert s.attack is not None and s.attack.duel is not None
        s.attack.duel.current[self.player] = self.value


@dataclass(frozen=True)
class DuelRound(Fact):
    """Both duel dice of a round are in (A16.1, A16.2)."""

    values: list[int]
    result: str  # again | won | both_lost

    def apply(self, s: GameState) -> None:
        if s.text_duel is not None:
            s.text_duel["rounds"].append(list(self.values))
            s.text_duel["current"] = [None, None]
            return
        assert s.attack is not None and s.attack.duel is not None
        s.attack.duel.rounds.append(list(self.values))
        s.attack.duel.current = [None, None]


@dataclass(frozen=True)
class DuelWon(Fact):
    player: int
    side: str  # attacker | defender

    def apply(self, s: GameState) -> None:
        assert s.attack is not None and s.attack.duel is not None
        s.attack.duel.result = "defender" if self.side == "attacker" else "attacker"
        s.step = "reply"


@dataclass(frozen=True)
class TextDuelOpened(Fact):
    """An effect's text calls for a dice duel at the end of a turn (A16.1, R-text)."""

    character: str
    name: str
    turn: int
    by: str | None = None  # a Special Ability's duel (``dice_duel_turn``): its owner (AG45)

    def apply(self, s: GameState) -> None:
        s.text_duel = {"character": self.character, "effect": self.name, "rounds": [],
                       "current": [None, None], **({"by": self.by} if self.by else {})}
        s.step = "duel"


@dataclass(frozen=True)
class TextDuelWon(Fact):
    player: int
    character: str

    def apply(self, s: GameState) -> None:
        s.text_duel, s.step = None, "end_of_turn"


@dataclass(frozen=True)
class DuelBothLost(Fact):
    def apply(self, s: GameState) -> None:
        assert s.attack is not None and s.attack.duel is not None
        s.attack.duel.result = "both"
        s.step = "reply"


# --- damage and its consequences ---------------------------------------------------------------


@dataclass(frozen=True)
class DamageDealt(Fact):
    """DP taken from a character's LP, its shield or its striker (A10.2). ``after`` keeps
    the true value; the state shows no less than 0 (AG41)."""

    character: str
    pool: str  # life | shield | striker
    dp: int
    before: int
    after: int
    source: str = "attack"  # attack | counterattack | force_challenge | direct_hit

    def apply(self, s: GameState) -> None:
        f = s.fighters[self.character]
        value = max(0, self.after)
        if self.pool == "life":
            f.life = value
        elif self.pool == "shield":
            f.shield = value
        else:
            f.striker_life = value


@dataclass(frozen=True)
class OutcomeClassified(Fact):
    """The attack's result class for effects and chains (A10.6, AG20)."""

    outcome: str
    attacker_afflicted: bool

    def apply(self, s: GameState) -> None:
        assert s.attack is not None
        s.attack.outcome, s.attack.attacker_afflicted = self.outcome, self.attacker_afflicted


@dataclass(frozen=True)
class ShieldDestroyed(Fact):
    character: str

    def apply(self, s: GameState) -> None:
        f = s.fighters[self.character]
        f.shield, f.shield_destroyed = 0, True


@dataclass(frozen=True)
class StrikerDestroyed(Fact):
    character: str
    cause: str  # damage | with_character | sacrifice

    def apply(self, s: GameState) -> None:
        f = s.fighters[self.character]
        f.striker_destroyed = True
        f.striker_life = 0


@dataclass(frozen=True)
class CharacterDestroyed(Fact):
    character: str
    cause: str  # damage | sacrifice

    def apply(self, s: GameState) -> None:
        f = s.fighters[self.character]
        f.status, f.life, f.effect = "destroyed", 0, None


@dataclass(frozen=True)
class BecameCaptive(Fact):
    """The character stays in the game but nobody may play or attack it, and it cannot
    change zones, until its captivity ends (A24.8, AG40)."""

    character: str

    def apply(self, s: GameState) -> None:
        s.fighters[self.character].status = "captive"


@dataclass(frozen=True)
class CaptivityEnded(Fact):
    """The captive character returns to the zone it was in (AG40)."""

    character: str

    def apply(self, s: GameState) -> None:
        s.fighters[self.character].status = "in_play"


@dataclass(frozen=True)
class CharacterDiscarded(Fact):
    """The character and all its cards leave the match: removed, not destroyed (A24.7);
    its effect ends with it (AG35)."""

    character: str

    def apply(self, s: GameState) -> None:
        f = s.fighters[self.character]
        f.status, f.effect = "discarded", None
        if f.striker_life is not None:
            f.striker_destroyed = True


@dataclass(frozen=True)
class EffectApplied(Fact):
    character: str
    name: str
    source: str
    action: str
    dp: int
    replies: list[str]
    applied_turn: int
    ends_after_turn: int

    def apply(self, s: GameState) -> None:
        s.fighters[self.character].effect = EffectState(
            self.name, self.source, self.action, self.dp, list(self.replies),
            self.applied_turn, self.ends_after_turn)


@dataclass(frozen=True)
class CardChoiceOffered(Fact):
    """A card text with a choice: ``may`` (apply the effect or not) or ``pick`` (one of
    ``options``); the player decides (decisions.md 15). Cites the card."""

    player: int
    choice: str  # may | pick
    about: str
    options: list[Any] = field(default_factory=list)

    def apply(self, s: GameState) -> None:
        s.choice = {"player": self.player, "choice": self.choice, "about": self.about,
                    "options": list(self.options)}
        s.step = "card_choice"


@dataclass(frozen=True)
class CardChoiceMade(Fact):
    player: int
    choice: str
    value: Any

    def apply(self, s: GameState) -> None:
        s.choice, s.step = None, "reply"


@dataclass(frozen=True)
class CardTextAsked(Fact):
    """A free-text ability or note applies (A18.2, AG1): the table says what it does.
    ``n``: which of the texts that apply now (freetext.texts) this is."""

    player: int
    character: str
    source: str  # "ability: <name>" | "note: <move id>"
    card_text: str
    timing: str
    n: int = 0
    resume: str = "reply"  # reply | after_hit (on_hit) | after_effect | turn_end (invoked)
    #                        | step:<the step a start-of-turn text interrupted>
    #                        | prompt:<the owner's prompt an invoked text interrupted>
    #                        | tick:<the character a lasting effect's text acts on>
    asks_table: ClassVar[bool] = True

    def apply(self, s: GameState) -> None:
        if self.resume.startswith("prompt:"):
            s.invoked = [*s.invoked, self.character]
        s.choice = {"player": self.player, "choice": "card_text", "about": self.card_text,
                    "character": self.character, "source": self.source, "n": self.n,
                    "options": [], "resume": self.resume}
        s.step = "card_text"


@dataclass(frozen=True)
class CardTextRuled(Fact):
    """What the table, both players agreeing, decided a free text does, as the engine's
    own outcomes: ``pools`` sets the changed pools (character -> {pool: value}), so replay
    needs no card data; ``outcome`` hit / miss is judged by the facts that follow."""

    card_text: str
    outcome: str
    character: str
    amount: int
    pools: dict[str, dict[str, int]] = field(default_factory=dict)
    resume: str = "reply"
    dp: int | None = None  # damage: what the attack now deals
    zone: str | None = None  # to_battle_zone / to_inactive_zone: where ``character`` goes
    asks_table: ClassVar[bool] = True

    def apply(self, s: GameState) -> None:
        if self.zone is not None:
            s.fighters[self.character].zone = self.zone
        for key, changes in self.pools.items():
            for name, value in changes.items():
                setattr(s.fighters[key], name, value)
        if self.dp is not None and s.attack is not None:
            s.attack.dp = self.dp
        s.choice = None
        s.step = ("turn_action" if self.resume == "turn_end" else
                  self.resume[5:] if self.resume.startswith("step:") else
                  self.resume[7:] if self.resume.startswith("prompt:") else
                  "end_of_turn" if self.resume.startswith("tick:") else "reply")


@dataclass(frozen=True)
class EffectBlocked(Fact):
    character: str
    name: str
    reason: str  # outcome | incompatible | already_affected | destroyed | declined


@dataclass(frozen=True)
class EffectTicked(Fact):
    character: str
    name: str
    turn: int


@dataclass(frozen=True)
class EffectEnded(Fact):
    character: str
    name: str
    reason: str  # expired | destroyed | card_text (freetext.py)

    def apply(self, s: GameState) -> None:
        s.fighters[self.character].effect = None


@dataclass(frozen=True)
class ChainSucceeded(Fact):
    """A fully successful chain move: one extra attack may follow (A14.2, A14.3)."""

    move: str

    def apply(self, s: GameState) -> None:
        s.step = "extra_attack"


@dataclass(frozen=True)
class SideAttackAnnounced(Fact):
    """A side attack announced in one decision before its lead attack (A22.2, AG33):
    ``lead`` and ``joining`` are {character, move, pay, sacrifice}; ``joining`` is None
    when the match's AG33 reading chooses it after the lead succeeds."""

    player: int
    target: str
    lead: dict[str, Any]
    joining: dict[str, Any] | None = None

    def apply(self, s: GameState) -> None:
        s.side = {"target": self.target, "lead": dict(self.lead),
                  "joining": dict(self.joining) if self.joining else None}


@dataclass(frozen=True)
class JoiningAttackAwaited(Fact):
    """The lead hit in full: the player now chooses the joining move (AG33's other
    reading)."""

    player: int
    options: int

    def apply(self, s: GameState) -> None:
        s.step = "joining_attack"


@dataclass(frozen=True)
class JoiningAttackMade(Fact):
    """The joining attack: a Direct Hit of 10 DP on the lead's target, no reply (A22.5)."""

    player: int
    character: str
    move: str
    target: str
    pay: str | None
    sacrifice: bool
    dp: int

    def apply(self, s: GameState) -> None:
        s.attack = Attack(self.player, self.character, False, self.move, self.target,
                          "joining", self.pay, self.sacrifice, self.dp,
                          reply={"kind": "direct_hit"})
        if s.side is not None:
            s.side["joining"] = {"character": self.character, "move": self.move,
                                 "pay": self.pay, "sacrifice": self.sacrifice}


@dataclass(frozen=True)
class JoiningAttackNotMade(Fact):
    """The lead did not hit in full, the target fell, or the joining move cannot be paid
    now (A22.4, AG33)."""

    reason: str  # lead_not_full | target_gone | joining_unavailable


@dataclass(frozen=True)
class ExtraAttackDeclined(Fact):
    player: int


@dataclass(frozen=True)
class NoMoreIssues(Fact):
    players: list[int]
    declared: bool


@dataclass(frozen=True)
class MatchEnded(Fact):
    """The end of the match: a winner or a draw, and why (A20)."""

    winner: int | None
    draw: bool
    reason: str  # all_destroyed | give_up | no_more_issues | agreement

    def apply(self, s: GameState) -> None:
        s.winner, s.draw, s.end_reason = self.winner, self.draw, self.reason
        s.step, s.to_act = "over", None


# --- annotations and corrections ----------------------------------------------------------------


@dataclass(frozen=True)
class AnnotationRecorded(Fact):
    """A rejected roll, a note or a judge's ruling: recorded, no state changes (AG36)."""

    kind: str
    data: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class StateCorrected(Fact):
    """A head judge's correction of pools (a dispute's resolution)."""

    characters: dict[str, dict[str, int]] = field(default_factory=dict)

    def apply(self, s: GameState) -> None:
        for key, changes in self.characters.items():
            f = s.fighters[key]
            for name, value in changes.items():
                setattr(f, name, value)


@dataclass(frozen=True)
class CorrectionMade(Fact):
    """A head judge's correction (``judge.corrections``): each change names the field, the
    value it had and the value it gets; an effect it puts on a character is carried whole
    (``effects``: character -> the effect's state), so replay never consults card data."""

    changes: list[dict[str, Any]] = field(default_factory=list)
    effects: dict[str, dict[str, Any]] = field(default_factory=dict)
    by: dict[str, Any] | None = None
    dispute: str | None = None
    rejudged: dict[str, Any] | None = None  # the table's answer corrected (rejudge.py):
    #                                         the position judged again, whole

    def apply(self, s: GameState) -> None:
        if self.rejudged is not None:
            snapshot.replace(s, self.rejudged)
            return
        for change in self.changes:
            _, cid, attr = change["field"].split(".", 2)
            f, value = s.fighters[cid], change["after"]
            if attr == "life":
                f.life = value
            elif attr == "power":
                f.power = value
            elif attr == "shield":
                f.shield, f.shield_destroyed = value, value <= 0
            elif attr == "striker":
                f.striker_life, f.striker_destroyed = value, value <= 0
            elif attr == "zone":  # battle, inactive (Advance Play) or out_of_play
                f.status = "destroyed" if value == "out_of_play" else "in_play"
                if value != "out_of_play":
                    f.zone = value
                if value != "battle":
                    f.effect = None
            elif attr == "effect":
                f.effect = None if value is None else EffectState(**self.effects[cid])


@dataclass(frozen=True)
class MatchReopened(Fact):
    """A head judge overturns the ruling that ended the match: it goes on from the step
    and the player to act it ended at (``reason``: how it had ended)."""

    step: str
    to_act: int | None
    reason: str

    def apply(self, s: GameState) -> None:
        s.winner, s.draw, s.end_reason = None, False, None
        s.step, s.to_act = self.step, self.to_act


# --- issue 33: the Special Ability verbs a player's card may need ------------------------------


@dataclass(frozen=True)
class AbilityApplied(Fact):
    """A Special Ability verb changed what a move counts (``nature_dp``, AG43;
    ``discard_damage_calculation``, A24.9, AG44): said beside the declaration, which
    carries the counted DP. ``source`` is ``<card>/<ability id>``."""

    source: str
    character: str
    dp: int
