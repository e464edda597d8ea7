"""The roster of ``battlecon-2014``: the fighters of War of Indines and the cards they all
share, loaded.

Each fighter's module registers its kit at its end (``kits.register``), as a plug-in
module does; ``generic.py`` registers the six generic Bases and the Special Action card.
Importing this module imports them all, so the index of kits (``judge.battlecon.kits``)
holds the whole roster, with the operator's errata re-applied to every kit as it is
registered. The ruleset, ``Duel``, the playouts and the modules that read a duel as a
whole (position, record, narrative, catalogue) reach the fighters through here; the rules
below them look fighters up in the index (``kits``), which imports no fighter.

The lookups are re-exported, so ``from judge.battlecon.roster import fighter`` finds any
fighter of the roster, loaded.
"""

from __future__ import annotations

from types import ModuleType

from judge.battlecon import generic
from judge.battlecon.fighters import (
    cadenza,
    cherri,
    demitras,
    heketch,
    hepzibah,
    hikaru,
    kallistar,
    kehrolyn,
    khadath,
    lixis,
    luc,
    magdelina,
    rukyuk,
    sagas,
    sagas_tokens,
    seth,
    tatsumi,
    vanaah,
    zaamassal,
)
from judge.battlecon.kits import (
    Fighter,
    apply_errata,
    card,
    effect,
    errata,
    fighter,
    fighter_ids,
    has_fighter,
)

# The modules that make the roster, generic cards first (the kits' card ids must not
# take theirs). ``sagas_tokens`` is Sagas's Mirror as any token (a ruling's part of his kit).
MODULES: tuple[ModuleType, ...] = (generic, cadenza, cherri, demitras, heketch, hepzibah, hikaru, kallistar,
                  kehrolyn, khadath, lixis, luc, magdelina, rukyuk, sagas, sagas_tokens, seth,
                  tatsumi, vanaah, zaamassal)

__all__ = ["MODULES", "Fighter", "apply_errata", "card", "effect", "errata", "fighter",
           "fighter_ids", "has_fighter"]
