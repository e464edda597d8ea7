// The life chart as a way to move: hovering (or focusing) a beat's point shows its values
// in a tooltip, clicking it (or Enter) moves the replay to the start of that beat; the
// arrow keys move between the points (the chart is one tab stop). The
// chart's renderer marks each point's hit area (`.hit` with data-index and data-tip);
// this module only listens, so it works for any ruleset's chart that does the same.
import { h } from "./dom.js";

// The event where the beat of chart point k begins: the setup for the first point, else
// the first beat start after the previous point (the end of the beat before).
export function beatStartOf(points, starts, k) {
  if (k <= 0) return 0;
  const start = starts.find((e) => e.event > points[k - 1].event);
  return start ? start.event : points[k].event;
}

function showTip(tip, hit, box) {
  tip.textContent = hit.dataset.tip;
  tip.hidden = false;
  const r = hit.getBoundingClientRect();
  const b = box.getBoundingClientRect();
  tip.style.left = `${Math.round(r.left - b.left + r.width / 2)}px`;
  tip.style.top = `${Math.round(r.top - b.top)}px`;
}

// Listen on `root` (the chart's container, whose content is redrawn at every step);
// `go(k)` is called with the index of the point picked.
export function pickOnChart(root, go) {
  const box = root.parentElement;
  const tip = h("div", { id: "chart-tip", class: "chart-tip", role: "tooltip", hidden: true });
  box.append(tip);
  const hitOf = (event) => event.target.closest?.(".hit");
  const enter = (event) => {
    const hit = hitOf(event);
    if (hit) showTip(tip, hit, box);
  };
  const leave = (event) => {
    if (hitOf(event)) tip.hidden = true;
  };
  root.addEventListener("pointerover", enter);
  root.addEventListener("focusin", enter);
  root.addEventListener("pointerout", leave);
  root.addEventListener("focusout", leave);
  root.addEventListener("click", (event) => {
    const hit = hitOf(event);
    if (hit) go(Number(hit.dataset.index));
  });
  root.addEventListener("keydown", (event) => {
    const hit = hitOf(event);
    if (!hit) return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      // The chart is redrawn there: the focus returns to its (new) tab stop.
      Promise.resolve(go(Number(hit.dataset.index))).then(() => root.querySelector(".hit[tabindex='0']")?.focus());
    } else if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
      moveAmongHits(root, hit, event);
    }
  });
}

// The chart is one tab stop: the arrow keys move the focus between its points (not the
// replay, whose own arrow keys step through the events).
function moveAmongHits(root, hit, event) {
  const hits = [...root.querySelectorAll(".hit")];
  const to = hits[hits.indexOf(hit) + (event.key === "ArrowRight" ? 1 : -1)];
  event.preventDefault();
  event.stopPropagation();
  if (!to) return;
  hits.forEach((x) => x.setAttribute("tabindex", x === to ? "0" : "-1"));
  to.focus();
}
