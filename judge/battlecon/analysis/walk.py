"""Stepping through one beat on copies of a state: the analysis never changes the position
it is given, and judges every decision with the engine itself (so it is as exact as the
rules)."""

from __future__ import annotations

from judge.battlecon import engine
from judge.battlecon.context import Need
from judge.battlecon.decisions import Decision, Order
from judge.battlecon.state import DuelState

WON = 100  # a won duel, for the winner; a drawn one is 0 (the evaluation, docs/analysis.md)
PRE_REVEAL = ("select", "ante")  # the steps whose choices are made face down

Step = tuple[DuelState, Need | None, list[Decision]]  # what ``advance`` gives


def advance(s: DuelState, decision: Decision, in_place: bool = False) -> Step:
    """A copy of ``s`` after ``decision`` (one of its prompt's options), its prompt, and
    the decisions made: ``decision``, then the printed order of every window of effects
    the engine paused at (the ``hinted`` reading of R18.5: its prompt is the next real
    decision, computed on a copy, so the state is settled before it is judged).
    ``in_place``: ``s`` itself, when its owner needs it no more (no copy made)."""
    t = s if in_place else s.clone()
    made: list[Decision] = [decision]
    need = _run(t, decision)
    while need is not None and "order" in need.extra:
        order = need.extra["order"]
        made.append(Order(order["player"], tuple(order["effects"])))
        need = _run(t, made[-1])
    return t, need, made


def _run(t: DuelState, decision: Decision) -> Need | None:
    stopped: list[Need] = []
    engine.run(t, decision, stopped=stopped, at_rest=True)
    if stopped:
        return stopped[0]
    return None if t.over else engine.current_need(t)


def beat_done(s: DuelState, seq: int) -> bool:
    """Whether the beat that began as beat ``seq`` is over (or the duel is)."""
    return s.over or s.seq != seq


def evaluate(s: DuelState) -> float:
    """Player 0's score one beat deep: the life difference, a won duel +-100, a draw 0."""
    if s.over:
        if s.draw or s.winner is None:
            return 0.0
        return float(WON if s.winner == 0 else -WON)
    return float(s.players[0].life - s.players[1].life)


def is_simultaneous(need: Need) -> bool:
    """A prompt both players answer face down (a Clash's new Bases, a reselection)."""
    return len(need.players) == 2


def own_options(need: Need, p: int) -> list[Decision]:
    """The options of ``need`` that player ``p`` decides."""
    return [o for o in need.options if o.player == p]
