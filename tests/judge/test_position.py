"""Positions ``battlecon-position/1``: a duel at the start of a beat, and records that start there.

What a judge relies on: a position round-trips through JSON and ``repr``; a malformed one is
refused with the field named; a record may start from one (the older layout on spaces 2 and
6, a puzzle, a reconstruction); and continuing a duel from the position of any beat's start
states exactly the facts the original duel stated.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import jsonschema
import pytest

from judge.battlecon import Duel, parse_setup, schema
from judge.battlecon import facts as F
from judge.battlecon.notation import state_json
from judge.battlecon.playout import FIGHTERS, play
from judge.battlecon.position import FORMAT, Position, from_position, to_position
from judge.battlecon.record import FORMAT as RECORD
from judge.errors import RecordError
from tests.judge.scene import new_duel, pairs, pass_ante

ROOT = Path(__file__).resolve().parents[2]
VALIDATOR = jsonschema.Draft202012Validator(schema())
POSITION = jsonschema.Draft202012Validator(
    {"$schema": schema()["$schema"], "$defs": schema()["$defs"], "$ref": "#/$defs/position"})
PLAYOUTS = int(os.environ.get("BATTLECON_POSITION_PLAYOUTS", "3"))  # seeds per pairing


def midgame() -> Position:
    """The start of beat 6 of a seeded Hikaru-Khadath duel: cards spread over the zones."""
    duel = play(3, "hikaru", "khadath")
    return to_position(duel.state_at(beat_starts(duel)[5] + 1))


def older_layout(**changes: object) -> dict:
    """The standard opening, but with the standups on spaces 2 and 6 (older printings)."""
    data = {"format": FORMAT, "players": [
        {"name": "Ana", "fighter": "hikaru", "space": 2, "discard_1": ["trance", "dash"],
         "discard_2": ["focused", "grasp"]},
        {"name": "Ben", "fighter": "khadath", "space": 6, "discard_1": ["evacuation", "dash"],
         "discard_2": ["teleport", "grasp"]}]}
    data.update(changes)
    return data


def beat_starts(duel: Duel) -> list[int]:
    """The event index of every BeatBegan: the state after it is a beat's start."""
    return [i for i, (kind, e) in enumerate(duel.events)
            if kind == "fact" and isinstance(e, F.BeatBegan)]


# --- round trips ------------------------------------------------------------------------------


def test_json_round_trip_is_exact():
    position = midgame()
    text = json.dumps(position.to_json())
    again = Position.from_json(json.loads(text))
    assert again == position and hash(again) == hash(position)
    assert json.dumps(again.to_json()) == text


def test_repr_evaluates_back_to_an_equal_position():
    position = midgame()
    shown = repr(position)
    assert shown.startswith("Position.from_json({")
    assert eval(shown, {"Position": Position}) == position


def test_the_standard_opening_as_a_position():
    duel = new_duel("hikaru", "khadath")
    data = to_position(duel.state).to_json()
    assert data["format"] == "battlecon-position/1" and (data["beat"], data["beats_played"]) == (1, 1)
    hikaru, khadath = data["players"]
    assert (hikaru["space"], khadath["space"], hikaru["life"], khadath["life"]) == (3, 5, 20, 20)
    assert hikaru["discard_1"] == ["trance", "dash"] and "special-action" in hikaru["hand"]
    assert hikaru["token_pool"] == ["earth", "fire", "water", "wind"]
    assert khadath["markers"] == {"gate-trap": None} and hikaru["markers"] == {}
    assert "form" not in hikaru and hikaru["counters"] == {}
    assert POSITION.is_valid(data)


def test_from_position_gives_the_same_state_json():
    duel = play(7, "kallistar", "cadenza")
    for i in beat_starts(duel):
        state = duel.state_at(i + 1)
        assert state_json(from_position(to_position(state)), None) == state_json(state, None)


