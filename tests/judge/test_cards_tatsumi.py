"""Tatsumi Nuac's cards (tatsumi.yaml): Juto and the Tidal Bond, five Styles, Whirlpool and
both Finishers, and the FAQ scenario S36 (zone bonuses change at once, R18.13).

Tatsumi is player 0 and Khadath player 1; each test starts from a position (Juto where the
test needs him). Khadath's Hunter's Style is +0/+0/+0 while his Gate Trap is off the board,
so his numbers are the Base's. Rulings tested as such (carddata/tatsumi.toml): Fearless hits
at range 0 from Juto; Wave's Juto may pass the opponent; Riptide's stops on Tatsumi; Juto
leaving the board takes his Stun Guard from the same hit's stun check.
"""

from __future__ import annotations

from judge.battlecon import Duel
from judge.battlecon import facts as F
from judge.battlecon.fighters.tatsumi import (
    JUTO,
    TatsumiJutoHurt,
    juto_zone,
    tidal_bond,
    zone_bonus,
)
from judge.battlecon.narrative import lines
from judge.battlecon.position import FORMAT
from judge.battlecon.state import Pair
from judge.battlecon.stats import attack
from tests.judge.scene import (
    answer,
    facts_of,
    life,
    new_duel,
    option_values,
    pairs,
    pass_ante,
    priorities,
    settle,
    spaces,
)

STYLES = ("empathic", "siren", "fearless", "wave", "riptide")
BASES = ("dash", "burst", "grasp", "shot", "drive", "strike", "whirlpool")


def duel_at(me: int, them: int, juto: int | None, juto_life: int = 4, uses: tuple = (),
            my_life: int = 20, finisher: str | None = None, ante_finishers: bool = False,
            first: int = 0) -> Duel:
    """Tatsumi on ``me``, Khadath on ``them``, Juto on ``juto`` (None: off the board) with
    ``juto_life``; her discards keep the cards named in ``uses`` in hand."""
    styles = [c for c in STYLES if c not in uses][:2]
    bases = [c for c in BASES if c not in uses][:2]
    tatsumi = {"fighter": "tatsumi", "space": me, "life": my_life,
               "discard_1": [styles[0], bases[0]], "discard_2": [styles[1], bases[1]],
               "figures": {JUTO: {"space": juto, "life": juto_life}}}
    if finisher:
        tatsumi["finisher"] = finisher
    khadath = {"fighter": "khadath", "space": them, "discard_1": ["evacuation", "dash"],
               "discard_2": ["teleport", "grasp"]}
    return Duel.new({"format": "battlecon-record/1", "ruleset": "battlecon-2014",
                     "position": {"format": FORMAT, "ante_first": first,
                                  "options": {"special_actions": False,
                                              "ante_finishers": ante_finishers},
                                  "players": [tatsumi, khadath]}})


def beat(duel: Duel, mine: tuple[str, str], theirs: tuple[str, str]) -> None:
    pairs(duel, mine, theirs)
    pass_ante(duel)
    settle(duel)


def where(duel: Duel) -> tuple[int | None, int | None]:
    """Juto's space and life."""
    juto = duel.state.figure(0, JUTO)
    return juto.space, juto.life


def dealt(duel: Duel, attacker: int) -> list[F.DamageDealt]:
    return [f for f in facts_of(duel.facts, F.DamageDealt) if f.attacker == attacker]


def missed(duel: Duel, attacker: int) -> list[str]:
    return [f.reason for f in facts_of(duel.facts, F.Missed) if f.attacker == attacker]


def juto_moves(duel: Duel) -> list[tuple[int | None, str]]:
    return [(f.space, f.text) for f in facts_of(duel.facts, F.FigureChanged)]


def revealed(me: int, them: int, juto: int | None, mine: tuple[str, str],
             theirs: tuple[str, str] = ("hunters", "strike")):
    """A state with both pairs face up, as the Reveal leaves it (for attack numbers)."""
    s = duel_at(me, them, juto, uses=mine).state
    for p, (style, base) in enumerate((mine, theirs)):
        s.players[p].hand = [c for c in s.players[p].hand if c not in (style, base)]
        s.players[p].pair = Pair(style, base, revealed=True)
    s.cache.forget()
    return s


# --- Juto and the Tidal Bond --------------------------------------------------------------


