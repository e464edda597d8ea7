// Teaching mode: what comes next stays hidden, and before a telling event is shown the
// learner is asked about it ("who becomes active?", "does this hit?").
import { $, h } from "./dom.js";

// The questions are the ruleset's: an event row carries `question` ({text, answers}) when
// teaching mode should ask it before showing the event.

export class Teacher {
  constructor(view, go) {
    this.view = view;
    this.go = go;
    this.enabled = false;
    this.horizon = 0; // the furthest event the learner has reached
    this.answered = new Set();
  }

  toggle(on) {
    this.enabled = on;
    this.horizon = this.view.at;
    this.dismiss();
  }

  reached(n) {
    this.horizon = Math.max(this.horizon, n);
  }

  // The first event in (from, to] the learner should be asked about, or null.
  firstQuestion(from, to) {
    const e = this.view.events.find((ev) => ev.event > from && ev.event <= to &&
      ev.event > this.horizon && ev.question && !this.answered.has(ev.event));
    return e ? e.event : null;
  }

  ask(n) {
    const event = this.view.events[n - 1];
    const q = event.question;
    const box = $("#question");
    $("#question-text").textContent = q.text;
    box.dataset.event = n;
    const answers = $("#question-answers");
    answers.replaceChildren(...q.answers.map((a) => h("button", {
      type: "button", on: { click: () => this.answer(n, a.right) },
    }, a.label)));
    box.hidden = false;
    answers.querySelector("button").focus();
  }

  answer(n, right) {
    this.answered.add(n);
    const event = this.view.events[n - 1];
    const verdict = right ? "Right." : "Not quite.";
    $("#question-text").textContent = `${verdict} ${event.text}${event.rule ? ` [${event.rule}]` : ""}`;
    const next = h("button", { type: "button", on: { click: () => this.dismiss() } }, "Continue");
    $("#question-answers").replaceChildren(next);
    this.go(n).then(() => {
      $("#question").hidden = false;
      $("#question").dataset.verdict = right ? "right" : "wrong";
      next.focus();
    });
  }

  dismiss() {
    const box = $("#question");
    box.hidden = true;
    delete box.dataset.verdict;
  }
}
