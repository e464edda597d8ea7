"""The duel record service: commands of a few lines each (load, act, save, return).

Every decision is judged by the engine and saved together with its facts in one
transaction (``Application.save`` writes all of an aggregate's pending events
atomically), only if the duel is still at the version the writer saw.
"""

from __future__ import annotations

import contextlib
import logging
import math
import threading
import time
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, cast
from uuid import NAMESPACE_URL, UUID, uuid5

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from eventsourcing.application import AggregateNotFoundError, Application
from eventsourcing.domain import OriginatorIDError, OriginatorVersionError
from eventsourcing.persistence import IntegrityError

from events import faults
from events.config import sqlite_read_only_name, store_env
from events.domain import Commentary, Dispute, DuelRecord, now_iso
from events.errors import (
    DisputeError,
    DuelAlreadyStoredError,
    DuelNotFoundError,
    DuelTooLargeError,
    IdempotencyKeyReuseError,
    StoredDuelCorruptError,
    StoreError,
    VersionConflictError,
)
from events.forks import copied_events
from events.hashing import GENESIS, chain_hash, genesis_hash
from events.imports import ImportFile, judged, stored_as
from events.judging import judge
from events.listing import DuelList
from events.retractable import judge_stream
from events.retraction import LATEST, RetractionRefusedError, is_retraction
from events.retraction import check as may_retract
from events.retraction import entry as retraction_entry
from events.seals import seal
from events.signing import service_key
from events.text import check_storable
from events.visibility import unrevealed
from events.writers import WriterQueue
from judge import registry
from judge.errors import IllegalDecisionError
from judge.ruleset import decide_all

CACHE_SIZE = 256
MAX_DUEL_EVENTS = 10_000
# The duel cache is bounded in bytes too (env BATTLECON_CACHE_BYTES, create_app's
# CACHE_BYTES): a duel's size is estimated as BYTES_PER_DUEL + BYTES_PER_EVENT x its
# events, constants from a sizing pass (every object a cached DuelRecord reaches, by
# sys.getsizeof, shared card data left out): 0.96 kB per event for a 459-event playout,
# 1.39 kB for 10,000- and 40,000-event duels of corrections and retractions
# (benchmarks/cost.py); rounded up, so the bound errs on the side of memory.
CACHE_BYTES = 256 * 1024 * 1024
BYTES_PER_EVENT = 1_500
BYTES_PER_DUEL = 32 * 1024


def estimated_bytes(agg: DuelRecord) -> int:
    """What a cached duel is reckoned to hold in memory (see CACHE_BYTES)."""
    return BYTES_PER_DUEL + BYTES_PER_EVENT * agg.events_count


# What the library raises for stored rows it cannot make a duel of: a row deleted or two
# swapped (a version out of order), a snapshot or an event that is not the JSON it wrote.
UNREADABLE_ROWS = (OriginatorVersionError, OriginatorIDError, AttributeError, KeyError,
                   TypeError, ValueError, IndexError, UnicodeDecodeError)


@contextmanager
def unreadable_as_corrupt(duel_id: UUID) -> Iterator[None]:
    """A stored duel the library cannot read is a corrupt duel (``StoredDuelCorruptError``,
    so it is quarantined: listed as unreadable, never served, the others served), not a
    traceback that keeps the service from starting. The store's own errors pass."""
    try:
        yield
    except StoreError:
        raise
    except UNREADABLE_ROWS as err:
        raise StoredDuelCorruptError(duel_id, f"its stored rows cannot be read: "
                                     f"{type(err).__name__}: {err}", None) from err


def _before_unrevealed(agg: DuelRecord, at: int) -> dict | None:
    """Where a fork asked at event ``at`` forks instead, and why, when ``at`` comes after a
    secret choice the parent has not revealed (a face-down pair): a fork never copies one,
    or playing the fork to its Reveal would show what the parent still hides. It forks
    just before the earliest such choice, where the duel waited for it. None: at ``at``."""
    early = [n for n in unrevealed(agg) if n <= at]
    if not early:
        return None
    first = min(early)
    return {"asked": at, "at": first - 1,
            "reason": f"Event {first} is a secret choice the duel has not revealed yet; a "
                      f"fork never copies one, so it forks at event {first - 1}, before it. "
                      "Enter the choices again in the fork."}


def fork_points(agg: DuelRecord) -> dict:
    """Where a fork of ``agg`` is accepted (``Store.fork``'s own checks, asked once for
    the whole duel so a page offers "Fork from this event" only where it works): ``points``,
    the events after which the duel waited for a decision, and the last; ``moved``, when a
    secret choice is unrevealed, the first such event ``from`` which a fork moves back to
    ``at`` and why (as ``fork_moved`` says), else None."""
    events = agg.duel.events
    points = [n for n in range(len(events)) if events[n][0] == "decision"] + [len(events)]
    moved = _before_unrevealed(agg, len(events))
    return {"points": points, "moved": None if moved is None else {
        "from": moved["at"] + 1, "at": moved["at"], "reason": moved["reason"]}}


