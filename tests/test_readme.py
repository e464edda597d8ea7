"""The Python usage the README shows runs as shown (a public contract of release 1)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import judge

ROOT = Path(__file__).resolve().parents[1]


def test_the_readme_python_example_runs() -> None:
    readme = (ROOT / "README.md").read_text("utf-8")
    code = re.search(r"```python\n(.*?)```", readme, re.S).group(1)
    record = json.loads((ROOT / "examples" / "comic-beat-1.json").read_text("utf-8"))
    printed: list[str] = []
    scope = {"record": record, "print": lambda *a: printed.append(" ".join(map(str, a)))}
    exec(compile(code, "README.md", "exec"), scope)  # noqa: S102 - our own README
    duel = scope["duel"]
    assert printed and all(line.strip() for line in printed)
    assert duel.to_record()["decisions"][:5] == record["decisions"][:5]
    assert len(duel.to_record()["decisions"]) == len(record["decisions"]) + 1


def test_release1_names_still_import() -> None:
    from judge import FORMAT, Duel, initial_state, parse_setup, replay_facts, schema

    record = json.loads((ROOT / "examples" / "comic-beat-1.json").read_text("utf-8"))
    assert FORMAT == record["format"] == "battlecon-record/1"
    assert schema()["$id"].endswith("record.schema.json") or schema()["title"]
    setup = parse_setup(record)
    duel = Duel.from_record(record)
    state = replay_facts(setup, [f.to_json() for f in duel.facts])
    assert [p.life for p in state.players] == [p.life for p in duel.state.players] == [20, 13]
    assert initial_state(setup).players[0].space == 3
    assert judge.Fact.from_json(duel.facts[0].to_json()) == duel.facts[0]
