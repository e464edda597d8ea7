"""Issue 26, findings 2 and 3: Naturalizing cancels every ante's effects, Stasis Charge
negates every triggered effect, each through one choke point (``ante_cancel``,
``negation``), under rules-2; a duel without a stamp is judged as before.

What a judge sees for each finding (Active Player, prompt, spaces, life, tokens), then the
sweeps: one from the card data (every trigger text reaches the negation choke point, every
fact-making hook is classified), one over the roster's antes, and seeded duels.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
import yaml

from judge.battlecon import Duel, negation
from judge.battlecon import facts as F
from judge.battlecon.cards import (
    AFTER_RECYCLE,
    INSTEAD,
    ON_BEING_HIT,
    TIMING_NAMES,
    TIMINGS,
    Card,
)
from judge.battlecon.fighters.lixis import LixisAntesCancelled
from judge.battlecon.fighters.luc import LucBecameActive
from judge.battlecon.hooks import FORCES_CLASH, HOOKS, STUN_OFFER, query
from judge.battlecon.negation import TriggerNegated
from judge.battlecon.playout import FIGHTERS, choose, play, record_setup
from judge.battlecon.roster import card, fighter
from judge.battlecon.rules import effects_for
from judge.battlecon.stats import attack
from tests.judge.scene import SCENE_RULINGS, answer, facts_of, life, pairs, pass_ante, settle, stage

# The card data (outside the repository): the trigger sweep reads its texts when present.
CARDS = Path(__file__).resolve().parents[1] / "data" / "reference-cards"  # ../shared/reference
needs_card_data = pytest.mark.skipif(not CARDS.is_dir(), reason="no card data at " + str(CARDS))
R2 = "rules-2"


def duel_of(f0: str, f1: str, rules: str | None = R2,
            finishers: tuple[str | None, str | None] = (None, None),
            d1: tuple | None = None) -> Duel:
    """A fresh duel of two fighters, stamped ``rules``, with their default discards (the
    second player's ``d1`` when given)."""
    players = []
    for i, (fid, fin) in enumerate(((f0, finishers[0]), (f1, finishers[1]))):
        kit = fighter(fid)
        d = d1 if i == 1 and d1 else kit.default_discards
        players.append({"name": f"P{i}", "fighter": fid, "finisher": fin or kit.finishers[0].id,
                        "discard_1": list(d[0]), "discard_2": list(d[1])})
    setup = {"format": "battlecon-record/1", "ruleset": "battlecon-2014",
             "options": {"special_actions": True, "ante_finishers": False,
                         "rulings": dict(SCENE_RULINGS)}, "players": players, "first_to_ante": 0}
    if rules:
        setup["rules"] = rules
    return Duel.new(setup)


def finish_beat(duel: Duel) -> None:
    """Answer prompts with their first option until the next beat's pairs are asked for."""
    while duel.prompt and duel.prompt["kind"] != "attack_pair":
        settle(duel)
        if duel.prompt and duel.prompt["kind"] != "attack_pair":
            duel.decide(duel.prompt["options"][0])


# --- Finding 2: Naturalizing cancels every effect of what was anted --------------------------


def luc_antes_time(rules: str | None, batch: int) -> Duel:
    """Lixis (space 3, Naturalizing Strike, priority 4) against Luc (space 6, Eternal
    Strike, priority 0) who antes a batch of Time tokens out of 5."""
    duel = duel_of("lixis", "luc", rules)
    stage(duel, spaces=(3, 6), token_pool=(None, ["time"] * 5), token_discard=(None, []))
    pairs(duel, ("naturalizing", "strike"), ("eternal", "strike"))
    answer(duel, 1, "ante", token="time", count=batch)
    pass_ante(duel)
    settle(duel)
    return duel


def first_attacker(duel: Duel) -> int:
    return facts_of(duel.facts, F.Activated)[0].player


def test_naturalizing_cancels_lucs_five_time_tokens_he_does_not_become_active():
    """rules-2: after Naturalizing cancels Luc's 5 Time, Lixis (priority 4 to 0) stays the
    Active Player and attacks first. Unstamped: Luc still becomes Active (the old ruling)."""
    duel = luc_antes_time(R2, 5)
    assert facts_of(duel.facts, LixisAntesCancelled)
    assert not facts_of(duel.facts, LucBecameActive)
    assert first_attacker(duel) == 0
    assert duel.state.players[1].token_pool == ["time"]  # spent; one gained after the beat
    old = luc_antes_time(None, 5)
    assert facts_of(old.facts, LucBecameActive) and first_attacker(old) == 1


def test_naturalizing_cancels_lucs_three_time_tokens_no_start_of_beat_advance():
    """rules-2: 3 Time cancelled: no Start of Beat advance is offered; Luc stays on 6.
    Unstamped: the advance up to 2 is still offered (spaces 4, 5, 6)."""
    duel = luc_antes_time(R2, 3)
    assert duel.prompt["kind"] == "attack_pair"
    assert duel.state.players[1].space == 6
    old = luc_antes_time(None, 3)
    assert old.prompt["kind"] == "move" and old.prompt["players"] == [1]
    assert sorted(o["to"] for o in old.prompt["options"]) == [4, 5, 6]


def cherri_antes_insight(rules: str | None) -> Duel:
    """Lixis (space 1, Naturalizing Strike, priority 4) against Cherri (space 6, Blind
    Strike, priority 2) who antes Insight."""
    duel = duel_of("lixis", "cherri", rules)
    stage(duel, spaces=(1, 6))
    pairs(duel, ("naturalizing", "strike"), ("blind", "strike"))
    answer(duel, 1, "ante", token="insight")
    pass_ante(duel)
    settle(duel)
    return duel


def test_naturalizing_cancels_cherris_insight_no_forced_clash_no_life_lost():
    """rules-2: Insight cancelled: no Clash is forced, Lixis is Active on 4 to 2 and keeps
    20 life; Insight stays spent. Unstamped: the Clash is forced and costs Lixis 1 life."""
    duel = cherri_antes_insight(R2)
    assert not facts_of(duel.facts, F.ClashOccurred)
    assert facts_of(duel.facts, F.BecameActive)[0].player == 0
    assert life(duel) == (20, 20) and duel.prompt["kind"] == "attack_pair"
    assert "insight" not in duel.state.players[1].token_pool
    old = cherri_antes_insight(None)
    assert facts_of(old.facts, F.ClashOccurred) and life(old) == (19, 20)
    assert old.prompt["kind"] == "clash_base"


# --- Finding 3: Stasis Charge negates every triggered effect -----------------------------


def stasis_against(fid: str, style: str, base: str, rules: str | None, **tokens: tuple) -> Duel:
    """Luc (space 3, life 7, 1 Time token) plays Stasis Charge (power 4, range 1) against
    ``fid`` on space 4; the beat is played to its end."""
    duel = duel_of("luc", fid, rules, finishers=("stasis-charge", None))
    stage(duel, spaces=(3, 4), life=(7, 20))
    stage(duel, token_pool=(["time"], tokens.get("pool")),
          token_discard=(["time"] * 4, tokens.get("discard")))
    pairs(duel, ("special-action", "strike"), (style, base))
    pass_ante(duel)
    finish_beat(duel)
    return duel


def time_held(duel: Duel) -> int:
    return duel.state.players[0].token_pool.count("time")


def test_stasis_charge_negates_demitrass_crescendo_loss_when_hit():
    """rules-2: Stasis Charge hits Demitras: his 'whenever hit, lose a Crescendo' is
    negated (he keeps 2) and Luc gains a Time token instead (1 + 2 Start of Beat negations
    + 1 + 1 after the beat = 5). Unstamped: he loses one; Luc ends with 4."""
    duel = stasis_against("demitras", "jousting", "burst", R2)
    negated = facts_of(duel.facts, TriggerNegated)
    assert [(f.player, f.card, f.hook) for f in negated] == [(1, "crescendo", "hit_by")]
    assert duel.state.players[1].token_pool == ["crescendo"] * 2
    assert time_held(duel) == 5 and life(duel) == (7, 16)
    old = stasis_against("demitras", "jousting", "burst", None)
    assert not facts_of(old.facts, TriggerNegated)
    assert old.state.players[1].token_pool == ["crescendo"] and time_held(old) == 4


def test_stasis_charge_negates_cherris_insight_regained_on_4_damage():
    """rules-2: Cherri (no Insight) takes 4 from Stasis Charge: her 'whenever she takes 3
    or more, regain Insight' is negated; Luc gains a Time token instead. Unstamped: she
    regains Insight."""
    duel = stasis_against("cherri", "blind", "burst", R2, pool=[], discard=["insight"])
    negated = facts_of(duel.facts, TriggerNegated)
    assert [(f.player, f.card, f.hook) for f in negated] == [(1, "nightmarish-visions",
                                                               "damage_dealt")]
    assert duel.state.players[1].token_pool == [] and life(duel) == (7, 16)
    assert time_held(duel) == 4
    old = stasis_against("cherri", "blind", "burst", None, pool=[], discard=["insight"])
    assert old.state.players[1].token_pool == ["insight"] and time_held(old) == 3


def judgment_against_stasis(rules: str | None) -> Duel:
    """Luc (space 3, life 7) antes 3 Time and plays Stasis Charge against Vanaah's
    Judgment Burst (space 4): his Start of Beat advance up to 2 is asked."""
    duel = duel_of("luc", "vanaah", rules, finishers=("stasis-charge", None),
                   d1=(("glorious", "dash"), ("paladin", "grasp")))
    stage(duel, spaces=(3, 4), life=(7, 20))
    stage(duel, token_pool=(["time"] * 3, None), token_discard=(["time"] * 2, None))
    pairs(duel, ("special-action", "strike"), ("judgment", "burst"))
    answer(duel, 0, "ante", token="time", count=3)
    pass_ante(duel)
    settle(duel)
    return duel


def test_stasis_charge_negates_judgments_reveal_kept_as_a_hook():
    """rules-2: Judgment's Reveal ('cannot move past Vanaah, cannot retreat', kept as a
    MOVEMENT_LIMITS hook) is negated: Luc gains a Time token and may advance past her (3,
    5 or 6). Unstamped: Judgment holds; no move is offered and Luc stays on 3."""
    duel = judgment_against_stasis(R2)
    assert duel.prompt["kind"] == "move"
    assert sorted(o["to"] for o in duel.prompt["options"]) == [3, 5, 6]
    assert [f.text for f in facts_of(at_reveal(duel), F.TokenRecovered)] == [
        "Stasis Charge negates a triggered effect of Vanaah's, and Luc gains a Time token "
        "instead (now 1)."]
    old = judgment_against_stasis(None)
    assert old.prompt["kind"] == "attack_pair"  # no move asked: Luc stays next to her
    assert [f.end for f in facts_of(old.facts, F.Moved) if f.player == 0] == [3]  # 0 spaces
    assert not facts_of(at_reveal(old), F.TokenRecovered)


def at_reveal(duel: Duel) -> list[F.Fact]:
    """The facts of the first beat until priority is decided (the Reveal's)."""
    out = []
    for f in duel.facts:
        if isinstance(f, F.BecameActive):
            return out
        out.append(f)
    return out


def test_stasis_charge_negates_cadenzas_iron_body_spend():
    """rules-2: Stasis Charge's 4 damage would stun Cadenza: 'when he takes damage, he may
    spend Iron Body' is negated: no prompt, he keeps 3 tokens and is stunned; Luc gains a
    Time token. Unstamped: the spend is offered (a 'may' of Cadenza's)."""
    duel = stasis_against("cadenza", "battery", "burst", R2)
    negated = facts_of(duel.facts, negation.OfferNegated)
    assert [(f.player, f.card) for f in negated] == [(1, "iron-body")]
    assert duel.state.players[1].token_pool == ["iron-body"] * 3
    assert [f.stunned for f in facts_of(duel.facts, F.StunChecked)] == [True]
    old = duel_of("luc", "cadenza", None, finishers=("stasis-charge", None))
    stage(old, spaces=(3, 4), life=(7, 20))
    stage(old, token_pool=(["time"], None), token_discard=(["time"] * 4, None))
    pairs(old, ("special-action", "strike"), ("battery", "burst"))
    pass_ante(old)
    settle(old)
    assert old.prompt["kind"] == "may" and old.prompt["players"] == [1]
    assert "Iron Body" in old.prompt["about"]


# --- Sweep 1: from the card data ---------------------------------------------------------

# Texts the trigger pattern reads as triggers though they are passive effects or rule
# modifications (R18.1: a plain statement, no event and effect), or a known gap.
NOT_TRIGGERS = {
    ("heketch", "Knives"): "a priority tie is settled without a Clash: a rule (R6.6)",
    ("hikaru", "Sweeping"): "+2 damage taken while hit this beat: a passive (DAMAGE_TAKEN)",
    ("magdelina", "Spiritual"): "no Trance or Level without a hit: a passive rule",
    ("rukyuk", "custom-ammunition"): "an attack without Ammo cannot hit: a passive rule",
    ("sagas", "Shadow"): "the board edges count as adjacent: a passive (MOVEMENT_WRAPS)",
    ("luc", "Stasis Charge"): "the negation itself: a passive",
    ("hepzibah", "dark-pact"): "anted Pacts go back to her when she recycles: the Recycle "
                               "procedure (R11, a RECYCLED hook), no effect",
}
TRIGGER_WORDS = re.compile(r"\b(whenever|each time|every time)\b|^(if|when)\b.*\b(hit|hits|"
                           r"stunned|moves?|clash\w*|takes|damage)\b", re.I)
WINDOW_TRIGGERS = {*TIMINGS, "end_of_beat_ua", "on_being_hit"}
NO_TRIGGER = {"setup", "recycle", "ante"}  # the kit at the start; where tokens go (R11); the
# ante itself, a decision of the Ante step (R5), not a trigger


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower().replace("'", "")).strip("-")