def test_compact_positions_take_the_natural_defaults():
    """Left out: names, Finisher side a, life 20, the hand (the cards in no other zone)."""
    position = Position.from_json({"format": FORMAT, "players": [
        {"fighter": "cadenza", "space": 1, "token_discard": ["iron-body"]},
        {"fighter": "kallistar", "space": 7, "form": "elemental"}]})
    cadenza, kallistar = position.players
    assert (cadenza.name, cadenza.finisher, cadenza.life) == ("Player 0", "rocket-press", 20)
    assert cadenza.token_pool == ("iron-body", "iron-body")
    assert len(cadenza.hand) == 13 and "special-action" in cadenza.hand
    assert kallistar.form == "elemental" and kallistar.finisher_used is False
    assert (position.beat, position.beats_played, position.ante_first) == (1, 1, 0)


def test_to_position_refuses_a_state_within_a_beat():
    duel = new_duel("hikaru", "khadath")
    duel.decide({"player": 0, "kind": "attack_pair", "style": "advancing", "base": "drive"})
    with pytest.raises(RecordError) as info:
        to_position(duel.state)
    assert "start of a beat" in info.value.reason and info.value.rule == "R3.1"
    stunned = new_duel("hikaru", "khadath")
    stunned.correct({"1": {"stunned": True}}, rule="test")  # a judge's fix, at Select
    with pytest.raises(RecordError, match="start of a beat"):
        to_position(stunned.state)
    over = play(1, "hikaru", "khadath")
    with pytest.raises(RecordError, match="over"):
        to_position(over.state)


# --- malformed positions: refused, with the field named ------------------------------------


def _player(i: int, **values: object):
    def change(data: dict) -> None:
        data["players"][i].update(values)
    return change


def _top(**values: object):
    def change(data: dict) -> None:
        data.update(values)
    return change


def _move_card(i: int, card: str, zone: str):
    """Put a card (also) in another zone: in two zones, since the hand stays explicit."""
    def change(data: dict) -> None:
        data["players"][i][zone] = data["players"][i].get(zone, []) + [card]
    return change


def _drop_card(i: int, card: str):
    def change(data: dict) -> None:
        data["players"][i]["hand"] = [c for c in data["players"][i]["hand"] if c != card]
    return change


CADENZA = {"fighter": "cadenza", "space": 4}
KALLISTAR = {"fighter": "kallistar", "space": 4}
STATUS = {"player": 0, "stat": "power", "amount": 2, "source": "Elemental Form", "beat": 1,
          "until": 1}

MALFORMED = {
    "wrong format tag": (_top(format="battlecon-position/2"), "position.format"),
    "unknown field": (_top(arena="crimson"), "position"),
    "one player": (_top(players=[{"fighter": "hikaru", "space": 2}]), "position.players"),
    "standups on one space": (_player(1, space=2), "position.players"),
    "standup off the board": (_player(0, space=0), "position.players[0].space"),
    "standup on space 8": (_player(1, space=8), "position.players[1].space"),
    "life 0": (_player(1, life=0), "position.players[1].life"),
    "life 21": (_player(1, life=21), "position.players[1].life"),
    "life true": (_player(0, life=True), "position.players[0].life"),
    "unknown fighter": (_player(0, fighter="no-such-fighter"), "position.players[0].fighter"),
    "Finisher of another fighter": (_player(0, finisher="supernova"),
                                    "position.players[0].finisher"),
    "finisher_used not a boolean": (_player(0, finisher_used=1),
                                    "position.players[0].finisher_used"),
    "card in two zones": (_move_card(0, "advancing", "removed"), "position.players[0].removed"),
    "card in no zone": (_drop_card(1, "lure"), "position.players[1]"),
    "card of another fighter": (_move_card(0, "lure", "discard_2"),
                                "position.players[0].discard_2"),
    "unknown card": (_move_card(1, "no-such-card", "hand"), "position.players[1].hand"),
    "special action while the variant is off": (
        _top(options={"special_actions": False}), "position.players[0].hand"),
    "token of another fighter": (_player(1, token_pool=["fire"]),
                                 "position.players[1].token_pool"),
    "a second Fire token": (_player(0, token_pool=["earth", "fire", "water", "wind"],
                                    token_discard=["fire"]), "position.players[0]"),
    "four Iron Body tokens": (_player(0, **CADENZA, hand=None, discard_1=[], discard_2=[],
                                      token_pool=["iron-body"] * 4), "position.players[0]"),
    "form for a fighter without one": (_player(0, form="elemental"), "position.players[0].form"),
    "unknown form": (_player(0, **KALLISTAR, hand=None, discard_1=[], discard_2=[],
                             form="dragon"), "position.players[0].form"),
    "marker the fighter does not own": (_player(0, markers={"gate-trap": 4}),
                                        "position.players[0].markers"),
    "marker off the board edge": (_player(1, markers={"gate-trap": 8}),
                                  "position.players[1].markers.gate-trap"),
    "unknown counter": (_player(1, counters={"dark-force": 2}), "position.players[1].counters"),
    "beat 0": (_top(beat=0), "position.beat"),
    "beat 16": (_top(beat=16), "position.beat"),
    "fewer beats played than the beat": (_top(beat=5, beats_played=4),
                                         "position.beats_played"),
    "ante_first 2": (_top(ante_first=2), "position.ante_first"),
    "ante_first true": (_top(ante_first=True), "position.ante_first"),
    "unknown option": (_top(options={"arenas": True}), "position.options"),
    "unknown ruling value": (_top(options={"rulings": {"lure-power": 1}}), "position.options"),
    "status that has lapsed": (_top(beat=3, statuses=[STATUS]), "position.statuses[0].until"),
    "status on an unknown stat": (_top(statuses=[{**STATUS, "stat": "luck"}]),
                                  "position.statuses[0].stat"),
}


