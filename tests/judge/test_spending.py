"""Spending tokens and counters: one choke point (judge/battlecon/spending.py; issue 26,
finding 1, the rules stamp's ``spending`` fix).

Naturalizing: "No player may spend tokens or counters this beat". A token or counter given
up to pay for an effect is a spend (the 2014 FAQ calls discarding an Iron Body token
spending it); a token an opponent's effect takes, one that returns or cycles by a rule, and
an ante are not.

- Each card of the finding, Lixis (player 0) playing Naturalizing against it: under rules-2
  the spend is not offered and not made, and the beat ends as if its owner had declined it
  (life, spaces, tokens, counters, power); without the stamp it is offered and made, as
  before.
- The roster sweep from the card texts: every effect text that spends or discards one's own
  token or counter belongs to a card declared at the choke point.
- The behaviour sweep: seeded duels of Lixis against each of the 17 others under rules-2;
  while Naturalizing forbids spending, no prompt offers a spend and no pool or counter drops
  by a spend.
"""

from __future__ import annotations

import os
import random
import re
from collections.abc import Callable
from typing import Any

import pytest

from judge.battlecon import Duel
from judge.battlecon import facts as F
from judge.battlecon.catalogue import catalogue
from judge.battlecon.kits import _CARDS
from judge.battlecon.playout import FIGHTERS, record_setup
from judge.battlecon.replay import replay_facts
from judge.battlecon.roster import fighter
from judge.battlecon.spending import SPENDS, forbidden
from judge.battlecon.state import DuelState
from tests.judge.scene import _scene_rulings, pairs, stage

KEEP_NATURALIZING = (("pruning", "dash"), ("rooted", "grasp"))
KEEP_LUC_STYLES = (("fusion", "dash"), ("feinting", "grasp"))  # Chrono, Eternal, Memento
KEEP_GUNNER = (("sniper", "dash"), ("point-blank", "grasp"))

# A prompt that offers a spend: its question spends or discards a token or counter of the
# one asked ("discard which Base" is Withering Touch's, no spend).
SPEND_PROMPT = re.compile(r"\b(spend|discard)\b.*\b(tokens?|counters?|Dark Force)\b", re.I)


def lixis_duel(opponent: str, rules: str | None, d1: tuple | None = None,
               finisher: str | None = None) -> Duel:
    """Lixis (player 0, Naturalizing in hand) against ``opponent``; ``rules`` is the stamp
    (None: a record without one, judged as before)."""
    players = []
    for i, (fid, d, fin) in enumerate((("lixis", KEEP_NATURALIZING, None),
                                       (opponent, d1, finisher))):
        kit = fighter(fid)
        d = d or kit.default_discards
        players.append({"name": f"P{i}", "fighter": fid, "finisher": fin or kit.finishers[0].id,
                        "discard_1": list(d[0]), "discard_2": list(d[1])})
    setup: dict[str, Any] = {
        "format": "battlecon-record/1", "ruleset": "battlecon-2014",
        "options": {"special_actions": True, "ante_finishers": False,
                    "rulings": _scene_rulings({})},
        "players": players, "first_to_ante": 0}
    if rules is not None:
        setup["rules"] = rules
    return Duel.new(setup)


def spends_most(duel: Duel) -> dict:
    """The option of a spend prompt that spends the most."""
    prompt = duel.prompt
    assert prompt is not None
    options = prompt["options"]
    if prompt["kind"] == "may":
        return next(o for o in options if o["accept"])
    if prompt["kind"] == "move":  # Chrono: a token for each space
        here = duel.state.players[options[0]["player"]].space
        return max(options, key=lambda o: abs(o["to"] - here))
    picks = [o for o in options if o["option"] not in ("none", "0")]
    return max(picks, key=lambda o: int(o["option"])) if picks[0]["option"].isdigit() \
        else picks[0]


def spends_nothing(duel: Duel) -> dict:
    """The option of a spend prompt that declines it."""
    prompt = duel.prompt
    assert prompt is not None
    options = prompt["options"]
    if prompt["kind"] == "may":
        return next(o for o in options if not o["accept"])
    if prompt["kind"] == "move":
        here = duel.state.players[options[0]["player"]].space
        return next(o for o in options if o["to"] == here)
    return next(o for o in options if o["option"] in ("none", "0"))


