"""A test fighter that shows the rule hooks carry three of the hardest rewrites.

Not real fighters: only the hook declarations, as Zaamassal's Paradigm of Haste, Sagas's
Negation and Tatsumi's Juto (zones and Fearless) would declare them (card data:
``../shared/reference/cards/{zaamassal,sagas,tatsumi}.yaml``), on a kit whose ids start
with ``ht-`` so they never meet the real cards. ``registered()`` adds the kit for one
test module and forgets it afterwards.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from judge.battlecon import facts as F
from judge.battlecon.cards import END_OF_BEAT, Card
from judge.battlecon.fighters import Fighter, FigureKind, register, unregister
from judge.battlecon.hooks import (
    EXTRA_CARDS,
    MODIFIERS,
    MOVEMENT_LOCK,
    MOVEMENT_STOPS,
    OFF_BOARD,
    ON_STUNNED,
    PRIORITY_TIE,
    RANGE_ORIGIN,
    SUPPRESSES,
)
from judge.battlecon.state import DuelState

FID = "hooktest"
JUTO = "juto"
HASTE = "ht-haste"


# --- Paradigm of Haste (Zaamassal): a card in play ------------------------------------------


def haste_ties(s: DuelState, owner: int) -> bool:
    """Zaamassal wins priority ties."""
    return True


def haste_stops(s: DuelState, owner: int, mover: int) -> dict[int, str]:
    """An opponent whose movement enters a space next to Zaamassal stops there (S30)."""
    if mover == owner:
        return {}
    me = s.players[owner].space
    return {x: "a space next to Hook Tester" for x in (me - 1, me + 1) if 1 <= x <= 7}


def haste_lock(s: DuelState, owner: int, mover: int) -> str:
    """Opponents adjacent to Zaamassal cannot move."""
    if mover != owner and abs(s.players[mover].space - s.players[owner].space) == 1:
        return "the Paradigm of Haste holds an adjacent opponent in place"
    return ""


def haste_lost(s: DuelState, owner: int, stunned: int) -> list[F.Fact]:
    """Whenever Zaamassal is stunned he loses every Paradigm in play."""
    if stunned != owner or not s.players[owner].in_play:
        return []
    return [F.LeftPlay(rule=f"{HASTE}: passive", text="Stunned, Hook Tester loses the "
                       "Paradigm of Haste.", player=owner, cards=list(s.players[owner].in_play))]


HASTE_CARD = Card(HASTE, "Paradigm of Haste", "paradigm", fighter=FID, hooks=(
    PRIORITY_TIE.on(haste_ties) | MOVEMENT_STOPS.on(haste_stops)
    | MOVEMENT_LOCK.on(haste_lock) | ON_STUNNED.on(haste_lost)))


# --- Negation (Sagas): a suppression -------------------------------------------------------


def negation(s: DuelState, owner: int, p: int, card: Card, timing: str | None) -> bool:
    """The opponent applies none of their Styles this beat, stats and effects, except End
    of Beat effects; status effects are not cards, so they stay (S42, S43)."""
    return p != owner and card.kind == "style" and timing != END_OF_BEAT


NEGATION = Card("ht-negation", "Negation", "style", fighter=FID, hooks=SUPPRESSES.on(negation))


# --- an extra Style in force (like Kehrolyn's form), for Negation to cancel ----------------


def overload(s: DuelState, owner: int, p: int) -> list[str]:
    """While the ``overload`` counter is 1, ht-surge is in force as a second Style."""
    return ["ht-surge"] if p == owner and s.players[owner].counters.get("overload") else []


SURGE = Card("ht-surge", "Surge", "style", power=2, fighter=FID)


# --- Juto (Tatsumi): a figure with life, zones, a range origin ------------------------------


def juto_zone(s: DuelState, owner: int) -> int | None:
    """0 behind Tatsumi, 1 on her space, 2 between her and the opponent, 3 on the
    opponent's space or beyond; None when Juto is off the board."""
    juto = s.figure(owner, JUTO)
    if juto is None or juto.space is None:
        return None
    me, them = s.players[owner].space, s.players[1 - owner].space
    toward = 1 if them > me else -1
    ahead = (juto.space - me) * toward
    if ahead < 0:
        return 0
    if ahead == 0:
        return 1
    return 2 if juto.space != them and ahead < abs(them - me) else 3


ZONE_BONUS: dict[int, list[tuple[str, Any]]] = {
    0: [("range", (0, 2)), ("power", 1)], 1: [("soak", 3)],
    2: [("soak", 1), ("stun_guard", 2)], 3: [("priority", 1)]}


def juto_bonus(s: DuelState, owner: int, p: int) -> list[tuple[str, Any, str]]:
    """Juto's zone bonus, checked again whenever positions change (S36)."""
    zone = juto_zone(s, owner) if p == owner else None
    return [] if zone is None else [(stat, amount, f"Juto (zone {zone})")
                                    for stat, amount in ZONE_BONUS[zone]]


def fearless_origin(s: DuelState, owner: int, attacker: int) -> int | str | None:
    """Range is measured from Juto's space; with Juto off the board it cannot hit."""
    if attacker != owner:
        return None
    juto = s.figure(owner, JUTO)
    return OFF_BOARD if juto is None or juto.space is None else juto.space


FEARLESS = Card("ht-fearless", "Fearless", "style", fighter=FID,
                hooks=RANGE_ORIGIN.on(fearless_origin))
ZONES = Card("ht-zones", "Juto's zones", "ability", fighter=FID,
             hooks=MODIFIERS.on(juto_bonus) | EXTRA_CARDS.on(overload))

PLAIN = Card("ht-plain", "Plain", "style", fighter=FID)
STEADY = Card("ht-steady", "Steady", "style", fighter=FID)
BASE = Card("ht-base", "Test Base", "base", range=(1, 2), power=3, priority=3, fighter=FID)
FINISHERS = (Card("ht-finisher-a", "Finisher A", "finisher", range=(1, 1), power=5, fighter=FID),
             Card("ht-finisher-b", "Finisher B", "finisher", range=(1, 1), power=5, fighter=FID))

KIT = Fighter(
    id=FID, name="Hook Tester", short="Hook Tester", pronoun="they",
    styles=(NEGATION, FEARLESS, SURGE, PLAIN, STEADY), unique_base=BASE, finishers=FINISHERS,
    default_discards=(("ht-plain", "dash"), ("ht-steady", "grasp")), ability=ZONES,
    counters=("overload",), figures=(FigureKind(JUTO, life=4),), persistent=(HASTE_CARD,))


@contextmanager
def registered() -> Iterator[Fighter]:
    """The test fighter, findable by id for the duration of the block."""
    register(KIT)
    try:
        yield KIT
    finally:
        unregister(FID)