def _malformed(change) -> dict:
    """The older layout with explicit hands (so a card can be put in two zones), changed;
    a hand set to None is left out again (every card left over)."""
    data = older_layout()
    for p, parsed in zip(data["players"], Position.from_json(data).players, strict=True):
        p["hand"] = list(parsed.hand)
    change(data)
    for p in data["players"]:
        if "hand" in p and p["hand"] is None:
            del p["hand"]
    return data


@pytest.mark.parametrize("change, field", MALFORMED.values(), ids=MALFORMED.keys())
def test_malformed_position_is_refused_naming_the_field(change, field):
    with pytest.raises(RecordError) as info:
        Position.from_json(_malformed(change))
    assert info.value.reason.startswith(f"{field}: "), info.value.reason
    assert info.value.rule


def test_the_refusals_cite_the_rules():
    rules = {name: _rule(change) for name, (change, _) in MALFORMED.items()}
    assert rules["standups on one space"] == "R17.11"
    assert rules["life 21"] == "R14.8"
    assert rules["card in two zones"] == "R1.2"
    assert rules["four Iron Body tokens"] == "R19.1"
    assert rules["marker the fighter does not own"] == "R19.3"
    assert rules["beat 16"] == "R12.1"


def _rule(change) -> str:
    with pytest.raises(RecordError) as info:
        Position.from_json(_malformed(change))
    return info.value.rule


def test_beats_beyond_15_only_without_the_time_limit():
    data = older_layout(beat=20, beats_played=22, options={"time_limit": False})
    assert Position.from_json(data).beat == 20


def test_the_special_action_must_be_somewhere_while_the_variant_is_on():
    data = older_layout()
    data["players"][0]["hand"] = [c for c in Position.from_json(data).players[0].hand
                                  if c != "special-action"]
    with pytest.raises(RecordError, match=r"^position.players\[0\]: 'special-action' is in no"):
        Position.from_json(data)


def test_not_an_object():
    with pytest.raises(RecordError, match="^position: must be a JSON object"):
        Position.from_json([older_layout()])


# --- records that start from a position ---------------------------------------------------


def position_record(position: dict, decisions: list | None = None) -> dict:
    return {"format": RECORD, "position": position, "decisions": decisions or []}


