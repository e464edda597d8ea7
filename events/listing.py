"""The duel list: a read model in the store's own database, so that listing costs in
proportion to the page asked for, not to the number of duels stored.

One row per duel (its summary, as ``GET /api/duels`` lists it, and the columns its filters
use, indexed), and the position in the library's notification log up to which the rows
are complete. Before every list query the model takes in the notifications stored since
that position (one indexed query when there are none): the duels they belong to are read
(from the cache, or the store) and their rows rewritten. So the list shows every write
acknowledged before the request began, whichever process made it, and never a duel or a
version the store does not hold; a crash between a write and its row costs nothing, the
next list request catches up. A row is only ever replaced by a newer version of its duel
(two processes catching up at once cannot go back in time).

When the model is new (the first start after an upgrade), it is filled from the duels
already stored: each is read once, then the position is set to where the log stood
before the fill began. A model whose rows an older release wrote (``model`` below
``MODEL``) gains the newer columns and has those rows written again, once, at its first
catch-up (which ``judge serve`` does at start).

A fork's row also keeps where it left its parent (``fork``: ``events.forkpoints``), and
every row the duel's first unrevealed secret choice (``secret_from``), so that a page with
fork points reads them from its rows (and its parents' rows), never from the duels. When a
duel changes, the fork points of its forks that a retraction may have moved are written
again.

For the judges' floor (``events.floor``) every row also keeps when the duel's last
decision was stored, how it ended and its open disputes (``events.tables``); the list takes
in a dispute opened or resolved as a change of its duel, whose disputes alone are then
read again (a decision keeps the disputes its row holds).

The table lives beside the events: in the SQLite file (``duel_list``), in PostgreSQL
(``battlecon_duel_list``, in the store's schema), or for ``:memory:`` stores in an
in-memory SQLite database of this process.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import threading
from abc import ABC, abstractmethod
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import Any
from uuid import UUID

from events import forkpoints, tables
from events.domain import DuelRecord
from events.errors import StoredDuelCorruptError, StoreError
from events.faults import StoreFaultError, StoreFullError, StoreReadOnlyError
from judge import registry

DUEL_TOPICS = [DuelRecord.Started.TOPIC, DuelRecord.DecisionRecorded.TOPIC,
               DuelRecord.Retracted.TOPIC, DuelRecord.FactResolved.TOPIC]  # a retraction too
TOPICS = DUEL_TOPICS + tables.DISPUTE_TOPICS  # a dispute opened or resolved: its duel's row
BATCH = 1000
COLUMNS = ("id", "seq", "version", "ruleset", "event", "round", "tbl", "status",
           "created", "parent", "players", "fighters", "summary", "detail", "fork",
           "secret_from", "model", "last_at", "ended", "disputes", "dispute_events")
# The rows' format: 2 added fork, secret_from and model (issue 27, item 11); 3 added
# last_at, ended, disputes and dispute_events, the judges' floor's (``events.tables``;
# issue 34, item 4).
MODEL = 3
ADDED = {"fork": "TEXT", "secret_from": "BIGINT", "model": "INTEGER", "last_at": "TEXT",
         "ended": "TEXT", "disputes": "TEXT", "dispute_events": "INTEGER"}
# A row's disputes are replaced only by disputes read after at least as many of their
# events (opened, resolved: they only ever grow), whatever the duel's version.
DISPUTE_COLUMNS = ("disputes", "dispute_events")


def summary(agg: DuelRecord) -> dict:
    """The duel's line in lists: the ruleset's summary, with the record's labels."""
    labels = agg.labels
    rules = registry.of_setup(agg.setup)
    return {"id": str(agg.id), "version": agg.events_count, "ruleset": rules.name,
            "event": labels.get("event"), "round": labels.get("round"),
            "table": labels.get("table"), "labels": labels, **rules.summary(agg.duel),
            "parent": agg.parent, "fork_at": agg.fork_at, "created_by": agg.actor or None,
            "created": agg.created_on.isoformat()}


