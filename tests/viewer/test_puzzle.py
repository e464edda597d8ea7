"""Puzzles (issue 37, item 4): "Which pair would you play here?" from a duel's beat start;
an answer's score is the chosen choice's expected value against the opponent's
equilibrium mix, as a fraction of the range between the worst and the best choice
(computed here from the API's JSON, independently of the page); the puzzle shared as a
link to its position opens the same puzzle without the duel."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.judge.analysis.small import POSITIONS, player, position, record
from tests.viewer.conftest import open_page, screenshot

pytestmark = pytest.mark.usefixtures("chromium_path")

# Hikaru on space 3 against Khadath on 4 (2 × 2 Styles and Bases): both sides mix two
# choices at equilibrium. The duel's first decision concedes: it is over, so every reader
# may have its analysis.
POSITION = position(player("hikaru", 3, ["trance", "focused"], ["strike", "dash"], pool=[]),
                    player("khadath", 4, ["hunters", "evacuation"], ["shot", "grasp"]))
START = 1


def conceded_duel(site, start: dict = POSITION) -> str:
    body = record(start, [{"player": 0, "kind": "concede"}])
    for seat, name in zip(body["position"]["players"], ("Ann", "Ben"), strict=True):
        seat["name"] = name
    body["labels"] = {"event": "puzzles"}
    status, duel = site.post("/api/duels?copy=true", body, role="scorekeeper")
    assert status == 201, duel
    return duel["id"]


def expected_score(found: dict, side: int, chosen: int) -> float:
    """The score as issue 37 defines it, from the API's table and mixes."""
    table, (rows, columns) = found["table"], found["mix"]
    if side == 0:
        values = [sum(v * columns[j] for j, v in enumerate(row)) for row in table]
    else:
        values = [-sum(table[i][j] * rows[i] for i in range(len(table)))
                  for j in range(len(table[0]))]
    best, worst = max(values), min(values)
    return 1.0 if best - worst < 1e-9 else (values[chosen] - worst) / (best - worst)


def choose(page, chosen: int) -> float:
    page.locator(f"#puzzle-choices button[data-choice='{chosen}']").click()
    result = page.locator("#puzzle-result")
    expect(result).to_have_attribute("data-choice", str(chosen))
    return float(result.get_attribute("data-score"))


# Both sides mixing (scores 0 or 1: against the equilibrium every choice it plays is
# worth the same); Cadenza against Seth, pure, with scores between (e.g. 0.4).
@pytest.mark.parametrize("start", [POSITION, POSITIONS["cadenza-seth"]], ids=["mixed", "pure"])
def test_a_puzzle_scores_each_choice_against_the_opponents_mix(site, page, start):
    duel = conceded_duel(site, start)
    found = site.get(f"/api/duels/{duel}/analysis?at={START}")
    open_page(page, f"/puzzle?duel={duel}&at={START}")
    expect(page.locator("#puzzle-where")).to_contain_text("You play Ann")
    labels = page.locator("#puzzle-choices button").all_inner_texts()
    assert labels == found["labels"][0]
    scores = [choose(page, k) for k in range(len(labels))]
    for k, score in enumerate(scores):
        assert score == pytest.approx(expected_score(found, 0, k), abs=1e-9)
    assert max(scores) == pytest.approx(1) and min(scores) == pytest.approx(0)
    if start is not POSITION:
        assert any(0.1 < score < 0.9 for score in scores)
    expect(page.locator("#puzzle-result .puzzle-score")).to_have_text(
        f"Score: {round(scores[-1] * 100)}%")
    screenshot(page, f"puzzle-{'mixed' if start is POSITION else 'pure'}")
    # As Ben, the columns, against Ann's mix.
    page.locator("#puzzle-sides a[data-side='1']").click()
    page.wait_for_selector("body[data-ready=true]")
    expect(page.locator("#puzzle-where")).to_contain_text("You play Ben")
    for k in range(len(found["labels"][1])):
        assert choose(page, k) == pytest.approx(expected_score(found, 1, k), abs=1e-9)


def test_a_shared_puzzle_is_a_link_to_its_position(site, page):
    duel = conceded_duel(site)
    found = site.get(f"/api/duels/{duel}/analysis?at={START}")
    shared = site.get(f"/api/duels/{duel}/position?at={START}")
    open_page(page, f"/puzzle?duel={duel}&at={START}")
    link = page.locator("#puzzle-copy").get_attribute("data-link")
    assert "position=" in link and duel not in link
    # The link opens the same puzzle from the position alone (POST /api/analysis).
    open_page(page, link)
    expect(page.locator("#puzzle-next")).to_be_hidden()
    assert page.locator("#puzzle-choices button").all_inner_texts() == found["labels"][0]
    assert [int(page.locator(f"#player-{p}").get_attribute("data-life")) for p in (0, 1)] == \
        [p["life"] for p in shared["position"]["players"]]
    assert choose(page, 1) == pytest.approx(expected_score(found, 0, 1), abs=1e-9)


def test_the_replay_panel_offers_its_beat_as_a_puzzle(site, page):
    duel = conceded_duel(site)
    open_page(page, f"/duels/{duel}?at={START}")
    page.click("#analyse")
    expect(page.locator("#analysis")).to_have_attribute("data-state", "shown")
    page.click("#analysis-puzzle")
    page.wait_for_selector("body[data-ready=true]")
    assert f"duel={duel}" in page.url and f"at={START}" in page.url
    expect(page.locator("#puzzle-choices button")).to_have_count(4)
