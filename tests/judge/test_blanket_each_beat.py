"""Unique abilities that act "at the end of each beat" act after recycling (R10.3), under
the stamp ``rulestamp.AFTER_RECYCLING`` (``judge/battlecon/each_beat.py``): issue 26,
finding 6 (Sagas regained his Mirror at the End of Beat, reading the discards before they
recycled).

The sweeps: every unique ability text of the 18 fighters that acts at the end of the beat
is an After Recycling Effect (or one moved there under the stamp); seeded duels under
rules-2 see no ability act at the End of Beat, and every After Recycling one (Sagas's
Mirror regain included) act after both players' Recycled facts.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from judge.battlecon import cardset
from judge.battlecon import facts as F
from judge.battlecon.carddata import project_choices
from judge.battlecon.cards import AFTER_RECYCLE, END_OF_BEAT, TIMING_NAMES, Card, Effect
from judge.battlecon.catalogue import catalogue
from judge.battlecon.duel import Duel
from judge.battlecon.each_beat import MOVED
from judge.battlecon.playout import FIGHTERS, choose, record_setup
from judge.battlecon.roster import card, fighter
from tests.judge.blanket_scene import stamped_duel
from tests.judge.scene import answer_until, facts_of, pairs, pass_ante, settle, stage

REFERENCE = Path(__file__).resolve().parents[1] / "data" / "reference-cards"  # ../shared/reference
EACH_BEAT = re.compile(r"after (each|every) beat|end of (each|every) beat|^end of beat:",
                       re.IGNORECASE)
# Abilities the reference times at the end of the beat whose effect is no triggered effect
# of the ability card: Hepzibah's anted Pacts come back to her as she recycles (a
# ``RECYCLED`` hook of the ability card), so never before recycling.
ACTS_AS_IT_RECYCLES = {"hepzibah"}


def abilities() -> dict[str, Card]:
    return {fid: c for fid in FIGHTERS if (c := fighter(fid).ability) is not None}


def after_recycling(c: Card, text: str) -> bool:
    """Whether the ability's effect with this text acts After Recycling under rules-2: it
    is declared there, or it moved there (its old Effect gated to unstamped duels)."""
    moved = text in MOVED.get(c.id, set())
    return any(e.timing == AFTER_RECYCLE and (e.text == text or moved) for e in c.effects)


def test_every_ability_that_acts_at_the_end_of_each_beat_is_after_recycling() -> None:
    """From the card data: each ability card's effect texts (with their window), its
    catalogue lines and the project's card-data notes about it."""
    cards = abilities()
    for fid, c in cards.items():
        lines = [(f"{TIMING_NAMES.get(e.timing, e.timing)}: {e.text}", e) for e in c.effects]
        for line, e in lines:
            if EACH_BEAT.search(line) or EACH_BEAT.search(e.text):
                assert after_recycling(c, e.text), (fid, line)
    for kit in catalogue()["fighters"]:
        ability = kit["ability"]
        for line in (ability or {}).get("effects", []):
            if EACH_BEAT.search(line):
                text = line.split(": ", 1)[1]
                assert after_recycling(cards[kit["id"]], text), (kit["id"], line)
    ids = {c.id: c for c in cards.values()}
    for choice in project_choices():
        if choice.card in ids and re.search(r"at the end of beat|after (each|every) beat",
                                            str(choice.value), re.IGNORECASE):
            assert any(e.timing == AFTER_RECYCLE for e in ids[choice.card].effects), choice


@pytest.mark.skipif(not REFERENCE.is_dir(), reason="the card reference is not here")
def test_every_end_of_beat_ability_in_the_reference_is_after_recycling() -> None:
    yaml = pytest.importorskip("yaml")
    cards = abilities()
    for path in sorted(REFERENCE.glob("*.yaml")):
        data = yaml.safe_load(path.read_text("utf-8"))
        ability = data.get("unique_ability") or {}
        timed = [r for r in ability.get("rules") or []
                 if str(r.get("trigger", "")).startswith("end_of_beat")
                 or EACH_BEAT.search(str(r.get("effect", "")))]
        if timed and data["id"] not in ACTS_AS_IT_RECYCLES:
            assert any(e.timing == AFTER_RECYCLE for e in cards[data["id"]].effects), data["id"]


def test_a_moved_ability_acts_in_one_window_only() -> None:
    """The End of Beat Effect a duel judged before the stamp had is gated to those duels;
    the After Recycling one to duels with it."""
    for cid, texts in MOVED.items():
        c = card(cid)
        old = [e for e in c.effects if e.text in texts and e.timing != AFTER_RECYCLE]
        new = [e for e in c.effects if e.text in texts and e.timing == AFTER_RECYCLE]
        assert len(old) == len(new) == len(texts)
        for stamp, open_one in (("rules-2", new), (None, old)):
            s = stamped_duel(c.fighter, "cadenza" if c.fighter != "cadenza" else "luc",
                             rules=stamp).state
            shut: list[Effect] = old if open_one is new else new
            assert all(e.condition is not None and not e.condition(s, 0) for e in shut)


# --- finding 6: Sagas's Mirror regain, after recycling ---------------------------------


def regain_beat(stamp: str | None, sagas: tuple[str, str], cadenza: tuple[str, str]) -> Duel:
    """One beat of Sagas (Mirror spent) against Cadenza, whose discard 1 holds Hydraulic Dash
    and discard 2 Clockwork Grasp."""
    duel = stamped_duel("sagas", "cadenza", rules=stamp, d0=(("echo", "burst"), ("shadow", "drive")))
    stage(duel, spaces=(3, 6), token_pool=([],), token_discard=(["mirror"],))
    pairs(duel, sagas, cadenza)
    pass_ante(duel)
    settle(duel)
    answer_until(duel, "attack_pair")
    return duel