@dataclass(frozen=True)
class Appended:
    """What a command stored: the new version and the events (numbered as the judge numbers)."""

    duel_id: UUID
    version: int
    events: list[dict]
    replayed: bool = False  # True when an idempotency key matched an earlier submission
    moved: dict | None = None  # a fork whose fork point moved back: asked, at, reason


def stored_json(event: Any) -> dict:
    """A stored decision or fact (one of ``DuelRecord``'s events) as an answer lists it."""
    if isinstance(event, DuelRecord.DecisionRecorded):
        return event_json(event.n, "decision", event.decision)
    return event_json(event.n, "fact", event.fact)


def event_json(n: int, kind: str, payload: dict) -> dict:
    if kind == "decision":
        return {"event": n, "type": "Decision", "decision": payload}
    return {"event": n} | payload


def _opening(given: dict, timeout: float) -> tuple[dict, str | None, bool]:
    """The library's environment for the store ``given`` names, its SQLite file (None for
    another store), and whether it opens read-only: a SQLite file this process may not
    write is opened read-only (``events.config.sqlite_read_only_name``); PostgreSQL, which
    connects while the application is made, waits at most ``timeout`` seconds; the tables
    are made afterwards (``JudgeApp._create_tables``), where a read-only store is told
    apart from one that fails."""
    opened = {**given, "CREATE_TABLE": "false"}
    module = given.get("PERSISTENCE_MODULE")
    if module == "eventsourcing.postgres":
        opened["POSTGRES_CONNECT_TIMEOUT"] = str(max(1, math.ceil(timeout)))
    sqlite_file = given.get("SQLITE_DBNAME") if module == "eventsourcing.sqlite" else None
    read_only = sqlite_read_only_name(sqlite_file) if sqlite_file else None
    if read_only:
        opened["SQLITE_DBNAME"] = read_only
    return opened, sqlite_file, read_only is not None


