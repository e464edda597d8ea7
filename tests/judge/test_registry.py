"""The registry and BattleCON behind the ruleset interface (judge.ruleset)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from judge import registry
from judge.errors import RecordError
from judge.ruleset import Ruleset

ROOT = Path(__file__).resolve().parents[2]
COMIC = json.loads((ROOT / "examples" / "comic-beat-1.json").read_text("utf-8"))


def test_battlecon_is_the_default_and_found_by_name_or_format() -> None:
    rules = registry.find("battlecon-2014")
    assert registry.default() is rules and isinstance(rules, Ruleset)
    assert registry.of_record({k: v for k, v in COMIC.items() if k != "ruleset"}) is rules
    assert registry.of_setup({"players": []}) is rules  # release 1's setups name none


@pytest.mark.parametrize("record, field", [
    ({**COMIC, "ruleset": "battlecon-2099"}, "ruleset"),
    ({"format": "pgn/1"}, "format"),
    ({**COMIC, "ruleset": 7}, "ruleset"),
])
def test_an_unknown_ruleset_or_format_is_a_record_error_naming_the_field(record, field) -> None:
    with pytest.raises(RecordError) as err:
        registry.from_record(record)
    assert err.value.field == field


def test_a_second_ruleset_under_a_taken_name_is_refused() -> None:
    impostor = type(registry.default())()
    with pytest.raises(ValueError, match="already registered"):
        registry.register(impostor)
    assert registry.register(registry.default()) is registry.default()


def test_a_new_setup_names_its_ruleset() -> None:
    assert registry.default().parse_setup(COMIC)["ruleset"] == "battlecon-2014"


def test_the_outcome_is_a_value() -> None:
    duel = registry.from_record({**COMIC, "decisions": []})
    assert duel.outcome is None
    duel.decide({"player": 1, "kind": "concede"})
    assert duel.outcome.to_json() == {"winner": 0, "draw": False, "reason": "concession"}
    assert duel.prompt is None


def test_prompts_say_who_decides() -> None:
    duel = registry.from_record({**COMIC, "decisions": []})
    assert (duel.prompt["kind"], duel.prompt["decider"], duel.prompt["players"]) == (
        "attack_pair", "simultaneous", [0, 1])
    duel = registry.from_record(COMIC)
    assert (duel.prompt["kind"], duel.prompt["decider"]) == ("move", "player")


def test_secret_choices_and_their_reveal() -> None:
    rules = registry.default()
    duel = registry.from_record(COMIC)
    secret = [e for k, e in duel.events if k == "decision" and rules.is_secret(e)]
    assert [d["kind"] for d in secret] == ["attack_pair", "attack_pair"]
    reveals = [e for k, e in duel.events if k == "fact" and rules.is_reveal(e)]
    assert [type(f).__name__ for f in reveals] == ["PairsRevealed"]


def test_index_marks_and_summary() -> None:
    rules = registry.default()
    duel = registry.from_record(COMIC)
    state = rules.initial_state(duel.setup)
    marks = []
    for kind, e in duel.events:
        if kind == "fact":
            e.run(state)
            mark = rules.index_mark(state, e)
            if mark:
                marks.append((mark.entry["step"], mark.round_start))
    assert marks[:3] == [("select", True), ("ante", False), ("reveal", False)]
    summary = rules.summary(duel)
    assert [(p["fighter"], p["life"], p["space"]) for p in summary["players"]] == [
        ("hikaru", 20, 6), ("khadath", 13, 7)]
    assert (summary["beat"], summary["status"]) == (1, "in_progress")


def test_schemas_and_catalogue() -> None:
    rules = registry.default()
    schemas = rules.schemas()
    assert schemas["record"]["properties"]["format"]
    assert "oneOf" in schemas["decision"] or "anyOf" in schemas["decision"]
    fighters = [f["id"] for f in rules.catalogue()["fighters"]]
    assert fighters == ["cadenza", "cherri", "demitras", "heketch", "hepzibah", "hikaru",
                        "kallistar", "kehrolyn", "khadath", "lixis", "luc", "magdelina",
                        "rukyuk", "sagas", "seth", "tatsumi", "vanaah", "zaamassal"]


def test_teaching_questions_come_from_the_ruleset() -> None:
    rules = registry.default()
    duel = registry.from_record(COMIC)
    asked = [(type(e).__name__, rules.teaching_question(duel.setup, e)) for k, e in duel.events
             if k == "fact" and rules.teaching_question(duel.setup, e)]
    name, active = asked[0]
    assert name == "BecameActive" and active["text"] == "Who becomes the Active Player?"
    assert [a["label"] for a in active["answers"]] == ["Hikaru Sorayama (Ana)",
                                                      "Khadath Ahemusei (Ben)"]
    assert [a["right"] for a in active["answers"]].count(True) == 1
    hit = next(q for n, q in asked if n in ("Hit", "Missed"))
    assert hit["text"].endswith("'s attack hit?")
    assert [a["label"] for a in hit["answers"]] == ["Yes, it hits", "No, it misses"]


def test_card_and_fighter_ids_are_unique_in_the_ruleset() -> None:
    from dataclasses import replace

    from judge.battlecon.cards import Card
    from judge.battlecon.fighters import register
    from judge.battlecon.kits import _CARDS, _FIGHTERS
    from judge.battlecon.roster import fighter

    hikaru = fighter("hikaru")
    before = (dict(_FIGHTERS), dict(_CARDS))
    impostor = replace(hikaru, id="hikaru-2", name="Impostor",
                       unique_base=Card("snare", "Another Snare", "base", fighter="hikaru-2"))
    with pytest.raises(ValueError, match="Card id 'snare' of Impostor is already registered"):
        register(impostor)
    with pytest.raises(ValueError, match="Fighter id 'hikaru' is already registered"):
        register(replace(hikaru, name="Hikaru again"))
    assert (dict(_FIGHTERS), dict(_CARDS)) == before  # nothing half-registered
    assert register(hikaru) is hikaru  # the same fighter again is harmless


def test_a_card_declaring_an_unknown_hook_is_refused_and_nothing_is_registered() -> None:
    """The index of kits is a leaf below the hooks: the hook-name check reaches it from
    ``hooks.py`` (``kits.check_cards_with``), and still refuses a kit before registering
    any of it."""
    from dataclasses import replace

    from judge.battlecon.cards import Card
    from judge.battlecon.fighters import register
    from judge.battlecon.kits import _CARDS, _FIGHTERS
    from judge.battlecon.roster import fighter

    before = (dict(_FIGHTERS), dict(_CARDS))
    typo = replace(fighter("hikaru"), id="hikaru-typo", name="Typo",
                   unique_base=Card("typo-base", "Typo Base", "base", fighter="hikaru-typo",
                                    hooks={"dodges": print}))
    with pytest.raises(ValueError, match="Typo Base declares an unknown hook 'dodges'"):
        register(typo)
    assert (dict(_FIGHTERS), dict(_CARDS)) == before


def test_errata_make_the_caches_built_from_cards_forget_them() -> None:
    """The hooks' layers and the card-data versions are built from card objects; the index
    of kits calls what they handed it (``kits.on_errata``) when errata correct the cards."""
    from judge.battlecon import cardset, hooks, kits
    from judge.battlecon.carddata import Choice

    assert hooks.forget_cards in kits._ON_ERRATA
    assert cardset.version.cache_clear in kits._ON_ERRATA
    before = cardset.version(("hikaru", "khadath"))
    try:
        kits.apply_errata([Choice("strike", "power", 5, (), "erratum", "errata.toml")])
        assert cardset.version(("hikaru", "khadath")) != before
    finally:
        kits.apply_errata([])
    assert cardset.version(("hikaru", "khadath")) == before
