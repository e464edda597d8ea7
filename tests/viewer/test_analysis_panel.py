"""The replay page's beat analysis panel (issue 37, item 3): the heat map's cells are the
API's table, named in the game's words and told on hover and keyboard focus; the mixes;
the pair played marked; "what if" on a cell plays its line as an unsaved variation whose
life totals are the cell's value; closed in teaching mode until the beat's question is
answered, and the service's reason said where it gives no analysis."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.judge.analysis.small import POSITIONS, record
from tests.viewer.conftest import open_page, screenshot

pytestmark = pytest.mark.usefixtures("chromium_path")

# Hikaru against Khadath from a small position (4 × 4 choices): Trance Strike against
# Hunter's Shot is played in beat 1 (the beat starts after event 1), then Khadath concedes.
PLAYED = [{"player": 0, "kind": "attack_pair", "style": "trance", "base": "strike"},
          {"player": 1, "kind": "attack_pair", "style": "hunters", "base": "shot"}]
CONCEDE = {"player": 1, "kind": "concede"}
START = 1


def small_duel(site, decisions: list[dict], start: str = "hikaru-khadath") -> str:
    body = record(POSITIONS[start], decisions)
    for player, name in zip(body["position"]["players"], ("Ann", "Ben"), strict=True):
        player["name"] = name
    body["labels"] = {"event": "analysis-panel"}
    status, duel = site.post("/api/duels?copy=true", body, role="scorekeeper")
    assert status == 201, duel
    return duel["id"]


def open_analysis(page, duel: str, query: str = "") -> None:
    open_page(page, f"/duels/{duel}?at={START}{query}")
    expect(page.locator("#analysis")).to_have_attribute("data-state", "offered")
    page.click("#analyse")


def cell(page, i: int, j: int):
    return page.locator(f"#heatmap button.cell[data-row='{i}'][data-column='{j}']")


def lives(page) -> list[int]:
    return [int(page.locator(f"#player-{p}").get_attribute("data-life")) for p in (0, 1)]


def test_the_heat_map_is_the_apis_table_with_the_pair_played(site, page):
    duel = small_duel(site, [*PLAYED, CONCEDE])
    found = site.get(f"/api/duels/{duel}/analysis?at={START}")
    open_analysis(page, duel)
    expect(page.locator("#analysis")).to_have_attribute("data-state", "shown")
    rows, columns = found["labels"]
    assert page.locator("#heatmap tbody th").all_inner_texts() == rows
    assert page.locator("#heatmap thead th:not(.corner)").all_inner_texts() == columns
    expect(page.locator("#heatmap button.cell")).to_have_count(len(rows) * len(columns))
    for i, row in enumerate(found["table"]):
        for j, value in enumerate(row):
            button = cell(page, i, j)
            assert float(button.get_attribute("data-value")) == value
            label = button.get_attribute("aria-label")
            assert label.startswith(f"{rows[i]} against {columns[j]}: ")
    # The pair played, as the API finds it, is marked.
    i, j = (p["choice"] for p in found["played"])
    assert (rows[i], columns[j]) == ("Trance Strike", "Hunter's Shot")
    expect(cell(page, i, j)).to_have_class("cell dark played")
    expect(page.locator("#heatmap button.cell.played")).to_have_count(1)
    # Each side's mix: the choices it plays, with their weights.
    for side in (0, 1):
        shown = page.locator(f".mix[data-side='{side}'] li")
        weights = {int(shown.nth(k).get_attribute("data-choice")):
                   float(shown.nth(k).get_attribute("data-weight")) for k in range(shown.count())}
        assert weights == {k: w for k, w in enumerate(found["mix"][side]) if w > 5e-4}
    # The value on hover, and on keyboard focus: the arrow keys move between the cells
    # (the replay does not step).
    cell(page, 1, 1).hover()
    expect(page.locator("#analysis-cell")).to_have_text(
        f"{rows[1]} against {columns[1]}: -3, Ben +3 life")
    cell(page, 0, 0).focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    expect(cell(page, 1, 1)).to_be_focused()
    expect(cell(page, 1, 1)).to_have_attribute("tabindex", "0")
    expect(page.locator("#position")).to_have_text(str(START))
    expect(page.locator("#analysis-cell")).to_contain_text(f"{rows[1]} against {columns[1]}: -3")
    screenshot(page, "analysis-panel")


@pytest.mark.parametrize("i,j", [(3, 2), (1, 1), (0, 3)])
def test_what_if_plays_the_cells_line_to_its_value(site, page, i, j):
    duel = small_duel(site, [*PLAYED, CONCEDE])
    found = site.get(f"/api/duels/{duel}/analysis?at={START}")
    assert found["lines"][i][j] is not None
    version = site.get(f"/api/duels/{duel}")["version"]
    open_analysis(page, duel)
    before = lives(page)
    cell(page, i, j).focus()
    page.keyboard.press("Enter")
    expect(page.locator("#whatif")).to_be_visible()
    expect(page.locator("#whatif-title")).to_have_text(
        f"What if: {found['labels'][0][i]} against {found['labels'][1][j]} (not saved)")
    # After the line's decisions the board shows the end of the beat: the life difference
    # is the cell's value (no duel is won in these cells).
    value = found["table"][i][j]
    assert abs(value) < 100
    after = lives(page)
    assert after[0] - after[1] == value
    assert page.locator("#whatif-at").inner_text() == \
        f"decision {len(found['lines'][i][j])} of {len(found['lines'][i][j])}"
    # Nothing was stored, and back to the duel the board is the duel's again.
    assert site.get(f"/api/duels/{duel}")["version"] == version
    page.click("#whatif-back")
    expect(page.locator("#whatif")).to_be_hidden()
    assert lives(page) == before


def test_what_if_through_a_clash_plays_the_nested_games_likeliest_pair(site, page):
    duel = small_duel(site, [CONCEDE], start="cherri-rukyuk")  # Cherri against Rukyuk
    found = site.get(f"/api/duels/{duel}/analysis?at={START}")
    assert found["lines"][0][0] is None  # the pairs Clash: a nested game of new Bases
    inner = found["clashes"]["0,0"]
    a, b = (max(range(len(m)), key=m.__getitem__) for m in inner["mix"])
    open_analysis(page, duel)
    expect(cell(page, 0, 0)).to_have_attribute("data-nested", "true")
    cell(page, 0, 0).click()
    expect(page.locator("#whatif-note")).to_contain_text("Through a Clash")
    after = lives(page)
    assert after[0] - after[1] == inner["table"][a][b] == found["table"][0][0]
    steps = len(inner["line"]) + len(inner["lines"][a][b])
    assert page.locator("#whatif-at").inner_text() == f"decision {steps} of {steps}"


def test_a_judge_saves_a_what_if_as_a_fork(site, page):
    from tests.viewer.conftest import sign_in

    duel = small_duel(site, [*PLAYED, CONCEDE])
    open_page(page, f"/duels/{duel}?at={START}")
    sign_in(page, site.tokens["judge"], "judge")
    page.click("#analyse")
    cell(page, 3, 2).click()
    page.click("#whatif-save")
    page.wait_for_url(lambda url: duel not in url)
    page.wait_for_selector("body[data-ready=true]")
    child = page.url.split("/duels/")[1].split("?")[0]
    summary = site.get(f"/api/duels/{child}")
    assert summary["parent"] == duel and summary["fork_at"] == START
    state = site.get(f"/api/duels/{child}/state")
    assert [p["life"] for p in state["players"]] == [20, 16]


def test_the_page_says_why_there_is_no_analysis(site, page):
    duel = small_duel(site, PLAYED)  # in progress: judges only
    open_analysis(page, duel)
    expect(page.locator("#analysis")).to_have_attribute("data-state", "refused")
    expect(page.locator("#analysis-note")).to_contain_text("for judges only")
    expect(page.locator("#analysis-body")).to_be_hidden()
    # Away from a beat start, the panel says where the analysis is offered.
    page.keyboard.press("ArrowRight")
    expect(page.locator("#analysis")).to_have_attribute("data-state", "elsewhere")
    expect(page.locator("#analyse")).to_be_hidden()


def test_teaching_mode_keeps_it_closed_until_the_beats_question_is_answered(site, page):
    duel = small_duel(site, [*PLAYED, CONCEDE])
    found = site.get(f"/api/duels/{duel}/analysis?at={START}")
    assert found["question_at"] is not None
    open_analysis(page, duel, "&teach=1")
    expect(page.locator("#analysis")).to_have_attribute("data-state", "locked")
    expect(page.locator("#analysis-note")).to_contain_text("Teaching mode")
    expect(page.locator("#heatmap")).to_have_count(0)
    # Step on to the question and answer it, then back to the beat start: it opens.
    for _ in range(found["question_at"]):
        if page.locator("#question").is_visible():
            break
        page.keyboard.press("ArrowRight")
    expect(page.locator("#question")).to_be_visible()
    page.locator("#question-answers button").first.click()
    page.locator("#question-answers button", has_text="Continue").click()
    page.select_option("#beat-select", str(START))
    expect(page.locator("#analysis")).to_have_attribute("data-state", "shown")
    expect(page.locator("#heatmap button.cell")).to_have_count(16)
