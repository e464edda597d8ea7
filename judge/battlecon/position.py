"""Positions, ``battlecon-position/1``: a duel at the start of a beat, as compact JSON.

A teaching puzzle, a judge reconstructing a duel that was not logged from its first
beat, or a table that uses the older layout (standups on spaces 2 and 6) all need a duel
that starts somewhere other than the standard opening (R1.5-R1.14). A position holds
exactly what carries from one beat into the next. Everything that lives only within a
beat (attack pairs, antes, stun, Stun Immunity, the agenda of effects) is empty at the
start of a beat, which is why a position is only ever taken there.

>>> position = to_position(duel.state)       # refused anywhere but the start of a beat
>>> Position.from_json(position.to_json()) == position
>>> state = from_position(position)           # the same duel, at the start of that beat

Later fighters add what they track (counters, token pools, cards in play, markers) as
fields of their kit (``judge.battlecon.fighters.Fighter``) and of ``PlayerPosition``,
with defaults, so positions written today stay valid under the same version tag.
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from judge.battlecon.options import parse_options
from judge.battlecon.roster import Fighter, fighter, fighter_ids, has_fighter
from judge.battlecon.state import (
    BEATS,
    SPECIAL_ACTION,
    START_LIFE,
    DuelState,
    Figure,
    PlayerState,
    Status,
    ThisBeat,
)
from judge.errors import RecordError

FORMAT = "battlecon-position/1"
ZONES = ("hand", "discard_1", "discard_2", "removed")
STATS = ("range", "power", "priority", "soak", "stun_guard")  # what a status may modify
TOP_FIELDS = ("format", "beat", "beats_played", "ante_first", "options", "players", "statuses",
              "trigger_windows")
PLAYER_FIELDS = ("name", "fighter", "finisher", "finisher_used", "space", "life", *ZONES,
                 "token_pool", "token_discard", "form", "markers", "counters", "in_play",
                 "figures")
STATUS_FIELDS = ("player", "stat", "amount", "source", "beat", "until")

Amount = int | tuple[int, int]


def _canonical_hash(obj: Any) -> int:
    """Positions hold dicts (options, markers), so hash their canonical JSON instead."""
    return hash(json.dumps(obj.to_json(), sort_keys=True))


@dataclass(frozen=True)
class StatusInForce:
    """A status effect (R18.9) that still applies: ``beat``/``until`` count beats played."""

    player: int
    stat: str
    amount: Amount
    source: str
    beat: int
    until: int

    def to_json(self) -> dict[str, Any]:
        amount = list(self.amount) if isinstance(self.amount, tuple) else self.amount
        return {"player": self.player, "stat": self.stat, "amount": amount,
                "source": self.source, "beat": self.beat, "until": self.until}


@dataclass(frozen=True)
class FigureAt:
    """A fighter's figure besides its standup: its space (None: off the board), its life."""

    space: int | None
    life: int | None

    def to_json(self) -> dict[str, Any]:
        return {"space": self.space, "life": self.life}


@dataclass(frozen=True)
class PlayerPosition:
    """One player between beats: standup, life, every card's zone, tokens, form, markers."""

    name: str
    fighter: str
    finisher: str  # the face chosen at setup (R1.8)
    finisher_used: bool
    space: int
    life: int
    hand: tuple[str, ...]
    discard_1: tuple[str, ...]
    discard_2: tuple[str, ...]
    removed: tuple[str, ...]
    token_pool: tuple[str, ...]
    token_discard: tuple[str, ...]
    form: str | None
    markers: dict[str, int | None]  # every marker the fighter owns: a space, or None (off)
    counters: dict[str, int]  # every counter the fighter tracks (none today)
    in_play: tuple[str, ...] = ()  # persistent cards in play (Paradigms)
    figures: dict[str, FigureAt] = field(default_factory=dict)  # besides the standup

    __hash__ = _canonical_hash

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "name": self.name, "fighter": self.fighter, "finisher": self.finisher,
            "finisher_used": self.finisher_used, "space": self.space, "life": self.life,
            **{zone: list(getattr(self, zone)) for zone in ZONES},
            "token_pool": list(self.token_pool), "token_discard": list(self.token_discard)}
        if self.form is not None:
            out["form"] = self.form
        out["markers"] = dict(self.markers)
        out["counters"] = dict(self.counters)
        if self.in_play:
            out["in_play"] = list(self.in_play)
        if self.figures:
            out["figures"] = {n: f.to_json() for n, f in self.figures.items()}
        return out


