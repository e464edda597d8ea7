"""Issue 26, findings 4 and 7: one choke point for movement effects (``judge.battlecon.moving``).

Finding 4: a fighter who may ignore movement (Exoskeletal, Rooted, Sturdy) is asked before
*every* movement effect, Fusion's push included (it was not). Finding 7: a "move directly"
effect never ends where it started (R17.12: Heketch's Dark Force offered his own space).
Both are switched by the rules stamp (``rulestamp.IGNORE_MOVEMENT``, ``MOVE_DIRECTLY``): a
record without one is judged as before, as the contrast tests show.

The sweeps: every card text that moves a fighter is resolved through the choke point (read
from the cards' texts, so a card that forgot fails); no module but ``moving`` builds a
``Moved`` fact; seeded duels of Kehrolyn, Lixis and Zaamassal against every other fighter
never move them without the question, and no direct move ends where it started.
"""

from __future__ import annotations

import ast
import inspect
import random
import re
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from judge.battlecon import Duel, actions, moving
from judge.battlecon import facts as F
from judge.battlecon.actions import Action, Custom, Movement, Teleport
from judge.battlecon.cards import Card
from judge.battlecon.catalogue import card_json, catalogue
from judge.battlecon.decisions import Move
from judge.battlecon.generic import GENERIC_BASES, SPECIAL_ACTION_CARD
from judge.battlecon.hooks import MAY_IGNORE_MOVEMENT, first_reason
from judge.battlecon.playout import FIGHTERS, choose, record_setup
from judge.battlecon.replay import replay_facts
from judge.battlecon.roster import card, fighter, fighter_ids
from judge.errors import IllegalDecisionError
from tests.judge.scene import (
    answer,
    facts_of,
    life,
    new_duel,
    pairs,
    pass_ante,
    settle,
    spaces,
    stage,
)
from tests.support import passes_on_the_source

RULES_2 = "rules-2"
ROOT = Path(__file__).parents[2]


def stamped(f0: str, f1: str, rules: str | None, **kw) -> Duel:
    """``scene.new_duel``, stamped with ``rules`` (None: no stamp, judged as before)."""
    record = new_duel(f0, f1, **kw).to_record()
    if rules:
        record["rules"] = rules
    return Duel.new(record)


# --- Finding 4: Fusion's push asks Exoskeletal, Rooted and Sturdy -----------------------------

# (fighter, Style that lets her ignore movement, discards keeping it in hand, Luc's space,
# hers, where Fusion's push leaves her, life she loses to it). Luc's Fusion Strike (priority
# 4) hits first at range 1 and pushes a space per point of damage.
PROTECTED = [
    # Exoskeletal Soak 2: 2 damage, pushed 3 -> 5 (Bladed as her form, not Mutating's copy).
    ("kehrolyn", "exoskeletal", (("bladed", "dash"), ("quicksilver", "grasp")), 2, 3, 5, 0),
    # Rooted Soak 2: 2 damage, pushed 3 -> 5.
    ("lixis", "rooted", (("pruning", "dash"), ("venomous", "grasp")), 2, 3, 5, 0),
    # Sturdy: 4 damage, a push of 4 from 4 cut short at 7 by the edge: 2 life instead.
    ("zaamassal", "sturdy", (("warped", "dash"), ("urgent", "burst")), 3, 4, 7, 2),
]


def fusion_hits(fid: str, style: str, discards: tuple, at: tuple[int, int],
                rules: str | None) -> Duel:
    duel = stamped("luc", fid, rules, d1=discards)
    stage(duel, spaces=at)
    pairs(duel, ("fusion", "strike"), (style, "shot"))
    pass_ante(duel)
    settle(duel)
    return duel


@pytest.mark.parametrize(("fid", "style", "discards", "luc", "her", "pushed", "lost"),
                         PROTECTED, ids=[p[0] for p in PROTECTED])
