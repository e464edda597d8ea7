// The judges' floor: /floor?event=E&quiet=S. Every table of an event (GET /api/floor),
// those with an open dispute first, stalled ones flagged; followed by a conditional poll
// (If-None-Match: an unchanged floor answers 304 with no body) every few seconds while the
// tab is shown, paused while it is hidden. Head judges also see the open disputes across
// duels, oldest first, each linked to the replay at the disputed event (GET /api/disputes).
import { get, token } from "./api.js";
import { $, banner, clearBanner, h } from "./dom.js";
import { session, startSession } from "./session.js";
import { saveText } from "./save.js";

const POLL_MS = 3000;
const titles = new Map(); // ruleset -> title
let etag = null;
let floor = null; // the last floor answered
let skew = 0; // the server's clock minus ours (ms), from the Date header
let timer = null;

async function fetchFloor(params) {
  const headers = { Accept: "application/json" };
  const t = token();
  if (t) headers.Authorization = `Bearer ${t}`;
  if (etag) headers["If-None-Match"] = etag;
  const res = await fetch(`/api/floor?${params}`, { headers, cache: "no-store" });
  const date = res.headers.get("Date");
  if (date) skew = Date.parse(date) - Date.now();
  if (res.status === 304) return null;
  const body = await res.json().catch(() => null);
  if (!res.ok) throw new Error(body?.detail || `HTTP ${res.status}`);
  etag = res.headers.get("ETag");
  return body;
}

// "4 min 05 s" since an ISO time, by the server's clock.
function since(iso) {
  const s = Math.max(0, Math.floor((Date.now() + skew - Date.parse(iso)) / 1000));
  const m = Math.floor(s / 60);
  return m ? `${m} min ${String(s % 60).padStart(2, "0")} s` : `${s} s`;
}

const label = (t) => [t.round, t.table].map((x) => x ?? "–").join(" · ");
const life = (t) => t.players.map((p) => p.life ?? "–").join(" – ");

function status(t) {
  if (t.status !== "over") return t.stalled ? "stalled" : "in progress";
  if (t.draw) return `over: draw${t.ended ? ` (${t.ended})` : ""}`;
  const who = t.winner === null ? "" : `: ${t.players[t.winner]?.name} won`;
  return `over${who}${t.ended ? ` (${t.ended.replaceAll("_", " ")})` : ""}`;
}

function disputeLinks(t) {
  return t.open_disputes.flatMap((d, k) => [k ? ", " : "",
    h("a", { href: `/duels/${t.id}?at=${d.at}` }, `event ${d.at}`)]);
}

function row(t) {
  return h("tr", {
    class: [t.open_disputes.length ? "disputed" : "", t.stalled ? "stalled" : ""].join(" ").trim() || null,
    dataset: { duel: t.id, status: t.status, stalled: String(t.stalled), disputes: String(t.open_disputes.length) },
  },
  h("td", { text: label(t) }),
  h("td", { text: t.players.map((p) => p.name ?? "–").join(" vs ") }),
  h("td", { text: t.players.map((p) => p.fighter ?? "–").join(" vs ") }),
  h("td", { text: titles.get(t.ruleset) || t.ruleset || "–" }),
  h("td", { text: t.beat ?? "–" }),
  h("td", { text: life(t) }),
  h("td", { class: "status", text: status(t) }),
  h("td", { class: "since" }, t.last_decision ? h("time", { datetime: t.last_decision, text: since(t.last_decision) }) : "–"),
  h("td", { class: "disputes" }, t.open_disputes.length ? [`${t.open_disputes.length} open: `, ...disputeLinks(t)] : "none"),
  h("td", {}, h("a", { href: `/duels/${t.id}` }, "Replay"), " · ", h("a", { href: `/duels/${t.id}/console` }, "Console")));
}

function show() {
  const n = floor.tables.length;
  const stalled = floor.tables.filter((t) => t.stalled).length;
  $("#floor-count").textContent = `${n} table${n === 1 ? "" : "s"}${stalled ? `, ${stalled} stalled` : ""}`;
  $("#floor tbody").replaceChildren(...floor.tables.map(row));
}

function tick() {
  for (const el of document.querySelectorAll("#floor td.since time")) el.textContent = since(el.getAttribute("datetime"));
}

let busy = false; // one poll at a time (a tab shown again during one asks no second)

async function poll(params) {
  clearTimeout(timer);
  if (document.hidden || busy) return; // resumed by visibilitychange, or by the poll under way
  busy = true;
  try {
    const got = await fetchFloor(params);
    if (got) {
      floor = got;
      show();
    } else tick();
    clearBanner();
    $("#floor-live").hidden = false;
    if (session().role === "head_judge") await showQueue(params.get("event"));
  } catch (err) {
    $("#floor-live").hidden = true;
    banner(`The floor cannot be read: ${err.message}`);
  }
  busy = false;
  document.body.dataset.ready = "true";
  timer = setTimeout(() => poll(params), POLL_MS);
}

async function showQueue(event) {
  const all = $("#queue-all").checked;
  const { disputes } = await get(`/disputes${all ? "" : `?${new URLSearchParams({ event })}`}`);
  $("#queue").hidden = false;
  $("#queue-list").replaceChildren(...disputes.map((d) => h("li", { dataset: { dispute: d.id, duel: d.duel_id } },
    h("time", { datetime: d.opened, text: d.opened.slice(0, 19).replace("T", " ") }), " ",
    h("a", { href: d.replay }, `${d.event ?? "–"} · ${d.round ?? "–"} · ${d.table ?? "–"}, event ${d.at}`),
    ` (${d.players.join(" vs ")}): ${d.claim}`)));
}

async function downloadResults(event) {
  try {
    const headers = {};
    const t = token();
    if (t) headers.Authorization = `Bearer ${t}`;
    const res = await fetch(`/api/results.csv?${new URLSearchParams({ event })}`, { headers });
    const text = await res.text();
    if (!res.ok) throw new Error(`${res.status}: ${text}`);
    saveText(text, `results-${event.replace(/[^A-Za-z0-9]+/g, "-")}.csv`, "text/csv");
  } catch (err) {
    banner(`The results cannot be downloaded: ${err.message}`);
  }
}

async function main() {
  await startSession();
  const form = $("#floor-form");
  try {
    for (const r of (await get("/rulesets")).rulesets) titles.set(r.name, r.title);
  } catch (err) {
    banner(err.explain());
  }
  const params = new URL(window.location).searchParams;
  const event = params.get("event");
  if (params.get("quiet")) form.quiet.value = params.get("quiet");
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    window.location.search = new URLSearchParams({ event: form.event.value, quiet: form.quiet.value }).toString();
  });
  if (!event) {
    document.body.dataset.ready = "true";
    return;
  }
  form.event.value = event;
  $("#floor-title").textContent = `Judges' floor: ${event}`;
  document.title = `Floor ${event} · BattleCON judge`;
  const asked = new URLSearchParams({ event, quiet: form.quiet.value || "300" });
  $("#download-results").disabled = false;
  $("#download-results").addEventListener("click", () => downloadResults(event));
  $("#queue-all").addEventListener("change", () => showQueue(event).catch((err) => banner(err.message)));
  document.addEventListener("visibilitychange", () => { if (!document.hidden) poll(asked); });
  setInterval(tick, 1000);
  await poll(asked);
}

main();