class JudgeApp(Application[UUID]):
    """The application: duels, their commentary and disputes, on one event store."""

    name = "BattleCON"
    is_snapshotting_enabled = True
    SNAPSHOT_EVERY = 100  # a library snapshot each time a duel passes a multiple of this

    def __init__(self, db: str | None = None, database_url: str | None = None,
                 env: dict | None = None, queue_writers: bool = False) -> None:
        """``queue_writers``: several processes write to this SQLite file at once (judge
        serve --workers), so queue them on an OS lock (``events.writers``). Off for one
        process, where the extra lock only slows writers down (each lock and unlock waits
        for the GIL again while the writer holds the store's one write slot).

        A store that fails raises a ``events.faults.StoreFaultError`` (unreachable within
        ``store_timeout``, the env's STORE_TIMEOUT: BATTLECON_STORE_TIMEOUT; a damaged
        file); one that may only be read opens with ``read_only`` set, and every write
        then raises ``StoreReadOnlyError``."""
        given = {**store_env(db, database_url), **(env or {})}
        settings = self.construct_env(self.name, given)
        # Seconds a call waits for the store before it is "unreachable" (events.faults).
        self.store_timeout = float(settings.get("STORE_TIMEOUT") or faults.DEFAULT_TIMEOUT)
        opened, sqlite_file, self.read_only = _opening(given, self.store_timeout)
        self._open(opened)
        datastore = getattr(self.factory, "datastore", None)
        self._writers = WriterQueue(sqlite_file if queue_writers and not self.read_only
                                    else None)
        self._writers.install(datastore)
        faults.install(datastore)  # around the writers' queue: its lock file may fail too
        faults.bound(datastore, self.store_timeout)
        if settings.get("CREATE_TABLE", "yes").lower() not in ("n", "no", "f", "false", "off",
                                                                "0"):
            self._create_tables()
        self._cache: OrderedDict[UUID, DuelRecord] = OrderedDict()
        self._sizes: dict[UUID, int] = {}  # each cached duel's estimated bytes
        self.cache_bytes = 0  # their sum
        self.cache_limit = int(self.env.get("CACHE_BYTES") or CACHE_BYTES)
        self._locks: dict[UUID, threading.RLock] = {}
        self._guard = threading.Lock()
        self._key: Ed25519PrivateKey | None = None
        self._list: DuelList | None = None
        self._copied: dict[UUID, int] = {}  # fork -> the events it copied (never changes)
        # The most events a duel may reach by a decision, a fork or an import (larger duels
        # already stored still load): a bound on what one request may cost everyone.
        self.max_events = int(self.env.get("MAX_DUEL_EVENTS") or MAX_DUEL_EVENTS)

    def _open(self, env: dict) -> None:
        """The library's application on ``env``; a store fault said as such (a pool left
        trying to connect is closed)."""
        try:
            super().__init__(env=env)
        except Exception as err:
            fault = faults.classify(err)
            if fault is None:
                raise
            with contextlib.suppress(Exception):
                self.factory.close()
            raise fault from err

    def _create_tables(self) -> None:
        """The library's tables, made once; on a read-only store they must exist already
        (then reads are served and writes refused: ``read_only``)."""
        try:
            for recorder in (self.recorder, getattr(self.snapshots, "recorder", None)):
                create_table = getattr(recorder, "create_table", None)
                if create_table is not None:
                    create_table()
        except faults.StoreReadOnlyError:
            self.read_only = True
        except faults.StoreFaultError:
            self.close()  # no pool left trying to connect behind a store that failed
            raise

    def store_state(self) -> dict:
        """Whether the store answers and takes writes, asked now within ``store_timeout``
        (``events.faults.probe``): ``{"reachable", "writable", "detail"?}``."""
        return faults.probe(self)

    def signing_key(self) -> Ed25519PrivateKey:
        """The service's key for signing exports (made at the first start, kept in the
        store so that every worker and host signs alike; ``events.signing``)."""
        if self._key is None:
            self._key = service_key(self)
        return self._key

    def close(self) -> None:
        super().close()
        self._writers.close()

    # --- loading ------------------------------------------------------------------------

    def lock(self, duel_id: UUID) -> threading.RLock:
        """The duel's lock in this process: held while its cached aggregate changes."""
        with self._guard:
            return self._locks.setdefault(duel_id, threading.RLock())

    def record(self, duel_id: UUID) -> DuelRecord:
        """The duel as stored now: cached, fast-forwarded with any newer stored events.

        One indexed query when the duel is cached, so a read reflects every write that
        was acknowledged before it began, whichever process (or host) made it.
        """
        with self.lock(duel_id), unreadable_as_corrupt(duel_id):
            agg = self._cache.get(duel_id)
            if agg is None:
                agg = self._load(duel_id)
            else:
                try:
                    for event in self.events.get(duel_id, gt=agg.version):
                        cast(Any, event).mutate(agg)  # each new event checked as applied
                except Exception:
                    self._evict(duel_id)  # never keep a half-applied or unverified duel
                    raise
            self._remember(agg)
            return agg

    def known(self, duel_id: UUID) -> DuelRecord:
        """The duel as this process last saw it, without asking the store for newer events.

        Right for events up to a version this process has stored or read (history never
        changes); not for "now", which another process may have moved on: use ``record``.
        """
        with self.lock(duel_id):
            agg = self._cache.get(duel_id)
            if agg is None:
                return self.record(duel_id)
            self._remember(agg)
            return agg

    def _load(self, duel_id: UUID) -> DuelRecord:
        try:
            agg: Any = self.repository.get(duel_id)
        except AggregateNotFoundError:
            raise DuelNotFoundError(f"No duel with id {duel_id}.") from None
        if not isinstance(agg, DuelRecord):
            raise DuelNotFoundError(f"No duel with id {duel_id}.")
        agg.check_genesis()
        if agg.snapshot_at is not None:
            self._check_snapshot(agg)
        return agg

    def _check_snapshot(self, agg: DuelRecord) -> None:
        """A snapshot is trusted only as far as the stored events it stands for: each of
        them must link and hash as stored, and the snapshot must hold the very same
        payloads and hashes (the events after it were checked as they were applied)."""
        prev, held = agg.genesis, agg.snapshot_events or []
        agg.snapshot_events = None
        covered = (agg.snapshot_at or 1) - 1  # called only for a duel read from a snapshot
        for stored in self.events.get(agg.id, lte=agg.snapshot_at):
            event: Any = stored  # one of DuelRecord's events
            if isinstance(event, DuelRecord.Started):
                if event.hash != agg.genesis or genesis_hash(
                        str(agg.id), event.setup, event.labels, event.parent,
                        event.fork_at) != event.hash:
                    raise StoredDuelCorruptError(agg.id, "its stored setup, labels or id "
                                                 "were altered", 0)
                continue
            decision = isinstance(event, DuelRecord.DecisionRecorded)
            kind, payload = ("decision", event.decision) if decision else ("fact", event.fact)
            n, by = event.n, event.by if decision else None
            if event.prev != prev or chain_hash(prev, n, kind, payload, by) != event.hash:
                raise StoredDuelCorruptError(agg.id, f"stored event {n} was altered", n)
            if n > len(held) or agg.hashes[n - 1] != event.hash or \
                    held[n - 1] != [kind, payload]:
                raise StoredDuelCorruptError(agg.id, f"its snapshot disagrees with stored "
                                             f"event {n}", n)
            prev = event.hash
        if len(held) != covered or prev != (agg.hashes[covered - 1] if covered else agg.genesis):
            raise StoredDuelCorruptError(agg.id, "stored events its snapshot covers are "
                                         "missing", None)

    def _remember(self, agg: DuelRecord) -> None:
        """Keep ``agg`` as the most recently used (the cache is shared by every duel), and
        forget the least recently used beyond CACHE_SIZE duels or ``cache_limit`` bytes
        (``estimated_bytes``; a duel larger than the whole bound is not kept)."""
        with self._guard:
            self._cache[agg.id] = agg
            self._cache.move_to_end(agg.id)
            size = estimated_bytes(agg)
            self.cache_bytes += size - self._sizes.get(agg.id, 0)
            self._sizes[agg.id] = size
            while self._cache and (len(self._cache) > CACHE_SIZE or
                                   self.cache_bytes > self.cache_limit):
                oldest, _ = self._cache.popitem(last=False)
                self.cache_bytes -= self._sizes.pop(oldest, 0)

    def is_cached(self, duel_id: UUID) -> bool:
        """Whether the duel is in the cache now (what the projector keeps follows it)."""
        return duel_id in self._cache

    def save(self, *objs: Any, **kwargs: Any) -> Any:
        """Save as the library does, once no pending event holds text a store cannot keep
        (``events.text``): the same refusal on every store, naming the field, before
        anything is written."""
        for obj in objs:
            for event in getattr(obj, "pending_events", ()):
                check_storable({k: v for k, v in vars(event).items()
                                if k not in ("originator_id", "originator_version",
                                             "timestamp")})
        return super().save(*objs, **kwargs)

    def _too_large(self, count: int, what: str) -> DuelTooLargeError:
        return DuelTooLargeError(f"A duel holds at most {self.max_events} events "
                                 f"(MAX_DUEL_EVENTS); {what} would make {count}. Nothing "
                                 "was stored.", self.max_events)

    def _evict(self, duel_id: UUID) -> None:
        with self._guard:
            self._cache.pop(duel_id, None)
            self.cache_bytes -= self._sizes.pop(duel_id, 0)

    # --- duels -------------------------------------------------------------------------

    def create_duel(self, record: dict, labels: dict | None = None, actor: str = "",
                    parent: str | None = None, fork_at: int | None = None,
                    role: str | None = None, retractions: bool = False,
                    duel_id: UUID | None = None, entered: list[dict | None] | None = None,
                    judged: Any = None) -> Appended:
        """Judge a whole record (setup, decisions) and store it; refused whole if illegal.

        ``retractions``: the decisions are an event log's, retraction entries included
        (``judge import`` of a log), so the stored duel has the log's very events. An
        imported log also gives its ``duel_id`` (kept unless a copy was asked for) and
        who ``entered`` each decision (its ``by``, None where it has none). ``judged``:
        the record already judged (``events.imports`` judged it to compare it)."""
        check_storable(record)  # before the judge hashes or stores any of it
        check_storable(labels or {}, "labels")
        # RecordError names the first illegal decision
        duel = judged if judged is not None else (
            judge_stream(record) if retractions else registry.from_record(record))
        if not retractions:  # a record starts a new duel; a log is a stored one's
            registry.of_setup(duel.setup).check_new_setup(duel.setup)
        if len(duel.events) > self.max_events:
            raise self._too_large(len(duel.events), "this record")
        agg = DuelRecord.start(duel.setup, dict(labels or {}), actor, parent, fork_at, duel_id)
        _copy_events(agg, duel.events, actor, role, entered)
        self.save(agg)
        self._snapshot_if_due(agg, 0)
        return Appended(agg.id, agg.events_count, [event_json(n, k, p) for n, (k, p) in
                                                   enumerate(_payloads(duel.events), 1)])

    def import_file(self, imp: ImportFile, actor: str = "", role: str | None = None,
                    copy: bool = False) -> Appended:
        """Store an imported file (``events.imports``): refused with
        ``DuelAlreadyStoredError`` naming the duel when its duel is stored here already,
        unless ``copy``. A log keeps its duel's id (unless ``copy``, or the id is taken),
        parent, fork point and each decision's ``by``."""
        duel = judged(imp)  # RecordError names the first illegal decision
        if not copy:
            stored = stored_as(self, imp, duel)
            if stored is not None:
                raise stored
        keep = imp.duel if imp.duel is not None and not copy and not self._taken(
            imp.duel) else None
        try:
            return self.create_duel(imp.record, imp.labels, actor, imp.parent, imp.fork_at,
                                    role, retractions=imp.kind == "log", duel_id=keep,
                                    entered=imp.entered, judged=duel)
        except IntegrityError:  # the same log imported at the same moment: one stands
            if keep is None:
                raise
            raise DuelAlreadyStoredError(f"Duel {keep} was stored here by another import at "
                                         "the same moment; nothing was stored.", keep) from None

    def _taken(self, some_id: UUID) -> bool:
        """Whether anything (a duel, notes, a dispute, a token...) is stored under the id."""
        return bool(self.recorder.select_events(some_id, lte=1, limit=1))

    def decide(self, duel_id: UUID, decision: dict, expected: int | None = None,
               key: str | None = None, actor: str = "", role: str | None = None) -> Appended:
        """Append one decision and its facts, if the duel is still at version ``expected``.

        Judged first on the cached aggregate without asking the store: when another
        process wrote meanwhile, the save is refused by the store's (duel, version) key
        and answered as a conflict. Any refusal judged on the cache (a version mismatch,
        an illegal decision, a known key) is confirmed against the store before it is
        given, so a stale cache never refuses what the stored duel would accept.
        """
        if is_retraction(decision):
            raise IllegalDecisionError("A retraction is not a decision: it is asked for on its "
                                       "own (POST /api/duels/{id}/retractions), and only by "
                                       "whoever entered the decision.", "retraction")
        with self.lock(duel_id):
            agg = self.known(duel_id)
            seen = agg.version
            try:
                return self._decide_on(agg, decision, expected, key, (actor, role),
                                       cached=True)
            except _Stale:
                fresh = self.record(duel_id)
            except (VersionConflictError, IllegalDecisionError):
                fresh = self.record(duel_id)
                if fresh.version == seen:
                    raise
            return self._decide_on(fresh, decision, expected, key, (actor, role))

    def _decide_on(self, agg: DuelRecord, decision: dict, expected: int | None,
                   key: str | None, who: tuple[str, str | None], cached: bool = False
                   ) -> Appended:
        """``decide`` on this aggregate; ``cached``: it may be behind the store (then a
        replayed key raises _Stale, as the answer must carry the version now)."""
        if key and key in agg.keys:
            if cached:
                raise _Stale
            return self._replay_key(agg, key, decision)
        if expected is not None and expected != agg.events_count:
            raise VersionConflictError(
                f"The duel is at version {agg.events_count}, not {expected}: someone "
                "recorded first. Reload it and decide again.", agg.events_count)
        start = agg.events_count
        self._judge_and_record(agg, decision, who[0], key, who[1])
        if agg.events_count > self.max_events:
            self._evict(agg.id)  # judged in memory only: never kept
            raise self._too_large(agg.events_count, "this decision")
        try:
            return self._save(agg, start)
        except VersionConflictError:
            if key:  # another writer may have stored this very submission meanwhile
                fresh = self.record(agg.id)
                if key in fresh.keys:
                    return self._replay_key(fresh, key, decision)
            raise

    def _judge_and_record(self, agg: DuelRecord, entry: dict, actor: str, key: str | None,
                          role: str | None, stored: dict | None = None) -> None:
        """Judge ``entry`` on a copy of the duel's match (``events.judging``), then record
        the entry as judged (or ``stored``) and its facts as events, which the aggregate
        applies as they are triggered. An illegal entry changes nothing; any other failure
        leaves the aggregate unsure (ahead of the store, or half applied), so it is
        forgotten."""
        try:
            verdict = judge(agg.duel, entry)  # IllegalDecisionError: nothing changed
            agg.record(verdict.entry if stored is None else stored, verdict.facts, actor,
                       key, role=role)
        except IllegalDecisionError:
            raise
        except Exception:  # the cache must not keep what the store does not hold
            self._evict(agg.id)
            raise

    def correct(self, duel_id: UUID, players: dict | None = None, markers: dict | None = None,
                rule: str = "correction", text: str = "", dispute: str | None = None,
                actor: str = "", expected: int | None = None, role: str | None = None,
                correction: dict | None = None) -> Appended:
        """A judge correction: the corrected position, kept as its own events.

        ``correction`` is the correction as a head judge gives it (``changes``, or the
        ruleset's older shape, and ``reopens``); without it, ``players`` and ``markers``.
        It is recorded in the one shape of ``judge.corrections``, ``by`` the actor, with
        each change's ``before`` filled in from the duel as it stands (a ruleset without
        correctable fields records it as given).
        """
        given = dict(correction) if correction is not None else {"players": players} | (
            {"markers": markers} if markers is not None else {})
        with self.lock(duel_id):
            agg = self.record(duel_id)
            if expected is not None and expected != agg.events_count:
                raise VersionConflictError(f"The duel is at version {agg.events_count}, not "
                                           f"{expected}.", agg.events_count)
            if dispute is not None and any(
                    k == "decision" and e.get("kind") == "correction" and
                    e.get("dispute") == dispute for k, e in agg.duel.events):
                raise DisputeError(f"Dispute {dispute} has already corrected this duel.")
            start = agg.events_count
            entry = _correction_entry(registry.of_setup(agg.setup), given, rule, text,
                                      dispute, {"name": actor, "role": role})
            self._judge_and_record(agg, entry, actor, None, role)
            return self._save(agg, start)

    def retract(self, duel_id: UUID, expected: int | None = None, key: str | None = None,
                actor: str = "", role: str | None = None, event: int | None = None
                ) -> Appended:
        """Retract ``actor``'s latest decision (``events.retraction``): one appended event,
        nothing deleted; the duel then stands as it was before that decision. ``event``:
        the decision the caller means (refused if it is not the one they may retract)."""
        with self.lock(duel_id):
            agg = self.record(duel_id)
            if key and key in agg.keys:
                return self._replay_retraction(agg, key)
            if expected is not None and expected != agg.events_count:
                raise VersionConflictError(f"The duel is at version {agg.events_count}, not "
                                           f"{expected}: someone recorded first. Reload it.",
                                           agg.events_count)
            n = may_retract(agg, actor, self._copied_by(agg))
            if event is not None and event != n:
                raise RetractionRefusedError(f"Event {event} is not the decision you may "
                                             f"retract now: that is event {n}, the latest "
                                             "still standing.", LATEST, event=n)
            start, retraction = agg.events_count, retraction_entry(n)
            self._judge_and_record(agg, retraction, actor, key, role, stored=retraction)
            return self._save(agg, start)

    def _copied_by(self, agg: DuelRecord) -> int:
        """How many of its first events a fork copied from its parent (0 if not a fork):
        derived once from the parent (``events.forks``), as neither ever changes there."""
        if agg.parent is None:
            return 0
        with self._guard:
            known = self._copied.get(agg.id)
        if known is None:
            try:
                known = copied_events(self.known(UUID(agg.parent)), agg)
            except DuelNotFoundError:  # an imported fork whose parent is not stored here:
                known = agg.fork_at or 0  # its first fork_at events stand for the parent's
            with self._guard:
                self._copied[agg.id] = known
        return known

    def retraction_offer(self, duel_id: UUID, actor: str) -> dict:
        """Whether ``actor`` may retract now: ``event`` (the latest decision standing, or
        None), ``allowed``, and when not, ``detail`` and ``rule`` (as a refusal says)."""
        agg = self.record(duel_id)
        latest = agg.duel.latest_decision()
        try:
            may_retract(agg, actor, self._copied_by(agg))
        except RetractionRefusedError as err:
            return {"event": latest, "allowed": False, "detail": err.reason, "rule": err.rule}
        return {"event": latest, "allowed": True, "detail": None, "rule": None}

    def _replay_retraction(self, agg: DuelRecord, key: str) -> Appended:
        """A retried retraction: the original answer; a key of a decision is refused."""
        n = agg.keys[key]
        stored = agg.duel.events[n - 1][1]
        if not is_retraction(stored):
            raise IdempotencyKeyReuseError(f"Idempotency key {key!r} was already used for a "
                                           f"decision (event {n}), not a retraction.")
        return Appended(agg.id, agg.events_count, [event_json(n, "decision", stored)],
                        replayed=True)

    def _snapshot_if_due(self, agg: DuelRecord, before: int) -> None:
        """Snapshot the aggregate in memory (no re-read) when it passed a multiple of 100."""
        if self.snapshots is not None and \
                agg.version // self.SNAPSHOT_EVERY > before // self.SNAPSHOT_EVERY:
            try:
                self.snapshots.put([DuelRecord.Snapshot.take(agg)])
            except faults.StoreFaultError as err:  # the events are stored: a snapshot is
                # only a cache, and the answer must say they were (a 507 would be untrue)
                logging.getLogger("battlecon").warning("snapshot of duel %s not stored: %s",
                                                       agg.id, err.cause or err)

    def _save(self, agg: DuelRecord, start: int) -> Appended:
        """Save the events just recorded; the answer is made of what was stored."""
        before = start + 1  # the aggregate's version before these events
        try:
            recordings = self.save(agg)
            self._snapshot_if_due(agg, before)
        except IntegrityError:
            self._evict(agg.id)
            current = self.record(agg.id).events_count
            raise VersionConflictError(f"The duel moved on to version {current} while this "
                                       "decision was being stored; nothing was stored.",
                                       current) from None
        except Exception:
            self._evict(agg.id)
            raise
        return Appended(agg.id, agg.events_count,
                        [stored_json(r.domain_event) for r in recordings])

    def _replay_key(self, agg: DuelRecord, key: str, decision: dict) -> Appended:
        n = agg.keys[key]
        kind, stored = agg.duel.events[n - 1]
        clean = {k: v for k, v in decision.items() if v is not None}
        struck = agg.duel.struck_by(n)
        if struck is not None:
            raise IdempotencyKeyReuseError(f"Idempotency key {key!r} was used for the decision "
                                           f"at event {n}, which was retracted at event "
                                           f"{struck}: a retracted decision's key is never "
                                           "used again. Send the decision with a new key.")
        if stored != clean:
            raise IdempotencyKeyReuseError(f"Idempotency key {key!r} was already used for "
                                           f"another decision (event {n}).")
        end = n
        while end < len(agg.duel.events) and agg.duel.events[end][0] == "fact":
            end += 1
        events = [event_json(i, k, p) for i, (k, p) in
                  enumerate(_payloads(agg.duel.events[n - 1:end]), n)]
        return Appended(agg.id, agg.events_count, events, replayed=True)

    def fork(self, duel_id: UUID, at: int, actor: str = "", labels: dict | None = None,
             todays_cards: bool = False, role: str | None = None,
             rulings: dict | None = None, todays_rules: bool = False) -> Appended:
        """A new duel with the same history up to event ``at``; records parent and fork point.

        ``todays_cards``: the decisions up to ``at`` are re-judged under today's card data
        (the explicit act after an errata) instead of copying the stored events; refused
        (RecordError) if one of them is not legal under today's cards.

        ``todays_rules``: the decisions up to ``at`` are re-judged under today's rules
        version (``judge.battlecon.rulestamp``), as ``todays_cards`` under today's cards.

        ``rulings``: readings (``{"lure-power": -1}``) that replace the parent's in the
        fork's setup; the decisions up to ``at`` are re-judged under them, so the fork
        shows what the duel would have been had that reading applied (the parent is
        untouched). Refused (RecordError naming the ruling) for a ruling the ruleset does
        not switch, a reading it does not judge, or a decision illegal under them.
        """
        agg = self.record(duel_id)
        events = agg.duel.events
        if not 0 <= at <= len(events) or (at < len(events) and events[at][0] != "decision"):
            waits = [n for n in range(len(events)) if events[n][0] == "decision"]
            hint = f" (for example {waits[-1]})" if waits else ""
            raise DisputeError(f"Fork at an event after which the duel waited for a decision"
                               f"{hint}, or at the last event ({len(events)}); event {at} is "
                               "in the middle of resolving a decision.")
        moved = _before_unrevealed(agg, at)
        at = moved["at"] if moved else at
        with self.lock(duel_id):
            events = list(agg.duel.events[:at])
            standing = agg.duel.decisions_at(at)  # retracted decisions left out
        setup = agg.setup
        rules = registry.of_setup(setup)
        if rulings:
            setup = rules.with_rulings(setup, rulings)
        if todays_cards:
            setup = rules.with_todays_cards(setup)
        if todays_rules:
            setup = rules.with_todays_rules(setup)
        if setup != agg.setup:  # as events.forks tells a re-judged fork from a copy
            rejudged = rules.match(setup)
            decide_all(rejudged, standing)
            events = list(rejudged.events)
        if len(events) > self.max_events:
            raise self._too_large(len(events), "this fork")
        child = DuelRecord.start(setup, dict(labels if labels is not None else agg.labels),
                                 actor, parent=str(duel_id), fork_at=at)
        _copy_events(child, events, actor, role)
        self.save(child)
        self._snapshot_if_due(child, 0)
        return Appended(child.id, child.events_count, [], moved=moved)

    def duel_ids(self) -> list[UUID]:
        """Every duel, in the order they were created."""
        return [duel_id for duel_id, _ in self.duel_starts()]

    def duel_starts(self) -> list[tuple[UUID, int]]:
        """(duel, the notification number of its start) for every duel, oldest first."""
        out, start = [], 1
        while True:
            batch = self.recorder.select_notifications(start=start, limit=500,
                                                       topics=[DuelRecord.Started.TOPIC])
            out += [(i if isinstance(i := n.originator_id, UUID) else UUID(str(i)), n.id)
                    for n in batch]
            if len(batch) < 500:
                return out
            start = batch[-1].id + 1

    @property
    def duel_list(self) -> DuelList:
        """The list read model (``events.listing``), made on first use."""
        with self._guard:
            if self._list is None:
                self._list = DuelList(self)
            return self._list

    # --- commentary ----------------------------------------------------------------------

    def _commentary(self, duel_id: UUID) -> Commentary:
        cid = uuid5(NAMESPACE_URL, f"battlecon:commentary:{duel_id}")
        try:
            return self.repository.get(cid)
        except AggregateNotFoundError:
            return Commentary._create(Commentary.Opened, id=cid, duel_id=duel_id)

    def annotate(self, duel_id: UUID, at: int, text: str, tags: list[str], author: str,
                 role: str | None = None) -> dict:
        agg = self.record(duel_id)
        if not 0 <= at <= agg.events_count:
            raise DisputeError(f"Event {at} does not exist; the duel has {agg.events_count} "
                               "events.")
        for attempt in range(20):  # other notes may land first: retry on the new version
            notes = self._commentary(duel_id)
            content = Commentary.Annotated.content(at, text, tags)
            notes.trigger_event(Commentary.Annotated, at=at, author=author, text=text,
                                tags=list(tags),
                                **notes.next_seal("annotation", content, author, role))
            try:
                self.save(notes)
                return notes.annotations[-1]
            except IntegrityError:
                if attempt == 19:
                    raise DisputeError("The duel's notes are too busy; try again.") from None
                time.sleep(0.002 * (attempt + 1))
        raise AssertionError("unreachable")

    def annotations(self, duel_id: UUID) -> list[dict]:
        """The notes, each on an event of a retracted decision marked with the retraction
        (``retracted``: its event number): a note stays where it was written."""
        duel = self.record(duel_id).duel
        notes = []
        for note in self._commentary(duel_id).annotations:
            struck = duel.struck_by(note["at"]) if note["at"] > 0 else None
            notes.append(note if struck is None else {**note, "retracted": struck})
        return notes

    def open_dispute(self, duel_id: UUID, at: int, claim: str, author: str,
                     role: str | None = None) -> Dispute:
        agg = self.record(duel_id)
        if not 1 <= at <= agg.events_count:
            raise DisputeError(f"Event {at} does not exist; the duel has {agg.events_count} "
                               "events.")
        dispute = Dispute._create(Dispute.Opened, id=uuid5(
            NAMESPACE_URL, f"battlecon:dispute:{duel_id}:{at}:{claim}:{author}:{_now()}"),
            duel_id=duel_id, at=at, claim=claim, author=author, **seal(
                GENESIS, 1, "dispute", Dispute.Opened.content(duel_id, at, claim), author, role,
                now_iso()))
        for attempt in range(5):
            notes = self._commentary(duel_id)
            notes.trigger_event(Commentary.DisputeListed, dispute_id=dispute.id)
            try:
                self.save(dispute, notes)
                return dispute
            except IntegrityError:
                if attempt == 4:
                    raise
        raise AssertionError("unreachable")

    def dispute(self, dispute_id: UUID) -> Dispute:
        try:
            agg: Any = self.repository.get(dispute_id)
        except AggregateNotFoundError:
            raise DuelNotFoundError(f"No dispute with id {dispute_id}.") from None
        if not isinstance(agg, Dispute):
            raise DuelNotFoundError(f"No dispute with id {dispute_id}.")
        return agg

    def disputes(self, duel_id: UUID) -> list[Dispute]:
        self.record(duel_id)
        return [self.dispute(d) for d in self._commentary(duel_id).disputes]

    def comment(self, dispute_id: UUID, text: str, author: str,
                role: str | None = None) -> Dispute:
        for attempt in range(10):  # another comment may land first: retry on the new version
            dispute = self.dispute(dispute_id)
            if dispute.resolution is not None:
                raise DisputeError("This dispute is resolved; it takes no more comments.")
            dispute.trigger_event(Dispute.Commented, author=author, text=text,
                                  **dispute.next_seal("comment", Dispute.Commented.content(
                                      text), author, role))
            try:
                self.save(dispute)
                return dispute
            except IntegrityError:
                if attempt == 9:
                    raise DisputeError("The dispute is too busy; try again.") from None
        raise AssertionError("unreachable")

    def resolve(self, dispute_id: UUID, outcome: str, ruling: str, rule: str, author: str,
                correction: dict | None = None) -> Dispute:
        """Uphold, or overturn and apply the correction to the duel (its own events).

        The duel's stream decides between two head judges overturning at once: a
        correction for a dispute may be appended to the duel only once (``correct``
        refuses a second), so exactly one correction stands, and it is the resolution's.
        """
        dispute = self.dispute(dispute_id)
        if dispute.resolution is not None:
            raise DisputeError("This dispute is already resolved.")
        if outcome not in ("upheld", "overturned"):
            raise DisputeError("The outcome must be 'upheld' or 'overturned'.")
        event = None
        if outcome == "overturned":
            if not correction or not any(isinstance(correction.get(k), (dict, list)) for k in
                                         ("changes", "players", "characters")):
                raise DisputeError("An overturned ruling needs a correction: its changes "
                                   "(the fields GET /api/duels/{id}/correctable lists, with "
                                   "their new values).")
            for attempt in range(10):
                try:
                    appended = self.correct(dispute.duel_id, rule=rule, text=ruling,
                                            dispute=str(dispute_id), actor=author,
                                            role="head_judge", correction=correction)
                    break
                except VersionConflictError:
                    if attempt == 9:
                        raise
            event = appended.events[0]["event"]
        dispute = self.dispute(dispute_id)
        if dispute.resolution is not None:
            raise DisputeError("This dispute was resolved by someone else meanwhile.")
        content = Dispute.Resolved.content(outcome, ruling, rule, correction, event)
        dispute.trigger_event(Dispute.Resolved, outcome=outcome, ruling=ruling, rule=rule,
                              correction=correction, author=author, correction_event=event,
                              **dispute.next_seal("resolution", content, author,
                                                  "head_judge"))
        try:
            self.save(dispute)
        except IntegrityError:
            raise DisputeError("Someone else resolved or commented on this dispute at the "
                               "same moment; reload it.") from None
        return dispute


