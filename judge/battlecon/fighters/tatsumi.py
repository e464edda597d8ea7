"""Tatsumi Nuac, with Juto: a companion figure whose place on the board is her bonus.

Juto is a figure (``FigureKind``, ``DuelState.figures[(owner, "juto")]``) with 4 life that
starts on Tatsumi's space. He is not a standup: he may share a space with either fighter,
movement never hops over him, and only his own effects move him (``move`` prompts whose
``extra`` names the figure; the options are his legal destinations). At 0 life he leaves
the board (space None) until Fearless revives him at full life.

Tidal Bond, the ability card, holds the rules that never leave play:

- ``MODIFIERS`` (``tidal_bond``): the bonus of Juto's zone, measured afresh from the
  current positions every time an attack's numbers are asked (S36, R18.13); ``zone_bonus``
  is the bonus itself, for any player to copy (Sagas's Reflection, S41);
- ``DAMAGE_DEALT`` (``juto_soaks``): in zones 1 and 2 Juto loses the life he soaked for
  her (``TatsumiJutoHurt``, which also counts it for Empathic in ``this_beat.marks``).

The Styles and finishers that use Juto declare their hooks beside them: Fearless measures
range from him (``RANGE_ORIGIN``), Riptide dodges far attacks (``DODGE``, after its Start
of Beat check sets a mark), Tsunami's Collide cannot hit near him (``CANNOT_HIT``) and
Guardian Xandjinn's range X covers his space and the spaces next to it
(``SPECIAL_RANGE``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from judge.battlecon import facts as F
from judge.battlecon.actions import (
    Ctx,
    Custom,
    Move,
    Movement,
    Need,
    StunOpponent,
    lose_life,
    may,
    name,
    status,
)
from judge.battlecon.cards import (
    AFTER_ACTIVATING,
    END_OF_BEAT,
    ON_HIT,
    REVEAL,
    START_OF_BEAT,
    Card,
    Effect,
    X,
)
from judge.battlecon.decisions import Decision, expect
from judge.battlecon.decisions import Move as MoveTo  # Move here is the movement action
from judge.battlecon.engine import range_origin
from judge.battlecon.fighters import Fighter, FigureKind, register
from judge.battlecon.hooks import (
    CANNOT_HIT,
    DAMAGE_DEALT,
    DODGE,
    MODIFIERS,
    OFF_BOARD,
    RANGE_ORIGIN,
    SPECIAL_RANGE,
)
from judge.battlecon.movement import direct_destinations, movement_lock, toward
from judge.battlecon.moving import moved, own_choice
from judge.battlecon.negation import rule_modification
from judge.battlecon.rulings import reading_in
from judge.battlecon.state import BOARD, DuelState, Figure, known
from judge.rulings import reading

FID = "tatsumi"
JUTO = "juto"
JUTO_LIFE = 4
HURT = "juto-hurt"  # this_beat mark: damage Juto soaked this beat (Empathic)
RIPTIDE = "riptide"  # this_beat mark: Juto was in Zone 2 at Riptide's Start of Beat
BOND_RULE = "tidal-bond: passive"

ZONE_BONUS: dict[int, tuple[tuple[str, Any], ...]] = {
    0: (("range", (0, 2)), ("power", 1)),
    1: (("soak", 3),),
    2: (("soak", 1), ("stun_guard", 2)),
    3: (("priority", 1),),
}
ZONE_WHERE = {0: "behind Tatsumi", 1: "on Tatsumi's space",
              2: "between Tatsumi and her opponent", 3: "on or beyond her opponent's space"}


@dataclass(frozen=True)
class TatsumiJutoHurt(F.FigureChanged):
    """Juto loses the life he soaked for Tatsumi (``space`` None: at 0 he leaves the
    board); ``soaked`` counts toward the damage he took this beat (Empathic)."""

    soaked: int

    def apply(self, s: DuelState) -> None:
        super().apply(s)
        marks = s.players[self.owner].this_beat.marks
        marks[HURT] = marks.get(HURT, 0) + self.soaked


@dataclass(frozen=True)
class TatsumiMarked(F.Fact):
    """A note Tatsumi's cards keep for the rest of the beat (Riptide's zone check)."""

    player: int
    mark: str

    def apply(self, s: DuelState) -> None:
        s.players[self.player].this_beat.marks[self.mark] = 1


# --- Juto: where he is, his zone, his moves -------------------------------------------------


JUTO_RULING = "juto-direction"


def juto(s: DuelState, owner: int) -> Figure | None:
    """The owner's Juto while he is on the board; None when off it (or not hers at all)."""
    figure = s.figure(owner, JUTO)
    return figure if figure is not None and figure.space is not None else None


