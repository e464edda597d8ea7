"""Seth Cremmul: Beyond Eyes, a guess at the opponent's Base made during the Ante.

At the start of the Ante step Seth names one of the opponent's Bases (a ``guess``
decision, ``SethGuessed``); the opponent may still ante after it (R5.9). The guess is a
secret choice like a face-down pair: the state holds it as the player's ``named`` card,
and onlookers see it only once the pairs are revealed (``judge.battlecon.secrets``). At
the Reveal ``SethGuessShown`` says it and whether it was right. While the opponent's
revealed attack holds that Base, Seth has +2 power and +2 priority and wins priority ties
(``MODIFIERS`` and ``PRIORITY_TIE`` on the ability card, asked afresh each time, so a
Clash that changes the Base takes the bonus away). Omen stuns the opponent at the Start
of Beat after a right guess (even the Active Player, R8.3); Wyrding may then swap Seth's
Base for one from his hand (``SethBaseSwapped``: the old Base goes with the pair).

Mimic's copies the opponent's movement (``MOVED``), Vanishing dodges attacks at range 4 or
more (``DODGE``), Fool's lowers the opponent's range by a status, Compelling moves the
opponent before and after Seth attacks. Fortune Buster eliminates an opponent who revealed
a Finisher. Reading Fate stuns and, for the rest of the duel (counter ``reading-fate``, 1
once it has hit), makes the opponent lay their pair first, the Style face up
(``SELECTS_FIRST`` on the ability card).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from judge.battlecon import facts as F
from judge.battlecon.actions import (
    Ctx,
    Custom,
    MoveOpponent,
    Need,
    Retreat,
    Status,
    StunOpponent,
    name,
    pick,
    pronoun,
    pronoun_object,
)
from judge.battlecon.agenda import Fx
from judge.battlecon.cards import (
    AFTER_ACTIVATING,
    BEFORE_ACTIVATING,
    NA,
    ON_HIT,
    REVEAL,
    START_OF_BEAT,
    Card,
    Effect,
)
from judge.battlecon.decisions import Decision, Own, expect, own
from judge.battlecon.engine import range_origin
from judge.battlecon.fighters import Fighter, card, fighter, register
from judge.battlecon.hooks import (
    DODGE,
    MODIFIERS,
    MOVED,
    MOVES_ALONG,
    PRIORITY_TIE,
    SELECTS_FIRST,
)
from judge.battlecon.kit_parts import BeatField, DecisionKind
from judge.battlecon.movement import destinations, movement_lock, toward
from judge.battlecon.moving import Cleared, moved, passive_pass
from judge.battlecon.rulings import reading_in
from judge.battlecon.state import DuelState, known
from judge.rulings import reading

FID = "seth"
ANTE = "ante"  # the ability's own timing: the start of the Ante step
GUESS_RULE = "beyond-eyes: Ante"
READING_FATE = "reading-fate"  # counter: 1 once Reading Fate has hit
WYRDING_RULING = "wyrding-start"
MIMIC_RULING = "mimic-movement"
NAMED = "named"  # the guess, in ``ThisBeat.kit`` and the state JSON (``GUESS_FIELD``)


@dataclass(frozen=True)
class SethGuessed(F.Fact):
    """Seth names one of the opponent's Bases (Beyond Eyes): secret until the Reveal."""

    player: int
    base: str
    secret: ClassVar[tuple[str, ...]] = ("base",)

    def apply(self, s: DuelState) -> None:
        s.players[self.player].this_beat.kit[NAMED] = self.base


@dataclass(frozen=True)
class SethGuessShown(F.Fact):
    """At the Reveal: the Base Seth named, and whether the opponent's attack holds it."""

    player: int
    base: str
    right: bool

    def apply(self, s: DuelState) -> None:
        pass  # the guess is already in the state; this fact says it aloud