def _correction_entry(rules: Any, given: dict, rule: str, text: str, dispute: str | None,
                      by: dict) -> dict:
    """The correction to record: the one shape (``judge.corrections``) whenever the
    ruleset lists correctable fields, else the ruleset's own shape as given."""
    changes = given.get("changes")
    if changes is None:
        changes = rules.correction_changes(given)
    if changes is None:  # a ruleset with a shape of its own only (no correctable fields)
        entry = {"kind": "correction", **{k: v for k, v in given.items() if k != "reopens"},
                 "rule": rule, "text": f"Head judge's correction: {text}" if dispute else text}
        return entry | ({"dispute": dispute} if dispute is not None else {})
    entry = {"kind": "correction", "changes": changes, "by": by, "rule": rule, "text": text}
    if dispute is not None:
        entry["dispute"] = dispute
    if given.get("reopens"):
        entry["reopens"] = given["reopens"]
    return entry


class _Stale(Exception):
    """The cached aggregate cannot answer this; ask the store."""


def _payloads(events: list[tuple[str, Any]]) -> list[tuple[str, dict]]:
    return [(k, e if k == "decision" else e.to_json()) for k, e in events]


def _copy_events(agg: DuelRecord, events: list[tuple[str, Any]], actor: str,
                 role: str | None, entered: list[dict | None] | None = None) -> None:
    """Trigger stored events for already-judged engine events (import, fork); ``entered``:
    an imported log's ``by`` of each decision, in order, kept as the log has it."""
    decisions = iter(entered) if entered is not None else None
    for kind, e in events:
        if kind == "decision":
            agg.record(e, [], actor, role=role,
                       entered=True if decisions is None else next(decisions, None))
        else:
            agg.record(None, [e], actor)


def _now() -> str:
    import time

    return repr(time.time_ns())
