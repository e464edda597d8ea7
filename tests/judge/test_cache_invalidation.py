"""A missed invalidation of the cards kept in force is caught by the seeded playouts.

A fact class that says ``keeps_cards`` lets the cards found in force outlive it
(``DuelState.cache``: ``judge.battlecon.speed.cache``, ``Fact.run``). Declared wrongly, the cache would go stale silently;
the playouts (``tests/judge/test_playouts.py``, ``check_duel``) replay every fact and
compare the cards in force after it with those before it. Here one flag is flipped, on a
fact that does change them (the attack pairs revealed put the cards in play), and the
same checks must fail, in either build (a class attribute, not a module's): the cards kept
in force compared with a fresh computation, and the flag's claim itself."""

from __future__ import annotations

import pytest

from judge.battlecon import facts
from judge.battlecon.playout import play
from tests.judge.test_playouts import check_duel


def test_the_playout_passes_with_the_flags_as_declared() -> None:
    check_duel(play(0, "cadenza", "hikaru"), True)


def test_a_wrong_keeps_cards_flag_fails_the_playouts(monkeypatch: pytest.MonkeyPatch) -> None:
    assert facts.PairsRevealed.keeps_cards is False
    monkeypatch.setattr(facts.PairsRevealed, "keeps_cards", True)
    duel = play(0, "cadenza", "hikaru")
    # A sampled playout compares the cards kept in force with a fresh computation...
    with pytest.raises(AssertionError, match="PairsRevealed.*cards kept in force .* stale"):
        check_duel(duel, True)
    # ... and every playout checks the flag's claim itself.
    with pytest.raises(AssertionError, match="PairsRevealed keeps_cards, yet changed the cards"):
        check_duel(duel, False)
