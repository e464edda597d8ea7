"""The outcomes the table may record for a free card text (issue 33 item 1): beside pools,
zones, hit/miss and damage, it may place one of the match's effects on a character (004
§12; A13.2-A13.5 hold as for an effect a move leaves)."""

from __future__ import annotations

import pytest

from judge.artobattlers.placing import check_place
from judge.artobattlers.table import Table
from judge.errors import IllegalDecisionError
from tests.artobattlers.scene import EK, R
from tests.artobattlers.test_free_text import answer, howler, match


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
