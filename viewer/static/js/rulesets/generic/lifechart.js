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

// points: [{beat, life: [a, b]}] (beat 0 = the start); current: the beat shown now.
// scale: {top: the life at the top of the chart (20), ticks: grid values, axis: the
//   x axis's word ("beat"), caption: the chart's label ("Life over the beats")}.
export function renderLifeChart(root, points, names, current, scale = {}) {
  const { top = 20, ticks = [0, 5, 10, 15, 20], axis = "beat", caption = "Life over the beats" } = scale;
  const W = 420, H = 180, L = 32, R = 12, T = 10, B = 28;
  const maxBeat = Math.max(1, ...points.map((p) => p.beat));
  const x = (beat) => L + (beat / maxBeat) * (W - L - R);
  const y = (life) => T + (1 - Math.max(0, life) / top) * (H - T - B);
  const chart = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "life-chart", role: "img",
    "aria-label": `${caption}: ${names.map((n, i) => `${n} ${points.at(-1)?.life[i] ?? top}`).join(", ")}` });
  for (const life of ticks) {
    chart.append(svg("line", { x1: L, x2: W - R, y1: y(life), y2: y(life), class: "grid" }));
    chart.append(svg("text", { x: L - 6, y: y(life) + 4, class: "axis", "text-anchor": "end" }, life));
  }
  for (let beat = 0; beat <= maxBeat; beat += 1) {
    chart.append(svg("text", { x: x(beat), y: H - 10, class: "axis", "text-anchor": "middle" }, beat));
  }
  chart.append(svg("text", { x: W - R, y: H - 0, class: "axis", "text-anchor": "end" }, axis));
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
