"""One position of a duel: the board, both fighters' zones, and where the beat stands.

The state changes only by applying facts (``judge.battlecon.facts``). ``to_json`` is the
canonical state notation that the CLI, the API and bug reports share.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Final, TypeVar

from judge.battlecon.agenda import Item
from judge.battlecon.speed.cache import Cache
from judge.battlecon.speed.shallow import shallow

BOARD: Final = range(1, 8)
START_LIFE: Final = 20
BEATS: Final = 15
SPECIAL_ACTION: Final = "special-action"

_T = TypeVar("_T")


def known(value: _T | None, what: str) -> _T:
    """``value``, which the rules guarantee is there at this point (``what`` names it).

    Narrows ``X | None`` for the type checker; a None here would be a bug in the engine.
    """
    assert value is not None, f"{what} is missing, though the rules guarantee it here"
    return value


@dataclass
class Status:
    """A status effect (R18.9): +/- a stat, now or in the next beat."""

    player: int
    stat: str
    amount: Any
    source: str
    beat: int  # the beat it works in
    until: int  # the last beat it works in

    def to_json(self) -> dict:
        return {"player": self.player, "stat": self.stat, "amount": self.amount,
                "source": self.source, "beat": self.beat, "until": self.until}


@dataclass
class Pair:
    """The attack pair in front of a player (face down until the Reveal)."""

    style: str | None
    base: str | None
    revealed: bool = False
    under: list[str] = field(default_factory=list)  # Bases covered in a Clash (R6.7)
    finisher: bool = False  # the Finisher replaces the whole pair (R2.8)
    action: str | None = None  # pulse | cancel | finisher, for a Special Action
    extra: list[str] = field(default_factory=list)  # discarded to go with this pair (R18.14)
    # What a rule notes on this pair, shown in its JSON under the same keys: ``style_up``,
    # the Style laid face up before the Reveal (``facts.StyleShown``, Reading Fate).
    marks: dict[str, Any] = field(default_factory=dict)

    def __copy__(self) -> Pair:
        return shallow(self)

    def cards(self) -> list[str]:
        return [c for c in (self.style, self.base) if c] + list(self.under) + list(self.extra)

    def to_json(self, hidden: bool = False) -> dict:
        if hidden and not self.revealed:
            return {"revealed": False}
        out = {"style": self.style, "base": self.base, "revealed": self.revealed,
               "under": list(self.under), "finisher": self.finisher, "action": self.action}
        if self.extra:
            out["extra"] = list(self.extra)
        out.update(self.marks)
        return out


@dataclass
class ThisBeat:
    """What one player gathers during a beat: anted tokens, stun, damage, dodges.

    ``BeatBegan`` replaces it whole (R3.1), so a new per-beat condition is one field here
    and never a reset to remember elsewhere.
    """

    anted: list[str] = field(default_factory=list)  # tokens anted this beat (R5.5)
    bonus_tokens: list[str] = field(default_factory=list)  # tokens whose bonus applies now
    ante_finisher: bool = False  # the Finisher was anted (R21.2)
    stunned: bool = False  # R16.1
    stun_immune: bool = False  # Stun Immunity for the beat (R16.10), e.g. from an ante
    stun_guard_infinite: bool = False  # Stun Guard infinite for the rest of the beat (R16.12)
    dodge_all: bool = False  # cannot be hit this beat (R13.9, Dash)
    damage_taken: int = 0
    damage_soaked: int = 0
    life_lost: int = 0  # counted in full (R14.5)
    recovered: str | None = None  # token recovered by the last recovery effect
    hits: int = 0  # hits this player's attacks landed (R13.3)
    hits_taken: int = 0  # hits this player took
    last_damage: int = 0  # the damage of the last hit that dealt any to this player
    marks: dict[str, int] = field(default_factory=dict)  # a fighter's own notes for the beat
    recycled: list[str] = field(default_factory=list)  # the pair this beat sent to discard 1
    special_action: str = ""  # what this player's revealed Special Action was (R22), if any
    # A fighter's own state for the beat, by key (Seth's guess, ``named``); its kit
    # declares how each key appears in the state JSON (``Fighter.beat_fields``).
    kit: dict[str, Any] = field(default_factory=dict)

    def __copy__(self) -> ThisBeat:
        return shallow(self)

    def clone(self) -> ThisBeat:
        new = self.__copy__()
        new.anted = list(self.anted)
        new.bonus_tokens = list(self.bonus_tokens)
        new.marks = dict(self.marks)
        new.recycled = list(self.recycled)
        new.kit = dict(self.kit)
        return new


@dataclass(frozen=True)
class Figure:
    """A figure on the board other than a fighter's standup (R17), e.g. a companion with
    its own life. ``space`` None: off the board; ``life`` None: it has no life."""

    space: int | None
    life: int | None = None
    solid: bool = False  # movement hops over it like a standup (R17.5)

    def to_json(self) -> dict:
        return {"space": self.space, "life": self.life, "solid": self.solid}


@dataclass
class PlayerState:
    """One player: standup, life, cards by zone, tokens, and the fighter's own things.

    What a fighter tracks beyond the rulebook's common pieces lives in generic, named
    places declared by its kit: ``modes`` (Kallistar's form), ``counters`` (R19.4),
    ``in_play`` (persistent cards such as Paradigms); markers and extra figures are
    on ``DuelState``. Nothing here belongs to one fighter.
    """

    name: str
    fighter: str
    finisher: str
    space: int
    life: int = START_LIFE
    hand: list[str] = field(default_factory=list)
    discard_1: list[str] = field(default_factory=list)
    discard_2: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    pair: Pair | None = None
    token_pool: list[str] = field(default_factory=list)
    token_discard: list[str] = field(default_factory=list)
    finisher_used: bool = False
    modes: dict[str, str] = field(default_factory=dict)  # e.g. {"form": "human"}
    counters: dict[str, int] = field(default_factory=dict)
    in_play: list[str] = field(default_factory=list)
    this_beat: ThisBeat = field(default_factory=ThisBeat)

    def __copy__(self) -> PlayerState:
        return shallow(self)

    def clone(self) -> PlayerState:
        new = self.__copy__()
        for attr in ("hand", "discard_1", "discard_2", "removed", "token_pool", "token_discard",
                     "in_play"):
            setattr(new, attr, list(getattr(self, attr)))
        new.modes = dict(self.modes)
        new.counters = dict(self.counters)
        new.this_beat = self.this_beat.clone()
        if self.pair is not None:
            new.pair = self.pair.__copy__()
            new.pair.under = list(self.pair.under)
            new.pair.extra = list(self.pair.extra)
            new.pair.marks = dict(self.pair.marks)
        return new

    BEAT_FIELDS = ("stunned",)  # correctable fields that live in ``this_beat``
    MODE_FIELDS = ("form",)  # correctable fields that are modes

    def correct(self, attr: str, value: Any) -> None:
        """Set one field a judge's correction names (its name as in the state JSON)."""
        if attr in self.BEAT_FIELDS:
            setattr(self.this_beat, attr, value)
        elif attr in self.MODE_FIELDS:
            self.modes[attr] = value
        elif attr == "counters":
            self.counters = {**self.counters, **value}
        else:
            setattr(self, attr, value)

    def zone_of(self, card: str) -> str | None:
        for zone in ("hand", "discard_1", "discard_2", "removed"):
            if card in getattr(self, zone):
                return zone
        if self.pair and card in self.pair.cards():
            return "attack_pair"
        return None

    def special_action_status(self) -> str | None:
        zone = self.zone_of(SPECIAL_ACTION)
        if zone is None:
            return None
        return {"hand": "available", "removed": "used"}.get(zone, zone)


@dataclass
class DuelState:
    players: list[PlayerState]
    options: dict
    beat: int = 1  # the beat counter's beat: 1..15, not advanced by a Pulse (R12.2)
    seq: int = 1  # beats played so far, Pulse beats included
    ante_first: int = 0
    last_counted: bool = True
    group_seq: int = 0
    step: str = "select"
    active: int | None = None
    ante_turn: int = 0
    ante_passes: int = 0
    agenda: list[Item] = field(default_factory=list)  # the step's work (agenda.py)
    ordered: set[str] = field(default_factory=set)  # trigger groups already ordered
    statuses: list[Status] = field(default_factory=list)
    markers: dict[tuple[int, str], int] = field(default_factory=dict)
    figures: dict[tuple[int, str], Figure] = field(default_factory=dict)  # (owner, name)
    last_move: dict | None = None
    pulse: int | None = None  # the player who Pulsed this beat
    cancel_reselect: bool = False
    over: bool = False
    winner: int | None = None
    draw: bool = False
    end_reason: str | None = None
    rules: int = 1  # the level of the rules stamp it is judged under (``rulestamp``)
    profile: str = "battlecon-2014"  # the ruleset profile it is judged under (``profile``)
    # What is computed from this state and kept until it changes (``speed.cache``):
    # neither part of the position nor of its equality. Changed by hand, not by a fact:
    # ``cache.forget()``.
    cache: Cache = field(default_factory=Cache, compare=False, repr=False)

    def correct(self, path: str, value: Any) -> None:
        """Set the field a judge's correction names by its path (``players.1.life``,
        ``players.0.counters.level``, ``markers.1:gate-trap``, ``figures.0:juto.space``;
        ``judge.battlecon.correction`` lists and checks them)."""
        head, _, rest = path.partition(".")
        if head == "players":
            index, _, attr = rest.partition(".")
            p = self.players[int(index)]
            if attr.startswith("counters."):
                p.counters = {**p.counters, attr.split(".", 1)[1]: value}
            else:
                p.correct(attr, list(value) if isinstance(value, list) else value)
        elif head == "markers":
            key = _owned(rest)
            if value is None:
                self.markers.pop(key, None)
            else:
                self.markers[key] = value
        elif head == "figures":
            who, _, attr = rest.rpartition(".")
            key = _owned(who)
            self.figures[key] = replace(self.figures[key], **{attr: value})
        else:
            raise KeyError(path)

    def opponent(self, p: int) -> int:
        return 1 - p

    def reactive(self) -> int | None:
        return None if self.active is None else 1 - self.active

    def distance(self) -> int:
        return abs(self.players[0].space - self.players[1].space)

    def marker(self, owner: int, name: str) -> int | None:
        return self.markers.get((owner, name))

    def figure(self, owner: int, name: str) -> Figure | None:
        return self.figures.get((owner, name))

    def __copy__(self) -> DuelState:
        return shallow(self)

    def clone(self) -> DuelState:
        """An independent copy (statuses and agenda items are never mutated in place)."""
        new = self.__copy__()
        new.cache = self.cache.twin()  # the same cards in force, at the same version
        new.players = [p.clone() for p in self.players]
        new.agenda = list(self.agenda)
        new.ordered = set(self.ordered)
        new.statuses = list(self.statuses)
        new.markers = dict(self.markers)
        new.figures = dict(self.figures)  # Figures are frozen: replaced, never changed
        return new


def _owned(key: str) -> tuple[int, str]:
    """``"1:gate-trap"`` as the key of a marker or figure: (owner, name)."""
    owner, _, name = key.partition(":")
    return int(owner), name
