// The scorekeeper console: /duels/<id>/console. Shows the pending prompt with only the
// legal options, sends each choice as a decision (If-Match + Idempotency-Key) and shows
// the resulting facts at once. A conflict is said plainly and the page catches up.
// The board, panels and prompt controls are the duel's ruleset's renderer's (renderer.js).
import { api, get } from "./api.js";
import { eventItem } from "./events.js";
import { followDuel, liveBadge } from "./follow.js";
import { $, banner, clearBanner, duelId, h, noSuchDuel } from "./dom.js";
import { labelsText } from "./labels.js";
import { rendererFor } from "./renderer.js";
import { refuse } from "./refusal.js";
import { may, startSession } from "./session.js";

const id = duelId();
// names: the players' names (from the summary), for renderers that label options with them.
const ctx = { state: null, busy: false, secretFor: null, rerender: () => draw(), summary: null, names: [], retraction: null };
let renderer = null;

// An idempotency key without crypto.randomUUID (absent outside secure contexts).
function newKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

// While a request of this page is under way, no other starts (body[data-busy] says so).
function setBusy(value) {
  ctx.busy = value;
  document.body.dataset.busy = value ? "true" : "false";
}

async function refresh() {
  ctx.state = await get(`/duels/${id}/state`);
  await loadRetraction();
  draw();
}

// "Retract my last decision" is offered only when the service says this scorekeeper may:
// their own latest decision, not back past a reveal, a correction or someone else's.
async function loadRetraction() {
  ctx.retraction = null;
  if (!may("record")) return;
  try {
    ctx.retraction = await get(`/duels/${id}/retractions`);
  } catch {
    // Without the offer the button is simply not shown.
  }
}

function drawRetract() {
  const offer = ctx.retraction;
  $("#retract").replaceChildren(...(offer?.allowed ? [
    h("button", { type: "button", class: "retract-last", on: { click: () => retractLast(offer.event) } },
      "Retract my last decision"),
    " ", h("span", { class: "hint", text: `(event ${offer.event}: ${offer.text})` })] : []));
}

// The retraction is appended (nothing is deleted); the prompt before that decision returns.
async function retractLast(event) {
  if (ctx.busy) return;
  setBusy(true);
  const headers = { "If-Match": `"${ctx.state.event}"`, "Idempotency-Key": newKey() };
  try {
    await api(`/duels/${id}/retractions`, { method: "POST", body: { event }, headers });
    clearBanner();
    ctx.secretFor = null;
  } catch (err) {
    banner(`Not retracted: ${err.explain()}`, err.status === 409 ? "warning" : undefined);
  } finally {
    await refresh();
    await showBeatSoFar();
    setBusy(false);
  }
}

function draw() {
  const state = ctx.state;
  const allowed = may("record");
  const choices = renderer.renderPrompt($("#prompt-body"), state.prompt, state, send, ctx);
  const stage = { board: $("#board"), players: [$("#player-0"), $("#player-1")] };
  renderer.renderState(stage, state, { mode: "console", choices: allowed ? choices : new Map(), names: ctx.names });
  $("#where").textContent = `${renderer.where(state, ctx.summary)} · version ${state.event}`;
  $("#console-hint").hidden = allowed;
  for (const b of document.querySelectorAll("#prompt-body button, #concede button")) {
    if (!allowed) b.disabled = true;
  }
  drawConcede(state, allowed);
  drawRetract();
  document.body.dataset.version = state.event;
}

function drawConcede(state, allowed) {
  // A ruleset's own concession (ART O BATTLERS: give_up) when its renderer names one.
  const decision = (i) => renderer.concession?.(i) ?? { player: i, kind: "concede" };
  const words = renderer.concessionWords || "concedes";
  $("#concede").replaceChildren(...(state.over ? [] : ctx.summary.players.map((p, i) => {
    const sure = h("button", { type: "button", class: "danger", hidden: true, disabled: !allowed,
      on: { click: () => send(decision(i)) } }, `Yes, ${p.name} ${words}`);
    return h("p", {}, h("button", { type: "button", disabled: !allowed, on: { click: () => { sure.hidden = false; sure.focus(); } } },
      `${renderer.playerLabel(p)} ${words}…`), " ", sure);
  })));
}

function showFacts(events) {
  $("#feed").prepend(...events.map((e) => eventItem(e)).reverse());
}