def test_juto_starts_on_tatsumis_space_with_4_life_and_default_discards():
    """Setup: Juto stands on Tatsumi's starting space with 4 life; the printed default
    discards are Empathic + Dash and Fearless + Grasp."""
    duel = new_duel("tatsumi", "khadath")
    assert duel.to_json()["figures"] == [
        {"owner": 0, "name": "juto", "space": 3, "life": 4, "solid": False}]
    me = duel.state.players[0]
    assert (me.discard_1, me.discard_2) == (["empathic", "dash"], ["fearless", "grasp"])


def test_tidal_bond_zone_bonuses_follow_juto():
    """Tidal Bond: zone 0 (behind) +0~2 range +1 power; zone 1 (her space) Soak 3; zone 2
    (between) Soak 1 and Stun Guard 2; zone 3 (on or beyond the opponent) +1 priority;
    off the board, nothing. Tatsumi on 3 with Siren Strike (range 1, power 3, priority 4)."""
    cases = {2: (0, (1, 3), 4, 4, 0, 5), 3: (1, (1, 1), 3, 4, 3, 5),
             4: (2, (1, 1), 3, 4, 1, 7), 5: (3, (1, 1), 3, 5, 0, 5),
             7: (3, (1, 1), 3, 5, 0, 5), None: (None, (1, 1), 3, 4, 0, 5)}
    for juto, (zone, rng, power, priority, soak, guard) in cases.items():
        s = revealed(3, 5, juto, ("siren", "strike"))
        got = attack(s, 0)
        assert juto_zone(s, 0) == zone
        assert (got.range, got.power, got.priority, got.soak, got.stun_guard) == (
            rng, power, priority, soak, guard), juto


def test_zone_bonus_mirrors_when_tatsumi_is_on_the_right():
    """Zones are measured toward the opponent: Tatsumi on 5, Khadath on 2, Juto on 6 is
    behind her (zone 0), on 1 beyond Khadath (zone 3)."""
    assert juto_zone(revealed(5, 2, 6, ("siren", "strike")), 0) == 0
    assert juto_zone(revealed(5, 2, 1, ("siren", "strike")), 0) == 3
    assert juto_zone(revealed(5, 2, 3, ("siren", "strike")), 0) == 2


def test_juto_soaks_in_zone_1_and_loses_that_much_life():
    """Tidal Bond, zone 1: Khadath's Strike (power 4) against Soak 3: Tatsumi takes 1 and
    Juto loses the 3 life he soaked (4 → 1)."""
    duel = duel_at(3, 4, 3, uses=("riptide", "strike"))
    beat(duel, ("riptide", "strike"), ("hunters", "strike"))
    [hit] = dealt(duel, 1)
    assert (hit.amount, hit.soak) == (1, 3)
    [hurt] = facts_of(duel.facts, TatsumiJutoHurt)
    assert (hurt.soaked, hurt.life, hurt.rule) == (3, 1, "tidal-bond: passive")
    assert "Juto soaks 3 damage for Tatsumi and loses that much life (4 → 1)" in hurt.text
    assert where(duel) == (3, 1) and life(duel) == (19, 16)


def test_juto_at_0_life_leaves_the_board():
    """Tidal Bond: with 2 life Juto still soaks 3 and leaves the board at 0."""
    duel = duel_at(3, 4, 3, juto_life=2, uses=("riptide", "strike"))
    beat(duel, ("riptide", "strike"), ("hunters", "strike"))
    [hurt] = facts_of(duel.facts, TatsumiJutoHurt)
    assert (hurt.space, hurt.life) == (None, 0) and "leaves the board" in hurt.text
    assert where(duel) == (None, 0) and life(duel)[0] == 19
    assert duel.to_json()["figures"][0] == {"owner": 0, "name": "juto", "space": None,
                                            "life": 0, "solid": False}
    ends = [f for f in facts_of(duel.facts, F.Triggered) if f.card == "riptide"
            and f.timing == "end_of_beat"]
    assert ends == []  # Riptide's End of Beat moves Juto: gone, he does not trigger it


def test_zone_2_soak_1_and_stun_guard_2():
    """Tidal Bond, zone 2: Khadath's Shot (power 3) at range 2: Soak 1 leaves 2 damage,
    which Stun Guard 2 holds (Grasp has none): Tatsumi is not stunned; Juto loses 1."""
    duel = duel_at(3, 5, 4, uses=("siren", "grasp"))
    beat(duel, ("siren", "grasp"), ("hunters", "shot"))
    [hit] = dealt(duel, 1)
    assert (hit.amount, hit.soak) == (2, 1)
    [check] = [f for f in facts_of(duel.facts, F.StunChecked) if f.player == 0]
    assert (check.stun_guard, check.stunned) == (2, False)
    assert where(duel)[1] == 3


