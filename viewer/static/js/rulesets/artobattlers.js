// The renderer of ART O BATTLERS (see generic.js for the interface every renderer exports):
// the table (turn, step, attack in progress, dice, result, rulings), each player's
// characters (LP, PP, shield, striker, effects, the card's moves with their issue symbols;
// Advance Play's zones when the state has them), the console's options in the game's words,
// the new-match form with the sample and imported characters, give up as the concession,
// and the life chart (the shared chart component, each player's LP over the turns).
import { h } from "../dom.js";
import { renderBoard, renderPlayer, ENDINGS, STEPS } from "./artobattlers/board.js";
import { loadCards } from "./artobattlers/cards.js";
import { chart } from "./artobattlers/chart.js";
import { describe, promptView, renderPrompt } from "./artobattlers/prompt.js";
import { newDuelForm } from "./artobattlers/setup.js";
import { correctionForm } from "./generic/correction.js";

// The game's own look, beside the shared stylesheet (no inline styles: the pages' CSP).
function addStylesheet() {
  const href = new URL("../../css/artobattlers.css", import.meta.url).href;
  if (![...document.styleSheets].some((s) => s.href === href) && !document.querySelector(`link[href="${href}"]`)) {
    document.head.append(h("link", { rel: "stylesheet", href }));
  }
}

const names = (summary) => (summary?.players || []).map((p) => p.name);

function renderState(stage, state, { mode = "replay", names: who = [] } = {}) {
  renderBoard(stage.board, state);
  if (mode === "replay") {
    const waiting = promptView(state.prompt, state, who);
    if (waiting) stage.board.append(waiting);
  }
  [0, 1].forEach((i) => renderPlayer(stage.players[i], state, i));
}

function where(state, summary) {
  const who = names(summary).length ? names(summary) : state.players.map((p) => p.name);
  const parts = [state.turn ? `Turn ${state.turn}` : "Setup"];
  if (state.over) {
    const why = ENDINGS[state.end_reason] ? ` (${ENDINGS[state.end_reason]})` : "";
    parts.push(state.draw || state.winner === null ? `the match is over: a draw${why}` : `the match is over: ${who[state.winner]} wins${why}`);
  } else {
    if (state.player_to_act !== null && state.player_to_act !== undefined) parts.push(`${who[state.player_to_act]} to act`);
    parts.push(STEPS[state.step] || state.step);
    if (state.prompt) parts.push(`waiting for ${state.prompt.players.map((i) => who[i]).join(" and ")}`);
  }
  return parts.join(" · ");
}

const playerLabel = (p) => (p.fighter ? `${p.name} (${p.fighter})` : p.name);

export async function create(name) {
  addStylesheet();
  await loadCards();
  return {
    name,
    title: (summary) => summary.players.map(playerLabel).join(" vs "),
    playerLabel,
    playerCell: (p, i) => h("span", { class: `who p${i}`, dataset: { fighter: p.fighter || "" } }, playerLabel(p)),
    scoreText: (summary) => summary.players.map((p) => (p.life === null || p.life === undefined ? "–" : `${p.life} LP`)).join(" – "),
    where,
    renderState,
    renderPrompt,
    describeOption: (option, x) => (Array.isArray(x) ? describe(option, x, null) : describe(option, [], x)),
    beatStarts: (index) => index.filter((e, k) => k === 0 || index[k - 1].beat !== e.beat),
    beatLabel: (e) => `Turn ${e.beat}`,
    roundWord: "Turn",
    setupRule: "A2", // setup and who starts (rules digest A2; Advance Play's teams: A21)
    chart,
    newDuelForm,
    correctionForm,
    concession: (player) => ({ player, kind: "give_up" }),
    concessionWords: "gives up",
  };
}
