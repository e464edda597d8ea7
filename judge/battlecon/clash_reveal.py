"""A Base played in a Clash triggers no Reveal effect (R6.7a; 002 504.6e), one choke point.

The new Base is shown and laid over the old one, and its stats and its other effects form
the new attack, but "Reveal effects on the new base do not trigger". Every Reveal effect
of a card asks ``revealed_in_clash`` here, so the rule holds for every card:

- a Reveal-timed ``Effect`` is queued by the Reveal window (``rules.effects_for``), which
  leaves out the Clash Base's;
- a Reveal effect a card applies through a hook (Staff "becomes a copy" of the opponent's
  unique Base, a ``COPIES`` hook) is declared with ``reveal_effect(card_id)``, and its
  hook asks the predicate that returns.

Under the stamp ``rulestamp.CLASH_REVEAL`` only: duels judged before it keep applying a
Clash Base's hook-applied Reveal effects (Staff's copy), as they were judged.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from judge.battlecon.rulestamp import CLASH_REVEAL, fixed
from judge.battlecon.state import DuelState

# The cards whose Reveal effect is applied by a hook, not a Reveal-timed Effect: each
# declared by its fighter's module with ``reveal_effect`` (the sweep in
# tests/judge/test_blanket_reveal.py checks every Base with a Reveal text is covered).
HOOK_REVEALS: Final[set[str]] = set()


def clash_base(s: DuelState, p: int) -> str | None:
    """Player p's Base played in a Clash this beat (the one laid over the Bases it covers),
    or None when no Clash covered a Base of theirs."""
    pair = s.players[p].pair
    if pair is None or not pair.under or pair.finisher:
        return None
    return pair.base


def revealed_in_clash(s: DuelState, p: int, card_id: str) -> bool:
    """Whether ``card_id`` is player p's Base played in a Clash, in a duel judged with
    ``CLASH_REVEAL``: none of its Reveal effects trigger (R6.7a); its stats and its other
    effects apply as usual."""
    return fixed(s, CLASH_REVEAL) and card_id == clash_base(s, p)


def reveal_effect(card_id: str) -> Callable[[DuelState, int], bool]:
    """Declare that ``card_id`` applies a Reveal effect through a hook; the returned
    predicate ``(s, p)`` says whether that effect may apply for player p now (not when the
    card is a Base played in a Clash). The hook still checks what the effect itself needs
    (Staff: the Mirror anted)."""
    HOOK_REVEALS.add(card_id)

    def applies(s: DuelState, p: int) -> bool:
        return not revealed_in_clash(s, p, card_id)

    applies.__name__ = f"reveal_applies_{card_id.replace('-', '_')}"
    return applies