def test_juto_soak_killing_him_takes_his_stun_guard_from_the_stun_check():
    """Ruling (tatsumi.toml, R18.13): zone 2 Juto with 1 life soaks 1 and leaves the board;
    the stun check of that hit has no Stun Guard 2 any more: 2 damage stuns Tatsumi."""
    duel = duel_at(3, 5, 4, juto_life=1, uses=("siren", "grasp"))
    beat(duel, ("siren", "grasp"), ("hunters", "shot"))
    [check] = [f for f in facts_of(duel.facts, F.StunChecked) if f.player == 0]
    assert (check.damage, check.stun_guard, check.stunned) == (2, 0, True)
    assert where(duel) == (None, 0)


def test_a_copy_of_tidal_bond_gains_tatsumis_current_bonus():
    """S41 (for Sagas's Reflection): the Tidal Bond function, asked for a player without a
    Juto, gives that player the bonus Tatsumi has now from hers; never the other way."""
    s = revealed(3, 5, 2, ("siren", "strike"))
    assert tidal_bond(s, 1, 1) == zone_bonus(s, 0) == [
        ("range", (0, 2), "Juto (zone 0)"), ("power", 1, "Juto (zone 0)")]
    assert tidal_bond(s, 0, 1) == []


def test_s36_zone_changes_mid_attack_priority_zone_then_power_zone():
    """S36 (FAQ Tatsumi & Juto, R18.13): Juto beyond Khadath (zone 3, +1 priority) when
    priority is fixed; Drive's advance takes Tatsumi past Khadath, leaving Juto behind her
    (zone 0), so the damage has the +1 power of zone 0."""
    duel = duel_at(2, 4, 6, uses=("siren", "drive"))
    pairs(duel, ("siren", "drive"), ("hunters", "strike"))
    pass_ante(duel)
    assert priorities(duel) == [4 + 1 + 1, 3]  # Drive, Siren, Juto in zone 3
    answer(duel, 0, "move", to=5)  # advance 2: 3, hopping over Khadath on 4, to 5
    settle(duel)
    [hit] = dealt(duel, 0)
    assert (hit.power, hit.amount) == (3 - 1 + 1, 3)  # Drive 3, Siren -1, zone 0 +1
    assert "1 more for Juto (zone 0)" in hit.text


def test_s36_zone_bonus_changes_when_the_opponent_moves():
    """S36: Juto between them (zone 2, Soak 1) when priority is fixed; Khadath's Drive
    advances him past Juto's space (nothing hops over a figure), leaving Juto beyond him
    (zone 3): the hit meets no Soak and Juto loses no life."""
    duel = duel_at(2, 5, 4, uses=("siren", "grasp"))
    s = duel.state
    pairs(duel, ("siren", "grasp"), ("hunters", "drive"))
    pass_ante(duel)
    assert juto_zone(s, 0) == 2 and attack(s, 0).soak == 1
    assert priorities(duel) == [5 + 1, 4]  # Tatsumi active: Grasp misses at range 3
    assert option_values(duel) == [3, 4]  # Juto is no standup: nothing hops over him
    answer(duel, 1, "move", to=3)  # Khadath's Drive: advance 2, 5 → 3, past Juto on 4
    settle(duel)
    [hit] = dealt(duel, 1)
    assert (hit.soak, hit.amount) == (0, 3) and where(duel)[1] == 4


# --- Styles -------------------------------------------------------------------------------


def test_empathic_swaps_places_with_juto_and_passes_on_his_pain():
    """Empathic: at the Start of Beat Tatsumi may swap places with Juto (on a free space);
    at the End of Beat Khadath loses life equal to the damage Juto took this beat."""
    duel = duel_at(3, 6, 5, uses=("empathic", "strike"))
    pairs(duel, ("empathic", "strike"), ("hunters", "strike"))
    pass_ante(duel)
    settle(duel)
    assert duel.prompt["kind"] == "may" and "swap places with Juto" in duel.prompt["about"]
    answer(duel, 0, "may", accept=True)
    assert spaces(duel) == (5, 6) and where(duel) == (3, 4)  # Juto now behind: zone 0
    settle(duel)
    assert life(duel) == (16, 20 - (4 + 1))  # each Strikes; Tatsumi's has zone 0's +1
    duel2 = duel_at(3, 4, 3, uses=("empathic", "strike"))  # Juto on her: no swap offered
    beat(duel2, ("empathic", "strike"), ("hunters", "strike"))
    lost = [f for f in facts_of(duel2.facts, F.LifeLost) if f.player == 1]
    assert [(f.amount, f.rule) for f in lost] == [(3, "empathic: End of Beat")]
    assert not [f for f in facts_of(duel2.facts, F.Declined)]


