// The duel list at /, newest first: filters by game (a ruleset), event, round, table,
// player (any case), fighter and status. Forks are nested under their parent (a tree, as
// lichess shows variations), each labelled with its fork point. Each duel's
// players and score are worded by its ruleset's renderer; the Game column names the ruleset.
import { get } from "./api.js";
import { $, banner, h } from "./dom.js";
import { rendererFor } from "./renderer.js";
import { startSession } from "./session.js";
import { setupImport } from "./importer.js";
import { setupSpoilerToggle } from "./spoilers.js";
import { forkPointText, rulingsText } from "./variations.js";

const PAGE_SIZE = 50;
const titles = new Map(); // ruleset name -> title, from GET /api/rulesets

function row(d, renderer, depth = 0, left = null) {
  const tr = h("tr", { class: depth ? "variation" : null,
    dataset: { duel: d.id, status: d.status, ruleset: d.ruleset, depth, ...(d.parent ? { parent: d.parent, forkAt: d.fork_at } : {}) } },
    h("td", {}, d.players.map((p, i) => renderer.playerCell(p, i)).flatMap((x, i) => (i ? [" vs ", x] : [x])),
      d.parent ? forkLabel(d, renderer, left, depth) : null),
    h("td", { class: "game", text: titles.get(d.ruleset) || d.ruleset }),
    h("td", { class: "result", text: renderer.scoreText(d) }),
    h("td", { class: "result", text: d.beat }),
    h("td", {}, d.status === "over" ? ["over", h("span", { class: "result", text: d.winner === null ? " (draw)" : `: ${d.players[d.winner].name} won` })] : "in progress"),
    h("td", { text: [d.event, d.round, d.table].map((x) => x ?? "–").join(" · ") }),
    h("td", { class: "date" }, d.created ? h("time", { datetime: d.created, title: `${d.created} (UTC)` }, day(d.created)) : "–"),
    h("td", {}, h("a", { href: `/duels/${d.id}` }, "Replay"), " · ", h("a", { href: `/duels/${d.id}/console` }, "Console")));
  if (depth) tr.style.setProperty("--depth", depth);
  return tr;
}

// "Variation from Beat 1, after event 12: …" under a fork's players; a fork whose parent is
// not on this page says whose variation it is.
function forkLabel(d, renderer, left, depth) {
  const where = left ? forkPointText(left.fork_point, renderer) : `from event ${d.fork_at}`;
  const changed = left ? rulingsText(left.rulings_changed) : "";
  return h("span", { class: "fork-point" }, depth ? "Variation " : "Variation of ",
    depth ? null : h("a", { href: `/duels/${d.parent}?at=${d.fork_at}` }, "another duel"),
    depth ? where : ` ${where}`, changed ? h("span", { class: "ruling-change", text: `with another ruling: ${changed}` }) : null);
}

// The page's duels as a tree: each fork right under its parent (when the parent is on this
// page), its forks under it in turn, earliest fork point first; [duel, depth] in order.
function tree(items) {
  const here = new Set(items.map((d) => d.id));
  const children = new Map();
  for (const d of items) {
    if (d.parent && here.has(d.parent)) {
      if (!children.has(d.parent)) children.set(d.parent, []);
      children.get(d.parent).push(d);
    }
  }
  const out = [];
  const walk = (d, depth) => {
    out.push([d, depth]);
    const kids = (children.get(d.id) || []).sort((a, b) => a.fork_at - b.fork_at || a.created.localeCompare(b.created));
    for (const c of kids) walk(c, depth + 1);
  };
  for (const d of items) if (!(d.parent && here.has(d.parent))) walk(d, 0);
  return out;
}

// "2026-11-24 02:01" (UTC) from the stored ISO time.
const day = (iso) => iso.slice(0, 16).replace("T", " ");

async function rows(items) {
  const ordered = tree(items);
  const renderers = await Promise.all(ordered.map(([d]) => rendererFor(d.ruleset)));
  // Where each fork left its parent, in the game's words, as this reader may read it: the
  // list gives it with each fork (fork_points=true), not one /variations request per fork.
  return ordered.map(([d, depth], k) => row(d, renderers[k], depth, d.fork_point ? d : null));
}

function query(form, page) {
  const params = new URLSearchParams();
  for (const [k, v] of new FormData(form)) if (v) params.set(k, v);
  params.set("order", "newest");
  params.set("fork_points", "true");
  params.set("page", page);
  params.set("page_size", PAGE_SIZE);
  return params;
}

async function load(page = 1) {
  const form = $("#filters");
  const params = query(form, page);
  let list;
  try {
    list = await get(`/duels?${params}`);
  } catch (err) {
    banner(`The duels cannot be listed: ${err.explain()}`);
    return;
  }
  const shown = new URLSearchParams(params);
  shown.delete("page_size");
  shown.delete("order");
  shown.delete("fork_points");
  if (page === 1) shown.delete("page");
  history.replaceState(null, "", `/?${shown}`);
  $("#count").textContent = `${list.total} duel${list.total === 1 ? "" : "s"}`;
  $("#duels tbody").replaceChildren(...await rows(list.items));
  const pages = Math.ceil(list.total / PAGE_SIZE);
  $("#pages").replaceChildren(...Array.from({ length: pages > 1 ? pages : 0 }, (_, k) => h("button", {
    type: "button", "aria-current": k + 1 === page ? "page" : null, on: { click: () => load(k + 1) },
  }, `${k + 1}`)));
}

async function main() {
  await startSession();
  const form = $("#filters");
  try {
    // The fighter filter is the API's (GET /api/duels?fighter=): the default ruleset's fighters.
    const [catalogue, rulesets] = await Promise.all([get("/fighters"), get("/rulesets")]);
    form.fighter.append(...catalogue.fighters.map((f) => h("option", { value: f.id }, f.name)));
    for (const r of rulesets.rulesets) titles.set(r.name, r.title);
    form.ruleset.append(...rulesets.rulesets.map((r) => h("option", { value: r.name }, r.title)));
  } catch (err) {
    banner(err.explain());
  }
  const params = new URL(window.location).searchParams;
  for (const [k, v] of params) if (form.elements[k]) form.elements[k].value = v;
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    load(1);
  });
  setupSpoilerToggle($("#spoiler-free"), $("#duels"));
  setupImport($("#import-form"), $("#import-result"), () => load(1));
  await load(Number(params.get("page")) || 1);
  document.body.dataset.ready = "true";
}

main();
