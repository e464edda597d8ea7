"""An invoked free-text Special Ability at its owner's prompts (issue 33 item 1; A3.3 (d),
004 §22): beside the turn action, the owner may invoke it while an attack on it is
resolved; the table says what it does and the same prompt is asked again, each text once
per prompt. And the moment 004 §26 names for an ability, ``when_hit``: its owner is hit."""

from __future__ import annotations

from typing import Any

import pytest

from judge.artobattlers.imports import check_document
from judge.errors import RecordError
from tests.artobattlers.scene import EK, R, attack
from tests.artobattlers.test_free_text import (
    INVOKED,
    answer,
    at_turn,
    document,
    howler,
    invoker,
)

INVOKE = {"player": 0, "kind": "ability_action", "character": "howler",
          "ability": "crowd-cheer", "params": {}}


def ben_attacks_howler() -> Any:
    """Ana attacks first (Ben's die: an Escape), then Ben attacks Howler: Ana's reply."""
    m = at_turn(invoker())
    attack(m, "drain-beam")
    m.decide({"player": 1, "kind": "die", "value": 4})
    attack(m, "pommel-strike")
    assert (m.prompt["kind"], m.prompt["players"]) == ("reply", [0])
    return m


def test_the_owner_may_invoke_it_at_the_reply_and_then_replies():
    m = ben_attacks_howler()
    assert INVOKE in m.prompt["options"]
    m.decide(INVOKE)
    assert m.prompt["kind"] == "card_text" and INVOKED in m.prompt["about"]
    outcomes = m.prompt["described"][0]["fields"]["outcome"]["choices"]
    assert "miss" not in outcomes  # the attack is the reply's to decide, not the text's
    answer(m, outcome="power", amount=10)
    assert m.state.fighters["howler"].power == 10
    assert (m.prompt["kind"], m.prompt["players"]) == ("reply", [0])  # asked again
    assert INVOKE not in m.prompt["options"]  # once per prompt
    m.decide({"player": 0, "kind": "die", "value": 4})  # Howler escapes
    text = "\n".join(R.narrative(m))
    assert "Ana invokes Howler's Crowd Cheer." in text
    assert f'"{INVOKED}" — the table, both players agreeing, decides: Howler gains 10 PP' \
        in text


def test_it_is_offered_again_at_the_next_prompt_but_not_to_the_other_player():
    m = ben_attacks_howler()
    m.decide(INVOKE)
    answer(m, outcome="nothing")
    m.decide({"player": 0, "kind": "die", "value": 4})
    assert (m.prompt["kind"], m.prompt["players"]) == ("turn_action", [0])
    assert INVOKE in m.prompt["options"]  # the turn action (A3.3 (d)) again
    attack(m, "drain-beam")
    assert m.prompt["players"] == [1]
    assert all(o["kind"] != "ability_action" for o in m.prompt["options"])  # Ben's reply
    assert m.state.fighters[EK].life == 300


HIT_TEXT = "When Howler is hit by an Attack Move, it howls back."


def test_a_when_hit_ability_is_asked_when_its_owner_is_hit():
    """004 §26 names the moment: a Special Ability "when the character is hit by an Attack
    Move"; asked after the hit lands, its owner's player answering with both agreeing."""
    card = invoker()
    card["special_ability"] = {"name": "Howl Back", "text": HIT_TEXT, "timing": "when_hit"}
    m = at_turn(card)
    attack(m, "drain-beam")
    m.decide({"player": 1, "kind": "die", "value": 1})  # Ana's hit: Howler is not hit
    assert m.prompt["kind"] == "turn_action"
    attack(m, "pommel-strike")
    before = m.state.fighters["howler"].life
    m.decide({"player": 0, "kind": "die", "value": 1})  # Howler is hit
    assert m.state.fighters["howler"].life < before
    assert (m.prompt["kind"], m.prompt["players"]) == ("card_text", [0])
    assert m.prompt["card_text"] == {"text": HIT_TEXT, "source": "ability: Howl Back",
                                     "character": "howler"}
    answer(m, outcome="life", character=EK, amount=-5)
    assert m.state.fighters[EK].life == 265  # 30 from the hit, 5 from the howl
    assert (m.prompt["kind"], m.prompt["players"]) == ("turn_action", [0])
    assert f'"{HIT_TEXT}" — the table, both players agreeing, decides: Ember Knight loses ' \
        "5 LP: 270 → 265" in "\n".join(R.narrative(m))


def test_a_when_hit_ability_is_not_asked_on_an_escape_and_a_note_cannot_wait_for_it():
    card = invoker()
    card["special_ability"] = {"name": "Howl Back", "text": HIT_TEXT, "timing": "when_hit"}
    m = at_turn(card)
    attack(m, "drain-beam")
    m.decide({"player": 1, "kind": "die", "value": 4})
    attack(m, "pommel-strike")
    m.decide({"player": 0, "kind": "die", "value": 4})  # an Escape: not hit
    assert m.prompt["kind"] == "turn_action"
    assert HIT_TEXT not in "\n".join(R.narrative(m))
    note = howler()
    note["attack_moves"][0]["notes"][0]["timing"] = "when_hit"
    with pytest.raises(RecordError) as err:  # its owner being hit is an ability's moment
        check_document(document(note))
    assert err.value.rule == "AG1"