// The index entry where the current beat (a ruleset's round: the same index keys but the
// step and event number) began.
function roundStart(index) {
  if (!index.length) return 1;
  const key = (e) => JSON.stringify(Object.entries(e).filter(([k]) => k !== "event" && k !== "step").sort());
  const now = key(index[index.length - 1]);
  return index.find((e) => key(e) === now).event;
}

// After a reload or a conflict: "What just happened" holds the current beat's events so far.
async function showBeatSoFar() {
  const start = roundStart(await get(`/duels/${id}/index`));
  const events = [];
  for (let after = start - 1; ;) {
    const page = await get(`/duels/${id}/events?after=${after}&limit=500`);
    events.push(...page.events);
    if (!page.events.length || events.length + start - 1 >= page.total) break;
    after = page.events[page.events.length - 1].event;
  }
  $("#feed").replaceChildren();
  showFacts(events);
}

// The control a refusal shows beside: the prompt's button that sent it, else the prompt.
function sender() {
  const focused = document.activeElement;
  return focused?.closest?.("#prompt-body, #concede") && focused.isConnected ? focused : $("#prompt-body");
}

async function send(decision) {
  if (ctx.busy) return;
  const control = sender();
  setBusy(true);
  const headers = { "If-Match": `"${ctx.state.event}"`, "Idempotency-Key": newKey() };
  try {
    let res;
    try {
      res = await api(`/duels/${id}/decisions`, { method: "POST", body: decision, headers });
    } catch (err) {
      if (err.status !== 0) throw err;
      // The network failed: the same key makes a retry safe (recorded at most once).
      res = await api(`/duels/${id}/decisions`, { method: "POST", body: decision, headers });
    }
    clearBanner();
    showFacts(res.data.events);
    ctx.secretFor = null;
    await refresh();
  } catch (err) {
    if (err.status === 409) {
      banner(`Someone else recorded a decision first (the duel is now at version ${err.body.current_version}). ` +
        "Your choice was not recorded; the page now shows the new state.", "warning");
      await refresh();
      await showBeatSoFar();
      refuse($("#prompt-body"), "Not recorded: someone else recorded a decision first; choose again " +
        "from the prompt as it stands now.");
    } else {
      banner(`Not recorded: ${err.explain()}`);
      refuse(control.isConnected ? control : $("#prompt-body"), err);
    }
  } finally {
    setBusy(false);
  }
}

// Follow the duel live (issue 34): when someone else records (another console, a retraction,
// a head judge's correction), this page moves on to the new state and the beat so far.
let live = false;

function follow() {
  followDuel(id, ctx.state.event, {
    onStatus: (status, detail) => {
      live = status === "live";
      liveBadge($("#live"), status, detail);
    },
    onMessage: (msg) => moved(msg.id),
  });
}

async function moved(version) {
  if (ctx.busy) {
    setTimeout(() => moved(version), 200); // after this page's own decision lands
    return;
  }
  if (!ctx.state || version <= ctx.state.event) return; // this page is there already
  setBusy(true);
  try {
    await refresh();
    await showBeatSoFar();
  } catch (err) {
    banner(`Could not follow the duel: ${err.explain?.() || err.message}`);
  } finally {
    setBusy(false);
  }
}

// Without the live stream: catch up when someone else records (checked every few seconds).
async function watch() {
  if (live || document.hidden || ctx.busy || !ctx.state) return;
  try {
    const summary = await get(`/duels/${id}`);
    if (summary.version !== ctx.state.event) {
      banner(`The duel moved on to version ${summary.version} (recorded elsewhere).`, "warning");
      await refresh();
      await showBeatSoFar();
    }
  } catch {
    // A missed check is retried at the next tick.
  }
}

async function main() {
  await startSession();
  try {
    const summary = await get(`/duels/${id}`);
    renderer = await rendererFor(summary.ruleset);
    Object.assign(ctx, { summary, names: summary.players.map((p) => p.name) });
    document.title = `${renderer.title(summary)} · console`;
    $("#title").textContent = `Console: ${renderer.title(summary)}`;
    $("#labels").textContent = labelsText(summary);
    await refresh();
    await showBeatSoFar();
  } catch (err) {
    if (err.status === 404) noSuchDuel(id);
    else banner(`This duel cannot be shown: ${err.explain?.() || err.message}`);
    return;
  }
  document.addEventListener("session", () => loadRetraction().then(draw));
  setInterval(watch, 5000);
  follow();
  document.body.dataset.ready = "true";
}

main();
