"""Shadow Mirror: "Sagas may treat a Mirror Token as any other kind of Token to fulfill card
effects" (sagas.yaml; sagas.toml, shadow-mirror tokens), the ruling ``mirror-token``.

Each copied effect that spends a named token (Echo's copy of a Style, Staff's of a unique
Base, a card Assimilate took) may spend his Mirror instead under ``mirror-token: any``; a
record that names no reading (``own``) drops them as name-bound, as before. Sagas is
player 0.
"""

from __future__ import annotations

import pytest

from judge.battlecon import facts as F
from judge.battlecon.cards import (
    AFTER_ACTIVATING,
    BEFORE_ACTIVATING,
    END_OF_BEAT,
    ON_BEING_HIT,
    ON_HIT,
    START_OF_BEAT,
)
from judge.battlecon.fighters.sagas import MIRROR
from judge.battlecon.hooks import cards_in_force
from judge.battlecon.state import Pair
from judge.battlecon.stats import attack
from tests.judge.scene import answer, facts_of, pairs, pass_ante, stage
from tests.judge.test_cards_sagas import ECHO_KEEP, laid, play_out, queued, sagas_vs

ANY = {"mirror-token": "any"}

# Copied card, its fighter, the opponent's discards that leave it in discard 1, the window
# (range 1, but Chrono's advance needs room: spaces 3 and 6).
ECHOED = [
    ("critical", "heketch", (("critical", "dash"), ("merciless", "grasp")), ON_HIT),
    ("rasping", "heketch", (("rasping", "dash"), ("merciless", "grasp")), ON_HIT),
    ("psycho", "heketch", (("psycho", "dash"), ("merciless", "grasp")), END_OF_BEAT),
    ("chrono", "luc", (("chrono", "dash"), ("feinting", "grasp")), START_OF_BEAT),
    ("eternal", "luc", (("eternal", "dash"), ("feinting", "grasp")), ON_BEING_HIT),
    ("crossfire", "rukyuk", (("crossfire", "dash"), ("sniper", "grasp")), ON_HIT),
    ("gunner", "rukyuk", (("gunner", "dash"), ("sniper", "grasp")), BEFORE_ACTIVATING),
]


def stand_ins(s, timing):
    return [c for c in queued(s, 0, timing) if c.endswith("~sagas")]


@pytest.mark.parametrize(("copied", "fid", "d1", "timing"), ECHOED,
                         ids=[row[0] for row in ECHOED])
def test_echoed_token_effect_may_spend_the_mirror_under_mirror_token_any(copied, fid, d1,
                                                                       timing):
    """Echo copying a Style whose effect spends its fighter's token: with the Mirror in his
    pool and ``mirror-token: any`` the copy's stand-in is queued in its window; under
    ``own`` (and in a record naming none) it is dropped; without the Mirror in his pool
    nothing is offered (only legal options)."""
    their_style = d1[1][0]
    at = (3, 6) if copied == "chrono" else (3, 4)
    s = laid(fid, ("echo", "strike"), (their_style, "strike"), spaces=at, d1=d1,
             rulings=ANY)
    assert MIRROR in s.players[0].token_pool
    assert stand_ins(s, timing) == [f"{copied}~sagas"]
    for rulings in ({"mirror-token": "own"}, {}):
        legacy = laid(fid, ("echo", "strike"), (their_style, "strike"), spaces=at, d1=d1,
                      rulings=rulings)
        assert stand_ins(legacy, timing) == []
    s.players[0].token_pool.remove(MIRROR)
    s.players[0].token_discard.append(MIRROR)
    s.cache.forget()
    assert stand_ins(s, timing) == []


def critical_beat(rulings):
    """Sagas's Echo Strike (space 3) copies Heketch's Critical against his Merciless Shot
    (space 4): Sagas is faster and hits at range 1."""
    duel = sagas_vs("heketch", d0=ECHO_KEEP, rulings=rulings,
                    d1=(("critical", "dash"), ("psycho", "grasp")))
    stage(duel, spaces=(3, 4))
    pairs(duel, ("echo", "strike"), ("merciless", "shot"))
    pass_ante(duel)
    return duel


def test_echoed_critical_spends_the_mirror_as_dark_force_for_3_power():
    """Critical (copied): "At range 1 you may spend Dark Force for +3 power": Sagas spends
    his Mirror in its place: +3 power, and the Mirror goes to his token discard."""
    duel = critical_beat(ANY)
    while not (duel.prompt["kind"] == "may" and "Mirror" in duel.prompt["about"]):
        duel.decide(duel.prompt["options"][0])
    assert "as a Dark Force token for +3 power" in duel.prompt["about"]
    answer(duel, 0, "may", accept=True)
    assert MIRROR in duel.state.players[0].token_discard
    gained = [(f.player, f.stat, f.amount) for f in facts_of(duel.facts, F.StatusGained)
              if f.source == "Critical (copied)"]
    assert gained == [(0, "power", 3)]
    spent = [f.text for f in duel.facts if type(f).__name__ == "SagasMirrorSpent"]
    assert spent == ["Critical (copied): Sagas spends his Mirror token as a Dark Force token "
                     "for +3 power."]


