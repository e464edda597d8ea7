"""Retraction: a scorekeeper withdraws a decision they entered by mistake (a mis-click).

A retraction is an appended event, never a deletion: the decision
``{"kind": "retraction", "event": n}`` names the retracted decision by its event number and
is stored (``DuelRecord.Retracted``) with who retracted it, inside the hash chain. After it
the duel stands as it stood before event n; the events of the retracted decision stay in
the log, marked, and the state after any earlier event is what it always was.

How far back (docs/record-format.md, Retractions):

- only the latest decision still standing, so retractions go from the latest backwards;
- never a judge's correction, and never back past a reveal (the ruleset's ``is_reveal``:
  what the players have seen cannot be taken back), nor past the end of a duel that
  showed face-down choices;
- only by the person who entered it, and never into a fork's copied history (both are
  the service's policy, ``check``): after that only a head judge's correction changes
  the past.

The first three are the record's own rules: re-judging a log (``judge verify``) refuses a
retraction that breaks them. This module is generic: a ruleset is reached only through
its interface (``is_reveal``, ``is_secret``, ``describe_decision``).
"""

from __future__ import annotations

from typing import Any, Protocol

from events.errors import StoreError
from judge.errors import IllegalDecisionError
from judge.ruleset import Ruleset

RETRACTION = "retraction"  # the decision kind, and the service's own rule id
NOTHING, LATEST, CORRECTION, REVEAL, ENDED, RECORDER, FORK = (
    "retraction.nothing", "retraction.latest", "retraction.correction", "retraction.reveal",
    "retraction.end", "retraction.recorder", "retraction.fork")


class Stream(Protocol):
    """What these rules read of a match whose stream may hold retractions
    (``events.retractable.Retractable``, which imports this module: named here by what it
    offers, not imported, so the two stay one-way)."""

    rules: Ruleset

    @property
    def events(self) -> list[tuple[str, Any]]: ...

    @property
    def over(self) -> bool: ...

    def latest_decision(self) -> int | None: ...

    def standing_after(self, n: int) -> list[int]: ...

    def standing_before(self, n: int) -> list[int]: ...


class StoredDuel(Protocol):
    """What ``check`` reads of a stored duel (``events.domain.DuelRecord``, which stands
    above this module)."""

    @property
    def duel(self) -> Stream: ...

    @property
    def fork_at(self) -> int | None: ...

    def recorder(self, n: int) -> str | None: ...


class RetractionRefusedError(StoreError):
    """A retraction the rules or the policy refuse: ``status`` (403: not yours, 409: not
    now), the ``rule`` cited and the ``event`` it concerns. Nothing is stored."""

    def __init__(self, reason: str, rule: str, status: int = 409,
                 event: int | None = None) -> None:
        super().__init__(reason)
        self.rule = rule
        self.status = status
        self.event = event


def is_retraction(decision: Any) -> bool:
    return isinstance(decision, dict) and decision.get("kind") == RETRACTION


def entry(n: int) -> dict:
    """The retraction of the decision at event n, as stored and exported in the log."""
    return {"kind": RETRACTION, "event": n}


def check_entry(match: Stream, decision: dict) -> int:
    """The event a retraction entry retracts, if the record's rules allow it now;
    IllegalDecisionError (reason, rule) otherwise, and nothing changes."""
    n = decision.get("event")
    if set(decision) != {"kind", "event"} or type(n) is not int:
        raise IllegalDecisionError('A retraction is {"kind": "retraction", "event": N}: the '
                                   "event number of the decision it retracts.", RETRACTION,
                                   field="event")
    latest = match.latest_decision()
    if latest is None:
        raise IllegalDecisionError("There is no decision to retract.", NOTHING)
    if n != latest:
        raise IllegalDecisionError(f"Only the latest decision still standing (event {latest}) "
                                   f"may be retracted, not event {n}: retractions go from the "
                                   "latest backwards.", LATEST)
    why = barrier(match, latest)
    if why is not None:
        raise why
    return latest


def barrier(match: Stream, n: int) -> IllegalDecisionError | None:
    """Why decision n, the latest standing, may not be retracted by anyone, or None."""
    rules = match.rules
    decision = match.events[n - 1][1]
    if decision.get("kind") == "correction":
        return IllegalDecisionError(f"Event {n} is a judge's correction: a retraction never "
                                    "goes back past a correction; only another correction by "
                                    "a head judge changes it.", CORRECTION)
    for at in match.standing_after(n):
        kind, fact = match.events[at - 1]
        if kind == "fact" and rules.is_reveal(fact):
            return IllegalDecisionError(
                f"Event {at} revealed the face-down choices ({fact.text.rstrip('.')} "
                f"[{fact.rule}]): what the players have seen cannot be taken back, so a "
                f"retraction never goes back past a reveal. Only a head judge's correction "
                f"can change event {n} now.", fact.rule or REVEAL)
    if match.over and face_down_before(match, rules, n):
        return IllegalDecisionError(f"Event {n} ended the duel, which showed every face-down "
                                    "choice to everyone: a retraction never goes back past "
                                    "that. Only a head judge's correction can change it.",
                                    ENDED)
    return None


def face_down_before(match: Stream, rules: Ruleset, n: int) -> bool:
    """Whether a secret choice lay face down, unrevealed, just before event n."""
    for at in reversed(match.standing_before(n)):
        kind, e = match.events[at - 1]
        if kind == "fact" and rules.is_reveal(e):
            return False
        if kind == "decision" and rules.is_secret(e):
            return True
    return False


def check(agg: StoredDuel, actor: str, copied: int = 0) -> int:
    """The decision ``actor`` may retract now (its event number), or
    RetractionRefusedError saying why, with the rule cited. ``copied``: how many events
    at the start of this duel a fork copied from its parent (``events.forks``), 0 if none."""
    match = agg.duel
    n = match.latest_decision()
    if n is None:
        raise RetractionRefusedError("There is no decision to retract.", NOTHING)
    if n <= copied:
        raise RetractionRefusedError(
            f"Event {n} belongs to the history this fork copied from its parent duel (its "
            f"first {copied} events, up to the parent's event {agg.fork_at}): there is "
            "nothing of yours to retract.", FORK, event=n)
    if match.events[n - 1][1].get("kind") != "correction":
        recorder = agg.recorder(n)
        if recorder != actor:
            raise RetractionRefusedError(
                f"The latest decision (event {n}) was entered by {recorder or 'nobody on record'}"
                f", not by {actor}: a scorekeeper retracts only their own decisions, from the "
                "latest backwards; after that only a head judge's correction changes the "
                "past.", RECORDER, status=403, event=n)
    why = barrier(match, n)
    if why is not None:
        raise RetractionRefusedError(why.reason, why.rule, event=n)
    return n


def describe(rules: Ruleset, setup: dict, match: Stream, n: int, by: str | None) -> str:
    """The narrative line of a retraction of event n (a secret choice names nothing secret)."""
    kind, decision = match.events[n - 1]
    what = rules.describe_decision(setup, decision) if kind == "decision" else f"event {n}"
    who = by or "The scorekeeper"
    return (f"{who} retracted the decision at event {n} ({what.rstrip('.')}): it was entered "
            "by mistake; the duel stands as it was before it.")
