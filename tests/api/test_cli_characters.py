"""``judge characters import FILE`` and ``judge characters list``: a player's own cards
checked by the game the file names (errors naming the field, nothing stored), kept in the
store, listed, and served by the API from the same store."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from api.app import create_app
from api.cli import main
from events.app import JudgeApp

OWN = Path(__file__).resolve().parents[1] / "data" / "artobattlers" / "own-characters.json"


@pytest.fixture(autouse=True)
def no_store_in_the_environment(monkeypatch):
    monkeypatch.delenv("BATTLECON_DATABASE_URL", raising=False)
    monkeypatch.delenv("BATTLECON_DB", raising=False)


@pytest.fixture
def db(tmp_path: Path) -> str:
    return str(tmp_path / "chars.db")


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def write(tmp_path: Path, data: dict, name: str) -> str:
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data) if name.endswith(".yaml") else json.dumps(data), "utf-8")
    return str(path)


def test_a_file_is_imported_then_listed_as_text_and_json(capsys, tmp_path, db):
    code, out, err = run(capsys, "characters", "import", str(OWN), "--db", db, "--actor", "Ana")
    assert (code, err) == (0, "")
    assert out.splitlines() == ["imported tin-sparrow (Tin Sparrow), version 1",
                                "imported brass-bulwark (Brass Bulwark), version 1"]
    code, out, err = run(capsys, "characters", "list", "--db", db)
    assert code == 0 and "2 imported characters" in err
    lines = out.splitlines()
    assert [line.split()[:3] for line in lines] == [["artobattlers", "brass-bulwark", "Brass"],
                                                     ["artobattlers", "tin-sparrow", "Tin"]]
    assert all("version 1, imported by Ana" in line for line in lines)
    code, out, _ = run(capsys, "characters", "list", "--json", "--ruleset", "artobattlers",
                       "--db", db)
    books = json.loads(out)
    assert [c["id"] for c in books["artobattlers"]] == ["brass-bulwark", "tin-sparrow"]
    assert books["artobattlers"][1]["character"]["life_points"] == 60


def test_the_api_serves_what_the_command_imported(capsys, db):
    assert run(capsys, "characters", "import", str(OWN), "--db", db)[0] == 0
    store = JudgeApp(db=db)
    try:
        client = create_app({"STORE": store, "TESTING": True}).test_client()
        listed = client.get("/api/rulesets/artobattlers/characters").get_json()["characters"]
        assert [(c["id"], c["imported_by"], c["role"]) for c in listed] == [
            ("brass-bulwark", "operator", "operator"), ("tin-sparrow", "operator", "operator")]
    finally:
        store.close()


def test_a_yaml_file_with_a_wrong_field_is_refused_naming_it(capsys, tmp_path, db):
    document = json.loads(OWN.read_text())
    document["characters"][1]["manual_moves"] = [{"number": 1, "kind": "shield"},
                                                 {"number": 3, "kind": "nullify", "pp": 0,
                                                  "negates_dp": 20}]
    code, out, err = run(capsys, "characters", "import", write(tmp_path, document, "mine.yaml"),
                         "--db", db)
    assert (code, out) == (2, "")
    assert err.startswith("judge: characters[1].manual_moves[1]") and "[rule A1]" in err, err
    code, out, err = run(capsys, "characters", "list", "--db", db)
    assert (code, out) == (0, "") and "0 imported characters" in err


def test_a_second_import_of_an_id_needs_replace(capsys, tmp_path, db):
    assert run(capsys, "characters", "import", str(OWN), "--db", db)[0] == 0
    document = json.loads(OWN.read_text())
    document["characters"] = document["characters"][:1]
    document["characters"][0]["life_points"] = 75
    path = write(tmp_path, document, "sparrow.json")
    code, out, err = run(capsys, "characters", "import", path, "--db", db)
    assert code == 2 and "Already imported: tin-sparrow" in err and "--replace" in err
    code, out, err = run(capsys, "characters", "import", path, "--db", db, "--replace")
    assert (code, out) == (0, "imported tin-sparrow (Tin Sparrow), version 2\n")
    code, out, _ = run(capsys, "characters", "list", "--json", "--db", db)
    sparrow = json.loads(out)["artobattlers"][1]
    assert (sparrow["version"], sparrow["character"]["life_points"]) == (2, 75)


@pytest.mark.parametrize(("content", "words"), [
    ("{not json", "is not valid JSON"),
    ('{"schema_version": 1, "ruleset": "battlecon-2014", "characters": []}',
     "takes no imported characters"),
    ('{"schema_version": 1, "characters": []}', "ruleset: name the ruleset"),
    ('{"schema_version": 1, "ruleset": "chess", "characters": []}', "Unknown ruleset 'chess'"),
])
def test_files_that_are_not_character_files_are_refused_plainly(capsys, tmp_path, db,
                                                                 content, words):
    path = tmp_path / "bad.json"
    path.write_text(content, "utf-8")
    code, out, err = run(capsys, "characters", "import", str(path), "--db", db)
    assert (code, out) == (2, "") and words in err, err
    code, _, err = run(capsys, "characters", "import", str(tmp_path / "missing.json"),
                       "--db", db)
    assert code == 2 and "Cannot read" in err
