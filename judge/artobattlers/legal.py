"""Legality as a query: the pending prompt and its options, each a complete decision
(decisions.md "Prompts"), and the choices too many to list (a placement's 2^n layouts,
manual move 3's multiples) described instead (``described``, judge.described). A decision
is legal exactly when it equals an option, fits a description, or is a standing decision
(give up, no more issues)."""

from __future__ import annotations

from typing import Any

from judge.artobattlers import cardtext
from judge.artobattlers.cards import Counterattack, Move
from judge.artobattlers.counted import attack_dp
from judge.artobattlers.crowded import attack_descriptions, crowded, side_attack_description
from judge.artobattlers.faces import die_faces
from judge.artobattlers.invoking import invocations
from judge.artobattlers.payments import attack_payments, cost_choices, lp_ok
from judge.artobattlers.position import context
from judge.artobattlers.rulings import half
from judge.artobattlers.table import Table
from judge.artobattlers.zones import (
    ability_action,
    can_power_turn,
    joining_options,
    moves_of,
    placement_description,
    side_attacks,
    team_description,
)
from judge.ruleset import CHANCE, ONE_PLAYER

DIE = range(1, 7)


def standing() -> list[dict[str, Any]]:
    """Accepted at any prompt (A20.3, A20.4, AG3, AG29)."""
    return [*({"player": p, "kind": "give_up"} for p in (0, 1)),
            *({"player": p, "kind": "no_more_issues"} for p in (0, 1)),
            {"kind": "agree_no_more_issues", "players": [0, 1]}]


def prompt(t: Table) -> dict[str, Any] | None:
    """The one pending prompt, or None when the match is over."""
    s = t.s
    if s.over:
        return None
    maker = {"team": _team, "placement": _placement, "start_roll": _start_roll,
             "turn_action": _turn_action, "reply": _reply,
             "counterattack_choice": _counterattack, "duel": _duel,
             "card_choice": _card_choice, "card_text": _card_text, "extra_attack": _extra,
             "joining_attack": _joining}[s.step]
    out = maker(t)
    out["options"] += invocations(t, out)  # invoked texts at their owner's prompt
    out.update(context(s))  # what the answer's sentence reads (position.py)
    counted = attack_dp(t, out["options"])  # what each attack counts (counted.py)
    if counted:
        out["attack_dp"] = counted
    out["standing"] = standing()
    return out


def _shape(players: list[int], decider: str, kind: str, options: list[dict[str, Any]],
           about: str, rule: str, described: list[dict[str, Any]] | None = None
           ) -> dict[str, Any]:
    """A prompt; ``described`` only when some of its legal decisions are described rather
    than listed (a listed prompt keeps exactly its earlier shape)."""
    out = {"players": players, "decider": decider, "kind": kind, "options": options,
           "about": about, "rule": rule}
    if described:
        out["described"] = described
    return out


def _team(t: Table) -> dict[str, Any]:
    waiting = [p for p in (0, 1) if t.s.teams[p] is None]
    if t.s.advance:
        described = [team_description(t, p) for p in waiting]
        return _shape(waiting, ONE_PLAYER, "team", [], "Each player builds a team whose "
                      f"level globes add up to {t.s.level_globe_total}.", "A21.1", described)
    options = [{"player": p, "kind": "team", "characters": [c]} for p in waiting
               for c in t.cards]
    return _shape(waiting, ONE_PLAYER, "team", options, "Each player brings one character.",
                  "A2.1")


def _placement(t: Table) -> dict[str, Any]:
    """The setup layouts of both players (A21.3, AG39), or the placement review of the
    player to act (A21.4; compulsory when his battle zone is empty, AG27)."""
    s = t.s
    review = s.to_act is not None
    waiting = [s.to_act] if s.to_act is not None else [p for p in (0, 1) if not s.placed[p]]
    described = [placement_description(t, p, review) for p in waiting]
    if not review:
        about, rule = "Each player lays his characters in his battle and inactive zones.", "A21.3"
    elif not s.battle(waiting[0]):
        about, rule = "The battle zone is empty: at least one character must go there.", "AG27"
    else:
        about, rule = "Review the placement (keeping it is an option), then act.", "A21.4"
    return _shape(waiting, ONE_PLAYER, "placement", [], about, rule, described)


def _start_roll(t: Table) -> dict[str, Any]:
    waiting = [p for p in (0, 1) if t.s.start_current[p] is None]
    options = [{"player": p, "kind": "start_die", "value": v} for p in waiting for v in DIE]
    return _shape(waiting, CHANCE, "start_die", options,
                  "Both players roll: the higher roll starts; equal rolls roll again.", "A2.3")


