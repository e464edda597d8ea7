// The beat analysis's heat map and mix bars (docs/analysis.md, "The replay page's panel").
// The heat map is a table of buttons: rows are player 0's choices, columns player 1's,
// each cell coloured by its value and named in words for a screen reader; the value is
// told on hover and on keyboard focus (#analysis-cell). The arrow keys move between cells
// (one tab stop for the whole table), Enter or Space plays the cell's "what if".
import { h } from "./dom.js";
import { heat, meaning, scaleOf, signed } from "./analysismath.js";

// `played`: [row, column] actually played (-1 where unknown); `pick(i, j)`: a cell chosen.
export function heatMap(analysis, { played = [-1, -1], pick, tell }) {
  const [rows, columns] = analysis.labels;
  const names = analysis.players;
  const scale = scaleOf(analysis.table);
  const head = h("tr", {}, h("th", { scope: "col", class: "corner" }, `${names[0]} ↓ · ${names[1]} →`),
    ...columns.map((c, j) => h("th", { scope: "col", class: j === played[1] ? "played" : null,
      title: c }, c)));
  const body = analysis.table.map((row, i) => h("tr", {},
    h("th", { scope: "row", class: i === played[0] ? "played" : null }, rows[i]),
    ...row.map((v, j) => h("td", {}, cellButton(analysis, i, j, { scale, played, pick, tell })))));
  const table = h("table", { class: "heatmap", id: "heatmap" },
    h("caption", {}, `What each pair is worth to ${names[0]} at the end of the beat: rows are ` +
      `${names[0]}'s choices, columns ${names[1]}'s. Arrow keys move, Enter plays a what-if.`),
    h("thead", {}, head), h("tbody", {}, body));
  table.addEventListener("keydown", (event) => arrows(event, table));
  const first = table.querySelector("button.cell");
  if (first) first.tabIndex = 0;
  return table;
}

function cellButton(analysis, i, j, { scale, played, pick, tell }) {
  const v = analysis.table[i][j];
  const [rows, columns] = analysis.labels;
  const nested = analysis.lines[i][j] === null;
  const isPlayed = i === played[0] && j === played[1];
  const said = `${rows[i]} against ${columns[j]}: ${signed(v)}, ${meaning(v, analysis.players)}` +
    `${nested ? " (through a Clash, a game of its own)" : ""}${isPlayed ? ", the pair played" : ""}`;
  const colour = heat(v, scale);
  const button = h("button", {
    type: "button", class: `cell${colour.dark ? " dark" : ""}${isPlayed ? " played" : ""}`,
    tabindex: "-1", title: said, "aria-label": `${said}. What if?`,
    dataset: { row: i, column: j, value: v, ...(nested ? { nested: "true" } : {}) },
    on: { click: () => pick(i, j), focus: () => tell(said), mouseenter: () => tell(said) },
  }, isPlayed ? "●" : nested ? "*" : "");
  button.style.backgroundColor = colour.background;
  return button;
}

const STEPS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

// Arrow keys within the table: the focus (and the one tab stop) moves to the next cell;
// Home and End go to the row's first and last cell. The replay's own arrow keys are not
// told (the event stops here).
function arrows(event, table) {
  const cell = event.target.closest?.("button.cell");
  if (!cell) return;
  const i = Number(cell.dataset.row);
  const j = Number(cell.dataset.column);
  const width = table.tBodies[0].rows[0].cells.length - 1;
  const height = table.tBodies[0].rows.length;
  let to = null;
  if (STEPS[event.key]) {
    const [di, dj] = STEPS[event.key];
    to = [Math.max(0, Math.min(height - 1, i + di)), Math.max(0, Math.min(width - 1, j + dj))];
  } else if (event.key === "Home") to = [i, 0];
  else if (event.key === "End") to = [i, width - 1];
  else if (event.key === "PageUp" || event.key === "PageDown") event.stopPropagation();
  if (!to) return;
  event.preventDefault();
  event.stopPropagation();
  const next = table.querySelector(`button.cell[data-row="${to[0]}"][data-column="${to[1]}"]`);
  cell.tabIndex = -1;
  next.tabIndex = 0;
  next.focus();
}

// One side's optimal mix as bars: the choices it plays (weight above 0), heaviest first,
// then how many it never plays.
export function mixBars(analysis, side) {
  const labels = analysis.labels[side];
  const mix = analysis.mix[side];
  const used = mix.map((w, k) => [w, k]).filter(([w]) => w > 5e-4).sort((a, b) => b[0] - a[0]);
  const items = used.map(([w, k]) => {
    const pct = Math.round(w * 1000) / 10;
    const bar = h("span", { class: `bar p${side}` });
    bar.style.width = `${Math.max(1, w * 100)}%`;
    return h("li", { dataset: { choice: k, weight: w } },
      h("span", { class: "mix-label" }, labels[k]),
      h("span", { class: "mix-track", role: "img", "aria-label": `${pct}%` }, bar),
      h("span", { class: "mix-pct" }, `${pct}%`));
  });
  const never = mix.length - used.length;
  return h("div", { class: "mix", dataset: { side } },
    h("h4", {}, `${analysis.players[side]}'s mix${used.length === 1 ? " (a pure strategy)" : ""}`),
    h("ul", { class: "mix-bars" }, items),
    never ? h("p", { class: "hint" }, `${never} other choice${never === 1 ? "" : "s"}: never.`) : null);
}
