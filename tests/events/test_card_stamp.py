"""A duel is stamped with the card data it is judged under (issue 9, item 5): it goes on
only under that data; re-judging it under today's cards (after an errata) is an explicit
fork, and verify reports such a re-judge apart from tampering."""

from __future__ import annotations

import json

import pytest

from api.cli import main as judge_cli
from events.app import JudgeApp
from events.errors import IntegrityCheckError
from events.export import log_lines, verify_log
from judge import registry
from judge.battlecon import cardset
from judge.battlecon.playout import play, record_setup
from judge.errors import IllegalDecisionError, RecordError
from tests.events.test_integrity import rehash, split

OLD = "cards-0000000000000000"  # card data from before an (imagined) errata


def test_a_new_duel_is_stamped_with_todays_card_data() -> None:
    setup = registry.default().parse_setup(record_setup("hikaru", "khadath"))
    assert setup["cards"] == cardset.todays(setup) == cardset.version(("khadath", "hikaru"))
    other = registry.default().parse_setup(record_setup("cadenza", "khadath"))
    assert other["cards"] != setup["cards"] and other["cards"].startswith("cards-")


def test_a_malformed_stamp_is_refused_naming_the_field() -> None:
    with pytest.raises(RecordError) as err:
        registry.default().parse_setup({**record_setup("hikaru", "khadath"), "cards": 7})
    assert err.value.field == "cards"


def test_a_duel_stamped_with_other_cards_takes_no_new_decision() -> None:
    duel = registry.from_record({**record_setup("hikaru", "khadath"), "cards": OLD})
    with pytest.raises(IllegalDecisionError) as err:
        duel.decide(duel.prompt["options"][0])
    assert err.value.rule == "cards" and "fork it with today's cards" in err.value.reason
    with pytest.raises(RecordError, match="recorded under card data cards-0000"):
        registry.from_record({**play(2, "hikaru", "khadath").to_record(), "cards": OLD})


def test_forking_with_todays_cards_rejudges_and_goes_on() -> None:
    store = JudgeApp(db=":memory:")
    try:
        old = store.create_duel({**record_setup("hikaru", "khadath"), "cards": OLD})
        agg = store.record(old.duel_id)
        with pytest.raises(IllegalDecisionError):
            store.decide(old.duel_id, agg.duel.prompt["options"][0])
        fork = store.fork(old.duel_id, agg.events_count, todays_cards=True)
        child = store.record(fork.duel_id)
        assert child.setup["cards"] == cardset.todays(child.setup) and child.parent == str(
            old.duel_id)
        assert store.decide(fork.duel_id, child.duel.prompt["options"][0]).version > \
            fork.version
    finally:
        store.close()


def _log_of_old_duel() -> tuple[dict, list[dict]]:
    store = JudgeApp(db=":memory:")
    try:
        made = store.create_duel(play(4, "kallistar", "khadath").to_record())
        header, entries = split(list(log_lines(store.record(made.duel_id))))
    finally:
        store.close()
    header["setup"] = {**header["setup"], "cards": OLD}
    return header, entries


def test_verify_fails_a_log_stamped_with_card_data_this_release_does_not_have(tmp_path,
                                                                              capsys):
    """Issue 26's definition (and issue 27, item 9): a stamp changed to explain away altered
    damage must not pass. Re-judged under the stamped cards, or not at all."""
    header, entries = _log_of_old_duel()
    with pytest.raises(IntegrityCheckError) as err:
        verify_log(rehash(header, entries))
    assert err.value.event == 0 and OLD in err.value.reason
    n = next(i for i, e in enumerate(entries, 1) if e["payload"].get("type") == "DamageDealt")
    entries[n - 1]["payload"]["amount"] += 1  # what a forger would change
    path = tmp_path / "old.log.jsonl"
    path.write_text("\n".join(rehash(header, entries)) + "\n")
    assert judge_cli(["verify", str(path)]) == 1
    out = capsys.readouterr()
    assert f"judged under card data {OLD}" in out.out + out.err
    assert "--card-errata" in out.out + out.err


def test_verify_still_names_the_first_difference_under_todays_cards(tmp_path) -> None:
    header, entries = _log_of_old_duel()
    header["setup"] = {**header["setup"], "cards": cardset.todays(header["setup"])}
    n = next(i for i, e in enumerate(entries, 1) if e["payload"].get("type") == "DamageDealt")
    entries[n - 1]["payload"]["amount"] += 1
    with pytest.raises(IntegrityCheckError) as err:
        verify_log(rehash(header, entries))
    assert err.value.event == n


def test_release1_setups_carry_no_stamp_and_go_on_under_todays_cards() -> None:
    record = json.loads(open("examples/comic-beat-1.json", encoding="utf-8").read())
    setup = {k: v for k, v in registry.default().parse_setup(record).items() if k != "cards"}
    duel = registry.default().restore(setup)
    assert duel.stale_cards is None
