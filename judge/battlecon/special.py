"""Special Actions at the Reveal: Pulse, Cancel, Finisher and how they meet (R22-R26)."""

from __future__ import annotations

from typing import Final

from judge.battlecon import cancel2011, profile, pulse2011
from judge.battlecon import facts as F
from judge.battlecon.generic import CANCEL_BASES, FINISHER_BASES, PULSE_BASES
from judge.battlecon.hooks import FINISHER_REQUIRES
from judge.battlecon.kits import card, fighter
from judge.battlecon.names import name
from judge.battlecon.state import SPECIAL_ACTION, DuelState, known

SA: Final = SPECIAL_ACTION


def classify(s: DuelState, p: int) -> str | None:
    """What player p's revealed pair does: None, pulse, cancel, finisher or ante_finisher."""
    me = s.players[p]
    pair = me.pair
    if pair is None:
        return None
    if pair.finisher and pair.style != SA:
        return "ante_finisher"
    if pair.style != SA:
        return None
    if pair.base in PULSE_BASES:
        return "pulse"
    if pair.base in CANCEL_BASES:
        return "cancel"
    kit = fighter(me.fighter)
    if pair.base in FINISHER_BASES or pair.base == kit.unique_base.id:
        if s.options.get("ante_finishers"):
            return "cancel"  # G6: with both variants a Special Action never finishes
        if me.life > 7:
            return "cancel"  # R25.2, R26.10
        requires = card(me.finisher).hooks.get(FINISHER_REQUIRES)
        if requires and not requires(s, p):
            return "cancel"  # Kallistar's finishers need the right form
        return "finisher"
    return "cancel"


def why(s: DuelState, p: int, kind: str) -> str:
    me = s.players[p]
    assert me.pair is not None and me.pair.base is not None, "a Special Action has a Base"
    base = card(me.pair.base).name
    if kind == "cancel" and me.pair.base not in CANCEL_BASES:
        if s.options.get("ante_finishers"):
            reason = "with Ante Finishers in play a Special Action cannot finish (G6)"
        elif me.life > 7:
            reason = f"{name(s, p)} has {me.life} life, more than 7 (R25.2)"
        else:
            reason = f"{card(me.finisher).name} cannot be used in this form"
        return f"{name(s, p)}'s Special Action with {base} would be a Finisher, but {reason}: " \
               "it is a Cancel."
    label = {"pulse": "a Pulse", "cancel": "a Cancel", "finisher": "a Finisher"}[kind]
    extra = f" ({card(me.finisher).name})" if kind == "finisher" else ""
    return f"{name(s, p)}'s Special Action with {base} is {label}{extra}."


def resolve(s: DuelState) -> list[F.Fact]:
    kinds = [classify(s, 0), classify(s, 1)]
    out: list[F.Fact] = []
    rules = {"pulse": "R23", "cancel": "R24", "finisher": "R25"}
    for p in (0, 1):
        k = kinds[p]
        if known(s.players[p].pair, "the revealed pair").style == SA:
            assert k is not None, "a Special Action is a Pulse, a Cancel or a Finisher"
            rule = rules[k] if k != "cancel" else profile.rule_of(s.profile, profile.C07_CANCEL,
                                                                   "R24.1")
            out.append(F.SpecialActionDeclared(rule=rule,
                                               text=why(s, p, k), player=p, action=k))
    pulses = [p for p in (0, 1) if kinds[p] == "pulse"]
    cancels = [p for p in (0, 1) if kinds[p] == "cancel"]
    if len(pulses) == 2:
        for p in (0, 1):
            out += _to(s, p, [SA], "discard_1", "R26.2") + _to(s, p, [_base(s, p)],
                                                               "hand", "R26.2")
        if profile.differs(s.profile, profile.C06_PULSE):  # C06b: 001's double Pulse
            out.append(F.Pulsed(rule=pulse2011.RULE, text="Both players Pulse: both "
                                "attacks are negated.", player=None))
            return out + pulse2011.both_pulse(s)
        out.append(F.Pulsed(rule="R26.2", text="The two Pulses cancel out; the standups stay "
                            "where they are and the beat goes straight to cycling (G4).",
                            player=None))
        return out
    if pulses:
        p = pulses[0]
        o = 1 - p
        out += _to(s, p, [SA], "removed", "R23.5") + _to(s, p, [_base(s, p)], "hand",
                                                           "R23.5")
        negated = "Special Action" if kinds[o] in ("cancel", "finisher") else "attack pair"
        out.append(F.Pulsed(rule="R23.1", text=f"{name(s, p)} Pulses: {name(s, o)}'s {negated} "
                            "is negated and everything up to recycling is skipped.", player=p))
        return out
    if cancels:
        if cancel2011.applies(s):  # C07: 001's Cancel, only the Cancel player re-picks
            return out + cancel2011.cancels(s, cancels)
        if len(cancels) == 2:
            for p in (0, 1):
                out += _to(s, p, [SA], "discard_1", "R26.5") + _to(
                    s, p, [_base(s, p)], "hand", "R26.5")
        else:
            p = cancels[0]
            o = 1 - p
            out += _to(s, p, [SA], "removed", "R24.3") + _to(s, p, [_base(s, p)],
                                                               "hand", "R24.3")
            if kinds[o] == "ante_finisher":
                out.append(F.FinisherCancelled(rule="R24.2", text=f"{name(s, o)}'s anted "
                                               "Finisher is cancelled and spent.", player=o))
            else:
                rule = "R26.6" if kinds[o] == "finisher" else "R24.2"
                out += _to(s, o, known(s.players[o].pair, "the revealed pair").cards(),
                           "discard_1", rule)
        out.append(F.NewPairsCalledFor(rule="R24.4", text="Both players secretly choose new "
                                       "attack pairs; antes already made still apply (R24.5)."))
        return out
    out.append(F.SpecialActionsDone(rule="R25.3", text="The beat goes on with the Finisher in "
                                    "place of the attack pair."))
    return out


def _base(s: DuelState, p: int) -> str:
    """The Base under player p's Special Action (there is one at the Reveal)."""
    return known(known(s.players[p].pair, "the revealed pair").base, "a Special Action's Base")


def _to(s: DuelState, p: int, cards: list[str], zone: str, rule: str) -> list[F.Fact]:
    where = {"hand": "back to hand", "discard_1": "onto discard 1",
             "removed": "out of the game"}[zone]
    names = " and ".join(card(c).name for c in cards)
    return [F.CardsMoved(rule=rule, text=f"{name(s, p)}'s {names} go{'es' if len(cards) == 1 else ''}"
                         f" {where}.", player=p, cards=list(cards), to=zone)]


def finisher_tie(s: DuelState) -> list[F.Fact]:
    """Two Finishers tie (R26.9; G5 for Ante Finishers): both choose new pairs."""
    if cancel2011.applies(s):  # C07: under 001 they downgrade into Cancels
        return cancel2011.finisher_tie(s)
    out: list[F.Fact] = []
    for p in (0, 1):
        pair = known(s.players[p].pair, "the attack pair")
        if pair.style == SA:
            assert pair.base is not None, "a Special Action has a Base"
            out += _to(s, p, [SA], "discard_1", "R26.9") + _to(s, p, [pair.base], "hand",
                                                               "R26.9")
        else:
            out.append(F.FinisherCancelled(rule="G5", text=f"{name(s, p)}'s anted Finisher "
                                           "stays unused.", player=p, spent=False))
    out.append(F.NewPairsCalledFor(rule="R26.9", text="The Finishers tie: both players choose "
                                   "new attack pairs, as after a double Cancel."))
    return out
