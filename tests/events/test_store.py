"""Stories of the duel store, step by step: what a scorekeeper, a judge and a head judge
do with it, and what the store answers. Each runs on every kind of store (memory, a
SQLite file, PostgreSQL) unless it needs a second app on the same store."""

from __future__ import annotations

import copy
import random

import pytest

from events.app import Appended, JudgeApp
from events.errors import (
    DisputeError,
    DuelNotFoundError,
    StoreError,
    VersionConflictError,
)
from events.export import record_of
from events.projector import Projector
from judge.battlecon import Duel
from judge.battlecon.playout import choose, play
from judge.errors import DuelOverError, IllegalDecisionError, JudgeError, RecordError
from tests.events.conftest import (
    check_chain,
    check_stored_stream,
    events_json,
    rejudge,
)

SEED, F0, F1 = 3, "hikaru", "khadath"


def played() -> Duel:
    return play(SEED, F0, F1)


def partial_record(k: int) -> dict:
    """The record of a random duel, cut after its first k decisions (still going on)."""
    rec = played().to_record()
    rec["decisions"] = rec["decisions"][:k]
    return rec


def stored_count(app: JudgeApp, duel_id) -> int:
    """How many events the store holds for a duel (Started included), read afresh."""
    return len(list(app.events.get(duel_id)))


def decision_point(duel: Duel, k: int) -> int:
    """The event n after which the duel waited for its k-th decision (event n + 1)."""
    return [i for i, (kind, _) in enumerate(duel.events) if kind == "decision"][k]


def next_decision(duel: Duel) -> dict:
    return copy.deepcopy(duel.prompt["options"][0])


# --- create, decide, read ------------------------------------------------------------------


def test_a_duel_is_created_decided_and_read_back(any_store):
    app = any_store.app()
    record = partial_record(10)
    engine = Duel.from_record(record)

    # A scorekeeper enters a duel's record: it is judged and stored whole.
    created = app.create_duel(record, labels={"event": "Indines Open", "table": "7"},
                              actor="ana")
    assert isinstance(created, Appended) and not created.replayed
    assert created.version == len(engine.events)
    assert [e["event"] for e in created.events] == list(range(1, created.version + 1))
    assert created.events[0]["type"] == "BeatBegan"
    assert sum(e["type"] == "Decision" for e in created.events) == 10

    # The store lists it, and reads it back exactly as the engine judged it.
    assert app.duel_ids() == [created.duel_id]
    agg = app.record(created.duel_id)
    assert agg.events_count == created.version
    assert agg.labels == {"event": "Indines Open", "table": "7"}
    assert events_json(agg.duel) == events_json(engine)
    assert agg.duel.to_json() == engine.to_json()
    check_chain(agg)

    # The next decision appends the decision and its facts, numbered on from the version.
    decision = next_decision(engine)
    facts = engine.decide(copy.deepcopy(decision))
    step = app.decide(created.duel_id, decision, actor="ana")
    assert step.version == created.version + 1 + len(facts)
    assert step.events[0] == {"event": created.version + 1, "type": "Decision",
                              "decision": decision}
    assert [e["event"] for e in step.events] == list(range(created.version + 1,
                                                           step.version + 1))
    assert app.record(created.duel_id).duel.to_json() == engine.to_json()
    assert stored_count(app, created.duel_id) == step.version + 1  # + the Started event

    # An unknown duel is a clear error.
    import uuid

    with pytest.raises(DuelNotFoundError):
        app.record(uuid.uuid4())
    with pytest.raises(DuelNotFoundError):
        app.decide(uuid.uuid4(), decision)


def test_the_version_is_an_etag(any_store):
    app = any_store.app()
    duel_id = app.create_duel(partial_record(4)).duel_id

    # Two scorekeepers look at the duel: both see version v and the same prompt.
    v = app.record(duel_id).events_count
    engine = Duel.from_record(partial_record(4))
    decision = next_decision(engine)

    # The first records a decision at version v: it is stored.
    first = app.decide(duel_id, decision, expected=v)
    assert first.version > v

    # The second still believes the duel is at v: refused, with the current version.
    stale = choose(Duel.from_record(partial_record(4)), random.Random(1))
    with pytest.raises(VersionConflictError) as err:
        app.decide(duel_id, stale, expected=v)
    assert err.value.current == first.version
    assert "version" in str(err.value)
    # ... and nothing was stored.
    assert app.record(duel_id).events_count == first.version
    assert stored_count(app, duel_id) == first.version + 1

    # A version from the future is no better.
    with pytest.raises(VersionConflictError):
        app.decide(duel_id, stale, expected=first.version + 5)

    # The second reloads, sees the new version and decides again: stored.
    engine.decide(decision)
    again = app.decide(duel_id, next_decision(engine), expected=first.version)
    assert again.version > first.version

    # Without an expected version a decision is simply appended to the current duel.
    engine.decide(next_decision(engine))
    free = app.decide(duel_id, next_decision(engine))
    assert free.version > again.version


