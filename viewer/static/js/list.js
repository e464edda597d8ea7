// The duel list at /, newest first: filters by game (a ruleset), event, round, table,
// player (any case), fighter and status. Each duel's
// players and score are worded by its ruleset's renderer; the Game column names the ruleset.
import { get } from "./api.js";
import { $, banner, h } from "./dom.js";
import { rendererFor } from "./renderer.js";
import { startSession } from "./session.js";
import { setupImport } from "./importer.js";
import { setupSpoilerToggle } from "./spoilers.js";

const PAGE_SIZE = 50;
const titles = new Map(); // ruleset name -> title, from GET /api/rulesets

function row(d, renderer) {
  return h("tr", { dataset: { duel: d.id, status: d.status, ruleset: d.ruleset } },
    h("td", {}, d.players.map((p, i) => renderer.playerCell(p, i)).flatMap((x, i) => (i ? [" vs ", x] : [x]))),
    h("td", { class: "game", text: titles.get(d.ruleset) || d.ruleset }),
    h("td", { class: "result", text: renderer.scoreText(d) }),
    h("td", { class: "result", text: d.beat }),
    h("td", {}, d.status === "over" ? ["over", h("span", { class: "result", text: d.winner === null ? " (draw)" : `: ${d.players[d.winner].name} won` })] : "in progress"),
    h("td", { text: [d.event, d.round, d.table].map((x) => x ?? "–").join(" · ") }),
    h("td", { class: "date" }, d.created ? h("time", { datetime: d.created, title: `${d.created} (UTC)` }, day(d.created)) : "–"),
    h("td", {}, h("a", { href: `/duels/${d.id}` }, "Replay"), " · ", h("a", { href: `/duels/${d.id}/console` }, "Console")));
}

// "2026-11-24 02:01" (UTC) from the stored ISO time.
const day = (iso) => iso.slice(0, 16).replace("T", " ");

async function rows(items) {
  const renderers = await Promise.all(items.map((d) => rendererFor(d.ruleset)));
  return items.map((d, k) => row(d, renderers[k]));
}

function query(form, page) {
  const params = new URLSearchParams();
  for (const [k, v] of new FormData(form)) if (v) params.set(k, v);
  params.set("order", "newest");
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