def test_fusion_asks_before_pushing_a_fighter_who_may_ignore_movement(
        fid, style, discards, luc, her, pushed, lost) -> None:
    """Rules-2: Fusion's push is a movement effect like any other: she is asked first;
    ignoring it she keeps her space (and loses no life to the edge); declining it she is
    pushed, the edge's 2 life lost where it cuts the push short."""
    for ignore in (True, False):
        duel = fusion_hits(fid, style, discards, (luc, her), RULES_2)
        before = life(duel)[1]
        prompt = duel.prompt
        assert prompt["kind"] == "may" and prompt["players"] == [1]
        assert prompt["about"].startswith(f"{style.title()}: ") and "Luc's Fusion" in \
            prompt["about"] and prompt["about"].endswith("Ignore it?")
        assert not [f for f in facts_of(duel.facts, F.Moved) if f.player == 1]
        answer(duel, 1, "may", accept=ignore)
        settle(duel)
        moves = [f for f in facts_of(duel.facts, F.Moved) if f.player == 1]
        lost_to_edge = [f for f in facts_of(duel.facts, F.LifeLost) if f.player == 1
                        and f.rule == "fusion: On Damage"]
        if ignore:
            assert spaces(duel) == (luc, her) and not moves and not lost_to_edge
            [ignored] = [f for f in facts_of(duel.facts, F.MovementIgnored) if f.player == 1]
            assert ignored.kind == "ignored" and ignored.rule == "fusion: On Damage"
        else:
            assert spaces(duel) == (luc, pushed)
            assert [(m.kind, m.by, m.start, m.end) for m in moves] == [("push", 0, her, pushed)]
            assert [f.amount for f in lost_to_edge] == ([lost] if lost else [])
            assert life(duel)[1] == before - lost


@pytest.mark.parametrize(("fid", "style", "discards", "luc", "her", "pushed", "lost"),
                         PROTECTED, ids=[p[0] for p in PROTECTED])
def test_unstamped_fusion_pushes_without_asking_as_before(
        fid, style, discards, luc, her, pushed, lost) -> None:
    """No stamp: judged as before the fix, Fusion pushes her at once, no question."""
    duel = fusion_hits(fid, style, discards, (luc, her), None)
    assert not any(isinstance(f, F.MovementIgnored) for f in duel.facts)
    [push] = [f for f in facts_of(duel.facts, F.Moved) if f.player == 1]
    assert (push.start, push.end, push.forced) == (her, pushed, True)
    assert "Ignore it?" not in duel.prompt["about"]


# --- Finding 7: Dark Force never lets Heketch stay where he is (R17.12) -----------------------


def dark_force(at: tuple[int, int], rules: str | None) -> Duel:
    duel = stamped("heketch", "khadath", rules)
    stage(duel, spaces=at)
    pairs(duel, ("critical", "strike"), ("hunters", "strike"))
    answer(duel, 0, "ante", token="dark-force")
    return duel


def test_dark_force_next_to_the_opponent_does_not_offer_his_own_space() -> None:
    """Rules-2, Heketch on 3 next to Khadath on 4: his own space is no option; the one
    unoccupied space next to Khadath is, so he moves there directly (R18.4, R17.12)."""
    duel = dark_force((3, 4), RULES_2)
    assert duel.prompt["kind"] != "move"
    [move] = [f for f in facts_of(duel.facts, F.Moved) if f.player == 0]
    assert (move.kind, move.start, move.end, move.passed, move.forced) == \
        ("direct", 3, 5, True, True)
    assert spaces(duel) == (5, 4)
    assert not any(isinstance(f, F.Declined) and f.player == 0 for f in duel.facts)
    with pytest.raises(IllegalDecisionError):  # no move of his is pending any more
        duel.decide({"player": 0, "kind": "move", "to": 3})


def test_dark_force_with_no_other_space_next_to_the_opponent_is_ignored() -> None:
    """Rules-2, Heketch on 6 next to Khadath on the edge (7): no unoccupied space next to
    Khadath but his own, so the move is ignored under R17.12; the +3 priority stays."""
    duel = dark_force((6, 7), RULES_2)
    [ignored] = [f for f in facts_of(duel.facts, F.MovementIgnored) if f.player == 0]
    assert ignored.rule == "R17.12" and ignored.kind == "direct"
    assert "never ends where it starts" in ignored.text
    assert spaces(duel) == (6, 7) and not facts_of(duel.facts, F.Moved)


