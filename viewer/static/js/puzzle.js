// Puzzles (issue 37, item 4; docs/analysis.md, "Puzzles"): a beat start and the question
// "Which pair would you play here?". An answer scores the chosen choice's expected value
// against the opponent's equilibrium mix, as a fraction of the range between the worst
// and the best choice (analysismath.puzzleScore).
//   /puzzle?duel=ID&at=N      a duel's beat start (the first at or after event N)
//   /puzzle?position=P        a shared position: P is {ruleset, position} as base64url JSON
//   &side=1                   answer as player 1 (the columns) instead of player 0
// A duel's puzzle is shared as a link to its position (GET .../position), so the link
// works without the duel: POST /api/analysis analyses it and POST /api/positions/preview
// gives the board.
import { api, get } from "./api.js";
import { $, banner, h } from "./dom.js";
import { meaning, puzzleScore, signed } from "./analysismath.js";
import { rendererFor } from "./renderer.js";
import { startSession } from "./session.js";

export function encodePosition(shared) {
  const bytes = new TextEncoder().encode(JSON.stringify(shared));
  let binary = "";
  bytes.forEach((b) => { binary += String.fromCharCode(b); });
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

export function decodePosition(text) {
  const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
}

// The puzzle's analysis, the state drawn, the position shared, and (from a duel) where.
async function load(params) {
  const duel = params.get("duel");
  if (duel) {
    const found = await get(`/duels/${duel}/analysis?at=${Number(params.get("at")) || 0}`);
    const at = found.event;
    const [state, shared, index] = await Promise.all([get(`/duels/${duel}/state?at=${at}`),
      get(`/duels/${duel}/position?at=${at}`), get(`/duels/${duel}/index`)]);
    return { found, state, shared: { ruleset: shared.ruleset, position: shared.position }, duel, at, index };
  }
  const text = params.get("position");
  if (!text) throw new Error("A puzzle needs a duel's beat start (?duel=ID&at=N) or a shared position.");
  const shared = decodePosition(text);
  const [analysed, preview] = await Promise.all([api("/analysis", { method: "POST", body: shared }),
    api("/positions/preview", { method: "POST", body: { ...shared, decisions: [] } })]);
  return { found: analysed.data, state: preview.data.start, shared };
}

function sideLinks(puzzle, side, names) {
  return [0, 1].map((k) => {
    const url = new URL(window.location);
    url.searchParams.set("side", k);
    return k === side ? h("strong", { dataset: { side: k } }, `Playing as ${names[k]}`)
      : h("a", { href: url.pathname + url.search, dataset: { side: k } }, `Play as ${names[k]} instead`);
  }).flatMap((el, k) => (k ? [" · ", el] : [el]));
}

function answer(puzzle, side, chosen) {
  const { found } = puzzle;
  const r = puzzleScore(found, side, chosen);
  const labels = found.labels[side];
  const other = found.players[1 - side];
  const pct = Math.round(r.score * 100);
  const best = r.values.map((v, k) => [v, k]).filter(([v]) => v >= r.best - 1e-9).map(([, k]) => labels[k]);
  const box = $("#puzzle-result");
  box.hidden = false;
  box.dataset.score = r.score;
  box.dataset.choice = chosen;
  box.replaceChildren(h("p", { class: "puzzle-score" }, `Score: ${pct}%`),
    h("p", {}, `${labels[chosen]} is worth ${signed(r.value)} to you against ${other}'s best mix; ` +
      `the best choice is worth ${signed(r.best)} (${best.join(", ")}), the worst ${signed(r.worst)}. ` +
      `The beat's value for ${found.players[0]}: ${signed(found.value)} (${meaning(found.value, found.players)}).`));
  const order = r.values.map((v, k) => [v, k]).sort((a, b) => b[0] - a[0]);
  $("#puzzle-values").hidden = false;
  $("#puzzle-values").replaceChildren(...order.map(([v, k]) => h("li", {
    class: k === chosen ? "chosen" : null, dataset: { choice: k, value: v, weight: found.mix[side][k] } },
  `${labels[k]}: ${signed(v)}`, found.mix[side][k] > 5e-4 ? ` (the best mix plays it ${Math.round(found.mix[side][k] * 1000) / 10}%)` : "")));
  for (const b of document.querySelectorAll("#puzzle-choices button")) {
    b.setAttribute("aria-pressed", b.dataset.choice === String(chosen) ? "true" : "false");
  }
}

function shareLink(puzzle, side) {
  const url = new URL("/puzzle", window.location.origin);
  url.searchParams.set("position", encodePosition(puzzle.shared));
  url.searchParams.set("side", side);
  return url.href;
}

async function copy(link) {
  const note = $("#puzzle-link");
  try {
    await navigator.clipboard.writeText(link);
    note.textContent = "Link copied.";
  } catch {
    note.textContent = `Copy this link: ${link}`;
  }
  note.dataset.link = link;
}

function duelLinks(puzzle) {
  if (!puzzle.duel) return;
  const next = puzzle.index.find((e) => e.step === "select" && e.event > puzzle.at);
  const link = $("#puzzle-next");
  link.hidden = !next;
  if (next) link.href = `/puzzle?duel=${puzzle.duel}&at=${next.event}`;
  $("#puzzle-replay").hidden = false;
  $("#puzzle-replay").href = `/duels/${puzzle.duel}?at=${puzzle.at}`;
}

async function main() {
  await startSession();
  const params = new URL(window.location).searchParams;
  const side = params.get("side") === "1" ? 1 : 0;
  let puzzle;
  try {
    puzzle = await load(params);
  } catch (err) {
    $("#puzzle-where").textContent = `No puzzle here: ${err.explain?.() || err.message}`;
    document.body.dataset.ready = "true";
    return;
  }
  const { found, state } = puzzle;
  const renderer = await rendererFor(found.ruleset);
  renderer.renderState({ board: $("#board"), players: [$("#player-0"), $("#player-1")] }, state,
    { mode: "replay", teaching: false, names: found.players });
  $("#puzzle-where").textContent = `${renderer.where(state, null)}. You play ${found.players[side]}: ` +
    `which pair would you play here? (${found.labels[side].length} choices)`;
  $("#puzzle-sides").replaceChildren(...sideLinks(puzzle, side, found.players));
  $("#puzzle-choices").replaceChildren(...found.labels[side].map((label, k) => h("button", {
    type: "button", "aria-pressed": "false", dataset: { choice: k },
    on: { click: () => answer(puzzle, side, k) } }, label)));
  const link = shareLink(puzzle, side);
  $("#puzzle-copy").disabled = false;
  $("#puzzle-copy").dataset.link = link;
  $("#puzzle-copy").addEventListener("click", () => copy(link).catch((err) => banner(err.message)));
  duelLinks(puzzle);
  document.body.dataset.ready = "true";
}

main();
