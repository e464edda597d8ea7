"""docs/artobattlers.md maps each rule id to the tests that cover it: every rule A0-A25 and
every gap ruling AG1-AG42 (and ours, AG43-AG46) has a row (later rows of one id add to
it), no row says a rule is untested, and every test the table names exists (a name
ending in "…" is the start of one or more tests' names)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "artobattlers.md"
TEST_FILES = [*sorted((ROOT / "tests" / "artobattlers").glob("test_*.py")),
              *sorted((ROOT / "tests" / "api").glob("test_artobattlers_*.py")),
              *sorted((ROOT / "tests" / "viewer").glob("test_artobattlers_*.py"))]


def table_rows() -> dict[str, str]:
    """Each rule id of the table with its row's text ("AG7, AG8" gives both ids the row)."""
    text = DOC.read_text()
    start = text.index("## Rules and the tests that cover them")
    rows: dict[str, str] = {}
    for line in text[start:].splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 2 and re.fullmatch(r"A\d+|AG\d+(, AG\d+)*", cells[0]):
            for rule in cells[0].split(", "):  # a later row of one id adds to it
                rows[rule] = f"{rows[rule]}; {cells[1]}" if rule in rows else cells[1]
    return rows


def defined_tests() -> set[str]:
    names = set()
    for path in TEST_FILES:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                names.add(node.name)
    return names


def test_every_rule_and_gap_ruling_has_a_row():
    rows = table_rows()
    expected = {f"A{n}" for n in range(26)} | {f"AG{n}" for n in range(1, 43)}
    expected |= {f"AG{n}" for n in range(43, 47)}  # ours, issue 33's ability verbs
    assert sorted(expected - set(rows)) == []


def test_no_row_says_its_rule_is_untested():
    for rule, tests in table_rows().items():
        assert not re.search(r"not yet|untested|no dedicated test|todo", tests, re.I), rule


def test_every_test_the_table_names_exists():
    defined = defined_tests()
    missing = []
    for rule, tests in table_rows().items():
        for name, prefix in re.findall(r"`(test_\w+)(…)?`", tests):
            found = any(d.startswith(name) for d in defined) if prefix else name in defined
            if not found:
                missing.append(f"{rule}: {name}{prefix}")
    assert missing == []


def test_the_table_names_tests():
    """A guard against a table the parser no longer reads: most rows name tests."""
    rows = table_rows()
    assert sum(bool(re.search(r"`test_", t)) for t in rows.values()) >= 60


# --- issue 33: the rulebook's passages on card text (its own table, appended) -------------

RULEBOOK = next((ROOT.parent / "shared" / "rules").glob("004_*.txt"), None)
CARD_TEXT = re.compile(r"Special Abilit|notes under the Attack Move|phrases")


def passage_rows() -> dict[str, str]:
    """Each passage of the card-text table with its row's text."""
    text = DOC.read_text()
    start = text.index("## Rulebook passages on card text")
    rows = {}
    for line in text[start:].splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 2 and cells[0].startswith("§"):
            rows[cells[0]] = cells[1]
    return rows


def rulebook_passages(lines: list[str]) -> set[str]:
    """The passages that speak of card text: a section's number, and in §26 (Words and
    Expressions) the term a line defines. The table of contents at the end is left out."""
    found, section = set(), ""
    for line in lines:
        if re.fullmatch(r"1\. Introduction\.+\s*\d+", line.strip()):
            break  # the table of contents
        heading = re.match(r"(\d+)\. [A-Z]", line)
        if heading:
            section = heading.group(1)
        if section and CARD_TEXT.search(line):
            term = line.split(":")[0].strip() if section == "26" and ":" in line else ""
            term = "" if term.startswith(("Here are", "Note")) else term
            found.add(f"§{section}" + (f" {term}" if term else ""))
    return found


@pytest.mark.skipif(RULEBOOK is None, reason="the rulebook text is not beside the project")
def test_every_rulebook_passage_on_card_text_has_a_row():
    assert RULEBOOK is not None
    found = rulebook_passages(RULEBOOK.read_text("utf-8").splitlines())
    assert {"§5", "§12", "§22", "§26 Direct Hit"} <= found  # the scan reads the rulebook
    assert sorted(found - set(passage_rows())) == []


def test_every_test_the_card_text_table_names_exists():
    defined = defined_tests() | _more_tests()
    missing = [f"{p}: {name}{prefix}" for p, tests in passage_rows().items()
               for name, prefix in re.findall(r"`(test_\w+)(…)?`", tests)
               if not (any(d.startswith(name) for d in defined) if prefix else name in defined)]
    assert missing == [] and len(passage_rows()) >= 10


def _more_tests() -> set[str]:
    """Tests of the card-text table outside TEST_FILES (the API and browser tests)."""
    names = set()
    for path in (ROOT / "tests" / "api" / "test_free_text_disputes.py",
                 ROOT / "tests" / "viewer" / "test_artobattlers_free_text.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                names.add(node.name)
    return names
