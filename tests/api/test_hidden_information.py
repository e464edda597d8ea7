"""Trust the record, item 3: a face-down choice stays face down until it is revealed.

Until its reveal, a secret choice (an attack pair, a Clash base) is shown only to the
scorekeeper who recorded it and to judges. Everyone else (another scorekeeper, anonymous
readers) sees that a choice was made, not what: the state, the events, the record and
the log. Their record and log stop before the secret, still verify, and say so. After the
reveal, or once the duel is over, everyone sees everything.
"""

from __future__ import annotations

import pytest
from jsonschema import Draft202012Validator

from api.auth import create_token
from events.export import verify_file
from judge import registry
from tests.api.conftest import bearer, create, holder, partial_record, setup_record
from tests.api.test_api import decide

ONLOOKERS = ("anonymous", "other_scorekeeper")
SEE_ALL = ("scorekeeper", "judge", "head_judge")  # the recorder, and judges


@pytest.fixture
def readers(store, tokens) -> dict[str, str | None]:
    """Every kind of reader: each role's token, a second scorekeeper's, and nobody's."""
    return {**tokens, "anonymous": None,
            "other_scorekeeper": create_token(store, "scorekeeper", "scorekeeper-kim")}


def get(client, token, path):
    resp = client.get(path, headers=bearer(token))
    assert resp.status_code == 200, resp.get_json()
    return resp


def pair_of_player_0(client, token) -> tuple[str, dict]:
    """A new duel in which the scorekeeper has laid player 0's pair face down."""
    duel = create(client, token, setup_record())["id"]
    prompt = get(client, None, f"/api/duels/{duel}/prompt").get_json()["prompt"]
    choice = next(o for o in prompt["options"] if o["player"] == 0)
    version = get(client, None, f"/api/duels/{duel}").get_json()["version"]
    resp = decide(client, token, duel, choice, version=version)
    assert resp.status_code == 201, resp.get_json()
    return duel, choice


def views(client, token, duel) -> dict:
    base = f"/api/duels/{duel}"
    record = get(client, token, f"{base}/record")
    log = get(client, token, f"{base}/log")
    return {"state": get(client, token, f"{base}/state").get_json(),
            "events": get(client, token, f"{base}/events").get_json()["events"],
            "record": record.get_json(), "record_withheld": record.headers.get("X-Withheld-From"),
            "log": log.get_json(), "log_withheld": log.headers.get("X-Withheld-From")}


@pytest.mark.parametrize("reader", ONLOOKERS)
def test_an_onlooker_sees_that_a_pair_was_laid_not_which(client, tokens, readers, reader):
    duel, choice = pair_of_player_0(client, tokens["scorekeeper"])
    seen = views(client, readers[reader], duel)
    me = seen["state"]["players"][0]
    assert me["attack_pair"] == {"revealed": False, "hidden": True}
    state_schema().validate({k: v for k, v in seen["state"].items() if k != "event"})
    assert choice["style"] in me["hand"] and choice["base"] in me["hand"]  # among the hand
    decision = next(r for r in seen["events"] if r["type"] == "Decision")
    assert decision["data"] == {"kind": "attack_pair", "player": 0}
    assert "face down" in decision["text"]
    laid = next(r for r in seen["events"] if r["type"] == "PairSelected")
    assert laid["data"] == {"player": 0}
    for card in (choice["style"], choice["base"]):
        assert f"'{card}'" not in str(seen["events"])
    n = decision["event"]
    assert seen["record"]["decisions"] == [] and seen["record_withheld"] == str(n)
    assert len(seen["log"]["events"]) == n - 1 and seen["log_withheld"] == str(n)
    assert seen["log"]["header"]["withheld"]["from_event"] == n
    assert "not revealed yet" in seen["log"]["header"]["withheld"]["reason"]
    assert verify_file(_log_text(seen["log"]))["events"] == n - 1  # a prefix that verifies


@pytest.mark.parametrize("reader", SEE_ALL)
def test_the_recorder_and_judges_see_the_face_down_pair(client, tokens, readers, reader):
    duel, choice = pair_of_player_0(client, tokens["scorekeeper"])
    seen = views(client, readers[reader], duel)
    pair = seen["state"]["players"][0]["attack_pair"]
    assert (pair["style"], pair["base"], pair["revealed"]) == (choice["style"],
                                                               choice["base"], False)
    assert choice["style"] not in seen["state"]["players"][0]["hand"]
    assert seen["record"]["decisions"] == [choice] and seen["record_withheld"] is None
    assert len(seen["log"]["events"]) == len(seen["events"])
    assert "withheld" not in seen["log"]["header"] and seen["log_withheld"] is None
    laid = next(r for r in seen["events"] if r["type"] == "PairSelected")
    assert (laid["data"]["style"], laid["data"]["base"]) == (choice["style"], choice["base"])