def beat_facts(duel: Duel) -> list:
    """The facts of the beat just played, from its first Recycle."""
    start = max(i for i, f in enumerate(duel.facts)
                if isinstance(f, F.StepBegan) and f.step == "recycle")
    return duel.facts[start:]


def test_a_strike_just_played_gives_the_mirror_back_after_recycling() -> None:
    """R10.3: both play Strike; after recycling Cadenza's Strike lies in her discard 1, so
    Sagas regains the Mirror, after both players' Recycled facts."""
    duel = regain_beat("rules-2", ("repelling", "strike"), ("battery", "strike"))
    assert duel.state.players[0].token_pool == ["mirror"]
    kinds = [type(f).__name__ for f in beat_facts(duel)
             if isinstance(f, (F.Recycled, F.TokenRecovered))]
    assert kinds == ["Recycled", "Recycled", "TokenRecovered"]
    regained = facts_of(duel.facts, F.TokenRecovered)[-1]
    assert regained.rule == "shadow-mirror: After Recycling"
    assert regained.text == "Sagas regains his Mirror token: Strike is also in Cadenza's " \
        "discard piles."


def test_unstamped_a_strike_just_played_does_not_give_the_mirror_back() -> None:
    """The old judgement stays: at the End of Beat Cadenza's Strike is in no discard."""
    duel = regain_beat(None, ("repelling", "strike"), ("battery", "strike"))
    assert duel.state.players[0].token_pool == []
    assert facts_of(duel.facts, F.TokenRecovered) == []


def test_a_base_leaving_discard_2_for_the_hand_gives_nothing_after_recycling() -> None:
    """Grasp was in Cadenza's discard 2 and goes back to her hand as she recycles: after
    recycling no Grasp is in her discards, so no Mirror (unstamped: the old End of Beat
    regain, as before)."""
    duel = regain_beat("rules-2", ("negation", "grasp"), ("battery", "shot"))
    assert duel.state.players[0].token_pool == []
    assert not [f for f in beat_facts(duel) if isinstance(f, F.StepBegan)
                and f.step == AFTER_RECYCLE]
    old = regain_beat(None, ("negation", "grasp"), ("battery", "shot"))
    assert old.state.players[0].token_pool == ["mirror"]
    assert facts_of(old.facts, F.TokenRecovered)[-1].rule == "shadow-mirror: End of Beat"


# --- behaviour: seeded duels under rules-2 over the roster ------------------------------


def each_beat_breaches(facts: list) -> list[str]:
    """In one beat's facts: an ability acting at the End of Beat, or an After Recycling
    one (a Mirror regain among them) before both players recycled."""
    out = []
    recycled = 0
    for f in facts:
        if isinstance(f, F.Recycled):
            recycled += 1
        elif isinstance(f, F.Triggered) and card(f.card).kind == "ability":
            if f.timing == END_OF_BEAT:
                out.append(f"{f.text} (End of Beat)")
            if f.timing == AFTER_RECYCLE and recycled < 2:
                out.append(f"{f.text} (before recycling)")
        elif isinstance(f, F.TokenRecovered) and f.token == "mirror" and recycled < 2:
            out.append(f.text)
    return out


def test_seeded_duels_act_at_the_end_of_each_beat_after_recycling() -> None:
    regains = 0
    for i, fid in enumerate(FIGHTERS):
        for seed in range(2):
            other = "sagas" if seed == 0 and fid != "sagas" else FIGHTERS[(i + 7) % len(FIGHTERS)]
            rng = random.Random(seed * 1000 + i)
            duel = Duel.new(record_setup(fid, other, rng=rng, first=rng.randrange(2)))
            start = 0
            while not duel.over:
                duel.decide(choose(duel, rng))
                ended = [j for j in range(start, len(duel.facts))
                         if isinstance(duel.facts[j], F.BeatEnded)]
                if ended:
                    beat = duel.facts[start:ended[-1] + 1]
                    assert each_beat_breaches(beat) == [], (fid, other, seed)
                    regains += len([f for f in beat if isinstance(f, F.TokenRecovered)
                                    and f.token == "mirror"])
                    start = ended[-1] + 1
    assert regains > 0


RELEASE_2 = Path(__file__).resolve().parents[1] / "data" / "release-2"


def test_a_moved_ability_is_no_new_card_data() -> None:
    """The twin After Recycling Effect is not card data: the catalogue lists the ability
    once, in its printed window, so the card-data version of a duel stored by release 2
    with Sagas stays the one it was stamped with (no errata, no stale duel)."""
    sagas = next(k for k in catalogue()["fighters"] if k["id"] == "sagas")
    regain = [line for line in sagas["ability"]["effects"] if "Regain the Mirror" in line]
    assert regain == ["End of Beat: Regain the Mirror token if your Base has the same name "
                      "as a Base in the opponent's discard piles."]
    manifest = json.loads((RELEASE_2 / "manifest.json").read_text("utf-8"))
    for entry in manifest["duels"]:
        record = json.loads((RELEASE_2 / f"{entry['name']}.record.json").read_text("utf-8"))
        fighters = tuple(p["fighter"] for p in record["players"])
        if "sagas" in fighters:
            assert cardset.version(fighters) == entry["cards"], entry["name"]