# --- what is refused ------------------------------------------------------------------------


def test_an_illegal_decision_stores_nothing(store):
    app = store.app()
    record = partial_record(12)
    duel_id = app.create_duel(record).duel_id
    engine = Duel.from_record(record)
    before = app.record(duel_id).events_count
    state_before = app.record(duel_id).duel.to_json()

    # A decision that is not among the options: refused with a reason and a rule.
    legal = next_decision(engine)
    bogus = dict(legal, kind="move", to=9)
    with pytest.raises(IllegalDecisionError) as err:
        app.decide(duel_id, bogus, expected=before)
    assert err.value.reason and err.value.rule

    # A decision for a player the duel is not waiting for.
    waiting = engine.prompt["players"]
    if len(waiting) == 1:
        wrong = dict(legal, player=1 - waiting[0])
        with pytest.raises(IllegalDecisionError, match="waiting for"):
            app.decide(duel_id, wrong)
    # A decision naming no player at all, and one that is not even an object.
    with pytest.raises(IllegalDecisionError):
        app.decide(duel_id, {"kind": legal["kind"]})
    with pytest.raises(IllegalDecisionError):
        app.decide(duel_id, {"player": 7, "kind": "pass"})

    # Nothing was stored: the same version, the same stream, the same state on reload.
    assert app.record(duel_id).events_count == before
    assert stored_count(app, duel_id) == before + 1
    assert app.record(duel_id).duel.to_json() == state_before
    assert store.app().record(duel_id).duel.to_json() == state_before

    # The writer goes on as if nothing happened: the legal decision gets the next numbers.
    step = app.decide(duel_id, legal, expected=before)
    assert step.events[0]["event"] == before + 1
    engine.decide(legal)
    assert store.app().record(duel_id).duel.to_json() == engine.to_json()


def test_no_decision_after_the_duel_is_over(any_store):
    app = any_store.app()
    duel = played()
    duel_id = app.create_duel(duel.to_record()).duel_id
    assert app.record(duel_id).duel.over
    with pytest.raises(DuelOverError):
        app.decide(duel_id, {"player": 0, "kind": "concede"})
    assert app.record(duel_id).events_count == len(duel.events)


def test_illegal_decisions_never_change_the_duel(store):
    """Near-misses of legal options at every decision of a duel: each refused, none stored,
    and the writer's cached duel stays equal to a fresh read and to the engine."""
    app = store.app()
    rng = random.Random(11)
    record = played().to_record()
    decisions = record["decisions"]
    record["decisions"] = []
    engine = Duel.from_record(record)
    version = app.create_duel(record).version
    duel_id = app.duel_ids()[0]
    refused = 0
    for decision in decisions:
        prompt = engine.prompt
        option = rng.choice(prompt["options"])
        mutants = [dict(option, player=1 - option["player"]), dict(option, extra=1),
                   {k: v for k, v in option.items() if k != "player"},
                   dict(option, kind="concede"), dict(option, player=True)]
        for key, value in option.items():
            if key not in ("player", "kind"):
                mutants.append(dict(option, **{key: "no-such-card" if isinstance(value, str)
                                               else [value] if not isinstance(value, list)
                                               else value[:-1]}))
        if "order" in prompt:
            mutants.append({"player": prompt["order"]["player"], "kind": "order",
                            "effects": prompt["order"]["effects"][:-1]})
        for mutant in mutants:
            if mutant in prompt["options"] or set(mutant) == {"player", "kind"} and \
                    mutant["kind"] == "concede":
                continue  # legal after all
            with pytest.raises(JudgeError):
                app.decide(duel_id, mutant, expected=version)
            refused += 1
        engine.decide(decision)
        version = app.decide(duel_id, decision, expected=version).version
        assert version == len(engine.events)
        assert app.record(duel_id).duel.to_json() == engine.to_json()
    assert refused > 100
    fresh = store.app().record(duel_id)
    assert events_json(fresh.duel) == events_json(engine)
    rejudge(fresh)