def data_texts(fid: str) -> list[tuple[str, str, str]]:
    """(card name or ability id, trigger, text) of every effect in the fighter's card data."""
    data = yaml.safe_load((CARDS / f"{fid}.yaml").read_text())
    ability = fighter(fid).ability
    out = [(ability.id if ability else "", r.get("trigger", ""), r["effect"])
           for r in (data.get("unique_ability") or {}).get("rules", [])]
    printed = [*(data.get("styles") or []), *(data.get("finishers") or []),
               *([data["unique_base"]] if data.get("unique_base") else [])]
    return out + [(c["name"], e.get("trigger", ""), e["effect"])
                  for c in printed for e in c.get("effects") or []]


def reaches_negation(c: Card, event: bool) -> bool:
    """A window trigger: the card has a window effect (every window is asked through
    ``rules.negated_items``) or declares a lasting Reveal effect. An event trigger: a hook
    ``negation`` declares a triggered effect, a ``STUN_OFFER`` (``negation.offer_negated``)
    or a "when hit" window effect."""
    if not event:
        return bool(c.effects) or c.id in negation.lasting_reveals()
    return any(negation.is_triggered(c, h) or h == STUN_OFFER for h in c.hooks) or any(
        e.timing == ON_BEING_HIT for e in c.effects)


