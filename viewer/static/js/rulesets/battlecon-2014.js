// The renderer of BattleCON 2014 (see generic.js for the interface every renderer exports):
// the 7-space board, both fighters' panels, the prompt's secret pickers and board choices,
// the new-duel form, the judge's life/space correction and the life chart.
import { h } from "../dom.js";
import { renderBoard } from "./battlecon-2014/board.js";
import { fighterName, loadCatalogue } from "./battlecon-2014/cards.js";
import { correctionForm } from "./battlecon-2014/correction.js";
import { renderPlayer } from "./battlecon-2014/player.js";
import { describe, renderPrompt } from "./battlecon-2014/prompt.js";
import { newDuelForm } from "./battlecon-2014/setup.js";
import { titleText, whereText } from "./battlecon-2014/steps.js";
import { renderLifeChart } from "./generic/lifechart.js";

const SECRET = ["attack_pair", "clash_base"];

// Console: pairs stay face down and, during a secret selection, hands are hidden too.
// Replay: face-down pairs are hidden only in teaching mode.
function renderState(stage, state, { mode = "replay", teaching = false, choices = new Map() } = {}) {
  const consoleView = mode === "console";
  renderBoard(stage.board, state, choices);
  const hideHand = consoleView && SECRET.includes(state.prompt?.kind);
  [0, 1].forEach((i) => renderPlayer(stage.players[i], state, i,
    consoleView ? { hidePair: true, hideHand } : { hidePair: teaching }));
}

const chart = {
  // The states the chart plots: the start and the end of every beat (and the last event).
  marks(events, total) {
    const ends = events.filter((e) => e.type === "BeatEnded").map((e) => e.event);
    const marks = [0, ...ends];
    if (total && !ends.includes(total)) marks.push(total);
    return marks;
  },
  point: (state, k) => ({ beat: k === 0 ? 0 : Math.min(k, state.beats_played), life: state.players.map((p) => p.life) }),
  names: (state) => state.players.map((p) => `${fighterName(p.fighter)} (${p.name})`),
  render: renderLifeChart,
};

const playerLabel = (p) => `${p.name} (${fighterName(p.fighter)})`;

export async function create(name) {
  await loadCatalogue();
  return {
    name,
    title: titleText,
    playerLabel,
    playerCell: (p, i) => h("span", { class: `who p${i}`, dataset: { fighter: p.fighter } }, playerLabel(p)),
    scoreText: (summary) => summary.players.map((p) => p.life).join(" – "),
    where: whereText,
    renderState,
    renderPrompt,
    describeOption: describe,
    beatStarts: (index) => index.filter((e) => e.step === "select"),
    setupRule: "R1", // the setup of a duel (event 0 in the replay)
    beatLabel: (e) => (e.beats_played === e.beat ? `Beat ${e.beat}` : `Beat ${e.beat} (${e.beats_played}th played)`),
    chart,
    newDuelForm,
    correctionForm,
  };
}
