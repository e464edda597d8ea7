"""A Base played in a Clash triggers none of its Reveal effects (R6.7a; 002 504.6e), under
the stamp ``rulestamp.CLASH_REVEAL`` (``judge/battlecon/clash_reveal.py``): issue 26,
finding 5 (Sagas's Staff, played in a Clash with the Mirror anted, still became a copy of
Khadath's Snare).

The sweeps: every Reveal text of every Base in the card data is a Reveal-timed Effect
(queued by the Reveal window, which leaves a Clash Base out) or a Reveal effect a hook
applies, declared with ``clash_reveal.reveal_effect``; every Base of the 18 fighters laid
as a Clash Base queues no Reveal effect and copies nothing, and keeps its stats; seeded
duels under rules-2 resolve no Reveal effect of a Clash Base.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from judge.battlecon import facts as F
from judge.battlecon import rules
from judge.battlecon.carddata import project_choices
from judge.battlecon.cards import REVEAL, TIMING_NAMES, Card
from judge.battlecon.catalogue import catalogue
from judge.battlecon.clash_reveal import HOOK_REVEALS, clash_base, revealed_in_clash
from judge.battlecon.duel import Duel
from judge.battlecon.generic import GENERIC_BASES
from judge.battlecon.hooks import COPIES, EXTRA_CARDS, cards_in_force
from judge.battlecon.playout import FIGHTERS, choose, record_setup
from judge.battlecon.roster import card, fighter
from judge.battlecon.state import DuelState, Pair
from judge.battlecon.stats import attack
from tests.judge.blanket_scene import stamped_duel
from tests.judge.scene import answer, facts_of, pairs, pass_ante, priorities, stage

REFERENCE = Path(__file__).resolve().parents[1] / "data" / "reference-cards"  # ../shared/reference
# A Reveal effect, by its words: the Reveal window, or a card that becomes a copy.
REVEAL_WORDS = re.compile(r"\breveal\b|\bis a copy\b|\bbecomes a copy\b", re.IGNORECASE)
# Texts the pattern misreads, by card: none of them is a Reveal effect of the Base itself.
NOT_A_REVEAL_EFFECT = {
    # Start of Beat: Kehrolyn reveals a Style from her hand (its own Reveal effects are the
    # Style's); Overload has no Reveal effect.
    "overload",
}


def every_base() -> dict[str, Card]:
    """Every Base of the roster: the six generic ones and each fighter's unique Base."""
    out = {c.id: c for c in GENERIC_BASES}
    for fid in FIGHTERS:
        out[fighter(fid).unique_base.id] = fighter(fid).unique_base
    return out


def base_texts() -> dict[str, list[str]]:
    """Every text the card data gives a Base: its Effects (with their window), passives,
    the catalogue's effect lines and the project's card-data choices about its effect."""
    bases = every_base()
    texts: dict[str, list[str]] = {cid: [] for cid in bases}
    for cid, c in bases.items():
        texts[cid] += [f"{TIMING_NAMES.get(e.timing, e.timing)}: {e.text}" for e in c.effects]
        texts[cid] += [p.text for p in c.passives]
    for kit in catalogue()["fighters"]:
        for c in kit["bases"]:
            texts[c["id"]] += c["effects"]
    texts_of_choices = [(c.card, str(c.value)) for c in project_choices()
                        if c.field == "effect" and c.card in bases]
    for cid, value in texts_of_choices:
        texts[cid].append(value)
    return texts


def test_every_reveal_text_of_a_base_passes_the_choke_point() -> None:
    """From the card data, not from what cards declare: a Base with a Reveal text either
    has its Reveal effects as Reveal-timed Effects (the window leaves out a Clash Base's)
    or declares the hook that applies it (``reveal_effect``)."""
    found = {cid for cid, texts in base_texts().items()
             if any(REVEAL_WORDS.search(t) for t in texts)} - NOT_A_REVEAL_EFFECT
    assert "staff" in found  # "Staff is a copy of the opponent's unique Base" (sagas.toml)
    bases = every_base()
    undeclared = {cid for cid in found
                  if REVEAL not in bases[cid].timed and cid not in HOOK_REVEALS}
    assert not undeclared, f"Reveal effects of Bases applied outside the choke point: " \
        f"{sorted(undeclared)}"


@pytest.mark.skipif(not REFERENCE.is_dir(), reason="the card reference is not here")
def test_every_reveal_trigger_of_a_base_in_the_reference_passes_the_choke_point() -> None:
    """The card reference's own triggers (``trigger: reveal`` on a Base) agree."""
    yaml = pytest.importorskip("yaml")
    bases = every_base()
    for path in sorted(REFERENCE.glob("*.yaml")):
        data = yaml.safe_load(path.read_text("utf-8"))
        for entry in [data.get("unique_base")] + list(data.get("bases") or []):
            if not isinstance(entry, dict) or entry.get("kind") != "base":
                continue
            if any(e.get("trigger") == "reveal" for e in entry.get("effects") or []):
                cid = next(c for c in bases if bases[c].name == entry["name"])
                assert REVEAL in bases[cid].timed or cid in HOOK_REVEALS, cid