def test_two_scorekeepers_each_see_only_their_own_pair(client, tokens, readers):
    duel, mine = pair_of_player_0(client, tokens["scorekeeper"])
    prompt = get(client, None, f"/api/duels/{duel}/prompt").get_json()
    theirs = prompt["prompt"]["options"][0]
    assert theirs["player"] == 1
    assert decide(client, readers["other_scorekeeper"], duel, theirs,
                  version=prompt["event"]).status_code == 201
    for reader, shown, hidden in (("scorekeeper", 0, 1), ("other_scorekeeper", 1, 0)):
        players = views(client, readers[reader], duel)["state"]["players"]
        assert "style" in players[shown]["attack_pair"], reader
        assert players[hidden]["attack_pair"] == {"revealed": False, "hidden": True}, reader
    seen = views(client, readers["scorekeeper"], duel)
    assert seen["record"]["decisions"] == [mine]  # stops before the other's secret
    assert seen["record_withheld"] == str(len(seen["log"]["events"]) + 1)
    judge = views(client, readers["judge"], duel)
    assert judge["record"]["decisions"] == [mine, theirs]


def test_after_the_reveal_everyone_sees_the_same(client, tokens, readers):
    record = partial_record(3)  # both pairs, an ante, then the Reveal (a Pulse)
    duel = create(client, tokens["scorekeeper"], record)["id"]
    seen = {r: views(client, readers[r], duel) for r in (*ONLOOKERS, *SEE_ALL)}
    assert all(v == seen["judge"] for v in seen.values())
    assert seen["anonymous"]["record"]["decisions"] == record["decisions"]
    assert seen["anonymous"]["state"]["players"][0]["attack_pair"]["revealed"] is True


def test_an_onlooker_sees_the_history_before_the_current_secret(client, tokens, readers):
    """The earlier beats are shown in full; only the pending secret is cut off."""
    record = partial_record(11)  # ends with both pairs of the third beat face down
    played = create(client, tokens["scorekeeper"], record)
    duel = played["id"]
    judge = views(client, readers["judge"], duel)
    onlooker = views(client, None, duel)
    secret = [i for i, d in enumerate(record["decisions"])
              if d["kind"] in ("attack_pair", "clash_base")]
    revealed = [r["event"] for r in judge["events"] if r["type"] in ("PairsRevealed",
                                                                     "ClashBasesRevealed")]
    pending = [n for n in range(len(record["decisions"]))
               if n in secret and _event_of(judge, n) > revealed[-1]]
    assert pending, "the test record must stop with a face-down choice"
    first = _event_of(judge, pending[0])
    assert onlooker["record"]["decisions"] == record["decisions"][:pending[0]]
    assert onlooker["log"]["events"] == judge["log"]["events"][:first - 1]
    assert onlooker["events"][:first - 1] == judge["events"][:first - 1]
    assert verify_file(_log_text(onlooker["log"]))["events"] == first - 1


def test_a_clash_base_is_hidden_but_the_style_and_covered_base_stay_shown(client, tokens):
    record = partial_record(27, seed=1)
    assert record["decisions"][-1]["kind"] == "clash_base"
    duel = create(client, tokens["scorekeeper"], record)["id"]
    p = record["decisions"][-1]["player"]
    full = views(client, tokens["judge"], duel)["state"]["players"][p]
    shown = views(client, None, duel)["state"]["players"][p]
    assert shown["attack_pair"] == {"revealed": False, "hidden": True,
                                    "style": full["attack_pair"]["style"],
                                    "under": full["attack_pair"]["under"]}
    assert shown["hand"] == sorted([*full["hand"], full["attack_pair"]["base"]])
    state = views(client, None, duel)["state"]
    state_schema().validate({k: v for k, v in state.items() if k != "event"})


def test_once_the_duel_is_over_nothing_is_hidden(client, tokens, readers):
    duel, choice = pair_of_player_0(client, tokens["scorekeeper"])
    version = get(client, None, f"/api/duels/{duel}").get_json()["version"]
    assert decide(client, tokens["scorekeeper"], duel, {"kind": "concede", "player": 1},
                  version=version).status_code == 201
    seen = views(client, None, duel)
    assert seen["state"]["players"][0]["attack_pair"]["style"] == choice["style"]
    assert seen["record"]["decisions"][0] == choice and seen["record_withheld"] is None


def test_the_recorder_is_whoever_imported_the_record(client, tokens, readers):
    record = partial_record(1)  # player 0's pair, face down
    duel = create(client, tokens["scorekeeper"], record)["id"]
    assert views(client, tokens["scorekeeper"], duel)["record"]["decisions"] == \
        record["decisions"]
    assert views(client, readers["other_scorekeeper"], duel)["record"]["decisions"] == []
    assert holder("scorekeeper") == "scorekeeper-sam"


def state_schema() -> Draft202012Validator:
    return Draft202012Validator(registry.default().schemas()["state"])


def _event_of(seen: dict, index: int) -> int:
    """The event number of the index-th decision."""
    return [r["event"] for r in seen["events"] if r["type"] == "Decision"][index]


def _log_text(log: dict) -> str:
    import json

    return json.dumps(log)


def test_judge_verify_says_an_onlookers_log_is_a_prefix(client, tokens, tmp_path, capsys):
    from api.cli import main

    duel, _ = pair_of_player_0(client, tokens["scorekeeper"])
    path = tmp_path / "onlooker.log.json"
    path.write_text(_log_text(views(client, None, duel)["log"]), "utf-8")
    assert main(["verify", str(path)]) == 0
    out = capsys.readouterr().out
    assert ": ok (log, 1 events)" in out and "stops before event 2" in out
    assert "not yet revealed" in out
