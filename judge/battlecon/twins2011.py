"""An effect a card has under ``battlecon-2011`` in place of one of 2014's (C13, C25): the
2014 Effect, word for word, gated to the other profiles, and its 2011 twin gated to the
profile. A card lists the twin after its other effects, so no stored effect key moves.

A twin is not card data: the catalogue leaves it out (``hidden``), so the card-data
version a duel is stamped with (``cardset``) stays what it was, and 2014's cards read as
before. 001 prints no card texts; each twin follows a passage of 001 that determines it
(``cards2011.DERIVED`` lists it, with the passage).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Final

from judge.battlecon.cards import Effect
from judge.battlecon.profile import BC2011

# The twins, by card id, as the catalogue writes them ("timing: text"): left out of it.
TWINS: Final[dict[str, set[tuple[str, str]]]] = {}


def _not_2011(gate: Any) -> Any:
    def gated(s: Any, p: int) -> bool:
        return s.profile != BC2011 and (gate is None or gate(s, p))
    return gated


def _only_2011(gate: Any) -> Any:
    def gated(s: Any, p: int) -> bool:
        return s.profile == BC2011 and (gate is None or gate(s, p))
    return gated


def under_2011(card_id: str, effect_2014: Effect, twin: Effect) -> tuple[Effect, Effect]:
    """``effect_2014`` for every profile but 2011's, and ``twin`` (its gate kept) for it."""
    assert (twin.timing, twin.text) != (effect_2014.timing, effect_2014.text), \
        "a twin reads otherwise than the effect it stands for"
    TWINS.setdefault(card_id, set()).add((twin.timing, twin.text))
    return (replace(effect_2014, condition=_not_2011(effect_2014.condition)),
            replace(twin, condition=_only_2011(twin.condition)))


def hidden(card_id: str, effect: Effect) -> bool:
    """Whether ``effect`` of card ``card_id`` is a 2011 twin (not card data)."""
    return (effect.timing, effect.text) in TWINS.get(card_id, ())
