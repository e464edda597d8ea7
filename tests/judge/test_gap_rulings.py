"""Four gaps no source fills, each a switchable ruling (judge/battlecon/rulings.py): a record
that names no reading is judged as before (the ``default``), a new duel names the
``recommended`` one. Each test plays one situation under both readings, and once with the
ruling left out, and asserts what a judge sees: spaces, life, the prompt's options and text.

- ``mimic-movement`` (Seth's Mimic's): ``after`` (default, recommended) or ``together``.
- ``wyrding-start`` (Seth's Wyrding swapping in Omen): ``skipped`` (default) or
  ``resolves`` (recommended).
- ``form-in-finisher`` (Kehrolyn's Current Form on a Finisher): ``applies`` (default,
  recommended) or ``replaced``.
- ``juto-direction`` (Tatsumi's Wave moving Juto "toward the opponent"): ``from-tatsumi``
  (default) or ``from-juto`` (recommended); the prompt says the way in the board's terms.
"""

from __future__ import annotations

import pytest

from judge.battlecon import Duel
from judge.battlecon import facts as F
from judge.battlecon.fighters.seth import SethBaseSwapped
from judge.battlecon.fighters.tatsumi import JUTO
from judge.battlecon.position import FORMAT
from judge.battlecon.rulings import RULINGS, recommended
from tests.judge.scene import (
    answer,
    facts_of,
    life,
    new_duel,
    option_values,
    pairs,
    pass_ante,
    settle,
    spaces,
    stage,
)

SETH_HAND = (("fools", "dash"), ("vanishing", "grasp"))  # Compelling, Mimic's, Wyrding in hand
KHADATH_DRIVE = (("evacuation", "dash"), ("teleport", "grasp"))  # Hunter's, Drive in hand
FORM_BLADED = (("bladed", "dash"), ("exoskeletal", "grasp"))
FORM_MUTATING = (("mutating", "dash"), ("exoskeletal", "grasp"))
LEFT_OUT = None  # the ruling left out of the record: its default


def test_the_four_rulings_keep_older_records_as_they_were_judged():
    """Every default is today's reading; a new duel names the recommended one."""
    assert {k: RULINGS[k]["default"] for k in ("mimic-movement", "wyrding-start",
                                               "form-in-finisher", "juto-direction")} == {
        "mimic-movement": "after", "wyrding-start": "skipped",
        "form-in-finisher": "applies", "juto-direction": "from-tatsumi"}
    assert {k: recommended()[k] for k in ("mimic-movement", "wyrding-start",
                                          "form-in-finisher", "juto-direction")} == {
        "mimic-movement": "after", "wyrding-start": "resolves",
        "form-in-finisher": "applies", "juto-direction": "from-juto"}


# --- mimic-movement -------------------------------------------------------------------


def khadath_drives(reading: str | None, at: tuple[int, int]) -> Duel:
    """Seth (Mimic's Strike, a wrong guess) against Khadath's Hunter's Drive: Khadath
    advances 1 or 2 before activating, toward Seth; the beat waits on where to."""
    duel = new_duel("seth", "khadath", d0=SETH_HAND, d1=KHADATH_DRIVE,
                    rulings={"mimic-movement": reading})
    stage(duel, spaces=at)
    pairs(duel, ("mimics", "strike"), ("hunters", "drive"))
    answer(duel, 0, "guess", base="shot")
    pass_ante(duel)
    settle(duel)
    assert duel.prompt["kind"] == "move" and duel.prompt["players"] == [1]
    return duel


def seths_moves(duel: Duel) -> list[str]:
    return [f.text for f in duel.facts
            if isinstance(f, F.Moved | F.MovementIgnored) and f.player == 0]


@pytest.mark.parametrize("reading", ["after", LEFT_OUT])
def test_mimic_after_lets_the_opponent_hop_over_seth_and_copies_afterwards(reading):
    """``after``: Khadath on 3 advances past Seth on 4 (he is hopped over, R17.5), then Seth
    copies the 2 spaces the same way, passing him back."""
    duel = khadath_drives(reading, (4, 3))
    assert option_values(duel, "to") == [5, 6]
    answer(duel, 1, "move", to=6)
    settle(duel)
    assert seths_moves(duel) == ["Mimic's: Seth advances 2 spaces, 4 → 7, passing Khadath."]
    assert spaces(duel) == (7, 6)