@needs_card_data
@pytest.mark.parametrize("fid", FIGHTERS)
def test_every_trigger_text_reaches_the_negation_choke_point(fid):
    """Every text of the card data that is a trigger ('Reveal:', 'On Hit:', 'whenever',
    'each time', 'if ... is hit', ...) belongs to a card whose effect is queued by a window
    or made by a hook declared as a triggered effect."""
    missing = []
    for owner, trigger, text in data_texts(fid):
        windowed = trigger in WINDOW_TRIGGERS
        if trigger in NO_TRIGGER or not (windowed or TRIGGER_WORDS.search(text)):
            continue
        if (fid, owner) in NOT_TRIGGERS:
            continue
        c = card(owner if owner in (fighter(fid).ability.id if fighter(fid).ability else "",)
                 else slug(owner))
        if not reaches_negation(c, event=not windowed):
            missing.append(f"{owner} ({trigger}): {text}")
    assert not missing, missing


PASSIVE_TRIGGER = re.compile(r"\b(when|whenever|each time|every time|if|after|reveal|start of "
                             r"beat|on hit|on damage|end of beat)\b", re.I)
# Passive texts of the registered cards that read like triggers, and why each stays one.
PASSIVES_READ_AS_TRIGGERS = {
    "sweeping": "'If hit, take 2 extra damage': a passive damage rule (DAMAGE_TAKEN), R18.1",
    # "Start of Beat: gain Soak 2. After Activating: that Soak ends": the passive holds
    # the Soak its Start of Beat effect turns on (a mark), so negating the effect negates it.
    "paradigm-of-resilience": "the Soak its Start of Beat effect turns on",
}


