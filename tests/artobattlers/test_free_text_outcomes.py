"""The outcomes the table may record for a free card text (issue 33 item 1): beside pools,
zones, hit/miss and damage, it may place one of the match's effects on a character (004
§12; A13.2-A13.5 hold as for an effect a move leaves)."""

from __future__ import annotations

import pytest

from judge.artobattlers.placing import check_place
from judge.artobattlers.table import Table
from judge.errors import IllegalDecisionError
from tests.artobattlers.scene import EK, R
from tests.artobattlers.test_free_text import NOTE, answer, howler, match


def test_the_table_places_an_effect_and_the_reply_obeys_it():
    m = match(howler())
    fields = m.prompt["described"][0]["fields"]
    assert "place_effect" in fields["outcome"]["choices"]
    assert fields["effect"]["choices"] == ["Scorch"]  # Ember Knight's move carries it
    answer(m, outcome="place_effect", character=EK, effect="Scorch")
    placed = m.state.fighters[EK].effect
    assert placed is not None and (placed.name, placed.action) == ("Scorch", "forbid_replies")
    assert m.prompt["kind"] == "reply"
    kinds = {o["kind"] for o in m.prompt["options"]}
    assert "manual_move" not in kinds and "force_challenge" not in kinds  # Scorch forbids
    text = "\n".join(R.narrative(m))
    assert "decides: Scorch is placed on Ember Knight." in text
    assert "Scorch takes hold on Ember Knight until the end of turn 3, as the table " \
        "decided" in text


def test_an_effect_is_not_placed_where_a_move_could_not_leave_it():
    m = match(howler())
    with pytest.raises(IllegalDecisionError) as err:  # Howler is a dummy (A13.2)
        answer(m, outcome="place_effect", character="howler", effect="Scorch")
    assert "does not work on a dummy character (A13.2)" in err.value.reason
    with pytest.raises(IllegalDecisionError) as err:
        answer(m, outcome="place_effect", character=EK, effect="Gloom")
    assert "not a legal card_text now" in err.value.reason  # no move carries Gloom


def test_no_second_effect_is_placed_on_a_character_still_under_one():
    m = match(howler())
    answer(m, outcome="place_effect", character=EK, effect="Scorch")
    with pytest.raises(IllegalDecisionError) as err:  # §12 (1): one effect at a time
        check_place(Table(m.state, m.cards, m.setup), EK, "Scorch")
    assert "still under Scorch (A13.4)" in err.value.reason


def test_a_lasting_free_text_effect_is_asked_at_the_end_of_each_turn_it_covers():
    """004 §12: "A negative effect can last one phase or more than one phase"; a free-text
    effect marked ``each_phase`` is put to the table when it takes hold and again at the
    end of each turn it lasts (AG19), then ends."""
    from tests.artobattlers.test_free_text import EFFECT, effect_card
    card = effect_card()
    card["attack_moves"][0]["effect"]["each_phase"] = True
    m = match(card)
    m.decide({"player": 1, "kind": "die", "value": 1})  # a Hit in full: Ringing holds
    answer(m, outcome="nothing")  # when it takes hold
    assert (m.prompt["kind"], m.prompt["players"]) == ("turn_action", [1])
    m.decide({"player": 1, "kind": "power_turn", "character": EK})  # Ben's turn 2 ends
    assert m.prompt["kind"] == "card_text" and m.prompt["card_text"]["source"] == \
        "effect: Ringing"
    assert "Ringing lasts on Ember Knight at the end of turn 2" in "\n".join(R.narrative(m))
    before = m.state.fighters[EK].life
    answer(m, outcome="life", character=EK, amount=-10)
    assert m.state.fighters[EK].life == before - 10
    assert (m.prompt["kind"], m.prompt["players"]) == ("turn_action", [0])  # turn 3
    from tests.artobattlers.scene import attack
    attack(m, "drain-beam")
    m.decide({"player": 1, "kind": "die", "value": 4})  # an Escape; turn 3 ends
    assert m.prompt["kind"] == "card_text"  # its last turn
    answer(m, outcome="nothing")
    assert m.state.fighters[EK].effect is None  # expired after turn 3
    assert (m.prompt["kind"], m.prompt["players"]) == ("turn_action", [1])
    assert f'"{EFFECT}" — the table, both players agreeing, decides: Ember Knight loses ' \
        "10 LP" in "\n".join(R.narrative(m))


@pytest.mark.parametrize(("outcome", "fields", "decided"), [
    ("nothing", {}, "it does nothing here"),
    ("life", {"character": EK, "amount": -5}, "Ember Knight loses 5 LP: 300 → 295"),
    ("power", {"amount": 5}, "Howler gains 5 PP: 0 → 5"),
    ("shield", {"character": EK, "amount": -10}, "Ember Knight loses 10 shield LP: 80 → 70"),
    ("place_effect", {"character": EK, "effect": "Scorch"}, "Scorch is placed on Ember Knight"),
    ("hit", {}, "the attack hits in full, no reply"),
    ("miss", {}, "the attack misses: it does nothing"),
    ("damage", {"amount": -30}, "the attack's damage changes by -30: 30 → 0 DP"),
])
def test_every_outcome_is_narrated_beside_the_cards_text(outcome, fields, decided):
    """004 §26's terms live in card phrases: whatever the table decides, the narrative
    quotes the card's text beside it (issue 33: "the narrative quotes the card's text")."""
    m = match(howler())
    answer(m, outcome=outcome, **fields)
    assert f'"{NOTE}" — the table, both players agreeing, decides: {decided}.' in \
        "\n".join(R.narrative(m))
