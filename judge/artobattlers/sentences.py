"""Decisions as sentences in the game's words: who answers what, with which character,
move and payment ("Ben answers with a die: 4 — a Resist on the STAY chart (A4.6)").

Card names come from the match's characters; with the position the decision was made in
(read from the state, or from the prompt it answered: ``position``), an answer also says
what it means (the die's reading, the effect a ``may`` or ``pick`` is about). Without it
the sentence says only what was decided."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from judge.artobattlers.cards import Character, Move
from judge.artobattlers.charts import CHARTS, read
from judge.artobattlers.phrases import REPLY_WORDS, and_list, copy_name, zones_sentence
from judge.artobattlers.position import Position

READING_WORDS = {"hit": ("a Hit", "the full DP", "A4.4"),
                 "defense": ("a Defense", "a half-damage defence", "A4.5"),
                 "resist": ("a Resist", "half the DP", "A4.6"),
                 "escape": ("an Escape", "no damage", "A4.7"),
                 "counterattack": ("a Counterattack", "the attacker takes its DP", "A4.8")}
STANDING = {"give_up": "gives up", "no_more_issues": "declares no more issues",
            "agree_no_more_issues": "agree that neither has issues left",
            "decline_extra_attack": "declines the extra attack"}


class Words:
    """Names of players, characters (a second copy is "Ember Knight #2"), moves and
    abilities, read from the match's cards."""

    def __init__(self, names: list[str], cards: dict[str, Character]) -> None:
        self.names, self.cards = names, cards

    def player(self, d: dict[str, Any]) -> str:
        p = d.get("player")
        return self.names[p] if isinstance(p, int) and p in (0, 1) else "The players"

    def card(self, character: Any) -> Character | None:
        return self.cards.get(str(character).split("#", 1)[0])

    def character(self, character: Any) -> str:
        card = self.card(character)
        return copy_name(card.name, str(character)) if card else str(character)

    def move(self, character: Any, move: Any, striker: bool = False) -> Move | None:
        card = self.card(character)
        return card.move(str(move), striker) if card else None

    def move_name(self, character: Any, move: Any, striker: bool = False) -> str:
        found = self.move(character, move, striker)
        return found.name if found else str(move)

    def names_of(self, ids: Any) -> list[str]:
        return [self.character(i) for i in ids or []]

    def listing(self, ids: Any) -> str:
        """"Ember Knight, Gearback and Ember Knight #2"."""
        return and_list(self.names_of(ids))


def paying(d: dict[str, Any]) -> str:
    """How a move with a choice of payment was paid, and whether it is a sacrifice (A9)."""
    how = {"pp": ", paying PP", "lp": ", paying LP"}.get(str(d.get("pay")), "")
    return how + (", as a sacrifice" if d.get("sacrifice") else "")


def describe(words: Words, d: dict[str, Any], state: Position | None = None) -> str:
    """A decision as one sentence; ``state``: the position it was made in, if known (from
    the state, or from the prompt it answered)."""
    kind, who = d.get("kind"), words.player(d)
    if kind in STANDING:
        return f"{who} {STANDING[str(kind)]}."
    say = SAYINGS.get(str(kind))
    if say is None:
        return f"{who}: {str(kind).replace('_', ' ')}."
    return say(words, who, d, state)


def _team(w: Words, who: str, d: dict[str, Any], s: Position | None) -> str:
    return f"{who} chooses the team: {w.listing(d.get('characters')) or 'nobody'}."


def _placement(w: Words, who: str, d: dict[str, Any], s: Position | None) -> str:
    """At setup the team is laid out (A21.3); at a turn's start the placement is reviewed,
    and a review that changes nothing keeps the layout (A21.4)."""
    zones = zones_sentence(w.names_of(d.get("battle_zone")), w.names_of(d.get("inactive_zone")))
    if s is None or s.layout is None:
        return f"{who} lays out the team: {zones}."
    kept = s.layout == (frozenset(d.get("battle_zone") or []),
                        frozenset(d.get("inactive_zone") or []))
    return f"{who} {'keeps the layout' if kept else 'changes the layout'}: {zones}."


def _start_die(w: Words, who: str, d: dict[str, Any], s: Position | None) -> str:
    return f"{who} rolls {d.get('value')} for the start."


def _duel_die(w: Words, who: str, d: dict[str, Any], s: Position | None) -> str:
    return f"{who} rolls {d.get('value')} in the dice duel."


