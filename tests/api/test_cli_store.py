"""``judge import``, ``judge export`` and ``judge verify`` against a stored duel record.

In-process (``api.cli.main``) on a SQLite file in ``tmp_path``; one test runs the same
round trip against PostgreSQL in a schema of its own.
"""

from __future__ import annotations

import json
import os
import re
import uuid
from pathlib import Path

import pytest

from api.cli import main
from events.app import JudgeApp
from judge.battlecon import Duel
from judge.battlecon.playout import play

LABELS = {"event": "Store Cup", "round": "3", "table": "12"}


@pytest.fixture(autouse=True)
def no_store_in_the_environment(monkeypatch):
    """Each test names its store; none comes from the environment."""
    monkeypatch.delenv("BATTLECON_DATABASE_URL", raising=False)
    monkeypatch.delenv("BATTLECON_DB", raising=False)


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def db(tmp_path: Path) -> str:
    return str(tmp_path / "x.db")


@pytest.fixture
def record() -> dict:
    return {**play(5, "hikaru", "khadath").to_record(), "labels": dict(LABELS)}


def write(tmp_path: Path, data: object, name: str) -> str:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), "utf-8")
    return str(path)


def do_import(capsys, path: str, *store: str) -> dict:
    code, out, err = run(capsys, "import", path, *store)
    assert (code, err) == (0, ""), err
    printed = json.loads(out)
    assert set(printed) == {"id", "version"}
    return printed


# --- import ------------------------------------------------------------------------------------


def test_import_prints_the_id_and_version(capsys, tmp_path, db, record):
    printed = do_import(capsys, write(tmp_path, record, "duel.json"), "--db", db)
    duel = Duel.from_record(record)
    assert printed["version"] == len(duel.events)
    app = JudgeApp(db=db)
    assert app.duel_ids() == [uuid.UUID(printed["id"])]
    agg = app.record(uuid.UUID(printed["id"]))
    assert agg.events_count == printed["version"]
    assert agg.labels == LABELS
    assert agg.duel.decisions == record["decisions"]
    assert agg.actor == "import"


def test_import_keeps_the_actor(capsys, tmp_path, db, record):
    printed = do_import(capsys, write(tmp_path, record, "duel.json"), "--db", db,
                        "--actor", "scorekeeper-7")
    assert JudgeApp(db=db).record(uuid.UUID(printed["id"])).actor == "scorekeeper-7"


def test_importing_twice_is_refused_naming_the_duel_unless_a_copy_is_asked(capsys, tmp_path,
                                                                           db, record):
    path = write(tmp_path, record, "duel.json")
    first = do_import(capsys, path, "--db", db)
    code, out, err = run(capsys, "import", path, "--db", db)
    assert (code, out) == (2, "")
    assert f"Duel {first['id']} is already stored here" in err and "--copy" in err
    assert [str(i) for i in JudgeApp(db=db).duel_ids()] == [first["id"]]  # nothing stored
    second = do_import(capsys, path, "--db", db, "--copy")  # asked for explicitly
    assert first["id"] != second["id"] and first["version"] == second["version"]
    assert [str(i) for i in JudgeApp(db=db).duel_ids()] == [first["id"], second["id"]]


# --- export --------------------------------------------------------------------------------------


def test_export_as_record_reimports_with_equal_decisions(capsys, tmp_path, db, record):
    printed = do_import(capsys, write(tmp_path, record, "duel.json"), "--db", db)
    out_path = str(tmp_path / "exported.json")
    code, out, err = run(capsys, "export", printed["id"], "--db", db, "-o", out_path)
    assert (code, out, err) == (0, "", "")
    exported = json.loads(Path(out_path).read_text("utf-8"))
    assert exported["format"] == "battlecon-record/1"
    jsonschema = pytest.importorskip("jsonschema")
    import judge.battlecon as judge

    assert [e.message for e in jsonschema.Draft202012Validator(
        judge.schema()).iter_errors(exported)] == []
    assert exported["decisions"] == record["decisions"]
    assert exported["labels"] == LABELS
    assert {k: exported[k] for k in ("options", "players", "first_to_ante")} == {
        k: record[k] for k in ("options", "players", "first_to_ante")}
    # the same store holds its duel: a second duel only when a copy is asked for
    assert run(capsys, "import", out_path, "--db", db)[0] == 2
    again = do_import(capsys, out_path, "--db", db, "--copy")
    assert again["version"] == printed["version"] and again["id"] != printed["id"]
    app = JudgeApp(db=db)
    a, b = app.record(uuid.UUID(printed["id"])), app.record(uuid.UUID(again["id"]))
    assert a.duel.decisions == b.duel.decisions
    assert a.hashes != b.hashes  # each chain starts from its own duel's id
    assert b.labels == LABELS