def test_older_layout_on_spaces_2_and_6_plays_a_beat():
    record = position_record(older_layout(), [
        {"player": 0, "kind": "attack_pair", "style": "advancing", "base": "drive"},
        {"player": 1, "kind": "attack_pair", "style": "lure", "base": "shot"}])
    assert VALIDATOR.is_valid(record)
    duel = Duel.from_record(record)
    first = duel.facts[0]
    assert isinstance(first, F.BeatBegan) and (first.beat, first.seq) == (1, 1)
    state = duel.to_json()
    assert [p["space"] for p in state["players"]] == [2, 6]
    assert [p["life"] for p in state["players"]] == [20, 20]
    pass_ante(duel)
    moved = [f for f in duel.facts if isinstance(f, F.Moved)]
    assert (moved[0].player, moved[0].start, moved[0].end) == (0, 2, 3)  # Advancing, from 2
    duel.decide({"player": 0, "kind": "move", "to": 5})  # Drive: 2 more, to range 1
    hit = [f for f in duel.facts if isinstance(f, F.Hit | F.Missed)][0]
    assert isinstance(hit, F.Hit) and hit.attacker == 0
    damage = [f for f in duel.facts if isinstance(f, F.DamageDealt)][0]
    assert duel.state.players[1].life == 20 - damage.amount


def test_a_reconstructed_duel_continues_from_beat_9():
    """A judge re-enters a duel that was not logged from the start."""
    data = older_layout(beat=9, beats_played=10, ante_first=1)
    data["players"][0].update(life=11, space=3, token_discard=["fire", "water"])
    data["players"][1].update(life=8, space=5, markers={"gate-trap": 4})
    duel = Duel.from_record(position_record(data))
    assert duel.facts[0].to_json() == {"type": "BeatBegan", "rule": "R3.1",
                                       "text": "Beat 9 begins.", "beat": 9, "seq": 10,
                                       "ante_first": 1}
    state = duel.to_json()
    assert (state["beat"], state["beats_played"]) == (9, 10)
    assert state["markers"] == [{"owner": 1, "name": "gate-trap", "space": 4}]
    assert state["players"][0]["token_pool"] == ["earth", "wind"]
    pairs(duel, ("advancing", "shot"), ("hunters", "strike"))
    passed = [f for f in duel.facts if isinstance(f, F.Passed)]
    assert [(f.player, f.forced) for f in passed] == [(1, True)]  # Khadath antes first
    assert duel.prompt["kind"] == "ante" and duel.prompt["players"] == [0]


def test_the_setup_keeps_the_position_and_the_record_replays():
    record = position_record(midgame().to_json(), [])
    duel = Duel.from_record(record)
    setup = duel.setup
    assert setup["position"] == midgame().to_json()
    assert setup["players"] == [{"name": p.name, "fighter": p.fighter, "finisher": p.finisher}
                                for p in midgame().players]
    written = duel.to_record()
    assert written["position"] == setup["position"] and VALIDATOR.is_valid(written)
    again = Duel.from_record(written)
    assert again.to_json() == duel.to_json()
    envelope = {"format": RECORD, **setup}  # how a stored setup is re-judged
    assert parse_setup(envelope) == setup
    restored = Duel.restore(setup)
    for kind, payload in duel.events:
        restored.absorb(kind, payload)
    assert restored.to_json() == duel.to_json()


def test_a_stored_duel_from_a_position_loads_exports_and_verifies(tmp_path):
    from events.app import JudgeApp
    from events.export import log_lines, record_of, verify_log

    db = str(tmp_path / "duels.db")
    record = position_record(older_layout(), [
        {"player": 0, "kind": "attack_pair", "style": "advancing", "base": "drive"}])
    created = JudgeApp(db=db).create_duel(record)
    agg = JudgeApp(db=db).record(created.duel_id)  # another process: replayed from the store
    assert agg.duel.to_json() == Duel.from_record(record).to_json()
    assert record_of(agg)["position"] == Position.from_json(older_layout()).to_json()
    assert verify_log(list(log_lines(agg)))


