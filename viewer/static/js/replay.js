// The replay stepper: /duels/<id>?at=N. Steps through a recorded duel event by event,
// with the board, both fighters, the event list, a life chart and a teaching mode.
// The board and panels, the beat menu's words and the chart are the duel's ruleset's
// renderer's (renderer.js); a renderer without a chart hides the chart section.
// Every state is loaded in one or a few requests (GET /states, the same bytes /state sends
// this reader), after a first paint from the single state asked for: a step, by any
// control, is drawn from memory, without a request (issue 29). Teaching and spoiler-free
// modes hold the future states but draw none of them.
import { allEvents, get } from "./api.js";
import { AnalysisPanel } from "./analysis.js";
import { beatStartOf, pickOnChart } from "./chartpick.js";
import { setupDownloads } from "./downloads.js";
import { eventItem } from "./events.js";
import { applyMessage, followDuel, liveBadge } from "./follow.js";
import { announce, keyboardEvents, settleTabStops } from "./eventkeys.js";
import { hideDecisions } from "./decisions.js";
import { markBeats, markChart } from "./disputemarks.js";
import { $, banner, duelId, h, noSuchDuel, typing } from "./dom.js";
import { labelsText } from "./labels.js";
import { nameRounds } from "./rounds.js";
import { rendererFor } from "./renderer.js";
import { startSession } from "./session.js";
import { JudgePanel } from "./judge.js";
import { Teacher } from "./teach.js";
import { copyLink, rememberTeaching, teachingWanted } from "./teachlink.js";
import { spoilerFree } from "./spoilers.js";
import { renderVariationsPanel, variationsOf } from "./variations.js";

const id = duelId();
const states = new Map(); // n -> the state after event n, as /state?at=n answers this reader
const asked = new Map(); // n -> a single /state request in flight (before the bulk arrives)
const spoilers = spoilerFree(); // the list's "hide results", carried into the replay
let reached = 0; // the furthest event shown, in spoiler-free mode
const view = { at: 0, total: 0, events: [], index: [], annotations: [], disputes: [], summary: null, state: null, renderer: null };
const names = () => view.summary.players.map((p) => p.name);

async function stateAt(n) {
  if (states.has(n)) return states.get(n);
  if (!asked.has(n)) {
    asked.set(n, get(`/duels/${id}/state?at=${n}`).then((s) => {
      states.set(n, s);
      return s;
    }).finally(() => asked.delete(n)));
  }
  return asked.get(n);
}

// Every state of the duel, in windows of what the service sends at once.
async function loadStates() {
  for (let from = 0; from <= view.total;) {
    const page = await get(`/duels/${id}/states?from=${from}&to=${Math.min(view.total, from + 999)}`);
    page.states.forEach((s, k) => states.set(page.from + k, s));
    from = page.to + 1;
  }
}

// The furthest event the page may show: the learner's horizon in teaching mode, the
// furthest reached in spoiler-free mode, else the end.
function limit() {
  if (teacher.enabled) return teacher.horizon;
  return spoilers ? reached : view.total;
}

const teacher = new Teacher(view, (n) => show(n));
const judge = new JudgePanel(view, { reload: () => reloadCommentary(), go: (n) => show(n) });
const analysis = new AnalysisPanel(view, {
  beatStarts: () => beatStarts(),
  seen: () => ({ mode: teacher.enabled ? "teaching" : spoilers ? "spoilers" : null,
                 horizon: teacher.enabled ? teacher.horizon : reached, answered: teacher.answered }),
  drawVariation: (state, label) => drawVariation(state, label),
  back: () => render(view.at),
});

// Where the page is going: steps taken faster than states load add up from here.
let target = 0;
let renders = 0; // the number of the newest render started, so an older one is dropped

const here = () => target;

// Show the state after event n (0 = the setup, before any event).
async function show(n, { ask = true } = {}) {
  n = Math.max(0, Math.min(view.total, n));
  if (ask && teacher.enabled && n > target) {
    const stop = teacher.firstQuestion(target, n);
    if (stop !== null) {
      target = stop - 1;
      if (await render(target)) {
        teacher.ask(stop);
        addressAt(stop);
      }
      return;
    }
  }
  teacher.dismiss();
  target = n;
  await render(n);
}

async function render(n) {
  const mine = ++renders;
  let state = states.get(n);
  if (state === undefined) {
    try {
      state = await stateAt(n);
    } catch (err) {
      banner(`Could not load the state at event ${n}: ${err.explain()}`);
      return false;
    }
    if (mine !== renders) return false;
  }
  const start = performance.now();
  draw(n, state);
  performance.measure("replay-draw", { start, end: performance.now() });
  return true;
}