def test_export_to_stdout(capsys, tmp_path, db, record):
    printed = do_import(capsys, write(tmp_path, record, "duel.json"), "--db", db)
    code, out, err = run(capsys, "export", printed["id"], "--db", db)
    assert (code, err) == (0, "")
    assert json.loads(out)["decisions"] == record["decisions"]
    code, out, err = run(capsys, "export", printed["id"], "--db", db, "--log")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert len(lines) == printed["version"] + 1
    header = json.loads(lines[0])
    assert header["format"] == "battlecon-log/2"
    assert header["duel"] == printed["id"]
    assert header["labels"] == LABELS
    assert [json.loads(line)["n"] for line in lines[1:]] == list(range(1, len(lines)))


def test_export_as_log_verifies_and_reimports(capsys, tmp_path, db, record):
    printed = do_import(capsys, write(tmp_path, record, "duel.json"), "--db", db)
    log = str(tmp_path / "duel.log")
    assert run(capsys, "export", printed["id"], "--log", "-o", log, "--db", db)[0] == 0
    code, out, err = run(capsys, "verify", log)
    assert (code, err) == (0, "")
    assert out.startswith(f"{log}: ok (log, {printed['version']} events); signed by ed25519:")
    code, _, err = run(capsys, "import", log, "--db", db)  # its duel is stored here
    assert code == 2 and f"Duel {printed['id']} is already stored here" in err
    again = do_import(capsys, log, "--db", db, "--copy")
    assert again["version"] == printed["version"] and again["id"] != printed["id"]
    app = JudgeApp(db=db)
    assert app.record(uuid.UUID(again["id"])).duel.decisions == record["decisions"]
    assert app.record(uuid.UUID(again["id"])).labels == LABELS


def test_export_of_an_unknown_duel_exits_2(capsys, db):
    JudgeApp(db=db)  # an empty store
    unknown = str(uuid.uuid4())
    code, out, err = run(capsys, "export", unknown, "--db", db)
    assert (code, out) == (2, "")
    assert unknown in err and "no duel" in err
    code, out, err = run(capsys, "export", "not-a-uuid", "--db", db, "--log")
    assert (code, out) == (2, "")
    assert "not-a-uuid" in err


# --- verify ----------------------------------------------------------------------------------------


def test_verify_a_record(capsys, tmp_path, record):
    path = write(tmp_path, record, "duel.json")
    code, out, err = run(capsys, "verify", path)
    assert (code, err) == (0, "")
    assert out == f"{path}: ok (record, {len(Duel.from_record(record).events)} events)\n"


def exported_files(capsys, tmp_path: Path, db: str, count: int) -> list[str]:
    """``count`` duels imported, each exported as a record and as a log."""
    files = []
    for i in range(count):
        rec = play(10 + i, "cadenza", "kallistar").to_record()
        printed = do_import(capsys, write(tmp_path, rec, f"in-{i}.json"), "--db", db)
        for flag, name in (([], f"duel-{i}.json"), (["--log"], f"duel-{i}.log")):
            path = str(tmp_path / name)
            assert run(capsys, "export", printed["id"], *flag, "-o", path, "--db", db)[0] == 0
            files.append(path)
    return files


