"""C06 and C06b under ``battlecon-2011``: 001's older Pulse (001 Special Actions, Pulse):
"the player using the pulse pushes his opponent any number of spaces backwards, then moves
himself any number of spaces backwards. If both players pulse simultaneously, they both
push each other back as far as possible." 2014 (R23.2) places both standups anywhere, and
two Pulses cancel out (R26.2). The decision keeps 2014's shape (``arrange``, the two
spaces), only the layouts 001 allows are offered."""

from __future__ import annotations

from judge.battlecon import facts as F
from judge.battlecon import profile
from judge.battlecon.actions import Need
from judge.battlecon.decisions import Arrange, Decision, expect
from judge.battlecon.names import name
from judge.battlecon.state import BOARD, DuelState

RULE = profile.cite("Special Actions")


def layouts(s: DuelState, pulser: int) -> list[list[int]]:
    """``[space of fighter 0, space of fighter 1]`` after the push and the retreat: the
    opponent no nearer on his side, the pulser no nearer on hers (no one passes)."""
    me, them = s.players[pulser].space, s.players[1 - pulser].space
    away = 1 if them > me else -1  # the opponent's backwards, from the pulser
    pushed = [x for x in BOARD if (x - them) * away >= 0]
    retreated = [x for x in BOARD if (me - x) * away >= 0]
    out = []
    for mine in retreated:
        for theirs in pushed:
            out.append([mine, theirs] if pulser == 0 else [theirs, mine])
    return sorted(out)


def pulse(s: DuelState, pulser: int, decision: Decision | None) -> list[F.Fact] | Need:
    """The Pulse player's push and retreat, asked as the two spaces they end on."""
    if decision is None:
        options: list[Decision] = [Arrange(pulser, tuple(spaces))
                                   for spaces in layouts(s, pulser)]
        return Need("arrange", (pulser,), options, about="Pulse: push the opponent back, "
                    "then move back (001)", rule=RULE)
    a, b = expect(decision, Arrange, "the arrangement").spaces
    them = 1 - pulser
    text = (f"Pulse (001): {name(s, pulser)} pushes {name(s, them)} back to space "
            f"{(a, b)[them]}, then moves back to space {(a, b)[pulser]}.")
    return [F.StandupsArranged(rule=RULE, text=text, player=pulser, spaces=[a, b])]


def both_pulse(s: DuelState) -> list[F.Fact]:
    """Two Pulses under 001: each pushes the other back as far as possible (to the edges)."""
    west = 0 if s.players[0].space < s.players[1].space else 1
    spaces = [BOARD[0], BOARD[-1]] if west == 0 else [BOARD[-1], BOARD[0]]
    return [F.StandupsArranged(rule=RULE, text="Both Pulse (001): each pushes the other back "
                               f"as far as possible, to spaces {spaces[0]} and {spaces[1]}.",
                               player=west, spaces=spaces)]
