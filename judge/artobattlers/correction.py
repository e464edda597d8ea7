"""ART O BATTLERS' correctable fields (``judge.corrections``): each character's life,
power points, shield, striker, zone and effect, as the match stands; the rules a corrected
match obeys (a character at 0 LP is destroyed and the checkpoint may end the match, A20.1,
A20.7); and reopening a match a head judge's ruling had ended.

The table's answers to free card texts are rulings too: ``card_text.<k>.outcome``,
``.character``, ``.amount`` and ``.effect`` (rejudge.py: what followed is judged again).

Paths: ``characters.<id>.life``, ``.power``, ``.shield``, ``.striker``, ``.zone``
(``battle`` or ``out_of_play``, and in Advance Play ``inactive``, A21.2) and ``.effect``
(an effect's name, or none).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from judge import corrections
from judge.artobattlers import rejudge
from judge.artobattlers.cards import Character, Effect
from judge.artobattlers.damage import destroy
from judge.artobattlers.facts import (
    CorrectionMade,
    Fact,
    MatchEnded,
    MatchReopened,
    TurnEnded,
    TurnStarted,
)
from judge.artobattlers.state import Fighter, GameState
from judge.artobattlers.table import Table
from judge.artobattlers.turns import end_turn, start_turn
from judge.corrections import Change, check_value, field_spec
from judge.errors import IllegalDecisionError

ZONES = ("battle", "out_of_play")
ADVANCE_ZONES = ("battle", "inactive", "out_of_play")  # A21.2


def _zone(f: Fighter) -> str:
    return f.zone if f.in_play else "out_of_play"


def correctable(s: GameState, cards: dict[str, Character]) -> dict[str, dict[str, Any]]:
    """Every correctable field of every character in the match, with its current value."""
    out: dict[str, dict[str, Any]] = {}
    for f in s.fighters.values():
        card, at = cards[f.card], f"characters.{f.id}"
        out[f"{at}.life"] = field_spec(max(0, f.life), "integer", f"{f.label}'s LP", "A1.26",
                                       min=0, max=f.life_start)
        if f.power is not None:
            out[f"{at}.power"] = field_spec(f.power, "integer", f"{f.label}'s PP", "A8.2",
                                            min=0, max=f.power_limit)
        if f.shield is not None and card.shield is not None:
            out[f"{at}.shield"] = field_spec(max(0, f.shield), "integer",
                                             f"{f.label}'s shield LP", "A1.27", min=0,
                                             max=card.shield)
        if f.striker_life is not None and card.striker is not None:
            out[f"{at}.striker"] = field_spec(max(0, f.striker_life), "integer",
                                              f"{f.striker_name} ({f.label}'s striker) LP",
                                              "A17.5", min=0, max=card.striker.life)
        out[f"{at}.zone"] = field_spec(_zone(f), "choice", f"{f.label}'s zone", "A20.1",
                                       choices=list(ADVANCE_ZONES if s.advance else ZONES))
        out[f"{at}.effect"] = field_spec(f.effect.name if f.effect else None, "choice",
                                         f"the effect on {f.label}", "A13.4",
                                         choices=sorted(_effects(s, cards, f)), nullable=True)
    return out


def _effects(s: GameState, cards: dict[str, Character], target: Fighter) -> dict[str, Any]:
    """The effects the opponent's moves can leave on ``target`` (A13.2), by name."""
    out = {}
    for f in s.fighters.values():
        if f.player == target.player:
            continue
        card = cards[f.card]
        moves = card.moves + (card.striker.moves if card.striker else ())
        for move in moves:
            e = move.effect
            if e is not None and target.type in e.compatible:
                out[e.name] = (f, move, e)
    return out


def correct(t: Table, events: list[tuple[str, Any]], entry: dict[str, Any],
            state_at: Callable[[int], GameState]) -> list[Fact]:
    """Judge a correction on the table's working state; its facts (refused: nothing)."""
    c = corrections.parse(entry)
    corrections.check_open(t.s.over, c, rule="A20")
    if c.reopens:
        _reopen(t, events, state_at)
    fields = {**correctable(t.s, t.cards), **rejudge.fields(t, events)}
    for change in c.changes:
        spec = fields.get(change["field"])
        if spec is None:
            raise IllegalDecisionError(f"{change['field']!r} is not a field a judge may "
                                       "correct in this match; the match's correctable fields "
                                       "list them.", c.rule, field=change["field"])
        check_value(spec, change["field"], change["after"])
    changes = corrections.fill(c, lambda path: fields[path]["value"])
    if all(ch.before == ch.after for ch in changes):
        raise IllegalDecisionError("This correction changes nothing: every field already has "
                                   "that value.", c.rule, field=changes[0].field)
    if any(rejudge.is_answer_field(ch.field) for ch in changes):
        _rejudge(t, events, c, changes, state_at)
        return t.facts
    _check_zones(t.s, changes)
    states = {ch.field.split(".")[1]: _effect_state(t, ch) for ch in changes
              if ch.field.endswith(".effect") and ch.after is not None}
    t.emit(CorrectionMade(c.rule, "Corrected: " + corrections.what(
        [ch.to_json() for ch in changes], lambda path: label(t.cards, path)) + ".",
        [ch.to_json() for ch in changes], states, c.by, c.dispute))
    destroy(t)  # a character at 0 LP is destroyed; the checkpoint may end the match
    if c.reopens and not t.s.over:
        _resume(t, events)
    return t.facts


