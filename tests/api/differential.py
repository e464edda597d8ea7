"""The hidden-information differential (issue 27, items 1-3): two duels that differ only in
one hidden choice must look the same, byte for byte, to every reader who may not see it.

Two *twin worlds* are built: each its own in-memory store and app (with the viewer's pages
installed, as ``judge serve`` does), made by the same requests in the same order, except
that one hidden choice differs. Nothing is normalised: both worlds draw duel ids from the
same seeded sequence, read one frozen clock and sign with one key, so every value that
could differ for a reason other than the secret (ids, created times, a decision's ``by.at``,
dispute ids, hashes, log signatures) is equal by construction. Any difference a reader can
observe, in a body, a status, an ETag or another header, is therefore the secret leaking.

A case (``Case``) is a seeded random playout of two fighters and one secret decision in it
(a face-down pair, a Clash base, Seth's guess) with the alternative laid in the twin. Each
player has their own scorekeeper (``keeper-0``, ``keeper-1``); the readers compared are
anonymous and the scorekeeper of the *other* player. The decisions since the last reveal
are sent live, each by its player's scorekeeper, then the secret, then the decisions that
follow it until the next would reveal it: after each, every read path is compared
(``read_paths``), and the other scorekeeper's own answers (a legal decision's events, an
illegal decision's refusal, a retraction or fork it may not make) must match too. At the
end a judge forks the duel (the fork point moves before the secret), the scorekeepers play
the fork on to its Reveal, a judge opens a dispute, and the fork, the dispute, the list
and the variations are compared as well.
"""

from __future__ import annotations

import datetime
import json
import random
import uuid
from dataclasses import dataclass, field
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from api.app import create_app
from api.auth import create_token
from events.app import JudgeApp
from judge import registry
from judge.battlecon.playout import play
from tests.api.conftest import FIXTURE_RULINGS, bearer

READERS = ("anonymous", "other")
HEADERS = ("ETag", "X-Withheld-From", "Location", "Content-Type", "Retry-After")
FROZEN = datetime.datetime(2026, 1, 2, 3, 4, 5, 678901, tzinfo=datetime.UTC)
FLOOR_EVENT = "differential"  # the duels' event label: the floor, results and disputes

# Every GET route taking a duel's (or a dispute's) id that the differential reads; a new
# one must be added here, and to ``read_paths`` (tests check the app's url_map against it).
COVERED_ROUTES = frozenset({
    "/api/duels/<uuid:duel_id>", "/api/duels/<uuid:duel_id>/prompt",
    "/api/duels/<uuid:duel_id>/state", "/api/duels/<uuid:duel_id>/events",
    "/api/duels/<uuid:duel_id>/record", "/api/duels/<uuid:duel_id>/log",
    "/api/duels/<uuid:duel_id>/narrative", "/api/duels/<uuid:duel_id>/index",
    "/api/duels/<uuid:duel_id>/retractions", "/api/duels/<uuid:duel_id>/variations",
    "/api/duels/<uuid:duel_id>/correctable", "/api/duels/<uuid:duel_id>/annotations",
    "/api/duels/<uuid:duel_id>/disputes", "/api/disputes/<uuid:dispute_id>",
    "/api/duels/<uuid:duel_id>/fork-points",
    "/duels/<uuid:duel_id>", "/duels/<uuid:duel_id>/console",
    "/api/duels/<uuid:duel_id>/states", "/api/duels/<uuid:duel_id>/stream",
    "/api/duels/<uuid:duel_id>/analysis", "/api/duels/<uuid:duel_id>/position",
})


@dataclass(frozen=True)
class Case:
    """One secret decision of a seeded playout, and the alternative the twin lays."""

    seed: int
    fighters: tuple[str, str]
    index: int  # of the secret decision in the playout's record
    other: dict  # the alternative decision

    def __str__(self) -> str:
        d = self.decisions[self.index]
        return (f"{self.fighters[0]}-{self.fighters[1]}/seed {self.seed}/decision "
                f"{self.index} {_short(d)} vs {_short(self.other)}")

    @property
    def record(self) -> dict:
        return played(self.seed, *self.fighters)

    @property
    def decisions(self) -> list[dict]:
        return self.record["decisions"]


def _short(d: dict) -> str:
    return "/".join(str(d[k]) for k in ("player", "kind", "style", "base") if k in d)


_PLAYED: dict[tuple, str] = {}


