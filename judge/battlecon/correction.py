"""BattleCON's correctable fields: what a head judge may correct in a position, its
current value, and the rules a corrected position must still obey.

Paths (``judge.corrections``): ``players.<i>.<field>`` (life, space, stunned, the card
zones, the token pool and discard, in_play, form, finisher_used), ``players.<i>.counters.
<name>``, ``markers.<owner>:<name>`` and ``figures.<owner>:<name>.space`` / ``.life``.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from judge.battlecon.roster import Fighter, card, fighter
from judge.battlecon.state import BOARD, SPECIAL_ACTION, START_LIFE, DuelState, PlayerState
from judge.corrections import Change, field_spec
from judge.errors import IllegalDecisionError

ZONES = ("hand", "discard_1", "discard_2", "removed")
ZONE_WORDS = {"hand": "hand", "discard_1": "discard 1", "discard_2": "discard 2",
              "removed": "cards out of the game", "token_pool": "token pool",
              "token_discard": "token discard", "in_play": "cards in play",
              "finisher_used": "Finisher used", "stunned": "stun"}
CARD_RULE = "R1.2"  # the kit: each card in exactly one place
TOKEN_RULE = "R19.1"


def kit_cards(p: PlayerState, options: dict) -> list[str]:
    """Every card of the fighter's hand-and-discards cycle (with the Special Action)."""
    cards = [c.id for c in fighter(p.fighter).cards()]
    return cards + ([SPECIAL_ACTION] if options.get("special_actions") else [])


def correctable(s: DuelState) -> dict[str, dict[str, Any]]:
    """Every field of ``s`` a head judge may correct, by path, with its current value."""
    out: dict[str, dict[str, Any]] = {}
    for i, p in enumerate(s.players):
        out |= _player_fields(s, i, p)
    for i, p in enumerate(s.players):
        for name in fighter(p.fighter).markers:
            out[f"markers.{i}:{name}"] = field_spec(
                s.markers.get((i, name)), "integer", f"{p.name}'s {_title(name)}", "R19.3",
                min=BOARD.start, max=BOARD.stop - 1, nullable=True)
    for (owner, name), figure in sorted(s.figures.items()):
        where = f"figures.{owner}:{name}"
        out[f"{where}.space"] = field_spec(figure.space, "integer", f"{_title(name)}'s space",
                                           "R17.11", min=1, max=7, nullable=True)
        kind = _figure_kind(s, owner, name)
        if figure.life is not None and kind is not None and kind.life is not None:
            out[f"{where}.life"] = field_spec(figure.life, "integer", f"{_title(name)}'s life",
                                              "R14.8", min=0, max=kind.life)
    return out


def _player_fields(s: DuelState, i: int, p: PlayerState) -> dict[str, dict[str, Any]]:
    kit, who = fighter(p.fighter), p.name
    at = f"players.{i}"
    out = {f"{at}.life": field_spec(p.life, "integer", f"{who}'s life", "R14.8",
                                    max=START_LIFE),
           f"{at}.space": field_spec(p.space, "integer", f"{who}'s space", "R17.11", min=1,
                                     max=7),
           f"{at}.stunned": field_spec(p.this_beat.stunned, "boolean", f"{who}'s stun",
                                       "R16.1")}
    cards = sorted(set(kit_cards(p, s.options)))
    for zone in ZONES:
        out[f"{at}.{zone}"] = field_spec(sorted(getattr(p, zone)), "list",
                                         f"{who}'s {ZONE_WORDS[zone]}", CARD_RULE,
                                         choices=cards)
    tokens = sorted(set(kit.tokens))  # none for a fighter without tokens: lists stay empty
    for zone in ("token_pool", "token_discard"):
        out[f"{at}.{zone}"] = field_spec(sorted(getattr(p, zone)), "list",
                                         f"{who}'s {ZONE_WORDS[zone]}", TOKEN_RULE,
                                         choices=tokens)
    if kit.persistent:
        out[f"{at}.in_play"] = field_spec(list(p.in_play), "list", f"{who}'s cards in play",
                                          CARD_RULE, choices=[c.id for c in kit.persistent])
    if kit.forms:
        out[f"{at}.form"] = field_spec(p.modes.get("form"), "choice", f"{who}'s form",
                                       "R19.4", choices=list(kit.forms))
    for name in kit.counters:
        out[f"{at}.counters.{name}"] = field_spec(p.counters.get(name, 0), "integer",
                                                  f"{who}'s {_title(name)} counter", "R19.4",
                                                  min=0)
    out[f"{at}.finisher_used"] = field_spec(p.finisher_used, "boolean",
                                            f"{who}'s Finisher used", "R21.4")
    return out


def check_position(s: DuelState, changes: list[Change]) -> None:
    """The corrected position must obey the rules a duel always obeys (``s`` is it)."""
    named = {c.field for c in changes}
    if s.players[0].space == s.players[1].space:
        raise IllegalDecisionError("Two opposing standups never share a space.", "R17.11",
                                   field=_first(named, "players.1.space", "players.0.space"))
    for i, p in enumerate(s.players):
        _check_cards(s, i, p, named)
        _check_tokens(i, p, named)
    for (owner, name), figure in s.figures.items():
        if figure.life == 0 and figure.space is not None:
            raise IllegalDecisionError(f"{_title(name)} at 0 life has left the board: his "
                                       "space must be none.", "R17.11",
                                       field=_first(named, f"figures.{owner}:{name}.space",
                                                    f"figures.{owner}:{name}.life"))


