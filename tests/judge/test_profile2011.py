"""The ``battlecon-2011`` profile (issue 35): 001, the 2011 Free Preview rules v1.3, judged
through the same record format and engine as 2014, its differences switches
(``judge.battlecon.profile``). Each test cites 001's passage by its section heading and,
where 2014 differs, shows the 2014 record of the same decisions."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from judge import registry
from judge.battlecon.facts import DuelEnded
from judge.battlecon.playout import play
from judge.errors import RecordError
from tests.judge.test_playouts import check_duel

ROOT = Path(__file__).resolve().parents[2]
COMIC = json.loads((ROOT / "examples" / "comic-beat-1.json").read_text("utf-8"))
BC2011 = {**COMIC, "ruleset": "battlecon-2011", "decisions": []}
BC2014 = {**COMIC, "decisions": []}
PREVIEW = ("cadenza", "hikaru", "kallistar", "khadath")


def test_the_profile_is_registered_like_any_ruleset() -> None:
    rules = registry.find("battlecon-2011")
    assert "battlecon-2011" in registry.names()
    assert registry.of_record(BC2011) is rules
    assert rules.record_format == registry.default().record_format  # the same record format
    assert rules.parse_setup(BC2011)["ruleset"] == "battlecon-2011"
    duel = registry.from_record(BC2011)
    assert duel.to_record()["ruleset"] == "battlecon-2011"  # it travels with the record


def test_a_record_naming_no_ruleset_is_still_2014() -> None:
    """Release 1's records name no ruleset: the profile shares the format, never takes them."""
    bare = {k: v for k, v in BC2014.items() if k != "ruleset"}
    assert registry.of_record(bare).name == "battlecon-2014"
    assert registry.from_record(bare).setup["ruleset"] == "battlecon-2014"


def test_each_ruleset_refuses_a_record_naming_the_other() -> None:
    with pytest.raises(RecordError, match="battlecon-2011") as err:
        registry.find("battlecon-2014").parse_setup(BC2011)
    assert err.value.field == "ruleset"
    with pytest.raises(RecordError):
        registry.find("battlecon-2011").parse_setup(BC2014)


def test_only_the_four_preview_fighters_are_offered() -> None:
    """001 Setup / the fighters' pages: Khadath, Kallistar, Cadenza, Hikaru."""
    offered = [f["id"] for f in registry.find("battlecon-2011").catalogue()["fighters"]]
    assert sorted(offered) == list(PREVIEW)
    assert len(registry.default().catalogue()["fighters"]) == 18  # 2014 unchanged


def test_another_fighter_is_refused_naming_the_profile() -> None:
    record = {**BC2011, "players": [BC2011["players"][0], {"name": "Ben", "fighter": "seth"}]}
    with pytest.raises(RecordError, match="'seth' is not a fighter of the battlecon-2011") as err:
        registry.from_record(record)
    assert err.value.rule == "001 Setup" and err.value.field == "players"
    registry.from_record({**record, "ruleset": "battlecon-2014"})  # 2014 has Seth


def test_c01_the_fighters_start_on_spaces_2_and_6() -> None:
    """001 Setup: "Place both players on spaces 2 and 6 respectively" (range 4, 001 Step 4:
    "characters at the start of a match are at range 4"); 2014: spaces 3 and 5 (R1.5)."""
    old, new = registry.from_record(BC2011), registry.from_record(BC2014)
    assert [p.space for p in old.state.players] == [2, 6] and old.state.distance() == 4
    assert [p.space for p in new.state.players] == [3, 5] and new.state.distance() == 2
    assert [p["space"] for p in old.to_json()["players"]] == [2, 6]


def test_c01_the_same_opening_decisions_land_differently() -> None:
    """The comic's first beat replayed under 001: the same decisions are legal or not by
    the opening range; where both accept them, the fighters stand elsewhere."""
    old, new = registry.from_record(BC2011), registry.from_record(BC2014)
    assert old.prompt["kind"] == new.prompt["kind"] == "attack_pair"
    assert old.state.players[0].space != new.state.players[0].space


@pytest.mark.parametrize("option", ["ante_finishers", "time_limit"])
def test_ante_finishers_and_a_time_limit_are_refused_naming_the_profile(option) -> None:
    record = {**BC2011, "options": {**BC2011["options"], option: True}}
    with pytest.raises(RecordError, match="the battlecon-2011 profile has no") as err:
        registry.from_record(record)
    assert err.value.rule.startswith("001 ") and err.value.field == "options"


def test_c09_the_profile_has_no_time_limit() -> None:
    """001 Gameplay Overview: "A duel consists of any number of turns, called beats."
    Of a dozen seeded duels (Cadenza against Khadath) the longest plays past beat 15 and
    ends only by knockout; 2014 ends every duel by beat 15 (R12.1)."""
    setup = registry.from_record(BC2011).setup
    assert setup["options"]["time_limit"] is False
    duels = [play(seed, "cadenza", "khadath", ruleset="battlecon-2011") for seed in range(12)]
    duel = max(duels, key=lambda d: d.state.beat)
    assert duel.state.beat > 15 and duel.state.end_reason == "knockout"
    ends = [e for k, e in duel.events if k == "fact" and isinstance(e, DuelEnded)]
    assert [e.rule for e in ends] != ["R12.1"]
    assert "beat counter" not in duel.events[0][1].text
    assert duel.events[0][1].rule == "001 Setup"
    assert all(play(seed, "cadenza", "khadath").state.beat <= 15 for seed in range(12))


PAIRS = list(itertools.product(PREVIEW, PREVIEW))


@pytest.mark.parametrize(("f0", "f1"), PAIRS, ids=[f"{a}-{b}" for a, b in PAIRS])
def test_seeded_playouts_keep_2014s_invariants(f0: str, f1: str) -> None:
    """The same invariants as 2014's playouts (test_playouts.check_duel), under 001."""
    for seed in range(3):
        duel = play(seed, f0, f1, special_actions=seed != 2, ruleset="battlecon-2011")
        assert duel.over and duel.setup["ruleset"] == "battlecon-2011"
        assert [p.space for p in duel.state_at(0).players] == [2, 6]
        check_duel(duel, compare_every_decision=seed == 0)


def test_c08_each_fighter_has_one_overdrive_finish_on_the_character_card() -> None:
    """001 Card Overview: "4. Overdrive Finish Attack ... described in the 'Special Actions'
    rules"; 001 Special Actions: "The overdrive finish attack varies for each character,
    and is listed on the Character card". 2014 (C08): a two-sided Finisher card chosen at
    setup. The profile names each fighter's one (its face a); another is refused."""
    rules = registry.find("battlecon-2011")
    offered = {f["id"]: [c["id"] for c in f["finishers"]] for f in rules.catalogue()["fighters"]}
    assert offered == {"cadenza": ["rocket-press"], "hikaru": ["wrath-of-elements"],
                       "kallistar": ["supernova"], "khadath": ["dimensional-exile"]}
    unnamed = {**BC2011, "players": [{k: v for k, v in p.items() if k != "finisher"}
                                     for p in BC2011["players"]]}
    assert [p["finisher"] for p in rules.parse_setup(unnamed)["players"]] == [
        "wrath-of-elements", "dimensional-exile"]
    other = {**BC2011, "players": [{**BC2011["players"][0], "finisher": "four-winds"},
                                   BC2011["players"][1]]}
    with pytest.raises(RecordError, match="one Overdrive Finish, 'wrath-of-elements'") as err:
        registry.from_record(other)
    assert err.value.rule == "001 Card Overview"
    registry.from_record({**other, "ruleset": "battlecon-2014"})  # 2014: face b is a choice
