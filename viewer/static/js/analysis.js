// The replay page's beat analysis panel (issue 37; docs/analysis.md, "The replay page's
// panel"). At a beat start it offers the analysis of that beat (GET .../analysis?at=N):
// the heat map of every choice against every choice, each side's mix, the pairs actually
// played marked, and "what if" on a cell: the cell's line played as an unsaved variation
// (POST .../variations/preview), drawn on the board, which a judge may save as a fork.
// Where the service does not give it (a duel in progress, over the time budget...), the
// panel says the service's reason. Teaching and spoiler-free modes keep it closed until
// the beat has been stepped through (its questions answered).
import { api, get } from "./api.js";
import { $, banner, duelId, h } from "./dom.js";
import { cellLine, meaning, signed } from "./analysismath.js";
import { heatMap, mixBars } from "./heatmap.js";
import { session } from "./session.js";

const OPENS = {
  teaching: "Teaching mode: this beat's analysis opens once you have answered its question " +
    "(step through the beat, then come back to its start).",
  spoilers: "Spoiler-free: this beat's analysis opens once you have stepped past its reveal.",
};

// Why the analysis `found` stays closed for a reader who has seen up to `seen`
// ({mode: "teaching" | "spoilers" | null, horizon, answered}), or null: in teaching mode
// until the beat's first question after the reveal is answered (or passed), in
// spoiler-free mode until the reveal is passed (docs/analysis.md, HTTP).
export function closedBecause(found, seen) {
  if (!seen.mode) return null;
  const reveal = found.revealed_at;
  if (seen.mode === "teaching" && found.question_at !== null) {
    const q = found.question_at;
    return seen.answered.has(q) || seen.horizon >= q ? null : OPENS.teaching;
  }
  return reveal === null || seen.horizon >= reveal ? null : OPENS[seen.mode];
}

export class AnalysisPanel {
  // hooks: beatStarts() (index entries), seen() (what the reader has seen: closedBecause),
  // drawVariation(state, label) and back() (redraw the duel where it was).
  constructor(view, hooks) {
    Object.assign(this, { view, hooks, found: new Map(), start: null, variation: null });
    $("#analyse").addEventListener("click", () => this.analyse());
    $("#whatif-prev").addEventListener("click", () => this.step(-1));
    $("#whatif-next").addEventListener("click", () => this.step(1));
    $("#whatif-back").addEventListener("click", () => this.leave(true));
    $("#whatif-save").addEventListener("click", () => this.save());
  }

  // The replay moved to event n: the panel of the beat starting there, or why none.
  moved(n) {
    this.leave(false);
    const start = this.hooks.beatStarts().find((e) => e.event === n) || null;
    this.start = start;
    $("#analysis").dataset.state = !start ? "elsewhere" : "offered";
    $("#analysis-body").hidden = true;
    $("#analyse").hidden = !start;
    if (!start) return this.note(this.elsewhere(n));
    const done = this.found.get(n);
    if (done) return this.offer(done);
    return this.note(`${this.view.renderer.beatLabel(start)}: every choice of each player against ` +
      "every choice of the other, judged to the end of the beat, and each side's best mix.");
  }

  elsewhere(n) {
    const starts = this.hooks.beatStarts().filter((e) => e.event <= n);
    return starts.length
      ? `The analysis is offered at the start of a beat (${this.view.renderer.beatLabel(starts.at(-1))} ` +
        `starts at event ${starts.at(-1).event}).`
      : "The analysis is offered at the start of each beat.";
  }

  note(text) {
    $("#analysis-note").textContent = text;
  }

  async analyse() {
    const start = this.start;
    if (!start) return;
    $("#analyse").disabled = true;
    this.note("Analysing… (the service gives up past its time budget)");
    try {
      const found = await get(`/duels/${duelId()}/analysis?at=${start.event}`);
      this.found.set(start.event, found);
      if (this.start === start) this.offer(found);
    } catch (err) {
      if (this.start === start) {
        $("#analysis").dataset.state = "refused";
        this.note(`No analysis here: ${err.explain?.() || err.message}`);
      }
    } finally {
      $("#analyse").disabled = false;
    }
  }

  // Show `found`, unless teaching or spoiler-free mode keeps it closed for now.
  offer(found) {
    const closed = closedBecause(found, this.hooks.seen());
    $("#analysis").dataset.state = closed ? "locked" : "shown";
    $("#analyse").hidden = true;
    if (closed) return this.note(closed);
    return this.render(found);
  }