def test_mimic_together_moves_seth_first_and_nobody_hops():
    """``together``: Khadath never hops over Seth, who moves ahead of him the same 2 spaces:
    the range stays 1."""
    duel = khadath_drives("together", (4, 3))
    assert option_values(duel, "to") == [4, 5]
    answer(duel, 1, "move", to=5)
    settle(duel)
    moves = facts_of(duel.facts, F.Moved)
    assert [(m.player, m.start, m.end) for m in moves[:2]] == [(0, 4, 6), (1, 3, 5)]
    assert seths_moves(duel) == ["Mimic's: Seth retreats 2 spaces, 4 → 6, moving along as "
                                 "Khadath moves 2 spaces toward him."]
    assert moves[0].rule == "mimics: passive" and not moves[1].passed
    assert spaces(duel) == (6, 5)


@pytest.mark.parametrize("reading,seth,text", [
    ("after", 6, "Mimic's: Seth cannot follow 2 spaces the same way (the board ends that "
                 "way), so he stays."),
    (LEFT_OUT, 6, "Mimic's: Seth cannot follow 2 spaces the same way (the board ends that "
                  "way), so he stays."),
    ("together", 7, "Mimic's: Seth retreats 1 space, 6 → 7, stopped by the board's edge, "
                    "moving along as Khadath moves 2 spaces toward him.")])
def test_mimic_at_the_boards_edge(reading, seth, text):
    """Seth on 6, Khadath advancing 2 from 3: ``after`` drops a copy that cannot be made in
    full (R17.9); ``together`` stops Seth at the edge."""
    duel = khadath_drives(reading, (6, 3))
    assert option_values(duel, "to") == [4, 5]
    answer(duel, 1, "move", to=5)
    settle(duel)
    assert seths_moves(duel) == [text]
    assert spaces(duel) == (seth, 5)


def test_mimic_together_never_walks_the_opponent_onto_the_edge_beyond_seth():
    """``together``, Seth already on the edge (7): Khadath on 5 may advance 1 (Seth cannot
    move, so he stays), never 2 onto the edge Seth stands on: Drive's advance is forced."""
    duel = new_duel("seth", "khadath", d0=SETH_HAND, d1=KHADATH_DRIVE,
                    rulings={"mimic-movement": "together"})
    stage(duel, spaces=(7, 5))
    pairs(duel, ("mimics", "strike"), ("hunters", "drive"))
    answer(duel, 0, "guess", base="shot")
    pass_ante(duel)
    settle(duel)
    drive = [f for f in facts_of(duel.facts, F.Moved) if f.player == 1]
    assert [(f.start, f.end, f.forced) for f in drive] == [(5, 6, True)]
    assert spaces(duel) == (7, 6) and seths_moves(duel) == []


# --- wyrding-start --------------------------------------------------------------------


def wyrding_omen(reading: str | None) -> Duel:
    """Seth on 3 (Wyrding Strike, guessing Khadath's Shot right) swaps in Omen at the Start
    of Beat; Khadath (Hunter's Shot, range 1~4) stands on 5, out of Omen's range 1."""
    duel = new_duel("seth", "khadath", d0=SETH_HAND, rulings={"wyrding-start": reading})
    stage(duel, spaces=(3, 5))
    pairs(duel, ("wyrding", "strike"), ("hunters", "shot"))
    answer(duel, 0, "guess", base="shot")
    pass_ante(duel)
    settle(duel)
    answer(duel, 0, "pick", option="omen")
    settle(duel)
    assert [(f.old, f.new) for f in facts_of(duel.facts, SethBaseSwapped)] == [("strike", "omen")]
    return duel


def test_wyrding_start_resolves_omens_stun_this_beat():
    """``resolves``: Omen's Start of Beat effect joins this Start of Beat after Wyrding, so
    Khadath is stunned and skips his attack; Seth's Omen misses at range 2."""
    duel = wyrding_omen("resolves")
    stunned = facts_of(duel.facts, F.Stunned)
    assert [(f.rule, f.player) for f in stunned] == [("omen: Start of Beat", 1)]
    assert [f.player for f in facts_of(duel.facts, F.ActivationSkipped)] == [1]
    assert life(duel) == (20, 20)


