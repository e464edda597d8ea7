"""C13 under ``battlecon-2011``: a priority tie made during Reveal (001 Character-Specific
Questions, Hikaru): "What happens if I use Hikaru's Geomantic style with my Wind token to
create a priority tie during Reveal? In this case, the player who originally had the
highest priority continues to have priority. If the priority boost causes priority to
switch hands (ie: Hikaru's priority becomes higher), then this changes the order of
execution and the Active Player."

So the leader before the Reveal effects is noted when they are queued (``note_leader``,
called by ``rules.push_reveal``: after the Special Actions, before any Reveal effect), and
when the priorities tie once they have resolved, that player stays ahead without a Clash
(``leader_kept``). A lead that changes hands changes the Active Player, as under 2014. Under
2014 (R6.4, R6.6) priority is compared only after the Reveal effects, and any tie there is
a Clash. A tie that was there before the Reveal effects is a Clash under both; a Clash's
new Bases are compared as they fall (the note is for the first comparison only).
"""

from __future__ import annotations

from typing import Final

from judge.battlecon import facts as F
from judge.battlecon import profile
from judge.battlecon.names import name
from judge.battlecon.state import DuelState
from judge.battlecon.stats import attack

RULE: Final = profile.cite("Character-Specific Questions, Hikaru")
LED: Final = "led-before-reveal"  # ThisBeat.marks: this player's priority led before Reveal


def applies(s: DuelState) -> bool:
    return profile.differs(s.profile, profile.C13_REVEAL_TIE)


def note_leader(s: DuelState) -> None:
    """Under 001, mark the player whose priority leads as the Reveal effects are queued
    (none when tied); called while a fact applies, so a replay marks it again."""
    if not applies(s):
        return
    for p in s.players:
        p.this_beat.marks.pop(LED, None)
    pri = [attack(s, 0).priority, attack(s, 1).priority]
    if pri[0] != pri[1]:
        s.players[0 if pri[0] > pri[1] else 1].this_beat.marks[LED] = 1


def leader_kept(s: DuelState, said: str, pri: list[int]) -> list[F.Fact]:
    """Under 001, the tied priorities ``pri`` left by the Reveal effects: the player who
    led before them stays ahead, Active without a Clash; nothing when none led (or after
    a Clash, which compares its new Bases as they are)."""
    if not applies(s) or any(p.pair is not None and p.pair.under for p in s.players):
        return []
    led = [p for p in (0, 1) if s.players[p].this_beat.marks.get(LED)]
    if not led:
        return []
    p = led[0]
    return [F.BecameActive(rule=RULE, text=f"{said}: a tie made during Reveal; {name(s, p)} "
                           "had the higher priority before it and keeps it, without a Clash "
                           f"(001). {name(s, p)} is the Active Player.", player=p,
                           priorities=pri)]
