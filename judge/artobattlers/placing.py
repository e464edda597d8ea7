"""The table places an effect (issue 33 item 1, outcome ``place_effect``): a free card text
that, both players agreeing, puts one of the match's effects on a character. It takes hold
as an effect a move leaves (A13.3, 004 §12), under the same limits: compatible with the
character's type (A13.2), never on one still under an effect (A13.4, §12 "no more effect
... unless the actual applied effect has ended"), never on one in the inactive zone
(A13.5) or out of play (A13.8)."""

from __future__ import annotations

from judge.artobattlers.cards import Effect
from judge.artobattlers.damage import checkpoint
from judge.artobattlers.facts import BecameCaptive, CharacterDiscarded, EffectApplied
from judge.artobattlers.table import Table
from judge.errors import IllegalDecisionError


def effects_in_match(t: Table) -> dict[str, tuple[str, Effect]]:
    """Every effect a move of a character in the match carries, by name, with its source
    (``<character>/<move>``), in team order (the first of a name wins)."""
    out: dict[str, tuple[str, Effect]] = {}
    for f in t.s.fighters.values():
        card = t.card(f.id)
        for move in card.moves + (card.striker.moves if card.striker else ()):
            if move.effect is not None and move.effect.name not in out:
                out[move.effect.name] = (f"{f.id}/{move.id}", move.effect)
    return out


def check_place(t: Table, who: str, name: object) -> tuple[str, Effect]:
    """The effect ``name`` may be placed on ``who``: its source and the effect, or
    IllegalDecisionError saying why not."""
    found = effects_in_match(t).get(str(name))
    f = t.fighter(who)
    if found is None:
        raise IllegalDecisionError(f"No move in this match carries an effect named {name!r}.",
                                   "A13.3", field="effect")
    source, effect = found
    why = ("it is out of play (A13.8)" if not f.in_play else
           f"it is still under {f.effect.name} (A13.4)" if f.effect is not None else
           "it is in the inactive zone (A13.5)" if f.zone == "inactive" else
           f"the effect does not work on a {f.type} character (A13.2)"
           if f.type not in effect.compatible else
           "its text is asked when a move leaves it; the table says what it does instead"
           if effect.action == "free_text" else None)
    if why:
        raise IllegalDecisionError(f"{effect.name} cannot be placed on {f.label}: {why}.",
                                   "A13.3", field="effect")
    return source, effect


def place(t: Table, who: str, name: object) -> bool:
    """Put the effect on ``who`` as the table decided; True when that ended the match (a
    captive or discarded last character, A24.7, A24.8, AG40)."""
    source, effect = check_place(t, who, name)
    f = t.fighter(who)
    ends = t.s.turn + effect.phases
    t.emit(EffectApplied("A13.3", f"{effect.name} takes hold on {f.label} until the end of "
                         f"turn {ends}, as the table decided: {effect.text}", who,
                         effect.name, source, effect.action, effect.dp,
                         list(effect.replies), t.s.turn, ends))
    if effect.action == "captive":
        t.emit(BecameCaptive("A24.8", f"{f.label} becomes captive: nobody may play or "
                             "attack it until the effect ends.", who))
    elif effect.action == "discard_from_play":
        t.emit(CharacterDiscarded("A24.7", f"{f.label} is discarded from play with all "
                                  "its cards.", who))
    else:
        return False
    return checkpoint(t)
