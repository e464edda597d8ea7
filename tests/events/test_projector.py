"""The projector equals the engine at every event of 300 random duels, on each store.

Each duel is a seeded random playout (``judge.battlecon.playout``: every fighter pair, Special
Actions on and off, Ante Finishers on every third). Most are stored whole with
``create_duel``; every tenth is stored decision by decision through ``decide`` (with
``expected`` versions), following the prompts with ``judge.battlecon.playout.choose``, and every
thirtieth also takes a judge correction mid-duel. Then at every event n the projector's
state must be the engine's own state after n events with the prompt then:
``state_json(duel.state_at(n), duel.need_at(n))`` plus ``"event": n``, where ``duel`` is
an in-memory ``judge.Duel`` fed the same decisions. It is checked

* on a fresh JudgeApp that never saw the duel (cold: rebuilt from the stored events and
  the library's snapshots), for every duel;
* on the writer's own JudgeApp (warm: the aggregate that judged the decisions live),
  for the duels stored decision by decision, also after every single decision.

Every event is asked through ``Projector.state_at(id, n)`` on SQLite, and on PostgreSQL for
the duels stored decision by decision. ``state_at`` first asks the store for newer events
(a round trip of about a millisecond on PostgreSQL), then answers from the duel's
timeline; so for the other duels on PostgreSQL every event is read from the projector's
timeline of the stored duel (``Projector.timeline(id).state_json(n)``, what ``state_at``
answers from) and ``state_at`` itself is asked at every decision point (where the duel
waited, with its prompt), which keeps the 300 PostgreSQL duels to about a minute of CPU.

The index of beats and steps is checked on every duel too.
"""

from __future__ import annotations

import random

import pytest

from events.app import JudgeApp
from events.projector import Projector
from judge.battlecon import Duel
from judge.battlecon.duel import initial_state
from judge.battlecon.facts import BeatBegan, StepBegan
from judge.battlecon.notation import state_json
from judge.battlecon.playout import choose, play, record_setup
from tests.events.conftest import (
    first_difference,
    spec,
    state_with_prompt,
)

N_DUELS = 300
CHUNK = 25  # duels per test case, so the cases spread over the xdist workers
DECIDED_EVERY = 10  # every tenth duel is stored decision by decision
CORRECTED_EVERY = 30  # and every thirtieth takes a judge correction on the way
SAMPLE_EVERY = 37  # events where the expected JSON is also rebuilt by duel.state_at(n)

# The order of a beat's steps; a Clash repeats "reveal", a finished duel cuts a beat short.
STEP_ORDER = ["select", "ante", "reveal", "start_of_beat", "active_attack",
              "reactive_attack", "end_of_beat", "recycle", "after_recycle"]


def store_decision_by_decision(app: JudgeApp, i: int) -> tuple[object, Duel]:
    """Create duel i empty, then append each decision with ``expected``; check as we go."""
    seed, f0, f1, sa, af = spec(i)
    rng = random.Random(seed)  # the same draws as judge.battlecon.playout.play(seed, ...)
    setup = record_setup(f0, f1, sa, af, rng.randrange(2), rng)
    duel = Duel.new(setup)
    appended = app.create_duel(setup, labels={"duel": str(i)}, actor="scorekeeper")
    assert appended.version == len(duel.events)
    duel_id, version = appended.duel_id, appended.version
    warm = Projector(app)
    decisions = 0
    while not duel.over:
        if i % CORRECTED_EVERY == 0 and decisions == 12:
            life = duel.state.players[1].life
            change = {"1": {"life": max(1, life - 3)}}
            before = len(duel.events)
            duel.correct(change, rule="R14.1", text="Damage was miscounted.")
            appended = app.correct(duel_id, change, rule="R14.1", text="Damage was miscounted.",
                                   actor="head judge", expected=version)
        else:
            decision = choose(duel, rng)
            before = len(duel.events)
            duel.decide(decision)
            appended = app.decide(duel_id, decision, expected=version, key=f"{i}:{decisions}",
                                  actor="scorekeeper")
        decisions += 1
        # The stored step is exactly the engine's: the new version, the new events.
        assert appended.version == len(duel.events)
        assert [e["event"] for e in appended.events] == list(range(before + 1,
                                                                   len(duel.events) + 1))
        version = appended.version
        # The projector follows the live duel: "now" is the engine's state and prompt.
        now = warm.state_at(duel_id)
        want = duel.to_json() | {"event": len(duel.events)}
        assert now == want, f"duel {i} after decision {decisions}: {first_difference(now, want)}"
    return duel_id, duel


