"""Spending tokens and counters: the one choke point (issue 26, rules stamp ``SPENDING``).

A token or counter given up to pay for an effect is *spent*: "spend", and "discard" of
one's own token or counter for a gain (the 2014 FAQ calls discarding an Iron Body token
spending it). A token an effect of the opponent takes, one that returns or cycles by a
rule, and an ante are not spends.

A card whose effect spends declares it once, by card id (``declare``), and its effect asks
here before it offers or makes the spend:

- ``may_spend(s, p, spend)``: the one test a prompt uses to decide whether to OFFER the
  spend (no option, no ``may`` question when it is false);
- ``paid(spend)``: wraps an effect that is wholly a spend and its gain (Deathblow,
  Eternal, Gunner...): while spending is forbidden the effect asks nothing, spends nothing
  and does nothing, and a fact says why, citing the forbidding card (``refused``).

A spend is forbidden while a ``FORBIDS_SPENDING`` hook is in force for the spender
(Naturalizing). The spends that checked it before the rules stamp (Geomantic, Wrath of
Elements, Dark Force, the Mirror, Iron Body: ``checked_before``) check it in every duel,
as they did; every other spend checks it only in a duel judged with the fix
(``rulestamp.fixed(s, SPENDING)``), so a stored duel keeps its meaning.

``SPENDS`` (card id -> ``Spend``) is what the roster sweep (tests/judge/test_spending.py)
checks every card text that spends against.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from judge.battlecon import facts as F
from judge.battlecon.context import Ctx, Need
from judge.battlecon.decisions import Decision
from judge.battlecon.hooks import FORBIDS_SPENDING, query
from judge.battlecon.rulestamp import SPENDING, fixed
from judge.battlecon.state import DuelState


@dataclass(frozen=True)
class Spend:
    """What a card's effect spends: ``card`` (its id), ``what`` ("Crescendo token", in
    the game's words), ``checked_before``: it obeyed a forbidding hook before the stamp."""

    card: str
    what: str
    checked_before: bool = False


SPENDS: Final[dict[str, Spend]] = {}


def declare(card: str, what: str, checked_before: bool = False) -> Spend:
    """Declare that ``card``'s effect spends ``what``; the Spend its effect asks with."""
    spend = SPENDS[card] = Spend(card, what, checked_before)
    return spend


def forbidder(s: DuelState, spender: int) -> tuple[str, str]:
    """The first forbidding hook in force for ``spender``: (its card's id, why), or
    ("", "") when none forbids. Asked of every duel, whatever its stamp."""
    for owner, card, fn in query(s, FORBIDS_SPENDING):
        reason = fn(s, owner, spender)
        if reason:
            return card.id, str(reason)
    return "", ""


def forbidden(s: DuelState, spender: int) -> str:
    """Why ``spender`` may spend no token or counter now ("": they may), for the spends
    that checked it before the stamp (``checked_before``)."""
    return forbidder(s, spender)[1]


def why_not(s: DuelState, spender: int, spend: Spend) -> str:
    """Why ``spender`` may not make ``spend`` now ("": they may)."""
    if not (spend.checked_before or fixed(s, SPENDING)):
        return ""  # a duel judged before the fix: this spend was never forbidden
    return forbidden(s, spender)


def may_spend(s: DuelState, spender: int, spend: Spend) -> bool:
    """Whether ``spender`` may make ``spend`` now: whether a prompt offers it."""
    return not why_not(s, spender, spend)


def refused(s: DuelState, spender: int, spend: Spend, who: str) -> F.Fact:
    """The fact that ``spender`` (named ``who``) does not spend: it cites the forbidding
    card (``<card>: passive``) and its words."""
    card, reason = forbidder(s, spender)
    return F.Declined(rule=f"{card}: passive", text=f"{reason}: {who} spends no {spend.what}, "
                      "and what the spend would pay for does not happen.", player=spender)


Resolve = Callable[[Ctx, Decision | None], list[F.Fact] | Need]


def paid(spend: Spend, resolve: Resolve) -> Resolve:
    """An effect that is wholly ``spend`` and what it pays for, asked here first: while
    spending is forbidden its owner is asked nothing and it does nothing (``refused``)."""

    def resolve_paid(ctx: Ctx, decision: Decision | None) -> list[F.Fact] | Need:
        if why_not(ctx.s, ctx.owner, spend):
            return [refused(ctx.s, ctx.owner, spend, ctx.name(ctx.owner))]
        return resolve(ctx, decision)

    resolve_paid.__doc__ = resolve.__doc__
    return resolve_paid
