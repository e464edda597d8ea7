// The generic renderer: draws a duel of any ruleset the viewer has no renderer of its own
// for, from the API's JSON alone. It is also the reference for the renderer interface.
//
// A renderer module is rulesets/<ruleset name>.js (its helpers in rulesets/<name>/); the
// server lists the modules that exist in <body data-renderers>, and renderer.js imports
// the duel's one, or this one. It exports create(name) -> Promise<renderer>, an object with:
//   title(summary) -> string                  the duel's heading ("Ada vs Bo")
//   playerLabel(player) -> string             a summary's player ("Ana (Hikaru)")
//   playerCell(player, i) -> Node             that player in the duel list
//   scoreText(summary) -> string              the list's Life column
//   where(state, summary) -> string           the status line above the board
//   renderState(stage, state, opts)           stage {board, players: [el, el]};
//       opts {mode: "replay" | "console", teaching, choices, names}
//   renderPrompt(root, prompt, state, send, ctx) -> Map(space -> {label, pick})
//       controls for the legal options; send(option) records one; ctx.names: player names
//   describeOption(option, names|state) -> string   a button's words for one option
//   beatStarts(index) -> entries; beatLabel(entry) -> string   the replay's beat menu
//   roundWord, setupRule (optional)   the round's name ("Turn"), event 0's rule ("R1")
//   chart: null | {marks(events, total), point(state, k), names(state), render(root, points, names, now),
//       heading?}   the replay's life chart; generic/lifechart.js draws one (its scale and words given)
//     (render draws each point's hit area as `.hit` with data-index and data-tip: chartpick.js
//     shows the tip on hover and moves to the start of that beat on click)
//   newDuelForm(root) -> Promise<{hint, read() -> record, showErrors?(err)}>
//   correctionForm(state, summary) -> {el, read(formElements) -> correction}
import { h } from "../dom.js";
import { correctionForm } from "./generic/correction.js";
import { describeOption, promptView, renderPrompt } from "./generic/prompt.js";
import { newDuelForm } from "./generic/setup.js";
import { tree } from "./generic/tree.js";

const names = (summary) => (summary?.players || []).map((p) => p.name);

// The state as a tree in the board's place; the prompt too in the replay (the console
// shows it with its controls). Player panels have nothing to show: they are hidden.
function renderState(stage, state, { mode = "replay", names: who = [] } = {}) {
  stage.board.classList.add("generic");
  stage.board.setAttribute("aria-label", "State");
  const waiting = mode === "replay" ? promptView(state.prompt, who) : null;
  stage.board.replaceChildren(...[tree(state, "", ["prompt", "event"]), waiting].filter(Boolean));
  for (const el of stage.players) el.hidden = true;
}

function where(state, summary) {
  const who = names(summary);
  const parts = [];
  if (state.round !== undefined) parts.push(`Round ${state.round}`);
  else if (state.beat !== undefined) parts.push(`Beat ${state.beat}`);
  if (state.over) {
    parts.push(state.winner === null || state.winner === undefined
      ? "the duel is over (draw)" : `the duel is over: ${who[state.winner] ?? state.winner} wins`);
  } else if (state.prompt) {
    const waiting = state.prompt.players.map((i) => who[i] ?? i).join(", ");
    parts.push(waiting ? `waiting for ${waiting}` : `waiting for a ${state.prompt.decider} result`);
  }
  return parts.join(" · ");
}

// Life or score where the summary has them, else a dash.
function scoreText(summary) {
  const values = summary.players.map((p) => p.life ?? p.score);
  return values.some((v) => v !== undefined) ? values.map((v) => v ?? "–").join(" – ") : "–";
}

// The first index entry of each beat (or round).
const beatStarts = (index) => index.filter((e, k) => k === 0 || index[k - 1].beat !== e.beat);

export async function create(name) {
  return {
    name,
    title: (summary) => names(summary).join(" vs "),
    playerLabel: (p) => p.name,
    playerCell: (p, i) => h("span", { class: `who p${i}` }, p.name),
    scoreText,
    where,
    renderState,
    renderPrompt,
    describeOption: (option, who) => describeOption(option, Array.isArray(who) ? who : []),
    beatStarts,
    beatLabel: (e) => `Beat ${e.beat}`,
    chart: null,
    newDuelForm: (root) => newDuelForm(root, name),
    correctionForm,
  };
}

