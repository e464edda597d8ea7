"""Secret choices a reader may not see yet (docs/hidden-information.md).

A secret choice (a face-down attack pair, a Clash base) is recorded when it is made, but
until the ruleset's reveal follows it, only its recorder and judges may see what it was;
everyone else sees that it was made. Once it is revealed, or the duel is over, everyone
sees everything. Who may see a recorder's secrets is the caller's policy (``may_see``);
which decisions are secret and which facts reveal them is the ruleset's.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from events.domain import DuelRecord
from judge import registry
from judge.ruleset import Ruleset


@dataclass(frozen=True)
class Withheld:
    """The unrevealed secret choices one reader may not see: event number -> player."""

    rules: Ruleset
    secrets: dict[int, int | None]

    @property
    def first(self) -> int | None:
        """The first event this reader may not see as it is, or None."""
        return min(self.secrets) if self.secrets else None

    def players_at(self, n: int) -> frozenset[int]:
        """The players whose face-down choices are hidden in the state after event n."""
        return frozenset(p for at, p in self.secrets.items() if at <= n and p is not None)

    def decision(self, n: int, decision: dict[str, Any]) -> dict[str, Any]:
        """Event n's decision as this reader may see it."""
        return self.rules.hide_decision(decision) if n in self.secrets else decision

    def fact(self, n: int, fact: Any) -> dict[str, Any] | None:
        """Event n's fact without what this reader may not see, or None if nothing."""
        first = self.first
        if first is None or n < first:
            return None
        return self.rules.hide_fact(fact, self.players_at(n))

    def note(self) -> dict[str, Any] | None:
        """What an export that stops before the first hidden event says about it."""
        first = self.first
        if first is None:
            return None
        return {"from_event": first, "secrets": len(self.secrets),
                "reason": f"Event {first} is a secret choice not revealed yet; this export "
                          f"stops at event {first - 1}, before it (the rest is shown once "
                          "it is revealed)."}


def unrevealed(agg: DuelRecord) -> dict[int, int | None]:
    """Secret decisions that no reveal has followed yet (event number -> player); none
    once the duel is over. Only the events since the last reveal are read."""
    rules = registry.of_setup(agg.setup)
    duel = agg.duel
    if duel.over:
        return {}
    found: dict[int, int | None] = {}
    for n in range(len(duel.events), 0, -1):
        kind, e = duel.events[n - 1]
        if kind == "fact":
            if rules.is_reveal(e):
                break
        elif rules.is_secret(e):
            found[n] = e.get("player")
    return found


def withheld(agg: DuelRecord, may_see: Callable[[str | None], bool]) -> Withheld:
    """What a reader may not see of ``agg`` now; ``may_see(recorder)`` says whether this
    reader may see a secret recorded by ``recorder`` (None when nobody is on record)."""
    rules = registry.of_setup(agg.setup)
    return Withheld(rules, {n: p for n, p in unrevealed(agg).items()
                            if not may_see(agg.recorder(n))})
