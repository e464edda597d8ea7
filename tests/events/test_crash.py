"""Crash safety: a writer process is killed (SIGKILL) in the middle of a stream of appends.

The writer (``WRITER`` below, run as its own process) keeps four duels going at once,
appending their decisions round robin with ``decide`` (one transaction per decision and
its facts), and imports a whole played duel (one transaction of hundreds of events)
every fourth duel; it prints each append once the store has acknowledged it. The test
kills it at a random moment, or, to be sure of hitting one, while it sits inside an open
transaction whose events are written but not committed. Then a fresh app reopens the
store and every stored duel must:

* load (``JudgeApp.record``), with its stored stream numbered and linked, its hash chain
  intact, and its facts replaying to the same state;
* re-judge exactly: judging the stored decisions again with the engine gives exactly the
  stored events, so each decision is there with all of its facts or not at all;
* hold everything the writer saw acknowledged (only the one transaction in flight at the
  kill may be stored without its acknowledgement, or, if uncommitted, be missing).
"""

from __future__ import annotations

import json
import random
import subprocess
import threading
import time
from pathlib import Path
from uuid import UUID

import pytest

from events.app import JudgeApp
from judge.battlecon import replay_facts
from judge.battlecon.notation import state_json
from tests.events.conftest import (
    PYTHON,
    check_chain,
    check_stored_stream,
    rejudge,
    subprocess_env,
)

WRITER = r'''
"""A scorekeeper who never stops: several duels at once, round robin, until killed."""
import json
import random
import sys
import time

from events.app import JudgeApp
from judge.battlecon import Duel
from judge.battlecon.playout import FIGHTERS, choose, play, record_setup

opts = dict(zip(sys.argv[1::2], sys.argv[2::2]))
app = JudgeApp(db=opts.get("--db"), database_url=opts.get("--url"))
seed = int(opts["--seed"])
pause_at = int(opts.get("--pause-at", "0"))


def say(**fields):
    sys.stdout.write(json.dumps(fields) + "\n")
    sys.stdout.flush()


if pause_at:
    # Sit inside the pause_at-th multi-event transaction, after its events are written
    # and before it commits, until killed.
    recorder = app.recorder
    if getattr(getattr(recorder, "datastore", None), "enable_db_functions", False):
        say(event="unhookable")
        sys.exit(0)
    name = ("_fetch_ids_after_insert_events"
            if hasattr(recorder, "_fetch_ids_after_insert_events") else "_insert_events")
    inner = getattr(recorder, name)
    seen = [0]

    def pausing(curs, stored_events, **kwargs):
        out = inner(curs, stored_events, **kwargs)
        if len(stored_events) > 1:
            seen[0] += 1
            if seen[0] == pause_at:
                first = stored_events[0]
                say(event="paused", duel=str(first.originator_id),
                    stored=first.originator_version - 2, count=len(stored_events))
                time.sleep(600)
        return out

    setattr(recorder, name, pausing)

live = {}
made = [0]


def start():
    made[0] += 1
    i = seed * 1000 + made[0]
    r = random.Random(i)
    f0, f1 = r.choice(FIGHTERS), r.choice(FIGHTERS)
    if made[0] % 4 == 0:  # a whole played duel, imported in one transaction
        duel = play(i, f0, f1, r.random() < 0.5)
        a = app.create_duel(duel.to_record(), actor="importer")
    else:
        setup = record_setup(f0, f1, r.random() < 0.5, r.random() < 0.3, r.randrange(2), r)
        a = app.create_duel(setup, actor="scorekeeper")
        live[a.duel_id] = [Duel.new(setup), r, a.version]
    say(event="created", duel=str(a.duel_id), version=a.version)


while True:
    while len(live) < 4:
        start()
    for duel_id in list(live):
        duel, r, version = live[duel_id]
        decision = choose(duel, r)
        duel.decide(decision)
        a = app.decide(duel_id, decision, expected=version, actor="scorekeeper")
        live[duel_id][2] = a.version
        say(event="decided", duel=str(duel_id), version=a.version)
        if duel.over:
            del live[duel_id]
'''