@pytest.mark.parametrize("changes, rule", [
    ({"players": [{"fighter": "hikaru", "discard_1": ["trance", "dash"]},
                  {"fighter": "khadath"}]}, "R1.9"),
    ({"players": [{"fighter": "cadenza"}, {"fighter": "khadath"}]}, "record.players"),
    ({"players": [{"name": "Cy", "fighter": "hikaru"}, {"fighter": "khadath"}]},
     "record.players"),
    ({"options": {"special_actions": False}}, "record.options"),
    ({"first_to_ante": 1}, "R5.2"),
])
def test_a_record_must_agree_with_its_position(changes, rule):
    record = {**position_record(older_layout()), **changes}
    with pytest.raises(RecordError) as info:
        Duel.from_record(record)
    assert info.value.rule == rule


def test_a_record_may_repeat_what_its_position_says():
    record = {**position_record(older_layout()), "first_to_ante": 0,
              "options": {"special_actions": True},
              "players": [{"name": "Ana", "fighter": "hikaru"}, {"fighter": "khadath",
                                                                 "finisher": "dimensional-exile"}]}
    assert VALIDATOR.is_valid(record)
    assert Duel.from_record(record).setup["players"][0]["name"] == "Ana"


def test_the_example_in_the_docs_is_valid_and_replays():
    text = (ROOT / "docs" / "record-format.md").read_text("utf-8")
    section = text.split("## Starting from a position", 1)[1].split("\n## ", 1)[0]
    blocks = [json.loads(b) for b in re.findall(r"```json\n(.*?)```", section, re.S)]
    record = next(b for b in blocks if b.get("format") == RECORD)
    assert VALIDATOR.is_valid(record), list(VALIDATOR.iter_errors(record))
    duel = Duel.from_record(record)
    state = duel.to_json()
    assert (state["beat"], state["beats_played"], state["step"]) == (10, 11, "select")
    assert [(p["space"], p["life"]) for p in state["players"]] == [(3, 11), (5, 8)]
    assert state["markers"] == [{"owner": 1, "name": "gate-trap", "space": 3}]
    missed = [f for f in duel.facts if isinstance(f, F.Missed)]
    assert [f.reason for f in missed] == ["teleport", "out_of_range"]
    for block in blocks:
        if block.get("format") == FORMAT:
            assert POSITION.is_valid(block) and Position.from_json(block)


# --- the property: a beat's start is all a duel needs to go on ------------------------------


def remaining_decisions(duel: Duel, start: int) -> list[dict]:
    """The decisions judged after event ``start`` (a BeatBegan).

    One may be recorded just before it: when the previous beat's last prompt was an
    ordering stop (R18.5) whose next real decision is the new beat's attack pair, the
    engine takes that pair first and only then resolves the end of the old beat.
    """
    events = duel.events
    later = [e for kind, e in events[start:] if kind == "decision"]
    before = [j for j in range(start) if events[j][0] == "decision"]
    if before and events[before[-1]][1]["kind"] == "attack_pair":
        d = events[before[-1]][1]
        laid = [e for kind, e in events[before[-1]:start]
                if kind == "fact" and isinstance(e, F.PairSelected) and e.player == d["player"]]
        if not laid:
            later.insert(0, d)
    return later


def continue_from_every_beat(duel: Duel) -> int:
    for start in beat_starts(duel):
        position = to_position(duel.state_at(start + 1))
        record = position_record(json.loads(json.dumps(position.to_json())),
                                 remaining_decisions(duel, start))
        if "rules" in duel.setup:  # the rules version travels with the record, not the position
            record["rules"] = duel.setup["rules"]
        again = Duel.from_record(record)
        expected = [e.to_json() for kind, e in duel.events[start:] if kind == "fact"]
        assert [f.to_json() for f in again.facts] == expected, (start, position)
        assert again.to_json() == duel.to_json()
    return len(beat_starts(duel))


VARIANTS = [(True, False), (True, True), (False, False)]  # special actions, ante finishers


@pytest.mark.parametrize("f1", FIGHTERS)
@pytest.mark.parametrize("f0", FIGHTERS)
def test_continuing_from_any_beat_start_states_the_same_facts(f0, f1):
    beats = 0
    for seed in range(PLAYOUTS):
        special, ante = VARIANTS[seed % len(VARIANTS)]
        beats += continue_from_every_beat(play(seed, f0, f1, special_actions=special,
                                               ante_finishers=ante))
    assert beats >= PLAYOUTS