def _rejudge(t: Table, events: list[tuple[str, Any]], c: corrections.Correction,
             changes: list[Change], state_at: Callable[[int], GameState]) -> None:
    """The table's answer to a card text corrected: it and what followed judged again
    (rejudge.py); the text says what that changed."""
    after = rejudge.rejudged(t, events, changes, state_at)
    said = [ch.to_json() for ch in changes]
    t.emit(CorrectionMade(c.rule, rejudge.sentence(t, events, changes, after), said, {},
                          c.by, c.dispute, after))


def _check_zones(s: GameState, changes: list[Change]) -> None:
    """A character in the battle zone has LP above 0 after the correction, or is
    destroyed by it; one out of play may not be given LP without coming back (A20.1)."""
    after = {ch.field: ch.after for ch in changes}
    for f in s.fighters.values():
        at = f"characters.{f.id}"
        zone = after.get(f"{at}.zone", _zone(f))
        life = after.get(f"{at}.life", max(0, f.life))
        if zone == "out_of_play" and life > 0:
            raise IllegalDecisionError(f"{f.label} out of play has 0 LP: set its LP to 0 (it "
                                       "is then destroyed).", "A20.1", field=f"{at}.zone")
        if zone != "out_of_play" and not f.in_play and life <= 0:
            raise IllegalDecisionError(f"{f.label} back in play needs LP above 0.",
                                       "A20.1", field=f"{at}.life")
        effect = after.get(f"{at}.effect", f.effect.name if f.effect else None)
        if zone == "inactive" and effect is not None:
            raise IllegalDecisionError(f"{f.label} is under an effect and cannot be in the "
                                       "inactive zone.", "A13.5", field=f"{at}.zone")
        if after.get(f"{at}.effect") is not None and zone == "out_of_play":
            raise IllegalDecisionError(f"{f.label} is out of play: no effect holds on it.",
                                       "A13.8", field=f"{at}.effect")


def _effect_state(t: Table, change: Change) -> dict[str, Any]:
    """The effect a correction puts on a character, as it would have been applied now."""
    target = t.s.fighters[change.field.split(".")[1]]
    source, move, e = _effects(t.s, t.cards, target)[change.after]
    effect: Effect = e
    return {"name": effect.name, "source": f"{source.id}/{move.id}", "action": effect.action,
            "dp": effect.dp, "replies": list(effect.replies), "applied_turn": t.s.turn,
            "ends_after_turn": t.s.turn + effect.phases}


def _reopen(t: Table, events: list[tuple[str, Any]],
            state_at: Callable[[int], GameState]) -> None:
    """Take the match back to where the ruling that ended it was made."""
    ended = max(n for n, (kind, e) in enumerate(events)
                if kind == "fact" and isinstance(e, MatchEnded))
    before = state_at(ended)
    t.emit(MatchReopened("A20", "A head judge overturns the ruling that ended the match: "
                         "it goes on from there.", before.step, before.to_act,
                         events[ended][1].reason))


def _resume(t: Table, events: list[tuple[str, Any]]) -> None:
    """After reopening a match that ended when the last character fell: the attack or turn
    in which it fell is over, so the turn ends (or the next one starts)."""
    reopened = next(e for e in reversed(t.facts) if isinstance(e, MatchReopened))
    if reopened.reason != "all_destroyed":
        return  # a give-up or no-more-issues overturned: the prompt it ended at again
    turn_over = False
    for kind, e in reversed(events):
        if kind == "fact" and isinstance(e, TurnStarted):
            break
        turn_over = turn_over or kind == "fact" and isinstance(e, TurnEnded)
    if turn_over:
        start_turn(t, t.s.turn + 1, 1 - (t.s.to_act or 0))
    else:
        end_turn(t)


def changes_from(entry: dict[str, Any]) -> list[dict[str, Any]] | None:
    """The older shape (``characters``: {id: {life, power, shield, striker_life}}) as
    changes; None when ``entry`` is not in that shape."""
    chars = entry.get("characters")
    if not isinstance(chars, dict) or not all(isinstance(v, dict) for v in chars.values()):
        return None
    names = {"striker_life": "striker"}
    return [{"field": f"characters.{cid}.{names.get(k, k)}", "after": v}
            for cid, fields in chars.items() for k, v in fields.items()]


WORDS = {"life": "LP", "power": "PP", "shield": "shield LP", "striker": "striker LP",
         "zone": "zone", "effect": "effect"}


def label(cards: dict[str, Character], path: str) -> str:
    """A field in words from the character set alone ("Volt Wisp's LP")."""
    parts = path.split(".")
    if rejudge.is_answer_field(path):
        return rejudge.label(path)
    if len(parts) != 3 or parts[0] != "characters":
        return path
    card = cards.get(parts[1].split("#")[0])
    who = card.name if card is not None else parts[1]
    return f"{who}'s {WORDS.get(parts[2], parts[2])}"