class Writer:
    """The writer process, its acknowledgements read as they come."""

    def __init__(self, store, seed: int, tmp_path: Path, pause_at: int = 0) -> None:
        script = tmp_path / "writer.py"
        script.write_text(WRITER, encoding="utf-8")
        self.stderr_path = tmp_path / f"writer-{seed}.err"
        self.stderr = self.stderr_path.open("w")
        argv = [PYTHON, str(script), *store.argv(), "--seed", str(seed)]
        if pause_at:
            argv += ["--pause-at", str(pause_at)]
        self.proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=self.stderr,
                                     stdin=subprocess.DEVNULL, env=subprocess_env(), text=True)
        self.lines: list[dict] = []
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        for line in self.proc.stdout:
            self.lines.append(json.loads(line))

    def wait_for(self, done, timeout: float = 90.0) -> None:
        deadline = time.monotonic() + timeout
        while not done(self.lines):
            if self.proc.poll() is not None:
                self._reader.join(timeout=5)
                if done(self.lines):
                    return
                pytest.fail(f"the writer stopped by itself (exit {self.proc.returncode}):\n"
                            + self.stderr_path.read_text())
            if time.monotonic() > deadline:
                self.kill()
                pytest.fail("the writer made too little progress:\n"
                            + self.stderr_path.read_text())
            time.sleep(0.002)

    def kill(self) -> None:
        self.proc.kill()  # SIGKILL: no cleanup, no rollback by the writer
        self.proc.wait(timeout=30)
        self._reader.join(timeout=10)
        self.proc.stdout.close()
        self.stderr.close()

    def decided(self) -> int:
        return sum(line["event"] == "decided" for line in self.lines)

    def acknowledged(self) -> dict[UUID, int]:
        """The last version the writer saw stored, per duel."""
        out: dict[UUID, int] = {}
        for line in self.lines:
            if line["event"] in ("created", "decided"):
                out[UUID(line["duel"])] = line["version"]
        return out


def verify_store(app: JudgeApp, acked: dict[UUID, int]) -> tuple[dict[UUID, int], list]:
    """Check every stored duel; return the stored versions and the unacknowledged ones."""
    stored: dict[UUID, int] = {}
    unacknowledged = []
    for duel_id in app.duel_ids():
        agg = app.record(duel_id)
        check_stored_stream(app, duel_id)
        check_chain(agg)
        judged = rejudge(agg)  # each decision wholly present with its facts, or absent
        replayed = replay_facts(agg.setup, agg.duel.facts)
        assert state_json(replayed, None) == state_json(judged.state, None)
        assert agg.duel.to_json() == judged.to_json()
        stored[duel_id] = agg.events_count
        if duel_id not in acked:
            unacknowledged.append(duel_id)
        else:
            assert agg.events_count >= acked[duel_id], "an acknowledged decision was lost"
            if agg.events_count > acked[duel_id]:
                unacknowledged.append(duel_id)
    assert set(acked) <= set(stored), "an acknowledged duel was lost"
    return stored, unacknowledged


def test_a_writer_killed_at_random_moments_leaves_a_sound_store(store, tmp_path):
    rng = random.Random(31337)
    acked: dict[UUID, int] = {}
    total = 0
    for round_ in range(3):
        # A writer runs for a while on the store; it is killed at a random moment.
        writer = Writer(store, seed=100 + round_, tmp_path=tmp_path)
        target = rng.randrange(40, 160)
        writer.wait_for(lambda lines, target=target: sum(
            line["event"] == "decided" for line in lines) >= target)
        time.sleep(rng.uniform(0, 0.03))
        writer.kill()
        total += writer.decided()
        acked.update(writer.acknowledged())

        # The store reopens: every duel loads, replays and re-judges; nothing acknowledged
        # is lost; at most the one transaction in flight was stored unacknowledged.
        stored, unacknowledged = verify_store(store.app(), acked)
        assert len(unacknowledged) <= 1, unacknowledged
        acked = stored  # what is stored now is the next round's baseline
    assert total >= 120 and len(acked) >= 12


def test_a_writer_killed_inside_a_transaction_stores_none_of_it(store, tmp_path):
    before = store.app()
    for pause_at in (9, 23):
        # The writer is stopped inside a transaction: its events are written, not committed.
        writer = Writer(store, seed=200 + pause_at, tmp_path=tmp_path, pause_at=pause_at)
        writer.wait_for(lambda lines: any(line["event"] in ("paused", "unhookable")
                                          for line in lines))
        if writer.lines[-1]["event"] == "unhookable":
            writer.kill()
            pytest.skip("the store writes through database functions: no transaction to "
                        "stop in")
        paused = writer.lines[-1]
        acked = {**{d: before.record(d).events_count for d in before.duel_ids()},
                 **writer.acknowledged()}
        writer.kill()
        duel_id = UUID(paused["duel"])

        # None of that transaction is stored; everything else is sound and acknowledged.
        app = store.app()
        stored, unacknowledged = verify_store(app, acked)
        assert unacknowledged == []
        if paused["stored"] < 0:  # it was creating a duel: the duel does not exist
            assert duel_id not in stored
            continue
        assert stored[duel_id] == paused["stored"] == acked[duel_id]

        # The store is not wedged: the same decision can be recorded now, at that version.
        agg = app.record(duel_id)
        if not agg.duel.over:
            t0 = time.monotonic()
            step = app.decide(duel_id, agg.duel.prompt["options"][0],
                              expected=paused["stored"])
            assert step.events[0]["event"] == paused["stored"] + 1
            assert time.monotonic() - t0 < 15
            rejudge(store.app().record(duel_id))
