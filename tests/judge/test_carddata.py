"""Card data as data: the doubtful values the judge chose, and errata over them.

A judge corrects a card by editing data, never code: the project's choices
(``judge/battlecon/carddata/*.toml``) are what the cards hold, and an operator's errata
replace them for new duels, under a new card-data version.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from judge import registry
from judge.battlecon import cardset
from judge.battlecon.carddata import STATS, Choice, parse, project_choices, stat
from judge.battlecon.roster import apply_errata, card, fighter
from judge.errors import IllegalDecisionError, RecordError
from tests.judge.scene import new_duel, pairs


@pytest.fixture
def errata() -> Iterator[None]:
    """Errata applied in a test are withdrawn after it (the registry is process-wide)."""
    yield
    apply_errata([])


def test_every_stat_choice_is_what_the_card_holds() -> None:
    choices = [c for c in project_choices() if c.field in STATS]
    assert len(choices) >= 5  # doubtful stats of the eight new fighters
    for c in choices:
        assert getattr(card(c.card), c.field) == stat(c.field, c.value), c


def test_every_choice_names_a_known_card_or_fighter_and_says_why() -> None:
    for c in project_choices():
        assert c.why, c
        try:
            card(c.card)
        except KeyError:
            fighter(c.card)


def test_an_erratum_corrects_a_card_for_new_duels_under_a_new_version(errata) -> None:
    before = cardset.version(("luc", "hikaru"))
    other = cardset.version(("cadenza", "hikaru"))
    apply_errata([Choice("memento", "priority", 1, (), "a judge's erratum", "errata.toml")])
    assert card("memento").priority == 1
    assert [c.priority for c in fighter("luc").styles if c.id == "memento"] == [1]
    assert cardset.version(("luc", "hikaru")) != before  # new duels are stamped anew
    assert cardset.version(("cadenza", "hikaru")) == other  # other pairings keep theirs
    apply_errata([])
    assert card("memento").priority == -1 and cardset.version(("luc", "hikaru")) == before


def test_a_duel_stamped_before_an_erratum_takes_no_new_decision(errata) -> None:
    duel = new_duel("luc", "hikaru")
    apply_errata([Choice("memento", "priority", 1, (), "erratum", "errata.toml")])
    with pytest.raises(IllegalDecisionError) as refused:
        pairs(duel, ("chrono", "strike"), ("trance", "strike"))
    assert refused.value.rule == "cards" and "fork it with today's cards" in refused.value.reason


def test_a_generic_base_can_be_corrected_too(errata) -> None:
    apply_errata([Choice("strike", "power", 5, (), "erratum", "errata.toml")])
    assert card("strike").power == 5
    assert [c.power for c in fighter("hikaru").bases() if c.id == "strike"] == [5]


def test_errata_naming_an_unknown_card_change_nothing(errata) -> None:
    with pytest.raises(ValueError, match="unknown cards: no-such-card"):
        apply_errata([Choice("no-such-card", "power", 1, (), "", "errata.toml")])
    assert card("memento").priority == -1


@pytest.mark.parametrize("entry, field", [
    ({"card": "memento", "field": "speed", "value": 1}, "field"),
    ({"card": "memento", "field": "power", "value": "lots"}, "value"),
    ({"card": "memento", "field": "range", "value": [1]}, "value"),
    ({"card": "memento", "value": 1}, "choice"),
])
def test_a_malformed_erratum_is_refused_naming_the_field(entry: dict, field: str) -> None:
    with pytest.raises(RecordError) as refused:
        parse({"choice": [entry]}, "errata.toml")
    assert refused.value.field == field and "errata.toml: choice 1" in str(refused.value)


def test_the_ruleset_lists_its_doubts_and_takes_errata_through_configure(errata) -> None:
    rules = registry.default()
    doubts = rules.doubts()
    assert {"card", "field", "value", "alternatives", "why", "source"} <= set(doubts[0])
    rules.configure({"card_errata": {"choice": [{"card": "fusion", "field": "power",
                                                 "value": -1, "why": "erratum"}]},
                     "errata_source": "ops.toml"})
    assert card("fusion").power == -1
    assert rules.doubts()[-1] == {"card": "fusion", "field": "power", "value": -1,
                                  "alternatives": [], "why": "erratum", "source": "ops.toml"}
    with pytest.raises(ValueError, match="Unknown BattleCON settings: colour"):
        rules.configure({"colour": "red"})
