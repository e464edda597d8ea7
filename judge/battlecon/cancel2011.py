"""C07 under ``battlecon-2011``: 001's older Cancel (001 Special Actions, Cancel):

"Cancel allows you to choose your attack after looking at what your opponent has played.
... Return the base played with cancel to your hand, remove cancel from the game, then
select a new attack pair and play it. Any tokens you spent during the ante phase apply to
your new attack. The pair played with cancel will trigger a clash if it ties your
opponent's pair. If both players cancel simultaneously, they must both choose new attacks
secretly." And for every Special Action: "After a Special action is used, it is removed
from the game until the end of the duel."

So only the Cancel player picks again, having seen the opponent's revealed pair, which the
opponent keeps (with its Reveal effects still to come, a Finisher too); no second ante; the
new pair is revealed and compared with the kept one, a tie a Clash. Two Cancels (or two
Finishers that tie, "they both downgrade into cancels"): both Special Actions leave the
game and both players pick again, secretly. 2014 (R24.2-R24.4, R26.5, R26.6, R26.9)
discards the opponent's revealed pair (a Finisher too), has both players pick again, and
puts two Cancels' (or two tied Finishers') Special Actions onto discard 1.

The decisions and facts keep 2014's kinds (``CardsMoved``, ``NewPairsCalledFor``, an
``attack_pair`` prompt): the prompt asks only the Cancel player.
"""

from __future__ import annotations

from typing import Final

from judge.battlecon import facts as F
from judge.battlecon import profile
from judge.battlecon.kits import card
from judge.battlecon.names import name
from judge.battlecon.state import SPECIAL_ACTION, DuelState, known

RULE: Final = profile.cite("Special Actions")


def applies(s: DuelState) -> bool:
    """Whether the duel's Cancel is 001's."""
    return profile.differs(s.profile, profile.C07_CANCEL)


def cancels(s: DuelState, players: list[int],
            both: str = "Both players Cancel") -> list[F.Fact]:
    """The Cancel (or two) under 001: each Cancel's Special Action out of the game and its
    Base back to hand; a lone Cancel's opponent keeps the revealed pair."""
    out: list[F.Fact] = []
    for p in players:
        base = known(known(s.players[p].pair, "the revealed pair").base, "a Cancel's Base")
        out += [_moved(s, p, SPECIAL_ACTION, "removed", "out of the game"),
                _moved(s, p, base, "hand", "back to hand")]
    if len(players) == 2:
        return out + [F.NewPairsCalledFor(rule=RULE, text=f"{both}: both choose new attack "
                                          "pairs secretly; antes already made still apply "
                                          "(001).")]
    p = players[0]
    o = 1 - p
    return out + [F.NewPairsCalledFor(
        rule=RULE, text=f"Cancel (001): {name(s, p)} chooses a new attack pair, having seen "
        f"{name(s, o)}'s {_shown(s, o)}, which {name(s, o)} keeps; antes already made still "
        "apply, and a tie with the new pair is a Clash.")]


def finisher_tie(s: DuelState) -> list[F.Fact]:
    """Two Finishers tie under 001: "If two finishes clash, then they both downgrade into
    cancels": two Cancels, whose Special Actions leave the game (2014, R26.9: onto discard
    1)."""
    return cancels(s, [0, 1], both="The Finishers tie and both downgrade into Cancels")


def _moved(s: DuelState, p: int, c: str, zone: str, where: str) -> F.Fact:
    return F.CardsMoved(rule=RULE, text=f"{name(s, p)}'s {card(c).name} goes {where}.",
                        player=p, cards=[c], to=zone)


def _shown(s: DuelState, p: int) -> str:
    """The revealed pair kept, in words: "Special Action Strike (Finisher)", "Flare Dash"."""
    pair = known(s.players[p].pair, "the revealed pair")
    style = "Special Action" if pair.style == SPECIAL_ACTION else card(
        known(pair.style, "a revealed Style")).name
    shown = f"{style} {card(known(pair.base, 'a revealed Base')).name}"
    return f"{shown} (a Finisher)" if pair.finisher else shown


def kept_pair(s: DuelState, p: int) -> bool:
    """Whether player ``p`` waits with a kept revealed pair while the other re-picks."""
    pair = s.players[p].pair
    return s.cancel_reselect and applies(s) and pair is not None and pair.revealed


def asked(s: DuelState) -> tuple[str, str]:
    """The ``attack_pair`` prompt's words and rule: 001's when a player re-picks after a
    Cancel (having seen the other's kept pair, or both secretly), else 2014's (R4.1)."""
    if not (s.cancel_reselect and applies(s)):
        return "Choose an attack pair, face down.", "R4.1"
    kept = [p for p in (0, 1) if kept_pair(s, p)]
    if kept:
        o = kept[0]
        return (f"Cancel (001): choose a new attack pair, having seen {name(s, o)}'s "
                f"{_shown(s, o)}.", RULE)
    return "Both Cancelled (001): choose a new attack pair, face down.", RULE


def revealed_again(s: DuelState) -> F.Fact:
    """The Reveal after the new pair (or pairs) of a Cancel."""
    kept = [p for p in (0, 1) if kept_pair(s, p)]
    if kept:
        return F.StepBegan(rule=RULE, text=f"{name(s, 1 - kept[0])}'s new pair is revealed "
                           f"beside {name(s, kept[0])}'s kept one.", step="reveal")
    return F.StepBegan(rule=RULE if applies(s) else "R24.4", text="The new pairs are "
                       "revealed.", step="reveal")