# --- every Base of the roster, laid as a Clash Base ------------------------------------


def clash_position(fid: str, base: str, *, rules_stamp: str | None = "rules-2",
                   in_clash: bool = True) -> DuelState:
    """``fid`` (player 0) against another fighter, both pairs revealed; player 0's Base
    ``base`` was played in a Clash over another (``in_clash``) or revealed as it is, and
    player 0 anted a token if the kit has one (Staff's copy needs the Mirror anted)."""
    other = "khadath" if fid != "khadath" else "cadenza"
    duel = stamped_duel(fid, other, rules=rules_stamp)
    s = duel.state.clone()
    me = s.players[0]
    kit = fighter(fid)
    under = next(b.id for b in kit.bases() if b.id != base)
    style = kit.styles[0].id
    me.pair = Pair(style, base, revealed=True, under=[under] if in_clash else [])
    them = fighter(other)
    s.players[1].pair = Pair(them.styles[0].id, "strike", revealed=True)
    if me.token_pool:
        token = me.token_pool[0]
        me.token_pool.remove(token)
        me.token_discard.append(token)
        me.this_beat.anted.append(token)
        if token in kit.token_bonus:
            me.this_beat.bonus_tokens.append(token)
    s.cache.forget()
    return s


def roster_bases() -> list[tuple[str, str]]:
    return [(fid, b.id) for fid in FIGHTERS for b in fighter(fid).bases()]


def layered_by(s: DuelState, base: str) -> list[str]:
    """What the Base's own hooks copy or add for either player (layer 1-2)."""
    c = card(base)
    return [cid for name in (COPIES, EXTRA_CARDS) if (fn := c.hooks.get(name)) is not None
            for q in (0, 1) for cid in fn(s, 0, q)]


@pytest.mark.parametrize(("fid", "base"), roster_bases())
def test_a_clash_base_triggers_no_reveal_effect_and_keeps_its_stats(fid: str, base: str) -> None:
    s = clash_position(fid, base)
    assert clash_base(s, 0) == base and revealed_in_clash(s, 0, base)
    assert [c.id for c, _i in rules.effects_for(s, 0, REVEAL)
            if c.id == base or c.id.startswith(base + "~")] == []
    assert layered_by(s, base) == []
    assert base in [c.id for c in cards_in_force(s, 0)]  # its stats apply (R6.7)
    assert attack(s, 0) is not None


@pytest.mark.parametrize("base", sorted(HOOK_REVEALS))
def test_a_hook_applied_reveal_effect_still_applies_from_the_revealed_base(base: str) -> None:
    """The control: the same Base revealed as the beat's Base (no Clash) applies its
    Reveal effect, so the test above would see one."""
    fid = card(base).fighter
    s = clash_position(fid, base, in_clash=False)
    assert not revealed_in_clash(s, 0, base)
    assert layered_by(s, base) != []


def test_unstamped_a_clash_staff_still_copies() -> None:
    """A duel judged before the stamp keeps its Clash Staff's copy, as it was judged."""
    s = clash_position("sagas", "staff", rules_stamp=None)
    assert not revealed_in_clash(s, 0, "staff")
    assert layered_by(s, "staff") == ["snare~sagas"]


def played_in_a_clash(fid: str, base: str, stamp: str | None = "rules-2") -> tuple[Duel, int]:
    """``fid`` (player 0, anteing what it may) attacks with another Base; Cherri antes her
    Insight, which makes the beat a Clash (Nightmarish Visions), and ``fid`` plays ``base``
    as the new Base. The duel, and the index of the ``ClashBasesRevealed`` fact."""
    kit = fighter(fid)
    bases = [b.id for b in kit.bases()]
    other = next(b for b in bases if b != base)
    rest = [b for b in bases if b not in (base, other)]
    styles = [c.id for c in kit.styles]
    duel = stamped_duel(fid, "cherri", rules=stamp,
                        d0=((styles[1], rest[0]), (styles[2], rest[1])))
    stage(duel, spaces=(2, 6))
    pairs(duel, (styles[0], other), ("blind", "strike"))
    while duel.prompt is not None and duel.prompt["kind"] != "clash_base":
        p = duel.prompt["players"][0]
        antes = [o for o in duel.prompt["options"] if o["player"] == p and o["kind"] == "ante"
                 and not o.get("finisher")]
        duel.decide(antes[0] if antes else duel.prompt["options"][-1]
                    if duel.prompt["kind"] == "ante" else duel.prompt["options"][0])
    answer(duel, 0, "clash_base", base=base)
    answer(duel, 1, "clash_base", base="shot")
    at = max(i for i, f in enumerate(duel.facts) if isinstance(f, F.ClashBasesRevealed))
    return duel, at


@pytest.mark.parametrize(("fid", "base"), roster_bases())
def test_every_base_played_in_a_clash_resolves_no_reveal_effect(fid: str, base: str) -> None:
    """Through the engine: after the Clash Bases are revealed no Reveal effect of the new
    Base resolves and none of its hooks copies a card, while it is the Base."""
    duel, at = played_in_a_clash(fid, base)
    assert [f.text for f in duel.facts[at:] if isinstance(f, F.Triggered)
            and f.timing == REVEAL and f.card.split("~")[0] == base] == []
    if clash_base(duel.state, 0) == base:
        assert layered_by_player(duel.state, 0, base) == []


