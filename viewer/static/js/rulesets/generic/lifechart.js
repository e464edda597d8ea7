// Both players' life over the rounds of play (BattleCON's beats, another game's turns), as
// an SVG line chart. The two lines differ in colour, dash pattern and point shape, so they
// can be told apart without colour. A ruleset's renderer reaches it through its `chart`
// (see generic.js) and gives the scale and the words; the defaults are BattleCON's.
const NS = "http://www.w3.org/2000/svg";

function svg(tag, attrs = {}, text) {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  if (text !== undefined) el.textContent = text;
  return el;
}

// Grid values from 0 to `top`: four or five steps of a round size (0, 100, ..., 500).
export function lifeTicks(top) {
  const raw = Math.max(1, top) / 4;
  const unit = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * unit).find((s) => s >= raw);
  const ticks = [];
  for (let v = 0; v < top + step; v += step) ticks.push(v);
  return ticks;
}

// The life axis: the scale's grid, going on below 0 by the same step to the grid line
// under the lowest life when a fighter's life went below 0 (the board shows "-2 life";
// so does the chart), and above the top when a life went over it.
function lifeAxis(points, top, ticks) {
  const step = ticks.length > 1 ? ticks[1] - ticks[0] : 5;
  const lives = points.flatMap((p) => p.life);
  const low = Math.min(0, ...lives);
  const high = Math.max(top, ...lives);
  const bottom = low < 0 ? -step * Math.ceil(-low / step) : 0;
  const grid = [];
  for (let v = bottom; v < 0; v += step) grid.push(v);
  grid.push(...ticks);
  while (grid.at(-1) < high) grid.push(grid.at(-1) + step);
  return { bottom, top: grid.at(-1), grid };
}

// What hovering the point of beat (turn) k says: the beat and both lives, in the board's words.
function pointText(point, names, word) {
  const lives = names.map((n, i) => `${n} ${point.life[i]} life`).join(", ");
  const round = word.charAt(0).toUpperCase() + word.slice(1);
  return point.beat === 0 ? `Start: ${lives}` : `${round} ${point.beat}, at its end: ${lives}`;
}

// points: [{beat, life: [a, b]}] (beat 0 = the start); current: the beat shown now.
// scale: {top: the life at the top of the chart (20), ticks: grid values, axis: the
//   x axis's word ("beat"), caption: the chart's label ("Life over the beats")}.
// Each point has a hit area (rect.hit, data-index k, data-tip its text) that
// chartpick.js turns into a tooltip and a jump to that beat.
export function renderLifeChart(root, points, names, current, scale = {}) {
  const { top = 20, ticks = [0, 5, 10, 15, 20], axis: word = "beat", caption = "Life over the beats" } = scale;
  const W = 420, H = 180, L = 32, R = 12, T = 10, B = 28;
  const maxBeat = Math.max(1, ...points.map((p) => p.beat));
  const axis = lifeAxis(points, top, ticks);
  const x = (beat) => L + (beat / maxBeat) * (W - L - R);
  const y = (life) => T + ((axis.top - life) / (axis.top - axis.bottom)) * (H - T - B);
  const chart = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "life-chart", role: "img",
    "aria-label": `${caption}: ${names.map((n, i) => `${n} ${points.at(-1)?.life[i] ?? top}`).join(", ")}`,
    "data-bottom": axis.bottom });
  for (const life of axis.grid) {
    chart.append(svg("line", { x1: L, x2: W - R, y1: y(life), y2: y(life), class: life === 0 ? "grid zero" : "grid" }));
    chart.append(svg("text", { x: L - 6, y: y(life) + 4, class: "axis", "text-anchor": "end" }, life));
  }
  for (let beat = 0; beat <= maxBeat; beat += 1) {
    chart.append(svg("text", { x: x(beat), y: H - 10, class: "axis", "text-anchor": "middle" }, beat));
  }
  chart.append(svg("text", { x: W - R, y: H - 0, class: "axis", "text-anchor": "end" }, word));
  if (current !== undefined) {
    chart.append(svg("line", { x1: x(current), x2: x(current), y1: T, y2: H - B, class: "now" }));
  }
  [0, 1].forEach((i) => {
    const pts = points.map((p) => `${x(p.beat)},${y(p.life[i])}`).join(" ");
    chart.append(svg("polyline", { points: pts, class: `line p${i}`, "data-player": i }));
    for (const p of points) {
      const cx = x(p.beat), cy = y(p.life[i]);
      chart.append(i === 0
        ? svg("circle", { cx, cy, r: 3.5, class: `dot p${i}` })
        : svg("rect", { x: cx - 3.5, y: cy - 3.5, width: 7, height: 7, class: `dot p${i}` }));
    }
  });
  const column = (W - L - R) / maxBeat;
  // One tab stop (the current point, else the first); the arrow keys move between the
  // points (chartpick.js), so a long duel's chart is not a Tab press per beat.
  const stop = Math.max(0, points.findIndex((p) => p.beat === current));
  points.forEach((p, k) => chart.append(svg("rect", {
    x: x(p.beat) - column / 2, y: T, width: column, height: H - T - B, class: "hit", tabindex: k === stop ? 0 : -1,
    role: "button", "data-index": k, "data-beat": p.beat, "data-life": p.life.join(" "),
    "data-tip": pointText(p, names, word), "aria-label": `${pointText(p, names, word)}. Go to this ${word}.`,
  })));
  const legend = document.createElement("p");
  legend.className = "legend";
  names.forEach((n, i) => {
    const s = document.createElement("span");
    s.className = `key p${i}`;
    s.textContent = `${i === 0 ? "● solid" : "■ dashed"}: ${n}`;
    legend.append(s);
  });
  root.replaceChildren(chart, legend);
}