def expected_states(duel: Duel):
    """(n, state JSON with prompt) for n = 0 .. len(events), and the index of steps.

    The same as ``state_with_prompt(duel, n)`` for each n (the engine's ``state_at`` replays
    the facts from the setup), computed in one pass; a sample of events is rebuilt with
    ``duel.state_at(n)`` itself to make sure.
    """
    s = initial_state(duel.setup)
    index = []
    states = []
    for n in range(len(duel.events) + 1):
        if n:
            kind, e = duel.events[n - 1]
            if kind == "fact":
                e.run(s)
                if isinstance(e, BeatBegan):
                    index.append({"beat": e.beat, "beats_played": e.seq, "step": "select",
                                  "event": n})
                elif isinstance(e, StepBegan):
                    index.append({"beat": s.beat, "beats_played": s.seq, "step": e.step,
                                  "event": n})
        want = state_json(s, duel.need_at(n, s))
        want["event"] = n
        if n % SAMPLE_EVERY == 0 or n == len(duel.events):
            assert want == state_with_prompt(duel, n)
        states.append(want)
    return states, index


def check_every_event(projector: Projector, duel_id, duel: Duel, label: str,
                      states: list[dict], every_call: bool = True) -> None:
    """The projector's state at every event n is ``states[n]``.

    ``every_call``: ask ``state_at`` for every n. Otherwise ask ``state_at`` at the decision
    points and the ends, then the duel's timeline (which ``state_at`` answers from) for
    every n.
    """
    last = len(duel.events)
    asked = [n for n in range(last + 1) if every_call or n % 10 == 0 or n == last
             or duel.events[n][0] == "decision"]
    for n in asked:
        got = projector.state_at(duel_id, n)
        assert got == states[n], f"{label}, event {n}: {first_difference(got, states[n])}"
    if not every_call:
        timeline = projector.timeline(duel_id)
        assert timeline.length == last
        for n, want in enumerate(states):
            got = timeline.state_json(n)
            assert got == want, f"{label}, event {n}: {first_difference(got, want)}"
    with pytest.raises(IndexError):
        projector.state_at(duel_id, last + 1)


def check_index(projector: Projector, duel_id, duel: Duel, want: list[dict],
                states: list[dict], label: str) -> None:
    """``index`` lists every beat's steps in order, each at the fact that begins it.

    ``states`` are the states already checked against the projector at every event; the
    lookups by step (each a store round trip) are checked for the first two and the last
    beat.
    """
    got = projector.index(duel_id)
    assert got == want, f"{label}: index {first_difference(got, want)}"
    # Events strictly increase; beats are played one after another, each from "select".
    assert [e["event"] for e in got] == sorted({e["event"] for e in got})
    beats: dict[int, list[dict]] = {}
    for entry in got:
        beats.setdefault(entry["beats_played"], []).append(entry)
    assert list(beats) == list(range(1, len(beats) + 1)), label
    for played, steps in beats.items():
        names = [e["step"] for e in steps]
        assert names[0] == "select", f"{label}, beat #{played}: {names}"
        assert len({e["beat"] for e in steps}) == 1, f"{label}, beat #{played}"
        ranks = [STEP_ORDER.index(name) for name in names]
        for a, b, name in zip(ranks, ranks[1:], names[1:], strict=False):
            assert a < b or (a == b and name == "reveal"), (
                f"{label}, beat #{played}: steps out of order {names}")
        for entry in steps:
            # The step's event is the fact that begins it, and the state there is in it.
            n = entry["event"]
            kind, fact = duel.events[n - 1]
            assert kind == "fact" and isinstance(fact, BeatBegan | StepBegan)
            assert (states[n]["beat"], states[n]["beats_played"]) == (entry["beat"], played)
        if played in (1, 2, len(beats)):
            for entry in steps:
                first = min(e["event"] for e in steps if e["step"] == entry["step"])
                assert projector.event_at_step(duel_id, entry["beat"], entry["step"],
                                               beats_played=played) == first, label
    # Without beats_played, a (beat, step) is its first occurrence.
    first = beats[1][0]
    assert projector.state_at_step(duel_id, first["beat"], "select") == states[first["event"]]
    with pytest.raises(IndexError):
        projector.event_at_step(duel_id, 99, "select")