@dataclass(frozen=True)
class SethBaseSwapped(F.Fact):
    """Wyrding: a Base from Seth's hand replaces the Base of his pair; the replaced Base
    stays with the pair and goes to discard with it (R18.14)."""

    player: int
    old: str
    new: str

    def apply(self, s: DuelState) -> None:
        p = s.players[self.player]
        pair = known(p.pair, "Seth's attack pair")
        p.hand.remove(self.new)
        pair.extra.append(self.old)
        pair.base = self.new


# --- Beyond Eyes ------------------------------------------------------------------------


def guessed_right(s: DuelState, p: int) -> bool:
    """Seth's guess names the Base of the opponent's revealed attack (a Finisher has none,
    R2.8)."""
    named = s.players[p].this_beat.kit.get(NAMED)
    pair = s.players[1 - p].pair
    return (named is not None and pair is not None and pair.revealed and not pair.finisher
            and pair.base == named)


def has_guessed(s: DuelState, p: int) -> bool:
    return s.players[p].this_beat.kit.get(NAMED) is not None


def guess(ctx: Ctx, decision: Decision | None) -> list[F.Fact] | Need:
    """Name one of the opponent's seven Bases (the generic six and their unique Base)."""
    s, p = ctx.s, ctx.owner
    if decision is None:
        bases = sorted(c.id for c in fighter(s.players[ctx.opponent].fighter).bases())
        return Need("guess", (p,), [own(p, "guess", base=b) for b in bases],
                    about=f"Beyond Eyes: name one of {ctx.name(ctx.opponent)}'s Bases (shown "
                    "to onlookers at the Reveal).")
    return [SethGuessed(rule=GUESS_RULE, text=f"Seth names one of {ctx.name(ctx.opponent)}'s "
                        f"Bases for Beyond Eyes; {ctx.name(ctx.opponent)} may still ante after "
                        "hearing it (R5.9), and the record shows it at the Reveal.",
                        player=p, base=expect(decision, Own, "the guess").get("base"))]


def show_guess(ctx: Ctx, decision: Decision | None) -> list[F.Fact]:
    s, p = ctx.s, ctx.owner
    named = known(s.players[p].this_beat.kit.get(NAMED), "Seth's guess")
    pair = known(s.players[ctx.opponent].pair, "the opponent's attack pair")
    theirs = "a Finisher" if pair.finisher else card(known(pair.base, "a Base")).name
    right = guessed_right(s, p)
    outcome = "right: +2 power, +2 priority, and Seth wins priority ties" if right else \
        "wrong: no bonus"
    return [SethGuessShown(rule=ctx.rule, text=f"Beyond Eyes: Seth named {card(named).name} "
                           f"and {ctx.name(ctx.opponent)} plays {theirs}; the guess is "
                           f"{outcome}.", player=p, base=named, right=right)]


def beyond_eyes_bonus(s: DuelState, owner: int, p: int) -> list[tuple[str, int, str]]:
    if p != owner or not guessed_right(s, owner):
        return []
    return [("power", 2, "Beyond Eyes"), ("priority", 2, "Beyond Eyes")]


def beyond_eyes_tie(s: DuelState, owner: int) -> bool:
    return guessed_right(s, owner)


def reading_fate_first(s: DuelState, owner: int) -> tuple[int, str] | None:
    """Reading Fate has hit: the opponent lays their pair first, the Style face up."""
    if not s.players[owner].counters.get(READING_FATE, 0):
        return None
    return 1 - owner, "reading-fate: On Hit"


BEYOND_EYES = Card("beyond-eyes", "Beyond Eyes", "ability", fighter=FID, hooks=(
    MODIFIERS.on(beyond_eyes_bonus) | PRIORITY_TIE.on(beyond_eyes_tie)
    | SELECTS_FIRST.on(reading_fate_first)), effects=(
    Effect(ANTE, (Custom(guess),), "Name one of the opponent's Bases."),
    Effect(REVEAL, (Custom(show_guess),), "If the opponent's attack holds the Base Seth named: "
           "+2 power, +2 priority, and he wins priority ties.", condition=has_guessed,
           condition_text="the beat of a Beyond Eyes guess"),
))


# --- Styles ---------------------------------------------------------------------------


