"""The rule hooks, each a typed object: its name, its signature and its documentation.

A leaf: it imports only the cards and the state, and, for six signatures alone (under
``TYPE_CHECKING``), the facts; it stands in the BattleCON import circle only through the
facts' late import of the rules (issue 30 item 2). Every rule module and every fighter may
import it. ``judge.battlecon.hooks`` asks the hooks over the cards in force (``query``,
``first_reason``) and re-exports these names, so earlier imports keep working.

Why a ``Hook`` is a ``str``: a card's hooks are a plain dict keyed by the hook's name (the
layers index them by name once, and a copy keeps or drops them by name), and the name is
what stored facts (``TriggerNegated.hook``), the negation's classification and every
earlier caller compare with; a ``Hook`` *is* that name, with two additions: its type
parameter, the signature of what a card declares for it (a function, an ``Offer``, a
flag), and its ``doc``. (Being a ``str`` subclass, it stays interpreted in the compiled
build: mypyc compiles no subclass of ``str``; the compiled rules only read its name.)

Why ``HOOK.on(fn)``: a card declares ``hooks=MOVED.on(fn) | DODGE.on(fn2)``; the method
takes exactly the hook's signature, so mypy checks each function against its hook and names
both when they differ. A dict literal ``{MOVED: fn}`` types as ``dict[str, Any]`` and checks
nothing (``tests/judge/test_hookspecs.py`` refuses one in a card); a generic function
``on(MOVED, fn)`` would be checked too, but mypy then says only that it "cannot infer" its
type parameter. ``query(s, MOVED)`` gives the functions back typed the same way, so a
caller gets the hook's result type, not ``Any``.

``python -m judge.battlecon.hookspecs --markdown`` prints the table of docs/fighters.md,
generated from the hooks below (a test fails when the file is out of date).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, Generic, TypeVar

from judge.battlecon.cards import Card
from judge.battlecon.decisions import Decision
from judge.battlecon.state import DuelState

if TYPE_CHECKING:  # for the signatures only
    from judge.battlecon.facts import DamageDealt, Fact, Moved, Recycled

T = TypeVar("T")


class Hook(str, Generic[T]):
    """A rule hook: the name a card declares it under, what it declares (``T``, checked by
    mypy through ``on``), and its documentation (``doc``: the signature first, then what it
    means)."""

    doc: str

    def __new__(cls, name: str, doc: str) -> Hook[T]:
        self = super().__new__(cls, name)
        self.doc = doc
        return self

    def __reduce__(self) -> tuple[Any, ...]:  # a copy or a pickle keeps the doc
        return (Hook, (str(self), self.doc))

    def on(self, declared: T) -> dict[str, Any]:
        """A card's declaration of this hook, checked by mypy against its signature; join
        several with ``|`` (``hooks=MOVED.on(fn) | DODGE.on(fn2)``)."""
        return {self.name: declared}

    @property
    def name(self) -> str:
        """The bare name, a plain ``str`` (as stored in a card's hooks)."""
        return str.__str__(self)


def declared(card: Card, hook: Hook[T]) -> T | None:
    """What ``card`` declares for ``hook`` (None: nothing), typed by the hook."""
    found: T | None = card.hooks.get(hook)
    return found


@dataclass(frozen=True)
class Offer:
    """A spend the defender is asked for before a stun check (``STUN_OFFER``).

    ``offered(s, owner, amount)`` says whether to ask (only when it would matter);
    ``resolve(s, owner, amount, decision)`` returns the Need, then the facts.
    """

    offered: Callable[[DuelState, int, int], bool]
    resolve: Callable[[DuelState, int, int, Decision | None], Any]


PRIORITY_TIE: Final[Hook[Callable[[DuelState, int], bool]]] = Hook("priority_tie", """\
``(s, owner) -> bool``: the owner wins a priority tie without a
Clash (R6.6). If both players claim it, the tie stands.""")
PRIORITY_TIE_LOST: Final[Hook[Callable[[DuelState, int], bool]]] = Hook("priority_tie_lost", """\
``(s, owner) -> bool``: the owner loses a priority tie without a
Clash; its opponent is Active (Overload). Counts as the opponent
winning the tie (``PRIORITY_TIE``).""")
FORCES_CLASH: Final[Hook[Callable[[DuelState, int], bool]]] = Hook("forces_clash", """\
``(s, owner) -> bool``: the beat's priorities count as tied.
Asked at every priority check, Clash rounds included: a hook that
forces only the first Clash says so itself (R6.11).""")
CLASHED: Final[Hook[Callable[[DuelState, int], list[Fact]]]] = Hook("clashed", """\
``(s, owner) -> list[Fact]``: what follows each Clash at once, the
first round and every extension (Cherri's opponent loses 1 life).""")
MOVEMENT_LOCK: Final[Hook[Callable[[DuelState, int, int], str]]] = Hook("movement_lock", """\
``(s, owner, mover) -> str``: why ``mover`` cannot move at all
(``""``: no lock); the movement is ignored (R17.9).""")
MOVEMENT_STOPS: Final[Hook[Callable[[DuelState, int, int], dict[int, str]]]] = Hook("movement_stops", """\
``(s, owner, mover) -> dict[int, str]``: spaces whose entry ends
``mover``'s movement, each with what stops it ("the Gate Trap");
a direct move ignores them (R17.12).""")
MAY_IGNORE_MOVEMENT: Final[Hook[Callable[[DuelState, int, int, int], str]]] = Hook("may_ignore_movement", """\
``(s, owner, mover, by) -> str``: what lets ``mover`` ignore a
movement effect of ``by``'s card (``""``: nothing): Exoskeletal
(an opponent's movement), Rooted, Sturdy (any), for every movement
effect (``moving.question``). The mover is asked first (a
``may``), unless it could already stay put by its own choice: about
walks and direct moves always, about a swap or a rearrangement under
the ruling ``placing: movement`` (P1, ``judge.battlecon.placing``).""")
CANNOT_HIT: Final[Hook[Callable[[DuelState, int, int], str]]] = Hook("cannot_hit", """\
``(s, owner, attacker) -> str``: why ``attacker``'s attack cannot hit
at all this beat (``""``: it may), checked before dodges (no Ammo).""")
MOVEMENT_LIMITS: Final[Hook[Callable[[DuelState, int, int], dict[str, str]]]] = Hook("movement_limits", """\
``(s, owner, mover) -> dict[str, str]``: what ``mover`` may not do,
each with why: ``"retreat"`` (no movement of its own away from the
opponent), ``"advance"`` (none toward the opponent: Staff) and ``"pass"`` (no movement past the opponent: it goes no
farther than the adjacent space, R17.14; direct moves too, R17.12b).""")
MOVEMENT_BLOCKS: Final[Hook[Callable[[DuelState, int, int], dict[int, str]]]] = Hook("movement_blocks", """\
``(s, owner, mover) -> dict[int, str]``: spaces ``mover``'s movement
may not enter or pass through, each with what blocks it (Lance);
the movement ends on the space before (R17.14, R17.16); a direct
move ignores them (R17.12b, G10).""")
MOVEMENT_WRAPS: Final[Hook[Callable[[DuelState, int, int, int], str]]] = Hook("movement_wraps", """\
``(s, owner, mover, by) -> str``: what makes the board's two edges
adjacent for a movement of ``mover`` caused by ``by``'s effect (``""``:
nothing): a walk off one edge goes on from the other (Shadow). A
movement never laps the board, and one that may not pass the
opponent does not cross an edge that would switch their sides.""")
MOVES_ALONG: Final[Hook[Callable[[DuelState, int, int], str]]] = Hook("moves_along", """\
``(s, owner, mover) -> str``: what makes the owner move along with
``mover``'s walk (``""``: nothing): Mimic's under the ruling
``mimic-movement: together``. Asked only where a walk opts in
(``destinations(along=True)``, ``judge.battlecon.along``): the
mover does not hop over the owner, who moves first when walked
toward and stops at the board's edge.""")
MOVED: Final[Hook[Callable[[DuelState, int, Moved], list[Fact]]]] = Hook("moved", """\
``(s, owner, moved) -> list[Fact]``: what follows a standup's
movement (``facts.Moved``), direct ones included (R17.12a).""")
DODGE: Final[Hook[Callable[[DuelState, int, int, int], str]]] = Hook("dodge", """\
``(s, owner, attacker, defender) -> str``: why the attack cannot
hit ``defender`` (``""``: it may), R13.8.""")
SPECIAL_RANGE: Final[Hook[Callable[[DuelState, int, int], set[int]]]] = Hook("x_range", """\
``(s, owner, attacker) -> set[int]``: spaces a range-X attack hits
(R13.6).""")
ALSO_IN_RANGE: Final[Hook[Callable[[DuelState, int, int], dict[int, str]]]] = Hook("also_in_range", """\
``(s, owner, attacker) -> dict[int, str]``: ranges at which the
attacker's numeric-range attack hits besides its own, each with
what says so (Paradigm of Distortion); never for N/A or X.""")
RANGE_ORIGIN: Final[Hook[Callable[[DuelState, int, int], int | str | None]]] = Hook("range_origin", """\
``(s, owner, attacker) -> int | str | None``: the space range is
measured from (an int), ``OFF_BOARD`` (the attack cannot hit), or
None (no say: the attacker's standup). Measured from another
figure, range 0 is that figure's space and may hit (R13.4 bars
only the attacker's own space).""")
EXTRA_CARDS: Final[Hook[Callable[[DuelState, int, int], list[str]]]] = Hook("extra_cards", """\
``(s, owner, p) -> list[str]``: cards in force for ``p`` besides
the attack pair (a form, an Overload Style). Layer 1.""")
COPIES: Final[Hook[Callable[[DuelState, int, int], list[str]]]] = Hook("copies", """\
``(s, owner, p) -> list[str]``: cards ``p`` copies from elsewhere,
stats and effects (a Mirror). Layer 2.""")
SUPPRESSES: Final[Hook[Callable[[DuelState, int, int, Card, str | None], bool]]] = Hook("suppresses", """\
``(s, owner, p, card, timing) -> bool``: ``card`` of ``p`` applies
nothing now (``timing`` None: its stats; else that window's
effects). Layer 3: every suppression is asked of layers 1-2 at
once, so one suppressing card may cancel another (Negation cancels
Naturalizing) while a card never suppresses itself.""")
MODIFIERS: Final[Hook[Callable[[DuelState, int, int], list[tuple[str, Any, str]]]]] = Hook("modifiers", """\
``(s, owner, p) -> list[tuple[str, Any, str]]``: (stat, amount,
label) added to ``p``'s attack (zone bonuses). Layer 4.""")
DAMAGE_TAKEN: Final[Hook[Callable[[DuelState, int, int], list[tuple[str, int]]]]] = Hook("damage_taken", """\
``(s, owner, defender) -> list[tuple[str, int]]``: extra damage the
defender takes, labelled (R15).""")
DAMAGE_DEALT: Final[Hook[Callable[[DuelState, int, DamageDealt], list[Fact]]]] = Hook("damage_dealt", """\
``(s, owner, dealt) -> list[Fact]``: what follows at once when an
attack's damage is dealt (``facts.DamageDealt``, soaked damage
included), before the stun check (a companion losing the life it
soaked; Cherri regaining Insight on taking 3 or more at once).""")
DAMAGE_CAP: Final[Hook[Callable[[DuelState, int, int], tuple[str, int] | None]]] = Hook("damage_cap", """\
``(s, owner, defender) -> tuple[str, int] | None``: the most damage
the defender takes from one hit, after Soak, and what says so
(Magdelina's Safety); the lowest cap in force applies.""")
IGNORES: Final[Hook[Callable[[DuelState, int, int], dict[str, str]]]] = Hook("ignores", """\
``(s, owner, attacker) -> dict[str, str]``: the defender's stats
(``soak``, ``stun_guard``) that ``attacker``'s hits ignore, each
with what ignores it (R15.5, R16.9; Stun Guard ignored even at ∞,
and no ``STUN_OFFER`` is asked then).""")
HIT_BY: Final[Hook[Callable[[DuelState, int, int], list[Fact]]]] = Hook("hit_by", """\
``(s, owner, attacker) -> list[Fact]``: what follows at once when
``attacker``'s attack hits, before its On Hit effects (Crescendo).""")
PREVENTS_STUN: Final[Hook[Callable[[DuelState, int, int, int], str]]] = Hook("prevents_stun", """\
``(s, owner, attacker, defender) -> str``: why this attack's
damage cannot stun the defender (Knives at range 1).""")
STUN_OFFER: Final[Hook[Offer]] = Hook("stun_offer", """\
an ``Offer``: a spend asked of the defender before the stun check
(Iron Body, R16.12).""")
ON_STUNNED: Final[Hook[Callable[[DuelState, int, int], list[Fact]]]] = Hook("on_stunned", """\
``(s, owner, stunned) -> list[Fact]``: what follows a new stun, by
the stun check or a card that stuns (a Paradigm lost).""")
FINISHER_REQUIRES: Final[Hook[Callable[[DuelState, int], bool]]] = Hook("requires", """\
``(s, owner) -> bool``: on a Finisher, whether it may be used now.""")
SELECTS_FIRST: Final[Hook[Callable[[DuelState, int], tuple[int, str] | None]]] = Hook("selects_first", """\
``(s, owner) -> tuple[int, str] | None``: a player who lays their
attack pair before the other may choose, the Style face up, and
the rule that says so (``"reading-fate: On Hit"``); None: no say.""")
RECYCLED: Final[Hook[Callable[[DuelState, int, int, Recycled], list[Fact]]]] = Hook("recycled", """\
``(s, owner, p, recycled) -> list[Fact]``: what follows player ``p``'s
``Recycled`` fact (a token that cycles with the discard piles).""")
SKIPS_RECYCLE: Final[Hook[Callable[[DuelState, int, int], str]]] = Hook("skips_recycle", """\
``(s, owner, p) -> str``: why player ``p`` does not recycle this
beat (``""``: it does), for a player whose attack pair an effect
took (Assimilate); a Pulse or a Finisher decides first (R11.3).""")
STAT_CAP: Final[Hook[Callable[[DuelState, int, int], str]]] = Hook("stat_cap", """\
``(s, owner, p) -> str``: why ``p``'s power, priority and range may
not rise above the printed Styles + Base (Naturalizing). Layer 5.""")
FORBIDS_SPENDING: Final[Hook[Callable[[DuelState, int, int], str]]] = Hook("forbids_spending", """\
``(s, owner, spender) -> str``: why ``spender`` may not spend
tokens or counters now (Naturalizing); a ``STUN_OFFER`` is not asked.
Asked only through ``judge.battlecon.spending``, the one choke point.""")
COPIED_AS: Final[Hook[Callable[[DuelState, int, int], dict[str, str]]]] = Hook("copied_as", """\
``(s, owner, p) -> dict[str, str]``: for a copy that keeps the copied
card's own id, and so its effect keys (which records name in ``order``
decisions), the name the narrative gives the copy, by the copied id
(Mutating's copy of Whip is "Mutating (as Whip)"). The copy's effects
are the later of two equal ones in a window (``COPIES`` come last).""")
NEGATES: Final[Hook[Callable[[DuelState, int, int, str], bool]]] = Hook("negates", """\
``(s, owner, p, timing) -> bool``: every triggered effect ``p``
would resolve in that window is negated; the declaring card's
``instead`` effect is queued once for each (Stasis Charge).""")

HOOKS: Final = (PRIORITY_TIE, PRIORITY_TIE_LOST, FORCES_CLASH, CLASHED, MOVEMENT_LOCK, MOVEMENT_STOPS,
         MOVEMENT_LIMITS, MOVEMENT_BLOCKS, MOVEMENT_WRAPS, MAY_IGNORE_MOVEMENT, MOVED, MOVES_ALONG,
         CANNOT_HIT, DODGE,
         SPECIAL_RANGE, ALSO_IN_RANGE, RANGE_ORIGIN, EXTRA_CARDS, COPIES, SUPPRESSES, MODIFIERS,
         DAMAGE_TAKEN, DAMAGE_CAP, DAMAGE_DEALT, IGNORES, HIT_BY, PREVENTS_STUN, STUN_OFFER,
         ON_STUNNED, FINISHER_REQUIRES, RECYCLED, SKIPS_RECYCLE, STAT_CAP, FORBIDS_SPENDING,
         NEGATES, SELECTS_FIRST, COPIED_AS)


def markdown() -> str:
    """The hook table of docs/fighters.md: each hook's constant, name and documentation, in
    the order of the hooks above."""
    rows = ["| hook | name | signature and meaning |", "|---|---|---|"]
    for constant, hook in globals().items():
        if isinstance(hook, Hook):
            text = " ".join(hook.doc.split()).replace("|", "\\|")
            rows.append(f"| `{constant}` | `{hook.name}` | {text} |")
    return "\n".join(rows) + "\n"


if __name__ == "__main__":
    if sys.argv[1:] != ["--markdown"]:
        sys.exit("usage: python -m judge.battlecon.hookspecs --markdown")
    sys.stdout.write(markdown())