def play_beat(duel: Duel, pair: tuple[str, str], ante: str | None,
              spend: Callable[[Duel], dict]) -> tuple[list[F.Fact], list[str]]:
    """Lixis plays Naturalizing Strike, the opponent ``pair`` (anteing ``ante``); every
    prompt is answered with its first option but a spend's (``spend``). The beat's facts
    and the questions of the spend prompts asked."""
    facts = pairs(duel, ("naturalizing", "strike"), pair)
    asked: list[str] = []
    while duel.prompt and duel.prompt["kind"] == "ante":
        p = duel.prompt["players"][0]
        token, ante = (ante, None) if p == 1 else (None, ante)
        facts += duel.decide({"player": p, "kind": "ante", "token": token} if token
                             else {"player": p, "kind": "pass"})
    while duel.prompt and (duel.prompt["kind"] != "attack_pair" or "order" in duel.prompt):
        prompt = duel.prompt
        if "order" in prompt:
            o = prompt["order"]
            facts += duel.decide({"player": o["player"], "kind": "order",
                                  "effects": o["effects"]})
        elif SPEND_PROMPT.search(prompt.get("about", "")):
            asked.append(prompt["about"])
            facts += duel.decide(spend(duel))
        else:
            facts += duel.decide(prompt["options"][0])
    return facts, asked


def seen(duel: Duel, facts: list[F.Fact]) -> dict:
    """What a judge sees at the end of the beat: life, spaces, tokens, counters, and the
    power and damage of each hit."""
    s = duel.state
    return {"players": [(p.life, p.space, sorted(p.token_pool), sorted(p.token_discard),
                         dict(p.counters)) for p in s.players],
            "hits": [(f.attacker, f.power, f.amount) for f in facts
                     if isinstance(f, F.DamageDealt)]}


# card: (opponent, their pair, their Finisher, their discards, what they ante, spaces,
#        life, counters)
SCENES: dict[str, tuple] = {
    "deathblow": ("demitras", ("illusory", "deathblow"), None, None, None, (3, 4), None, None),
    "accelerando": ("demitras", ("special-action", "strike"), "accelerando", None, None,
                    (5, 1), (20, 7), None),
    "chrono": ("luc", ("chrono", "strike"), None, KEEP_LUC_STYLES, None, (1, 5), None, None),
    "eternal": ("luc", ("eternal", "strike"), None, KEEP_LUC_STYLES, None, (3, 4), None, None),
    "memento": ("luc", ("memento", "strike"), None, KEEP_LUC_STYLES, None, (3, 4), None, None),
    "temporal-recursion": ("luc", ("special-action", "strike"), "temporal-recursion", None,
                           None, (3, 4), (20, 7), None),
    "solar-soul": ("magdelina", ("special-action", "strike"), "solar-soul", None, None, (3, 4),
                   (20, 7), {"trance": 3}),
    "gunner": ("rukyuk", ("gunner", "shot"), None, KEEP_GUNNER, "explosive-shell", (1, 5),
               None, None),
    "crossfire": ("rukyuk", ("crossfire", "shot"), None, None, "explosive-shell", (1, 4), None,
                  None),
    "fully-automatic": ("rukyuk", ("special-action", "strike"), "fully-automatic", None,
                        "explosive-shell", (2, 6), (20, 7), None),
}
# The facts a spend of each card is made with (by class name: some are a fighter's own).
SPEND_FACTS = ("TokensSpent", "TokenDiscarded", "LucTimeSpent", "LucEternalSoak",
               "HeketchDarkForceSpent", "SagasMirrorSpent", "StunGuardMaximised")


def scene(card: str, rules: str | None, spend: Callable[[Duel], dict]
          ) -> tuple[Duel, list[F.Fact], list[str]]:
    opponent, pair, finisher, d1, ante, spaces, life, counters = {**SCENES,
                                                                  **CHECKED_BEFORE}[card]
    duel = lixis_duel(opponent, rules, d1, finisher)
    stage(duel, spaces=spaces, life=life, counters=(None, counters))
    facts, asked = play_beat(duel, pair, ante, spend)
    return duel, facts, asked


