"""Aggregates and their domain events, on the eventsourcing library.

Every event class has an explicit ``TOPIC`` so that renaming a class never breaks
stored data. Schema changes follow the library's upcasting path: bump the event
class's ``class_version`` and add ``upcast_v1_v2`` (and so on) static methods that
rewrite the stored dict, as documented in docs/event-store.md.

A duel's stream is exactly: its setup (``Started``, version 1), then each decision
followed by the facts it produced (``DecisionRecorded``, ``FactResolved``), any
judge correction (``FactResolved`` holding a ``Corrected`` fact) and any retraction
(``Retracted``, no facts: ``events.retraction``). Event number n in the judge's numbering
is aggregate version n + 1.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any
from uuid import UUID, uuid4

from eventsourcing.domain import Aggregate
from eventsourcing.domain import Snapshot as LibrarySnapshot

from events.clock import now_iso
from events.errors import StoredDuelCorruptError
from events.hashing import chain_hash, genesis_hash
from events.retractable import Retractable
from events.retraction import is_retraction
from events.seals import Sealed, upcast_unsealed
from judge import registry


class DuelRecord(Aggregate):
    """One recorded duel: the setup and every decision and fact, hash-chained."""

    TOPIC = "battlecon:DuelRecord"

    class Created(Aggregate.Created):
        TOPIC = "battlecon:DuelRecord.Created"

    class Started(Aggregate.Created):
        TOPIC = "battlecon:DuelRecord.Started"
        setup: dict
        labels: dict
        actor: str
        parent: str | None
        fork_at: int | None
        hash: str

    class DecisionRecorded(Aggregate.Event):
        """A decision (or a judge's correction) as entered: by whom, in which role, when.

        Version 2 adds ``role`` and ``at``, and from then on the hash covers ``by`` (the
        name, the role and the time); version-1 events have neither and hash as before.
        """

        TOPIC = "battlecon:DuelRecord.DecisionRecorded"
        class_version = 2
        n: int
        decision: dict
        actor: str
        key: str | None
        prev: str
        hash: str
        role: str | None
        at: str | None

        @staticmethod
        def upcast_v1_v2(state: dict) -> None:
            """Stored before release 5: nobody's role or time is on record."""
            state["role"] = None
            state["at"] = None

        @property
        def by(self) -> dict | None:
            """What the hash covers besides the decision, or None for a version-1 event."""
            return entered_by(self.actor, self.role, self.at)

        def apply(self, aggregate: DuelRecord) -> None:
            by = self.by
            aggregate.check_link(self.n, "decision", self.decision, self.prev, self.hash, by)
            aggregate.absorb(self.n, "decision", self.decision, self.hash)
            aggregate.entered[self.n] = by or {"name": self.actor}
            if self.key:
                aggregate.keys[self.key] = self.n

    class Retracted(DecisionRecorded):
        """A retraction (``events.retraction``): ``decision`` is ``{"kind": "retraction",
        "event": n}``, naming the retracted decision; who retracted it and when are ``by``,
        in the hash chain like any decision's. Nothing is deleted: the duel stands as it
        was before event n."""

        TOPIC = "battlecon:DuelRecord.Retracted"

    class FactResolved(Aggregate.Event):
        TOPIC = "battlecon:DuelRecord.FactResolved"
        n: int
        fact: dict
        prev: str
        hash: str

        def apply(self, aggregate: DuelRecord) -> None:
            aggregate.check_link(self.n, "fact", self.fact, self.prev, self.hash)
            aggregate.absorb(self.n, "fact", self.fact, self.hash)

    class Snapshot(LibrarySnapshot):
        """The library's snapshot, as plain JSON: setup, event payloads and hashes.

        Rebuilding from it applies the facts again (no engine state is serialised), so a
        snapshot is only a faster read of the same events, never another truth.
        """

        TOPIC = "battlecon:DuelRecord.Snapshot"

        @classmethod
        def take(cls, aggregate: Any) -> DuelRecord.Snapshot:  # a DuelRecord
            state = {"setup": aggregate.setup, "labels": aggregate.labels,
                     "actor": aggregate.actor, "parent": aggregate.parent,
                     "fork_at": aggregate.fork_at, "genesis": aggregate.genesis,
                     "keys": dict(aggregate.keys), "hashes": list(aggregate.hashes),
                     "entered": {str(n): by for n, by in aggregate.entered.items()},
                     "events": [[k, e if k == "decision" else e.to_json()]
                                for k, e in aggregate.duel.events],
                     "created_on": aggregate.created_on.isoformat(),
                     "modified_on": aggregate.modified_on.isoformat()}
            return cls(originator_id=aggregate.id, originator_version=aggregate.version,
                       timestamp=cls.create_timestamp(), topic=DuelRecord.TOPIC, state=state)

        def mutate(self, _: None) -> DuelRecord:
            from datetime import datetime

            st = self.state
            agg = object.__new__(DuelRecord)
            agg.__dict__.update({"_id": self.originator_id, "_version": self.originator_version,
                                 "_pending_events": [],
                                 "_created_on": datetime.fromisoformat(st["created_on"]),
                                 "_modified_on": datetime.fromisoformat(st["modified_on"])})
            DuelRecord.__init__(agg, st["setup"], st["labels"], st["actor"], st["parent"],
                                st["fork_at"], st["genesis"])
            agg.snapshot_at = self.originator_version
            agg.hashes = list(st["hashes"])
            agg.snapshot_events = st["events"]  # checked against the stored events on load
            for kind, payload in st["events"]:
                agg.duel.absorb(kind, payload)
            agg.keys = dict(st["keys"])
            agg.entered = {int(n): by for n, by in st.get("entered", {}).items()}
            # Older snapshots lack it (or have names only): their decisions are version 1,
            # hashed without ``by``; with no recorder on file, their secrets show to
            # judges only until revealed (never wider).
            for n, name in st.get("decided_by", {}).items():
                agg.entered.setdefault(int(n), {"name": name})
            return agg

    def __init__(self, setup: dict, labels: dict, actor: str, parent: str | None,
                 fork_at: int | None, hash: str) -> None:  # noqa: A002 - stored field name
        self.setup = setup
        self.labels = labels
        self.actor = actor
        self.parent = parent
        self.fork_at = fork_at
        self.genesis = hash
        rules = registry.of_setup(setup)
        self.duel = Retractable(rules.restore(setup), rules)
        self.hashes: list[str] = []
        self.keys: dict[str, int] = {}
        # event number -> who entered that decision: {"name", "role", "at"} (the hash
        # covers it), or {"name"} alone for a decision stored before log version 2
        self.entered: dict[int, dict] = {}

    @classmethod
    def start(cls, setup: dict, labels: dict, actor: str, parent: str | None = None,
              fork_at: int | None = None, duel_id: UUID | None = None) -> DuelRecord:
        """A new duel; ``duel_id``: the id an imported log names (kept, so its chain is the
        log's), else a new one."""
        duel_id = duel_id or uuid4()
        genesis = genesis_hash(str(duel_id), setup, labels, parent, fork_at)
        return cls._create(cls.Started, id=duel_id, setup=setup, labels=labels, actor=actor,
                           parent=parent, fork_at=fork_at, hash=genesis)

    # --- reading ----------------------------------------------------------------------

    @property
    def events_count(self) -> int:
        return len(self.hashes)

    @property
    def head_hash(self) -> str:
        return self.hashes[-1] if self.hashes else self.genesis

    _linked: tuple[int, Any, dict | None, str] | None = None  # see ``link``
    snapshot_at: int | None = None  # the aggregate version of the snapshot it was read from
    snapshot_events: list | None = None  # the snapshot's [kind, payload] pairs, until checked

    def absorb(self, n: int, kind: str, payload: dict, digest: str) -> None:
        """Event n applied: the one way the duel's match and hash chain move on."""
        self.duel.absorb(kind, payload)
        self.hashes.append(digest)

    # --- integrity of what was read from the store -----------------------------------

    def check_genesis(self) -> None:
        """The Started event's hash covers the id, setup, labels and fork it holds."""
        if genesis_hash(str(self.id), self.setup, self.labels, self.parent,
                        self.fork_at) != self.genesis:
            raise StoredDuelCorruptError(self.id, "its setup, labels or id were altered", 0)

    def recorder(self, n: int) -> str | None:
        """The name of whoever entered decision n, if it is on record."""
        return self.entered.get(n, {}).get("name")

    def by(self, n: int) -> dict | None:
        """What event n's hash covers besides its payload (None: a fact, or a decision
        stored before log version 2)."""
        by = self.entered.get(n)
        return by if by is not None and "at" in by else None

    def check_link(self, n: int, kind: str, payload: Any, prev: str, digest: str,
                   by: dict | None = None) -> None:
        """An event applied (read back, or triggered just now): the next number, linked
        to the head, hashed right."""
        if n != len(self.hashes) + 1 or prev != self.head_hash:
            raise StoredDuelCorruptError(self.id, f"event {n} does not follow event {n - 1}", n)
        linked, self._linked = self._linked, None
        if linked is not None and linked[0] == n and linked[1] is payload and \
                linked[2] == by and linked[3] == digest:
            return  # the very payload ``link`` hashed a moment ago
        if chain_hash(prev, n, kind, payload, by) != digest:
            raise StoredDuelCorruptError(self.id, f"event {n} was altered", n)

    def link(self, n: int, kind: str, payload: Any, by: dict | None = None) -> str:
        """The hash of a new event n on the head (``record``). Remembered with the very
        payload object hashed, so that applying the event triggered with it (``apply``,
        which checks every event) does not hash it twice; an event read back from the
        store carries payloads of its own and is always hashed again."""
        digest = chain_hash(self.head_hash, n, kind, payload, by)
        self._linked = (n, payload, by, digest)
        return digest


    # --- writing ----------------------------------------------------------------------

    def record(self, decision: dict | None, facts: list[Any], actor: str,
               key: str | None = None, role: str | None = None,
               entered: dict | None | bool = True) -> None:
        """Trigger one event for the decision (if any) and one per fact, chained; each is
        applied as it is triggered (``apply``: the match takes it), exactly as when it is
        read back from the store. The facts are the engine's, judged beforehand on a copy
        (``events.judging``), or an imported or forked duel's. ``entered``: True
        for a decision entered now (by ``actor`` in ``role``); an imported log's ``by`` for
        a decision it carries as entered then; None for one it carries without a ``by``
        (log version 1: hashed without one, as it was).
        """
        if decision is not None:
            n = len(self.hashes) + 1
            at: str | None = now_iso()  # an imported decision keeps its own (or none)
            if entered is None or isinstance(entered, dict):
                at = entered.get("at") if entered else None
                actor = str(entered.get("name") or "") if entered else actor
                role = entered.get("role") if entered else None
            by = entered_by(actor, role, at)
            event = self.Retracted if is_retraction(decision) else self.DecisionRecorded
            self.trigger_event(event, n=n, decision=decision, actor=actor,
                               key=key, prev=self.head_hash, role=role, at=at,
                               hash=self.link(n, "decision", decision, by))
        for fact in facts:
            n = len(self.hashes) + 1
            payload = fact if isinstance(fact, dict) else fact.to_json()
            self.trigger_event(self.FactResolved, n=n, fact=payload, prev=self.head_hash,
                               hash=self.link(n, "fact", payload))


def entered_by(name: str, role: str | None, at: str | None) -> dict | None:
    """``by`` of a decision: the token's name and role and the time, once it has a time
    (log version 2); None before."""
    return None if at is None else {"name": name, "role": role, "at": at}


class Commentary(Sealed, Aggregate):
    """The notes and disputes on one duel, kept apart so the game's numbering never moves."""

    TOPIC = "battlecon:Commentary"

    class Created(Aggregate.Created):
        TOPIC = "battlecon:Commentary.Created"

    class Opened(Aggregate.Created):
        TOPIC = "battlecon:Commentary.Opened"
        duel_id: UUID

    class Annotated(Aggregate.Event):
        TOPIC = "battlecon:Commentary.Annotated"
        class_version = 2  # sealed: role, when, prev, seal (events.seals)
        at: int
        author: str
        text: str
        tags: list
        role: str | None
        when: str | None
        prev: str | None
        seal: str | None

        upcast_v1_v2 = staticmethod(upcast_unsealed)

        @staticmethod
        def content(at: int, text: str, tags: list) -> dict:
            return {"at": at, "text": text, "tags": list(tags)}

        def apply(self, aggregate: Commentary) -> None:
            aggregate.take_seal("annotation", self.content(self.at, self.text, self.tags),
                                self, aggregate.duel_id)
            aggregate.annotations.append({"id": len(aggregate.annotations) + 1, "at": self.at,
                                          "author": self.author, "role": self.role,
                                          "text": self.text, "tags": list(self.tags),
                                          "created": self.timestamp.isoformat()})

    class DisputeListed(Aggregate.Event):
        TOPIC = "battlecon:Commentary.DisputeListed"
        dispute_id: UUID

        def apply(self, aggregate: Commentary) -> None:
            aggregate.disputes.append(self.dispute_id)

    def __init__(self, duel_id: UUID) -> None:
        self.duel_id = duel_id
        self.annotations: list[dict] = []
        self.disputes: list[UUID] = []


class Dispute(Sealed, Aggregate):
    """A dispute on a ruling: opened on an event, discussed, resolved by a head judge."""

    TOPIC = "battlecon:Dispute"

    class Created(Aggregate.Created):
        TOPIC = "battlecon:Dispute.Created"

    class Opened(Aggregate.Created):
        TOPIC = "battlecon:Dispute.Opened"
        class_version = 2  # sealed: role, when, prev, seal (events.seals)
        duel_id: UUID
        at: int
        claim: str
        author: str
        role: str | None
        when: str | None
        prev: str | None
        seal: str | None

        upcast_v1_v2 = staticmethod(upcast_unsealed)

        @staticmethod
        def content(duel_id: UUID, at: int, claim: str) -> dict:
            return {"duel": str(duel_id), "at": at, "claim": claim}

    class Commented(Aggregate.Event):
        TOPIC = "battlecon:Dispute.Commented"
        class_version = 2
        author: str
        text: str
        role: str | None
        when: str | None
        prev: str | None
        seal: str | None

        upcast_v1_v2 = staticmethod(upcast_unsealed)

        @staticmethod
        def content(text: str) -> dict:
            return {"text": text}

        def apply(self, aggregate: Dispute) -> None:
            aggregate.take_seal("comment", self.content(self.text), self, aggregate.duel_id)
            aggregate.comments.append({"author": self.author, "role": self.role,
                                       "text": self.text, "created": self.timestamp.isoformat()})

    class Resolved(Aggregate.Event):
        TOPIC = "battlecon:Dispute.Resolved"
        class_version = 2
        outcome: str  # upheld | overturned
        ruling: str
        rule: str
        correction: dict | None
        author: str
        correction_event: int | None
        role: str | None
        when: str | None
        prev: str | None
        seal: str | None

        upcast_v1_v2 = staticmethod(upcast_unsealed)

        @staticmethod
        def content(outcome: str, ruling: str, rule: str, correction: dict | None,
                    correction_event: int | None) -> dict:
            return {"outcome": outcome, "ruling": ruling, "rule": rule,
                    "correction": correction, "correction_event": correction_event}

        def apply(self, aggregate: Dispute) -> None:
            aggregate.take_seal("resolution", self.content(
                self.outcome, self.ruling, self.rule, self.correction, self.correction_event),
                self, aggregate.duel_id)
            aggregate.resolution = {"outcome": self.outcome, "ruling": self.ruling,
                                    "rule": self.rule, "correction": self.correction,
                                    "author": self.author, "role": self.role,
                                    "correction_event": self.correction_event,
                                    "resolved": self.timestamp.isoformat()}

    def __init__(self, duel_id: UUID, at: int, claim: str, author: str,
                 role: str | None = None, when: str | None = None, prev: str | None = None,
                 seal: str | None = None) -> None:
        self.duel_id = duel_id
        self.at = at
        self.claim = claim
        self.author = author
        self.role = role
        self.comments: list[dict] = []
        self.resolution: dict | None = None
        opened = SimpleNamespace(author=author, role=role, when=when, prev=prev, seal=seal)
        self.take_seal("dispute", self.Opened.content(duel_id, at, claim), opened, duel_id)

    @property
    def status(self) -> str:
        return "open" if self.resolution is None else self.resolution["outcome"]
