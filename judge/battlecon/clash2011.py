"""C05 under ``battlecon-2011``: a player out of Bases during a Clash picks up the Bases the
Clash covered and the Clash goes on (001 Step 3 Reveal Attack Pairs: "If players run out of
cards during a clash, then they pick up all bases in the attack (including the original
base) and continue the clash"); 2014 skips to Recycle instead (R6.8)."""

from __future__ import annotations

from dataclasses import dataclass

from judge.battlecon import facts as F
from judge.battlecon import profile
from judge.battlecon.kits import card
from judge.battlecon.names import name
from judge.battlecon.state import DuelState


@dataclass(frozen=True)
class ClashBasesPickedUp(F.Fact):
    """The Bases a Clash covered go back to the player's hand (001; C05)."""

    player: int
    bases: list

    def apply(self, s: DuelState) -> None:
        p = s.players[self.player]
        assert p.pair is not None, "a player who Clashes has a pair"
        for b in self.bases:
            p.pair.under.remove(b)
        p.hand = sorted(p.hand + list(self.bases))


def picked_up(s: DuelState, p: int) -> list[F.Fact]:
    """Under 001, the covered Bases back to hand for player ``p``, out of Bases in a Clash;
    nothing under 2014 or when nothing lies covered (then the Clash cannot go on)."""
    pair = s.players[p].pair
    if not profile.differs(s.profile, profile.C05_CLASH) or pair is None or not pair.under:
        return []
    bases = list(pair.under)
    names = ", ".join(card(b).name for b in bases)
    return [ClashBasesPickedUp(rule=profile.cite("Step 3 Reveal Attack Pairs"),
                               text=f"{name(s, p)} has no Base left to Clash with and picks "
                               f"up the Bases of the attack ({names}); the Clash goes on.",
                               player=p, bases=bases)]