def spent(facts: list[F.Fact], card: str) -> list[F.Fact]:
    """The facts of ``card``'s spends (a Trance counter set lower by Solar Soul too)."""
    return [f for f in facts if f.rule.startswith(f"{card}:") and (
        type(f).__name__ in SPEND_FACTS or isinstance(f, F.CounterSet))]


@pytest.mark.parametrize("card", sorted(SCENES))
def test_naturalizing_forbids_the_spend_under_rules_2(card):
    """Under rules-2 no spend prompt is asked, nothing is spent, a fact cites Naturalizing,
    and the judge sees what they would had the spend been declined."""
    duel, facts, asked = scene(card, "rules-2", spends_most)
    assert asked == []
    assert spent(facts, card) == []
    refused = [f for f in facts if isinstance(f, F.Declined) and f.rule ==
               "naturalizing: passive"]
    assert len(refused) == 1 and refused[0].player == 1
    assert refused[0].text.startswith("Naturalizing: no player may spend tokens or counters")
    declined, declined_facts, _ = scene(card, None, spends_nothing)
    assert seen(duel, facts) == seen(declined, declined_facts)


@pytest.mark.parametrize("card", sorted(SCENES))
def test_without_the_stamp_the_spend_is_still_offered_and_made(card):
    """A record without a stamp is judged as before: the spend is offered and made, and
    what the judge sees differs from a declined spend."""
    duel, facts, asked = scene(card, None, spends_most)
    assert asked and spent(facts, card)
    assert not any(f.rule == "naturalizing: passive" for f in facts)
    declined, declined_facts, _ = scene(card, None, spends_nothing)
    assert seen(duel, facts) != seen(declined, declined_facts)


def test_deathblow_keeps_demitrass_crescendo_tokens_under_rules_2():
    """Deathblow: Demitras keeps both Crescendo tokens (gains 2 for his hit and Deathblow,
    loses 1 to Lixis's hit), where the old judgement let him spend both."""
    duel, _facts, _ = scene("deathblow", "rules-2", spends_most)
    assert duel.state.players[1].token_pool.count("crescendo") == 3
    old, _facts, _ = scene("deathblow", None, spends_most)
    assert old.state.players[1].token_pool.count("crescendo") == 1


def test_eternal_gives_no_soak_under_rules_2():
    """Eternal: Luc discards no Time token, so Lixis's Strike (power 4 - 1) is soaked by
    Eternal's printed Soak 1 only: 2 damage, where the old judgement soaked it all."""
    duel, facts, _ = scene("eternal", "rules-2", spends_most)
    assert [(f.attacker, f.amount) for f in facts if isinstance(f, F.DamageDealt)][0] == (0, 2)
    assert duel.state.players[1].life == 18
    _old, old_facts, _ = scene("eternal", None, spends_most)
    assert [(f.attacker, f.amount) for f in old_facts if isinstance(f, F.DamageDealt)][0] \
        == (0, 0)


def test_temporal_recursion_activates_once_under_rules_2():
    duel, facts, _ = scene("temporal-recursion", "rules-2", spends_most)
    assert [f.player for f in facts if isinstance(f, F.Activated)].count(1) == 1
    assert duel.state.players[0].life == 17
    _old, old_facts, _ = scene("temporal-recursion", None, spends_most)
    assert [f.player for f in old_facts if isinstance(f, F.Activated)].count(1) == 3


# Spends that obeyed Naturalizing before the stamp: Iron Body (3 damage against Battery
# Shot's Stun Guard 2) and Critical's Dark Force at range 1.
CHECKED_BEFORE: dict[str, tuple] = {
    "iron-body": ("cadenza", ("battery", "shot"), None, None, None, (3, 4), None, None),
    "critical": ("heketch", ("critical", "knives"), None, None, None, (3, 4), None, None),
}


