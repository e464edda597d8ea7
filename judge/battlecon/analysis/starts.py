"""Where a recorded duel's beats start, and the analysis of one of them (the CLI's
``--beat`` and ``--at``)."""

from __future__ import annotations

from typing import Any

from judge.battlecon import facts as F
from judge.battlecon.analysis.budget import Budget, check
from judge.battlecon.analysis.key import position_key
from judge.battlecon.duel import Duel
from judge.errors import RecordError
from judge.ruleset import AnalysisStart


def beat_starts(duel: Duel) -> list[tuple[int, int]]:
    """``(n, beat)`` for every beat start: after the first ``n`` events the beat's attack
    pairs are still to lay (the beat counter's number; a Pulse beat repeats it). The cut
    is before the beat's first decision or first pair laid, whichever comes first."""
    starts: list[tuple[int, int]] = []
    beat: int | None = None
    for n, (kind, event) in enumerate(duel.events):
        if kind == "fact" and isinstance(event, F.BeatBegan):
            beat = event.beat
        elif beat is not None and (kind == "decision" or isinstance(event, F.PairSelected)):
            starts.append((n, beat))  # a pair laid from the record's queue has no event first
            beat = None
    if beat is not None and not duel.over:
        starts.append((len(duel.events), beat))
    return starts


def pick(duel: Duel, beat: int | None, at: int | None) -> int:
    """The event count of the beat start asked for (neither ``beat`` nor ``at``: the
    latest), or a RecordError saying why none."""
    starts = beat_starts(duel)
    if beat is None and at is None:
        if not starts:
            raise RecordError("No beat starts in this duel.", "cli")
        return starts[-1][0]
    if at is not None:
        if not 0 <= at <= len(duel.events):
            raise RecordError(f"--at must be between 0 and {len(duel.events)} (the number of "
                              "events).", "cli")
        found = [n for n, _ in starts if n >= at]
        if not found:
            raise RecordError(f"No beat starts at or after event {at}: the duel is over.",
                              "cli")
        return found[0]
    found = [n for n, b in starts if b == beat]
    if not found:
        known = ", ".join(str(b) for _, b in starts) or "none"
        over = " (the duel is over)" if duel.over else ""
        raise RecordError(f"Beat {beat} does not start in this duel{over}; beats that do: "
                          f"{known}.", "cli")
    return found[0]


def analyse_duel(duel: Duel, beat: int | None = None, at: int | None = None,
                 budget: Budget | None = None) -> dict[str, Any]:
    """The analysis of a recorded beat start (``beat`` or the first at or after ``at``),
    within ``budget`` when one is given (``BudgetExceeded`` once it is spent)."""
    from judge.battlecon.analysis.beat import analyse_state  # SciPy: loaded when asked

    n = pick(duel, beat, at)
    check(budget)
    return analyse_state(duel.state_at(n), budget)


def start_of(duel: Duel, beat: int | None = None, at: int | None = None) -> AnalysisStart:
    """The beat start ``analyse_duel`` would analyse, with its position's key and a copy
    of its state (rebuilt from the events, shared with nothing)."""
    n = pick(duel, beat, at)
    s = duel.state_at(n)
    return AnalysisStart(event=n, beat=s.beat, key=position_key(s),
                         names=tuple(p.name for p in s.players), position=s)
