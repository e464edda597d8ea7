"""Integrity of exported event logs: the hash chain and the re-judge check.

Stored duels (seeded random playouts imported with ``create_duel`` into a SQLite file)
are exported with ``log_lines`` and verified; then each export is tampered with (one
byte changed inside one event's payload, one event line dropped, two event lines
swapped, the header's setup altered) and verification must catch it and name the
right event in ``IntegrityCheckError.event``. A log whose hashes were recomputed
consistently, but whose facts are not what the rules produce, must fail the re-judge
check, naming that event. Forked duels and duels with a judge correction verify too.
"""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import pytest

from events.app import JudgeApp
from events.errors import IntegrityCheckError, StoreError
from events.export import LOG_FORMAT, log_lines, verify_file, verify_log
from events.hashing import chain_hash, genesis_hash
from judge.battlecon import Duel
from judge.battlecon.playout import choose, play

# (seed, fighter 0, fighter 1): knockouts, a 15-beat duel and a draw on time, all four
# fighters; every duel is some 200-600 events long.
DUELS = [(1, "hikaru", "khadath"), (22, "cadenza", "kallistar"), (25, "hikaru", "khadath"),
         (3, "kallistar", "cadenza"), (4, "khadath", "hikaru"), (7, "cadenza", "cadenza")]


# --- fixtures and helpers ----------------------------------------------------------------