def _turn_action(t: Table) -> dict[str, Any]:
    p = t.s.to_act
    assert p is not None
    about, rule = "Attack, or pay the turn to raise PP.", "A3.3"
    if crowded(t, p):  # attacks and side attacks too many to list (crowded.py)
        return _shape([p], ONE_PLAYER, "turn_action", others(t, p), about, rule,
                      attack_descriptions(t, p) + side_attack_description(t, p))
    return _shape([p], ONE_PLAYER, "turn_action", turn_actions(t, p), about, rule)


def turn_actions(t: Table, p: int) -> list[dict[str, Any]]:
    """Every legal turn action of player ``p`` (A3.3): attacks, PP turns (Advance Play: of a
    battle-zone character unless AG28 reads any zone), actions a Special Ability grants (of
    a battle-zone character) and side attacks (A22)."""
    return attacks(t, p, extra=False) + others(t, p) + side_attacks(t, p)


def others(t: Table, p: int) -> list[dict[str, Any]]:
    """PP turns and actions a Special Ability grants: a PP turn per character at most, an
    ability action per character (per target for a ``dice_duel_turn``), and the attacks a
    ``target_striker`` ability adds (issue 33)."""
    s = t.s
    powered = s.battle(p) if t.rulings["AG28"] == "battle_zone_only" else s.in_play(p)
    turns = [{"player": p, "kind": "power_turn", "character": f.id} for f in powered
             if can_power_turn(t, f)]
    return turns + [x for f in s.battle(p) if (o := ability_action(t, f))
                    for x in _with_params(t, {"player": p, **o})] + striker_attacks(t, p)


def striker_attacks(t: Table, p: int) -> list[dict[str, Any]]:
    """Attacks a ``target_striker`` ability grants (004 §16/§18 Important #2, AG46): its
    owner's moves (not its striker's) on each living striker of an opponent character in
    the battle zone, marked ``target_striker: true``."""
    allow = t.rulings["AG22"] == "pp_or_lp_sacrifice_allowed"
    out = []
    for f in t.s.battle(p):
        ability = t.card(f.id).ability
        if ability is None or ability.action != "target_striker":
            continue
        for move in (m for m in moves_of(t, f, False) if not m.striker):
            for pay, sacrifice in attack_payments(f, move, allow):
                out += [{**_attack(p, f.id, move, g.id, pay, sacrifice, False),
                         "target_striker": True}
                        for g in t.s.battle(1 - p) if g.striker_alive]
    return out


def _with_params(t: Table, option: dict[str, Any]) -> list[dict[str, Any]]:
    """An ability action as options: a ``dice_duel_turn`` once per opponent character in
    the battle zone, its target (``params.target``, AG45); any other as it is."""
    ability = t.card(option["character"]).ability
    if ability is None or ability.action != "dice_duel_turn":
        return [option]
    return [{**option, "params": {"target": g.id}} for g in t.s.battle(1 - option["player"])]


def attacks(t: Table, p: int, extra: bool) -> list[dict[str, Any]]:
    """Attack options (A3.5, A9): every payable move of every acting character (Advance
    Play: in the battle zone) against every opponent character there (A21.5, A21.6); an
    extra attack excludes chain and striker moves and keeps its target (A14.4)."""
    out: list[dict[str, Any]] = []
    allow = t.rulings["AG22"] == "pp_or_lp_sacrifice_allowed"
    acting = t.s.battle(p)
    if extra:
        assert t.s.attack is not None
        acting = [t.fighter(t.s.attack.character)]
    for f in acting:
        moves = moves_of(t, f, extra)
        if extra:
            assert t.s.attack is not None
            targets = [t.s.attack.target]
        else:
            targets = [g.id for g in t.s.battle(1 - p)]
        for move in moves:
            for pay, sacrifice in attack_payments(f, move, allow):
                for target in targets:
                    out.append(_attack(p, f.id, move, target, pay, sacrifice, extra))
    return out


def _attack(p: int, who: str, move: Move, target: str, pay: str | None, sacrifice: bool,
            extra: bool) -> dict[str, Any]:
    if extra:
        return {"player": p, "kind": "extra_attack", "move": move.id, "pay": pay,
                "sacrifice": sacrifice}
    return {"player": p, "kind": "attack", "character": who, "striker": move.striker,
            "move": move.id, "target": target, "pay": pay, "sacrifice": sacrifice}


def _extra(t: Table) -> dict[str, Any]:
    p = t.s.to_act
    assert p is not None
    options = attacks(t, p, extra=True) + [{"player": p, "kind": "decline_extra_attack"}]
    return _shape([p], ONE_PLAYER, "extra_attack", options,
                  "The chain move succeeded fully: one extra attack on the same target, or "
                  "decline.", "A14.3")


