"""Each player's pre-reveal choices: the attack pair with the decisions that player makes
face down before the reveal (the tokens anted, Seth's guess), as a plan.

The alternation of antes (R5.2) is not modelled: a plan is made without seeing the other
player's, and is played as "the next planned decision when it is legal, else pass".
"""

from __future__ import annotations

from collections.abc import Callable

from judge.battlecon import engine
from judge.battlecon.analysis.budget import Budget, check
from judge.battlecon.analysis.walk import PRE_REVEAL, Step, advance, beat_done, own_options
from judge.battlecon.context import Need
from judge.battlecon.decisions import Decision, Pass
from judge.battlecon.state import DuelState

Plan = tuple[Decision, ...]  # the decisions after the pair, passes left out


class Steps:
    """The pre-reveal steps of one analysis, shared between its cells: ``advance`` that
    keeps each state it reaches, so that the cells of one row lay its pair once, and cells
    with the same pairs play their common first antes once. (Keyed by the state given, by
    identity: each kept step holds that state, so its identity is not reused.)"""

    def __init__(self) -> None:
        self.known: dict[tuple[int, str], tuple[DuelState, Step]] = {}

    def advance(self, s: DuelState, decision: Decision) -> Step:
        key = (id(s), repr(decision))
        found = self.known.get(key)
        if found is None or found[0] is not s:
            found = self.known[key] = (s, advance(s, decision))
        return found[1]


def pre_reveal(s: DuelState, need: Need | None, seq: int) -> bool:
    """Whether ``s`` still waits on a face-down choice of the beat's start."""
    return need is not None and not beat_done(s, seq) and s.step in PRE_REVEAL \
        and not s.cancel_reselect  # a reselection after a Cancel is in the beat


def planned(need: Need, plan: Plan, done: int) -> tuple[Decision, int]:
    """What the decider answers ``need`` with, by its plan (``done`` steps of it used)."""
    if done < len(plan) and plan[done] in need.options:
        return plan[done], done + 1
    passing = next((o for o in need.options if isinstance(o, Pass)), None)
    return (passing if passing is not None else need.options[0]), done


def play_out(s: DuelState, need: Need | None, seq: int, plans: tuple[Plan, Plan],
             step: Callable[[DuelState, Decision], Step] = advance) -> Step:
    """Both plans played until the reveal: the state, its prompt and the decisions made
    (``step``: ``advance``, or a ``Steps``'s, which shares the steps)."""
    done = [0, 0]
    made: list[Decision] = []
    while need is not None and pre_reveal(s, need, seq):
        p = need.players[0]
        decision, done[p] = planned(need, plans[p], done[p])
        s, need, also = step(s, decision)
        made += also
    return s, need, made


def lay_pairs(s: DuelState, need: Need, pairs: tuple[Decision, Decision], seq: int,
              step: Callable[[DuelState, Decision], Step] = advance) -> Step:
    """Both attack pairs laid, in the prompt's order (a pair laid first, when a card says
    so, is laid first)."""
    made: list[Decision] = []
    current: Need | None = need
    for p in (need.players[0], 1 - need.players[0]):
        if current is None or beat_done(s, seq) or p not in current.players:
            break
        s, current, also = step(s, pairs[p])
        made += also
    return s, current, made


def pairs_of(s: DuelState, need: Need, p: int) -> list[Decision]:
    """Player ``p``'s attack pairs: the prompt's, or (a pair another lays first, face up)
    every pair in hand."""
    return own_options(need, p) or engine.pair_options(s, p)


def plans_of(s: DuelState, need: Need, p: int, seq: int,
             budget: Budget | None = None) -> list[tuple[Decision, Plan]]:
    """Every distinct (pair, plan) of player ``p``, the other player passing throughout.

    A plan is what the player antes, not in which order (docs/analysis.md, the model): of
    the orders that ante the same tokens, the first met in the prompts' order is kept, so
    Hepzibah's five Dark Pacts make 32 plans per pair, not 326."""
    other = pairs_of(s, need, 1 - p)
    found: list[tuple[Decision, Plan]] = []
    for pair in pairs_of(s, need, p):
        check(budget)
        pairs = (pair, other[0]) if p == 0 else (other[0], pair)
        t, nxt, _ = lay_pairs(s, need, pairs, seq)
        seen: set[tuple[str, ...]] = set()
        for plan in _explore(t, nxt, p, seq, (), set(), budget):
            key = as_set(plan)
            if key not in seen:
                seen.add(key)
                found.append((pair, plan))
    return found


def as_set(plan: Plan) -> tuple[str, ...]:
    """A plan's decisions in any order (how two orders of the same antes are told alike)."""
    return tuple(sorted(repr(d) for d in plan))


def _explore(s: DuelState, need: Need | None, p: int, seq: int, plan: Plan,
             met: set[tuple[str, ...]], budget: Budget | None = None) -> list[Plan]:
    """Every plan of ``p`` from here to the reveal (the other player always passing); a
    plan whose decisions another order has ``met`` already is not followed again."""
    if need is None or not pre_reveal(s, need, seq):
        return [plan]
    check(budget)  # Hepzibah's pairs have a thousand plans each
    if need.players[0] != p:
        decision, _ = planned(need, (), 0)
        t, nxt, _ = advance(s, decision)
        return _explore(t, nxt, p, seq, plan, met, budget)
    plans: list[Plan] = []
    for option in need.options:
        more = plan if isinstance(option, Pass) else (*plan, option)
        if more is not plan:
            key = as_set(more)
            if key in met:
                continue
            met.add(key)
        t, nxt, _ = advance(s, option)
        plans += _explore(t, nxt, p, seq, more, met, budget)
    return plans
