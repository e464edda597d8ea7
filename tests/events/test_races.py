"""Two scorekeepers racing on one duel, and retried submissions.

Each race: two threads, each with its own JudgeApp on the same store (as two service
instances would be), both look at the duel, wait at a barrier, then both submit a
decision at the version they saw (``expected``). Exactly one is stored; the other gets
a VersionConflictError naming the version the winner made; nothing is lost or stored
twice, and the final streams re-judge to themselves.
"""

from __future__ import annotations

import random
import threading

import pytest
from eventsourcing.persistence import IntegrityError

from events.app import Appended, JudgeApp
from events.errors import IdempotencyKeyReuseError, StoreError, VersionConflictError
from judge.battlecon import Duel
from judge.battlecon.playout import FIGHTERS, choose, record_setup
from tests.events.conftest import check_chain, check_stored_stream, events_json, rejudge

RACES = 200


def race(apps: list[JudgeApp], duel_id, submissions: list[dict], expected: int | None,
         keys: list[str | None] | None = None) -> list[object]:
    """Both apps submit at once (after a barrier); each result or error, in app order."""
    barrier = threading.Barrier(len(apps))
    results: list[object] = [None] * len(apps)
    keys = keys or [None] * len(apps)

    def writer(k: int) -> None:
        barrier.wait()
        try:
            results[k] = apps[k].decide(duel_id, submissions[k], expected=expected, key=keys[k],
                                        actor=f"scorekeeper {k}")
        except Exception as err:  # the test looks at what came back
            results[k] = err

    threads = [threading.Thread(target=writer, args=(k,)) for k in range(len(apps))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert not any(t.is_alive() for t in threads), "a writer hung"
    return results


def new_duel(app: JudgeApp, rng: random.Random) -> tuple[object, Duel]:
    setup = record_setup(rng.choice(FIGHTERS), rng.choice(FIGHTERS), rng.random() < 0.5,
                         rng.random() < 0.3, rng.randrange(2), rng)
    return app.create_duel(setup, actor="organiser").duel_id, Duel.new(setup)


def count_store_conflicts(app: JudgeApp, tally: list[int]) -> None:
    """Count the saves the store itself refused (both writers judged the same version)."""
    save = app.save

    def counting(*aggregates, **kwargs):
        try:
            return save(*aggregates, **kwargs)
        except IntegrityError:
            tally[0] += 1
            raise

    app.save = counting


def test_two_writers_race_on_one_duel(store):
    rng = random.Random(2024)
    apps = [store.app(), store.app()]
    at_the_store = [0]  # losers refused by the database, not by the version check
    for app in apps:
        count_store_conflicts(app, at_the_store)
    winners: dict[object, list[dict]] = {}  # duel -> the decisions that won, in order
    races = 0
    while races < RACES:
        duel_id, _ = new_duel(apps[0], rng)
        winners[duel_id] = []
        while races < RACES:
            # Both scorekeepers load the duel: the same version, the same prompt.
            views = [app.record(duel_id) for app in apps]
            version = views[0].events_count
            assert views[1].events_count == version
            if views[0].duel.over:
                break
            assert views[0].duel.prompt == views[1].duel.prompt
            # Each picks a decision of their own (maybe the same one), and both submit.
            submissions = [choose(view.duel, random.Random(rng.random())) for view in views]
            results = race(apps, duel_id, submissions, expected=version)

            won = [k for k, r in enumerate(results) if isinstance(r, Appended)]
            lost = [k for k, r in enumerate(results) if isinstance(r, VersionConflictError)]
            assert len(won) == 1 and len(lost) == 1, f"race {races}: {results!r}"
            winner, loser = results[won[0]], results[lost[0]]
            assert winner.events[0]["event"] == version + 1
            assert loser.current == winner.version, "the conflict names the winner's version"
            winners[duel_id].append({k: v for k, v in submissions[won[0]].items()
                                     if v is not None})
            races += 1
    # Most races are real: both writers judged the same version, the database kept one.
    assert at_the_store[0] >= RACES // 20, f"only {at_the_store[0]} conflicts at the store"

    # Every race left exactly its winner's decision, with all its facts; nothing twice.
    reader = store.app()
    assert reader.duel_ids() == list(winners)
    for duel_id, decisions in winners.items():
        agg = reader.record(duel_id)
        assert agg.duel.decisions == decisions
        check_stored_stream(reader, duel_id)
        check_chain(agg)
        rejudge(agg)
        # The racing apps' own views agree with a fresh read.
        for app in apps:
            assert events_json(app.record(duel_id).duel) == events_json(agg.duel)


def _duel_at_a_decision(store) -> tuple[JudgeApp, object, Duel]:
    app = store.app()
    duel_id, duel = new_duel(app, random.Random(7))
    rng = random.Random(8)
    for _ in range(6):
        decision = choose(duel, rng)
        duel.decide(decision)
        app.decide(duel_id, decision)
    return app, duel_id, duel


def test_a_retried_submission_is_not_appended_twice(store):
    app, duel_id, duel = _duel_at_a_decision(store)
    version = app.record(duel_id).events_count
    decision = dict(duel.prompt["options"][0])

    # The tablet submits with a key; the answer is lost on the way back, so it retries.
    first = app.decide(duel_id, decision, expected=version, key="tablet-3:17")
    assert not first.replayed
    retry = app.decide(duel_id, decision, expected=version, key="tablet-3:17")
    # The retry is answered with what the first stored, and nothing more is stored.
    assert retry.replayed
    assert retry.events == first.events and retry.version == first.version
    assert app.record(duel_id).events_count == first.version
    stored = len(list(app.events.get(duel_id)))

    # The same through another instance of the service, and after the duel moved on.
    other = store.app()
    assert other.decide(duel_id, decision, expected=version, key="tablet-3:17").replayed
    duel.decide(decision)
    later = app.decide(duel_id, dict(duel.prompt["options"][0]), key="tablet-3:18")
    again = other.decide(duel_id, decision, expected=version, key="tablet-3:17")
    assert again.replayed and again.events == first.events
    assert again.version == later.version  # the duel's version now
    assert len(list(other.events.get(duel_id))) == stored + len(later.events)

    # A key reused with another decision is refused, and stores nothing.
    duel.decide(dict(duel.prompt["options"][0]))
    different = dict(duel.prompt["options"][-1])
    assert different != decision
    with pytest.raises(IdempotencyKeyReuseError, match="tablet-3:17"):
        app.decide(duel_id, different, key="tablet-3:17")
    with pytest.raises(IdempotencyKeyReuseError):
        other.decide(duel_id, different, key="tablet-3:17")
    assert len(list(store.app().events.get(duel_id))) == stored + len(later.events)
    rejudge(store.app().record(duel_id))


def test_the_same_key_from_two_writers_at_once_is_stored_once(store):
    apps = [store.app(), store.app()]
    duel_id, duel = new_duel(apps[0], random.Random(99))
    rng = random.Random(100)
    for i in range(40):
        if duel.over:
            break
        version = apps[0].record(duel_id).events_count
        apps[1].record(duel_id)
        decision = choose(duel, rng)
        key = f"tablet-1:{i}"
        results = race(apps, duel_id, [decision, decision], expected=None, keys=[key, key])
        stored = [r for r in results if isinstance(r, Appended) and not r.replayed]
        others = [r for r in results if not (isinstance(r, Appended) and not r.replayed)]
        assert len(stored) == 1, results
        # The duplicate is answered as a replay, or (when both were judged at once) as a
        # conflict; never stored.
        assert all((isinstance(r, Appended) and r.replayed) or isinstance(
            r, VersionConflictError) for r in others), results
        duel.decide(decision)
        assert apps[0].record(duel_id).events_count == len(duel.events) == stored[0].version
        assert stored[0].events[0]["event"] == version + 1
        # A retry after the race is always a replay.
        for app in apps:
            assert app.decide(duel_id, decision, key=key).replayed
    agg = store.app().record(duel_id)
    assert events_json(agg.duel) == events_json(duel)
    rejudge(agg)


def test_a_duplicate_caught_at_save_time_is_a_replay(store):
    first, second = store.app(), store.app()
    app, duel_id, duel = _duel_at_a_decision(store)
    decision = dict(duel.prompt["options"][0])
    first.record(duel_id)
    second.record(duel_id)
    save = second.save

    def slow_save(*aggregates, **kwargs):
        # The other tablet's copy of the same submission lands first.
        first.decide(duel_id, decision, key="tablet-9:1")
        return save(*aggregates, **kwargs)

    second.save = slow_save
    result = second.decide(duel_id, decision, key="tablet-9:1")
    assert isinstance(result, Appended) and result.replayed


# --- commentary under concurrency ------------------------------------------------------------


def _disputed_duel(store) -> tuple[JudgeApp, JudgeApp, object, object]:
    first, second = store.app(), store.app()
    duel_id, duel = new_duel(first, random.Random(5))
    rng = random.Random(6)
    for _ in range(10):
        decision = choose(duel, rng)
        duel.decide(decision)
        first.decide(duel_id, decision)
    dispute = first.open_dispute(duel_id, 12, "That was out of range.", author="P1")
    return first, second, duel_id, dispute


def test_notes_from_two_judges_at_once_are_all_kept(store):
    apps = [store.app(), store.app()]
    duel_id, _ = new_duel(apps[0], random.Random(3))
    barrier = threading.Barrier(2)
    errors: list[BaseException] = []

    def judge(k: int) -> None:
        try:
            for i in range(15):
                barrier.wait()  # both judges press "save" at the same moment, 15 times
                apps[k].annotate(duel_id, 1, f"note {i} from judge {k}", ["teaching"],
                                 author=f"judge {k}")
        except BaseException as err:  # the test reports it below
            errors.append(err)
            barrier.abort()

    threads = [threading.Thread(target=judge, args=(k,)) for k in (0, 1)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert not errors, errors
    notes = store.app().annotations(duel_id)
    assert [n["id"] for n in notes] == list(range(1, 31))
    for k in (0, 1):  # each judge's notes, all there, in the order written
        assert [n["text"] for n in notes if n["author"] == f"judge {k}"] == [
            f"note {i} from judge {k}" for i in range(15)]
    assert store.app().record(duel_id).events_count == apps[0].record(duel_id).events_count


def test_comments_from_two_judges_at_once_are_both_kept(store):
    first, second, _, dispute = _disputed_duel(store)
    save = second.save

    def save_after_the_other(*aggregates, **kwargs):
        # The other judge's comment lands between this one's read and its save.
        second.save = save
        first.comment(dispute.id, "Range 1-2 reaches.", author="judge ana")
        return save(*aggregates, **kwargs)

    second.save = save_after_the_other
    try:
        second.comment(dispute.id, "Measured: it reaches.", author="judge ben")
    except StoreError:  # a clear refusal, with nothing of it stored, would do too
        kept = ["Range 1-2 reaches."]
    else:
        kept = ["Measured: it reaches.", "Range 1-2 reaches."]
    assert sorted(c["text"] for c in store.app().dispute(dispute.id).comments) == kept


def test_a_dispute_overturned_twice_at_once_corrects_the_duel_once(store):
    first, second, duel_id, dispute = _disputed_duel(store)
    correct = second.correct

    def correct_after_the_other(*args, **kwargs):
        # The other head judge resolves the dispute while this one is about to correct.
        second.correct = correct
        first.resolve(dispute.id, "overturned", "Life is 15.", "R14.2", author="head judge A",
                      correction={"players": {"1": {"life": 15}}})
        return correct(*args, **kwargs)

    second.correct = correct_after_the_other
    with pytest.raises(StoreError):  # a clear refusal: the dispute is already resolved
        second.resolve(dispute.id, "overturned", "Life is 14.", "R14.2",
                       author="head judge B", correction={"players": {"1": {"life": 14}}})
    agg = store.app().record(duel_id)
    corrections = [e for kind, e in agg.duel.events
                   if kind == "decision" and e.get("kind") == "correction"]
    assert len(corrections) == 1
    resolution = store.app().dispute(dispute.id).resolution
    assert agg.duel.state.players[1].life == resolution["correction"]["players"]["1"]["life"]
