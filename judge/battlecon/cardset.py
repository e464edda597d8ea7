"""The card-data version a duel is stamped with: which printing of the cards judged it.

A duel is stamped at creation (``setup["cards"]``) with a digest of the data of the cards
it can use: the generic Bases, the Special Action and its two fighters' kits (stats, effect
texts, tokens, default discards). It is judged under that version for as long as it is
played; when the cards change (an errata), a new decision on it is refused with a clear
message, and re-judging it under today's cards is an explicit act (a fork "with today's
cards"). A setup stored by release 1 carries no stamp and is judged under today's cards,
as release 1 did.
"""

from __future__ import annotations

import functools
import hashlib
import json
from typing import Any

from judge.battlecon.catalogue import card_json, fighter_json
from judge.battlecon.generic import GENERIC_BASES, SPECIAL_ACTION_CARD
from judge.battlecon.kits import on_errata
from judge.battlecon.roster import card, fighter


def card_data(fid: str) -> dict[str, Any]:
    """A fighter's catalogue entry less what is not card data (the viewer's ``buttons``),
    so that a stored duel's version stamp does not move when the catalogue grows."""
    return {k: v for k, v in fighter_json(fid).items() if k not in NOT_CARD_DATA}


NOT_CARD_DATA = frozenset({"buttons"})


@functools.cache
def version(fighters: tuple[str, ...]) -> str:
    """``cards-`` and 16 hex digits of the digest of these fighters' card data."""
    data: dict[str, Any] = {
        "generic": [card_json(card(c.id)) for c in GENERIC_BASES + (SPECIAL_ACTION_CARD,)],
        "fighters": {fid: {**card_data(fid), "token_bonus": {
            t: [stat, list(a) if isinstance(a, tuple) else a]
            for t, (stat, a) in sorted(fighter(fid).token_bonus.items())}}
            for fid in sorted(set(fighters))}}
    body = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return "cards-" + hashlib.sha256(body.encode("utf-8")).hexdigest()[:16]


on_errata(version.cache_clear)  # errata change the card data: versions are worked out anew


def todays(setup: dict[str, Any]) -> str:
    """Today's card-data version for the fighters of ``setup``."""
    return version(tuple(p["fighter"] for p in setup["players"]))


def stale(setup: dict[str, Any]) -> str | None:
    """Why new decisions may not be judged on this setup today, or None."""
    stamp = setup.get("cards")
    if stamp is None or stamp == todays(setup):
        return None
    return (f"This duel was recorded under card data {stamp}; today's cards are "
            f"{todays(setup)} (an errata changed them). It replays as stored; to go on, fork "
            "it with today's cards, which re-judges its decisions under them.")