  render(found) {
    const played = found.played ? found.played.map((p) => p.choice ?? -1) : [-1, -1];
    $("#analyse").hidden = true;
    this.note(`Value of the beat for ${found.players[0]}: ${signed(found.value)} (${meaning(found.value, found.players)}), ` +
      `${found.table.length} × ${found.table[0]?.length ?? 0} choices.`);
    $("#analysis-map").replaceChildren(heatMap(found, {
      played, pick: (i, j) => this.whatIf(found, i, j), tell: (text) => { $("#analysis-cell").textContent = text; },
    }));
    $("#analysis-cell").textContent = "Hover or focus a cell for its value; choose it to play that pair (what if).";
    $("#analysis-mixes").replaceChildren(mixBars(found, 0), mixBars(found, 1));
    $("#analysis-played").textContent = played.includes(-1) ? "" :
      `Played (●): ${found.labels[0][played[0]]} against ${found.labels[1][played[1]]}, ` +
      `${signed(found.table[played[0]][played[1]])}.`;
    $("#analysis-puzzle").href = `/puzzle?duel=${duelId()}&at=${this.start.event}`;
    $("#analysis-body").hidden = false;
  }

  // "What if" on cell (i, j): its line, played by the service and never stored.
  async whatIf(found, i, j) {
    const start = this.start;
    const line = cellLine(found, i, j);
    const label = `${found.labels[0][i]} against ${found.labels[1][j]}`;
    try {
      const { data } = await api(`/duels/${duelId()}/variations/preview`, {
        method: "POST", body: { at: start.event, decisions: line.decisions } });
      if (this.start !== start) return;
      this.variation = { ...data, label, line, k: data.states.length - 1, found };
      this.showVariation();
    } catch (err) {
      banner(`What if ${label}: ${err.explain?.() || err.message}`);
    }
  }

  showVariation() {
    const v = this.variation;
    const end = v.states.at(-1);
    const names = v.found.players;
    $("#whatif").hidden = false;
    $("#analysis").dataset.variation = "true";
    $("#whatif-title").textContent = `What if: ${v.label} (not saved)`;
    const lives = end.players.map((p) => p.life);
    const through = v.line.nested.length ? ` Through a Clash (a game of its own, worth ${signed(v.line.nested[0].value)}), ` +
      "this plays its most likely pair." : "";
    $("#whatif-note").textContent = `After the line: ${names[0]} ${lives[0]} life, ${names[1]} ${lives[1]} life ` +
      `(${signed(v.line.value)}: ${meaning(v.line.value, names)}).${through}`;
    $("#whatif-events").replaceChildren(...v.events.map((e) => h("li", { dataset: { event: e.event, type: e.type } },
      e.text, e.rule ? h("span", { class: "rule" }, ` [${e.rule}]`) : null)));
    $("#whatif-save").hidden = !["judge", "head_judge"].includes(session().role);
    this.drawStep();
    $("#whatif-title").focus();
  }

  drawStep() {
    const v = this.variation;
    $("#whatif-at").textContent = `decision ${v.k + 1} of ${v.states.length}`;
    $("#whatif-prev").disabled = v.k === 0;
    $("#whatif-next").disabled = v.k === v.states.length - 1;
    this.hooks.drawVariation(v.states[v.k], `What if (not saved): ${v.label}`);
  }

  step(by) {
    const v = this.variation;
    if (!v) return;
    v.k = Math.max(0, Math.min(v.states.length - 1, v.k + by));
    this.drawStep();
  }

  // Leave the variation; `redraw`: draw the duel again where it was.
  leave(redraw) {
    if (!this.variation) return;
    this.variation = null;
    $("#whatif").hidden = true;
    delete $("#analysis").dataset.variation;
    if (redraw) this.hooks.back();
  }

  // A judge saves the variation as a fork: the duel up to the beat start, then the line.
  async save() {
    const v = this.variation;
    try {
      const { data } = await api(`/duels/${duelId()}/forks`, {
        method: "POST", body: { at: v.at, decisions: v.line.decisions } });
      window.location.assign(`/duels/${data.id}?at=${data.version}`);
    } catch (err) {
      banner(`Save as a fork: ${err.explain?.() || err.message}`);
    }
  }
}