def test_registered_passive_texts_are_no_triggers():
    """The registered cards' and the catalogue's passive texts: none reads as a trigger but
    the listed ones (a trigger kept as a passive would escape the negation)."""
    from judge.battlecon.catalogue import catalogue

    found = {c.id for c in roster_cards() for p in c.passives if PASSIVE_TRIGGER.search(p.text)}
    assert found == set(PASSIVES_READ_AS_TRIGGERS)
    texts = [t for f in catalogue()["fighters"] for c in (
        *f["styles"], *f["bases"], *f["finishers"], *f["cards_in_play"],
        *([f["ability"]] if f["ability"] else [])) for t in c["effects"]]
    passives = {p.text for c in roster_cards() for p in c.passives}
    timed = (*(f"{name}:" for name in TIMING_NAMES.values()), "ante:")  # every window's
    assert [t.split(":")[0] for t in texts if not t.startswith(timed) and t not in passives
            ] == ["dark_force_ante", "passive"]  # as in the effect-timing sweep below


def roster_cards() -> list[Card]:
    out: dict[str, Card] = {}
    for fid in FIGHTERS:
        kit = fighter(fid)
        for c in (*kit.own_cards(), *kit.bases()):
            out[c.id] = c
    return list(out.values())


def test_every_fact_making_hook_is_classified_by_the_rules():
    """Each hook that makes facts is either a triggered effect (negated) or a rule of the
    procedure, with why; every card declaring one is covered, and the only per-card rule
    modifications are the declared ones."""
    assert set(negation.FACT_HOOKS) <= set(HOOKS)
    assert all(negation.TRIGGERED.values()) and all(negation.NOT_TRIGGERED.values())
    declared = {(c.id, h) for c in roster_cards() for h in c.hooks if h in negation.FACT_HOOKS}
    assert set(negation.rule_modifications()) <= declared
    assert {h for _, h in declared} <= set(negation.FACT_HOOKS)
    triggered = sorted((cid, h) for cid, h in declared if negation.is_triggered(card(cid), h))
    assert triggered == [("crescendo", "hit_by"), ("merciless", "moved"),
                         ("mimics", "moved"), ("nightmarish-visions", "clashed"),
                         ("nightmarish-visions", "damage_dealt"),
                         ("subjective-reality", "on_stunned")]


