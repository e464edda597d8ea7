// The replay stepper: /duels/<id>?at=N. Steps through a recorded duel event by event,
// with the board, both fighters, the event list, a life chart and a teaching mode.
import { allEvents, get } from "./api.js";
import { fighterName, loadCatalogue } from "./cards.js";
import { renderBoard } from "./board.js";
import { eventItem } from "./events.js";
import { $, banner, duelId, h, typing } from "./dom.js";
import { renderLifeChart } from "./lifechart.js";
import { renderPlayer } from "./player.js";
import { startSession } from "./session.js";
import { labelsText, titleText, whereText } from "./steps.js";
import { JudgePanel } from "./judge.js";
import { Teacher } from "./teach.js";

const id = duelId();
const states = new Map();
const view = { at: 0, total: 0, events: [], index: [], annotations: [], disputes: [], summary: null, state: null };

async function stateAt(n) {
  if (!states.has(n)) states.set(n, get(`/duels/${id}/state?at=${n}`));
  return states.get(n);
}

const teacher = new Teacher(view, (n) => show(n));
const judge = new JudgePanel(view, { reload: () => reloadCommentary(), go: (n) => show(n) });

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
      if (await render(target)) teacher.ask(stop);
      return;
    }
  }
  teacher.dismiss();
  target = n;
  await render(n);
}

async function render(n) {
  const mine = ++renders;
  let state;
  try {
    state = await stateAt(n);
  } catch (err) {
    states.delete(n);
    banner(`Could not load the state at event ${n}: ${err.explain()}`);
    return false;
  }
  if (mine !== renders) return false;
  view.at = n;
  view.state = state;
  teacher.reached(n);
  renderBoard($("#board"), state);
  renderPlayer($("#player-0"), state, 0, { hidePair: teacher.enabled });
  renderPlayer($("#player-1"), state, 1, { hidePair: teacher.enabled });
  $("#where").textContent = whereText(state);
  $("#position").textContent = n;
  const slider = $("#slider");
  slider.max = teacher.enabled ? teacher.horizon : view.total;
  slider.value = n;
  slider.setAttribute("aria-valuetext", `Event ${n} of ${view.total}: ${whereText(state)}`);
  renderEvents();
  markBeat();
  lifeChartCursor();
  judge.moved(n);
  const url = new URL(window.location);
  url.searchParams.set("at", n);
  history.replaceState(null, "", url);
  return true;
}

function renderEvents() {
  const list = $("#events");
  const upto = teacher.enabled ? teacher.horizon : view.total;
  const notes = group(view.annotations);
  const disputes = group(view.disputes);
  const setup = { event: 0, type: "Setup", text: "The setup, before any event.", rule: "R1" };
  list.replaceChildren(...[setup, ...view.events].filter((e) => e.event <= upto).map((e) => {
    const item = eventItem(e, { current: e.event === view.at, number: h("button", {
      type: "button", class: "goto", "aria-label": `Go to event ${e.event}`, on: { click: () => show(e.event) },
    }, `${e.event}`) });
    item.append(
      ...(notes.get(e.event) || []).map((a) => h("div", { class: "annotation", dataset: { annotation: a.id } },
        h("span", { class: "tag", text: "Note" }), ` ${a.text} `,
        a.tags.length ? h("span", { class: "tags", text: `[${a.tags.join(", ")}]` }) : null,
        h("span", { class: "by", text: ` (${a.author})` }))),
      ...(disputes.get(e.event) || []).map((d) => h("div", { class: `dispute ${d.status}`, dataset: { dispute: d.id } },
        h("span", { class: "tag", text: `Dispute (${d.status})` }), ` ${d.claim}`,
        d.resolution ? h("span", { class: "ruling", text: ` Ruling: ${d.resolution.ruling} [${d.resolution.rule}]` }) : null)),
    );
    return item;
  }));
  list.querySelector(".current")?.scrollIntoView({ block: "nearest" });
}

function group(items) {
  const byEvent = new Map();
  for (const item of items) {
    if (!byEvent.has(item.at)) byEvent.set(item.at, []);
    byEvent.get(item.at).push(item);
  }
  return byEvent;
}

// Beat starts: the first event of each beat's Select step.
function beatStarts() {
  return view.index.filter((e) => e.step === "select");
}

function fillBeats() {
  const select = $("#beat-select");
  select.replaceChildren(...beatStarts().map((e) => h("option", { value: e.event },
    e.beats_played === e.beat ? `Beat ${e.beat}` : `Beat ${e.beat} (${e.beats_played}th played)`)));
  select.addEventListener("change", () => show(Number(select.value)));
}

function markBeat() {
  const starts = beatStarts().filter((e) => e.event <= Math.max(1, view.at));
  const select = $("#beat-select");
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

async function lifeChart() {
  const ends = view.events.filter((e) => e.type === "BeatEnded").map((e) => e.event);
  const marks = [0, ...ends];
  if (view.total && !ends.includes(view.total)) marks.push(view.total);
  const found = await Promise.all(marks.map((n) => stateAt(n)));
  chartPoints = found.map((s, k) => ({ event: marks[k], beat: k === 0 ? 0 : Math.min(k, s.beats_played), life: s.players.map((p) => p.life) }));
  lifeChartCursor();
}

function lifeChartCursor() {
  if (!chartPoints.length || !view.state) return;
  const upto = teacher.enabled ? chartPoints.filter((p) => p.event <= teacher.horizon) : chartPoints;
  const names = view.state.players.map((p) => `${fighterName(p.fighter)} (${p.name})`);
  const shown = upto.length ? upto : chartPoints.slice(0, 1);
  const done = shown.filter((p) => p.event <= view.at);
  renderLifeChart($("#life-chart"), shown, names, done.length ? done.at(-1).beat : 0);
}

async function reloadCommentary() {
  const [notes, disputes, summary] = await Promise.all([
    get(`/duels/${id}/annotations`), get(`/duels/${id}/disputes`), get(`/duels/${id}`)]);
  view.annotations = notes.annotations;
  view.disputes = disputes.disputes;
  if (summary.version !== view.total) {
    // A correction was appended: load the new events.
    view.summary = summary;
    view.events = await allEvents(id);
    view.total = view.events.length;
    view.index = await get(`/duels/${id}/index`);
    states.clear();
    $("#total").textContent = view.total;
    lifeChart();
  }
  judge.renderDisputes();
  renderEvents();
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

async function main() {
  await startSession();
  try {
    await loadCatalogue();
    const [summary, events, index] = await Promise.all([
      get(`/duels/${id}`), allEvents(id), get(`/duels/${id}/index`)]);
    Object.assign(view, { summary, events, index, total: events.length });
  } catch (err) {
    banner(`This duel cannot be shown: ${err.explain()}`);
    return;
  }
  document.title = `${titleText(view.summary)} · replay`;
  $("#title").textContent = titleText(view.summary);
  $("#labels").textContent = labelsText(view.summary);
  $("#total").textContent = view.total;
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
    target = view.at;
    render(view.at);
    lifeChartCursor();
  });
  document.addEventListener("keydown", keys);
  const wanted = Number(new URL(window.location).searchParams.get("at"));
  await reloadCommentary().catch((err) => banner(err.explain()));
  target = Number.isInteger(wanted) && wanted >= 0 ? Math.min(wanted, view.total) : 0;
  await render(target);
  lifeChart().catch((err) => banner(`Life chart: ${err.explain()}`));
  document.body.dataset.ready = "true";
}

main();