def test_dark_force_prompt_refuses_his_own_space_under_r17_12() -> None:
    """Rules-2, both sides of Khadath free: the prompt offers them and cites R17.12, and a
    decision naming Heketch's own space is refused with that rule."""
    duel = dark_force((1, 5), RULES_2)
    assert duel.prompt["kind"] == "move" and duel.prompt["rule"] == "R17.12"
    assert [o["to"] for o in duel.prompt["options"]] == [4, 6]
    with pytest.raises(IllegalDecisionError) as refused:
        duel.decide({"player": 0, "kind": "move", "to": 1})
    assert refused.value.rule == "R17.12" and "Dark Force" in refused.value.reason
    assert spaces(duel) == (1, 5)


def test_unstamped_dark_force_still_lets_heketch_stay() -> None:
    """No stamp: judged as before, his own space is offered and accepted ("stays")."""
    duel = dark_force((3, 4), None)
    assert duel.prompt["kind"] == "move" and duel.prompt["rule"] == "dark-force: Ante"
    assert [o["to"] for o in duel.prompt["options"]] == [3, 5]
    facts = answer(duel, 0, "move", to=3)
    assert [f.text for f in facts_of(facts, F.Declined)] == [
        "Heketch stays where he is, already next to Khadath."]
    assert spaces(duel) == (3, 4)


# --- Sweep 1: from the card texts -------------------------------------------------------------

# A movement of a fighter in a card's words: push, pull, advance, retreat, move (directly),
# swap places, rearrange the standups.
MOVES = re.compile(r"\b(push|pull|pushed|pulled|advance|retreat|move|swap|rearrange)\b", re.I)
DIRECT = re.compile(r"\b(move directly|swap places|rearrange)\b", re.I)
# Words the pattern misreads, cut from a text before it is read (each says why).
NOT_A_FIGHTER = [
    re.compile(r"move (the gate trap|juto)\b[^,;.]*", re.I),  # a marker, a figure: no fighter
    re.compile(r"cannot (move|advance)\b[^,;.]*", re.I),  # a lock or a limit, not a movement
]
# Effects that move no fighter though a movement word survives (none today).
EXCEPTIONS: dict[str, str] = {}
# The only callables through which a card's own code may move a fighter.
CHOKE = {"question", "swap_question", "own_choice", "passive_pass",  # moving: the pass
         "arrange"}  # rules.arrange: a rearrangement asks under the ruling placing (P1)
CHOKE_ACTIONS = (Movement, Teleport)  # actions.py: both go through moving.question
MOVERS = {"Movement", "Advance", "Retreat", "Move", "Pull", "Push", "MoveOpponent",
          "Teleport"}


def registered_cards() -> Iterator[Card]:
    """Every card of the 18 fighters (as registered) and the generic ones."""
    for fid in fighter_ids():
        yield from fighter(fid).own_cards()
    yield from GENERIC_BASES
    yield SPECIAL_ACTION_CARD


def mover_texts() -> Iterator[tuple[Card, str, tuple]]:
    """(card, text, actions) for each effect text that moves a fighter; a passive's text
    has the card's hooks as its actions."""
    for c in registered_cards():
        for e in c.effects:
            if moves_a_fighter(e.text):
                yield c, e.text, e.actions
        for p in c.passives:
            if moves_a_fighter(p.text):
                yield c, p.text, tuple(c.hooks.values())


def moves_a_fighter(text: str) -> bool:
    for cut in NOT_A_FIGHTER:
        text = cut.sub("", text)
    return bool(MOVES.search(text)) and text not in EXCEPTIONS