def test_every_hook_documented_as_making_facts_is_classified():
    """hookspecs documents each hook's signature: every one that returns facts (an event
    and what follows it) is classified by ``negation``, so a new one cannot slip past."""
    documented = {h for h in HOOKS if re.match(r"``\([^)]*\) -> list\[Fact\]``", h.doc)}
    assert len(documented) == 6
    assert documented == set(negation.FACT_HOOKS)


def test_every_card_effect_is_queued_by_a_window_that_asks_the_negation():
    """Every printed effect's timing is a window ``rules.window`` queues (so
    ``negated_items`` is asked), or the ``instead`` of a negation."""
    windows = {*TIMINGS, ON_BEING_HIT, AFTER_RECYCLE, "ante", INSTEAD}
    odd = [(c.id, e.timing) for c in roster_cards() for e in c.effects
           if e.timing not in windows]
    # Dark Force's teleport is part of anteing it (R5), done in the Ante, before any
    # Finisher is revealed; Corruption's "passive" text only names what its hook does.
    assert odd == [("dark-force", "dark_force_ante"), ("corruption", "passive")]


# --- Sweep: the roster's antes under Naturalizing ------------------------------------------


def ante_fighters() -> list[str]:
    return [fid for fid in FIGHTERS if fid != "lixis" and fighter(fid).ante_options]