@dataclass(frozen=True, repr=False)
class Position:
    """A duel at the start of a beat (step Select, nothing chosen yet).

    ``beats_played`` is this beat's number in play order, Pulse beats included (the state
    JSON's ``beats_played``; R12.2). ``trigger_windows`` is engine bookkeeping: how many
    trigger windows the duel has opened, which numbers the effect groups that
    ``EffectsOrdered`` facts name, so a duel continued from a position states its facts
    exactly as the original would have. It changes no rule.
    """

    players: tuple[PlayerPosition, PlayerPosition]
    options: dict[str, Any]
    beat: int
    beats_played: int
    ante_first: int
    statuses: tuple[StatusInForce, ...]
    trigger_windows: int

    __hash__ = _canonical_hash

    def to_json(self) -> dict[str, Any]:
        """The canonical JSON: every field written out, so nothing depends on defaults."""
        return {"format": FORMAT, "beat": self.beat, "beats_played": self.beats_played,
                "ante_first": self.ante_first, "options": copy.deepcopy(self.options),
                "players": [p.to_json() for p in self.players],
                "statuses": [st.to_json() for st in self.statuses],
                "trigger_windows": self.trigger_windows}

    @classmethod
    def from_json(cls, data: Any) -> Position:
        """Parse and validate; a RecordError names the first bad field (``position.beat``).

        Hand-written positions (puzzles, reconstructions) may leave out what has a
        natural default: names, Finisher face, life 20, the hand (every card in no other
        zone), the token pool (every token not spent), form, markers, statuses.
        """
        _check(isinstance(data, dict), "position", "must be a JSON object", "position")
        _known(data, TOP_FIELDS, "position")
        _check(data.get("format") == FORMAT, "position.format",
               f"must be {FORMAT!r}, not {data.get('format')!r}", "position.format")
        options = _options(data.get("options", {}))
        players = _players(data.get("players"), options)
        beat, seq, ante_first = _clock(data, options)
        statuses = _statuses(data.get("statuses", []), seq)
        windows = data.get("trigger_windows", 0)
        _check(_is_int(windows) and windows >= 0, "position.trigger_windows",
               "must be a whole number, 0 or more", "position")
        return cls(players, options, beat, seq, ante_first, statuses, windows)

    def __repr__(self) -> str:
        return f"Position.from_json({self.to_json()!r})"


# --- validation helpers -------------------------------------------------------------------


def _check(ok: bool, where: str, problem: str, rule: str) -> None:
    """Refuse with the field named first, so a person can find it in a long position."""
    if not ok:
        raise RecordError(f"{where}: {problem}.", rule)


def _is_int(value: Any) -> bool:
    return type(value) is int  # JSON integers only: true is not 1


def _known(data: dict[str, Any], fields: tuple[str, ...], where: str) -> None:
    unknown = sorted(str(k) for k in data if k not in fields)
    _check(not unknown, where, f"unknown field {unknown[0]!r}" if unknown else "", "position")


def _ids(value: Any, where: str) -> tuple[str, ...]:
    _check(isinstance(value, list) and all(isinstance(v, str) for v in value), where,
           "must be a list of ids", "position")
    return tuple(value)


def _options(raw: Any) -> dict[str, Any]:
    """The record's option rules, with the error moved under ``position.options``."""
    try:
        return parse_options(raw)
    except RecordError as err:
        raise RecordError(f"position.options: {err.reason}", err.rule) from None