@pytest.mark.parametrize("card", sorted(CHECKED_BEFORE))
def test_spends_checked_before_the_stamp_are_judged_alike_with_and_without_it(card):
    """Iron Body and Dark Force ask the choke point now, and judge as they did: not
    offered under Naturalizing, whatever the stamp; the tokens stay in the pool."""
    duel, facts, asked = scene(card, "rules-2", spends_most)
    old, old_facts, old_asked = scene(card, None, spends_most)
    assert asked == old_asked == []
    assert seen(duel, facts) == seen(old, old_facts)
    assert [f.text for f in facts] == [f.text for f in old_facts]
    held = {"iron-body": ["iron-body"] * 3, "critical": ["dark-force"]}[card]
    assert duel.state.players[1].token_pool == held
    assert any(isinstance(f, F.StunChecked) and f.player == 1 and f.stunned for f in facts)


# --- the roster sweep, from the card texts -------------------------------------------------

# A text that spends or discards a token or counter (named by its kind too), in either
# order within a clause ("discard an Ammo token", "Trance counters ...: discard them").
_VERB = r"\b(spend|spends|discard|discards)\b"
_THING = (r"\b(tokens?|counters?|Dark Force|Ammo|Time|Crescendo|Trance|Mirror|Elemental|"
          r"Iron Body)\b")
SPENDS_TEXT = re.compile(rf"{_VERB}[^.;]*{_THING}|{_THING}[^.;]*{_VERB}", re.I)
# Texts the pattern reads as a spend that are none, each with why.
NOT_SPENDS = {
    # The opponent's token is taken by this card's effect: the owner pays nothing.
    "darkheart": "the opponent discards one of their tokens (taken, not spent)",
    "reaping": "the opponent discards a token of their choice (taken, not spent)",
    # Divine Conduit's counters convert into a Level by the unique ability's own rule,
    # after the beat (R10.3), when Naturalizing is no longer in force: nothing is paid for.
    "divine-conduit": "Trance counters become a Level by the ability's rule, after the beat",
}


def own_id(cid: str) -> str:
    """A derived card (Sagas's copy ``deathblow~sagas``, registered once a test or a duel
    made it) by the card it copies: the copy resolves the copied card's declared effects,
    and its Mirror stand-ins ask ``sagas.may_spend``, the Mirror's declared spend."""
    return cid.split("~")[0]


def roster_texts() -> list[tuple[str, str]]:
    """Every effect text of the roster and the generic cards, by card id: the registered
    cards' effects and passives, and the catalogue's texts (ability cards included)."""
    out = [(own_id(c.id), e.text) for c in _CARDS.values() for e in c.effects]
    out += [(own_id(c.id), p.text) for c in _CARDS.values() for p in c.passives]
    cat = catalogue()
    for kit in cat["fighters"]:
        cards = kit["styles"] + kit["bases"] + kit["finishers"] + kit["cards_in_play"]
        cards += [kit["ability"]] if kit["ability"] else []
        out += [(c["id"], text) for c in cards for text in c["effects"]]
    return out


def test_every_text_that_spends_is_declared_at_the_choke_point():
    spenders = {cid for cid, text in roster_texts() if SPENDS_TEXT.search(text)}
    assert spenders - set(NOT_SPENDS) <= set(SPENDS), sorted(spenders - set(NOT_SPENDS)
                                                              - set(SPENDS))
    assert set(NOT_SPENDS) <= spenders  # each exception still names a text the pattern finds


def test_the_sweep_finds_the_cards_of_the_finding():
    """The pattern is not too narrow: it reads every card the audit named as a spend."""
    spenders = {cid for cid, text in roster_texts() if SPENDS_TEXT.search(text)}
    assert {"deathblow", "accelerando", "temporal-recursion", "eternal", "solar-soul",
            "crossfire", "gunner", "fully-automatic", "geomantic", "critical"} <= spenders


def test_iron_body_is_declared_though_its_text_is_a_hook():
    """Iron Body's spend is a ``STUN_OFFER`` hook, no effect text: declared all the same."""
    assert SPENDS["iron-body"].checked_before


# --- the behaviour sweep: seeded duels of Lixis under rules-2 ------------------------------

# A pool or counter that drops by one of these facts is no spend: an ante, a token an
# opponent's effect takes (the fact's player is not the card's owner), a conversion by rule.
ANTES = ("Anted", "LucTimeAnted")
# Drops by a fighter's own card that pay for nothing, by the fact's rule, each with why.
NOT_SPENT = {
    "crescendo: hit": "Demitras loses a Crescendo token because the opponent hit him",
    "pactbond: End of Beat": "the counter names a Dark Pact (an id, not an amount)",
    "reaping: On Hit": "Divine Rush cycles back by Reaping's rule; Vanaah pays nothing",
}