def reaches(fn: Callable, names: set[str], depth: int = 4, seen: set | None = None) -> bool:
    """Whether ``fn``'s body calls one of ``names``, or a function of the project that does
    (followed through the names it calls, ``depth`` deep)."""
    seen = set() if seen is None else seen
    if depth < 0 or fn in seen or not callable(fn):
        return False
    seen.add(fn)
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(fn)))
    except (OSError, TypeError):
        return False
    scope = {**getattr(fn, "__globals__", {}), **closure_of(fn)}
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        called = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(
            node.func, "id", "")
        if called in names:
            return True
        target = scope.get(called)
        if inspect.isfunction(target) and target.__module__.startswith("judge.") and \
                reaches(target, names, depth - 1, seen):
            return True
    return False


def closure_of(fn: Callable) -> dict:
    cells = getattr(fn, "__closure__", None) or ()
    return dict(zip(fn.__code__.co_freevars, (c.cell_contents for c in cells), strict=False))


def goes_through_choke(action: object) -> bool:
    if isinstance(action, CHOKE_ACTIONS):
        return True
    fn = action.fn if isinstance(action, Custom) else action
    if isinstance(fn, Action) or not callable(fn):
        return False
    return reaches(fn, CHOKE | MOVERS)


def test_the_sweep_reads_every_catalogue_text() -> None:
    """The cards read are every card the catalogue shows a client, with all their texts."""
    shown = {t for f in catalogue()["fighters"]
             for kind in ("styles", "bases", "finishers", "cards_in_play")
             for c in f[kind] for t in c["effects"]}
    shown |= {t for f in catalogue()["fighters"] for c in (f["ability"], f["unique_base"])
              if c for t in c["effects"]}
    read = {t for c in registered_cards() for t in card_json(c)["effects"]}
    assert shown <= read


def test_every_card_text_that_moves_a_fighter_goes_through_the_choke_point() -> None:
    """Each effect text that pushes, pulls, advances, retreats, moves, swaps or rearranges
    a fighter is resolved by a choke-point action: Movement, Teleport, or a Custom whose
    code asks ``moving.question`` (or ``rules.arrange``). A card that built its own Moved
    or forgot the question fails here. Read in the source (a compiled closure hides what it
    calls)."""
    if not passes_on_the_source(f"{__file__}::{test_every_card_text_that_moves_a_fighter_goes_through_the_choke_point.__name__}"):
        return
    found = list(mover_texts())
    assert {c.id for c, _, _ in found} >= {
        "drive", "burst", "grasp", "dash", "fusion", "dark-force", "chrono", "accelerando",
        "repelling", "soul-mirror", "planar-crossing", "empathic", "the-watchers"}
    missed = [f"{c.id}: {text}" for c, text, actions in found
              if not any(goes_through_choke(a) for a in actions)]
    assert missed == []


def test_every_move_directly_text_uses_the_direct_move_rule() -> None:
    """Each "move directly" (or swap, rearrange) effect finds its spaces by the one rule
    of direct moves, ``movement.direct_destinations`` (Teleport does), or is a swap or a
    rearrangement, whose destination is the other standup's space or any two spaces."""
    direct = [(c, text, actions) for c, text, actions in mover_texts() if DIRECT.search(text)
              or "directly" in text.lower()]
    assert {c.id for c, _, _ in direct} >= {"dark-force", "paladin", "plane-divider",
                                            "the-watchers", "soul-mirror", "reload"}
    rule = {"direct_destinations", "swap_question", "arrange"}
    missed = [f"{c.id}: {text}" for c, text, actions in direct
              if not any(isinstance(a, Teleport) or (isinstance(a, Custom) and reaches(
                  a.fn, rule)) for a in actions)]
    assert missed == []