def _wrong_player_record() -> tuple[dict, int]:
    """A record whose k-th decision is made by the player the duel is not waiting for."""
    duel = played()
    rec = duel.to_record()
    probe = Duel.new(rec)
    for k, decision in enumerate(rec["decisions"]):
        if len(probe.prompt["players"]) == 1 and decision["kind"] != "order":
            bad = copy.deepcopy(rec)
            bad["decisions"][k] = dict(decision, player=1 - decision["player"])
            return bad, k
        probe.decide(decision)
    raise AssertionError("no single-player prompt in the duel")


def _bad_inputs() -> list[tuple[str, object, str]]:
    good = partial_record(6)
    out: list[tuple[str, object, str]] = [
        ("not an object", ["battlecon-record/1"], "JSON object"),
        ("a wrong format tag", dict(good, format="battlecon-record/2"), "format"),
        ("no format tag", {k: v for k, v in good.items() if k != "format"}, "format"),
        ("a wrong ruleset", dict(good, ruleset="battlecon-2012"), "ruleset"),
        ("players not a list", dict(good, players={"0": good["players"][0]}), "players"),
        ("one player", dict(good, players=good["players"][:1]), "players"),
        ("decisions not a list", dict(good, decisions={"0": good["decisions"][0]}),
         "decisions"),
        ("an unknown option", dict(good, options={"sudden_death": True}), "option"),
    ]
    fighter = copy.deepcopy(good)
    fighter["players"][1]["fighter"] = "ryu"
    out.append(("an unknown fighter", fighter, "ryu"))
    discard = copy.deepcopy(good)
    discard["players"][0]["discard_1"] = ["no-such-card", discard["players"][0]["discard_1"][1]]
    out.append(("an unknown card in a discard", discard, "no-such-card"))
    finisher = copy.deepcopy(good)
    finisher["players"][0]["finisher"] = "no-such-finisher"
    out.append(("an unknown Finisher", finisher, "no-such-finisher"))
    decision = copy.deepcopy(good)
    first = decision["decisions"][0]
    decision["decisions"][0] = dict(first, style="no-such-card")
    out.append(("an unknown card in a decision", decision, "Decision 0"))
    wrong, k = _wrong_player_record()
    out.append(("a decision for the wrong player", wrong, f"Decision {k}"))
    return out


@pytest.mark.parametrize("case", _bad_inputs(), ids=lambda case: case[0])
def test_bad_input_is_refused_and_nothing_is_stored(any_store, case):
    _, record, says = case
    app = any_store.app()
    kept = app.create_duel(partial_record(3)).duel_id  # the store is not empty
    ids = app.duel_ids()

    # The import is refused with a reason that names the problem and a rule.
    with pytest.raises(RecordError) as err:
        app.create_duel(record, labels={"bad": "yes"}, actor="importer")
    assert says in err.value.reason
    assert err.value.rule

    # Nothing was stored: the same duels, read now or by a fresh app.
    assert app.duel_ids() == ids == [kept]
    if any_store.persistent:
        assert any_store.app().duel_ids() == ids


def test_a_refused_decision_in_a_record_names_it():
    """The record's first illegal decision is named: its index, reason and rule."""
    wrong, k = _wrong_player_record()
    app = JudgeApp(db=":memory:")
    with pytest.raises(RecordError) as err:
        app.create_duel(wrong)
    assert err.value.index == k
    assert "waiting for" in err.value.reason
    assert app.duel_ids() == []


# --- forks ------------------------------------------------------------------------------------


