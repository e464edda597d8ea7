"""001's own words where the ``battlecon-2011`` profile applies a rule of 001 that reads
otherwise in 2014: one table (``WORDINGS``), read by the narrative (``narrative.lines``),
so a 2011 duel's narrative cites "001 › Common Effects › Stun Guard: “…”" instead of a bare
section heading. Data only; 2014 duels never read it.

Each passage is keyed to the digest's conflict and to the fact that applies it: the fact's
type, the rule it cites, and (where one fact type applies two passages) words of its text.
The setup's passages (``fact`` empty) are said once, before the first beat, by sentences of
their own (``says``). C03 (a wall) is listed for completeness, yet no fact says when a wall
cut a move short, so the narrative cannot cite it (``fact`` "-": never matched).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from judge.battlecon import profile


@dataclass(frozen=True)
class Wording:
    """001's passage for one conflict: its heading path and a brief quotation."""

    conflict: str
    heading: str  # 001's section heading, then its subheading ("Common Effects › Stun Guard")
    quote: str  # 001's words, brief, verbatim
    fact: str = ""  # the fact type that applies it ("": the setup, said before beat 1)
    rule: str = ""  # the rule that fact cites (default: 001's section of the heading)
    text: str = ""  # words of that fact's text that pick this passage ("": any)
    says: str = ""  # the setup's sentence (setup passages only)

    @property
    def cited(self) -> str:
        """The rule a matching fact cites."""
        return self.rule or profile.cite(self.heading.split(" › ")[0])

    def citation(self) -> str:
        """``001 › Setup: “Place both players …”``."""
        return f"{profile.SOURCE_2011} › {self.heading}: “{self.quote}”"


# Ordered: a passage picked by words of the text comes before its fact type's general one.
WORDINGS: Final[tuple[Wording, ...]] = (
    Wording(profile.C01_START, "Setup",
            "Place both players on spaces 2 and 6 respectively",
            says="The fighters start on spaces 2 and 6 (range 4)."),
    Wording(profile.C09_NO_TIME_LIMIT, "Gameplay Overview",
            "A duel consists of any number of turns, called beats.",
            says="No time limit: the duel ends only when a player's life reaches 0."),
    Wording(profile.C02_STUN_TOTAL, "Common Effects › Stun Guard",
            "he is not stunned unless the total damage taken this turn is greater than his "
            "stun guard rating", fact="StunChecked"),
    Wording(profile.C03_WALLS, "Movement",
            "If a player cannot complete a backwards move due to the presence of a wall, then "
            "he moves as far as possible and stops.", fact="-"),
    Wording(profile.C05_CLASH, "Step 3 Reveal Attack Pairs › Clash",
            "If players run out of cards during a clash, then they pick up all bases in the "
            "attack (including the original base) and continue the clash.",
            fact="ClashBasesPickedUp"),
    Wording("C06b", "Special Actions › Pulse",
            "If both players pulse simultaneously, they both push each other back as far as "
            "possible.", fact="Pulsed", text="Both players Pulse"),
    Wording("C06b", "Special Actions › Pulse",
            "If both players pulse simultaneously, they both push each other back as far as "
            "possible.", fact="StandupsArranged", text="Both Pulse"),
    Wording(profile.C06_PULSE, "Special Actions › Pulse",
            "the player using the pulse pushes his opponent any number of spaces backwards, "
            "then moves himself any number of spaces backwards.", fact="StandupsArranged"),
    Wording(profile.C07_CANCEL, "Special Actions › Cancel",
            "If both players cancel simultaneously, they must both choose new attacks "
            "secretly.", fact="NewPairsCalledFor", text="both choose new attack pairs"),
    Wording(profile.C07_CANCEL, "Special Actions › Cancel",
            "Cancel allows you to choose your attack after looking at what your opponent has "
            "played.", fact="NewPairsCalledFor"),
    Wording(profile.C13_REVEAL_TIE, "Character-Specific Questions › Hikaru",
            "the player who originally had the highest priority continues to have priority.",
            fact="BecameActive", rule=profile.cite("Character-Specific Questions, Hikaru")),
    Wording("C08", "Special Actions › Finish",
            "The overdrive finish attack varies for each character, and is listed on the "
            "Character card.", fact="SpecialActionDeclared", rule="R25",
            text="is a Finisher"),
)


# The options of a 2014 duel the profile has not, with why in 001's words: what the new-duel
# page says instead of offering them (the record refuses them: ``profile.check_setup``).
ABSENT_OPTIONS: Final[dict[str, Wording]] = {
    "ante_finishers": Wording(
        "C08", "Special Actions › Finish",
        "A character must have 7 or fewer life points to use an Overdrive Finish.", fact="-",
        says="No Ante Finishers: under 001 a fighter's one Overdrive Finish, on the character "
             "card, is played only with the Special Action."),
    "time_limit": Wording(
        profile.C09_NO_TIME_LIMIT, "Gameplay Overview",
        "A duel consists of any number of turns, called beats.", fact="-",
        says="No time limit: the duel ends only when a player's life reaches 0."),
}


def absent_options() -> dict[str, dict[str, str]]:
    """``ABSENT_OPTIONS`` as the catalogue serves them: {option: {why, rule}}."""
    return {option: {"why": w.says, "rule": w.citation()}
            for option, w in ABSENT_OPTIONS.items()}


def setup_wordings() -> list[Wording]:
    """The passages the setup applies, in the table's order (C01, C09)."""
    return [w for w in WORDINGS if not w.fact]


def wording_of(fact_type: str, rule: str, text: str) -> Wording | None:
    """001's passage a fact applies (its type's name, the rule it cites, its text), or None
    when it applies none of them."""
    for w in WORDINGS:
        if w.fact == fact_type and w.cited == rule and w.text in text:
            return w
    return None
