"""What is computed from a duel's state and kept until the state changes (issue 32).

A state carries one ``Cache`` (``DuelState.cache``, outside its equality and its JSON). Two
counters say when what was kept goes stale: ``version``, bumped by every fact applied, keeps
what is computed from the whole state (an attack's stats: ``remember``, ``remembered``);
``cards_version``, bumped only by a fact that may change a player's cards in force (every
fact but those whose class ``keeps_cards``), keeps each player's cards in force
(``keep_cards``, ``kept_cards``). While a fact applies the counters it may change read
``APPLYING``, and nothing is kept then: the state is changing. A fact applies between
``changing`` and ``changed``; should it raise, the counters stay ``APPLYING`` and nothing
is kept for that state again (correct, only slower).

The seeded playouts compare the cards kept in force after every fact with a fresh
computation, and check each ``keeps_cards`` claim (tests/judge/test_playouts.py,
tests/judge/test_cache_invalidation.py). Compiled (``scripts/compile.sh``).
"""

from __future__ import annotations

from typing import Any, Final

APPLYING: Final = -1  # a counter while a fact that may change what it keeps applies


def _bumped(before: int, count: int) -> int:
    return APPLYING if before == APPLYING else before + count


class Cache:
    """One state's kept values: ``memo`` by key, and per player the cards in force."""

    def __init__(self) -> None:
        self.version = 0
        self.cards_version = 0
        self.memo: dict[Any, Any] = {}
        # [cards_version they were found at, player 0's, player 1's]: None until asked.
        self.cards: list[Any] = [APPLYING, None, None]

    def changing(self, keeps_cards: bool) -> tuple[int, int]:
        """A fact (or a run of facts: ``replay``) starts to change the state: nothing is
        kept until ``changed``, the cards in force only if it ``keeps_cards``. Returns the
        counters as they were, which ``changed`` needs."""
        before = (self.version, self.cards_version)
        self.version = APPLYING
        if not keeps_cards:
            self.cards_version = APPLYING
        return before

    def changed(self, before: tuple[int, int], count: int = 1) -> None:
        """The ``count`` facts begun at ``changing`` (which returned ``before``) applied:
        what was kept before them is stale, the cards in force if they may have changed."""
        version, cards = before
        self.version = _bumped(version, count)
        if self.cards_version == APPLYING:
            self.cards_version = _bumped(cards, count)

    def forget(self) -> None:
        """Forget everything kept (the state was changed other than by a fact)."""
        if self.cards_version != APPLYING:
            self.cards_version += 1
        if self.version != APPLYING:
            self.version += 1

    def remembered(self, key: Any) -> Any:
        """What was kept for ``key`` since the last change, or None."""
        memo = self.memo
        if memo.get("version") != self.version:
            memo.clear()
            memo["version"] = self.version
            return None
        return memo.get(key)

    def remember(self, key: Any, value: Any) -> None:
        """Keep ``value`` for ``key`` until the next change (not while a fact applies)."""
        if self.version != APPLYING:
            self.memo[key] = value

    def kept_cards(self, p: int) -> Any:
        """Player p's cards in force as kept since the last fact that may change them, or
        None (not asked since, or such a fact is applying)."""
        kept = self.cards
        if kept[0] != self.cards_version or self.cards_version == APPLYING:
            return None
        return kept[p + 1]

    def keep_cards(self, p: int, found: Any) -> None:
        """Keep player p's cards in force ``found`` until a fact may change them (not while
        one applies)."""
        version = self.cards_version
        if version == APPLYING:
            return
        kept = self.cards
        if kept[0] != version:
            kept[:] = [version, None, None]
        kept[p + 1] = found

    def twin(self) -> Cache:
        """The cache of a copy of the state: the same cards in force at the same counters,
        nothing else kept."""
        new = Cache()
        new.version = self.version
        new.cards_version = self.cards_version
        new.cards = list(self.cards)
        return new