def test_a_fork_branches_a_duel_and_then_diverges(any_store):
    app = any_store.app()
    parent = played()
    parent_id = app.create_duel(parent.to_record(), labels={"event": "Open"}).duel_id
    # A fork point where the duel waited for a decision: event n + 1 is that decision.
    n = decision_point(parent, 8)

    # A judge branches the duel at event n.
    fork = app.fork(parent_id, n, actor="judge")
    assert fork.duel_id != parent_id and fork.version == n
    child = app.record(fork.duel_id)
    assert child.parent == str(parent_id) and child.fork_at == n
    assert child.labels == {"event": "Open"}
    # The same first n events; the fork is listed as a duel of its own.
    assert events_json(child.duel) == events_json(parent)[:n]
    assert app.duel_ids() == [parent_id, fork.duel_id]
    check_chain(child)

    # The fork waits for the decision the parent made at n + 1 ...
    taken = parent.events[n][1]
    assert child.duel.prompt == Duel.from_record(dict(parent.to_record(), decisions=[
        d for kind, d in parent.events[:n] if kind == "decision"])).prompt
    # ... and takes another one: the branches diverge from event n + 1.
    other = next(o for o in child.duel.prompt["options"] if o != taken)
    step = app.decide(fork.duel_id, other, expected=n)
    assert step.events[0]["event"] == n + 1
    assert events_json(app.record(fork.duel_id).duel)[n] != events_json(parent)[n]
    # The parent is untouched; both streams re-judge to themselves.
    assert events_json(app.record(parent_id).duel) == events_json(parent)
    rejudge(app.record(fork.duel_id))
    rejudge(app.record(parent_id))

    # Forks at the first decision and at the very end; nothing before the duel's first
    # facts (event 0: the setup's own facts would be lost), nothing beyond its end.
    first = decision_point(parent, 0)
    assert app.record(app.fork(parent_id, first).duel_id).events_count == first
    assert app.record(app.fork(parent_id, len(parent.events)).duel_id).events_count == len(
        parent.events)
    for bad in (-1, 0, len(parent.events) + 1):
        with pytest.raises(StoreError):
            app.fork(parent_id, bad)


def test_a_fork_is_always_a_legal_duel():
    """Forks at every fifth event: where the duel waited for a decision (or at its end) the
    fork is the parent's duel there, prompt included, and re-judges to itself; where the
    engine was still resolving (the next event is a fact) the fork is refused, since the
    facts still to come would be lost."""
    from judge.battlecon.notation import prompt_json

    app = JudgeApp(db=":memory:")
    parent = played()
    parent_id = app.create_duel(parent.to_record()).duel_id
    refused = accepted = 0
    for n in range(0, len(parent.events) + 1, 5):
        waited = n == len(parent.events) or parent.events[n][0] == "decision"
        if not waited:
            with pytest.raises(StoreError, match="decision"):
                app.fork(parent_id, n)
            refused += 1
            continue
        child = app.record(app.fork(parent_id, n).duel_id)
        assert child.duel.prompt == prompt_json(parent.need_at(n))
        rejudge(child)
        accepted += 1
    assert refused > 10 and accepted > 10
    assert len(app.duel_ids()) == accepted + 1


# --- commentary ---------------------------------------------------------------------------------


def test_annotations_do_not_renumber_the_duel(any_store):
    app = any_store.app()
    record = partial_record(10)
    duel_id = app.create_duel(record).duel_id
    v = app.record(duel_id).events_count
    stream = stored_count(app, duel_id)

    # Judges attach notes to events (and to the setup, event 0).
    first = app.annotate(duel_id, 5, "Good ante timing.", ["teaching"], author="ana")
    app.annotate(duel_id, v, "Why not Drive here?", ["question"], author="ben")
    app.annotate(duel_id, 0, "Discards chosen at random.", [], author="ana")
    notes = app.annotations(duel_id)
    assert [(a["at"], a["author"], a["text"], a["tags"]) for a in notes] == [
        (5, "ana", "Good ante timing.", ["teaching"]),
        (v, "ben", "Why not Drive here?", ["question"]),
        (0, "ana", "Discards chosen at random.", [])]
    assert first["id"] == 1 and [a["id"] for a in notes] == [1, 2, 3]

    # The duel's own events did not move: same version, same stored stream.
    assert app.record(duel_id).events_count == v
    assert stored_count(app, duel_id) == stream
    # A scorekeeper holding version v can still decide at v.
    engine = Duel.from_record(record)
    step = app.decide(duel_id, next_decision(engine), expected=v)
    assert step.events[0]["event"] == v + 1
    # Notes are per duel.
    other = app.create_duel(partial_record(2)).duel_id
    assert app.annotations(other) == []

    # A note on an event that does not exist is refused, and nothing is stored.
    with pytest.raises(DisputeError):
        app.annotate(duel_id, step.version + 1, "From the future.", ["error"], author="ana")
    assert len(app.annotations(duel_id)) == 3


def _damage_event(duel: Duel, defender: int) -> int:
    for n, (kind, e) in enumerate(duel.events, 1):
        if kind == "fact" and type(e).__name__ == "DamageDealt" and e.defender == defender \
                and e.amount > 0:
            return n
    raise AssertionError("no damage in this duel")