@pytest.mark.parametrize("reading", ["skipped", LEFT_OUT])
def test_wyrding_start_skipped_omen_swapped_in_does_not_stun(reading):
    """``skipped``: the Start of Beat was queued before the swap: Omen does not stun, and
    Khadath's Hunter's Shot hits Seth for 3."""
    duel = wyrding_omen(reading)
    assert not [f for f in facts_of(duel.facts, F.Stunned) if f.player == 1]
    assert not facts_of(duel.facts, F.ActivationSkipped)
    assert life(duel) == (17, 20)


# --- form-in-finisher -----------------------------------------------------------------


def hydra_fork(reading: str | None, discards: tuple) -> Duel:
    """Kehrolyn at 5 life antes Hydra Fork (range 1~3, power 6) against Khadath's Hunter's
    Shot, Kehrolyn on 3 and Khadath on 5."""
    duel = new_duel("kehrolyn", "khadath", d0=discards, ante_finishers=True,
                    rulings={"form-in-finisher": reading})
    stage(duel, life=(5, 20))
    pairs(duel, ("whip", "strike"), ("hunters", "shot"))
    answer(duel, 0, "ante", finisher=True)
    pass_ante(duel)
    settle(duel)
    return duel


def hydra_damage(duel: Duel) -> list[int]:
    return [f.amount for f in facts_of(duel.facts, F.DamageDealt) if f.attacker == 0]


@pytest.mark.parametrize("reading,damage,theirs", [
    ("applies", 8, 12), (LEFT_OUT, 8, 12), ("replaced", 6, 14)])
def test_form_in_finisher_bladed(reading, damage, theirs):
    """Bladed (+2 power) as her Current Form: ``applies`` makes Hydra Fork deal 8,
    ``replaced`` the printed 6. She takes 3 and heals 5 either way."""
    duel = hydra_fork(reading, FORM_BLADED)
    assert hydra_damage(duel) == [damage]
    assert life(duel) == (7, theirs)


@pytest.mark.parametrize("reading,lost", [("applies", [0]), (LEFT_OUT, [0]), ("replaced", [])])
def test_form_in_finisher_mutating_costs_a_life_only_while_it_applies(reading, lost):
    """Mutating as her Current Form: its End of Beat life loss applies to the Finisher beat
    under ``applies``, not under ``replaced``."""
    duel = hydra_fork(reading, FORM_MUTATING)
    while duel.prompt and duel.state.step != "select":
        settle(duel)
        if duel.state.step != "select" and duel.prompt:
            duel.decide(duel.prompt["options"][0])
    assert [f.player for f in facts_of(duel.facts, F.LifeLost)] == lost


# --- juto-direction -------------------------------------------------------------------


def wave_juto(reading: str | None) -> Duel:
    """Tatsumi on 1 plays Wave; Khadath on 3; Juto beyond him on 5. Wave's After
    Activating moves Juto "any number of spaces toward the opponent"."""
    rulings = {} if reading is None else {"juto-direction": reading}
    tatsumi = {"fighter": "tatsumi", "space": 1, "discard_1": ["empathic", "dash"],
               "discard_2": ["siren", "burst"], "figures": {JUTO: {"space": 5, "life": 4}}}
    khadath = {"fighter": "khadath", "space": 3, "discard_1": ["evacuation", "dash"],
               "discard_2": ["teleport", "grasp"]}
    duel = Duel.new({"format": "battlecon-record/1", "ruleset": "battlecon-2014",
                     "position": {"format": FORMAT, "ante_first": 0,
                                  "options": {"special_actions": False,
                                              "rulings": rulings},
                                  "players": [tatsumi, khadath]}})
    pairs(duel, ("wave", "strike"), ("hunters", "shot"))
    pass_ante(duel)
    settle(duel)
    while duel.prompt.get("figure") != JUTO:
        duel.decide(duel.prompt["options"][0])
        settle(duel)
    return duel


@pytest.mark.parametrize("reading", ["from-tatsumi", LEFT_OUT])
def test_juto_direction_from_tatsumi(reading):
    """``from-tatsumi``: the direction from Tatsumi toward Khadath is up the board, so Juto
    on 5 may stay or go on to 6 or 7, away from Khadath; the prompt says so."""
    duel = wave_juto(reading)
    assert option_values(duel, "to") == [5, 6, 7]
    assert duel.prompt["about"] == (
        "Tatsumi's Wave: move Juto any number of spaces toward the opponent. Here that is "
        "to a higher-numbered space (from Tatsumi on 1 toward Khadath on 3). Where does "
        "Juto go?")


