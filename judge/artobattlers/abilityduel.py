"""A dice duel a Special Ability starts (004 §15 "…or 'Special Ability' phrases", A16.1;
the verb ``dice_duel_turn``, AG45): its owner spends the turn action on it against an
opponent character in the battle zone; both players roll (equal rolls roll again); if the
owner's player wins, that character takes a Direct Hit of the verb's DP (A24.2: abilities
that reduce a Direct Hit and the afflicted PP raise apply); if he loses, nothing happens.
Then the turn ends as after any turn action."""

from __future__ import annotations

from typing import Any

from judge.artobattlers.abilities import direct_hit_against
from judge.artobattlers.damage import Blow, land, raise_power
from judge.artobattlers.facts import DuelDieEntered, DuelRound, TextDuelOpened, TextDuelWon
from judge.artobattlers.table import Table
from judge.artobattlers.turns import end_turn

VERB = "dice_duel_turn"


def open_duel(t: Table, d: dict[str, Any]) -> None:
    """The turn action: the duel opens on its target (step ``duel``, AG45)."""
    owner, target = t.fighter(d["character"]), d["params"]["target"]
    ability = t.card(owner.id).ability
    assert ability is not None and ability.params
    t.emit(TextDuelOpened("AG45", f"{owner.label} uses {ability.name}: a dice duel; if "
                          f"{t.pname(owner.player)} wins, {t.name(target)} takes a Direct Hit "
                          f"of {ability.params['dp']} DP.", target, ability.name, t.s.turn,
                          owner.id))


def duel_die(t: Table, d: dict[str, Any]) -> None:
    """One die of the ability's dice duel (A16.1); once won, the Direct Hit if the owner's
    player won, then the end of the turn."""
    duel = t.s.text_duel
    assert duel is not None
    t.emit(DuelDieEntered("A16.1", f"{t.pname(d['player'])} rolls {d['value']} in the dice "
                          "duel.", d["player"], d["value"]))
    a, b = duel["current"]
    if a is None or b is None:
        return
    if a == b:
        t.emit(DuelRound("A16.1", f"Equal rolls ({a}): both roll again.", [a, b], "again"))
        return
    winner, target, owner = (0 if a > b else 1), duel["character"], t.fighter(duel["by"])
    ability = t.card(owner.id).ability
    assert ability is not None and ability.params
    t.emit(DuelRound("A16.1", f"{max(a, b)} beats {min(a, b)}.", [a, b], "won"))
    won = winner == owner.player
    t.emit(TextDuelWon("AG45", f"{t.pname(winner)} wins {ability.name}'s dice duel"
                       + ("." if won else ": it deals nothing."), winner, target))
    if won:
        _direct_hit(t, target, ability.params["dp"])
    end_turn(t)


def _direct_hit(t: Table, who: str, dp: int) -> None:
    dp, note = direct_hit_against(dp, t.card(who))
    if land(t, [Blow(who, "life", dp, "direct_hit", "A24.2", note)]) and dp > 0:
        raise_power(t, who, "afflicted", "A8.10", "being afflicted")
