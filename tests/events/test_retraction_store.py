"""Retractions in the store: random duels of both games, with decisions entered and
retracted (sometimes two in a row) across library snapshots, read back by a fresh process.
At every event the projector's state must be what plain re-judging gives for the decisions
that stood at that event; the record leaves the retracted ones out; the log verifies."""

from __future__ import annotations

import json
import random

import pytest

from events.app import JudgeApp
from events.export import log_lines, record_of, verify_log
from events.projector import Projector
from events.retraction import RetractionRefusedError, is_retraction
from judge import registry
from tests.api.conftest import setup_record
from tests.api.test_artobattlers_api import SETUP

GAMES = {
    "battlecon-2014": lambda: {**setup_record("hikaru", "khadath", 3), "decisions": []},
    "artobattlers": lambda: {"format": "artobattlers-record/1", "ruleset": "artobattlers",
                             "setup": SETUP, "decisions": []},
}


def drive(app: JudgeApp, duel_id, rng: random.Random, decisions: int) -> int:
    """Enter random legal decisions; now and then retract the last one or two (refusals
    past a reveal are fine: the decision then stands). The number of retractions made."""
    made = 0
    for _ in range(decisions):
        agg = app.record(duel_id)
        if agg.duel.over:
            break
        option = rng.choice(agg.duel.prompt["options"])
        app.decide(duel_id, option, expected=agg.events_count, actor="ana")
        if rng.random() < 0.35:
            for _ in range(rng.choice((1, 1, 2))):
                try:
                    app.retract(duel_id, expected=app.record(duel_id).events_count,
                                actor="ana")
                    made += 1
                except RetractionRefusedError:
                    break
    return made


def standing_at(stream: list[tuple[str, dict]]) -> list[list[tuple[str, dict]]]:
    """For each position 0..len, the events standing there (a plain stack, written apart
    from events.retractable): a retraction pops back to below the decision it names."""
    stack: list[tuple[int, str, dict]] = []
    out = [[]]
    for n, (kind, payload) in enumerate(stream, 1):
        if kind == "decision" and is_retraction(payload):
            while stack and stack[-1][0] >= payload["event"]:
                stack.pop()
        else:
            stack.append((n, kind, payload))
        out.append([(k, p) for _, k, p in stack])
    return out


def reference_state(record: dict, standing: list[tuple[str, dict]]) -> dict:
    """The state after ``standing``, by re-judging its decisions from the setup."""
    rules = registry.of_record(record)
    decisions = [p for k, p in standing if k == "decision"]
    duel = registry.from_record({**record, "decisions": decisions})
    n = len(standing)
    assert [p for k, p in duel.events[:n] if k == "decision"] == decisions
    at = duel.state_at(n)
    return json.loads(json.dumps(rules.state_json(at, duel.prompt_at(n, at))))


@pytest.mark.parametrize("game, seed", [("battlecon-2014", 1), ("battlecon-2014", 2),
                                        ("artobattlers", 3), ("artobattlers", 4)])
def test_retractions_read_back_from_the_store_and_every_state_is_rejudged(game, seed,
                                                                         tmp_path):
    db = str(tmp_path / "duels.db")
    writer = JudgeApp(db=db)
    writer.SNAPSHOT_EVERY = 25  # snapshots between and across retractions
    record = GAMES[game]()
    duel_id = writer.create_duel(record, actor="ana").duel_id
    made = drive(writer, duel_id, random.Random(seed), 40)
    written = writer.record(duel_id)
    lines = list(log_lines(written))
    writer.close()
    assert made >= 3

    reader = JudgeApp(db=db)
    try:
        agg = reader.record(duel_id)
        assert list(log_lines(agg)) == lines
        assert verify_log(lines)["events"] == agg.events_count
        stream = [(k, p if k == "decision" else p.to_json()) for k, p in agg.duel.events]
        stands = standing_at(stream)
        assert record_of(agg)["decisions"] == [p for k, p in stands[-1] if k == "decision"]
        projector = Projector(reader)
        for n in range(agg.events_count + 1):
            expected = reference_state(record, stands[n])
            assert projector.state_at(duel_id, n) == {**expected, "event": n}, n
        assert agg.duel.to_json() == reference_state(record, stands[-1])
        if not agg.duel.over:  # the duel goes on from where it stands
            option = agg.duel.prompt["options"][0]
            reader.decide(duel_id, option, expected=agg.events_count, actor="ana")
    finally:
        reader.close()


def test_a_stored_retraction_with_no_decision_standing_is_refused_with_its_rule():
    """A stored stream whose first decision is a retraction (nothing to retract: the event
    it names is None, as the latest standing is) is refused, not applied to event None."""
    from events.retractable import Retractable
    from judge.errors import IllegalDecisionError

    rules = registry.of_record(setup_record())
    match = Retractable(rules.match(rules.parse_setup(setup_record())), rules)
    before = list(match.events)
    with pytest.raises(IllegalDecisionError) as refused:
        match.absorb("decision", {"kind": "retraction", "event": None})
    assert "not the latest decision standing (None)" in refused.value.reason
    assert match.events == before