@pytest.fixture(scope="module")
def store_path(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("integrity") / "duels.db"


@pytest.fixture(scope="module")
def app(store_path: Path) -> JudgeApp:
    return JudgeApp(db=str(store_path))


@pytest.fixture(scope="module")
def exports(app: JudgeApp, store_path: Path) -> list[tuple[object, list[str]]]:
    """(aggregate, log lines) per stored duel, read back from the file by a fresh app."""
    ids = []
    for seed, f0, f1 in DUELS:
        record = play(seed, f0, f1).to_record()
        ids.append(app.create_duel(record, {"event": "Integrity Open", "round": str(seed),
                                            "table": "7"}, actor="test").duel_id)
    reader = JudgeApp(db=str(store_path))
    out = []
    for duel_id in ids:
        agg = reader.record(duel_id)
        out.append((agg, list(log_lines(agg))))
    return out


def split(lines: list[str]) -> tuple[dict, list[dict]]:
    return json.loads(lines[0]), [json.loads(line) for line in lines[1:]]


def dump(header: dict, entries: list[dict]) -> list[str]:
    return [json.dumps(header, ensure_ascii=False, sort_keys=True)] + [
        json.dumps(e, ensure_ascii=False, sort_keys=True) for e in entries]


def rehash(header: dict, entries: list[dict]) -> list[str]:
    """A forger's log: number, link and hash every entry afresh so the chain holds."""
    header = dict(header)
    header["hash"] = genesis_hash(header["duel"], header["setup"], header["labels"],
                                  header["parent"], header["fork_at"])
    prev, out = header["hash"], []
    for n, e in enumerate(entries, 1):
        digest = chain_hash(prev, n, e["kind"], e["payload"])
        out.append({"n": n, "kind": e["kind"], "payload": e["payload"], "prev": prev,
                    "hash": digest})
        prev = digest
    return dump(header, out)


def caught(lines: list[str]) -> IntegrityCheckError:
    with pytest.raises(IntegrityCheckError) as info:
        verify_log(lines)
    return info.value


def payload_span(line: str) -> tuple[int, int]:
    """Where the payload's JSON lies in an event line (keys are sorted: ... payload, prev)."""
    start = line.index('"payload": ') + len('"payload": ')
    end = line.rindex(', "prev": ')
    assert json.loads(line[start:end]) == json.loads(line)["payload"]
    return start, end


def with_char(line: str, i: int, char: str) -> str:
    return line[:i] + char + line[i + 1:]


def bump_digit(line: str, key: str) -> str:
    """Change the last digit of the number after ``"key": `` inside the payload: one byte."""
    start, end = payload_span(line)
    i = line.index(f'"{key}": ', start) + len(f'"{key}": ')
    assert i < end
    while line[i + 1].isdigit():
        i += 1
    return with_char(line, i, str((int(line[i]) + 1) % 10))


def find(entries: list[dict], pred) -> int:
    """The event number of the first entry matching ``pred``."""
    return next(e["n"] for e in entries if pred(e))


def fact_of(type_: str):
    return lambda e: e["kind"] == "fact" and e["payload"]["type"] == type_


# --- untouched exports verify --------------------------------------------------------------


def test_stored_duels_export_and_verify(exports):
    assert len(exports) == len(DUELS)
    for agg, lines in exports:
        header, entries = split(lines)
        assert header["format"] == LOG_FORMAT
        assert header["duel"] == str(agg.id)
        assert header["labels"]["event"] == "Integrity Open"
        assert (header["parent"], header["fork_at"]) == (None, None)
        assert [e["n"] for e in entries] == list(range(1, agg.events_count + 1))
        assert agg.duel.over
        result = verify_log(lines)
        assert result == {"duel": str(agg.id), "events": agg.events_count,
                          "head": agg.head_hash, "signed": None}  # log_lines without a key
        assert verify_file("\n".join(lines) + "\n") == {"kind": "log", **result}


def test_the_export_is_the_same_from_every_reader(exports, app):
    """The writer's cached aggregate and a fresh read from the file export the same log."""
    for agg, lines in exports:
        assert list(log_lines(app.record(agg.id))) == lines


def test_the_first_event_links_to_the_header_and_each_event_to_the_one_before(exports):
    for _agg, lines in exports:
        header, entries = split(lines)
        prev = header["hash"]
        for e in entries:
            assert e["prev"] == prev
            prev = e["hash"]


def test_blank_lines_do_not_matter(exports):
    _agg, lines = exports[0]
    assert verify_log(["", *lines[:1], "", *lines[1:], "  ", ""][1:])["events"] == len(lines) - 1


# --- one byte changed inside one event's payload ----------------------------------------------

BYTE_CHANGES = {
    "damage amount (life)": (fact_of("DamageDealt"), lambda line: bump_digit(line, "amount")),
    "destination space": (fact_of("Moved"), lambda line: bump_digit(line, "end")),
    "a character of the text": (
        fact_of("PairsRevealed"),
        lambda line: line.replace("Revealed: ", "Revealed; ", 1)),
    "a decision's space": (
        lambda e: e["kind"] == "decision" and e["payload"]["kind"] == "move",
        lambda line: bump_digit(line, "to")),
    "a decision's card": (
        lambda e: e["kind"] == "decision" and e["payload"]["kind"] == "attack_pair",
        lambda line: with_char(line, line.index('"base": "') + len('"base": "'), "q")),
}


@pytest.mark.parametrize("where", BYTE_CHANGES.values(), ids=BYTE_CHANGES.keys())
def test_one_byte_changed_in_a_payload_is_named(exports, where):
    pred, change = where
    for agg, lines in exports:
        _header, entries = split(lines)
        hits = [e["n"] for e in entries if pred(e)]
        if not hits:
            continue
        for n in (hits[0], hits[len(hits) // 2], hits[-1]):
            tampered = list(lines)
            tampered[n] = change(lines[n])
            assert len(tampered[n].encode()) == len(lines[n].encode())
            assert sum(a != b for a, b in zip(tampered[n], lines[n], strict=True)) == 1
            err = caught(tampered)
            assert err.event == n, (agg.id, n, err.reason)
            assert f"Event {n} " in err.reason


def test_any_single_byte_changed_in_a_payload_is_named(exports):
    """Random positions inside random payloads, replaced by another ASCII character."""
    rng = random.Random(20240601)
    alphabet = "abcdefghijklmnopqrstuvwxyz0123456789 .,:[]{}\"-"
    tried = 0
    for agg, lines in exports:
        for _ in range(60):
            n = rng.randrange(1, len(lines))
            start, end = payload_span(lines[n])
            i = rng.randrange(start, end)
            if not lines[n][i].isascii():
                continue
            char = rng.choice([c for c in alphabet if c != lines[n][i]])
            tampered = list(lines)
            tampered[n] = with_char(lines[n], i, char)
            try:
                same = json.loads(tampered[n])["payload"] == json.loads(lines[n])["payload"]
            except json.JSONDecodeError:
                same = False
            if same:  # e.g. a space turned into another insignificant space
                continue
            err = caught(tampered)
            assert err.event == n, (agg.id, n, i, char, err.reason)
            tried += 1
    assert tried > 200


def test_a_changed_hash_or_link_is_named(exports):
    _agg, lines = exports[1]
    header, entries = split(lines)
    n = len(entries) // 3
    bad = copy.deepcopy(entries)
    bad[n - 1]["hash"] = "f" * 64
    assert caught(dump(header, bad)).event == n  # its own hash, then event n+1's link
    bad = copy.deepcopy(entries)
    bad[n - 1]["prev"] = "0" * 64
    assert caught(dump(header, bad)).event == n


def test_an_event_line_that_is_not_json_is_named(exports):
    _agg, lines = exports[0]
    tampered = list(lines)
    tampered[17] = lines[17][:-1]  # the closing brace cut off
    err = caught(tampered)
    assert err.event == 17
    assert "not a valid log line" in err.reason


# --- one event dropped -------------------------------------------------------------------------


def test_a_dropped_event_is_named(exports):
    rng = random.Random(7)
    for agg, lines in exports:
        _header, entries = split(lines)
        decision = find(entries, lambda e: e["kind"] == "decision")
        last = len(entries)
        for n in {1, 2, decision, rng.randrange(3, last), last - 1, last}:
            tampered = lines[:n] + lines[n + 1:]
            err = caught(tampered)
            assert err.event == n, (agg.id, n, err.reason)


def test_a_dropped_event_renumbered_is_still_named(exports):
    """Dropping an event and renumbering the rest keeps the numbers; the link breaks."""
    for agg, lines in exports:
        header, entries = split(lines)
        for n in (1, len(entries) // 2):
            rest = copy.deepcopy(entries[:n - 1] + entries[n:])
            for i, e in enumerate(rest, 1):
                e["n"] = i
            err = caught(dump(header, rest))
            assert err.event == n, (agg.id, n, err.reason)


def test_a_truncated_log_of_a_finished_duel_names_the_missing_event(exports):
    """Even with the chain rebuilt, dropping the final DuelEnded fails the re-judge check."""
    for _agg, lines in exports:
        header, entries = split(lines)
        assert entries[-1]["payload"]["type"] == "DuelEnded"
        err = caught(rehash(header, entries[:-1]))
        assert err.event == len(entries)


# --- two events swapped ------------------------------------------------------------------------


def test_two_swapped_events_are_named_by_the_first(exports):
    rng = random.Random(11)
    for agg, lines in exports:
        last = len(lines) - 1
        pairs = [(1, 2), (last - 1, last)]
        for _ in range(4):
            i = rng.randrange(1, last)
            pairs.append((i, i + 1))
            j = rng.randrange(1, last)
            k = rng.randrange(1, last)
            if j != k:
                pairs.append((min(j, k), max(j, k)))
        for i, j in pairs:
            tampered = list(lines)
            tampered[i], tampered[j] = lines[j], lines[i]
            err = caught(tampered)
            assert err.event == i, (agg.id, i, j, err.reason)


def test_two_swapped_events_with_their_numbers_rewritten_are_named_by_the_first(exports):
    for agg, lines in exports:
        header, entries = split(lines)
        for i, j in ((3, 4), (10, 40), (len(entries) - 2, len(entries) - 1)):
            swapped = copy.deepcopy(entries)
            swapped[i - 1], swapped[j - 1] = swapped[j - 1], swapped[i - 1]
            swapped[i - 1]["n"], swapped[j - 1]["n"] = i, j
            err = caught(dump(header, swapped))
            assert err.event == i, (agg.id, i, j, err.reason)


def test_two_swapped_facts_with_the_chain_rebuilt_fail_the_rejudge(exports):
    for agg, lines in exports:
        header, entries = split(lines)
        facts = [e["n"] for e in entries if e["kind"] == "fact"]
        for i, j in ((facts[2], facts[3]), (facts[10], facts[40])):
            while entries[i - 1]["payload"] == entries[j - 1]["payload"]:
                j = facts[facts.index(j) + 1]  # swapping two equal facts changes nothing
            swapped = copy.deepcopy(entries)
            swapped[i - 1], swapped[j - 1] = swapped[j - 1], swapped[i - 1]
            err = caught(rehash(header, swapped))
            assert err.event == i, (agg.id, i, j, err.reason)
            assert "rules" in err.reason


def test_a_decision_swapped_with_the_fact_before_it_and_the_chain_rebuilt(exports):
    """The decisions keep their order, so the re-judge runs; the first misplaced event is named."""
    for agg, lines in exports:
        header, entries = split(lines)
        for d in [e["n"] for e in entries if e["kind"] == "decision"][::25]:
            swapped = copy.deepcopy(entries)
            swapped[d - 2], swapped[d - 1] = swapped[d - 1], swapped[d - 2]
            err = caught(rehash(header, swapped))
            assert err.event == d - 1, (agg.id, d, err.reason)


# --- the header ----------------------------------------------------------------------------------

SETUP_CHANGES = {
    "a player's name": lambda s: s["players"][0].__setitem__("name", "Mallory"),
    "a fighter": lambda s: s["players"][1].__setitem__(
        "fighter", "hikaru" if s["players"][1]["fighter"] != "hikaru" else "cadenza"),
    "a starting discard": lambda s: s["players"][0]["discard_1"].reverse(),
    "who antes first": lambda s: s.__setitem__("first_to_ante", 1 - s["first_to_ante"]),
    "an option": lambda s: s["options"].__setitem__("special_actions",
                                                    not s["options"]["special_actions"]),
}


@pytest.mark.parametrize("change", SETUP_CHANGES.values(), ids=SETUP_CHANGES.keys())
def test_an_altered_setup_is_caught_at_the_header(exports, change):
    for _agg, lines in exports:
        header, entries = split(lines)
        header = copy.deepcopy(header)
        change(header["setup"])
        err = caught(dump(header, entries))
        assert err.event == 0
        assert "setup" in err.reason


def test_an_altered_setup_with_a_new_header_hash_breaks_the_first_link(exports):
    _agg, lines = exports[0]
    header, entries = split(lines)
    header = copy.deepcopy(header)
    header["setup"]["first_to_ante"] = 1 - header["setup"]["first_to_ante"]
    header["hash"] = genesis_hash(header["duel"], header["setup"], header["labels"], None, None)
    assert caught(dump(header, entries)).event == 1


def test_an_altered_parent_or_fork_point_is_caught_at_the_header(exports):
    _agg, lines = exports[0]
    header, entries = split(lines)
    for key, value in (("parent", "00000000-0000-0000-0000-000000000000"), ("fork_at", 3)):
        forged = dict(header, **{key: value})
        assert caught(dump(forged, entries)).event == 0


def test_altered_labels_are_caught_at_the_header(exports):
    _agg, lines = exports[0]
    header, entries = split(lines)
    forged = dict(header, labels={**header["labels"], "round": "Final"})
    assert caught(dump(forged, entries)).event == 0


def test_a_log_that_is_not_a_log_is_refused(exports):
    _agg, lines = exports[0]
    header, entries = split(lines)
    assert caught([]).event is None
    assert caught(["not json", *lines[1:]]).event is None
    assert caught(dump(dict(header, format="battlecon-log/3"), entries)).event is None


# --- a consistent chain over facts the rules do not produce ---------------------------------------


def forge_fact(exports, type_: str, key: str, delta: int):
    for agg, lines in exports:
        header, entries = split(lines)
        for e in entries:
            if e["kind"] == "fact" and e["payload"]["type"] == type_:
                forged = copy.deepcopy(entries)
                forged[e["n"] - 1]["payload"][key] += delta
                yield agg, e["n"], rehash(header, forged)
                break


@pytest.mark.parametrize("type_, key, delta", [("DamageDealt", "amount", 1),
                                               ("Moved", "end", -1),
                                               ("BecameActive", "player", 1),
                                               ("BeatBegan", "beat", 1)])
def test_rehashed_facts_the_rules_do_not_produce_fail_the_rejudge(exports, type_, key, delta):
    forged_any = False
    for agg, n, forged in forge_fact(exports, type_, key, delta):
        err = caught(forged)
        assert err.event == n, (agg.id, n, err.reason)
        assert "rules" in err.reason
        forged_any = True
    assert forged_any


def test_a_rehashed_rule_change_fails_the_rejudge(exports):
    for agg, lines in exports:
        header, entries = split(lines)
        n = find(entries, fact_of("DamageDealt"))
        forged = copy.deepcopy(entries)
        forged[n - 1]["payload"]["rule"] = "R99"
        assert caught(rehash(header, forged)).event == n, agg.id


def test_a_change_of_wording_alone_still_verifies(exports):
    """Narrative text is presentation (issue 9): a release that words a fact differently
    must not make the logs of earlier releases fail; the chain covers the text as stored."""
    for agg, lines in exports:
        header, entries = split(lines)
        n = find(entries, fact_of("DamageDealt"))
        reworded = copy.deepcopy(entries)
        reworded[n - 1]["payload"]["text"] = reworded[n - 1]["payload"]["text"].upper()
        assert verify_log(rehash(header, reworded))["events"] == len(entries), agg.id


def test_a_rehashed_inserted_fact_fails_the_rejudge(exports):
    for agg, lines in exports:
        header, entries = split(lines)
        n = find(entries, fact_of("DamageDealt"))
        forged = copy.deepcopy(entries)
        forged.insert(n, copy.deepcopy(forged[n - 1]))  # the damage dealt twice
        assert caught(rehash(header, forged)).event == n + 1, agg.id


def test_a_rehashed_missing_fact_fails_the_rejudge(exports):
    for agg, lines in exports:
        header, entries = split(lines)
        n = find(entries, fact_of("DamageDealt"))
        forged = entries[:n - 1] + entries[n:]
        assert caught(rehash(header, forged)).event == n, agg.id


def other_option(agg, n: int) -> dict:
    """Another legal decision by the same player at event n (a decision)."""
    before = Duel.restore(agg.setup)
    for e in agg.duel.events[:n - 1]:
        before.absorb(*e)
    played = agg.duel.events[n - 1][1]
    return next(o for o in before.prompt["options"]
                if o["player"] == played["player"] and o != played)


def test_a_rehashed_other_legal_last_decision_fails_the_rejudge(exports):
    """The last decision replaced by another legal one, its old facts kept: the first fact
    that no longer follows from it is named."""
    for agg, lines in exports:
        header, entries = split(lines)
        n = [e["n"] for e in entries if e["kind"] == "decision"][-1]
        forged = copy.deepcopy(entries)
        forged[n - 1]["payload"] = other_option(agg, n)
        err = caught(rehash(header, forged))
        # the first event after it that differs from what the engine makes of the decisions
        duel = Duel.from_record({**agg.duel.to_record(), "decisions": [
            e["payload"] for e in forged if e["kind"] == "decision"]})
        rejudged = [p if k == "decision" else p.to_json() for k, p in duel.events]
        first = next(i for i, (e, r) in enumerate(zip(forged, rejudged, strict=False), 1)
                     if e["payload"] != r)
        assert first > n
        assert err.event == first, (agg.id, n, err.reason)
        assert "rules" in err.reason


def _illegal_move(agg, entries: list[dict]) -> tuple[list[dict], int]:
    n = find(entries, lambda e: e["kind"] == "decision" and e["payload"]["kind"] == "move")
    forged = copy.deepcopy(entries)
    forged[n - 1]["payload"]["to"] = 9  # off the board
    return forged, n


def _two_decisions_swapped(agg, entries: list[dict]) -> tuple[list[dict], int]:
    """Beat 2's first attack pair swapped with a later decision of the other player."""
    decisions = [e for e in entries if e["kind"] == "decision"]
    first = decisions[4]
    later = next(e for e in decisions[5:] if e["payload"]["player"] != first["payload"]["player"]
                 and e["payload"]["kind"] != "attack_pair")
    forged = copy.deepcopy(entries)
    i, j = first["n"], later["n"]
    forged[i - 1]["payload"], forged[j - 1]["payload"] = later["payload"], first["payload"]
    # Named at the moved decision when the rules refuse it there, else at the first fact
    # after it that the rules do not produce (a forger who rehashes leaves no other trace).
    return forged, (i, i + 1)


def _other_first_pair(agg, entries: list[dict]) -> tuple[list[dict], int]:
    """Another legal first attack pair; the decisions after it no longer fit the hand."""
    n = find(entries, lambda e: e["kind"] == "decision")
    forged = copy.deepcopy(entries)
    forged[n - 1]["payload"] = other_option(agg, n)
    return forged, n + 1  # its PairSelected fact is the first event the rules do not produce


@pytest.mark.parametrize("forge", [_illegal_move, _two_decisions_swapped, _other_first_pair],
                         ids=["illegal decision", "two decisions swapped",
                              "other legal decision"])
def test_a_refused_rejudge_names_the_first_bad_event(exports, forge):
    for agg, lines in exports:
        header, entries = split(lines)
        forged, n = forge(agg, entries)
        err = caught(rehash(header, forged))
        assert err.event in (n if isinstance(n, tuple) else (n,)), (agg.id, n, err.reason)


# --- forks and corrections verify -------------------------------------------------------------------


def decision_points(agg) -> list[int]:
    """Event numbers after which the duel waited for a decision (the next event is one)."""
    return [n for n, (kind, _e) in enumerate(agg.duel.events) if kind == "decision"]


def continue_duel(app: JudgeApp, duel_id, seed: int, decisions: int):
    rng = random.Random(seed)
    for _ in range(decisions):
        duel = app.record(duel_id).duel
        if duel.over:
            break
        app.decide(duel_id, choose(duel, rng), actor="test")
    return app.record(duel_id)


def test_forked_duels_verify(app, exports):
    for i, (parent, _lines) in enumerate(exports[:3]):
        points = decision_points(parent)
        for at in (points[0], points[len(points) // 2], points[-1]):
            fork = app.fork(parent.id, at, actor="test")
            child = app.record(fork.duel_id)
            assert child.events_count == at
            assert [(k, p) for k, p in child.duel.events] == parent.duel.events[:at]
            child = continue_duel(app, fork.duel_id, seed=i * 100 + at, decisions=12)
            lines = list(log_lines(child))
            header, entries = split(lines)
            assert (header["parent"], header["fork_at"]) == (str(parent.id), at)
            assert [(e["n"], e["kind"], e["payload"]) for e in entries[:at]] == [
                (e["n"], e["kind"], e["payload"]) for e in split(list(log_lines(parent)))[1][:at]]
            assert verify_log(lines)["events"] == child.events_count
            # and tampering in a fork is named as anywhere else
            tampered = list(lines)
            tampered[at + 1], tampered[at + 2] = lines[at + 2], lines[at + 1]
            if at + 2 < len(lines):
                assert caught(tampered).event == at + 1


def test_a_fork_of_a_fork_verifies(app, exports):
    parent = exports[2][0]
    at = decision_points(parent)[20]
    first = app.fork(parent.id, at)
    child = continue_duel(app, first.duel_id, seed=5, decisions=30)
    at2 = decision_points(child)[-3]
    second = app.fork(first.duel_id, at2)
    grandchild = continue_duel(app, second.duel_id, seed=6, decisions=10)
    header, _entries = split(list(log_lines(grandchild)))
    assert (header["parent"], header["fork_at"]) == (str(first.duel_id), at2)
    assert verify_log(list(log_lines(grandchild)))["events"] == grandchild.events_count


def test_every_accepted_fork_point_gives_a_log_that_verifies(app, exports):
    parent = exports[0][0]
    points = set(decision_points(parent))
    for at in [0, 1, 5] + [n for n in range(1, 60) if n not in points][:5]:
        try:
            fork = app.fork(parent.id, at)
        except StoreError:
            continue  # refusing a point the rules never stop at is fine
        verify_log(list(log_lines(app.record(fork.duel_id))))


@pytest.fixture(scope="module")
def in_progress(app: JudgeApp):
    """A duel stored part-way: the first 30 decisions of a longer duel."""
    record = play(25, "hikaru", "khadath").to_record()
    record["decisions"] = record["decisions"][:30]
    return app.create_duel(record, {"event": "Corrections"}).duel_id


def test_a_duel_with_a_judge_correction_verifies(app, in_progress):
    fork = app.fork(in_progress, app.record(in_progress).events_count)
    duel_id = fork.duel_id
    before = app.record(duel_id).events_count
    players = app.record(duel_id).duel.state.players
    corrected = app.correct(duel_id, {"0": {"life": players[0].life - 2, "stunned": False},
                                      "1": {"token_pool": list(players[1].token_pool)}},
                            rule="R16.2", text="The damage was miscounted.", actor="judge")
    assert corrected.events[0]["event"] == before + 1
    assert corrected.events[0]["decision"]["kind"] == "correction"
    assert corrected.events[1]["type"] == "CorrectionMade"
    agg = continue_duel(app, duel_id, seed=3, decisions=25)
    lines = list(log_lines(agg))
    assert verify_log(lines)["events"] == agg.events_count
    header, entries = split(lines)
    n = before + 1
    assert entries[n - 1]["payload"]["kind"] == "correction"
    assert "player" not in entries[n - 1]["payload"]
    # the correction's facts are checked like any other
    tampered = list(lines)
    tampered[n + 1] = lines[n + 1].replace('"after": ', '"after": 1', 1)
    assert caught(tampered).event == n + 1
    forged = copy.deepcopy(entries)
    forged[n]["payload"]["changes"][0]["after"] = 20
    err = caught(rehash(header, forged))
    assert err.event == n + 1 and "rules" in err.reason


def test_an_overturned_dispute_correction_verifies(app, in_progress):
    fork = app.fork(in_progress, app.record(in_progress).events_count)
    duel_id = fork.duel_id
    agg = app.record(duel_id)
    damage = max(n for n, (k, e) in enumerate(agg.duel.events, 1)
                 if k == "fact" and e.to_json()["type"] == "DamageDealt")
    dispute = app.open_dispute(duel_id, damage, "The soak was not counted.", "ana")
    life = agg.duel.state.players[1].life
    resolved = app.resolve(dispute.id, "overturned", "Soak 1 applies.", "R8.1d", "head-judge",
                           correction={"players": {"1": {"life": min(20, life + 1)}}})
    n = resolved.resolution["correction_event"]
    agg = app.record(duel_id)
    assert agg.duel.events[n - 1][1]["dispute"] == str(dispute.id)
    lines = list(log_lines(agg))
    assert verify_log(lines)["events"] == agg.events_count
    agg = continue_duel(app, duel_id, seed=9, decisions=20)
    assert verify_log(list(log_lines(agg)))["events"] == agg.events_count


def test_a_correction_stored_in_the_export_reimports_and_verifies(app, in_progress, tmp_path):
    """The record export of a corrected duel holds the correction entry; it re-judges."""
    from events.export import record_of

    fork = app.fork(in_progress, app.record(in_progress).events_count)
    app.correct(fork.duel_id, {"1": {"stunned": True}}, rule="R16.2", text="Stun missed.")
    agg = continue_duel(app, fork.duel_id, seed=4, decisions=6)
    record = record_of(agg)
    assert any(d.get("kind") == "correction" for d in record["decisions"])
    again = app.record(app.create_duel(record, record.get("labels")).duel_id)
    assert [(k, p if k == "decision" else p.to_json()) for k, p in again.duel.events] == [
        (k, p if k == "decision" else p.to_json()) for k, p in agg.duel.events]
    assert verify_log(list(log_lines(again)))["events"] == agg.events_count
    # The record itself is not signed: it verifies, naming the correction only the log
    # vouches for.
    found = verify_file(json.dumps(record))
    assert found["corrections"] and found["events"] == len(again.duel.events)


# --- the record format: corrections and labels in the schema -------------------------------------------


def test_a_corrected_duel_exports_a_record_the_schema_accepts(app, in_progress):
    jsonschema = pytest.importorskip("jsonschema")
    import judge.battlecon as judge
    from events.export import record_of

    validator = jsonschema.Draft202012Validator(judge.schema())
    fork = app.fork(in_progress, app.record(in_progress).events_count)
    players = app.record(fork.duel_id).duel.state.players
    app.correct(fork.duel_id, {"0": {"life": 9, "hand": list(players[0].hand),
                                     "token_pool": list(players[0].token_pool)}},
                {"1:gate-trap": None}, rule="R8.1d", text="Fixed.", dispute="d-1")
    record = record_of(app.record(fork.duel_id))
    assert record["labels"] == {"event": "Corrections"}
    assert record["decisions"][-1]["kind"] == "correction"
    assert [e.message for e in validator.iter_errors(record)] == []
    entry = record["decisions"][-1]
    for bad in ({**entry, "player": 0}, {**entry, "players": {"2": {}}},
                {**entry, "players": {"0": {"life": 21}}},
                {**entry, "players": {"0": {"deck": []}}},
                {**entry, "markers": {"gate-trap": 3}}, {**entry, "kind": "fix"}):
        assert not validator.is_valid({**record, "decisions": [bad]}), bad
    assert not validator.is_valid({**record, "labels": {"round": 3}})


def test_the_correction_example_in_the_docs_is_valid_and_judged(tmp_path):
    import re

    jsonschema = pytest.importorskip("jsonschema")
    import judge.battlecon as judge

    text = (Path(__file__).resolve().parents[2] / "docs" / "record-format.md").read_text("utf-8")
    section = text.split("## Judge corrections", 1)[1].split("\n## ", 1)[0]
    example = json.loads(re.search(r"```json\n(.*?)```", section, re.S).group(1))
    labels = json.loads("{" + re.search(r'```json\n("labels".*?)```',
                                        text.split("## Labels", 1)[1], re.S).group(1) + "}")
    record = {**play(1, "hikaru", "khadath").to_record(), **labels}
    record["decisions"] = record["decisions"][:2] + [example]
    assert [e.message for e in jsonschema.Draft202012Validator(
        judge.schema()).iter_errors(record)] == []
    duel = Duel.from_record(record)
    corrected = [e.to_json() for k, e in duel.events if k == "fact"
                 and e.to_json()["type"] == "CorrectionMade"]
    assert [c["dispute"] for c in corrected] == [example["dispute"]]
    assert corrected[0]["changes"] == example["changes"]
    assert duel.state.players[1].life == 13 and duel.state.players[0].space == 2
    assert duel.state.markers[(1, "gate-trap")] == 5