def juto_space(s: DuelState, owner: int) -> int | None:
    figure = juto(s, owner)
    return None if figure is None else figure.space


def juto_zone(s: DuelState, owner: int) -> int | None:
    """0 behind Tatsumi, 1 on her space, 2 between her and the opponent, 3 on the
    opponent's space or beyond; None while Juto is off the board."""
    space = juto_space(s, owner)
    if space is None:
        return None
    me, them = s.players[owner].space, s.players[1 - owner].space
    ahead = (space - me) * (1 if them > me else -1)
    if ahead < 0:
        return 0
    if ahead == 0:
        return 1
    return 2 if ahead < abs(them - me) else 3


def on_board(s: DuelState, owner: int) -> bool:
    return juto(s, owner) is not None


def off_board(s: DuelState, owner: int) -> bool:
    return s.figure(owner, JUTO) is not None and juto(s, owner) is None


def juto_to(s: DuelState, owner: int, end: int, rule: str, forced: bool = False,
            how: str = "moves") -> F.FigureChanged:
    """Juto goes to space ``end`` (he shares spaces freely; nothing hops over him)."""
    figure = known(juto(s, owner), "Juto on the board")
    start = known(figure.space, "Juto's space")
    text = f"Juto stays on space {start}" if end == start else \
        f"Juto {how} from space {start} to space {end}"
    if forced:
        text += " (the only legal option)"
    return F.FigureChanged(rule=rule, text=text + ".", owner=owner, figure=JUTO, space=end,
                           life=figure.life)


def stays_off(s: DuelState, owner: int, rule: str) -> list[F.Fact]:
    """Juto is off the board: a move of his does nothing (R0.4), as the facts say."""
    figure = known(s.figure(owner, JUTO), "Juto")
    return [F.FigureChanged(rule=rule, text="Juto is off the board and does not move.",
                            owner=owner, figure=JUTO, space=None, life=figure.life)]


def move_juto(ctx: Ctx, decision: Decision | None, ends: list[int],
              what: str) -> list[F.Fact] | Need:
    """Ask where Juto goes among ``ends`` (his legal destinations), then move him."""
    s, p = ctx.s, ctx.owner
    if len(ends) > 1 and decision is None:
        return Need("move", (p,), [MoveTo(p, x) for x in ends],
                    about=f"Tatsumi's {ctx.card.name}: {what} Where does Juto go?",
                    extra={"mover": p, "figure": JUTO})
    end = ends[0] if len(ends) == 1 else expect(decision, MoveTo, "the move decision").to
    return [juto_to(s, p, end, ctx.rule, forced=len(ends) == 1)]


def within(s: DuelState, owner: int, spaces: int) -> list[int]:
    """Juto's destinations for a move of 0 to ``spaces`` spaces, either way."""
    here = known(juto_space(s, owner), "Juto's space")
    return [x for x in BOARD if abs(x - here) <= spaces]


def juto_up_to_2(ctx: Ctx, decision: Decision | None) -> list[F.Fact] | Need:
    if not on_board(ctx.s, ctx.owner):
        return stays_off(ctx.s, ctx.owner, ctx.rule)
    return move_juto(ctx, decision, within(ctx.s, ctx.owner, 2), "move Juto 0-2 spaces.")


def juto_anywhere(ctx: Ctx, decision: Decision | None) -> list[F.Fact] | Need:
    if not on_board(ctx.s, ctx.owner):
        return stays_off(ctx.s, ctx.owner, ctx.rule)
    return move_juto(ctx, decision, within(ctx.s, ctx.owner, 6),
                     "move Juto any number of spaces.")