def forbids(s: DuelState, p: int) -> bool:
    return bool(forbidden(s, p))


def holdings(s: DuelState, p: int) -> tuple[list[str], dict[str, int]]:
    return list(s.players[p].token_pool), dict(s.players[p].counters)


def dropped(before: tuple[list[str], dict[str, int]],
            after: tuple[list[str], dict[str, int]]) -> list[str]:
    """The tokens and counters a player holds fewer of after a fact."""
    (pool_b, counters_b), (pool_a, counters_a) = before, after
    return sorted({t for t in pool_b if pool_a.count(t) < pool_b.count(t)} |
                  {k for k, v in counters_b.items() if counters_a.get(k, 0) < v})


def no_spend(s: DuelState, fact: F.Fact, p: int) -> bool:
    """A drop that is no spend: an ante, an effect of a card of the other player's (a token
    taken), or one of ``NOT_SPENT``."""
    if type(fact).__name__ in ANTES or fact.rule in NOT_SPENT:
        return True
    card = _CARDS.get(fact.rule.split(":")[0])
    return card is not None and card.fighter not in ("", s.players[p].fighter)


def choose(duel: Duel, rng: random.Random) -> dict:
    """Uniform, but Lixis lays Naturalizing whenever it is in her hand, and a spend is
    taken whenever one is offered (the most of it)."""
    prompt = duel.prompt
    assert prompt is not None
    if prompt["kind"] == "order":
        return dict(prompt["options"][0])
    if prompt["kind"] == "attack_pair":
        mine = [o for o in prompt["options"] if o["player"] == 0 and
                o.get("style") == "naturalizing"]
        if mine:
            return rng.choice(mine)
    if SPEND_PROMPT.search(prompt.get("about", "")):
        return spends_most(duel)
    return rng.choice(prompt["options"])


def breaches_in(seed: int, opponent: str) -> tuple[int, list[str]]:
    """Play a seeded duel of Lixis against ``opponent`` under rules-2; the facts applied
    while spending was forbidden for someone, and every breach: a spend prompt asked of a
    player who may not spend, or a pool or counter that drops by a spend then. Each fact is
    run on a shadow state, so each drop is seen with the fact that made it."""
    rng = random.Random(seed)
    setup = record_setup("lixis", opponent, True, False, rng.randrange(2), rng)
    duel = Duel.new(setup)
    shadow = replay_facts(setup, duel.facts)
    watched, breaches = 0, []
    while not duel.over:
        prompt = duel.prompt
        assert prompt is not None
        if prompt["kind"] != "order" and SPEND_PROMPT.search(prompt.get("about", "")) and \
                any(forbids(duel.state, p) for p in prompt["players"]):
            breaches.append(f"seed {seed}: offered {prompt['about']!r}")
        for fact in duel.decide(choose(duel, rng)):
            forbid = [forbids(shadow, p) for p in (0, 1)]
            before = [holdings(shadow, p) for p in (0, 1)]
            fact.run(shadow)
            for p in (0, 1):
                lost = dropped(before[p], holdings(shadow, p))
                if forbid[p]:
                    watched += 1
                    if lost and not no_spend(shadow, fact, p):
                        breaches.append(f"seed {seed}: {type(fact).__name__} "
                                        f"[{fact.rule}] {fact.text} ({lost})")
    return watched, breaches


OPPONENTS = [f for f in FIGHTERS if f != "lixis"]
SEEDS = range(int(os.environ.get("BATTLECON_SPENDING_SEEDS", "6")))


@pytest.mark.parametrize("opponent", OPPONENTS)
def test_no_spend_while_naturalizing_forbids_it(opponent):
    """Seeded duels of Lixis against ``opponent`` under rules-2: while Naturalizing is in
    force no spend is offered to either player and no token or counter is spent."""
    watched, breaches = 0, []
    for seed in SEEDS:
        w, b = breaches_in(seed, opponent)
        watched, breaches = watched + w, breaches + b
    assert watched, "no fact was applied under Naturalizing: the sweep saw nothing"
    assert breaches == []