def test_empathic_swap_declined_leaves_both_in_place():
    duel = duel_at(3, 6, 5, uses=("empathic", "strike"))
    pairs(duel, ("empathic", "strike"), ("hunters", "strike"))
    pass_ante(duel)
    settle(duel)
    answer(duel, 0, "may", accept=False)
    assert spaces(duel) == (3, 6) and where(duel) == (5, 4)
    assert facts_of(duel.facts, F.Declined)[0].text == "Tatsumi does not swap places with Juto."


def test_siren_stuns_on_hit_and_moves_juto_0_to_2_spaces():
    """Siren: On Hit the opponent is stunned; End of Beat Juto moves 0-2 spaces (a move
    prompt naming Juto, his legal spaces only, his own included)."""
    duel = duel_at(3, 4, 3, uses=("siren", "grasp"))
    pairs(duel, ("siren", "grasp"), ("hunters", "strike"))
    pass_ante(duel)
    answer(duel, 0, "move", to=5)  # Grasp's On Hit: move Khadath 1 (4 → 5)
    settle(duel)
    assert [f.player for f in facts_of(duel.facts, F.Stunned)] == [1] and not dealt(duel, 1)
    prompt = duel.prompt
    assert prompt["kind"] == "move" and prompt["figure"] == "juto"
    assert option_values(duel) == [1, 2, 3, 4, 5] and prompt["rule"] == "siren: End of Beat"
    answer(duel, 0, "move", to=1)
    assert where(duel) == (1, 4)
    assert "Juto moves from space 3 to space 1." in [t for _, t in juto_moves(duel)]


def test_fearless_measures_range_from_juto():
    """Fearless: range (Strike 1, Fearless -1~0: 0~1) from Juto on 4: Khadath on 5 is at
    range 1 from Juto, 4 from Tatsumi: hit."""
    duel = duel_at(1, 5, 4, uses=("fearless", "strike"))
    beat(duel, ("fearless", "strike"), ("hunters", "strike"))
    [hit] = [f for f in facts_of(duel.facts, F.Hit) if f.attacker == 0]
    assert "range 1 (measured from space 4)" in hit.text
    assert life(duel)[1] == 16


def test_fearless_hits_at_range_0_on_juto_space():
    """Ruling (tatsumi.toml): Juto on Khadath's space, Fearless Strike's range 0~1 covers
    range 0 measured from Juto (R13.4 bars only the attacker's own space)."""
    duel = duel_at(2, 5, 5, uses=("fearless", "strike"))
    beat(duel, ("fearless", "strike"), ("hunters", "strike"))
    [hit] = [f for f in facts_of(duel.facts, F.Hit) if f.attacker == 0]
    assert "range 0 (measured from space 5)" in hit.text


def test_fearless_cannot_hit_without_juto_and_brings_him_back():
    """Fearless: with Juto off the board the attack cannot hit; at the End of Beat he
    returns at full life on Tatsumi's space."""
    duel = duel_at(3, 4, None, juto_life=0, uses=("fearless", "strike"))
    beat(duel, ("fearless", "strike"), ("hunters", "strike"))
    assert missed(duel, 0) == ["range_origin"] and life(duel)[1] == 20
    assert where(duel) == (3, 4)
    back = [f for f in facts_of(duel.facts, F.FigureChanged) if f.rule == "fearless: End of Beat"]
    assert back and back[0].text == "Juto returns at full life (4) on Tatsumi's space 3."


def test_wave_pushes_and_moves_juto_toward_the_opponent():
    """Wave: On Hit push 0-2; After Activating Juto moves any number of spaces toward the
    opponent (ruling: as far as the edge, past the opponent)."""
    duel = duel_at(2, 5, 2, uses=("wave", "strike"))  # Strike 1 + Wave 2~4: range 3~5
    pairs(duel, ("wave", "strike"), ("hunters", "shot"))
    pass_ante(duel)
    settle(duel)
    assert option_values(duel) == [5, 6, 7] and duel.prompt["rule"] == "wave: On Hit"
    answer(duel, 0, "move", to=6)
    assert duel.prompt["figure"] == "juto" and option_values(duel) == [2, 3, 4, 5, 6, 7]
    answer(duel, 0, "move", to=7)
    settle(duel)
    assert spaces(duel) == (2, 6) and where(duel) == (7, 4)  # Juto beyond Khadath: zone 3