def juto_toward_opponent(ctx: Ctx, decision: Decision | None) -> list[F.Fact] | Need:
    """Wave: any number of spaces toward the opponent, read by the ruling
    ``juto-direction``: ``from-juto``, from Juto's space toward the opponent and at most
    onto their space (as Riptide's "toward Tatsumi" stops on hers); ``from-tatsumi``
    (records that name no reading), in the direction from Tatsumi toward the opponent, as
    far as the board's edge (carddata: tatsumi.toml). The prompt says which way that is on
    the board."""
    s, p = ctx.s, ctx.owner
    if not on_board(s, p):
        return stays_off(s, p, ctx.rule)
    here, them = known(juto_space(s, p), "Juto's space"), s.players[1 - p].space
    if reading_in(s.options, JUTO_RULING) == "from-juto":
        ends = [x for x in BOARD if min(here, them) <= x <= max(here, them)]
        way, origin = (them > here) - (them < here), f"from Juto on {here}"
    else:
        way, origin = toward(s, p), f"from Tatsumi on {s.players[p].space}"
        ends = [x for x in BOARD if (x - here) * way >= 0]
    # The card's words first, so the narrative still sees the question as the card text.
    return move_juto(ctx, decision, ends, "move Juto any number of spaces toward the "
                     f"opponent. Here that is {board_way(way)} ({origin} toward "
                     f"{name(s, 1 - p)} on {them}).")


def board_way(way: int) -> str:
    """A direction in the board's terms, for a newcomer reading the prompt."""
    if way == 0:
        return "nowhere, Juto is on the opponent's space"
    return "to a higher-numbered space" if way > 0 else "to a lower-numbered space"


def juto_toward_tatsumi(ctx: Ctx, decision: Decision | None) -> list[F.Fact] | Need:
    """Riptide: any number of spaces toward Tatsumi, at most onto her space."""
    s, p = ctx.s, ctx.owner
    if not on_board(s, p):
        return stays_off(s, p, ctx.rule)
    here, me = known(juto_space(s, p), "Juto's space"), s.players[p].space
    ends = [x for x in BOARD if min(here, me) <= x <= max(here, me)]
    return move_juto(ctx, decision, ends, "move Juto any number of spaces toward Tatsumi.")


# --- Tidal Bond: the zone bonus, and the life Juto soaks -----------------------------------


def zone_bonus(s: DuelState, holder: int) -> list[tuple[str, Any, str]]:
    """The bonus Tatsumi (player ``holder``) has now from Juto's zone, labelled, as a
    ``MODIFIERS`` hook returns it; nothing while Juto is off the board. A copy of her
    ability (Sagas's Reflection, S41) gains this same bonus."""
    zone = juto_zone(s, holder)
    if zone is None:
        return []
    return [(stat, amount, f"Juto (zone {zone})") for stat, amount in ZONE_BONUS[zone]]


def bond_holder(s: DuelState, owner: int) -> int | None:
    """Whose Juto the Tidal Bond of ``owner`` measures: the owner's own, else (a copied
    ability) the opponent's."""
    return next((q for q in (owner, 1 - owner) if s.figure(q, JUTO) is not None), None)


def tidal_bond(s: DuelState, owner: int, p: int) -> list[tuple[str, Any, str]]:
    """Juto's zone bonus for the owner's attack, measured afresh as positions change."""
    holder = bond_holder(s, owner) if p == owner else None
    return [] if holder is None else zone_bonus(s, holder)