def _attack(w: Words, who: str, d: dict[str, Any], s: Position | None) -> str:
    striker = bool(d.get("striker"))
    card = w.card(d.get("character"))
    by = w.character(d.get("character"))
    if striker and card and card.striker:
        by = f"{by}'s striker {card.striker.name}"
    move = w.move_name(d.get("character"), d.get("move"), striker)
    target = w.character(d.get("target"))
    if d.get("target_striker"):  # aimed at the striker (AG46)
        aimed = w.card(d.get("target"))
        target = f"{target}'s striker {aimed.striker.name}" if aimed and aimed.striker else (
            f"{target}'s striker")
    return f"{who} attacks {target} with {by}'s {move}{paying(d)}."


def _extra_attack(w: Words, who: str, d: dict[str, Any], s: Position | None) -> str:
    attack = s.attack if s is not None else None
    move = w.move_name(attack["character"], d.get("move")) if attack else d.get("move")
    return f"{who} takes the extra attack with {move}{paying(d)}."


def _power_turn(w: Words, who: str, d: dict[str, Any], s: Position | None) -> str:
    return f"{who} pays the turn with {w.character(d.get('character'))} to raise its PP."


def _die(w: Words, who: str, d: dict[str, Any], s: Position | None) -> str:
    value = d.get("value")
    meaning = _reading(w, s, value) if isinstance(value, int) and 1 <= value <= 6 else ""
    return f"{who} answers with a die: {value}{meaning}."


def die_reading(w: Words, attack: dict[str, Any] | None,
                value: int) -> tuple[str, str, str | None] | None:
    """(chart, reading, modifier): what a reply die of ``value`` does to ``attack`` (the
    prompt's or the position's ``attack``) on the target's chart, speed and DEF included
    (A4.2, A4.9); None when the attack is not known."""
    a = attack
    move = w.move(a["character"], a["move"], bool(a.get("striker"))) if a else None
    chart = a.get("dice_type") if a else None
    if move is None or not isinstance(chart, str) or chart not in CHARTS:
        return None
    return (chart, *read(chart, value, move.speed, move.defeats_defense))


def _reading(w: Words, s: Position | None, value: int) -> str:
    """What the die means on the target's chart, speed and DEF included (A4.2, A4.9)."""
    found = die_reading(w, s.attack if s is not None else None, value)
    if found is None:
        return ""
    chart, reading, modifier = found
    attack = s.attack if s is not None else None
    if reading == "counterattack" and attack and not _counterattack_usable(w, attack):
        return (f" — the Counterattack face on the {chart.upper()} chart, but "
                f"{w.character(attack['target'])} has no usable counterattack: "
                "nothing happens (AG6)")
    name, means, rule = READING_WORDS[reading]
    why = {"speed": " (the move has speed)", "DEF": " (the move has DEF)"}.get(
        str(modifier), "")
    return f" — {name} on the {chart.upper()} chart{why}: {means} ({rule})"


def _counterattack_usable(w: Words, attack: dict[str, Any]) -> bool:
    """Whether the target has a counterattack that fits the attack's class (A5.2); never
    when the target's striker is aimed at (AG46). True when the cards do not tell."""
    if attack.get("target_striker"):
        return False
    move = w.move(attack["character"], attack["move"], bool(attack.get("striker")))
    card = w.card(attack.get("target"))
    if move is None or card is None:
        return True
    return any(ca.fits(move.klass) for ca in card.counterattacks)


def _manual_move(w: Words, who: str, d: dict[str, Any], s: Position | None) -> str:
    card = w.card(s.attack["target"]) if s is not None and s.attack else None
    mm = card.manual(d["number"]) if card and isinstance(d.get("number"), int) else None
    kind = f" ({mm.kind.title()})" if mm else ""
    times = f" ×{d['multiple']}" if d.get("multiple") else ""
    return f"{who} answers with manual move {d.get('number')}{kind}{times}{paying(d)}."


def _force_challenge(w: Words, who: str, d: dict[str, Any], s: Position | None) -> str:
    who_by = s.attack["target"] if s is not None and s.attack else None
    move = w.move_name(who_by, d.get("move")) if who_by else d.get("move")
    return f"{who} answers with a force challenge, colliding with {move}."


def _counterattack(w: Words, who: str, d: dict[str, Any], s: Position | None) -> str:
    which = f" (index {d['index']} of the card's counterattacks)" if "index" in d else ""
    return f"{who} chooses counterattack \"{d.get('id')}\"{which}."