def judged(s, p: int) -> tuple:
    """What an ante could change for player p: the attack's stats, the effects each
    window would queue, a forced Clash."""
    a = attack(s, p)
    stats = (a.power, a.priority, a.range, a.soak, a.stun_guard, a.stun_immunity)
    windows = {t: [(c.id, i) for c, i in effects_for(s, p, t)] for t in (*TIMINGS,
                                                                        ON_BEING_HIT)}
    return stats, windows, [o for o, _c, fn in query(s, FORCES_CLASH) if fn(s, o) and o == p]


def unanted(s, p: int):
    """A copy of state ``s`` in which player p anted nothing this beat (same pool)."""
    bare = s.clone()
    beat = bare.players[p].this_beat
    beat.anted, beat.bonus_tokens, beat.stun_immune = [], [], False
    beat.marks.clear()
    bare.cache.forget()
    return bare


@pytest.mark.parametrize("fid", ante_fighters())
def test_every_ante_of_the_roster_is_cancelled_in_full(fid):
    """For each fighter who antes and each of its first ante options: once Naturalizing
    cancels the ante (rules-2), the fighter's attack, windows and Clash are judged exactly
    as if nothing had been anted (the tokens staying spent)."""
    kit = fighter(fid)
    probe = duel_of("lixis", fid)
    stage(probe, spaces=(1, 7), token_pool=(None, list(kit.tokens)), token_discard=(None, []))
    style, base = next((o["style"], o["base"]) for o in probe.prompt["options"]
                       if o["player"] == 1 and o["style"] != "special-action")
    pairs(probe, ("naturalizing", "strike"), (style, base))
    options = [o for o in probe.prompt["options"] if o.get("kind") == "ante"]
    assert options, f"{fid} has an ante to offer"
    for option in options:
        duel = duel_of("lixis", fid)
        stage(duel, spaces=(1, 7), token_pool=(None, list(kit.tokens)),
              token_discard=(None, []))
        pairs(duel, ("naturalizing", "strike"), (style, base))
        duel.decide(option)
        pass_ante(duel)
        at = next(i for i, (kind, e) in enumerate(duel.events)
                  if isinstance(e, LixisAntesCancelled))
        s = duel.state_at(at + 1)
        assert judged(s, 1) == judged(unanted(s, 1), 1), option


# --- Sweep 2: seeded duels ---------------------------------------------------------------


