"""``judge analyse``: a beat start as a matrix game, as JSON (the public contract of
docs/analysis.md) or as a table in the game's words; errors exit 2 with a clear message."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from api.cli import main
from tests.judge.analysis.small import POSITIONS, record

POS = POSITIONS["hikaru-khadath"]
KEYS = {"beat", "evaluation", "pairs", "table", "lines", "clashes", "mix", "value", "pruned"}


def write(tmp_path: Path, data: object, name: str = "duel.json") -> str:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), "utf-8")
    return str(path)


def analyse(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["analyse", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_json_is_the_contract(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = analyse(capsys, write(tmp_path, record(POS)), "--beat", "1", "--json")
    assert code == 0
    data = json.loads(out)
    assert KEYS <= set(data) and data["beat"] == 1
    rows, cols = data["pairs"]
    assert len(rows) == 4 and len(cols) == 4  # two Styles by two Bases each
    assert rows[0][0] == {"player": 0, "kind": "attack_pair", "style": "focused",
                          "base": "dash"}
    assert len(data["table"]) == 4 and len(data["lines"][0]) == 4
    assert data["lines"][0][0][:2] == [rows[0][0], cols[0][0]]
    assert sum(data["mix"][0]) == pytest.approx(1.0) and sum(data["mix"][1]) == pytest.approx(1.0)


def test_at_and_position_give_the_same_analysis(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    _, by_beat, _ = analyse(capsys, write(tmp_path, record(POS)), "--beat", "1", "--json")
    _, by_at, _ = analyse(capsys, write(tmp_path, record(POS)), "--at", "0", "--json")
    code, by_position, _ = analyse(capsys, "--position", write(tmp_path, POS, "pos.json"),
                                   "--json")
    assert code == 0 and json.loads(by_beat) == json.loads(by_at) == json.loads(by_position)


def test_the_table_in_the_games_words(tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = analyse(capsys, write(tmp_path, record(POS)), "--beat", "1")
    assert code == 0
    assert "Beat 1: 4 choices for Player 0 against 4 for Player 1." in out
    assert "Focused Dash" in out and "Hunter's Grasp" in out
    assert "Value for Player 0: -3.00." in out
    assert "Player 0 plays Focused Strike (a pure strategy):" in out


@pytest.mark.parametrize(("args", "words"), [
    (["--beat", "7"], "Beat 7 does not start in this duel; beats that do: 1."),
    (["--at", "99"], "--at must be between 0 and"),
    ([], "Name the beat start: --beat B or --at N"),
])
def test_no_such_beat_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                              args: list[str], words: str) -> None:
    code, out, err = analyse(capsys, write(tmp_path, record(POS)), *args)
    assert code == 2 and out == "" and words in err


def test_a_finished_duel_has_no_beat_start_left(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    over = record(POS, [{"player": 1, "kind": "concede"}])
    code, _, err = analyse(capsys, write(tmp_path, over), "--at", "3")
    assert code == 2 and "No beat starts at or after event 3: the duel is over." in err
    code, _, err = analyse(capsys, write(tmp_path, over), "--beat", "2")
    assert code == 2 and "(the duel is over)" in err


@pytest.mark.parametrize(("content", "words"), [
    ("{not json", "is not valid JSON"),
    (json.dumps({"format": "battlecon-record/1"}), "judge: "),
])
def test_a_bad_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                            content: str, words: str) -> None:
    code, out, err = analyse(capsys, write(tmp_path, content), "--beat", "1")
    assert code == 2 and out == "" and words in err


def test_a_bad_position_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = analyse(capsys, "--position", write(tmp_path, {"format": "x"}, "p.json"))
    assert code == 2 and "--position needs a battlecon-position/1 JSON object." in err
    code, _, err = analyse(capsys, "--position", str(tmp_path / "missing.json"))
    assert code == 2 and "Cannot read" in err


def test_a_ruleset_without_an_analysis_refuses() -> None:
    from judge import registry
    from judge.errors import RecordError

    rules = registry.find("artobattlers")
    assert rules.analyses is False and registry.find("battlecon-2014").analyses is True
    with pytest.raises(RecordError, match="offers no analysis"):
        rules.analyse(None, beat=1)