def test_a_dispute_is_opened_discussed_and_upheld(any_store):
    app = any_store.app()
    duel = played()
    record = duel.to_record()
    duel_id = app.create_duel(record).duel_id
    at = _damage_event(duel, 1)
    v = app.record(duel_id).events_count

    # A player disputes a ruling: the dispute is opened on the event.
    dispute = app.open_dispute(duel_id, at, "That hit was out of range.", author="P1")
    assert (dispute.duel_id, dispute.at, dispute.status) == (duel_id, at, "open")
    # Judges discuss it.
    app.comment(dispute.id, "Range 1-2 from space 3 reaches space 5.", author="judge ana")
    app.comment(dispute.id, "Agreed.", author="judge ben")

    # The head judge upholds the ruling: the duel is unchanged.
    resolved = app.resolve(dispute.id, "upheld", "The hit stands.", "R8.3", author="head judge")
    assert resolved.status == "upheld"
    assert resolved.resolution["correction_event"] is None
    assert app.record(duel_id).events_count == v
    assert [d.id for d in app.disputes(duel_id)] == [dispute.id]
    read = app.dispute(dispute.id)
    assert [c["text"] for c in read.comments] == ["Range 1-2 from space 3 reaches space 5.",
                                                  "Agreed."]
    assert read.resolution["ruling"] == "The hit stands." and read.resolution["rule"] == "R8.3"

    # Resolved means closed: no more comments, no second resolution.
    with pytest.raises(DisputeError):
        app.comment(dispute.id, "But...", author="P1")
    with pytest.raises(DisputeError):
        app.resolve(dispute.id, "overturned", "Changed my mind.", "R8.3", author="head judge",
                    correction={"players": {"1": {"life": 15}}})
    assert len(app.dispute(dispute.id).comments) == 2
    assert app.record(duel_id).events_count == v

    # Disputes on events that do not exist, and unknown outcomes, are refused.
    with pytest.raises(DisputeError):
        app.open_dispute(duel_id, 0, "The setup was wrong.", author="P1")
    with pytest.raises(DisputeError):
        app.open_dispute(duel_id, v + 1, "Future.", author="P1")
    other = app.open_dispute(duel_id, at, "Again.", author="P0")
    with pytest.raises(DisputeError):
        app.resolve(other.id, "maybe", "?", "R1", author="head judge")
    with pytest.raises(DisputeError):
        app.resolve(other.id, "overturned", "No correction given.", "R1", author="head judge")
    assert app.dispute(other.id).status == "open"


def test_an_overturned_ruling_corrects_the_duel_and_keeps_the_original(any_store):
    app = any_store.app()
    record = partial_record(25)
    engine = Duel.from_record(record)
    duel_id = app.create_duel(record).duel_id
    at = _damage_event(engine, 1)
    before = app.record(duel_id).events_count
    original = events_json(app.record(duel_id).duel)
    assert engine.state.players[1].life != 15

    # The dispute: the damage at event `at` should have been less.
    dispute = app.open_dispute(duel_id, at, "Soak was not applied.", author="P1")
    app.comment(dispute.id, "Checked the card: soak 2.", author="judge ana")

    # The head judge overturns it and corrects player 1's life to 15.
    resolved = app.resolve(dispute.id, "overturned", "Soak applies; life is 15.", "R14.2",
                           author="head judge", correction={"players": {"1": {"life": 15}}})
    assert resolved.status == "overturned"
    agg = app.record(duel_id)
    assert resolved.resolution["correction_event"] == before + 1
    assert agg.events_count > before

    # The correction is in the duel's own stream, naming the dispute ...
    kind, entry = agg.duel.events[before]
    assert kind == "decision" and entry["kind"] == "correction"
    assert entry["dispute"] == str(dispute.id)
    assert entry["changes"] == [{"field": "players.1.life",
                                 "before": engine.state.players[1].life, "after": 15}]
    assert entry["by"] == {"name": "head judge", "role": "head_judge"}
    corrected = [e for k, e in agg.duel.events[before:] if k == "fact"]
    assert type(corrected[0]).__name__ == "CorrectionMade"
    # ... the state shows it ...
    state = Projector(app).state_at(duel_id)
    assert state["players"][1]["life"] == 15
    assert Projector(app).state_at(duel_id, before)["players"][1]["life"] == \
        engine.state.players[1].life
    # ... and the original fact stays in the record, where it was.
    assert events_json(agg.duel)[:before] == original
    check_chain(agg)

    # The export record carries the correction and re-judges to the same state.
    exported = record_of(agg)
    assert exported["decisions"][-1]["kind"] == "correction"
    again = Duel.from_record(exported)
    assert again.to_json() == agg.duel.to_json()
    assert events_json(again) == events_json(agg.duel)

    # The duel goes on from the corrected state.
    engine.correct({"1": {"life": 15}}, rule="R14.2",
                   text="Head judge's correction: Soak applies; life is 15.",
                   dispute=str(dispute.id))
    assert agg.duel.to_json() == engine.to_json()
    corrected_version = agg.events_count
    step = app.decide(duel_id, next_decision(engine), expected=corrected_version)
    assert step.events[0]["event"] == corrected_version + 1

    # The resolved dispute takes no more comments.
    with pytest.raises(DisputeError):
        app.comment(dispute.id, "Thanks!", author="P1")