// Draw the state after event n, from memory (measured as "replay-draw").
function draw(n, state) {
  view.at = n;
  view.state = state;
  teacher.reached(n);
  reached = Math.max(reached, n);
  const stage = { board: $("#board"), players: [$("#player-0"), $("#player-1")] };
  view.renderer.renderState(stage, state, { mode: "replay", teaching: teacher.enabled, names: names() });
  const where = view.renderer.where(state, view.summary);
  $("#where").textContent = where;
  announce(where, n === 0 ? { event: 0, text: "The setup, before any event." } : view.events[n - 1]);
  $("#position").textContent = n;
  const slider = $("#slider");
  slider.max = limit();
  slider.value = n;
  slider.setAttribute("aria-valuetext", spoilers ? `Event ${n}: ${where}` : `Event ${n} of ${view.total}: ${where}`);
  renderEvents();
  markBeat();
  lifeChartCursor();
  judge.moved(n);
  analysis.moved(n);
  if (n === view.total) newEvents(0);
  const url = new URL(window.location);
  url.searchParams.set("at", n);
  history.replaceState(null, "", url);
}

// A what-if's state (the analysis panel's unsaved variation) on the board, in place of the
// duel's: the next step of the replay draws the duel again.
function drawVariation(state, label) {
  const stage = { board: $("#board"), players: [$("#player-0"), $("#player-1")] };
  view.renderer.renderState(stage, state, { mode: "replay", teaching: false, names: names() });
  $("#where").textContent = `${label} · ${view.renderer.where(state, view.summary)}`;
}

let commentary = 0; // bumped when annotations and disputes are read again
let listed = null; // what the event list was built for: rebuilt when that changes

function renderEvents() {
  const upto = limit();
  const key = `${upto} ${view.total} ${view.annotations.length} ${view.disputes.length} ${commentary}`;
  if (listed === key) {
    markCurrent();
    return;
  }
  listed = key;
  const list = $("#events");
  const notes = group(view.annotations);
  const disputes = group(view.disputes);
  const focusWasInside = list.contains(document.activeElement);
  // Event 0 cites the game's own setup rule (renderer.setupRule: R1, A2), none if unknown.
  const setup = { event: 0, type: "Setup", text: "The setup, before any event.", rule: view.renderer.setupRule || null };
  list.replaceChildren(...[setup, ...view.events].filter((e) => e.event <= upto).map((e) => {
    const item = eventItem(e, { current: e.event === view.at, number: h("button", {
      type: "button", class: "goto", "aria-label": `Go to event ${e.event}`, on: { click: () => show(e.event) },
    }, `${e.event}`) });
    item.append(
      ...(notes.get(e.event) || []).map((a) => h("div", { class: "annotation", dataset: { annotation: a.id } },
        h("span", { class: "tag", text: "Note" }), ` ${a.text} `,
        a.tags.length ? h("span", { class: "tags", text: `[${a.tags.join(", ")}]` }) : null,
        h("span", { class: "by", text: ` (${a.author})` }),
        a.retracted ? h("span", { class: "struck", text: `on a decision retracted at event ${a.retracted}` }) : null)),
      ...(disputes.get(e.event) || []).map((d) => h("div", { class: `dispute ${d.status}`, dataset: { dispute: d.id } },
        h("span", { class: "tag", text: `Dispute (${d.status})` }), ` ${d.claim}`,
        d.resolution ? h("span", { class: "ruling", text: ` Ruling: ${d.resolution.ruling} [${d.resolution.rule}]` }) : null)),
    );
    return item;
  }));
  settleTabStops(list, focusWasInside);
  scrollSoon(list.querySelector(".current"));
}

// Keep the current event in sight at the next frame, with that frame's layout, rather than
// forcing a layout inside the step's draw.
let scrolling = null;
function scrollSoon(item) {
  if (!item) return;
  if (scrolling === null) {
    requestAnimationFrame(() => {
      scrolling?.scrollIntoView({ block: "nearest" });
      scrolling = null;
    });
  }
  scrolling = item;
}

// A step within the same list: only the current event's mark (and its tab stop) moves.
function markCurrent() {
  const list = $("#events");
  const old = list.querySelector(":scope > .current");
  const now = list.querySelector(`:scope > [data-event="${view.at}"]`);
  if (old === now) return;
  const focusWasInside = list.contains(document.activeElement);
  old?.classList.remove("current");
  old?.removeAttribute("aria-current");
  now?.classList.add("current");
  now?.setAttribute("aria-current", "step");
  settleTabStops(list, focusWasInside);
  scrollSoon(now);
}

function group(items) {
  const byEvent = new Map();
  for (const item of items) {
    if (!byEvent.has(item.at)) byEvent.set(item.at, []);
    byEvent.get(item.at).push(item);
  }
  return byEvent;
}

// Beat starts: where the renderer says a beat (or round) begins.
function beatStarts() {
  return view.renderer.beatStarts(view.index);
}

