"""Force challenges (A16): the declaration and its 10 LP, the duel dice (a dice duel for
blue, an impact dice duel for green), and the loser's full damage (A16.7, A16.8, AG15-AG17)."""

from __future__ import annotations

from typing import Any

from judge.artobattlers.abilities import not_effective
from judge.artobattlers.conclude import conclude
from judge.artobattlers.damage import Blow
from judge.artobattlers.dpverbs import Side, count
from judge.artobattlers.facts import (
    CostPaid,
    DuelBothLost,
    DuelDieEntered,
    DuelRound,
    DuelWon,
    ForceChallengeDeclared,
)
from judge.artobattlers.table import Table


def declare(t: Table, d: dict[str, Any]) -> None:
    a = t.s.attack
    assert a is not None
    f = t.fighter(a.target)
    move = t.card(f.id).move(d["move"], a.target_striker)
    assert move is not None
    colour = t.attack_move().force_challenge or ""
    if a.target_striker:
        _from_striker(t, d, colour, move.name)
        return
    t.emit(ForceChallengeDeclared("A16.6", f"{f.label} declares a {colour} force challenge, "
                                  f"colliding with {move.name}.", d["player"], colour, move.id))
    t.emit(CostPaid("A16.6", f"{f.label} pays 10 LP for the force challenge: {f.life} → "
                    f"{f.life - 10}.", f.id, "life", 10, f.life, f.life - 10,
                    "force_challenge"))
    if t.rulings["AG15"] == "colliding_move_costs_charged":
        lp, pp = move.cost.amounts(d.get("pay"))
        if pp and f.power is not None:
            t.emit(CostPaid("AG15", f"{f.label} pays {move.name}'s {pp} PP: {f.power} → "
                            f"{f.power - pp}.", f.id, "power", pp, f.power, f.power - pp,
                            "force_challenge"))
        if lp:
            t.emit(CostPaid("AG15", f"{f.label} pays {move.name}'s {lp} LP: {f.life} → "
                            f"{f.life - lp}.", f.id, "life", lp, f.life, f.life - lp,
                            "force_challenge"))


def _from_striker(t: Table, d: dict[str, Any], colour: str, move: str) -> None:
    """A force challenge declared from a striker an ability aimed at: its 10 LP come from
    the striker's LP (004 §16/§18 Important #2, A16.11); its move's own costs are not
    charged under either reading of AG15 (AG46)."""
    a = t.s.attack
    assert a is not None
    f = t.fighter(a.target)
    life = f.striker_life or 0
    t.emit(ForceChallengeDeclared("A16.11", f"{f.striker_name} ({f.label}'s striker) declares "
                                  f"a {colour} force challenge, colliding with {move}.",
                                  d["player"], colour, d["move"]))
    t.emit(CostPaid("A16.11", f"{f.striker_name} pays 10 LP for the force challenge: {life} → "
                    f"{life - 10}.", f.id, "striker", 10, life, life - 10, "force_challenge"))


def duel_die(t: Table, d: dict[str, Any]) -> None:
    """One duel die; when both of a round are in, the round is read (A16.1, A16.2)."""
    a = t.s.attack
    assert a is not None and a.duel is not None
    t.emit(DuelDieEntered("A16.6", f"{t.pname(d['player'])} rolls {d['value']} in the duel.",
                          d["player"], d["value"]))
    v = a.duel.current
    if v[0] is None or v[1] is None:
        return
    values = [v[0], v[1]]
    green = a.duel.colour == "green"
    if values[0] == values[1] and not green:
        t.emit(DuelRound("A16.1", f"Equal rolls ({values[0]}): both roll again.", values,
                         "again"))
        return
    if values[0] == values[1]:
        t.emit(DuelRound("A16.2", f"Equal rolls ({values[0]}) end the impact dice duel: both "
                         "lose.", values, "both_lost"))
        t.emit(DuelBothLost("A16.8", "Both characters take the full DP of the other's move "
                            "at the same moment."))
        _resolve(t, "both")
        return
    winner = 0 if values[0] > values[1] else 1
    side = "attacker" if winner == a.player else "defender"
    t.emit(DuelRound("A16.1", f"{max(values)} beats {min(values)}.", values, "won"))
    t.emit(DuelWon("A16.7", f"{t.pname(winner)} wins the force challenge.", winner, side))
    _resolve(t, "defender" if side == "attacker" else "attacker")


def _resolve(t: Table, loser: str) -> None:
    """The loser's character takes the winner's move's full DP (A16.7, A16.8, AG16, AG17)."""
    a = t.s.attack
    assert a is not None and a.duel is not None
    blows = []
    if loser in ("attacker", "both"):
        blows.append(_back(t))
    if loser in ("defender", "both"):
        blows.append(Blow(a.target, t.s.attack_pool(), a.dp, "force_challenge", "A16.7",
                          a.dp_note))
    conclude(t, blows, "full" if loser != "attacker" else "none")


def _back(t: Table) -> Blow:
    """The defender's colliding move against the attacker (or its striker, AG17); no damage
    when a size or LP limit makes it not effective (AG16)."""
    a = t.s.attack
    assert a is not None and a.duel is not None
    move = t.card(a.target).move(a.duel.move, a.target_striker)
    assert move is not None
    attacker = t.fighter(a.character)
    life = attacker.striker_life or 0 if a.striker else attacker.life
    counted = count(move, Side(t.card(a.target), a.target_striker),
                    Side(t.card(a.character), a.striker), t.rulings["AG4"])
    dp, note = counted.dp, counted.note
    if not_effective(move, attacker.size, life) is not None:
        dp, note = 0, f"{move.name} is not effective against {attacker.name} (AG16)"
    return Blow(a.character, "striker" if a.striker else "life", dp, "force_challenge",
                "AG17" if a.striker else "A16.7", note)
