"""Facts: past-tense, typed, JSON-serialisable records of what happened.

Every fact carries ``rule`` (a digest id such as ``R16.2``, or the card and
timing that produced it) and ``text`` (one plain sentence). ``apply`` is the
only way the state changes; replaying the facts of a duel rebuilds its state.
A fact whose class sets ``closes = True`` finishes the agenda item at the head.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields, replace
from types import ModuleType
from typing import Any, ClassVar, Final

from judge.battlecon.agenda import PRIORITY, from_list, to_lists
from judge.battlecon.speed.stored import (  # UNCHANGING: named by the compiled build
    SHAPES,
    STORED_DEFAULT,
    TYPES,
    UNCHANGING,
    register,
)
from judge.battlecon.state import SPECIAL_ACTION, DuelState, Pair, Status, ThisBeat

FACT_TYPES: Final[dict[str, type]] = TYPES  # every fact type by name (``speed.stored``)
RULES: Final = "rules"  # ``Planned.planned`` of a stored fact that carries no plan (release 1)


class FactFlags:
    """What a fact type says of all its facts, declared in a fact class's body as
    ``closes: ClassVar[bool] = True``. Declared here, outside the ``Fact`` dataclass, so
    that the compiled build (docs/compiled.md) can set them on each class after its body."""

    closes: ClassVar[bool] = False
    control: ClassVar[bool] = False  # bookkeeping a narrative may skip
    # Fields an onlooker may not see until the reveal that follows (a face-down choice:
    # judge.battlecon.secrets, docs/hidden-information.md); the text never names them.
    secret: ClassVar[tuple[str, ...]] = ()
    # Whether applying such a fact leaves each player's cards in force as they were (the
    # fighter, the Finisher, the attack pair, the cards in play: ``hooks.cards_key``), so
    # the cards found before it still hold (``speed.cache``). Declared by the class
    # itself, never inherited: a subclass that changes more says nothing and is safe. The
    # seeded playouts check every such fact (tests/judge/test_playouts.py).
    keeps_cards: ClassVar[bool] = False

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        if "keeps_cards" not in vars(cls):
            cls.keeps_cards = False
        if FactFlags in cls.__bases__:
            return  # Fact itself: the base of every fact type, not one
        register(cls, Fact, unchanging=getattr(cls, "apply") is changes_nothing)  # noqa: B009


@dataclass(frozen=True)
class Fact(FactFlags):
    rule: str
    text: str

    def apply(self, s: DuelState) -> None:
        """What this fact changes; every subclass defines it."""
        raise TypeError(f"{type(self).__name__} does not define apply()")

    def run(self, s: DuelState) -> None:
        if self.closes:
            s.agenda.pop(0)
        cache = s.cache  # nothing computed mid-change is kept (``speed.cache``)
        before = cache.changing(self.keeps_cards)
        self.apply(s)
        cache.changed(before)

    def to_json(self) -> dict:
        out = {"type": type(self).__name__}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "planned" and not isinstance(value, dict):
                continue  # a release-1 fact, or one not applied yet: no plan to show
            out[f.name] = value
        return out

    @staticmethod
    def from_json(data: dict) -> Fact:
        """A fact from its JSON: a known type, no unknown field, every field without a
        default given (``speed.stored``)."""
        fact: Fact = SHAPES[data["type"]].read(data)
        return fact


def changes_nothing(fact: Fact, s: DuelState) -> None:
    """The ``apply`` of a fact that records what happened (an effect starts to resolve, an
    attack misses) and changes nothing but, if it ``closes``, the agenda's head. A class
    whose ``apply`` is this one says so: a replay of stored facts checks such a fact and
    does not build it (``speed.stored.UNCHANGING``). A subclass that defines its own
    ``apply`` is built and applied. (The compiled build writes each such ``apply`` as a
    method of its own, and names the class in ``UNCHANGING``: scripts/mypyc_source.py.)"""


@dataclass(frozen=True)
class Planned(Fact):
    """A fact whose consequences the rules plan from the cards in play: the work items it
    puts on the agenda (triggered effects in printed order, attacks, damage checks) and
    what an ante's token does.

    Judged live, the plan is asked of the rules once, when the fact is first applied, and
    kept in the fact (``planned``): applying a stored fact then never consults card
    definitions, so a duel replays the same after a card is corrected. A fact stored by
    release 1 carries no plan (``planned == RULES``) and asks the rules, as it always did.
    """

    # A stored fact without it was stored by release 1: its plan is asked of the rules.
    planned: Any = field(default=None, kw_only=True, metadata={STORED_DEFAULT: RULES})

    def plan(self, s: DuelState, rules_part: Callable[..., None], *args: Any) -> None:
        """Apply the rules' part of this fact: from the plan it carries, or by asking the
        rules (``rules_part(s, *args)``; and, the first time, keeping what they made)."""
        plan = self.planned
        if isinstance(plan, dict):  # follow it
            agenda = plan["agenda"]
            if agenda:  # a list built in one loop: cheaper than a slice given a map
                s.agenda[:] = [from_list(item) for item in agenda]
            else:
                s.agenda.clear()
            s.group_seq = plan["groups"]
            s.step = plan["step"]
            if "player" in plan:
                _follow_player(s, plan["player"])
            return
        rules_part(s, *args)
        if self.planned is None:
            object.__setattr__(self, "planned", _record(s, self.planned_player()))

    def planned_player(self) -> int | None:
        """A player whose per-beat flags the rules' part may change (an ante's token)."""
        return None


def _record(s: DuelState, player: int | None) -> dict[str, Any]:
    out: dict[str, Any] = {"agenda": to_lists(s.agenda),
                           "groups": s.group_seq, "step": s.step}
    if player is not None:
        p = s.players[player]
        out["player"] = {"index": player, "bonus_tokens": list(p.this_beat.bonus_tokens),
                         "stun_immune": p.this_beat.stun_immune, "stunned": p.this_beat.stunned}
    return out


def _follow_player(s: DuelState, kept: dict[str, Any]) -> None:
    """The per-beat flags of a player that a plan kept (``_record``)."""
    p = s.players[kept["index"]]
    p.this_beat.bonus_tokens = list(kept["bonus_tokens"])
    p.this_beat.stun_immune = kept["stun_immune"]
    p.this_beat.stunned = kept["stunned"]


_RULES: Final[list[ModuleType]] = []


def use_rules(rules: ModuleType) -> None:
    """Apply the rules' part of a fact (``Planned.plan``) with ``rules``: the module of
    rule procedures (``rules.py``), which builds on the facts; the engine, which loads
    both, hands it in. A module, so each procedure is looked up at the time it is used."""
    _RULES[:] = [rules]


def _rules() -> ModuleType:
    """The rule procedures (``use_rules``); RuntimeError when none were handed in."""
    if not _RULES:
        raise RuntimeError("No rules to apply the facts with: judge.battlecon.rules is "
                           "not loaded (judge.battlecon.engine hands it in).")
    return _RULES[0]


# --- beat and step flow ---------------------------------------------------


@dataclass(frozen=True)
class BeatBegan(Fact):
    beat: int
    seq: int
    ante_first: int
    control: ClassVar[bool] = True

    def apply(self, s: DuelState) -> None:
        s.beat = self.beat
        s.seq = self.seq
        s.ante_first = self.ante_first
        s.step = "select"
        s.active = None
        s.agenda.clear()
        s.ordered.clear()
        s.pulse = None
        s.cancel_reselect = False
        s.last_move = None
        for p in s.players:
            p.pair = None
            p.this_beat = ThisBeat()


@dataclass(frozen=True)
class StepBegan(Planned):
    step: str
    control: ClassVar[bool] = True
    keeps_cards: ClassVar[bool] = True

    def apply(self, s: DuelState) -> None:
        s.step = self.step
        rules = _rules()
        rules.enter_step(s, self.step)
        self.plan(s, rules.begin_step, self.step)


@dataclass(frozen=True)
class Triggered(Fact):
    """An effect starts to resolve; its outcome follows in the next facts."""

    player: int
    effect: str
    card: str
    timing: str
    skipped: str = ""

    closes: ClassVar[bool] = True
    keeps_cards: ClassVar[bool] = True

    apply = changes_nothing


@dataclass(frozen=True)
class EffectsOrdered(Fact):
    player: int
    group: str
    effects: list
    printed: bool = False
    control: ClassVar[bool] = True
    keeps_cards: ClassVar[bool] = True

    def apply(self, s: DuelState) -> None:
        s.ordered.add(self.group)
        _rules().reorder_group(s, self.group, self.effects)


# --- select, ante, reveal ------------------------------------------------


@dataclass(frozen=True)
class PairSelected(Fact):
    """A pair is laid face down (R4.1); the opponent sees only the backs."""

    player: int
    style: str
    base: str
    secret: ClassVar[tuple[str, ...]] = ("style", "base")

    def apply(self, s: DuelState) -> None:
        p = s.players[self.player]
        p.hand.remove(self.style)
        p.hand.remove(self.base)
        p.pair = Pair(self.style, self.base)


STYLE_UP: Final = "style_up"  # the pair's mark (and its JSON key) for a Style laid face up


@dataclass(frozen=True)
class StyleShown(Fact):
    """The Style of a pair just laid is turned face up before the other player chooses
    (a ``SELECTS_FIRST`` hook: Seth's Reading Fate); the Base stays face down."""

    player: int
    style: str

    def apply(self, s: DuelState) -> None:
        pair = s.players[self.player].pair
        assert pair is not None, "a Style is shown from a pair just laid"
        pair.marks[STYLE_UP] = True


@dataclass(frozen=True)
class NoPairPossible(Fact):
    """A player has no Style or no Base at Select (R4.4, G3)."""

    player: int

    def apply(self, s: DuelState) -> None:
        for p in s.players:
            if p.pair:
                p.hand.extend(p.pair.cards())
                p.hand.sort()
                p.pair = None
        s.step = "recycle"


@dataclass(frozen=True)
class Anted(Planned):
    player: int
    token: str | None = None
    finisher: bool = False

    def apply(self, s: DuelState) -> None:
        p = s.players[self.player]
        s.ante_passes = 0
        s.ante_turn = 1 - self.player
        if self.finisher:
            p.this_beat.ante_finisher = True
            if p.pair:  # the face-down pair goes back to hand (R21.2)
                p.hand.extend(p.pair.cards())
                p.hand.sort()
            p.pair = Pair(None, None, finisher=True)
            return
        assert self.token is not None, "an ante that is not a Finisher names its token"
        p.token_pool.remove(self.token)
        p.token_discard.append(self.token)
        p.this_beat.anted.append(self.token)
        self.plan(s, _rules().on_token_anted, self.player, self.token)


    def planned_player(self) -> int | None:
        return self.player  # the token's own effect may change this player's beat flags

@dataclass(frozen=True)
class Passed(Fact):
    player: int
    forced: bool = False

    keeps_cards: ClassVar[bool] = True

    def apply(self, s: DuelState) -> None:
        s.ante_passes += 1
        s.ante_turn = 1 - self.player


@dataclass(frozen=True)
class PairsRevealed(Planned):
    pairs: list

    def apply(self, s: DuelState) -> None:
        for p in s.players:
            if p.pair:
                p.pair.revealed = True
        self.plan(s, _rules().after_reveal)


@dataclass(frozen=True)
class SpecialActionDeclared(Fact):
    """What each Special Action turned out to be (R22.3, R25.2)."""

    player: int
    action: str  # pulse | cancel | finisher

    def apply(self, s: DuelState) -> None:
        pair = s.players[self.player].pair
        assert pair is not None, "a Special Action is declared from a revealed pair"
        pair.action = self.action
        s.players[self.player].this_beat.special_action = self.action
        if self.action == "finisher":
            pair.finisher = True


@dataclass(frozen=True)
class CardsMoved(Fact):
    """Cards change zone outside Recycle (Special Actions, R11.5)."""

    player: int
    cards: list
    to: str  # hand | discard_1 | removed

    def apply(self, s: DuelState) -> None:
        p = s.players[self.player]
        for card in self.cards:
            if p.pair and card in (p.pair.style, p.pair.base):
                if p.pair.style == card:
                    p.pair.style = None
                else:
                    p.pair.base = None
            elif card in p.hand:
                p.hand.remove(card)
            getattr(p, self.to).append(card)
        if self.to == "hand":
            p.hand.sort()
        if p.pair and p.pair.style is None and p.pair.base is None and not p.pair.under:
            p.pair = None


@dataclass(frozen=True)
class Pulsed(Fact):
    """A Pulse: the rest of the beat is skipped; straight to Recycle (R23)."""

    player: int | None  # None when two Pulses cancelled out

    def apply(self, s: DuelState) -> None:
        s.pulse = self.player if self.player is not None else -1
        s.agenda.clear()
        s.step = "pulse" if self.player is not None else "recycle"


@dataclass(frozen=True)
class StandupsArranged(Fact):
    player: int
    spaces: list

    def apply(self, s: DuelState) -> None:
        for p, space in zip(s.players, self.spaces, strict=True):
            p.space = space
            p.this_beat.marks.pop("placing", None)  # asked for this arrangement only (P1)
        if s.step == "pulse":
            s.step = "recycle"


@dataclass(frozen=True)
class SpecialActionsDone(Planned):
    """The Special Actions left the beat going on (a Finisher executes, R25.3)."""

    control: ClassVar[bool] = True

    def apply(self, s: DuelState) -> None:
        s.step = "reveal"
        self.plan(s, _rules().push_reveal)


@dataclass(frozen=True)
class FinisherCancelled(Fact):
    """An anted Finisher meets a Cancel or a Finisher tie: it is spent unused (G5)."""

    player: int
    spent: bool = True

    def apply(self, s: DuelState) -> None:
        p = s.players[self.player]
        p.finisher_used = self.spent
        p.this_beat.ante_finisher = False
        p.pair = None


@dataclass(frozen=True)
class NewPairsCalledFor(Fact):
    """After a Cancel both players secretly choose new pairs (R24.4)."""

    def apply(self, s: DuelState) -> None:
        s.agenda.clear()
        s.step = "select"
        s.cancel_reselect = True


@dataclass(frozen=True)
class ClashOccurred(Fact):
    priorities: list
    closes: ClassVar[bool] = True

    def apply(self, s: DuelState) -> None:
        s.step = "clash"


@dataclass(frozen=True)
class ClashBaseSelected(Fact):
    player: int
    base: str
    secret: ClassVar[tuple[str, ...]] = ("base",)

    def apply(self, s: DuelState) -> None:
        p = s.players[self.player]
        p.hand.remove(self.base)
        assert p.pair is not None and p.pair.base is not None, "a Clash covers a revealed Base"
        p.pair.under.append(p.pair.base)
        p.pair.base = self.base
        p.pair.revealed = False


@dataclass(frozen=True)
class ClashBasesRevealed(Fact):
    bases: list

    def apply(self, s: DuelState) -> None:
        for p in s.players:
            assert p.pair is not None, "both players Clash with a pair"
            p.pair.revealed = True
        s.step = "reveal"
        s.agenda.append(PRIORITY)


@dataclass(frozen=True)
class RanOutOfCards(Fact):
    """A Clash cannot go on: straight to Recycle (R6.8, G9)."""

    player: int

    def apply(self, s: DuelState) -> None:
        s.agenda.clear()
        s.step = "recycle"


@dataclass(frozen=True)
class BecameActive(Fact):
    player: int
    priorities: list
    closes: ClassVar[bool] = True
    keeps_cards: ClassVar[bool] = True

    def apply(self, s: DuelState) -> None:
        s.active = self.player
        for p in s.players:  # a Finisher through the Special Action is used: it is the attack
            if p.pair is not None and p.pair.finisher and p.pair.style == SPECIAL_ACTION:
                p.finisher_used = True


# --- attacks -------------------------------------------------------------


@dataclass(frozen=True)
class Activated(Planned):
    player: int
    closes: ClassVar[bool] = True
    keeps_cards: ClassVar[bool] = True

    def apply(self, s: DuelState) -> None:
        self.plan(s, _rules().queue_activation, self.player)


@dataclass(frozen=True)
class ActivationSkipped(Fact):
    player: int
    closes: ClassVar[bool] = True

    apply = changes_nothing


@dataclass(frozen=True)
class Hit(Planned):
    attacker: int
    closes: ClassVar[bool] = True
    keeps_cards: ClassVar[bool] = True

    def apply(self, s: DuelState) -> None:
        s.players[self.attacker].this_beat.hits += 1
        s.players[1 - self.attacker].this_beat.hits_taken += 1
        self.plan(s, _rules().queue_hit, self.attacker)


@dataclass(frozen=True)
class Missed(Fact):
    attacker: int
    reason: str
    closes: ClassVar[bool] = True
    keeps_cards: ClassVar[bool] = True

    apply = changes_nothing


@dataclass(frozen=True)
class DamageDealt(Planned):
    attacker: int
    defender: int
    amount: int
    power: int
    soak: int
    closes: ClassVar[bool] = True
    keeps_cards: ClassVar[bool] = True

    def apply(self, s: DuelState) -> None:
        d = s.players[self.defender]
        d.life -= self.amount
        d.this_beat.damage_taken += self.amount
        d.this_beat.damage_soaked += min(self.soak, self.power)
        if self.amount > 0:
            d.this_beat.last_damage = self.amount
            self.plan(s, _rules().queue_damage, self.attacker, self.defender, self.amount)


@dataclass(frozen=True)
class Stunned(Fact):
    player: int
    closes: ClassVar[bool] = False

    def apply(self, s: DuelState) -> None:
        s.players[self.player].this_beat.stunned = True


@dataclass(frozen=True)
class StunChecked(Fact):
    """The stun check after damage (R16.1); ``stunned`` says how it came out."""

    player: int
    damage: int
    stun_guard: Any
    stunned: bool
    closes: ClassVar[bool] = True
    keeps_cards: ClassVar[bool] = True

    def apply(self, s: DuelState) -> None:
        if self.stunned:
            s.players[self.player].this_beat.stunned = True


@dataclass(frozen=True)
class StunPrevented(Fact):
    player: int

    def apply(self, s: DuelState) -> None:
        s.players[self.player].this_beat.stunned = False


@dataclass(frozen=True)
class StunImmunityGained(Fact):
    player: int

    def apply(self, s: DuelState) -> None:
        p = s.players[self.player]
        p.this_beat.stun_immune = True
        p.this_beat.stunned = False


@dataclass(frozen=True)
class StunGuardMaximised(Fact):
    """Cadenza spends Iron Body at the moment of damage: Stun Guard infinite (R16.12)."""

    player: int
    token: str
    closes: ClassVar[bool] = True

    def apply(self, s: DuelState) -> None:
        p = s.players[self.player]
        p.token_pool.remove(self.token)
        p.token_discard.append(self.token)
        p.this_beat.stun_guard_infinite = True


@dataclass(frozen=True)
class MayDeclined(Fact):
    player: int
    closes: ClassVar[bool] = True

    apply = changes_nothing


@dataclass(frozen=True)
class Declined(Fact):
    """A "may" effect or optional spend that the player chose not to use."""

    player: int

    apply = changes_nothing


@dataclass(frozen=True)
class LifeLost(Fact):
    """Life loss, not damage (R14.4): never below 1, counted in full (R14.5)."""

    player: int
    amount: int
    actual: int

    def apply(self, s: DuelState) -> None:
        p = s.players[self.player]
        p.life -= self.actual
        p.this_beat.life_lost += self.amount


@dataclass(frozen=True)
class LifeGained(Fact):
    player: int
    amount: int
    actual: int

    def apply(self, s: DuelState) -> None:
        s.players[self.player].life += self.actual


# --- movement and markers ------------------------------------------------


@dataclass(frozen=True)
class Moved(Fact):
    player: int  # whose standup moved
    by: int  # whose effect moved it
    kind: str  # advance | retreat | move | pull | push | direct
    start: int
    end: int
    spaces: int
    passed: bool = False
    forced: bool = False
    stopped_by: str = ""

    keeps_cards: ClassVar[bool] = True

    def apply(self, s: DuelState) -> None:
        s.players[self.player].space = self.end
        s.last_move = {"player": self.player, "passed": self.passed, "spaces": self.spaces}


@dataclass(frozen=True)
class EffectResumed(Fact):
    """An effect's action goes on after its mover chose not to ignore it (Rooted): the
    agenda item comes back at the head, marked as asked."""

    item: list
    control: ClassVar[bool] = True

    def apply(self, s: DuelState) -> None:
        s.agenda.insert(0, from_list(self.item))


@dataclass(frozen=True)
class MovementIgnored(Fact):
    player: int
    kind: str

    def apply(self, s: DuelState) -> None:
        s.last_move = {"player": self.player, "passed": False, "spaces": 0}


@dataclass(frozen=True)
class MarkerPlaced(Fact):
    owner: int
    marker: str
    space: int | None
    forced: bool = False

    keeps_cards: ClassVar[bool] = True

    def apply(self, s: DuelState) -> None:
        if self.space is None:
            s.markers.pop((self.owner, self.marker), None)
        else:
            s.markers[(self.owner, self.marker)] = self.space


@dataclass(frozen=True)
class Dodged(Fact):
    """The player cannot be hit for the rest of the beat (Dash, R13.9)."""

    player: int

    keeps_cards: ClassVar[bool] = True

    def apply(self, s: DuelState) -> None:
        s.players[self.player].this_beat.dodge_all = True


# --- tokens, statuses, forms ----------------------------------------------


@dataclass(frozen=True)
class StatusGained(Fact):
    player: int
    stat: str
    amount: Any
    source: str
    beat: int
    until: int

    keeps_cards: ClassVar[bool] = True

    def apply(self, s: DuelState) -> None:
        amount = tuple(self.amount) if isinstance(self.amount, list) else self.amount  # a range
        s.statuses.append(Status(self.player, self.stat, amount, self.source, self.beat,
                                 self.until))


@dataclass(frozen=True)
class TokensReturned(Fact):
    """Anted tokens go back to the pool and give no bonus (Trance, Four Winds)."""

    player: int
    tokens: list

    def apply(self, s: DuelState) -> None:
        p = s.players[self.player]
        for t in self.tokens:
            p.token_discard.remove(t)
            p.token_pool.append(t)
            p.this_beat.bonus_tokens.remove(t)
        p.token_pool.sort()


@dataclass(frozen=True)
class TokensSpent(Fact):
    """Tokens spent from the pool for their bonus (Geomantic, Wrath of Elements)."""

    player: int
    tokens: list

    def apply(self, s: DuelState) -> None:
        p = s.players[self.player]
        for t in self.tokens:
            p.token_pool.remove(t)
            p.token_discard.append(t)
            p.this_beat.bonus_tokens.append(t)


@dataclass(frozen=True)
class TokenDiscarded(Fact):
    """A token goes from the pool to the token discard without its effect (Reaping makes
    the opponent discard one; Gunner and Crossfire discard Ammo)."""

    player: int
    token: str

    def apply(self, s: DuelState) -> None:
        p = s.players[self.player]
        p.token_pool.remove(self.token)
        p.token_discard.append(self.token)


@dataclass(frozen=True)
class TokenRecovered(Fact):
    player: int
    token: str | None

    def apply(self, s: DuelState) -> None:
        p = s.players[self.player]
        p.this_beat.recovered = self.token
        if self.token:
            p.token_discard.remove(self.token)
            p.token_pool.append(self.token)
            p.token_pool.sort()


@dataclass(frozen=True)
class FormChanged(Fact):
    player: int
    form: str

    def apply(self, s: DuelState) -> None:
        s.players[self.player].modes["form"] = self.form


@dataclass(frozen=True)
class PutInPlay(Fact):
    """A persistent card enters play (a Paradigm); ``replacing`` leave it at once."""

    player: int
    card: str
    replacing: list = field(default_factory=list)

    def apply(self, s: DuelState) -> None:
        p = s.players[self.player]
        p.in_play = [c for c in p.in_play if c not in self.replacing] + [self.card]


@dataclass(frozen=True)
class LeftPlay(Fact):
    """Persistent cards leave play (a stunned Zaamassal loses his Paradigms)."""

    player: int
    cards: list

    def apply(self, s: DuelState) -> None:
        p = s.players[self.player]
        p.in_play = [c for c in p.in_play if c not in self.cards]


@dataclass(frozen=True)
class FigureChanged(Fact):
    """A figure besides the standups moves, is hurt, leaves the board or comes back:
    ``space`` None is off the board; ``life`` is its life afterwards."""

    owner: int
    figure: str
    space: int | None
    life: int | None

    def apply(self, s: DuelState) -> None:
        old = s.figures[(self.owner, self.figure)]
        s.figures[(self.owner, self.figure)] = replace(old, space=self.space, life=self.life)


@dataclass(frozen=True)
class CounterSet(Fact):
    """A named counter of a player's fighter takes a new value (R19.4)."""

    player: int
    counter: str
    value: int

    def apply(self, s: DuelState) -> None:
        s.players[self.player].counters[self.counter] = self.value


@dataclass(frozen=True)
class AttackRepeated(Fact):
    player: int

    def apply(self, s: DuelState) -> None:
        _rules().queue_repeat(s, self.player)


# --- end of beat and duel ----------------------------------------------------


@dataclass(frozen=True)
class Recycled(Fact):
    player: int
    to_hand: list
    to_discard_2: list
    to_discard_1: list
    to_removed: list = field(default_factory=list)
    skipped: bool = False
    finisher_spent: bool = False

    def apply(self, s: DuelState) -> None:
        p = s.players[self.player]
        if self.finisher_spent:
            p.finisher_used = True
        if not self.skipped:
            p.hand.extend(p.discard_2)
            p.discard_2 = p.discard_1
            p.discard_1 = []
        if p.pair:
            p.hand.extend(c for c in p.pair.cards() if c not in self.to_discard_1
                          and c not in self.to_removed)
        p.discard_1.extend(self.to_discard_1)
        p.this_beat.recycled = list(self.to_discard_1)
        p.removed.extend(self.to_removed)
        p.pair = None
        p.hand.sort()


@dataclass(frozen=True)
class BeatEnded(Fact):
    beat: int
    counted: bool = True

    def apply(self, s: DuelState) -> None:
        s.last_counted = self.counted
        s.statuses = [st for st in s.statuses if st.until > s.seq]
        for p in s.players:
            p.this_beat.bonus_tokens.clear()
        s.step = "beat_over"


@dataclass(frozen=True)
class Conceded(Fact):
    player: int

    apply = changes_nothing


@dataclass(frozen=True)
class DuelEnded(Fact):
    winner: int | None
    draw: bool
    reason: str

    def apply(self, s: DuelState) -> None:
        s.over = True
        s.winner = self.winner
        s.draw = self.draw
        s.end_reason = self.reason
        s.step = "over"
        s.agenda.clear()


@dataclass(frozen=True)
class Corrected(Fact):
    """A judge's correction of the position (life, spaces, form, tokens, markers, stun).

    ``players`` maps "0"/"1" to the fields to set; ``markers`` maps "owner:name" to
    a space or None. The original facts stay in the record; this one overrides.
    """

    players: dict
    markers: dict = field(default_factory=dict)
    dispute: str | None = None

    def apply(self, s: DuelState) -> None:
        for key, changes in self.players.items():
            p = s.players[int(key)]
            for attr, value in changes.items():
                p.correct(attr, list(value) if isinstance(value, list) else value)
        for key, space in self.markers.items():
            owner, name = key.split(":", 1)
            if space is None:
                s.markers.pop((int(owner), name), None)
            else:
                s.markers[(int(owner), name)] = space


@dataclass(frozen=True)
class CorrectionMade(Fact):
    """A head judge's correction (``judge.corrections``): each change names the field,
    the value it had and the value it gets; ``by`` who corrected, ``dispute`` under which
    dispute. The facts before it stay in the record; this one overrides."""

    changes: list = field(default_factory=list)  # [{"field", "before", "after"}]
    by: dict | None = None
    dispute: str | None = None

    def apply(self, s: DuelState) -> None:
        for change in self.changes:
            s.correct(change["field"], change["after"])


@dataclass(frozen=True)
class DuelReopened(Fact):
    """A head judge overturns the ruling that ended the duel: it goes on from where it
    ended (the step and the work left then), before the correction that follows."""

    step: str
    agenda: list = field(default_factory=list)

    def apply(self, s: DuelState) -> None:
        s.over, s.winner, s.draw, s.end_reason = False, None, False, None
        s.step = self.step
        s.agenda = [from_list(item) for item in self.agenda]


PLACING_MARK: Final = "placing"  # ThisBeat.marks (judge.battlecon.placing): 1 she stays put, 0 she lets the arrangement move her


@dataclass(frozen=True)
class TriggerNegated(Fact):
    """A triggered effect of ``player``'s card (a hook's) is negated: nothing of it happens;
    the negating card's ``instead`` effect follows."""

    player: int
    card: str
    hook: str

    apply = changes_nothing


@dataclass(frozen=True)
class OfferNegated(TriggerNegated):
    """A ``STUN_OFFER`` spend ("when he takes damage, he may spend ...") is negated: it is
    not asked, and its agenda item is done."""

    closes: ClassVar[bool] = True


@dataclass(frozen=True)
class PlacementAnswered(Fact):
    """A fighter who may ignore movement answered whether a rearrangement moves her (P1)."""

    player: int
    stays: bool

    def apply(self, s: DuelState) -> None:
        s.players[self.player].this_beat.marks[PLACING_MARK] = int(self.stays)


# Special Action card id, re-exported for rules modules.
__all__ = ["Fact", "FACT_TYPES", "SPECIAL_ACTION", "UNCHANGING"]