def played(seed: int, f0: str, f1: str) -> dict:
    """The record of a seeded random playout (a fresh copy each call)."""
    key = (seed, f0, f1)
    if key not in _PLAYED:
        _PLAYED[key] = json.dumps(play(seed, f0, f1, rulings=FIXTURE_RULINGS).to_record())
    return json.loads(_PLAYED[key])


# --- finding cases ----------------------------------------------------------------------


def secret_points(record: dict) -> list[tuple[int, list[dict]]]:
    """Each secret decision of ``record`` (its index) with the other choices its player
    had there, as the prompt listed them (same kind, same player)."""
    rules = registry.of_setup(record)
    duel = registry.from_record({**record, "decisions": []})
    out = []
    for i, d in enumerate(record["decisions"]):
        if rules.is_secret(d):
            options = [o for o in (duel.prompt or {}).get("options", [])
                       if o.get("kind") == d["kind"] and o.get("player") == d.get("player")
                       and o != d]
            out.append((i, options))
        duel.decide(d)
    return out


def alternatives(chosen: dict, options: list[dict]) -> dict[str, dict]:
    """A few alternatives to ``chosen`` by what they change: the base only, the style only,
    a Special Action instead (or an ordinary pair instead of one), any other (a Clash base,
    a guess)."""
    style = chosen.get("style")
    special = style == "special-action"
    picks: dict[str, dict] = {}
    for o in options:
        same_style = o.get("style") == style
        kind = "other" if style is None else \
            "base" if same_style else \
            "special" if (o.get("style") == "special-action") != special else \
            "style" if o.get("base") == chosen.get("base") else None
        if kind is not None:
            picks.setdefault(kind, o)
    return picks


def cases_for(fighters: tuple[str, str], seed: int, per_kind: int = 1) -> list[Case]:
    """Cases from one playout: for each kind of secret decision (``kind`` of the
    decision: a pair, a Clash base, a guess), its first ``per_kind`` occurrences per
    player, each with one alternative of every sort ``alternatives`` finds."""
    record = played(seed, *fighters)
    seen: dict[tuple, int] = {}
    out = []
    for i, options in secret_points(record):
        d = record["decisions"][i]
        key = (d["kind"], d.get("player"))
        seen[key] = seen.get(key, 0) + 1
        if seen[key] > per_kind:
            continue
        out += [Case(seed, fighters, i, alt) for alt in alternatives(d, options).values()
                if stays_hidden(record, i, alt)]
    return out


def stays_hidden(record: dict, index: int, other: dict) -> bool:
    """Whether the secret decision ``index`` stays face down after it is made, as it is
    and as ``other``: not when it completes the choices and the reveal follows at once
    (nobody has anything to ante), since then there is nothing left to hide."""
    rules = registry.of_setup(record)
    for chosen in (record["decisions"][index], other):
        duel = registry.from_record({**record, "decisions": record["decisions"][:index]})
        if any(rules.is_reveal(f) for f in duel.decide(chosen)) or duel.over:
            return False
    return True


# --- twin worlds ------------------------------------------------------------------------


@dataclass
class World:
    """One store and app; its duels get ids from its own seeded sequence."""

    store: JudgeApp
    client: Any
    tokens: dict[str, str | None]
    ids: random.Random = field(default_factory=lambda: random.Random(27))

    def get(self, path: str, reader: str) -> tuple:
        return answer(self.client.get(path, headers=bearer(self.tokens[reader])))

    def post(self, path: str, reader: str, body: Any, **headers: str) -> tuple:
        resp = self.client.post(path, json=body,
                                headers={**bearer(self.tokens[reader]), **headers})
        return answer(resp)


def answer(resp) -> tuple:
    """What a reader gets: status, the headers that can carry information, the body."""
    return (resp.status_code, {h: resp.headers.get(h) for h in HEADERS if h in resp.headers},
            resp.get_data(as_text=True))


ACTIVE: list[World] = []


def _uuid4() -> uuid.UUID:
    return uuid.UUID(int=ACTIVE[-1].ids.getrandbits(128), version=4)


def freeze(monkeypatch) -> None:
    """Duel ids from the active world's sequence; one clock for everything stored."""
    import eventsourcing.domain

    import events.app
    import events.clock
    import events.domain

    monkeypatch.setattr(events.domain, "uuid4", _uuid4)
    monkeypatch.setattr(events.clock, "now_iso", lambda: FROZEN.isoformat())  # seals
    monkeypatch.setattr(events.domain, "now_iso", lambda: FROZEN.isoformat())
    monkeypatch.setattr(events.app, "now_iso", lambda: FROZEN.isoformat())
    monkeypatch.setattr(events.app, "_now", lambda: "0")
    monkeypatch.setattr(eventsourcing.domain, "datetime_now_with_tzinfo", lambda: FROZEN)