def _clock(data: dict[str, Any], options: dict[str, Any]) -> tuple[int, int, int]:
    """The beat counter's beat, this beat's number in play order, who antes first."""
    beat = data.get("beat", 1)
    last = BEATS if options["time_limit"] else None
    limit = f"1-{BEATS}" if last else "1 or more (no time limit)"
    _check(_is_int(beat) and beat >= 1 and (last is None or beat <= last), "position.beat",
           f"must be {limit}, not {beat!r}", "R12.1")
    seq = data.get("beats_played", beat)
    _check(_is_int(seq) and seq >= beat, "position.beats_played",
           f"must be a whole number, at least the beat {beat} (a Pulse beat does not advance "
           "the beat counter)", "R12.2")
    first = data.get("ante_first", 0)
    _check(_is_int(first) and first in (0, 1), "position.ante_first", "must be 0 or 1",
           "R5.2")
    return beat, seq, first


def _statuses(raw: Any, seq: int) -> tuple[StatusInForce, ...]:
    _check(isinstance(raw, list), "position.statuses", "must be a list", "R18.9")
    return tuple(_status(f"position.statuses[{i}]", st, seq) for i, st in enumerate(raw))


def _status(where: str, raw: Any, seq: int) -> StatusInForce:
    """A status effect still in force at beat ``seq`` (played beats, Pulses included)."""
    _check(isinstance(raw, dict), where, "must be an object", "R18.9")
    _known(raw, STATUS_FIELDS, where)
    missing = [k for k in STATUS_FIELDS if k not in raw]
    _check(not missing, where, f"needs {', '.join(missing)}", "R18.9")
    _check(raw["player"] in (0, 1) and _is_int(raw["player"]), f"{where}.player",
           "must be 0 or 1", "R18.9")
    _check(raw["stat"] in STATS, f"{where}.stat", f"must be one of {', '.join(STATS)}", "R18.9")
    amount = raw["amount"]
    if raw["stat"] == "range" and isinstance(amount, list) and len(amount) == 2 \
            and all(_is_int(a) for a in amount):
        amount = (amount[0], amount[1])
    _check(_is_int(amount) or isinstance(amount, tuple), f"{where}.amount",
           "must be a whole number (or [low, high] for range)", "R18.9")
    _check(isinstance(raw["source"], str) and raw["source"] != "", f"{where}.source",
           "must name the card or ability", "R18.9")
    beat, until = raw["beat"], raw["until"]
    _check(_is_int(beat) and _is_int(until) and 1 <= beat <= until, f"{where}.beat",
           "beat and until must be whole numbers with 1 <= beat <= until", "R18.9")
    _check(until >= seq, f"{where}.until", f"the status ended in beat {until} (beats played); "
           f"a position at beat {seq} holds only statuses still in force", "R18.9")
    return StatusInForce(raw["player"], raw["stat"], amount, raw["source"], beat, until)


def _players(raw: Any, options: dict[str, Any]) -> tuple[PlayerPosition, PlayerPosition]:
    _check(isinstance(raw, list) and len(raw) == 2, "position.players",
           "must list exactly two players", "position")
    kits = [_kit(p.get("fighter"), f"position.players[{i}]") if isinstance(p, dict) else None
            for i, p in enumerate(raw)]
    first, second = (_player(i, p, options, kits[1 - i]) for i, p in enumerate(raw))
    for i, (me, them) in enumerate(((first, second), (second, first))):
        _all_placed(me, them, options, f"position.players[{i}]")
    _check(first.space != second.space, "position.players",
           f"both standups are on space {first.space}; they must be on two different spaces",
           "R17.11")
    return first, second


def _all_placed(me: PlayerPosition, them: PlayerPosition, options: dict[str, Any],
                at: str) -> None:
    """Every card of my kit is in one of my zones, or in the opponent's when it changed
    hands (Assimilate took it); a card of their kit I hold is one they lack."""
    mine, theirs = (Counter(kit_cards(fighter(p.fighter), options)) for p in (me, them))
    held, their_held = (Counter(c for z in ZONES for c in getattr(p, z)) for p in (me, them))
    missing = sorted((mine - held) - (their_held - theirs))
    _check(not missing, at, f"{missing[0]!r} is in no zone (hand, discard_1, discard_2, "
           "removed); every card of the kit is in exactly one zone" if missing else "", "R1.2")
    for c in sorted((held - mine) - (theirs - their_held)):
        zone = next(z for z in ZONES if c in getattr(me, z))
        _check(False, f"{at}.{zone}", f"{c!r} is not a card of {fighter(me.fighter).short}, "
               "nor one the opponent lacks", "R1.2")