def test_verify_several_files_shows_progress_and_one_line_each(capsys, tmp_path, db):
    files = exported_files(capsys, tmp_path, db, 3)
    code, out, err = run(capsys, "verify", *files)
    assert code == 0
    lines = out.splitlines()
    assert len(lines) == len(files)
    for path, line in zip(files, lines, strict=True):
        kind = "log" if path.endswith(".log") else "record"
        signed = "; signed by ed25519:.+" if kind == "log" else ""
        assert re.fullmatch(rf"{re.escape(path)}: ok \({kind}, \d+ events\){signed}", line), line
    # the progress bar: redrawn on one stderr line, ending with all files done
    frames = err.split("\r")
    assert [f for f in frames if f] == [f for f in frames if f.startswith("verifying [")]
    counts = re.findall(r"\] (\d+)/(\d+)", err)
    assert counts == [(str(i), str(len(files))) for i in range(1, len(files) + 1)]
    assert err.endswith(f"{len(files)}/{len(files)}\n")
    assert "[" + "#" * 30 + "]" in err


def test_verify_one_file_has_no_progress_bar(capsys, tmp_path, record):
    code, _out, err = run(capsys, "verify", write(tmp_path, record, "duel.json"))
    assert (code, err) == (0, "")


def tamper(path: str, n: int) -> None:
    """Change one digit inside event n's payload (line n of the log)."""
    lines = Path(path).read_text("utf-8").splitlines()
    entry = json.loads(lines[n])
    assert entry["n"] == n
    start = lines[n].index('"payload": ')
    i = next(i for i in range(start, len(lines[n])) if lines[n][i].isdigit())
    lines[n] = lines[n][:i] + str((int(lines[n][i]) + 1) % 10) + lines[n][i + 1:]
    Path(path).write_text("\n".join(lines) + "\n", "utf-8")


def test_a_tampered_log_exits_1_naming_the_event(capsys, tmp_path, db):
    files = exported_files(capsys, tmp_path, db, 2)
    bad = files[1]
    assert bad.endswith(".log")
    tamper(bad, 9)
    code, out, err = run(capsys, "verify", bad)
    assert (code, err) == (1, "")
    assert out.startswith(f"{bad}: FAILED: ") and "Event 9 " in out
    assert out.rstrip().endswith("[event 9]")
    # among several files: the others still pass, the run exits 1
    code, out, err = run(capsys, "verify", *files)
    assert code == 1
    lines = out.splitlines()
    assert len(lines) == len(files)
    assert [line.split(": ", 1)[1].startswith("ok") for line in lines] == [
        path != bad for path in files]
    assert err.endswith(f"{len(files)}/{len(files)}\n")


def test_a_dropped_event_line_exits_1_naming_it(capsys, tmp_path, db):
    log = exported_files(capsys, tmp_path, db, 1)[1]
    lines = Path(log).read_text("utf-8").splitlines()
    Path(log).write_text("\n".join(lines[:12] + lines[13:]) + "\n", "utf-8")
    code, out, _err = run(capsys, "verify", log)
    assert code == 1 and out.rstrip().endswith("[event 12]")


def test_a_missing_file_fails_verification(capsys, tmp_path, record):
    good = write(tmp_path, record, "duel.json")
    missing = str(tmp_path / "nope.log")
    code, out, _err = run(capsys, "verify", good, missing)
    assert code == 1
    assert out.splitlines()[1].startswith(f"{missing}: cannot read")


def test_an_illegal_record_fails_verification_naming_the_decision(capsys, tmp_path, record):
    record["decisions"][3] = {"player": 1, "kind": "move", "to": 9}
    path = write(tmp_path, record, "bad.json")
    code, out, _err = run(capsys, "verify", path)
    assert code == 1
    assert out.startswith(f"{path}: FAILED: ") and "Decision 3 " in out
    assert re.search(r"\[rule [^\]]+\]$", out.rstrip())


# --- a refused import stores nothing -----------------------------------------------------------------


