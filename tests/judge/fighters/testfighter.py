"""A fighter added the way docs/fighters.md says: one module that declares a ``Fighter`` and
calls ``register`` on import, loaded as a plug-in module (``--ruleset-module``,
``RULESET_MODULES``). Nothing else in the project names it.

Tess Tester (``tester``), not a real fighter. Her unique ability, Called Shot, works on two
hooks and asks a decision of her own:

- at the Start of Beat she calls ``power`` or ``guard`` (a ``call`` decision, her own kind;
  the fact ``TesterCalled``; her state JSON shows the call as ``stance`` for the beat);
- ``MODIFIERS``: the call gives her +2 power (``power``) or +2 soak (``guard``);
- ``PRIORITY_TIE``: she wins every priority tie.

Her cards carry the ids ``tf-...`` so they never meet the real ones. Her card data are the
cards below (no card-data file: no printed value of hers is in doubt).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from judge.battlecon import facts as F
from judge.battlecon.actions import Advance, Ctx, Custom, Need
from judge.battlecon.cards import START_OF_BEAT, Card, Effect
from judge.battlecon.decisions import Decision, Own, expect, own
from judge.battlecon.fighters import Fighter, register
from judge.battlecon.hooks import MODIFIERS, PRIORITY_TIE
from judge.battlecon.kit_parts import BeatField, DecisionKind
from judge.battlecon.state import DuelState

FID = "tester"
MODULE = __name__
CALL = "call"  # her own decision kind
STANCE = "stance"  # her call for the beat: ThisBeat.kit and the state JSON
STANCES = ("guard", "power")
BONUS = {"power": ("power", 2), "guard": ("soak", 2)}


@dataclass(frozen=True)
class TesterCalled(F.Fact):
    """Tess calls her stance for the beat (Called Shot)."""

    player: int
    stance: str

    def apply(self, s: DuelState) -> None:
        s.players[self.player].this_beat.kit[STANCE] = self.stance


def call(ctx: Ctx, decision: Decision | None) -> list[F.Fact] | Need:
    """Start of Beat: Tess calls power or guard."""
    p = ctx.owner
    if decision is None:
        return Need(CALL, (p,), [own(p, CALL, **{STANCE: x}) for x in STANCES],
                    about="Called Shot: call power (+2 power) or guard (+2 soak) for this beat.",
                    rule=ctx.rule)
    stance = expect(decision, Own, "the call").get(STANCE)
    return [TesterCalled(rule=ctx.rule, text=f"Called Shot: Tess calls {stance} for this beat.",
                         player=p, stance=stance)]


def called_bonus(s: DuelState, owner: int, p: int) -> list[tuple[str, Any, str]]:
    """MODIFIERS: the stance she called, while it holds (this beat)."""
    stance = s.players[owner].this_beat.kit.get(STANCE)
    if p != owner or stance is None:
        return []
    stat, amount = BONUS[stance]
    return [(stat, amount, f"Called Shot ({stance})")]


def wins_ties(s: DuelState, owner: int) -> bool:
    """PRIORITY_TIE: Tess wins every priority tie."""
    return True


CALLED_SHOT = Card("tf-called-shot", "Called Shot", "ability", fighter=FID, hooks=(
    MODIFIERS.on(called_bonus) | PRIORITY_TIE.on(wins_ties)), effects=(
    Effect(START_OF_BEAT, (Custom(call),), "Call power (+2 power) or guard (+2 soak)."),))

STYLES = (Card("tf-keen", "Keen", "style", power=1, fighter=FID),
          Card("tf-quick", "Quick", "style", priority=1, fighter=FID),
          Card("tf-long", "Long", "style", range=(0, 1), fighter=FID),
          Card("tf-firm", "Firm", "style", soak=1, fighter=FID),
          Card("tf-step", "Step", "style", fighter=FID, effects=(
              Effect(START_OF_BEAT, (Advance(1),), "Advance 1 space."),)))
BASE = Card("tf-jab", "Jab", "base", range=(1, 1), power=2, priority=4, fighter=FID)
FINISHERS = (Card("tf-finale-a", "Finale A", "finisher", range=(1, 2), power=6, priority=3,
                  fighter=FID),
             Card("tf-finale-b", "Finale B", "finisher", range=(1, 1), power=8, priority=2,
                  fighter=FID))

CALL_KIND = DecisionKind(CALL, (STANCE,), lambda d, kit: f"calls {d.get(STANCE)}", schema={
    "description": "Tess Tester's Called Shot, at the Start of Beat: power or guard.",
    "type": "object",
    "required": ["player", "kind", STANCE],
    "additionalProperties": False,
    "properties": {"player": {"$ref": "#/$defs/player_index"}, "kind": {"const": CALL},
                   STANCE: {"enum": list(STANCES)}}})
STANCE_FIELD = BeatField(STANCE, schema={
    "description": "Tess Tester's call this beat (Called Shot).", "enum": list(STANCES)})

KIT = register(Fighter(
    id=FID, name="Tess Tester", short="Tess", pronoun="she", styles=STYLES, unique_base=BASE,
    finishers=FINISHERS, default_discards=(("tf-keen", "dash"), ("tf-quick", "grasp")),
    ability=CALLED_SHOT, decisions=(CALL_KIND,), beat_fields=(STANCE_FIELD,),
    tells=((CALL, "TesterCalled"),)))
