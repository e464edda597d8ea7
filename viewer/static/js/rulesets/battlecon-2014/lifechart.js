// Both fighters' life over the beats, as an SVG line chart. The two lines differ in
// colour, dash pattern and point shape, so they can be told apart without colour.
const NS = "http://www.w3.org/2000/svg";

function svg(tag, attrs = {}, text) {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  if (text !== undefined) el.textContent = text;
  return el;
}

// The life axis: from 20 (or more) down to 0, or further down to the next multiple of 5
// when a fighter's life went below 0 (the board shows "-2 life"; so does the chart).
function lifeAxis(points) {
  const lives = points.flatMap((p) => p.life);
  const low = Math.min(0, ...lives);
  const top = Math.max(20, ...lives);
  return { bottom: low < 0 ? -5 * Math.ceil(-low / 5) : 0, top: 5 * Math.ceil(top / 5) };
}

// What hovering the point of beat k says: the beat and both lives, in the board's words.
function pointText(point, names) {
  const lives = names.map((n, i) => `${n} ${point.life[i]} life`).join(", ");
  return point.beat === 0 ? `Start: ${lives}` : `Beat ${point.beat}, at its end: ${lives}`;
}

// points: [{beat, life: [a, b]}] (beat 0 = the start); current: the beat shown now.
// Each point has a hit area (rect.hit, data-index k, data-tip its text) that
// chartpick.js turns into a tooltip and a jump to that beat.
export function renderLifeChart(root, points, names, current) {
  const W = 420, H = 180, L = 32, R = 12, T = 10, B = 28;
  const maxBeat = Math.max(1, ...points.map((p) => p.beat));
  const axis = lifeAxis(points);
  const x = (beat) => L + (beat / maxBeat) * (W - L - R);
  const y = (life) => T + ((axis.top - life) / (axis.top - axis.bottom)) * (H - T - B);
  const chart = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "life-chart", role: "img",
    "aria-label": `Life over the beats: ${names.map((n, i) => `${n} ${points.at(-1)?.life[i] ?? 20}`).join(", ")}`,
    "data-bottom": axis.bottom });
  for (let life = axis.bottom; life <= axis.top; life += 5) {
    chart.append(svg("line", { x1: L, x2: W - R, y1: y(life), y2: y(life), class: life === 0 ? "grid zero" : "grid" }));
    chart.append(svg("text", { x: L - 6, y: y(life) + 4, class: "axis", "text-anchor": "end" }, life));
  }
  for (let beat = 0; beat <= maxBeat; beat += 1) {
    chart.append(svg("text", { x: x(beat), y: H - 10, class: "axis", "text-anchor": "middle" }, beat));
  }
  chart.append(svg("text", { x: W - R, y: H - 0, class: "axis", "text-anchor": "end" }, "beat"));
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
  points.forEach((p, k) => chart.append(svg("rect", {
    x: x(p.beat) - column / 2, y: T, width: column, height: H - T - B, class: "hit", tabindex: 0,
    role: "button", "data-index": k, "data-beat": p.beat, "data-life": p.life.join(" "),
    "data-tip": pointText(p, names), "aria-label": `${pointText(p, names)}. Go to this beat.`,
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