def _card_choice(t: Table) -> dict[str, Any]:
    """A card text's ``may`` or ``pick`` (decisions.md 15)."""
    c = t.s.choice
    assert c is not None
    key = "accept" if c["choice"] == "may" else "option"
    options = [{"player": c["player"], "kind": c["choice"], key: v} for v in c["options"]]
    about = (f"Apply {c['about']} or not." if c["choice"] == "may" else
             f"Pick what {c['about']} does.")
    return _shape([c["player"]], ONE_PLAYER, c["choice"], options, about, "A13.1")


def _card_text(t: Table) -> dict[str, Any]:
    """A free card text applies: the table says what it does (freetext.py)."""
    c = t.s.choice
    assert c is not None
    about = (f"{t.name(str(c['character']))}'s card text ({c['source']}): \"{c['about']}\". "
             "What does it do? Both players agree: nothing, a change of LP, PP or shield, "
             "an effect placed or ended, or the attack hits or misses.")
    out = _shape([c["player"]], ONE_PLAYER, "card_text", [], about,
                 cardtext.RULE[str(c["source"]).split(":")[0]], [cardtext.description(t)])
    out["card_text"] = {"text": c["about"], "source": c["source"], "character": c["character"]}
    return out


def _joining(t: Table) -> dict[str, Any]:
    p = t.s.to_act
    assert p is not None
    return _shape([p], ONE_PLAYER, "joining_attack", joining_options(t),
                  "The lead attack hit in full: choose the joining attack (a Direct Hit of "
                  "10 DP).", "AG33")


def _reply(t: Table) -> dict[str, Any]:
    d = t.s.defender()
    options = reply_options(t)
    described = multiples(t) if _may_reply(t, "manual_move") else []
    decider = CHANCE if all(o["kind"] == "die" for o in options) and not described \
        else ONE_PLAYER
    out = _shape([d], decider, "reply", options,
                 "Roll the die, use a manual move, or declare a force challenge.", "A3.7",
                 described)
    out["die_faces"] = die_faces(t, usable_counterattacks(t))  # what each face does
    return out


def _may_reply(t: Table, kind: str) -> bool:
    """Whether the target's effect leaves this kind of reply open (A13.1)."""
    a = t.s.attack
    assert a is not None
    target = t.fighter(a.target)
    return not (target.effect and kind in target.effect.replies)


def reply_options(t: Table) -> list[dict[str, Any]]:
    a = t.s.attack
    assert a is not None
    d = 1 - a.player
    options: list[dict[str, Any]] = [{"player": d, "kind": "die", "value": v} for v in DIE]
    if a.target_striker:  # a striker has no manual move; its own moves may collide (AG46)
        return options + force_challenges(t)
    if _may_reply(t, "manual_move"):
        options += manual_moves(t)
    if _may_reply(t, "force_challenge"):
        options += force_challenges(t)
    return options


def manual_moves(t: Table) -> list[dict[str, Any]]:
    """The target's available manual moves but 3 (A6.3-A6.12, AG9, AG10): listed, one per
    payment. Manual move 3's multiples are described (``multiples``)."""
    a = t.s.attack
    assert a is not None
    f, out = t.fighter(a.target), []
    for mm in t.card(a.target).manual_moves:
        for pay in cost_choices(f, mm.cost):
            if mm.number == 3:
                continue
            if mm.number == 1 and not f.shield_intact:
                continue
            if mm.number == 2 and not _defense_ok(t, f.life, a.dp):
                continue
            out.append({"player": 1 - a.player, "kind": "manual_move",
                        "number": mm.number, "multiple": None, "pay": pay})
    return out


def multiples(t: Table) -> list[dict[str, Any]]:
    """Manual move 3 (nullify) as described decisions, one per payment: any multiple k
    from 1 while k times its PP stays within the PP left after the payment (A6.9, AG25).
    Listing one option per multiple made a prompt of megabytes at 100,000 PP."""
    a = t.s.attack
    assert a is not None
    f, out = t.fighter(a.target), []
    for mm in t.card(a.target).manual_moves:
        if mm.number != 3:
            continue
        for pay in cost_choices(f, mm.cost):
            most = ((f.power or 0) - mm.cost.amounts(pay)[1]) // mm.pp
            if most < 1:
                continue
            pays: dict[str, Any] = {"const": pay, **({"default": None} if pay is None else {})}
            out.append({"kind": "manual_move", "count": most, "rule": "A6.9", "fields": {
                "player": {"const": 1 - a.player}, "kind": {"const": "manual_move"},
                "number": {"const": 3},
                "multiple": {"type": "integer", "minimum": 1, "maximum": most,
                             "rule": "A6.9, AG25"},
                "pay": pays}})
    return out