def test_no_module_but_the_choke_point_builds_a_moved_fact() -> None:
    """``facts.Moved`` (and a subclass: Soul Mirror's) is built in ``moving`` only, a pass
    (``Cleared``) is made there only, and no Moved is remade with another mover or space."""
    movers = {name for name, cls in F.FACT_TYPES.items() if issubclass(cls, F.Moved)}
    assert "SagasSwapped" in movers
    bad = []
    for path in sorted((ROOT / "judge" / "battlecon").rglob("*.py")):
        if path.name == "moving.py":
            continue
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            called = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(
                node.func, "id", "")
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            if called in movers | {"Cleared", "may_ignore"}:
                bad.append(f"{where} calls {called}")
            if called == "replace" and {k.arg for k in node.keywords} & {
                    "player", "by", "start", "end", "spaces", "kind"}:
                bad.append(f"{where} remakes a fact's movement")
    assert bad == []
    assert not hasattr(actions, "moved") and not hasattr(actions, "may_ignore")


def test_a_passive_that_moves_a_fighter_goes_through_the_choke_point() -> None:
    """A card that moves a fighter by a hook (Mimic's follows the opponent) does so
    through the choke point too (``moving.passive_pass``)."""
    mimic = card("mimics")
    assert any(reaches(fn, CHOKE) for fn in mimic.hooks.values())


# --- Sweep 2: seeded duels under rules-2 -------------------------------------------------------

GUARDED = ("kehrolyn", "lixis", "zaamassal")  # Exoskeletal, Rooted, Sturdy
SEEDS = 3


def play_checking_prompts(seed: int, f0: str, f1: str) -> tuple[Duel, list[str]]:
    """A seeded playout (``playout.play``'s choices) under today's stamp; a "move directly"
    prompt offering the mover's own space is noted (unless staying is declining a may)."""
    rng = random.Random(seed)
    duel = Duel.new(record_setup(f0, f1, True, False, rng.randrange(2), rng))
    assert duel.state.rules == 2
    bad = []
    while not duel.over:
        need = duel.need
        if need is not None and need.kind == "move" and "directly" in need.about and \
                "to stay" not in need.about:
            here = duel.state.players[need.extra["mover"]].space
            if any(isinstance(o, Move) and o.to == here for o in need.options):
                bad.append(f"offers the mover's own space: {need.about}")
        duel.decide(choose(duel, rng))
    return duel, bad


def unasked_movements(duel: Duel) -> list[str]:
    """Movements of a guarded fighter that her hook covered without the question first:
    each Moved of hers by an opponent's effect (or a forced one of her own) needs a
    declined question (its effect's item comes back ``KEPT``) since her last move."""
    s = replay_facts(duel.setup, [])
    asked, prev, bad = {0: False, 1: False}, None, []
    for f in duel.facts:
        if isinstance(f, F.Moved):
            p = f.player
            if f.kind == "direct" and f.start == f.end:
                bad.append(f"direct move ends where it started: {f.text}")
            if s.players[p].fighter in GUARDED and f.start != f.end and (f.by != p or f.forced):
                why = first_reason(s, MAY_IGNORE_MOVEMENT, p, f.by)
                if why and not asked[p]:
                    bad.append(f"{why} not asked: {f.rule}: {f.text}")
                asked[p] = False
        if isinstance(f, F.EffectResumed) and isinstance(prev, F.Declined) and \
                moving.KEPT in str(f.item):
            asked[prev.player] = True
        prev = f
        f.run(s)
    return bad


GUARDED_PAIRS = [(a, b) for a in GUARDED for b in FIGHTERS if b != a]


@pytest.mark.parametrize(("guarded", "other"), GUARDED_PAIRS,
                         ids=[f"{a}-{b}" for a, b in GUARDED_PAIRS])
def test_seeded_duels_ask_before_every_movement_and_never_stay_by_a_direct_move(
        guarded: str, other: str) -> None:
    """Rules-2 playouts, both seats: whenever Exoskeletal, Rooted or Sturdy is in force for
    a fighter an effect moves, she was asked first; no direct move ends where it started
    or offers the mover's own space."""
    for seed in range(SEEDS):
        for f0, f1 in ((guarded, other), (other, guarded)):
            duel, bad = play_checking_prompts(seed, f0, f1)
            bad += unasked_movements(duel)
            assert bad == [], f"seed {seed}, {f0} v {f1}"