def _player(i: int, raw: Any, options: dict[str, Any],
            other: Fighter | None = None) -> PlayerPosition:
    at = f"position.players[{i}]"
    _check(isinstance(raw, dict), at, "must be an object", "position")
    _known(raw, PLAYER_FIELDS, at)
    kit = _kit(raw.get("fighter"), at)
    name = raw.get("name", f"Player {i}")
    _check(isinstance(name, str), f"{at}.name", "must be a string", "position")
    finisher = raw.get("finisher", kit.finishers[0].id)
    faces = [f.id for f in kit.finishers]
    _check(finisher in faces, f"{at}.finisher",
           f"{finisher!r} is not a Finisher of {kit.short}; choose {' or '.join(faces)}", "R1.8")
    used = raw.get("finisher_used", False)
    _check(isinstance(used, bool), f"{at}.finisher_used", "must be true or false", "position")
    space = raw.get("space")
    _check(_is_int(space) and 1 <= space <= 7, f"{at}.space", "must be a space 1-7", "R17.11")
    life = raw.get("life", START_LIFE)
    _check(_is_int(life) and 1 <= life <= START_LIFE, f"{at}.life",
           f"must be 1-{START_LIFE} (0 or less ends the duel, R20.1)", "R14.8")
    pool, spent = _tokens(raw, kit, at)
    return PlayerPosition(name=name, fighter=kit.id, finisher=finisher, finisher_used=used,
                          space=space, life=life, **_zones(raw, kit, options, at, other),
                          token_pool=pool, token_discard=spent, form=_form(raw, kit, at),
                          markers=_markers(raw.get("markers", {}), kit, at),
                          counters=_counters(raw.get("counters", {}), kit, at),
                          in_play=_in_play(raw.get("in_play", []), kit, at),
                          figures=_figures(raw.get("figures", {}), kit, space, at))


def _kit(fid: Any, at: str) -> Fighter:
    _check(isinstance(fid, str) and has_fighter(fid), f"{at}.fighter",
           f"unknown fighter {fid!r}; known: {', '.join(fighter_ids())}", "R1.1")
    return fighter(fid)


def kit_cards(kit: Fighter, options: dict[str, Any]) -> list[str]:
    """The cards a player keeps in zones all duel: Styles, Bases, the Special Action."""
    cards = [c.id for c in kit.cards()]
    return cards + [SPECIAL_ACTION] if options["special_actions"] else cards


def _zones(raw: dict[str, Any], kit: Fighter, options: dict[str, Any], at: str,
           other: Fighter | None = None) -> dict[str, tuple[str, ...]]:
    """Every card of the kit in exactly one zone; a missing hand is every card left over.
    A card of the opponent's kit (``other``) may be held too, once it changed hands
    (Assimilate); ``_all_placed`` then checks both players together."""
    cards = kit_cards(kit, options)
    others = kit_cards(other, options) if other is not None else []
    given = {z: _ids(raw[z], f"{at}.{z}") for z in ZONES if z in raw}
    if "hand" not in given:
        placed = {c for zone in given.values() for c in zone}
        given["hand"] = tuple(sorted(c for c in cards if c not in placed))
    seen: dict[str, str] = {}
    for zone in ZONES:
        for c in given.get(zone, ()):
            off = " (the Special Actions variant is off)" if c == SPECIAL_ACTION else ""
            _check(c in cards or c in others, f"{at}.{zone}",
                   f"{c!r} is not a card of {kit.short}{off}", "R1.2")
            _check(c not in seen or (c in cards and c in others and c != SPECIAL_ACTION),
                   f"{at}.{zone}",
                   f"{c!r} is already in {seen.get(c)}; every card is in exactly one zone",
                   "R1.2")
            seen[c] = zone
    return {z: given.get(z, ()) for z in ZONES}