def test_juto_direction_from_juto():
    """``from-juto``: toward Khadath from Juto's own space, down the board, at most onto
    Khadath's space (3)."""
    duel = wave_juto("from-juto")
    assert option_values(duel, "to") == [3, 4, 5]
    assert duel.prompt["about"] == (
        "Tatsumi's Wave: move Juto any number of spaces toward the opponent. Here that is "
        "to a lower-numbered space (from Juto on 5 toward Khadath on 3). Where does Juto go?")
    answer(duel, 0, "move", to=3)
    assert duel.state.figure(0, JUTO).space == 3


# --- the sweep: Mimic's moving along, over seeded duels -------------------------------


def mimic_walks(duel: Duel, seth: int) -> tuple[int, int]:
    """Replay ``duel`` fact by fact, checking the playouts' invariants after each (standups
    on distinct spaces among them), and that no walk of the opponent's passes Seth while his
    Mimic's is in force under ``together``. Returns (walks of the opponent under Mimic's,
    of them toward Seth)."""
    from judge.battlecon.replay import replay_facts
    from tests.judge.test_playouts import check_invariants

    s = replay_facts(duel.setup, [])
    walks = toward_him = 0
    for n, (kind, e) in enumerate(duel.events, 1):
        if kind == "decision":
            continue
        pair = s.players[seth].pair
        mimicking = pair is not None and pair.revealed and pair.style == "mimics"
        before = s.players[seth].space
        e.run(s)
        check_invariants(s, f"event {n} ({type(e).__name__})")
        if mimicking and isinstance(e, F.Moved) and e.player != seth and e.kind != "direct" \
                and e.spaces:
            walks += 1
            toward_him += (before - e.start) * (e.end - e.start) > 0
            assert not e.passed, f"event {n}: {e.text}"
    return walks, toward_him


def test_sweep_mimic_together_over_seeded_duels_against_every_fighter():
    """Seth against each of the eighteen fighters, both seats, under ``mimic-movement:
    together``: every opponent's walk while Mimic's is in force goes through the choke point
    (``judge.battlecon.along``), so none hops over Seth and no two standups ever share a
    space; the sweep must meet walks toward him, or it proves nothing."""
    from judge.battlecon.playout import FIGHTERS, play

    walks = toward_him = 0
    for other in FIGHTERS:
        for seed, seth in ((1, 0), (2, 1), (3, 0)):
            pair = ("seth", other) if seth == 0 else (other, "seth")
            duel = play(seed, *pair, rulings={"mimic-movement": "together"})
            assert duel.over
            found = mimic_walks(duel, seth)
            walks, toward_him = walks + found[0], toward_him + found[1]
    assert walks >= 10 and toward_him >= 5, (walks, toward_him)


# Walks that need not ask for ``along``: each moves a standup no MOVES_ALONG card follows.
NOT_ALONG = {
    ("movement.py", "lead_end"),  # the standup moving along itself, walking ahead
    ("fighters/seth.py", "mimic"),  # Seth's own copy, after the opponent moved
    ("fighters/luc.py", "fusion_push"),  # Luc pushes his opponent: the one who mimics
    # The 001 wall rule (battlecon-2011, C03) asks the same walk again, cut short, with
    # the caller's own ``along``: it adds no walk of its own.
    ("movement.py", "destinations"),
}


def test_sweep_every_walk_in_the_engine_asks_for_the_standup_moving_along():
    """Every call that finds a walk's ends (``destinations``) in the engine and the fighters
    passes ``along=True`` and so goes through the choke point, save the commented few: a
    fighter module that computes a walk of its own and forgets fails here."""
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "judge" / "battlecon"
    found = set()
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for fn in ast.walk(tree):
            if not isinstance(fn, ast.FunctionDef):
                continue
            for call in ast.walk(fn):
                if isinstance(call, ast.Call) and getattr(call.func, "id", "") == "destinations":
                    where = (path.relative_to(root).as_posix(), fn.name)
                    along = any(k.arg == "along" and getattr(k.value, "value", False) is True
                                for k in call.keywords)
                    assert along or where in NOT_ALONG, f"{where} walks without along=True"
                    found.add(where)
    assert NOT_ALONG <= found  # no stale exception
    assert len(found) >= 6, found
