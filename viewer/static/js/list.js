// The duel list at /: filters by event, round, table, fighter and status.
import { get } from "./api.js";
import { fighterName, loadCatalogue } from "./cards.js";
import { $, banner, h } from "./dom.js";
import { startSession } from "./session.js";

const PAGE_SIZE = 50;

function query(form, page) {
  const params = new URLSearchParams();
  for (const [k, v] of new FormData(form)) if (v) params.set(k, v);
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
  if (page === 1) shown.delete("page");
  history.replaceState(null, "", `/?${shown}`);
  $("#count").textContent = `${list.total} duel${list.total === 1 ? "" : "s"}`;
  $("#duels tbody").replaceChildren(...list.items.map((d) => h("tr", { dataset: { duel: d.id, status: d.status } },
    h("td", {}, d.players.map((p, i) => h("span", { class: `who p${i}`, dataset: { fighter: p.fighter } },
      `${p.name} (${fighterName(p.fighter)})`)).flatMap((x, i) => (i ? [" vs ", x] : [x]))),
    h("td", { text: d.players.map((p) => p.life).join(" – ") }),
    h("td", { text: d.beat }),
    h("td", { text: d.status === "over" ? (d.winner === null ? "over (draw)" : `over: ${d.players[d.winner].name} won`) : "in progress" }),
    h("td", { text: [d.event, d.round, d.table].map((x) => x ?? "–").join(" · ") }),
    h("td", {}, h("a", { href: `/duels/${d.id}` }, "Replay"), " · ", h("a", { href: `/duels/${d.id}/console` }, "Console")))));
  const pages = Math.ceil(list.total / PAGE_SIZE);
  $("#pages").replaceChildren(...Array.from({ length: pages > 1 ? pages : 0 }, (_, k) => h("button", {
    type: "button", "aria-current": k + 1 === page ? "page" : null, on: { click: () => load(k + 1) },
  }, `${k + 1}`)));
}

async function main() {
  await startSession();
  const form = $("#filters");
  try {
    const catalogue = await loadCatalogue();
    form.fighter.append(...catalogue.fighters.map((f) => h("option", { value: f.id }, f.name)));
  } catch (err) {
    banner(err.explain());
  }
  const params = new URL(window.location).searchParams;
  for (const [k, v] of params) if (form.elements[k]) form.elements[k].value = v;
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    load(1);
  });
  await load(Number(params.get("page")) || 1);
  document.body.dataset.ready = "true";
}

main();
