"""Golden transcripts: whole recorded duels and the narrative they must produce.

Any change in the rules or the wording shows up as a diff here. After an
intended change, regenerate with ``BATTLECON_UPDATE_GOLDEN=1 pytest tests/judge/test_golden.py``
and read the diff before committing it.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from judge.battlecon import Duel
from judge.battlecon.narrative import lines

GOLDEN = Path(__file__).parent / "golden"
RECORDS = sorted(GOLDEN.glob("*.json"))


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_golden_transcript(path: Path) -> None:
    duel = Duel.from_record(json.loads(path.read_text()))
    text = "\n".join(lines(duel)) + "\n"
    expected = path.with_suffix(".txt")
    if os.environ.get("BATTLECON_UPDATE_GOLDEN"):
        expected.write_text(text)
    assert text == expected.read_text()


def test_golden_set_is_not_empty() -> None:
    assert len(RECORDS) >= 4
