// Where disputes and corrections stand in the duel (issue 28, item 3): the life chart marks
// the beat of each disputed event and of each correction with a labelled line, and the
// beat menu names the beats that hold them. Drawn over any ruleset's chart that has one
// hit area per point (generic/lifechart.js's rect.hit, data-index k), so no renderer
// needs to know about disputes.
const NS = "http://www.w3.org/2000/svg";

// The chart point (index) whose beat holds event n: the first point at or after it.
function pointOf(points, n) {
  return points.findIndex((p) => p.event >= n); // -1: beyond the points shown
}

function marksOf(disputes) {
  return disputes.flatMap((d) => [
    { at: d.at, kind: "dispute", text: `Dispute (${d.status}) at event ${d.at}` },
    ...(d.resolution?.correction_event ? [{ at: d.resolution.correction_event, kind: "correction",
      text: `Correction at event ${d.resolution.correction_event}` }] : []),
  ]);
}

function line(hit, mark, svg) {
  const x = Number(hit.getAttribute("x")) + Number(hit.getAttribute("width")) / 2;
  const y = Number(hit.getAttribute("y"));
  const el = document.createElementNS(NS, "line");
  Object.entries({ x1: x, x2: x, y1: y, y2: y + Number(hit.getAttribute("height")),
    class: `mark ${mark.kind}`, "data-event": mark.at, "data-beat": hit.dataset.beat }).forEach(([k, v]) => el.setAttribute(k, v));
  const title = document.createElementNS(NS, "title");
  title.textContent = mark.text;
  el.append(title);
  svg.insertBefore(el, svg.querySelector("rect.hit"));
}

// The chart in `root` (already drawn from `points`: [{event, beat, ...}]).
export function markChart(root, points, disputes) {
  const svg = root.querySelector("svg");
  if (!svg || !points.length) return;
  svg.querySelectorAll("line.mark").forEach((el) => el.remove());
  const said = [];
  for (const mark of marksOf(disputes)) {
    const k = pointOf(points, mark.at);
    const hit = svg.querySelector(`rect.hit[data-index='${k}']`);
    if (!hit) continue; // beyond what the chart shows (teaching mode's horizon)
    line(hit, mark, svg);
    said.push(`${mark.text}, in beat ${hit.dataset.beat}`);
  }
  const base = svg.getAttribute("aria-label").split(". Marked: ")[0];
  svg.setAttribute("aria-label", said.length ? `${base}. Marked: ${said.join("; ")}.` : base);
}

// The beat menu: "Beat 3 · disputed", "Beat 30 · corrected".
export function markBeats(select, disputes) {
  const options = [...select.options];
  for (const o of options) {
    o.textContent = o.textContent.replace(/ · (disputed|corrected).*$/, "");
    delete o.dataset.disputed;
    delete o.dataset.corrected;
  }
  for (const mark of marksOf(disputes)) {
    const start = options.filter((o) => Number(o.value) <= mark.at).at(-1);
    if (!start) continue;
    const word = mark.kind === "dispute" ? "disputed" : "corrected";
    if (!start.textContent.includes(word)) start.textContent += ` · ${word}`;
    start.dataset[word] = "true";
  }
}