def twins(key: Ed25519PrivateKey, stores: tuple[JudgeApp, JudgeApp] | None = None
          ) -> tuple[World, World]:
    """Two empty worlds signing with one key, each with a scorekeeper per player; on two
    new in-memory stores, or on ``stores`` (two empty stores of one kind)."""
    from viewer import install

    out = []
    for store in stores or (JudgeApp(db=":memory:"), JudgeApp(db=":memory:")):
        store._key = key  # noqa: SLF001 - one service key for both twins (see the module doc)
        app = install(create_app({"STORE": store, "TESTING": True}))
        tokens: dict[str, str | None] = {
            "keeper-0": create_token(store, "scorekeeper", "keeper-0"),
            "keeper-1": create_token(store, "scorekeeper", "keeper-1"),
            "judge": create_token(store, "judge", "judge-jo"),
            "anonymous": None}
        out.append(World(store, app.test_client(), tokens))
    return out[0], out[1]


class Leak(AssertionError):
    """A reader saw a difference between the twins."""


@dataclass
class Differential:
    """One case run on twin worlds: ``a`` lays the playout's choice, ``b`` the other."""

    case: Case
    a: World
    b: World
    secret_player: int = 0
    duel: str = ""
    compared: int = 0  # answers compared
    checkpoints: int = 0
    read: set[str] = field(default_factory=set)  # every path a reader was compared on

    def both(self, act) -> tuple[Any, Any]:
        """``act(world)`` in each world, with that world's id sequence active."""
        out = []
        for w in (self.a, self.b):
            ACTIVE.append(w)
            try:
                out.append(act(w))
            finally:
                ACTIVE.pop()
        return out[0], out[1]

    def same(self, what: str, act, reader: str) -> Any:
        """``act`` in both worlds must give the reader the same answer."""
        one, two = self.both(act)
        self.compared += 1
        if one != two:
            raise Leak(f"{self.case}: {reader} sees a difference in {what}:\n"
                       f"{first_difference_text(one, two)}")
        return one

    def other(self) -> str:
        return f"keeper-{1 - self.secret_player}"

    def reader_token(self, reader: str) -> str:
        return self.other() if reader == "other" else "anonymous"

    # --- the run ----------------------------------------------------------------------

    def run(self, follow: int = 6) -> Differential:
        """The whole case: the window before the secret, the secret, what follows it
        until the reveal (at most ``follow`` decisions), then a fork and a dispute."""
        decisions = self.case.decisions
        secret = decisions[self.case.index]
        self.secret_player = secret["player"]
        start = window_start(self.case.record, self.case.index)
        self._create(start)
        for d in decisions[start:self.case.index]:
            self._decide_live(d)
        self.both(lambda w: self._send(w, secret if w is self.a else self.case.other))
        self._the_choice_matters()
        self.checkpoint()
        self.refusals()
        for d in following(self.case, follow):
            self._decide_live(d)
            self.checkpoint()
        self.fork_and_dispute()
        return self

    def _create(self, start: int) -> None:
        record = {**self.case.record, "decisions": self.case.decisions[:start],
                  "event": FLOOR_EVENT}  # an event's duel: on the judges' floor too
        made = self.same("the import", lambda w: w.post("/api/duels", "keeper-0", record),
                         "keeper-0")
        assert made[0] == 201, made
        self.duel = json.loads(made[2])["id"]

    def _send(self, w: World, d: dict, check: bool = True) -> tuple:
        keeper = f"keeper-{d.get('player', 0)}"
        got = w.post(f"{self.base}/decisions", keeper, d, **{"If-Match": self._version(w)})
        assert got[0] == 201 or not check, (str(self.case), d, got)
        return got

    def _decide_live(self, d: dict) -> None:
        """A decision of the window, by its player's scorekeeper; the other player's
        scorekeeper's answers (events and all) must not differ."""
        if d.get("player") == self.secret_player:
            self.both(lambda w: self._send(w, d))
        else:
            got = self.same(f"the answer to its own decision {d}",
                            lambda w: self._send(w, d, check=False), "other")
            assert got[0] == 201, (str(self.case), d, got)

    def _version(self, w: World) -> str:
        return w.client.get(self.base).headers["ETag"]

    @property
    def base(self) -> str:
        return f"/api/duels/{self.duel}"

    def _the_choice_matters(self) -> None:
        """The twins do differ, for a judge: else the comparison would prove nothing."""
        one, two = self.both(lambda w: w.get(f"{self.base}/events?after=0&limit=1000",
                                              "judge"))
        assert one != two, f"{self.case}: a judge sees no difference between the choices"

    def play_to_reveal(self, fork: str, limit: int = 12) -> None:
        """The scorekeepers play the fork on with the playout's decisions until the next
        reveal: a fork that had copied the face-down choice (item 2) would show it now."""
        base = f"/api/duels/{fork}"
        standing = json.loads(self.a.get(f"{base}/record", "judge")[2])["decisions"]
        for d in self.case.decisions[len(standing):len(standing) + limit]:
            keeper = f"keeper-{d.get('player', 0)}"
            one, _ = self.both(lambda w, d=d, k=keeper: w.post(
                f"{base}/decisions", k, d, **{"If-Match": w.client.get(base).headers["ETag"]}))
            if one[0] != 201 or _revealed(one):
                return

    # --- comparing ----------------------------------------------------------------------

    def checkpoint(self, extra: tuple[str, ...] = ()) -> None:
        """Every read path, for every reader who may not see the secret."""
        self.checkpoints += 1
        for reader in READERS:
            who = self.reader_token(reader)
            for path in (*self.read_paths(self.duel, who), *extra):
                self.same_get(path, who, reader)

    def same_get(self, path: str, who: str, reader: str) -> None:
        self.read.add(path.split("?")[0])
        self.same(f"GET {path}", lambda w: w.get(path, who), reader)

    def read_paths(self, duel: str, who: str, listing: bool = True) -> list[str]:
        """Every GET of ``duel`` (``COVERED_ROUTES``), with the states at each event of
        the last few and at every step of the current beat, and the duel list."""
        base = f"/api/duels/{duel}"
        status, _, body = self.a.get(f"{base}/index", who)
        index = json.loads(body) if status == 200 else []
        total = int(self.a.client.get(base).headers["ETag"].strip('"'))
        beat = index[-1]["beat"] if index else 1
        steps = ("select", "ante", "reveal", "start_of_beat", "active_attack",
                 "reactive_attack", "end_of_beat", "recycle")
        paths = [base, f"{base}/prompt", f"{base}/state", f"{base}/index",
                 f"{base}/events", f"{base}/events?after={max(0, total - 6)}&limit=3",
                 *(f"{base}/events?after={n}&limit=1000" for n in range(0, total, 1000)),
                 f"{base}/record", f"{base}/log", f"{base}/narrative",
                 f"{base}/retractions", f"{base}/variations", f"{base}/correctable",
                 f"{base}/annotations", f"{base}/disputes", f"{base}/fork-points",
                 f"/duels/{duel}", f"/duels/{duel}/console",
                 f"{base}/state?at=0", f"{base}/state?at={total + 1}",
                 *(f"{base}/state?at={n}" for n in range(max(1, total - 8), total + 1)),
                 *(f"{base}/state?beat={beat}&step={s}" for s in steps),
                 f"{base}/states", f"{base}/states?from={max(0, total - 8)}&to={total}",
                 f"{base}/stream", f"{base}/analysis?beat={beat}",
                 f"{base}/analysis?at={total}", f"{base}/analysis",
                 *(f"{base}/position?at={e['event']}" for e in index[-9:]
                   if e.get("step") == "select"), f"{base}/position?at={total}"]
        if listing:
            paths += ["/api/duels", "/api/duels?fork_points=true",
                      f"/api/duels?fork_points=true&parent={duel}",
                      "/api/duels?order=newest&status=in_progress&fork_points=true",
                      f"/api/floor?event={FLOOR_EVENT}",
                      f"/api/floor?event={FLOOR_EVENT}&quiet=1",
                      f"/api/results.csv?event={FLOOR_EVENT}",
                      f"/api/disputes?event={FLOOR_EVENT}"]
        return paths

    def refusals(self) -> None:
        """What each reader is refused, and why, is the same in both duels: the secret
        decision (as either twin laid it) sent again, a pair of cards nobody holds, a
        stale version, a retraction and a fork they may not make."""
        p, q = self.secret_player, 1 - self.secret_player
        secret = self.case.decisions[self.case.index]
        bodies = [secret, self.case.other,
                  {"player": q, "kind": secret["kind"], "style": "nope", "base": "nope"},
                  {"player": p, "kind": "pass"}]
        for reader in READERS:
            who = self.reader_token(reader)
            for body in bodies:
                self.same(f"the refusal of {body}", lambda w, b=body, t=who: w.post(
                    f"{self.base}/decisions", t, b, **{"If-Match": self._version(w)}), reader)
            self.same("a stale version", lambda w, t=who: w.post(
                f"{self.base}/decisions", t, secret, **{"If-Match": '"1"'}), reader)
            self.same("a retraction", lambda w, t=who: w.post(
                f"{self.base}/retractions", t, {}, **{"If-Match": self._version(w)}), reader)
            self.same("a fork", lambda w, t=who: w.post(f"{self.base}/forks", t, {"at": 0}),
                      reader)

    def fork_and_dispute(self) -> None:
        """A judge forks the duel now (the fork point moves before the secret) and opens a
        dispute on its latest event; the fork, the dispute, the parent's variations and
        the list are compared for every reader."""
        total = int(self._version(self.a).strip('"'))
        one, _ = self.both(lambda w: w.post(f"{self.base}/forks", "judge", {"at": total}))
        assert one[0] == 201, one
        fork = json.loads(one[2])["id"]
        opened, _ = self.both(lambda w: w.post(f"{self.base}/disputes", "judge",
                                               {"at": total, "claim": "Is this right?"}))
        assert opened[0] == 201, opened
        self.both(lambda w: w.post(f"{self.base}/annotations", "judge",
                                   {"at": total, "text": "Look here.", "tags": ["question"]}))
        dispute = json.loads(opened[2])["id"]
        self.play_to_reveal(fork)
        for reader in READERS:
            who = self.reader_token(reader)
            extra = [*self.read_paths(fork, who, listing=False), f"/api/disputes/{dispute}"]
            for path in extra:
                self.same_get(path, who, reader)
        self.checkpoint()


