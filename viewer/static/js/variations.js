// Variations (forks) in the game's words: where a fork left its parent ("from Beat 1, after
// event 12: Hikaru lays an attack pair face down.") and the rulings it changed ("Power of
// Khadath's Lure: 0 → -1"), from GET /api/duels/{id}/variations.
import { get } from "./api.js";
import { h } from "./dom.js";

export async function variationsOf(id) {
  return get(`/duels/${id}/variations`);
}

// fork_point: {event, beat (an index entry or null), text}; renderer: the duel's renderer.
export function forkPointText(point, renderer) {
  if (point.event === 0) return "from the setup, before any event";
  const beat = point.beat ? `${renderer.beatLabel(point.beat)}, ` : "";
  return `from ${beat}after event ${point.event}: ${point.text}`;
}

// changed: {id: {from, to, title}}; rulings: the duel's switchable rulings (their titles,
// for a change that does not carry its own).
export function rulingsText(changed, rulings = {}) {
  return Object.entries(changed || {}).map(([id, c]) =>
    `${c.title || rulings[id]?.title || id}: ${c.from ?? "not named"} → ${c.to}`).join("; ");
}

// The replay page's "Variations" panel: the duel this one was forked from (and where), then
// every fork of this duel with its fork point, each a link to its replay at that point.
export function renderVariationsPanel(found, renderer) {
  const of = document.querySelector("#variation-of");
  of.hidden = !found.parent;
  if (found.parent) {
    const changed = rulingsText(found.left.rulings_changed, found.rulings);
    of.replaceChildren("A variation of ",
      h("a", { href: `/duels/${found.parent.id}?at=${found.left.fork_at}`, class: "parent-link" },
        renderer.title(found.parent)),
      `: this duel left it ${forkPointText(found.left.fork_point, renderer)}`,
      ...(changed ? [" ", h("span", { class: "ruling-change", text: `With another ruling: ${changed}` })] : []));
  }
  const list = document.querySelector("#variation-list");
  list.replaceChildren(...found.children.map((c) => h("li", { dataset: { duel: c.id, forkAt: c.fork_at } },
    h("a", { href: `/duels/${c.id}?at=${c.fork_at}` }, `${renderer.title(c)} (${c.status === "over" ? "over" : "in progress"})`),
    h("span", { class: "fork-point", text: forkPointText(c.fork_point, renderer) }),
    Object.keys(c.rulings_changed).length
      ? h("span", { class: "ruling-change", text: `With another ruling: ${rulingsText(c.rulings_changed, found.rulings)}` }) : null)));
  if (!found.children.length) {
    list.replaceChildren(h("li", { class: "none", text: "No variation forked from this duel yet." }));
  }
}