class DuelList:
    """The list read model over one store (``events.app.JudgeApp``)."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self._lock = threading.Lock()  # one catch-up at a time in this process
        self._current = False  # rows of an older model written again (once per process)
        datastore = getattr(app.factory, "datastore", None)
        module = app.env.get("PERSISTENCE_MODULE", "")
        if module.endswith("postgres"):
            self.db: _Db = _Postgres(datastore)
        elif module.endswith("sqlite"):
            self.db = _Sqlite(datastore)
        else:
            self.db = _Memory()
        try:
            self.db.create()
        except (StoreReadOnlyError, StoreFullError):
            if not self._readable():  # no model in the store, and none can be made there:
                self.db = _Memory()   # one in this process, filled from the store's duels
                self.db.create()

    def _readable(self) -> bool:
        try:
            self.db.position()
        except StoreFaultError:
            return False
        return True

    # --- keeping up -----------------------------------------------------------------------

    def catch_up(self) -> int:
        """Take in every duel event stored since the last look; how many duels changed."""
        with self._lock:
            position = self.db.position()
            if position is None:
                return self._fill()
            if not self._current:
                self._upgrade()
            changed: dict[UUID, int | None] = {}  # duel -> its Started notification
            disputed: set[UUID] = set()  # duels whose disputes changed
            while True:
                batch = self.app.recorder.select_notifications(
                    start=position + 1, limit=BATCH, topics=TOPICS)
                for n in batch:
                    self._take_in(n, changed, disputed)
                if batch:
                    position = batch[-1].id
                if len(batch) < BATCH:
                    break
            if changed:
                self._write(list(changed.items()), position, disputed)
                self._refresh_forks_of(set(changed))
            return len(changed)

    def _take_in(self, n: Any, changed: dict[UUID, int | None], disputed: set[UUID]) -> None:
        """One stored notification: the duel it changed (a dispute's: the disputed duel)."""
        if n.topic in tables.DISPUTE_TOPICS:
            duel = tables.duel_of_dispute(self.app, _uuid(n.originator_id))
            if duel is not None:
                disputed.add(duel)
                changed.setdefault(duel, None)
            return
        started = n.id if n.topic == DuelRecord.Started.TOPIC else None
        duel = _uuid(n.originator_id)
        changed[duel] = changed.get(duel) or started

    def _upgrade(self) -> None:
        """Rows an older release wrote (no fork points, no floor columns): written again,
        once."""
        old = [_uuid(r[0]) for r in self.db.rows(
            "SELECT id FROM {t} WHERE model IS NULL OR model < ? ORDER BY seq", [MODEL])]
        for start in range(0, len(old), 200):
            self._write([(duel, None) for duel in old[start:start + 200]], None)
        self._current = True

    def _fill(self) -> int:
        """A new model: every stored duel once, then the log's position before the fill."""
        position = self.app.recorder.max_notification_id() or 0
        starts = self.app.duel_starts()
        for start in range(0, len(starts), 200):
            self._write(starts[start:start + 200], None)
        self._write([], position)
        self._current = True
        return len(starts)

    def _write(self, duels: list[tuple[UUID, int | None]], position: int | None,
               disputed: set[UUID] | None = None) -> None:
        """Rewrite the rows of ``duels``; the open disputes of those in ``disputed`` (and
        of any whose row holds none yet) read again, the others' kept. A store that stopped taking writes (read-only,
        or full) must not stop the list: the model moves into this process's memory (its
        rows copied once), where it goes on catching up; the stored model is caught up by
        the next process that can write (its position moved only with its rows)."""
        steps: dict[UUID, list[dict]] = {}  # parents' step indexes, one replay each
        ids = [duel_id for duel_id, _ in duels]
        known = self._known_points(ids)
        kept = self._known_disputes([d for d in ids if d not in (disputed or set())])
        rows = [self._row(duel_id, seq, steps, known.get(str(duel_id)),
                          kept.get(str(duel_id))) for duel_id, seq in duels]
        try:
            self.db.upsert(rows, position)
        except (StoreReadOnlyError, StoreFullError) as err:
            if isinstance(self.db, _Memory):
                raise
            logging.getLogger("battlecon").warning(
                "duel list kept in memory from now on: the store takes no writes (%s)",
                err.cause or err)
            self.db = self.db.in_memory()
            self.db.upsert(rows, position)

    def _known_points(self, duels: list[UUID]) -> dict[str, dict]:
        """The fork points these duels' rows hold already (written by this model)."""
        out: dict[str, dict] = {}
        for start in range(0, len(duels), 200):
            ids = [str(d) for d in duels[start:start + 200]]
            marks = ", ".join("?" for _ in ids)
            for duel, fork in self.db.rows(f"SELECT id, fork FROM {{t}} WHERE id IN ({marks}) "
                                           "AND fork IS NOT NULL AND model = ?", [*ids, MODEL]):
                out[str(duel)] = json.loads(fork)
        return out

    def _known_disputes(self, duels: list[UUID]) -> dict[str, tuple[str, int]]:
        """The open disputes these duels' rows hold already (written by this model), with
        how many dispute events they were read after."""
        out: dict[str, tuple[str, int]] = {}
        for start in range(0, len(duels), 200):
            ids = [str(d) for d in duels[start:start + 200]]
            marks = ", ".join("?" for _ in ids)
            for duel, disputes, count in self.db.rows(
                    f"SELECT id, disputes, dispute_events FROM {{t}} WHERE id IN ({marks}) "
                    "AND disputes IS NOT NULL AND dispute_events IS NOT NULL AND model = ?",
                    [*ids, MODEL]):
                out[str(duel)] = (str(disputes), int(count))
        return out

    def _refresh_forks_of(self, duels: set[UUID]) -> None:
        """The forks of changed duels whose fork point a retraction moved (``cut``), or
        that have none yet (their parent could not be read): written again."""
        stale: list[tuple[UUID, int | None]] = []
        for duel in duels:
            children = self.db.rows("SELECT id, fork FROM {t} WHERE parent = ? AND status "
                                    "<> 'unreadable'", [str(duel)])
            if not children:
                continue
            try:
                parent = self.app.record(duel)
            except StoreFaultError:
                raise  # the store failed: not a parent that cannot be read
            except StoreError:
                continue
            for child, fork in children:
                point = json.loads(fork) if fork else None
                if _uuid(child) not in duels and (point is None or point.get("cut") != (
                        forkpoints.cut(parent, point["event"]))):
                    stale.append((_uuid(child), None))
        if stale:
            self._write(stale, None)

    def _row(self, duel_id: UUID, seq: int | None,
             steps: dict[UUID, list[dict]] | None = None, known: dict | None = None,
             disputes: tuple[str, int] | None = None) -> dict:
        """The duel's row; ``seq`` (its place in creation order) is None for a duel whose
        row exists already (it keeps its place); ``steps``: parents' step indexes known;
        ``known``: the fork point its row holds already; ``disputes``: its open disputes
        as its row holds them (None: read them)."""
        try:
            agg = self.app.record(duel_id)
            line = summary(agg)
        except StoredDuelCorruptError as err:
            return {"id": str(duel_id), "seq": seq, "version": -1, "ruleset": None,
                    "event": None, "round": None, "tbl": None, "status": "unreadable",
                    "created": None, "parent": None, "players": "", "fighters": "",
                    "summary": None, "detail": err.reason, "fork": None,
                    "secret_from": None, "model": MODEL, "last_at": None, "ended": None,
                    "disputes": None, "dispute_events": None}
        players = line.get("players") or []
        held = disputes if disputes is not None else tables.open_disputes(self.app, duel_id)
        return {"id": line["id"], "seq": seq, "version": line["version"],
                "ruleset": line["ruleset"], "event": line["event"], "round": line["round"],
                "tbl": line["table"], "status": line.get("status"), "created": line["created"],
                "parent": line["parent"],
                "players": _bars(str(p.get("name", "")).casefold() for p in players),
                "fighters": _bars(str(p.get("fighter", "")) for p in players),
                "summary": json.dumps(line, ensure_ascii=False), "detail": None,
                "fork": self._fork_point(agg, {} if steps is None else steps, known),
                "secret_from": forkpoints.secret_from(agg), "model": MODEL,
                "last_at": tables.last_decision(agg), "ended": tables.ending(agg),
                "disputes": held[0], "dispute_events": held[1]}

    def _fork_point(self, agg: DuelRecord, steps: dict[UUID, list[dict]],
                    known: dict | None) -> str | None:
        """A fork's point in its parent as JSON (None for a duel that is no fork, or whose
        parent cannot be read: the list then gives it none). The point its row holds is
        kept while no retraction in the parent moved it (a decision in the fork never
        does), so a fork of a large duel does not replay its parent at every decision."""
        if agg.parent is None:
            return None
        parent_id = _uuid(agg.parent)
        try:
            parent = self.app.record(parent_id)
        except StoreFaultError:
            raise  # the store failed: not a parent that cannot be read
        except StoreError:
            return None
        if known is not None and known.get("cut") == forkpoints.cut(parent, known["event"]):
            return json.dumps(known, ensure_ascii=False)
        if parent_id not in steps:
            steps[parent_id] = forkpoints.steps_of(parent)
        point = forkpoints.fork_point(parent, agg, steps[parent_id])
        return json.dumps(point, ensure_ascii=False)

    # --- reading ----------------------------------------------------------------------------

    def count(self) -> int:
        """How many duels are stored (those that do not verify included)."""
        self.catch_up()
        return self.db.scalar("SELECT count(*) FROM {t}", [])

    def page(self, filters: dict, page: int, size: int) -> dict:
        """One page of duels matching ``filters`` (oldest first, or newest first when
        ``filters["order"]`` is ``"newest"``), the total, and the duels that do not verify
        (left out of the items)."""
        self.catch_up()
        where, params = _where(filters)
        total = self.db.scalar(f"SELECT count(*) FROM {{t}} WHERE {where}", params)
        order = "seq DESC, id DESC" if filters.get("order") == "newest" else "seq, id"
        rows = self.db.rows(f"SELECT summary FROM {{t}} WHERE {where} ORDER BY {order} "
                            "LIMIT ? OFFSET ?", [*params, size, (page - 1) * size])
        bad = self.db.rows("SELECT id, detail FROM {t} WHERE status = 'unreadable' ORDER BY "
                           "seq LIMIT 100", [])
        return {"items": [json.loads(r[0]) for r in rows], "total": total,
                "unreadable": [{"id": r[0], "detail": r[1]} for r in bad]}

    def fork_points(self, ids: list[str]) -> dict[str, tuple[dict | None, int | None, bool]]:
        """For each of these duels (read after ``page``, which caught up): its fork point
        as kept (``events.forkpoints``; None if none), its parent's first unrevealed
        secret choice, and whether its parent's row is readable. One query."""
        if not ids:
            return {}
        marks = ", ".join("?" for _ in ids)
        rows = self.db.rows(
            f"SELECT c.id, c.fork, p.secret_from, p.status FROM {{t}} c LEFT JOIN {{t}} p "
            f"ON p.id = c.parent WHERE c.id IN ({marks})", list(ids))
        return {str(r[0]): (json.loads(r[1]) if r[1] else None,
                            None if r[2] is None else int(r[2]),
                            r[3] is not None and r[3] != "unreadable") for r in rows}


CANDIDATES = 100  # the most stored duels an import is compared with (newest first)


def candidates(listing: DuelList, ruleset: str, line: dict, labels: dict,
               events: int) -> list[UUID]:
    """The stored duels an imported duel could be (``events.imports``): same ruleset,
    players' names, fighters and labels, and at least its ``events`` (a stored duel's
    retractions add events its record leaves out); the newest first, at most 100."""
    listing.catch_up()
    players = line.get("players") or []
    rows = listing.db.rows(
        "SELECT id, event, round, tbl FROM {t} WHERE ruleset = ? AND players = ? AND "
        "fighters = ? AND version >= ? ORDER BY seq DESC LIMIT ?",
        [ruleset, _bars(str(p.get("name", "")).casefold() for p in players),
         _bars(str(p.get("fighter", "")) for p in players), events, CANDIDATES])
    want = (labels.get("event"), labels.get("round"), labels.get("table"))
    return [_uuid(r[0]) for r in rows if tuple(r[1:]) == want]


def _where(filters: dict) -> tuple[str, list]:
    """The SQL condition for the list's filters (each an indexed column, or for fighter and
    player a match inside the row's ``|a|b|`` list)."""
    parts, params = ["status <> 'unreadable'"], []
    for key, column in (("ruleset", "ruleset"), ("status", "status"), ("parent", "parent")):
        if filters.get(key) is not None:
            parts.append(f"{column} = ?")
            params.append(str(filters[key]))
    for key, column in (("event", "event"), ("round", "round"), ("table", "tbl")):
        if filters.get(key) is not None:  # labels typed by people: any case (SQL lower())
            parts.append(f"lower({column}) = lower(?)")
            params.append(str(filters[key]))
    if filters.get("fighter"):
        parts.append("fighters LIKE ?")
        params.append(f"%|{_like(filters['fighter'])}|%")
    if filters.get("player"):
        parts.append("players LIKE ?")
        params.append(f"%|{_like(str(filters['player']).casefold())}|%")
    if filters.get("date"):
        parts.append("created >= ? AND created < ?")
        day = filters["date"].isoformat()
        params += [day, day + "\uffff"]
    return " AND ".join(parts), params


def _updates() -> str:
    """The SET list of a row's upsert: the duel's columns from a version at least as new
    (or a row that is or was unreadable), the disputes' from a reading after at least as
    many dispute events (``DISPUTE_COLUMNS``), so that two processes catching up at once
    never put back a dispute resolved, nor take away one opened."""
    newer = ("excluded.version >= {t}.version OR excluded.status = 'unreadable' OR "
             "{t}.status = 'unreadable'")
    later = "COALESCE(excluded.dispute_events, -1) >= COALESCE({t}.dispute_events, -1)"
    return ", ".join(
        f"{c} = CASE WHEN {later if c in DISPUTE_COLUMNS else newer} THEN excluded.{c} "
        f"ELSE {{t}}.{c} END" for c in COLUMNS if c not in ("id", "seq"))


def _like(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_").replace("|", "")


def _bars(values: Iterator[str] | Any) -> str:
    return "|" + "|".join(v.replace("|", "") for v in values) + "|"


def _uuid(value: Any) -> UUID:
    return value if isinstance(value, UUID) else UUID(str(value))


# --- the three databases -------------------------------------------------------------------


class _Db(ABC):
    """SQL over one connection kind: ``?`` placeholders, ``{t}`` the list table."""

    table = "duel_list"
    tracking = "duel_list_position"
    placeholder = "?"

    @abstractmethod
    def cursor(self, commit: bool) -> AbstractContextManager[Any]:
        """A cursor in a transaction, committed at the end when ``commit``."""

    def sql(self, text: str) -> str:
        text = text.replace("{t}", self.table).replace("{p}", self.tracking)
        return text.replace("?", self.placeholder) if self.placeholder != "?" else text

    def create(self) -> None:
        statements = [
            "CREATE TABLE IF NOT EXISTS {t} (id TEXT PRIMARY KEY, seq BIGINT, version BIGINT, "
            "ruleset TEXT, event TEXT, round TEXT, tbl TEXT, status TEXT, created TEXT, "
            "parent TEXT, players TEXT, fighters TEXT, summary TEXT, detail TEXT, fork TEXT, "
            "secret_from BIGINT, model INTEGER, last_at TEXT, ended TEXT, disputes TEXT, "
            "dispute_events INTEGER)",
            "CREATE TABLE IF NOT EXISTS {p} (one INTEGER PRIMARY KEY, position BIGINT)",
            "CREATE INDEX IF NOT EXISTS {t}_seq_idx ON {t} (seq, id)",
            *(f"CREATE INDEX IF NOT EXISTS {{t}}_{c}_idx ON {{t}} ({c}, seq)"
              for c in ("ruleset", "event", "round", "tbl", "status", "created", "parent")),
            *(f"CREATE INDEX IF NOT EXISTS {{t}}_{c}_lower_idx ON {{t}} (lower({c}), seq)"
              for c in ("event", "round", "tbl")),  # the labels' filters ignore case
        ]
        with self.cursor(commit=True) as c:
            for statement in statements:
                c.execute(self.sql(statement))
        self.add_columns()

    def columns(self) -> set[str]:
        """The list table's columns."""
        return {str(r[1]) for r in self.rows("PRAGMA table_info({t})", [])}

    def add_columns(self) -> None:
        """The columns a newer model added, to a table an older release made (two
        processes may add them at once: the loser finds them there)."""
        for name, kind in ADDED.items():
            if name in self.columns():
                continue
            try:
                with self.cursor(commit=True) as c:
                    c.execute(self.sql(f"ALTER TABLE {{t}} ADD COLUMN {name} {kind}"))
            except Exception:
                if name not in self.columns():
                    raise

    def position(self) -> int | None:
        rows = self.rows("SELECT position FROM {p} WHERE one = 1", [])
        return None if not rows else int(rows[0][0])

    def upsert(self, rows: list[dict], position: int | None) -> None:
        names = ", ".join(COLUMNS)
        marks = ", ".join("?" for _ in COLUMNS)
        statement = self.sql(
            f"INSERT INTO {{t}} ({names}) VALUES ({marks}) ON CONFLICT (id) DO UPDATE SET "
            f"{_updates()}, seq = COALESCE({{t}}.seq, excluded.seq)")
        with self.cursor(commit=True) as c:
            for row in rows:
                c.execute(statement, [row[k] for k in COLUMNS])
            if position is not None:
                c.execute(self.sql("INSERT INTO {p} (one, position) VALUES (1, ?) ON CONFLICT "
                                   "(one) DO UPDATE SET position = excluded.position WHERE "
                                   "excluded.position > {p}.position"), [position])

    def in_memory(self) -> _Memory:
        """A copy of this model (rows and position) in this process's memory."""
        copy = _Memory()
        copy.create()
        rows = self.rows(f"SELECT {', '.join(COLUMNS)} FROM {{t}}", [])
        copy.upsert([dict(zip(COLUMNS, row, strict=True)) for row in rows], self.position())
        return copy

    def rows(self, text: str, params: list) -> list[tuple]:
        with self.cursor(commit=False) as c:
            c.execute(self.sql(text), params)
            return [tuple(r.values()) if isinstance(r, dict) else tuple(r)
                    for r in c.fetchall()]

    def scalar(self, text: str, params: list) -> int:
        return int(self.rows(text, params)[0][0])


class _Sqlite(_Db):
    """The SQLite file of the store, through the library's datastore (its connections
    and, with several processes, its writers' queue)."""

    def __init__(self, datastore: Any) -> None:
        self.datastore = datastore

    def cursor(self, commit: bool) -> AbstractContextManager[Any]:
        return self.datastore.transaction(commit=commit)


class _Postgres(_Sqlite):
    """PostgreSQL through the library's datastore, in the store's schema."""

    placeholder = "%s"

    def __init__(self, datastore: Any) -> None:
        super().__init__(datastore)
        schema = getattr(datastore, "schema", "public")
        self.schema = schema
        self.table = f'"{schema}".battlecon_duel_list'
        self.tracking = f'"{schema}".battlecon_duel_list_position'

    def columns(self) -> set[str]:
        return {str(r[0]) for r in self.rows(
            "SELECT column_name FROM information_schema.columns WHERE table_schema = ? AND "
            "table_name = 'battlecon_duel_list'", [self.schema])}

    def sql(self, text: str) -> str:
        # An index is named without its schema (it lives in its table's).
        text = text.replace("{t}_", "battlecon_duel_list_")
        return super().sql(text)


class _Memory(_Db):
    def __init__(self) -> None:
        self.conn = sqlite3.connect(":memory:", check_same_thread=False)
        self.lock = threading.Lock()

    @contextmanager
    def cursor(self, commit: bool) -> Iterator[Any]:
        with self.lock:
            c = self.conn.cursor()
            try:
                yield c
                if commit:
                    self.conn.commit()
            except BaseException:
                self.conn.rollback()
                raise