def test_echoed_critical_declined_keeps_the_mirror():
    duel = critical_beat(ANY)
    while not (duel.prompt["kind"] == "may" and "Mirror" in duel.prompt["about"]):
        duel.decide(duel.prompt["options"][0])
    answer(duel, 0, "may", accept=False)
    assert MIRROR in duel.state.players[0].token_pool
    assert "Sagas keeps his Mirror token." in [f.text for f in facts_of(duel.facts, F.Declined)]


def test_echoed_critical_in_a_record_naming_no_mirror_token_asks_nothing():
    """A record that names no ``mirror-token`` replays as before: no Mirror is offered."""
    duel = critical_beat({})
    play_out(duel)
    assert not [f for f in duel.facts if type(f).__name__ == "SagasMirrorSpent"]
    assert MIRROR in duel.state.players[0].token_pool


def test_echoed_gunner_range_with_the_mirror_is_1_to_5_more():
    """Gunner (copied): before the Mirror is spent Strike's range 1 is 3~5 (+2~4); the
    Mirror discarded as Ammo makes it +1~5 instead: a status of -1~+1 range."""
    s = laid("rukyuk", ("echo", "strike"), ("sniper", "strike"), spaces=(1, 7),
             d1=(("gunner", "dash"), ("crossfire", "grasp")), rulings=ANY)
    assert tuple(attack(s, 0).range) == (3, 5)
    duel = sagas_vs("rukyuk", d0=ECHO_KEEP, rulings=ANY,
                    d1=(("gunner", "dash"), ("crossfire", "grasp")))
    stage(duel, spaces=(1, 7))
    pairs(duel, ("echo", "strike"), ("sniper", "strike"))
    pass_ante(duel)
    while not (duel.prompt["kind"] == "may" and "Mirror" in duel.prompt["about"]):
        duel.decide(duel.prompt["options"][0])
    assert "as an Ammo token for range +1~5 instead of +2~4" in duel.prompt["about"]
    answer(duel, 0, "may", accept=True)
    gained = [(f.stat, f.amount) for f in facts_of(duel.facts, F.StatusGained)
              if f.source == "Gunner (copied)"]
    assert gained == [("range", [-1, 1])]
    assert MIRROR in duel.state.players[0].token_discard


def test_memento_copied_is_never_paid_with_one_mirror():
    """Memento spends 2 Time tokens: one Mirror never pays them, so nothing is offered."""
    s = laid("luc", ("echo", "strike"), ("chrono", "strike"), spaces=(3, 4),
             d1=(("memento", "dash"), ("feinting", "grasp")), rulings=ANY)
    assert stand_ins(s, AFTER_ACTIVATING) == []


def test_staff_copying_deathblow_has_no_mirror_left_to_spend():
    """Staff copies the opponent's unique Base only with the Mirror anted, so the Mirror
    is never in his pool for Deathblow's Crescendo spend: no stand-in is queued."""
    from tests.judge.test_cards_sagas import ante

    s = laid("demitras", ("negation", "staff"), ("darkside", "deathblow"), spaces=(3, 4),
             rulings=ANY)
    ante(s, 0, MIRROR)
    s.cache.forget()
    assert "deathblow~sagas" in [c.id for c in cards_in_force(s, 0)]
    assert stand_ins(s, ON_HIT) == []


def test_assimilated_critical_may_spend_the_mirror_as_dark_force():
    """Assimilate took Heketch's Critical Strike; next beat Sagas lays Critical as his own
    (his copy, R0.13): at range 1 its stand-in is queued On Hit (his Mirror in place of
    Dark Force)."""
    duel = sagas_vs("heketch", finishers=("assimilate", None), rulings=ANY)
    stage(duel, spaces=(2, 5), life=(5, 20))
    pairs(duel, ("special-action", "strike"), ("critical", "strike"))
    pass_ante(duel)
    play_out(duel)
    assert "critical" in duel.state.players[0].hand
    s = duel.state.clone()  # next beat, laid by hand at range 1 (a correction cannot say
    s.players[0].space, s.players[1].space = 3, 4  # that Sagas holds Heketch's cards)
    for p, (style, base) in ((0, ("critical", "strike")), (1, ("merciless", "shot"))):
        s.players[p].hand = [c for c in s.players[p].hand if c not in (style, base)]
        s.players[p].pair = Pair(style, base, revealed=True)
    s.cache.forget()
    assert MIRROR in s.players[0].token_pool
    assert stand_ins(s, ON_HIT) == ["critical~sagas"]