def test_wave_narrative_names_juto_in_his_move_decision():
    """Wave: the decision that moves Juto reads as a move of Juto in the narrative
    ("Player 0 moves Juto to space 7."), while the push decision of the same beat, a
    standup's, keeps "Player 0 chooses space 6."."""
    duel = duel_at(2, 5, 2, uses=("wave", "strike"))
    pairs(duel, ("wave", "strike"), ("hunters", "shot"))
    pass_ante(duel)
    settle(duel)
    answer(duel, 0, "move", to=6)
    answer(duel, 0, "move", to=7)
    said = [line.split(">", 1)[1].strip() for line in lines(duel) if "  > " in line]
    assert said[-2:] == [  # each answer after the effect that asked it
        "Tatsumi's Wave (On Hit): Push the opponent 0-2 spaces. Player 0 chooses space 6. "
        "[wave: On Hit]",
        "Tatsumi's Wave (After Activating): Move Juto any number of spaces toward the "
        "opponent. Player 0 moves Juto to space 7. [wave: After Activating]"]


def test_riptide_dodges_attacks_from_range_3_with_juto_in_zone_2():
    """Riptide: Juto between them (zone 2) at the Start of Beat: Khadath's Shot from range
    3 cannot hit Tatsumi. Without Juto in zone 2 the same Shot hits."""
    duel = duel_at(2, 5, 3, uses=("riptide", "burst"))
    beat(duel, ("riptide", "shot"), ("hunters", "shot"))
    assert missed(duel, 1) == ["riptide"] and life(duel)[0] == 20
    duel = duel_at(2, 5, 1, uses=("riptide", "burst"))  # Juto behind her: zone 0
    beat(duel, ("riptide", "shot"), ("hunters", "shot"))
    assert missed(duel, 1) == [] and life(duel)[0] == 17


def test_riptide_moves_juto_toward_tatsumi():
    """Riptide End of Beat: Juto moves any number of spaces toward Tatsumi, at most onto
    her space (ruling)."""
    duel = duel_at(2, 6, 5, uses=("riptide", "shot"))
    beat(duel, ("riptide", "shot"), ("hunters", "shot"))
    while duel.prompt["kind"] != "move" or "figure" not in duel.prompt:
        answer(duel, duel.prompt["players"][0], duel.prompt["kind"],
               **{k: v for k, v in duel.prompt["options"][0].items()
                  if k not in ("player", "kind")})
    assert option_values(duel) == [2, 3, 4, 5]
    answer(duel, 0, "move", to=2)
    assert where(duel) == (2, 4)


# --- Whirlpool and the Finishers ------------------------------------------------------------


def test_whirlpool_draws_the_opponent_toward_juto():
    """Whirlpool Start of Beat: the opponent moves 1 space toward Juto: pulled toward
    Tatsumi while Juto is on her side, pushed while Juto is beyond; nothing while Juto is
    on the opponent's space."""
    for juto, end in ((3, 5), (7, 7)):
        duel = duel_at(3, 6, juto, uses=("siren", "whirlpool"))
        pairs(duel, ("siren", "whirlpool"), ("hunters", "shot"))
        pass_ante(duel)
        settle(duel)
        assert spaces(duel)[1] == end, juto
        moved = [f for f in facts_of(duel.facts, F.Moved) if f.player == 1]
        assert moved[0].rule == "whirlpool: Start of Beat"
    duel = duel_at(3, 6, 6, uses=("siren", "whirlpool"))
    pairs(duel, ("siren", "whirlpool"), ("hunters", "shot"))
    pass_ante(duel)
    assert not [f for f in facts_of(duel.facts, F.Triggered) if f.card == "whirlpool"
                and f.timing == "start_of_beat"]


def test_whirlpool_after_activating_moves_tatsumi_then_juto():
    """Whirlpool After Activating: Tatsumi moves 0-2 spaces, then Juto 0-2 spaces."""
    duel = duel_at(3, 5, 3, uses=("siren", "whirlpool"))
    pairs(duel, ("siren", "whirlpool"), ("hunters", "shot"))
    pass_ante(duel)
    settle(duel)  # Whirlpool pulls Khadath 5 → 4; Siren Whirlpool hits and stuns
    assert spaces(duel) == (3, 4) and duel.prompt["rule"] == "whirlpool: After Activating"
    assert option_values(duel) == [1, 2, 3, 5, 6]  # 0-2 spaces, hopping over Khadath
    answer(duel, 0, "move", to=2)
    assert duel.prompt["figure"] == "juto" and option_values(duel) == [1, 2, 3, 4, 5]
    answer(duel, 0, "move", to=1)
    assert spaces(duel)[0] == 2 and where(duel)[0] == 1


