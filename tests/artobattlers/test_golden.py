"""Golden transcripts of ART O BATTLERS: whole recorded matches and the narrative
``judge replay`` prints for them, byte for byte (as tests/judge/test_golden.py does for
BattleCON). ``as34.json`` is scenario AS34; ``advance-play-side-attacks.json`` is a whole
Advance Play match (seeded random play, read through line by line): placement reviews,
side attacks with a joining Direct Hit and one that is not made, a declared sacrifice, a
lost turn (AG27), forced layouts, and the end when a player has no character left.

After an intended change, regenerate with
``BATTLECON_UPDATE_GOLDEN=1 pytest tests/artobattlers/test_golden.py`` and read the diff
before committing it."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.artobattlers.scene import R

GOLDEN = Path(__file__).parent / "golden"
RECORDS = sorted(GOLDEN.glob("*.json"))


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_golden_transcript(path: Path) -> None:
    match = R.from_record(json.loads(path.read_text()))
    text = "\n".join(R.narrative(match)) + "\n"
    expected = path.with_suffix(".txt")
    if os.environ.get("BATTLECON_UPDATE_GOLDEN"):
        expected.write_text(text)
    assert text == expected.read_text()


def test_the_golden_set_holds_as34_and_an_advance_play_match() -> None:
    assert {p.stem for p in RECORDS} >= {"as34", "advance-play-side-attacks"}
    setups = [json.loads(p.read_text())["setup"]["format"] for p in RECORDS]
    assert "advance_play" in setups and "simple_duel" in setups
