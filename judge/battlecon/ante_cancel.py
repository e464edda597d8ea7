"""Naturalizing's blanket: what a player anted this beat, and whether its effects still apply.

Naturalizing (Lixis) "cancels the effects of every counter, token and card the nearest
opponent anted". Anted tokens and cards have effects of many kinds: a stat bonus (a kit's
``token_bonus``, kept in ``ThisBeat.bonus_tokens``), Stun Immunity (Iron Body), Start of Beat
effects (Luc's Time batches), passives (Luc's +1 priority, Vanaah's Divine Rush), a forced
Clash (Cherri's Insight), the effects of an anted card (a Finisher, a Dark Pact: the
suppression ``lixis.anted_cancelled``). So the cancellation is recorded once, on the
player's ``ThisBeat`` (``cancel``, applied by ``LixisAntesCancelled``), and every effect
that an ante drives asks ``anted`` / ``ante_in_force`` here instead of reading
``ThisBeat.anted``: an ante cancelled is cancelled for every card by construction.

``ThisBeat.anted`` itself stays what was anted: the tokens stay spent, and the rules about
the ante (one batch a beat, what may still be anted) read it directly.

Under a duel stamped before rules-2 (``rulestamp.ANTE_CANCEL``) nothing is recorded, and
``anted`` is ``ThisBeat.anted`` as before.
"""

from __future__ import annotations

from typing import Final

from judge.battlecon import rulestamp
from judge.battlecon.state import DuelState

# ThisBeat.marks: Naturalizing cancelled what this player anted this beat.
CANCELLED: Final = "antes-cancelled"


def cancel(s: DuelState, p: int) -> None:
    """Record that the effects of what player p anted this beat are cancelled (rules-2);
    called by the fact that cancels them, so a replay records it again."""
    if rulestamp.fixed(s, rulestamp.ANTE_CANCEL):
        s.players[p].this_beat.marks[CANCELLED] = 1


def cancelled(s: DuelState, p: int) -> bool:
    """Whether the effects of what player p anted this beat are cancelled."""
    return bool(s.players[p].this_beat.marks.get(CANCELLED))


def anted(s: DuelState, p: int) -> list[str]:
    """The tokens player p anted this beat whose effects apply: none once cancelled."""
    return [] if cancelled(s, p) else list(s.players[p].this_beat.anted)


def ante_in_force(s: DuelState, p: int, what: str) -> bool:
    """Whether player p anted ``what`` this beat and its effects apply."""
    return what in anted(s, p)
