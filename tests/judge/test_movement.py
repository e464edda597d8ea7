"""Movement (R17): hops, walls, "up to", listed amounts, direct moves and the Gate Trap.

Most tests ask ``judge.battlecon.movement`` where one movement effect may end, on a
position set up with a judge correction; the others play the card that moves.
Board spaces are 1-7 from west to east; player 0 starts on 3, player 1 on 5.
"""

from __future__ import annotations

import pytest

from judge.battlecon import facts as F
from judge.battlecon.movement import destinations, direct_destinations, toward
from judge.errors import IllegalDecisionError
from tests.judge.scene import (
    answer,
    facts_of,
    new_duel,
    pairs,
    pass_ante,
    settle,
    spaces,
    stage,
)


def board(a, b, fighters=("hikaru", "cadenza"), trap=None):
    """A duel state with player 0 on ``a`` and player 1 on ``b`` (and a Gate Trap)."""
    duel = new_duel(*fighters)
    stage(duel, spaces=(a, b), trap=trap)
    return duel.state


def ends(state, mover, directions, amounts, **kw):
    return [e.end for e in destinations(state, mover, directions, amounts, **kw)]


def advance(state, mover, amounts, **kw):
    return ends(state, mover, (toward(state, mover),), amounts, **kw)


def retreat(state, mover, amounts, **kw):
    return ends(state, mover, (-toward(state, mover),), amounts, **kw)


def test_advance_and_retreat_directions_follow_the_opponent():
    """Forwards is toward the opponent, whichever side they are on (R0.8, R17.2)."""
    s = board(2, 6)
    assert advance(s, 0, (1,)) == [3] and retreat(s, 0, (1,)) == [1]
    assert advance(s, 1, (1,)) == [5] and retreat(s, 1, (1,)) == [7]
    s = board(6, 2)
    assert advance(s, 0, (1,)) == [5] and retreat(s, 0, (1,)) == [7]


def test_opponent_space_is_hopped_and_not_counted():
    """A mover hops the opponent's space without counting it (R17.5, R13.2)."""
    s = board(3, 4)
    found = destinations(s, 0, (toward(s, 0),), (1, 2))
    assert [(e.end, e.spaces, e.passed) for e in found] == [(5, 1, True), (6, 2, True)]


def test_advance_only_sets_the_starting_direction():
    """Advancing past an adjacent opponent goes on away from them; no turning back (R17.3, C24)."""
    s = board(3, 4)
    assert advance(s, 0, (1, 2)) == [5, 6]
    assert 2 not in advance(s, 0, (1, 2)) and 3 not in advance(s, 0, (1, 2))


def test_wall_removes_an_option_and_forces_the_other():
    """An option past the board edge is illegal; a remaining legal one must be taken (R17.9)."""
    s = board(1, 4)
    # "Move 1": backwards is off the board, so only forwards remains.
    assert ends(s, 0, (-1, 1), (1,)) == [2]
    # Retreat 1 or 2 from space 6 (opponent on 4): only 1 fits.
    s = board(6, 4)
    assert retreat(s, 0, (1, 2)) == [7]


def test_movement_with_no_legal_option_is_ignored():
    """"Advance 3" with two countable spaces left: no legal option, the effect is ignored
    and the fighter stays (R17.9; the 2014 reading, not the older "as far as possible", C03)."""
    s = board(4, 6)
    assert advance(s, 0, (3,)) == []
    assert advance(s, 0, (2,)) == [7]


def test_ignored_movement_leaves_the_fighter_in_place_in_play():
    """Palm Strike's Start of Beat advance 1 from 6 with the opponent on 7 is ignored (R17.9)."""
    duel = new_duel("hikaru", "cadenza")
    stage(duel, spaces=(6, 7))
    pairs(duel, ("geomantic", "palm-strike"), ("battery", "strike"))
    pass_ante(duel)
    settle(duel)
    while duel.prompt and duel.prompt["kind"] != "attack_pair":
        # Geomantic's token spend: none; Iron Body (if asked): keep.
        opts = duel.prompt["options"]
        duel.decide(next((o for o in opts if o.get("option") == "none" or o.get("accept") is False),
                         opts[0]))
        settle(duel)
    ignored = facts_of(duel.facts, F.MovementIgnored)
    assert [(f.player, f.kind) for f in ignored] == [(0, "advance")]
    assert not [f for f in facts_of(duel.facts, F.Moved) if f.player == 0]


def test_up_to_allows_zero_and_listed_amounts_do_not():
    """"Up to 2" offers 0, 1, 2; "1, 2 or 3" offers only those; movement is never negative
    (R17.6, R17.7, R17.8)."""
    s = board(2, 6)
    assert advance(s, 0, (0, 1, 2)) == [2, 3, 4]
    assert advance(s, 0, (1, 2, 3)) == [3, 4, 5]
    assert advance(s, 0, (-1,)) == []
    zero = destinations(s, 0, (toward(s, 0),), (0,))[0]
    assert (zero.end, zero.spaces, zero.passed) == (2, 0, False)