def test_an_illegal_record_import_exits_2_and_stores_nothing(capsys, tmp_path, db, record):
    kept = do_import(capsys, write(tmp_path, record, "good.json"), "--db", db)
    before = JudgeApp(db=db).duel_ids()
    duel = Duel.new(record)
    for d in record["decisions"][:6]:
        duel.decide(d)
    legal = {json.dumps(o, sort_keys=True) for o in duel.prompt["options"]}
    wrong = next(o for o in ({"player": p, "kind": "move", "to": t}
                             for p in (0, 1) for t in range(1, 8))
                 if json.dumps(o, sort_keys=True) not in legal)
    bad = {**record, "decisions": record["decisions"][:6] + [wrong] + record["decisions"][7:]}
    with pytest.raises(Exception) as info:
        Duel.from_record(bad)
    code, out, err = run(capsys, "import", write(tmp_path, bad, "bad.json"), "--db", db)
    assert (code, out) == (2, "")
    assert err.startswith("judge: Decision 6 ")  # the index, counted from 0
    assert info.value.reason in err  # the engine's reason
    assert err.rstrip().endswith(f"[rule {info.value.rule}]")
    assert JudgeApp(db=db).duel_ids() == before
    assert JudgeApp(db=db).record(uuid.UUID(kept["id"])).events_count == kept["version"]


@pytest.mark.parametrize("change, words", [
    (lambda r: r.__setitem__("format", "battlecon-record/9"), "record.format"),
    (lambda r: r["players"][0].__setitem__("fighter", "no-such-fighter"), "R1.1"),
    (lambda r: r["decisions"].insert(0, {"player": 0, "kind": "dance"}), "Decision 0 "),
])
def test_bad_records_are_refused_on_import(capsys, tmp_path, db, record, change, words):
    JudgeApp(db=db)
    change(record)
    code, out, err = run(capsys, "import", write(tmp_path, record, "bad.json"), "--db", db)
    assert (code, out) == (2, "")
    assert words in err
    assert JudgeApp(db=db).duel_ids() == []


def test_malformed_json_is_refused_on_import(capsys, tmp_path, db):
    JudgeApp(db=db)
    code, out, err = run(capsys, "import", write(tmp_path, '{"format": ', "bad.json"),
                         "--db", db)
    assert (code, out) == (2, "")
    assert err.startswith("judge: ")
    assert JudgeApp(db=db).duel_ids() == []


def test_a_tampered_log_import_exits_2_and_stores_nothing(capsys, tmp_path, db):
    log = exported_files(capsys, tmp_path, db, 1)[1]
    before = JudgeApp(db=db).duel_ids()
    tamper(log, 20)
    code, out, err = run(capsys, "import", log, "--db", db)
    assert (code, out) == (2, "")
    assert "does not verify" in err and "Event 20 " in err
    assert JudgeApp(db=db).duel_ids() == before


# --- PostgreSQL ---------------------------------------------------------------------------------------

PG = "postgresql://postgres@127.0.0.1:5432/test"


@pytest.fixture
def pg_url():
    """A PostgreSQL URL on a fresh schema, dropped afterwards."""
    psycopg = pytest.importorskip("psycopg")
    try:
        conn = psycopg.connect(PG, connect_timeout=3, autocommit=True)
    except psycopg.OperationalError as err:
        message = (f"PostgreSQL is not reachable at {PG} ({str(err).strip()}); run "
                   "scripts/postgres.sh to install and start it")
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    schema = f"cli_store_{uuid.uuid4().hex[:12]}"
    conn.execute(f'CREATE SCHEMA "{schema}"')
    try:
        yield f"{PG}?schema={schema}"
    finally:
        conn.execute(f'DROP SCHEMA "{schema}" CASCADE')
        conn.close()