def stasis_beats(duel: Duel) -> list[list[F.Fact]]:
    """The facts of each beat from the reveal of Luc's Stasis Charge until it leaves play
    when he recycles (R18.2: After Recycling effects come after), when it stays in force
    (no Cancel, no Finisher tie)."""
    beats: list[list[F.Fact]] = []
    current: list[F.Fact] = []
    for f in duel.facts:
        if isinstance(f, (F.BeatBegan, F.Recycled)) and current:
            beats.append(current)  # the Finisher leaves play when he recycles (R18.2)
        if isinstance(f, (F.BeatBegan, F.Recycled, F.NewPairsCalledFor, F.FinisherCancelled)):
            current = []
        if "Stasis Charge" in f.text and isinstance(f, F.SpecialActionDeclared):
            current = [f]
        elif current:
            current.append(f)
    return beats + ([current] if current else [])


# Facts a player's triggered effects make through a hook, by the hook's rule prefix.
HOOK_RULES = ("crescendo: hit", "nightmarish-visions: passive", "merciless: passive",
              "mimics: passive", "subjective-reality")


def stasis_duel(seed: int, fid: str) -> Duel:
    """A seeded playout (rules-2) of Luc with Stasis Charge as his Finisher, at 7 life from
    the start so his Special Action may call it, against ``fid``."""
    rng = random.Random(seed)
    setup = record_setup("luc", fid, first=rng.randrange(2), rng=rng)
    setup["players"][0]["finisher"] = "stasis-charge"
    duel = Duel.new(setup)
    duel.correct({"0": {"life": 7}}, rule="test", text="Luc at 7 life.")
    for _ in range(3000):
        if duel.over:
            break
        duel.decide(choose(duel, rng))
    return duel


def test_seeded_luc_duels_under_stasis_charge_resolve_no_opponent_trigger():
    """Seeded duels of Luc (Stasis Charge) against the 17 others under rules-2: in a beat
    where Stasis Charge is in force, no triggered effect of the opponent resolves: no
    ``Triggered`` fact of theirs and no fact of their 'whenever' hooks."""
    missed = []
    for n, fid in enumerate(f for f in FIGHTERS if f != "luc"):
        beats = []
        for seed in range(8):  # until a duel has a beat under Stasis Charge
            beats = stasis_beats(stasis_duel(100 * n + seed, fid))
            if beats:
                break
        missed += [] if beats else [fid]
        for beat in beats:
            bad = [f.text for f in beat if (isinstance(f, F.Triggered) and f.player == 1)
                   or (f.rule.startswith(HOOK_RULES) and "Stasis" not in f.text)]
            assert not bad, (fid, bad)
    assert not missed, missed


def test_seeded_lixis_duels_under_naturalizing_apply_no_ante():
    """Seeded Lixis duels under rules-2: in a beat where Naturalizing cancels an ante,
    none of its effects applies: the player's attack, windows and Clash are judged as if
    nothing had been anted; Luc does not become Active, no Clash is forced by Insight, no
    Start of Beat effect of a Time batch resolves."""
    unseen = set(ante_fighters())
    for n, fid in enumerate(ante_fighters()):
        for seed in range(12):  # four duels, more until this fighter met Naturalizing
            if seed >= 4 and fid not in unseen:
                break
            duel = play(500 + 20 * n + seed, "lixis", fid)
            for at, (_kind, f) in enumerate(duel.events):
                if isinstance(f, LixisAntesCancelled):  # the bonus, windows, Clash: none
                    s = duel.state_at(at + 1)
                    assert judged(s, f.player) == judged(unanted(s, f.player), f.player)
                    unseen.discard(fid)
            on = False
            for f in duel.facts:
                if isinstance(f, F.BeatBegan):
                    on = False
                if isinstance(f, LixisAntesCancelled):
                    on = True
                if on:
                    assert not isinstance(f, LucBecameActive), (fid, seed)
                    assert not (isinstance(f, F.ClashOccurred) and "Nightmarish" in f.text)
                    assert not (isinstance(f, F.Triggered) and f.card == "temporal-battery"
                                and f.timing != AFTER_RECYCLE), (fid, seed, f.text)
    assert not unseen, unseen  # every fighter who antes met Naturalizing at least once