def test_a_chosen_amount_cannot_be_revised():
    """Once a movement is chosen and made, it is final (R17.10)."""
    duel = new_duel("khadath", "cadenza", d0=(("evacuation", "snare"), ("teleport", "grasp")))
    stage(duel, spaces=(3, 6))
    pairs(duel, ("hunters", "drive"), ("mechanical", "strike"))
    pass_ante(duel)
    answer(duel, 0, "move", to=4)
    with pytest.raises(IllegalDecisionError):
        duel.decide({"player": 0, "kind": "move", "to": 5})
    assert spaces(duel)[0] == 4


def test_illegal_destination_is_refused_and_changes_nothing():
    """A destination that is not an option raises IllegalDecisionError with a rule (R17)."""
    duel = new_duel("khadath", "cadenza", d0=(("evacuation", "snare"), ("teleport", "grasp")))
    stage(duel, spaces=(3, 6))
    pairs(duel, ("hunters", "drive"), ("mechanical", "strike"))
    pass_ante(duel)
    before = duel.to_json()
    with pytest.raises(IllegalDecisionError) as err:
        duel.decide({"player": 0, "kind": "move", "to": 7})
    assert err.value.rule and err.value.reason
    assert duel.to_json() == before


def test_move_directly_goes_to_any_unoccupied_space_but_not_its_own():
    """Move directly: any unoccupied space; staying put is not allowed (R17.12)."""
    s = board(4, 6)
    assert direct_destinations(s, 0) == [1, 2, 3, 5, 7]


def test_pull_can_carry_the_opponent_past_you():
    """Pull fixes only the first direction: an adjacent opponent is pulled across (R17.3)."""
    s = board(3, 4)
    # Player 0 pulls player 1 (mover 1) 0-2 spaces toward player 0.
    found = destinations(s, 1, (toward(s, 1),), (0, 1, 2))
    assert [(e.end, e.passed) for e in found] == [(1, True), (2, True), (4, False)]


def test_not_past_restriction_stops_short_of_the_protected_fighter():
    """A "not past Khadath" pull keeps the opponent on the near side (Lure; R17.14)."""
    s = board(1, 5, fighters=("hikaru", "khadath"))
    found = ends(s, 0, (toward(s, 0),), tuple(range(7)), not_past=1)
    assert found == [1, 2, 3, 4]


def test_gate_trap_stops_an_opponent_on_entering_it():
    """An opponent's movement ends on entering the Gate Trap's space (Khadath's UA)."""
    s = board(2, 6, fighters=("hikaru", "khadath"), trap=3)
    assert advance(s, 0, (1, 2, 3)) == [3]
    # Leaving the trap later is free.
    s = board(3, 6, fighters=("hikaru", "khadath"), trap=3)
    assert advance(s, 0, (1, 2)) == [4, 5]


def test_gate_trap_is_ignored_where_the_effect_says_so():
    """Lure's pull may drag the opponent across the trap (khadath.yaml Lure)."""
    s = board(1, 6, fighters=("hikaru", "khadath"), trap=3)
    assert advance(s, 0, (1, 2, 3), ignores_stops=True) == [2, 3, 4]


def test_gate_trap_never_stops_khadath():
    """Khadath is never affected by his own trap, even crossing it (R19.6)."""
    s = board(6, 2, fighters=("hikaru", "khadath"), trap=3)
    # Player 1 is Khadath on 2; advancing toward Hikaru on 6 crosses the trap on 3.
    assert advance(s, 1, (1, 2)) == [3, 4]


def test_gate_trap_does_not_stop_direct_movement():
    """Direct movement does not enter the spaces between, so the trap cannot stop it (R17.12)."""
    s = board(2, 6, fighters=("hikaru", "khadath"), trap=3)
    assert direct_destinations(s, 0) == [1, 3, 4, 5, 7]


def test_gate_trap_stop_in_play():
    """Drive's advance 1 or 2 from 2 ends on the trap on 3; it is the only option (R17.9)."""
    duel = new_duel("hikaru", "khadath", d0=(("trance", "dash"), ("advancing", "grasp")))
    stage(duel, spaces=(2, 6), trap=3)
    pairs(duel, ("focused", "drive"), ("hunters", "strike"))
    pass_ante(duel)
    settle(duel)
    moved = [f for f in facts_of(duel.facts, F.Moved) if f.player == 0][0]
    assert (moved.start, moved.end, moved.stopped_by, moved.forced) == (2, 3, "gate-trap", True)
    assert spaces(duel) == (3, 6)


def test_gate_trap_stop_counts_the_spaces_actually_moved():
    """The Moved fact for a trap-stopped move counts the spaces entered (R17.4, R17.7)."""
    duel = new_duel("hikaru", "khadath", d0=(("trance", "dash"), ("advancing", "grasp")))
    stage(duel, spaces=(2, 6), trap=3)
    pairs(duel, ("focused", "drive"), ("hunters", "strike"))
    pass_ante(duel)
    settle(duel)
    moved = [f for f in facts_of(duel.facts, F.Moved) if f.player == 0][0]
    assert moved.spaces == 1
    assert "0 spaces" not in moved.text