def test_unstamped_staff_played_in_a_clash_through_the_engine_still_copies() -> None:
    """The engine test above would see a copy: unstamped, the Clash Staff is Snare."""
    duel, _at = played_in_a_clash("sagas", "staff", stamp=None)
    assert clash_base(duel.state, 0) == "staff"
    assert layered_by_player(duel.state, 0, "staff") == ["stare~sagas"]


# --- finding 5: Sagas plays Staff in a Clash against Khadath ---------------------------


def staff_clash(stamp: str | None) -> Duel:
    """Sagas antes the Mirror; Repelling Strike ties Khadath's Blight Drive (4 and 4); in the
    Clash he plays Staff and Khadath plays Strike."""
    duel = stamped_duel("sagas", "khadath", rules=stamp, d0=(("echo", "dash"), ("shadow", "grasp")),
                        d1=(("lure", "dash"), ("teleport", "grasp")))
    stage(duel, spaces=(3, 5))
    pairs(duel, ("repelling", "strike"), ("blight", "drive"))
    answer(duel, 0, "ante", token="mirror")
    pass_ante(duel)
    assert [f.priorities for f in facts_of(duel.facts, F.ClashOccurred)] == [[4, 4]]
    answer(duel, 0, "clash_base", base="staff")
    answer(duel, 1, "clash_base", base="strike")
    return duel


def test_staff_played_in_a_clash_is_staff_not_a_copy_of_snare() -> None:
    """R6.7a: Staff's Reveal copy does not trigger: Repelling Staff counts priority 5
    (1 + 4), range 2~4, against Blight Strike's 3, so Sagas is the Active Player."""
    duel = staff_clash("rules-2")
    assert priorities(duel) == [5, 3]
    assert duel.state.active == 0
    assert tuple(attack(duel.state, 0).range) == (2, 4)
    assert "snare~sagas" not in [c.id for c in cards_in_force(duel.state, 0)]


def test_unstamped_staff_played_in_a_clash_still_became_snare() -> None:
    """The old judgement stays for duels without the stamp: the copy of Snare (priority 1,
    range N/A) gives Repelling Staff priority 2, and Khadath is Active."""
    duel = staff_clash(None)
    assert priorities(duel) == [2, 3]
    assert duel.state.active == 1
    assert attack(duel.state, 0).range == "N/A"


def test_staff_revealed_as_the_beats_base_still_copies_under_rules_2() -> None:
    """Only a Clash Base loses its Reveal effects: Staff revealed with the Mirror anted is
    still a copy of Snare (S39)."""
    duel = stamped_duel("sagas", "khadath", d0=(("echo", "dash"), ("shadow", "grasp")))
    stage(duel, spaces=(3, 5))
    pairs(duel, ("repelling", "staff"), ("lure", "shot"))
    answer(duel, 0, "ante", token="mirror")
    pass_ante(duel)
    assert "snare~sagas" in [c.id for c in cards_in_force(duel.state, 0)]


# --- behaviour: seeded duels under rules-2 over the roster ------------------------------


def clash_reveal_breaches(duel: Duel, start: int) -> list[str]:
    """After the last ``ClashBasesRevealed``: a Reveal effect of a Clash Base resolved, or
    a Clash Base's own copy in force."""
    s = duel.state
    out = []
    for f in duel.facts[start:]:
        if isinstance(f, F.Triggered) and f.timing == REVEAL and \
                revealed_in_clash(s, f.player, f.card):
            out.append(f.text)
    for p in (0, 1):
        base = clash_base(s, p)
        if base is not None and layered_by_player(s, p, base):
            out.append(f"{base}'s copy applies from a Clash")
    return out


def layered_by_player(s: DuelState, p: int, base: str) -> list[str]:
    c = card(base)
    return [cid for name in (COPIES, EXTRA_CARDS) if (fn := c.hooks.get(name)) is not None
            for q in (0, 1) for cid in fn(s, p, q)]


def test_seeded_duels_resolve_no_reveal_effect_of_a_clash_base() -> None:
    clashes = 0
    for i, fid in enumerate(FIGHTERS):
        for seed in range(3):
            other = FIGHTERS[(i + 1 + seed * 5) % len(FIGHTERS)]
            rng = random.Random(seed * 100 + i)
            duel = Duel.new(record_setup(fid, other, rng=rng, first=rng.randrange(2)))
            assert duel.state.rules == 2
            while not duel.over:
                before = len(duel.facts)
                duel.decide(choose(duel, rng))
                if any(isinstance(f, F.ClashBasesRevealed) for f in duel.facts[before:]):
                    clashes += 1
                if clash_base(duel.state, 0) or clash_base(duel.state, 1):
                    assert clash_reveal_breaches(duel, before) == [], (fid, other, seed)
    assert clashes > 0