def mimic(s: DuelState, owner: int, m: F.Moved) -> list[F.Fact]:
    """Mimic's: the opponent's movement (not a direct move) is copied by Seth, the same
    number of spaces in the same direction on the board. The ruling ``mimic-movement``:
    ``after`` (records that name no reading), he moves after her, in full or not at all
    (R17.9); ``together``, they move at once: walked toward, he moved first
    (``mimic_along``, ``judge.battlecon.along``), and walked away from, he follows as far
    as he can."""
    if m.player == owner or m.kind == "direct" or m.spaces == 0 or m.start == m.end:
        return []
    rule = "mimics: passive"
    direction = 1 if m.end > m.start else -1
    together = moves_together(s)
    if together and not m.passed and (s.players[owner].space - m.end) * direction > 0:
        return []  # she walked toward him: he already moved along, ahead of her
    lock = movement_lock(s, owner)
    amounts = tuple(range(m.spaces, 0, -1)) if together else (m.spaces,)
    ends = [] if lock else destinations(s, owner, (direction,), amounts, own=True)
    if not ends:
        why = lock or "the board ends that way"
        return [F.MovementIgnored(rule=rule, text=f"Mimic's: {name(s, owner)} cannot follow "
                                  f"{m.spaces} space{'' if m.spaces == 1 else 's'} the same way "
                                  f"({why}), so {pronoun(s, owner)} stays.", player=owner,
                                  kind="move")]
    cleared = passive_pass(s, owner, owner)
    if not isinstance(cleared, Cleared):  # it cannot wait for a "may": she stays (rules-2)
        return [F.MovementIgnored(rule=rule, text=f"Mimic's: {name(s, owner)} may ignore "
                                  f"movement ({cleared}) and does not follow.", player=owner,
                                  kind="move")]
    e = max(ends, key=lambda x: (x.end - s.players[owner].space) * direction)
    kind = "advance" if direction == toward(s, owner) else "retreat"
    step = moved(s, cleared, kind, e.end, e.spaces, e.passed, stopped_by=e.stopped_by,
                 rule=rule, stop_text=e.stop_text)
    return [replace(step, text=f"Mimic's: {step.text}")]


def moves_together(s: DuelState) -> bool:
    """The ruling ``mimic-movement`` reads ``together`` (the peer engine's reading)."""
    return reading_in(s.options, MIMIC_RULING) == "together"


def mimic_along(s: DuelState, owner: int, mover: int) -> str:
    """Mimic's under ``mimic-movement: together``: Seth moves along with the opponent's
    walk, so she never hops over him (``MOVES_ALONG``)."""
    return "Mimic's" if mover != owner and moves_together(s) else ""


def vanishing_dodge(s: DuelState, owner: int, attacker: int, defender: int) -> str:
    """Vanishing: attacks at range 4 or more do not hit Seth this beat (R13.8)."""
    origin = range_origin(s, attacker)
    if defender != owner or origin is None:
        return ""
    dist = abs(s.players[owner].space - origin)
    if dist < 4:
        return ""
    return f"{name(s, owner)} is at range {dist}, and attacks at range 4 or more do not hit " \
        f"{pronoun_object(s, owner)} (Vanishing)"


COMPELLING = Card("compelling", "Compelling", "style", fighter=FID, effects=(
    Effect(BEFORE_ACTIVATING, (MoveOpponent(1),), "Move the opponent 1 space."),
    Effect(AFTER_ACTIVATING, (MoveOpponent(1),), "Move the opponent 1 space."),
))
FOOLS = Card("fools", "Fool's", "style", power=-1, priority=-4, fighter=FID, effects=(
    Effect(START_OF_BEAT, (Status("range", (-1, -1), target="opponent"),),
           "The opponent's attack has -1~-1 range this beat."),))
MIMICS = Card("mimics", "Mimic's", "style", power=1, fighter=FID,
               hooks=MOVED.on(mimic) | MOVES_ALONG.on(mimic_along))