def juto_soaks(s: DuelState, owner: int, dealt: F.DamageDealt) -> list[F.Fact]:
    """In zones 1 and 2 Juto loses as much life as his Soak kept off Tatsumi's damage
    (the damage is already dealt, so the zone is the one it was dealt in)."""
    figure = juto(s, owner)
    if dealt.defender != owner or figure is None:
        return []
    share = sum(amount for stat, amount, _ in zone_bonus(s, owner) if stat == "soak")
    soaked = min(share, dealt.soak, dealt.power)
    if soaked <= 0:
        return []
    before = known(figure.life, "Juto's life")
    after = max(0, before - soaked)
    text = f"Juto soaks {soaked} damage for Tatsumi and loses that much life ({before} → " \
           f"{after})"
    text += "; at 0 life he leaves the board." if after == 0 else "."
    return [TatsumiJutoHurt(rule=BOND_RULE, text=text, owner=owner, figure=JUTO,
                            space=figure.space if after else None, life=after,
                            soaked=soaked)]


TIDAL_BOND = Card("tidal-bond", "Tidal Bond", "ability", fighter=FID,
                  hooks=MODIFIERS.on(tidal_bond) | DAMAGE_DEALT.on(juto_soaks))
rule_modification(TIDAL_BOND.id, DAMAGE_DEALT, "Juto's Soak in zones 1 and 2 is a passive "
                  "zone bonus that costs him the life he soaked: no event triggers it (R18.1)")


# --- Styles ---------------------------------------------------------------------------------


def may_swap(s: DuelState, owner: int) -> bool:
    """Empathic: Juto stands on a space no standup occupies."""
    space = juto_space(s, owner)
    return space is not None and space not in (s.players[0].space, s.players[1].space)


def empathic_swap(ctx: Ctx, decision: Decision | None) -> list[F.Fact] | Need:
    """Tatsumi may move directly to Juto's space while he takes hers (R17.12)."""
    s, p = ctx.s, ctx.owner
    here, there = s.players[p].space, known(juto_space(s, p), "Juto's space")
    lock = movement_lock(s, p)
    if lock:
        return [F.MovementIgnored(rule="R17.9", text=f"Tatsumi cannot swap places with Juto: "
                                  f"{lock}.", player=p, kind="direct")]
    if there not in direct_destinations(s, p):
        return [F.MovementIgnored(rule="R17.12b", text="Tatsumi may not move directly to "
                                  f"Juto's space {there} now, so they do not swap.", player=p,
                                  kind="direct")]
    answer = may(ctx, decision, f"Empathic: swap places with Juto (Tatsumi to space {there}, "
                 f"Juto to space {here})?")
    if isinstance(answer, Need):
        return answer
    if not answer:
        return [F.Declined(rule=ctx.rule, text="Tatsumi does not swap places with Juto.",
                           player=p)]
    other = s.players[ctx.opponent].space
    return [moved(s, own_choice(ctx), "direct", there, abs(there - here), (here - other) * (there - other)
                  < 0, rule=ctx.rule),
            F.FigureChanged(rule=ctx.rule, text=f"Juto takes her place on space {here}.",
                            owner=p, figure=JUTO, space=here,
                            life=known(juto(s, p), "Juto").life)]


def juto_was_hurt(s: DuelState, owner: int) -> bool:
    return s.players[owner].this_beat.marks.get(HURT, 0) > 0


def empathic_pain(ctx: Ctx, decision: Decision | None) -> list[F.Fact]:
    amount = ctx.s.players[ctx.owner].this_beat.marks.get(HURT, 0)
    return [lose_life(ctx.s, ctx.opponent, amount, ctx.rule)]


def fearless_origin(s: DuelState, owner: int, attacker: int) -> int | str | None:
    """Range is measured from Juto; with Juto off the board the attack cannot hit. A
    player without Juto (Sagas copying Fearless) measures from their own standup."""
    if attacker != owner or s.figure(owner, JUTO) is None:
        return None
    space = juto_space(s, owner)
    return OFF_BOARD if space is None else space


def fearless_revive(ctx: Ctx, decision: Decision | None) -> list[F.Fact]:
    here = ctx.s.players[ctx.owner].space
    return [F.FigureChanged(rule=ctx.rule, text=f"Juto returns at full life ({JUTO_LIFE}) on "
                            f"Tatsumi's space {here}.", owner=ctx.owner, figure=JUTO,
                            space=here, life=JUTO_LIFE)]


def in_zone_2(s: DuelState, owner: int) -> bool:
    return juto_zone(s, owner) == 2