def test_tsunamis_collide_gains_for_each_space_to_juto_in_zone_3():
    """Tsunami's Collide (range 2~4, power 0, priority 0), Reveal: Juto in zone 3 on 6,
    four spaces between Tatsumi (1) and him: +12 power and +8 priority (and +1 priority
    for zone 3). With Juto on 4, next to Khadath on 3, it cannot hit."""
    duel = duel_at(1, 3, 6, my_life=7, finisher="tsunamis-collide", ante_finishers=True,
                   uses=("siren", "strike"))
    pairs(duel, ("siren", "strike"), ("hunters", "strike"))
    answer(duel, 0, "ante", finisher=True)
    pass_ante(duel)
    settle(duel)
    gained = [f for f in facts_of(duel.facts, F.StatusGained) if f.player == 0]
    assert [(f.stat, f.amount) for f in gained] == [("power", 12), ("priority", 8)]
    assert priorities(duel)[0] == 0 + 8 + 1
    assert [f.amount for f in dealt(duel, 0)] == [12]
    duel = duel_at(1, 3, 4, my_life=7, finisher="tsunamis-collide", ante_finishers=True,
                   uses=("siren", "strike"))
    pairs(duel, ("siren", "strike"), ("hunters", "strike"))
    answer(duel, 0, "ante", finisher=True)
    pass_ante(duel)
    settle(duel)
    assert missed(duel, 0) == ["tsunamis-collide"]


def test_guardian_xandjinn_hits_around_juto_stuns_and_moves_him():
    """Guardian Xandjinn (range X: Juto's space and the spaces next to it; power 6,
    priority 5): Khadath next to Juto is hit, stunned, and Juto moves anywhere."""
    duel = duel_at(1, 5, 4, my_life=7, finisher="guardian-xandjinn", ante_finishers=True,
                   uses=("siren", "strike"))
    pairs(duel, ("siren", "strike"), ("hunters", "strike"))
    answer(duel, 0, "ante", finisher=True)
    pass_ante(duel)
    settle(duel)
    assert duel.prompt["figure"] == "juto" and option_values(duel) == list(range(1, 8))
    answer(duel, 0, "move", to=7)
    assert [f.player for f in facts_of(duel.facts, F.Stunned)] == [1] and where(duel)[0] == 7
    assert [f.amount for f in dealt(duel, 0)] == [6]
    far = duel_at(1, 7, 4, my_life=7, finisher="guardian-xandjinn", ante_finishers=True,
                  uses=("siren", "strike"))
    pairs(far, ("siren", "strike"), ("hunters", "strike"))
    answer(far, 0, "ante", finisher=True)
    pass_ante(far)
    settle(far)
    assert missed(far, 0) == ["range_x"]


def test_tsunamis_collide_without_juto_is_not_stopped():
    """Ruling (tatsumi.toml): with Juto off the board nothing keeps Tsunami's Collide from
    hitting, but it has no Reveal bonus (no Zone 3): power 0 hits for 0."""
    duel = duel_at(1, 3, None, juto_life=0, my_life=7, finisher="tsunamis-collide",
                   ante_finishers=True, uses=("siren", "strike"))
    pairs(duel, ("siren", "strike"), ("hunters", "strike"))
    answer(duel, 0, "ante", finisher=True)
    pass_ante(duel)
    settle(duel)
    assert missed(duel, 0) == [] and [f.amount for f in dealt(duel, 0)] == [0]
    assert not [f for f in facts_of(duel.facts, F.StatusGained) if f.player == 0]


def test_wave_moves_juto_toward_the_opponent_on_tatsumis_left_too():
    """Wave, mirrored: Tatsumi on 6, Khadath on 3: toward the opponent is leftward, so
    Juto on 6 may go to any space from 6 down to 1."""
    duel = duel_at(6, 3, 6, uses=("wave", "strike"))
    pairs(duel, ("wave", "strike"), ("hunters", "shot"))
    pass_ante(duel)
    settle(duel)
    answer(duel, 0, "move", to=3)  # Wave's push 0 spaces
    assert duel.prompt["figure"] == "juto" and option_values(duel) == [1, 2, 3, 4, 5, 6]