def wyrding_swap(ctx: Ctx, decision: Decision | None) -> list[F.Fact] | Need:
    """Wyrding: Seth may replace his Base with a Base from his hand."""
    s, p = ctx.s, ctx.owner
    me = s.players[p]
    bases = sorted(c for c in me.hand if card(c).kind == "base")
    if not bases:
        return [F.Declined(rule=ctx.rule, text="Wyrding: Seth has no Base in hand to swap in.",
                           player=p)]
    choice = pick(ctx, decision, [*bases, "none"], "Wyrding: replace your Base with which "
                  "Base from your hand (none: keep it)?")
    if isinstance(choice, Need):
        return choice
    if choice == "none":
        return [F.Declined(rule=ctx.rule, text="Wyrding: Seth keeps his Base.", player=p)]
    old = known(known(me.pair, "Seth's attack pair").base, "Seth's Base")
    return [SethBaseSwapped(rule=ctx.rule, text=f"Wyrding: Seth swaps {card(old).name} for "
                            f"{card(str(choice)).name} from his hand; both go to discard with "
                            "this pair, and the Active Player stays the same.", player=p,
                            old=old, new=str(choice)),
            *new_base_starts(ctx, str(choice))]


def new_base_starts(ctx: Ctx, base: str) -> list[F.Fact]:
    """The ruling ``wyrding-start``: ``resolves``, the Start of Beat effects of the Base
    Wyrding swapped in join this beat's Start of Beat at once, after Wyrding (the peer
    engine resolves the final Base's trigger; Omen then stuns); ``skipped`` (records that
    name no reading), the window was queued before the swap and they do not resolve."""
    if reading_in(ctx.s.options, WYRDING_RULING) != "resolves":
        return []
    c = card(base)
    group = f"{ctx.s.seq}:{START_OF_BEAT}:{ctx.owner}:wyrding"
    items = [Fx(ctx.owner, c.effect_keys[i], a, group) for i in c.timed.get(START_OF_BEAT, ())
             for a in range(len(c.effects[i].actions))]
    return [F.EffectResumed(rule=ctx.rule, text=f"Wyrding: {c.name}'s Start of Beat effect "
                            "resolves this beat, now that it is Seth's Base.",
                            item=item.to_list()) for item in reversed(items)]


WYRDING = Card("wyrding", "Wyrding", "style", fighter=FID, effects=(
    Effect(START_OF_BEAT, (Custom(wyrding_swap),), "If Seth guessed the opponent's Base, he "
           "may replace his Base with another from his hand.", condition=guessed_right,
           condition_text="possession of a right Beyond Eyes guess"),))
VANISHING = Card("vanishing", "Vanishing", "style", range=(1, 1), fighter=FID,
                 hooks=DODGE.on(vanishing_dodge), effects=(
    Effect(START_OF_BEAT, (Retreat(up_to=1),), "Retreat 0 or 1 space."),))


# --- Omen and the Finishers -----------------------------------------------------------


def omen_due(s: DuelState, p: int) -> bool:
    """A right guess, while Omen is still Seth's Base (Wyrding may have swapped it)."""
    pair = s.players[p].pair
    return guessed_right(s, p) and pair is not None and pair.base == "omen"


def reading_fate_rule(ctx: Ctx, decision: Decision | None) -> list[F.Fact]:
    if ctx.s.players[ctx.owner].counters.get(READING_FATE, 0):
        return []
    return [F.CounterSet(rule=ctx.rule, text=f"Reading Fate: for the rest of the duel "
                         f"{ctx.name(ctx.opponent)} lays an attack pair first, the Style face "
                         "up, before Seth chooses his.", player=ctx.owner, counter=READING_FATE,
                         value=1)]


def opponent_finisher(s: DuelState, p: int) -> bool:
    pair = s.players[1 - p].pair
    return pair is not None and pair.finisher


def eliminate(ctx: Ctx, decision: Decision | None) -> list[F.Fact]:
    return [F.DuelEnded(rule=ctx.rule, text=f"Fortune Buster hits {ctx.name(ctx.opponent)}, "
                        "who revealed a Finisher this beat: they are eliminated and Seth wins "
                        "the duel (R20.5).", winner=ctx.owner, draw=False, reason="eliminated")]


