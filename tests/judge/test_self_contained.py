"""Stored facts are self-contained (issue 9, item 5): replaying them never consults card
definitions, so a duel replays the same after a card is corrected. A fact stored by
release 1 carries no plan and still replays by asking the rules."""

from __future__ import annotations

import itertools

import pytest

from judge.battlecon import Duel, rules
from judge.battlecon import facts as F
from judge.battlecon.kits import _CARDS
from judge.battlecon.playout import FIGHTERS, play

CARD_CONSULTING = ("window", "effects_for", "begin_step", "after_reveal", "push_reveal",
                   "queue_activation", "queue_hit", "queue_damage",
                   "on_token_anted")


def _forbidden(name: str):
    def refuse(*args, **kwargs):
        raise AssertionError(f"replaying stored facts consulted the rules: {name}")
    return refuse


@pytest.fixture
def no_card_code(monkeypatch):
    """Every rules procedure that reads cards raises, and every card loses its effects."""
    for name in CARD_CONSULTING:
        monkeypatch.setattr(rules, name, _forbidden(name))
    for cid, card in list(_CARDS.items()):
        monkeypatch.setitem(_CARDS, cid, type(card)(card.id, card.name, card.kind))


DUELS = [(seed, f0, f1, sa, af) for seed, ((f0, f1), (sa, af)) in enumerate(itertools.product(
    itertools.product(FIGHTERS, FIGHTERS), ((True, False), (False, False), (True, True))))]


@pytest.mark.parametrize("seed, f0, f1, sa, af", DUELS[::3],
                         ids=lambda v: str(v) if not isinstance(v, bool) else None)
def test_stored_facts_replay_without_card_code(request, seed, f0, f1, sa, af) -> None:
    duel = play(seed, f0, f1, special_actions=sa, ante_finishers=af)
    stored = [(k, e if k == "decision" else e.to_json()) for k, e in duel.events]
    checkpoints = {n for n, (k, e) in enumerate(duel.events, 1)
                   if k == "fact" and isinstance(e, F.BeatBegan)} | {len(duel.events)}
    expected = {n: duel.state_at(n) for n in checkpoints}
    request.getfixturevalue("no_card_code")
    replayed = Duel.restore(duel.setup)
    for n, (kind, payload) in enumerate(stored, 1):
        replayed.absorb(kind, payload)
        if n in expected:
            assert replayed.state == expected[n], (seed, n)


def test_a_planned_fact_keeps_what_the_rules_queued() -> None:
    duel = play(1, "hikaru", "khadath")
    hit = next(e for k, e in duel.events if k == "fact" and isinstance(e, F.Hit))
    plan = hit.to_json()["planned"]
    assert ["damage", hit.attacker] in plan["agenda"]
    assert F.Fact.from_json(hit.to_json()) == hit


def test_a_release1_fact_has_no_plan_and_round_trips_exactly() -> None:
    stored = {"type": "Hit", "rule": "R13.3", "text": "Ben is at range 1: it hits.",
              "attacker": 0}
    fact = F.Fact.from_json(stored)
    assert fact.planned == F.RULES
    assert fact.to_json() == stored  # the hash chain of a release-1 log stays intact


def test_without_their_plans_the_same_facts_would_need_card_code(request) -> None:
    """The check above can fail: facts stripped of their plans ask the (removed) rules."""
    duel = play(0, "kallistar", "cadenza")
    stored = [(k, e if k == "decision" else {x: v for x, v in e.to_json().items()
                                              if x != "planned"}) for k, e in duel.events]
    request.getfixturevalue("no_card_code")
    replayed = Duel.restore(duel.setup)
    with pytest.raises(AssertionError, match="consulted the rules"):
        for kind, payload in stored:
            replayed.absorb(kind, payload)