def _tokens(raw: dict[str, Any], kit: Fighter,
            at: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Only the fighter's tokens, never more of one than the kit has (R19.1)."""
    spent = _ids(raw.get("token_discard", []), f"{at}.token_discard")
    kit_tokens = Counter(kit.tokens)
    if "token_pool" in raw:
        pool = _ids(raw["token_pool"], f"{at}.token_pool")
    else:
        pool = tuple(sorted((kit_tokens - Counter(spent)).elements()))
    for label, tokens in (("token_pool", pool), ("token_discard", spent)):
        for t in tokens:
            _check(t in kit_tokens, f"{at}.{label}", f"{t!r} is not a token of {kit.short}",
                   "R19.1")
    held = Counter(pool) + Counter(spent)
    for t, n in held.items():
        _check(n <= kit_tokens[t], at, f"{kit.short} has {kit_tokens[t]} {t!r} token(s), but "
               f"token_pool and token_discard hold {n}", "R19.1")
    return pool, spent


def _form(raw: dict[str, Any], kit: Fighter, at: str) -> str | None:
    form = raw.get("form", kit.form)
    if not kit.forms:
        _check(form is None, f"{at}.form", f"{kit.short} has no form", "R1.2")
        return None
    _check(form in kit.forms, f"{at}.form", f"must be one of {', '.join(kit.forms)}", "R1.2")
    return str(form)


def _markers(raw: Any, kit: Fighter, at: str) -> dict[str, int | None]:
    """Each marker the fighter owns, on a space 1-7 or off the board (null)."""
    _check(isinstance(raw, dict), f"{at}.markers", "must be an object", "R19.3")
    for name, space in raw.items():
        _check(name in kit.markers, f"{at}.markers", f"{name!r} is not a marker of "
               f"{kit.short}" + (f" ({', '.join(kit.markers)})" if kit.markers else ""),
               "R19.3")
        _check(space is None or (_is_int(space) and 1 <= space <= 7), f"{at}.markers.{name}",
               "must be a space 1-7, or null (off the board)", "R19.3")
    return {m: raw.get(m) for m in kit.markers}


def _counters(raw: Any, kit: Fighter, at: str) -> dict[str, int]:
    """Each counter the fighter's ability tracks (R19.4); no fighter has one yet."""
    _check(isinstance(raw, dict), f"{at}.counters", "must be an object", "R19.4")
    for name, value in raw.items():
        _check(name in kit.counters, f"{at}.counters", f"{name!r} is not a counter of "
               f"{kit.short}", "R19.4")
        _check(_is_int(value) and value >= 0, f"{at}.counters.{name}",
               "must be a whole number, 0 or more", "R19.4")
    return {c: raw.get(c, 0) for c in kit.counters}


def _in_play(raw: Any, kit: Fighter, at: str) -> tuple[str, ...]:
    """Persistent cards in play: the fighter's own, each once."""
    cards = _ids(raw, f"{at}.in_play")
    known = [c.id for c in kit.persistent]
    for c in cards:
        _check(c in known, f"{at}.in_play", f"{c!r} is not a card {kit.short} puts in play"
               + (f" ({', '.join(known)})" if known else ""), "R18.2")
    _check(len(set(cards)) == len(cards), f"{at}.in_play", "names a card twice", "R18.2")
    return cards


def _figures(raw: Any, kit: Fighter, space: int, at: str) -> dict[str, FigureAt]:
    """Each figure the fighter brings: on a space 1-7 or off the board, life within its own."""
    _check(isinstance(raw, dict), f"{at}.figures", "must be an object", "R17")
    kinds = {k.name: k for k in kit.figures}
    for name in raw:
        _check(name in kinds, f"{at}.figures", f"{name!r} is not a figure of {kit.short}", "R17")
    out = {}
    for name, kind in kinds.items():
        given = raw.get(name, {"space": space if kind.starts_on_owner else None,
                               "life": kind.life})
        where = f"{at}.figures.{name}"
        _check(isinstance(given, dict) and set(given) <= {"space", "life"}, where,
               "must be an object with space and life", "R17")
        sp, life = given.get("space"), given.get("life", kind.life)
        _check(sp is None or (_is_int(sp) and 1 <= sp <= 7), f"{where}.space",
               "must be a space 1-7, or null (off the board)", "R17")
        _check(life is None if kind.life is None else (_is_int(life) and 0 <= life <= kind.life),
               f"{where}.life", f"must be 0-{kind.life}" if kind.life is not None else
               "must be null (this figure has no life)", "R17")
        out[name] = FigureAt(sp, life)
    return out


# --- state <-> position ---------------------------------------------------------------------


def at_start_of_beat(state: DuelState) -> bool:
    """Step Select with nothing chosen, nothing pending, no Cancel's re-selection, and
    nothing of the beat in play yet (a judge's correction may stun a fighter at Select:
    a position could not hold that, so such a state is not a beat's start)."""
    return (not state.over and state.step == "select" and not state.agenda
            and state.active is None and not state.cancel_reselect and state.pulse is None
            and state.last_move is None and not state.ordered
            and all(_between_beats(p) for p in state.players))


def _between_beats(p: PlayerState) -> bool:
    """Every per-beat field as the start of a beat leaves it (``facts.BeatBegan``)."""
    return p.pair is None and p.this_beat == ThisBeat()


def to_position(state: DuelState) -> Position:
    """The position of a state at the start of a beat; a RecordError anywhere else, since
    within a beat the pairs, antes and pending effects are not part of a position."""
    if not at_start_of_beat(state):
        where = "over" if state.over else f"at step {state.step!r} of beat {state.beat}"
        raise RecordError(f"A position is taken only at the start of a beat (step 'select', no "
                          f"pair chosen yet); this duel is {where}.", "R3.1")
    position = Position(
        players=(_seat(state.players[0], 0, state), _seat(state.players[1], 1, state)),
        options=copy.deepcopy(state.options), beat=state.beat, beats_played=state.seq,
        ante_first=state.ante_first,
        statuses=tuple(StatusInForce(st.player, st.stat, st.amount, st.source, st.beat,
                                     st.until) for st in state.statuses if st.until >= state.seq),
        trigger_windows=state.group_seq)
    return Position.from_json(position.to_json())  # a judge's correction may be impossible


def _seat(p: PlayerState, i: int, state: DuelState) -> PlayerPosition:
    kit = fighter(p.fighter)
    return PlayerPosition(
        name=p.name, fighter=p.fighter, finisher=p.finisher, finisher_used=p.finisher_used,
        space=p.space, life=p.life, hand=tuple(p.hand), discard_1=tuple(p.discard_1),
        discard_2=tuple(p.discard_2), removed=tuple(p.removed), token_pool=tuple(p.token_pool),
        token_discard=tuple(p.token_discard), form=p.modes.get("form"),
        markers={m: state.marker(i, m) for m in kit.markers},
        counters={c: p.counters.get(c, 0) for c in kit.counters}, in_play=tuple(p.in_play),
        figures={k.name: FigureAt(f.space, f.life) for k in kit.figures
                 if (f := state.figure(i, k.name)) is not None})


def from_position(position: Position) -> DuelState:
    """A state at the start of the position's beat, equivalent to the original for every
    later rule: what a position leaves out is what the next beat's start clears anyway."""
    players = [PlayerState(
        name=p.name, fighter=p.fighter, finisher=p.finisher, space=p.space, life=p.life,
        hand=list(p.hand), discard_1=list(p.discard_1), discard_2=list(p.discard_2),
        removed=list(p.removed), token_pool=list(p.token_pool),
        token_discard=list(p.token_discard), finisher_used=p.finisher_used,
        modes={} if p.form is None else {"form": p.form}, counters=dict(p.counters),
        in_play=list(p.in_play))
        for p in position.players]
    figures = {(i, name): Figure(f.space, f.life, _solid(p.fighter, name))
               for i, p in enumerate(position.players) for name, f in p.figures.items()}
    markers = {(i, name): space for i, p in enumerate(position.players)
               for name, space in sorted(p.markers.items()) if space is not None}
    statuses = [Status(st.player, st.stat, st.amount, st.source, st.beat, st.until)
                for st in position.statuses]
    return DuelState(players=players, options=copy.deepcopy(position.options),
                     beat=position.beat, seq=position.beats_played,
                     ante_first=position.ante_first, group_seq=position.trigger_windows,
                     statuses=statuses, markers=markers, figures=figures)


def _solid(fid: str, name: str) -> bool:
    return next(k.solid for k in fighter(fid).figures if k.name == name)