def _defense_ok(t: Table, life: int, dp: int) -> bool:
    halved = half(dp, t.rulings)
    return life > halved if t.rulings["AG9"] == "lp_greater_than_half" else life >= halved


def force_challenges(t: Table) -> list[dict[str, Any]]:
    """Eligible force challenges (A16.5, A16.6, AG10, AG15)."""
    a = t.s.attack
    assert a is not None
    colour = t.attack_move().force_challenge
    f, aimed = t.fighter(a.target), a.target_striker
    if colour is None or not lp_ok(f, 10, striker=aimed):  # from the striker (A16.11, AG46)
        return []
    out = []
    card = t.card(a.target)
    pool = card.striker.moves if aimed and card.striker else card.moves
    for move in pool:
        if move.force_challenge != colour:
            continue
        if t.rulings["AG15"] == "colliding_move_costs_not_charged" or aimed:
            out.append({"player": 1 - a.player, "kind": "force_challenge", "move": move.id})
            continue
        for pay in cost_choices(f, move.cost, extra_lp=10):
            out.append({"player": 1 - a.player, "kind": "force_challenge", "move": move.id,
                        "pay": pay})
    return out


def _counterattack(t: Table) -> dict[str, Any]:
    """One option per usable counterattack. Two with one id (a card stored before A1.14's
    check) are told apart by ``index``, their place in the card's list; an option of an
    id used once keeps its earlier shape, and ``{"id": ...}`` alone still means the first
    (counterattack_option)."""
    d = t.s.defender()
    entries = usable_entries(t)
    ids = [ca.id for _, ca in entries]
    options = [{"player": d, "kind": "counterattack", "id": ca.id,
                **({"index": i} if ids.count(ca.id) > 1 else {})} for i, ca in entries]
    return _shape([d], ONE_PLAYER, "counterattack", options,
                  "Choose which usable counterattack to activate"
                  + _told_apart(t, entries, ids) + ".", "A5.5")


def _told_apart(t: Table, entries: list[tuple[int, Counterattack]], ids: list[str]) -> str:
    """The words that tell counterattacks of one id apart: index, bar colour and DP."""
    a = t.s.attack
    assert a is not None
    klass = t.attack_move().klass
    twins = [f'index {i}: "{ca.id}", {BAR[ca.group]} bar, {ca.dp_against(klass)} DP'
             for i, ca in entries if ids.count(ca.id) > 1]
    return f" ({'; '.join(twins)})" if twins else ""


BAR = {"body": "green", "distance": "blue", "both": "green-blue"}


def counterattack_option(t: Table, d: dict[str, Any]) -> dict[str, Any]:
    """A counterattack decision with its ``index`` filled in when its id is used twice
    and the decision (recorded before the index existed) names none: the first, as such
    a decision always resolved."""
    if d.get("kind") != "counterattack" or "index" in d or t.s.step != "counterattack_choice":
        return d
    entries = usable_entries(t)
    ids = [ca.id for _, ca in entries]
    first = next((i for i, ca in entries if ca.id == d.get("id")), None)
    return {**d, "index": first} if first is not None and ids.count(d["id"]) > 1 else d


def usable_entries(t: Table) -> list[tuple[int, Counterattack]]:
    """(place in the card's list, counterattack) of those that fit the attack's class,
    sorted by id then place (A5.2, AG7)."""
    a = t.s.attack
    assert a is not None
    klass = t.attack_move().klass
    if a.target_striker:  # the counterattacks are the character's, not its striker's (AG46)
        return []
    fitting = [(i, ca) for i, ca in enumerate(t.card(a.target).counterattacks)
               if ca.fits(klass)]
    return sorted(fitting, key=lambda e: (e[1].id, e[0]))


def usable_counterattacks(t: Table) -> list[str]:
    """Ids of the target's counterattacks that fit the attack's class, sorted (A5.2, AG7)."""
    return [ca.id for _, ca in usable_entries(t)]


def _duel(t: Table) -> dict[str, Any]:
    if t.s.text_duel is not None:
        current = t.s.text_duel["current"]
        waiting = [p for p in (0, 1) if current[p] is None]
        return _shape(waiting, CHANCE, "duel_die",
                      [{"player": p, "kind": "duel_die", "value": v} for p in waiting
                       for v in DIE],
                      f"{t.s.text_duel['effect']} calls for a dice duel: both players roll.",
                      "A16.1")
    a = t.s.attack
    assert a is not None and a.duel is not None
    waiting = [p for p in (0, 1) if a.duel.current[p] is None]
    options = [{"player": p, "kind": "duel_die", "value": v} for p in waiting for v in DIE]
    rule = "A16.2" if a.duel.colour == "green" else "A16.1"
    return _shape(waiting, CHANCE, "duel_die", options,
                  f"The {a.duel.colour} force challenge: both players roll.", rule)

