// "Fork from this event" only where a fork works (issue 28, item 4). The service forks
// only where the duel waited for a decision (or at its last event), and a fork point at or
// after a secret choice it has not revealed moves back before it (GET .../fork-points says
// both). Elsewhere the page says why instead of offering the button, with the nearest
// events that work.
import { get } from "./api.js";
import { $, duelId, h } from "./dom.js";

let known = null; // {total, points: Set, moved, loading}

async function load(view) {
  if (known && known.total === view.total) return known;
  if (known?.loading && known.total === view.total) return known.loading;
  const total = view.total;
  const loading = get(`/duels/${duelId()}/fork-points`).then((found) => {
    known = { total, points: new Set(found.points), list: found.points, moved: found.moved };
    return known;
  });
  known = { total, loading };
  return loading;
}

const FORMS = ["#fork", "#fork-ruling"];

function nearest(list, n) {
  const before = list.filter((p) => p < n).at(-1);
  const after = list.find((p) => p > n);
  return [before, after].filter((p) => p !== undefined);
}

// Why a fork at n is not offered, with buttons to the nearest events where it works.
function whyNot(n, found, go) {
  const near = nearest(found.list, n).map((p) => h("button", { type: "button", class: "link",
    dataset: { goto: p }, on: { click: () => go(p) } }, `event ${p}`));
  const or = near.length === 2 ? [near[0], " or ", near[1]] : near;
  return h("p", { class: "hint fork-why", dataset: { fork: "refused" } },
    `No fork from event ${n}: it is in the middle of resolving a decision, and a fork starts ` +
    "only where the duel waited for one. ", near.length ? ["Fork from ", or, " instead."] : "");
}

// A fork at n that the service moves back before an unrevealed secret choice.
function movedNote(n, found) {
  return h("p", { class: "hint fork-why", dataset: { fork: "moved", at: found.moved.at } },
    `A fork from event ${n} starts at event ${found.moved.at} instead: ${found.moved.reason}`);
}

function apply(n, found, go) {
  const works = found.points.has(n);
  const moved = works && found.moved && n >= found.moved.from;
  for (const selector of FORMS) {
    const form = $(selector);
    if (!form) continue;
    form.querySelector(".fork-why")?.remove();
    form.dataset.forkable = works ? (moved ? "moved" : "yes") : "no";
    const button = form.querySelector("button[type=submit]");
    button.hidden = !works;
    const note = works ? (moved ? movedNote(n, found) : null) : whyNot(n, found, go);
    if (note) button.before(note);
  }
}

// Offer or explain the forks for the replay's position n (the view's event count keys
// the points: a correction appended later reloads them).
export async function forkOffer(view, n, go) {
  try {
    const found = await load(view);
    if (view.at === n) apply(n, found, go);
  } catch {
    known = null; // not known: the forms stay as they are, and the service still checks
  }
}