def _check_cards(s: DuelState, i: int, p: PlayerState, named: set[str]) -> None:
    held = Counter(p.hand + p.discard_1 + p.discard_2 + p.removed +
                   (p.pair.cards() if p.pair else []))
    kit = Counter(kit_cards(p, s.options))
    if held == kit:
        return
    twice = sorted(c for c in held if held[c] > kit[c])
    missing = sorted(c for c in kit if held[c] < kit[c])
    zones = [f"players.{i}.{z}" for z in ZONES]
    if twice:
        where = [z.replace("_", " ") for z in ZONES if twice[0] in getattr(p, z)]
        why = f"{_card(twice[0])} would be in {' and '.join(where) or 'the attack pair'} " \
              "at once"
    else:
        why = f"{_card(missing[0])} would be in no zone"
    raise IllegalDecisionError(f"{p.name}'s cards must each be in exactly one zone: {why}.",
                               CARD_RULE, field=_first(named, *zones))


def _check_tokens(i: int, p: PlayerState, named: set[str]) -> None:
    kit = fighter(p.fighter)
    held = Counter(p.token_pool) + Counter(p.token_discard)
    want = Counter(kit.tokens)
    if held == want:
        return
    fields = (f"players.{i}.token_pool", f"players.{i}.token_discard")
    for token in sorted(set(held) | set(want)):
        if held[token] == want[token]:
            continue
        name = kit.token_name(token)
        pool, spent = p.token_pool.count(token), p.token_discard.count(token)
        if want[token] == 1 and pool and spent:
            why = f"{p.name}'s {name} token would be in the pool and the discard at once"
        else:
            why = f"{kit.name} has {want[token]} {name} token{'s' * (want[token] != 1)} in " \
                  f"all, but the correction leaves {pool} in the pool and {spent} in the " \
                  "discard"
        raise IllegalDecisionError(f"{why}: every token is in exactly one place, the pool or "
                                   "the discard.", TOKEN_RULE, field=_first(named, *fields))


def _first(named: set[str], *paths: str) -> str:
    """The field to blame: the first of ``paths`` the correction named, else the first."""
    return next((p for p in paths if p in named), paths[0])


def _figure_kind(s: DuelState, owner: int, name: str) -> Any:
    kit: Fighter = fighter(s.players[owner].fighter)
    return next((k for k in kit.figures if k.name == name), None)


def _title(name: str) -> str:
    return name.replace("-", " ").replace("_", " ").title()


def _card(cid: str) -> str:
    try:
        return card(cid).name
    except KeyError:
        return cid


def label(setup: dict, path: str) -> str:
    """A field in words from the setup alone ("Ana's life"), for the narrative."""
    parts = path.split(".")
    names = [p["name"] for p in setup["players"]]
    try:
        if parts[0] == "players":
            who = names[int(parts[1])]
            if parts[2] == "counters":
                return f"{who}'s {_title(parts[3])} counter"
            return f"{who}'s {ZONE_WORDS.get(parts[2], parts[2].replace('_', ' '))}"
        if parts[0] == "markers":
            owner, name = parts[1].split(":", 1)
            return f"{names[int(owner)]}'s {_title(name)}"
        if parts[0] == "figures":
            return f"{_title(parts[1].split(':', 1)[1])}'s {parts[2]}"
    except (IndexError, ValueError):
        pass
    return path


def value_words(path: str, value: Any) -> str:
    """A value in words: card names for cards, 'off the board' for a marker's none."""
    if value is None and (path.startswith(("markers.", "figures.")) or path.endswith("space")):
        return "off the board"
    if isinstance(value, list):
        return ", ".join(_card(v) if not path.endswith(("token_pool", "token_discard"))
                         else _title(v) for v in value) or "nothing"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def legacy_changes(entry: dict[str, Any]) -> list[dict[str, Any]] | None:
    """The older shape (``players``: {"1": {"life": 13, "counters": {...}}}, ``markers``:
    {"1:gate-trap": 5}) as changes; None when ``entry`` is not in that shape."""
    players, markers = entry.get("players"), entry.get("markers") or {}
    if not isinstance(players, dict) or not isinstance(markers, dict):
        return None
    out: list[dict[str, Any]] = []
    for key, fields in sorted(players.items(), key=lambda kv: str(kv[0])):
        if not isinstance(fields, dict):
            return None
        for attr, value in fields.items():
            if attr == "counters" and isinstance(value, dict):
                out += [{"field": f"players.{key}.counters.{name}", "after": v}
                        for name, v in value.items()]
            else:
                out.append({"field": f"players.{key}.{attr}", "after": value})
    out += [{"field": f"markers.{key}", "after": space} for key, space in markers.items()]
    return out