function fillBeats() {
  const select = $("#beat-select");
  listBeats(beatStarts());
  select.addEventListener("change", () => show(Number(select.value)));
}

let beatsListed = -1; // how many beats the menu lists
function listBeats(starts) {
  if (starts.length === beatsListed) return;
  beatsListed = starts.length;
  $("#beat-select").replaceChildren(...starts.map((e) => h("option", { value: e.event }, view.renderer.beatLabel(e))));
}

function markBeat() {
  const starts = beatStarts().filter((e) => e.event <= Math.max(1, view.at));
  const select = $("#beat-select");
  if (spoilers) listBeats(starts); // spoiler-free: no beat beyond the current one is listed
  if (starts.length) select.value = String(starts.at(-1).event);
}

function nextBeat() {
  const next = beatStarts().find((e) => e.event > here());
  show(next ? next.event : view.total);
}

function prevBeat() {
  const earlier = beatStarts().filter((e) => e.event < here());
  show(earlier.length ? earlier.at(-1).event : 0);
}

let chartPoints = [];
let charted = null; // what the chart was drawn for (points shown, the cursor's beat)

async function lifeChart() {
  const chart = view.renderer.chart;
  if (!chart) return;
  const marks = chart.marks(view.events, view.total);
  const found = await Promise.all(marks.map((n) => stateAt(n))); // from memory once loaded
  chartPoints = found.map((s, k) => ({ event: marks[k], ...chart.point(s, k) }));
  charted = null;
  lifeChartCursor();
}

function lifeChartCursor() {
  const chart = view.renderer.chart;
  if (!chart || !chartPoints.length || !view.state) return;
  const upto = teacher.enabled || spoilers ? chartPoints.filter((p) => p.event <= limit()) : chartPoints;
  const shown = upto.length ? upto : chartPoints.slice(0, 1);
  const done = shown.filter((p) => p.event <= view.at);
  const cursor = done.length ? done.at(-1).beat : 0;
  const key = `${shown.length} ${cursor} ${view.disputes.length}`;
  if (key === charted) return; // the same chart: most steps stay within a beat
  charted = key;
  chart.render($("#life-chart"), shown, chart.names(view.state), cursor);
  markChart($("#life-chart"), shown, view.disputes);
}

async function reloadCommentary() {
  const [notes, disputes, summary] = await Promise.all([
    get(`/duels/${id}/annotations`), get(`/duels/${id}/disputes`), get(`/duels/${id}`)]);
  view.annotations = notes.annotations;
  view.disputes = disputes.disputes;
  commentary += 1;
  if (summary.version !== view.total) {
    // A correction was appended: load the new events.
    view.summary = summary;
    view.events = await allEvents(id);
    view.total = view.events.length;
    view.index = await get(`/duels/${id}/index`);
    states.clear();
    $("#total").textContent = view.total;
    await loadStates().catch((err) => banner(`States: ${err.explain()}`));
    lifeChart();
  }
  judge.renderDisputes();
  markBeats($("#beat-select"), view.disputes);
  lifeChartCursor();
  renderEvents();
}

// Follow a duel in progress (issue 34): a reader at the latest event moves on as decisions
// are recorded; one who stepped back (or is learning, or hiding results) stays where they
// are and is told how many new events there are. A finished duel is not followed.
function follow() {
  if (view.summary.status === "over") return;
  followDuel(id, view.total, {
    onStatus: (status, detail) => liveBadge($("#live"), status, detail),
    onMessage: (msg) => { following = following.then(() => received(msg)).catch((err) => banner(`Live: ${err.explain?.() || err.message}`)); },
  });
  $("#new-events").addEventListener("click", () => show(view.total));
}

let following = Promise.resolve(); // messages are taken in one at a time, in order
let unseen = 0; // events recorded since the reader stepped back

async function received(msg) {
  const atEnd = here() === view.total && !teacher.enabled && !spoilers;
  const changed = msg.event === "update" ? msg.data.changed.map((r) => r.event) : [1];
  const first = Math.min(view.total + 1, ...changed);
  const added = applyMessage(view.events, msg);
  view.total = view.events.length;
  // A reveal shows earlier states too: those from the first changed row are asked again.
  for (const n of [...states.keys()]) if (n >= first) states.delete(n);
  view.index = await get(`/duels/${id}/index`);
  listBeats(beatStarts());
  $("#total").textContent = view.total;
  listed = null;
  if (atEnd) await show(view.total);
  else {
    newEvents(unseen + added);
    renderEvents();
    $("#slider").max = limit();
  }
  lifeChart().catch((err) => banner(`Life chart: ${err.explain()}`));
  document.body.dataset.version = view.total;
}

// "3 new events": a button that jumps to the latest; hidden when there are none.
function newEvents(count) {
  unseen = count;
  const note = $("#new-events");
  if (!note) return;
  note.hidden = count === 0;
  note.textContent = count === 1 ? "1 new event" : `${count} new events`;
}