_PLAYED: dict[int, tuple[Duel, list[dict], list[dict]]] = {}


def played(i: int) -> tuple[Duel, list[dict], list[dict]]:
    """Duel i played out, with its expected states and index; kept for the other store."""
    if i not in _PLAYED:
        if len(_PLAYED) >= 2 * CHUNK:
            _PLAYED.clear()
        duel = play(*spec(i))
        _PLAYED[i] = (duel, *expected_states(duel))
    return _PLAYED[i]


# Chunk by chunk, SQLite then PostgreSQL, so that a worker can reuse the played duels.
@pytest.mark.parametrize(("chunk", "store"), [(chunk, kind) for chunk in range(N_DUELS // CHUNK)
                                              for kind in ("sqlite", "postgres")],
                         indirect=["store"])
def test_projector_equals_the_engine_at_every_event(chunk, store):
    writer = store.app()
    stored = []  # (duel index, duel id, in-memory duel, states, index, decision by decision?)
    for i in range(chunk * CHUNK, (chunk + 1) * CHUNK):
        if i % DECIDED_EVERY == 0:
            duel_id, duel = store_decision_by_decision(writer, i)
            stored.append((i, duel_id, duel, *expected_states(duel), True))
        else:
            duel, states, index = played(i)
            appended = writer.create_duel(duel.to_record(), labels={"duel": str(i)})
            assert appended.version == len(duel.events)
            stored.append((i, appended.duel_id, duel, states, index, False))
    assert writer.duel_ids() == [entry[1] for entry in stored]

    warm = Projector(writer)
    cold = Projector(store.app())  # a fresh app on the same store: nothing cached
    for i, duel_id, duel, states, index, decided in stored:
        label = f"duel {i} {spec(i)} on {store.kind}"
        every_call = store.kind != "postgres" or decided
        check_every_event(cold, duel_id, duel, f"{label} (cold)", states, every_call)
        if decided:
            check_every_event(warm, duel_id, duel, f"{label} (warm)", states,
                              store.kind != "postgres")
        check_index(cold, duel_id, duel, index, states, label)


def test_the_projector_sees_events_appended_by_another_app(store):
    """A projector over one app follows a duel another app (another scorekeeper) extends."""
    seed, f0, f1, sa, af = spec(5)
    rng = random.Random(seed)
    duel = Duel.new(record_setup(f0, f1, sa, af, rng.randrange(2), rng))
    writer, reader = store.app(), store.app()
    duel_id = writer.create_duel(duel.to_record()).duel_id
    projector = Projector(reader)
    seen = [projector.state_at(duel_id)]
    for _ in range(15):
        decision = choose(duel, rng)
        duel.decide(decision)
        writer.decide(duel_id, decision)
        now = projector.state_at(duel_id)
        assert now == duel.to_json() | {"event": len(duel.events)}
        seen.append(now)
    # Earlier answers are unchanged by later events.
    for state in seen:
        assert projector.state_at(duel_id, state["event"]) == state_with_prompt(
            duel, state["event"])