OMEN = Card("omen", "Omen", "base", range=(1, 1), power=3, priority=1, fighter=FID, effects=(
    Effect(START_OF_BEAT, (StunOpponent(),), "If Seth guessed the opponent's Base, they are "
           "stunned.", condition=omen_due,
           condition_text="possession of a right Beyond Eyes guess with Omen"),))
READING_FATE_CARD = Card("reading-fate", "Reading Fate", "finisher", range=(1, 3), power=0,
                         priority=6, fighter=FID, effects=(
    Effect(ON_HIT, (StunOpponent(), Custom(reading_fate_rule)), "The opponent is stunned; for "
           "the rest of the duel they lay their attack pair first, the Style face up."),))
FORTUNE_BUSTER = Card("fortune-buster", "Fortune Buster", "finisher", range=(1, 6), power=NA,
                      priority=13, fighter=FID, effects=(
    Effect(ON_HIT, (Custom(eliminate),), "If the opponent revealed a Finisher this beat, they "
           "are eliminated.", condition=opponent_finisher,
           condition_text="the beat of the opponent's Finisher"),))

# --- what the core learns of Seth from his kit (kit_parts) ---------------------------------

GUESS_KIND = DecisionKind(
    "guess", ("base",), lambda d, kit: "names a Base for Beyond Eyes, face down (shown at "
    "the Reveal)", secret=True, button="Name {base}", schema={
        "description": "Seth's Beyond Eyes, at the start of the Ante step: the one Base he "
                       "names (one of the opponent's Bases). Secret until the attack pairs "
                       "are revealed.",
        "type": "object",
        "required": ["player", "kind", "base"],
        "additionalProperties": False,
        "properties": {
            "player": {"$ref": "#/$defs/player_index"},
            "kind": {"const": "guess"},
            "base": {"$ref": "#/$defs/id"}}})
GUESS_FIELD = BeatField(NAMED, secret=True, schema={
    "description": "A card the player named in secret this beat (Seth's Beyond Eyes guess: "
                   "one of the opponent's Bases), when there is one. Shown to onlookers only "
                   "once the attack pairs are revealed (docs/hidden-information.md).",
    "$ref": "#/$defs/id"})

# Its switchable rulings (judge.battlecon.rulings; the record's options.rulings).
MIMIC_MOVEMENT_READINGS = (MIMIC_RULING, {
    "rule": "Seth: Mimic's", "title": "How Seth copies a movement with Mimic's",
    "default": "after", "recommended": "after",
    "readings": [reading("after", "Seth moves after the opponent, the same spaces the "
                                  "same way, in full or not at all (R17.9)"),
                 reading("together", "both move at once: the opponent never hops over "
                                     "Seth, and Seth stops at the board's edge")]})

WYRDING_START_READINGS = (WYRDING_RULING, {
    "rule": "Seth: Wyrding", "title": "The Start of Beat effect of a Base Wyrding swaps in",
    "default": "skipped", "recommended": "resolves",
    "readings": [reading("resolves", "the new Base's Start of Beat effects resolve this "
                                     "beat, after Wyrding (Omen stuns)"),
                 reading("skipped", "the Start of Beat window was already open: the new "
                                    "Base's effects do not resolve this beat")]})


SETH = register(Fighter(
    id=FID, name="Seth Cremmul", short="Seth", pronoun="he",
    styles=(COMPELLING, FOOLS, MIMICS, WYRDING, VANISHING), unique_base=OMEN,
    finishers=(READING_FATE_CARD, FORTUNE_BUSTER),
    default_discards=(("compelling", "dash"), ("mimics", "grasp")), ability=BEYOND_EYES,
    counters=(READING_FATE,), decisions=(GUESS_KIND,), beat_fields=(GUESS_FIELD,),
    tells=(("guess", "SethGuessed"),),
    rulings=(MIMIC_MOVEMENT_READINGS, WYRDING_START_READINGS)))