def _revealed(answer: tuple) -> bool:
    return answer[0] == 201 and any(r["type"] in ("PairsRevealed", "ClashBasesRevealed")
                                    for r in json.loads(answer[2])["events"])


def window_start(record: dict, index: int) -> int:
    """The first decision after the last reveal before decision ``index`` (0: none): the
    decisions from there on are sent live, each by its player's scorekeeper."""
    rules = registry.of_setup(record)
    duel = registry.from_record({**record, "decisions": []})
    start = 0
    for i, d in enumerate(record["decisions"][:index]):
        if any(rules.is_reveal(f) for f in duel.decide(d)):
            start = i + 1
    return start


def following(case: Case, limit: int) -> list[dict]:
    """The playout's decisions after the secret that both twins may still take without
    revealing it (nor ending the duel): at most ``limit``. A decision of the secret's
    player illegal in either twin stops the list; one of the other player's is kept (its
    refusal in one twin only would be a leak, and the comparison says so)."""
    record, rules = case.record, registry.of_setup(case.record)
    twins_ = []
    for chosen in (case.decisions[case.index], case.other):
        duel = registry.from_record({**record, "decisions": case.decisions[:case.index]})
        duel.decide(chosen)
        twins_.append(duel)
    player = case.decisions[case.index]["player"]
    out: list[dict] = []
    for d in case.decisions[case.index + 1:case.index + 1 + limit]:
        facts = []
        for duel in twins_:
            try:
                facts.append(duel.decide(d))
            except Exception:  # illegal in this twin: the engine changed nothing
                facts.append(None)
        if any(f is None for f in facts) and d.get("player") == player:
            break
        if any(f is not None and (any(rules.is_reveal(x) for x in f)) for f in facts) or \
                any(duel.over for duel in twins_):
            break
        out.append(d)
        if any(f is None for f in facts):
            break  # the comparison of the other player's answers fails here
    return out


def first_difference_text(one: tuple, two: tuple) -> str:
    """The first place two answers differ, short enough to read in a failure."""
    if one[:2] != two[:2]:
        return f"status/headers {one[:2]} != {two[:2]}"
    a, b = one[2], two[2]
    n = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))
    return f"body from character {n}:\n  {a[max(0, n - 200):n + 200]!r}\n  " \
           f"{b[max(0, n - 200):n + 200]!r}"