def test_round_trip_on_postgresql(capsys, tmp_path, record, pg_url):
    store = ("--database-url", pg_url)
    printed = do_import(capsys, write(tmp_path, record, "duel.json"), *store)
    assert printed["version"] == len(Duel.from_record(record).events)
    rec_path, log_path = str(tmp_path / "out.json"), str(tmp_path / "out.log")
    assert run(capsys, "export", printed["id"], "-o", rec_path, *store)[0] == 0
    assert run(capsys, "export", printed["id"], "--log", "-o", log_path, *store)[0] == 0
    assert json.loads(Path(rec_path).read_text("utf-8"))["decisions"] == record["decisions"]
    code, out, err = run(capsys, "verify", rec_path, log_path)
    assert code == 0 and len(out.splitlines()) == 2 and err.endswith("2/2\n")
    assert run(capsys, "import", rec_path, *store)[0] == 2  # stored already: refused
    again = do_import(capsys, rec_path, *store, "--copy")
    app = JudgeApp(database_url=pg_url)
    assert app.duel_ids() == [uuid.UUID(printed["id"]), uuid.UUID(again["id"])]
    # stored in the schema of its own, not in the database's public schema
    import psycopg

    with psycopg.connect(PG, autocommit=True) as conn:
        schema = pg_url.rsplit("schema=", 1)[1]
        tables = conn.execute("SELECT count(*) FROM information_schema.tables WHERE "
                              "table_schema = %s", (schema,)).fetchone()[0]
    assert tables >= 1
    # a refused import stores nothing there either
    bad = {**record, "decisions": [{"player": 0, "kind": "move", "to": 9}]}
    code, out, err = run(capsys, "import", write(tmp_path, bad, "bad.json"), *store)
    assert (code, out) == (2, "") and "Decision 0 " in err
    assert JudgeApp(database_url=pg_url).duel_ids() == app.duel_ids()
    code, _out, err = run(capsys, "export", str(uuid.uuid4()), *store)
    assert code == 2 and "no duel" in err


# --- where the store is ------------------------------------------------------------------------------


def test_battlecon_db_in_the_environment_is_the_default_store(capsys, tmp_path, record,
                                                              monkeypatch):
    path = str(tmp_path / "from-env.db")
    monkeypatch.setenv("BATTLECON_DB", path)
    monkeypatch.delenv("BATTLECON_DATABASE_URL", raising=False)
    printed = do_import(capsys, write(tmp_path, record, "duel.json"))
    assert JudgeApp(db=path).duel_ids() == [uuid.UUID(printed["id"])]
    assert run(capsys, "export", printed["id"])[0] == 0


def test_an_explicit_db_wins_over_the_database_url_in_the_environment(capsys, tmp_path, db,
                                                                      record, monkeypatch):
    monkeypatch.setenv("BATTLECON_DATABASE_URL", "mysql://nobody@127.0.0.1:1/none")
    printed = do_import(capsys, write(tmp_path, record, "duel.json"), "--db", db)
    monkeypatch.delenv("BATTLECON_DATABASE_URL")
    assert JudgeApp(db=db).duel_ids() == [uuid.UUID(printed["id"])]


@pytest.mark.parametrize("separator", ["\u2028", "\u2029", "\u0085"])
def test_a_line_separator_in_a_name_or_label_keeps_the_log_readable(capsys, tmp_path, db,
                                                                     record, separator):
    """Issue 27, item 8: JSON keeps U+2028, U+0085 and the like unescaped inside a string;
    a log is split on "\\n" only, so its lines stay whole for verify and import."""
    record["players"][0]["name"] = f"Ana{separator}Bell"
    record["labels"]["table"] = f"12{separator}b"
    printed = do_import(capsys, write(tmp_path, record, "duel.json"), "--db", db)
    log = str(tmp_path / "duel.log")
    assert run(capsys, "export", printed["id"], "--log", "-o", log, "--db", db)[0] == 0
    assert separator in Path(log).read_text("utf-8")  # written as it is, not escaped
    code, out, err = run(capsys, "verify", log)
    assert (code, err) == (0, ""), out
    other = str(tmp_path / "other.db")  # a store that does not hold the duel yet
    again = do_import(capsys, log, "--db", other)
    assert again["id"] == printed["id"]  # a log keeps its duel's id
    stored = JudgeApp(db=other).record(uuid.UUID(again["id"]))
    assert stored.setup["players"][0]["name"] == f"Ana{separator}Bell"
    assert stored.labels["table"] == f"12{separator}b"