def riptide_check(ctx: Ctx, decision: Decision | None) -> list[F.Fact]:
    return [TatsumiMarked(rule=ctx.rule, text="Juto stands between Tatsumi and her opponent "
                          "(Zone 2): attacks at range 3 or more cannot hit Tatsumi this beat.",
                          player=ctx.owner, mark=RIPTIDE)]


def riptide_dodge(s: DuelState, owner: int, attacker: int, defender: int) -> str:
    """After Riptide's Start of Beat found Juto in Zone 2: no hit from range 3 or more."""
    if defender != owner or not s.players[owner].this_beat.marks.get(RIPTIDE):
        return ""
    origin = range_origin(s, attacker)
    if origin is None or abs(s.players[owner].space - origin) < 3:
        return ""
    return "Riptide keeps Tatsumi from being hit at range 3 or more this beat"


JUTO_GONE = "the company of Juto, who has left the board"  # why a Juto move is skipped
EMPATHIC = Card("empathic", "Empathic", "style", priority=-1, fighter=FID, effects=(
    Effect(START_OF_BEAT, (Custom(empathic_swap),), "If Juto stands on an unoccupied space, "
           "Tatsumi and Juto may swap places.", condition=may_swap,
           condition_text="a position to swap places with Juto"),
    Effect(END_OF_BEAT, (Custom(empathic_pain),), "The opponent loses life equal to the "
           "damage Juto took this beat.", condition=juto_was_hurt,
           condition_text="a beat in which Juto took damage"),
))
SIREN = Card("siren", "Siren", "style", power=-1, priority=1, fighter=FID, effects=(
    Effect(ON_HIT, (StunOpponent(),), "The opponent is stunned."),
    Effect(END_OF_BEAT, (Custom(juto_up_to_2),), "Move Juto 0-2 spaces.", condition=on_board,
           condition_text=JUTO_GONE),
))
FEARLESS = Card("fearless", "Fearless", "style", range=(-1, 0), priority=1, fighter=FID,
                hooks=RANGE_ORIGIN.on(fearless_origin), effects=(
    Effect(END_OF_BEAT, (Custom(fearless_revive),), "If Juto is off the board, he returns "
           "at full life on Tatsumi's space.", condition=off_board,
           condition_text="need of reviving Juto"),
))
WAVE = Card("wave", "Wave", "style", range=(2, 4), power=-1, fighter=FID, effects=(
    Effect(ON_HIT, (Movement("push", (0, 1, 2)),), "Push the opponent 0-2 spaces."),
    Effect(AFTER_ACTIVATING, (Custom(juto_toward_opponent),), "Move Juto any number of "
           "spaces toward the opponent.", condition=on_board,
           condition_text=JUTO_GONE),
))
RIPTIDE_CARD = Card("riptide", "Riptide", "style", range=(0, 2), priority=-1, fighter=FID,
                    hooks=DODGE.on(riptide_dodge), effects=(
    Effect(START_OF_BEAT, (Custom(riptide_check),), "If Juto is in Zone 2 now, attacks at "
           "range 3 or more cannot hit Tatsumi this beat.", condition=in_zone_2,
           condition_text="a position with Juto between her and the opponent (Zone 2)"),
    Effect(END_OF_BEAT, (Custom(juto_toward_tatsumi),), "Move Juto any number of spaces "
           "toward Tatsumi.", condition=on_board,
           condition_text=JUTO_GONE),
))


# --- Whirlpool and the Finishers ------------------------------------------------------------


def may_draw(s: DuelState, owner: int) -> bool:
    """Whirlpool: Juto is on the board and not on the opponent's space."""
    space = juto_space(s, owner)
    return space is not None and space != s.players[1 - owner].space


def whirlpool_draw(ctx: Ctx, decision: Decision | None) -> list[F.Fact] | Need:
    """Move the opponent 1 space toward Juto: a pull while Juto is on Tatsumi's side of
    them, a push while he is beyond them."""
    kind = "push" if juto_zone(ctx.s, ctx.owner) == 3 else "pull"
    return Movement(kind, (1,)).resolve(ctx, decision)


