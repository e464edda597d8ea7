"""The BattleCON ruleset profiles: the 2014 rules (``battlecon-2014``) and the 2011 "Free
Preview Game" rules v1.3 (``battlecon-2011``, source ``001``).

A profile is data read at the choke points, never a copy of the engine: the setup names its
ruleset, the state carries it (``DuelState.profile``), and each difference from 2014 is a
switch here (``differs``) keyed to a conflict of the rules digest (C01, C09, ...). A leaf:
it imports nothing of the engine, so every floor may read it.

Conflicts where 001 reads differently yet nothing the four preview fighters do changes (no
switch): C12 (001 Step 3: a player orders his own Reveal effects: what R18.5 does already),
C21 (damage outside step 4: none of them deals any), C22 (001's broader life-loss floor:
Kallistar's Elemental Form is their only life loss), C23 (001's Step 4 says "zero or fewer",
its Ending the Duel "drops below zero": the profile follows the step, as 2014 does).

001 has no numbered rules; it is cited by its section heading (``cite``), e.g. ``001
Setup``, as rules/README.md asks ("cite them by file name").
"""

from __future__ import annotations

from typing import Any, Final

from judge.errors import RecordError

BC2014: Final = "battlecon-2014"
BC2011: Final = "battlecon-2011"
PROFILES: Final = (BC2014, BC2011)
SOURCE_2011: Final = "001"

# C25: the preview set's four fighters, the only ones 001 has cards for.
FIGHTERS_2011: Final = ("cadenza", "hikaru", "kallistar", "khadath")

# C08: 001 prints one "Overdrive Finish Attack" on each character card (001 Card
# Overview) and names none of them; the profile uses each fighter's face-a Finisher, the one
# the 2014 box prints first, as that fighter's only Finisher.
FINISHERS_2011: Final[dict[str, str]] = {"cadenza": "rocket-press",
                                         "hikaru": "wrath-of-elements",
                                         "kallistar": "supernova",
                                         "khadath": "dimensional-exile"}

# The differences, by the digest's conflict id, each with 001's section it follows.
C01_START: Final = "C01"  # start on spaces 2 and 6 (range 4)
C09_NO_TIME_LIMIT: Final = "C09"  # no beat counter: a duel ends only at 0 life
C02_STUN_TOTAL: Final = "C02"  # Stun Guard against the beat's total damage, not each hit
C03_WALLS: Final = "C03"  # a movement a wall cuts short goes as far as it can
C05_CLASH: Final = "C05"  # out of Bases in a Clash: pick the covered ones up, go on
C06_PULSE: Final = "C06"  # Pulse: push back, then retreat; two Pulses push to the edges
C07_CANCEL: Final = "C07"  # Cancel: only the Cancel player re-picks; the other keeps his pair
C13_REVEAL_TIE: Final = "C13"  # a tie made during Reveal: the earlier leader stays Active
SWITCHES_2011: Final[dict[str, str]] = {
    C01_START: "Setup",
    C06_PULSE: "Special Actions",
    C07_CANCEL: "Special Actions",
    C13_REVEAL_TIE: "Character-Specific Questions",
    C05_CLASH: "Step 3 Reveal Attack Pairs",
    C03_WALLS: "Movement",
    C02_STUN_TOTAL: "Common Effects",
    C09_NO_TIME_LIMIT: "Gameplay Overview",
}

START_SPACES: Final[dict[str, tuple[int, int]]] = {BC2014: (3, 5), BC2011: (2, 6)}
# The options a record of the profile leaves out mean (C09: no time limit).
DEFAULT_OPTIONS: Final[dict[str, dict[str, Any]]] = {
    BC2014: {},
    BC2011: {"time_limit": False, "ante_finishers": False,
             "rulings": {"lure-power": -1}},  # C25: 001's Lure Strike has power 3
}


def cite(section: str) -> str:
    """001's passage by its section heading: ``001 Setup``."""
    return f"{SOURCE_2011} {section}"


def known(name: Any) -> str:
    """``name`` when it is a BattleCON profile, else a RecordError naming the field."""
    if name not in PROFILES:
        raise RecordError(f"Unknown ruleset {name!r}; expected one of "
                          f"{', '.join(repr(p) for p in PROFILES)}.",
                          "record.ruleset", field="ruleset")
    return str(name)


def differs(profile: str, conflict: str) -> bool:
    """Whether ``profile`` judges ``conflict`` the other way than 2014 does."""
    return profile == BC2011 and conflict in SWITCHES_2011


def rule_of(profile: str, conflict: str, rule_2014: str) -> str:
    """The rule a fact cites: 001's section where the profile follows it, else 2014's."""
    return cite(SWITCHES_2011[conflict]) if differs(profile, conflict) else rule_2014


def with_finisher(profile: str, raw_player: Any) -> Any:
    """A record's player with the profile's one Finisher when it names none (C08)."""
    if profile != BC2011 or not isinstance(raw_player, dict) or "finisher" in raw_player:
        return raw_player
    fid = raw_player.get("fighter")
    return {**raw_player, "finisher": FINISHERS_2011[fid]} if fid in FINISHERS_2011 \
        else raw_player


def with_defaults(profile: str, raw_options: Any) -> Any:
    """A record's options with the profile's defaults for what it leaves out."""
    if not isinstance(raw_options, dict):
        return raw_options
    defaults = DEFAULT_OPTIONS[profile]
    merged = {**defaults, **raw_options}
    if isinstance(raw_options.get("rulings"), dict) and "rulings" in defaults:
        merged["rulings"] = {**defaults["rulings"], **raw_options["rulings"]}
    return merged


def check_setup(profile: str, options: dict[str, Any], players: list[dict[str, Any]]) -> None:
    """A RecordError for what the profile does not have: another fighter, another Finisher,
    Ante Finishers, a time limit."""
    if profile != BC2011:
        return
    for i, p in enumerate(players):
        fid = p["fighter"]
        if fid not in FIGHTERS_2011:
            raise RecordError(
                f"players[{i}]: {fid!r} is not a fighter of the {BC2011} profile (001 has "
                f"cards only for {', '.join(FIGHTERS_2011)}).", cite("Setup"), field="players")
        if p.get("finisher") != FINISHERS_2011[fid]:
            raise RecordError(
                f"players[{i}]: under the {BC2011} profile {fid} has one Overdrive Finish, "
                f"{FINISHERS_2011[fid]!r}, on the character card, not {p.get('finisher')!r}.",
                cite("Card Overview"), field="players")
    if options.get("ante_finishers"):
        raise RecordError(f"options.ante_finishers: the {BC2011} profile has no Ante Finishers"
                          " (001 has only the Overdrive Finish of its Special Actions).",
                          cite("Special Actions"), field="options")
    if options.get("time_limit"):
        raise RecordError(f"options.time_limit: the {BC2011} profile has no time limit (001: "
                          "a duel ends when a player's life drops below zero).",
                          cite("Gameplay Overview"), field="options")


def stun_compared(s: Any, d: int, amount: int) -> tuple[int, str]:
    """The damage a stun check compares with Stun Guard, and how to say it: the hit's
    (2014, R16.4), or under 001 "the total damage taken this turn" (C02)."""
    if not differs(s.profile, C02_STUN_TOTAL):
        return amount, str(amount)
    total = s.players[d].this_beat.damage_taken
    return total, f"{total} (the total damage this beat)" if total != amount else str(total)