def test_a_correction_that_breaks_the_board_is_refused(any_store):
    app = any_store.app()
    duel_id = app.create_duel(partial_record(5)).duel_id
    v = app.record(duel_id).events_count
    for players in ({"1": {"life": 25}}, {"0": {"space": 0}}, {"2": {"life": 3}},
                    {"0": {"mana": 3}}, {"0": {"life": "ten"}}):
        with pytest.raises(IllegalDecisionError):
            app.correct(duel_id, players, rule="correction")
    assert app.record(duel_id).events_count == v
    dispute = app.open_dispute(duel_id, 1, "Wrong start.", author="P0")
    with pytest.raises(IllegalDecisionError):
        app.resolve(dispute.id, "overturned", "Life 30.", "R14.8", author="head judge",
                    correction={"players": {"0": {"life": 30}}})
    assert app.record(duel_id).events_count == v
    assert app.dispute(dispute.id).status == "open"


# --- restarts -----------------------------------------------------------------------------------


def test_everything_survives_a_restart(store):
    app = store.app()
    record = partial_record(20)
    engine = Duel.from_record(record)

    # A day of judging: a duel, a decision with a key, notes, a dispute, a correction, a fork.
    duel_id = app.create_duel(record, labels={"round": "3"}, actor="ana").duel_id
    decision = next_decision(engine)
    engine.decide(copy.deepcopy(decision))
    keyed = app.decide(duel_id, decision, key="tablet-7:0001", actor="ana")
    app.annotate(duel_id, 3, "Nice.", ["teaching"], author="ana")
    upheld = app.open_dispute(duel_id, 4, "Claim.", author="P0")
    app.comment(upheld.id, "Looked at it.", author="ben")
    app.resolve(upheld.id, "upheld", "Stands.", "R1", author="head judge")
    open_one = app.open_dispute(duel_id, 5, "Another claim.", author="P1")
    overturned = app.open_dispute(duel_id, 6, "Life is wrong.", author="P1")
    app.resolve(overturned.id, "overturned", "Life 12.", "R14.2", author="head judge",
                correction={"players": {"0": {"life": 12}}})
    at = decision_point(engine, 8)
    fork = app.fork(duel_id, at, actor="ben")
    before = {i: (events_json(app.record(i).duel), list(app.record(i).hashes))
              for i in app.duel_ids()}
    notes = app.annotations(duel_id)
    disputes = [(d.id, d.status, d.comments, d.resolution) for d in app.disputes(duel_id)]
    app.close()

    # The service restarts: a new app on the same store sees everything.
    app = store.app()
    assert app.duel_ids() == [duel_id, fork.duel_id]
    for i, (events, hashes) in before.items():
        agg = app.record(i)
        assert events_json(agg.duel) == events and agg.hashes == hashes
        check_chain(agg)
        check_stored_stream(app, i)
        rejudge(agg)
    agg = app.record(duel_id)
    assert agg.labels == {"round": "3"} and agg.duel.state.players[0].life == 12
    assert (app.record(fork.duel_id).parent, app.record(fork.duel_id).fork_at) == (
        str(duel_id), at)
    assert app.annotations(duel_id) == notes
    assert [(d.id, d.status, d.comments, d.resolution) for d in app.disputes(duel_id)] == \
        disputes
    assert app.dispute(open_one.id).status == "open"

    # The idempotency key still answers the retried submission, without appending.
    retry = app.decide(duel_id, decision, key="tablet-7:0001", actor="ana")
    assert retry.replayed and retry.events == keyed.events
    assert app.record(duel_id).events_count == agg.events_count

    # And the duel goes on where it stopped.
    engine = Duel.from_record(record_of(agg))
    version = agg.events_count
    step = app.decide(duel_id, next_decision(engine), expected=version)
    assert step.events[0]["event"] == version + 1