def tsunami_blocked(s: DuelState, owner: int, attacker: int) -> str:
    """Tsunami's Collide cannot hit an opponent on or next to Juto's space."""
    space = juto_space(s, owner)
    if attacker != owner or space is None or abs(s.players[1 - owner].space - space) > 1:
        return ""
    return "Tsunami's Collide cannot hit an opponent on or next to Juto's space"


def in_zone_3(s: DuelState, owner: int) -> bool:
    return juto_zone(s, owner) == 3


def tsunami_surge(ctx: Ctx, decision: Decision | None) -> list[F.Fact]:
    """+3 power and +2 priority for each space between Tatsumi and Juto (at most 5)."""
    s, p = ctx.s, ctx.owner
    between = min(5, abs(s.players[p].space - known(juto_space(s, p), "Juto's space")) - 1)
    if between <= 0:
        return []
    name = f"Tsunami's Collide, {between} space{'' if between == 1 else 's'} to Juto"
    return [status(s, p, "power", 3 * between, name, ctx.rule),
            status(s, p, "priority", 2 * between, name, ctx.rule)]


def xandjinn_range(s: DuelState, owner: int, attacker: int) -> set[int]:
    """Range X: Juto's space and the spaces next to it (none while he is off the board)."""
    space = juto_space(s, owner)
    if attacker != owner or space is None:
        return set()
    return {x for x in (space - 1, space, space + 1) if x in BOARD}


WHIRLPOOL = Card("whirlpool", "Whirlpool", "base", range=(1, 2), power=3, priority=3,
                 fighter=FID, effects=(
    Effect(START_OF_BEAT, (Custom(whirlpool_draw),), "Move the opponent 1 space toward Juto.",
           condition=may_draw, condition_text="a position to draw the opponent toward Juto"),
    Effect(AFTER_ACTIVATING, (Move(up_to=2), Custom(juto_up_to_2)), "Move 0-2 spaces, then "
           "move Juto 0-2 spaces."),
))
TSUNAMIS_COLLIDE = Card("tsunamis-collide", "Tsunami's Collide", "finisher", range=(2, 4),
                        power=0, priority=0, fighter=FID, hooks=CANNOT_HIT.on(tsunami_blocked),
                        effects=(
    Effect(REVEAL, (Custom(tsunami_surge),), "With Juto in Zone 3, +3 power and +2 priority "
           "for each space between Tatsumi and Juto.", condition=in_zone_3,
           condition_text="a position with Juto in Zone 3"),
))
GUARDIAN_XANDJINN = Card("guardian-xandjinn", "Guardian Xandjinn", "finisher", range=X,
                         power=6, priority=5, fighter=FID,
                         hooks=SPECIAL_RANGE.on(xandjinn_range), effects=(
    Effect(ON_HIT, (StunOpponent(), Custom(juto_anywhere)), "The opponent is stunned; move "
           "Juto any number of spaces."),
))

# Its switchable rulings (judge.battlecon.rulings; the record's options.rulings).
JUTO_DIRECTION_READINGS = (JUTO_RULING, {
    "rule": "Tatsumi: Wave", "title": "Which way Juto moves \"toward the opponent\"",
    "default": "from-tatsumi", "recommended": "from-juto",
    "readings": [reading("from-juto", "from Juto's space toward the opponent, at most "
                                      "onto the opponent's space"),
                 reading("from-tatsumi", "the direction from Tatsumi toward the opponent, "
                                         "as far as the board's edge")]})


TATSUMI = register(Fighter(
    id=FID, name="Tatsumi Nuac", short="Tatsumi", pronoun="she",
    styles=(EMPATHIC, SIREN, FEARLESS, WAVE, RIPTIDE_CARD), unique_base=WHIRLPOOL,
    finishers=(TSUNAMIS_COLLIDE, GUARDIAN_XANDJINN),
    default_discards=(("empathic", "dash"), ("fearless", "grasp")), ability=TIDAL_BOND,
    figures=(FigureKind(JUTO, life=JUTO_LIFE),),
    rulings=(JUTO_DIRECTION_READINGS,)))