// The Variations panel, and the readings a fork "with another ruling" may choose.
async function showVariations() {
  try {
    view.variations = await variationsOf(id);
  } catch (err) {
    banner(`Variations: ${err.explain()}`);
    return;
  }
  renderVariationsPanel(view.variations, view.renderer);
  judge.rulings(view.variations.rulings);
}

function keys(event) {
  if (typing(event) || event.altKey || event.ctrlKey || event.metaKey) return;
  const moves = {
    ArrowRight: () => show(here() + 1), ArrowLeft: () => show(here() - 1),
    Home: () => show(0), End: () => show(view.total), PageDown: nextBeat, PageUp: prevBeat,
  };
  if (event.target instanceof HTMLInputElement && event.target.type === "range") return;
  const move = moves[event.key];
  if (move) {
    event.preventDefault();
    move();
  }
}

// The event the address asks for, or null.
function wantedAt() {
  const at = new URL(window.location).searchParams.get("at");
  const n = at === null || at === "" ? NaN : Number(at);
  return Number.isInteger(n) && n >= 0 ? n : null;
}

// A pending question's event goes into the address, so a copied link (or a reload) opens
// on that question rather than past it.
function addressAt(n) {
  const url = new URL(window.location);
  url.searchParams.set("at", n);
  history.replaceState(null, "", url);
}

// Where the page opens: at `at`, or, in teaching mode on an event with a question not yet
// answered, just before it with the question asked (`?teach=1&at=13`).
async function openAt(n) {
  const event = view.events[n - 1];
  if (teacher.enabled && event?.question) {
    target = n - 1;
    if (await render(target)) {
      teacher.ask(n);
      addressAt(n);
    }
    return;
  }
  target = n;
  await render(n);
}

async function main() {
  const first = wantedAt();
  if (first !== null) stateAt(first).catch(() => null); // the first paint's state, early
  await startSession();
  try {
    const [summary, events, index] = await Promise.all([
      get(`/duels/${id}`), allEvents(id), get(`/duels/${id}/index`)]);
    const renderer = await rendererFor(summary.ruleset);
    Object.assign(view, { summary, events, index, total: events.length, renderer });
  } catch (err) {
    if (err.status === 404) noSuchDuel(id);
    else banner(`This duel cannot be shown: ${err.explain?.() || err.message}`);
    return;
  }
  $(".chart").hidden = !view.renderer.chart;
  if (view.renderer.chart?.heading) $("#chart-title").textContent = view.renderer.chart.heading;
  document.title = `${view.renderer.title(view.summary)} · replay`;
  $("#title").textContent = view.renderer.title(view.summary);
  $("#labels").textContent = labelsText(view.summary);
  $("#total").textContent = view.total;
  nameRounds(view.renderer.roundWord);
  $("#of-total").hidden = spoilers;
  document.body.dataset.spoilerFree = spoilers ? "true" : "false";
  fillBeats();
  $("#first").addEventListener("click", () => show(0));
  $("#prev").addEventListener("click", () => show(here() - 1));
  $("#next").addEventListener("click", () => show(here() + 1));
  $("#last").addEventListener("click", () => show(view.total));
  $("#next-beat").addEventListener("click", nextBeat);
  $("#prev-beat").addEventListener("click", prevBeat);
  $("#slider").addEventListener("input", (e) => show(Number(e.target.value)));
  $("#teaching").addEventListener("change", (e) => {
    teacher.toggle(e.target.checked);
    rememberTeaching(e.target.checked);
    target = view.at;
    render(view.at);
    lifeChartCursor();
  });
  hideDecisions($("#events"), $("#hide-decisions"));
  keyboardEvents($("#events"));
  document.addEventListener("keydown", keys);
  pickOnChart($("#life-chart"), (k) => show(beatStartOf(chartPoints, beatStarts(), k)));
  $("#copy-link").addEventListener("click", () => copyLink($("#copy-note")));
  setupDownloads(id);
  // The address, not a checkbox the browser restored, says whether teaching mode is on.
  $("#teaching").checked = teachingWanted();
  if (teachingWanted()) teacher.toggle(true); // reached `at`: render() moves the horizon there
  // The board is drawn without waiting for notes, disputes and variations: the event list
  // takes them in when they come.
  const commentaryRead = Promise.all([showVariations(),
    reloadCommentary().catch((err) => banner(err.explain()))]);
  await openAt(Math.min(first ?? 0, view.total));
  await commentaryRead;
  // Then every state, so that no step asks the service again.
  await loadStates().catch((err) => banner(`Could not load the duel's states: ${err.explain()}`));
  lifeChart().catch((err) => banner(`Life chart: ${err.explain()}`));
  follow();
  document.body.dataset.ready = "true";
}

main();