def _card_text(w: Words, who: str, d: dict[str, Any], s: Position | None) -> str:
    """The table's answer to a free card text (freetext.py); the fact after it quotes the
    card's text beside it."""
    what = str(d.get("outcome"))
    if what in ("to_battle_zone", "to_inactive_zone") and d.get("character"):
        what = f"{w.character(d['character'])} {what.replace('_', ' ')}"
    if what == "place_effect":
        on = f" on {w.character(d['character'])}" if d.get("character") else ""
        what = f"place {d.get('effect') or 'an effect'}{on}"
    if what in ("life", "power", "shield"):
        amount = d.get("amount", 0)
        whom = f" for {w.character(d['character'])}" if d.get("character") else ""
        what = f"{what} {amount:+d}{whom}" if type(amount) is int else what
    return f"{who}, both players agreeing, says what the card text does: {what}."


def _side_attack(w: Words, who: str, d: dict[str, Any], s: Position | None) -> str:
    lead, join = d.get("lead"), d.get("joining")
    if not isinstance(lead, dict):
        return f"{who} makes a side attack on {w.character(d.get('target'))}."
    then = (f"; {w.character(join.get('character'))} joins with "
            f"{w.move_name(join.get('character'), join.get('move'))}{paying(join)}"
            if isinstance(join, dict) else "; the joining attack is chosen after the lead")
    return (f"{who} makes a side attack on {w.character(d.get('target'))}: "
            f"{w.character(lead.get('character'))} leads with "
            f"{w.move_name(lead.get('character'), lead.get('move'))}{paying(lead)}{then}.")


def _joining(w: Words, who: str, d: dict[str, Any], s: Position | None) -> str:
    move = w.move_name(d.get("character"), d.get("move"))
    return (f"{who} joins the side attack with {w.character(d.get('character'))}'s "
            f"{move}{paying(d)}.")


def _ability(w: Words, who: str, d: dict[str, Any], s: Position | None) -> str:
    card = w.card(d.get("character"))
    ability = card.ability.name if card and card.ability else d.get("ability")
    if s is not None and s.attack is not None:  # at the owner's prompt (invoking.py)
        return f"{who} invokes {w.character(d.get('character'))}'s {ability}."
    params = d.get("params")
    aim = params.get("target") if isinstance(params, dict) else None
    on = f" on {w.character(aim)}" if isinstance(aim, str) else ""  # dice_duel_turn (AG45)
    return f"{who} uses {w.character(d.get('character'))}'s {ability}{on} as the turn action."


def _choice_about(s: Position | None) -> str:
    return s.choice_about if s is not None and s.choice_about else "the effect"


def _may(w: Words, who: str, d: dict[str, Any], s: Position | None) -> str:
    return f"{who} {'applies' if d.get('accept') else 'does not apply'} {_choice_about(s)}."


def _pick(w: Words, who: str, d: dict[str, Any], s: Position | None) -> str:
    option = REPLY_WORDS.get(str(d.get("option")), str(d.get("option")))
    return f"{who} picks what {_choice_about(s)} forbids: {option}."


def _roll_rejected(w: Words, who: str, d: dict[str, Any], s: Position | None) -> str:
    why = f" ({d['reason']})" if d.get("reason") else ""
    return f"The scorekeeper rejects {who}'s roll of {d.get('value')}{why}: it is rolled again."


def _note(w: Words, who: str, d: dict[str, Any], s: Position | None) -> str:
    return f"Note: {d.get('text', '')}"


def _ruling(w: Words, who: str, d: dict[str, Any], s: Position | None) -> str:
    return f"A judge rules {d.get('gap')} read as {d.get('reading')}."


Saying = Callable[[Words, str, dict[str, Any], Position | None], str]
SAYINGS: dict[str, Saying] = {
    "team": _team, "placement": _placement, "start_die": _start_die, "duel_die": _duel_die,
    "attack": _attack, "extra_attack": _extra_attack, "power_turn": _power_turn, "die": _die,
    "manual_move": _manual_move, "force_challenge": _force_challenge,
    "counterattack": _counterattack, "side_attack": _side_attack, "card_text": _card_text,
    "joining_attack": _joining, "ability_action": _ability, "may": _may, "pick": _pick,
    "roll_rejected": _roll_rejected, "note": _note, "ruling": _ruling}
