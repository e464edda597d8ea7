// Judge tools on the replay page: annotate the current event, open a dispute on it,
// comment, resolve (head judge) with a ruling, a rule id and a correction (whose fields
// are the ruleset renderer's correctionForm); fork.
import { api, get } from "./api.js";
import { correctionForm } from "./correction.js";
import { $, banner, duelId, h } from "./dom.js";
import { forkOffer } from "./forkpoints.js";
import { clearRefusal, refuse } from "./refusal.js";
import { may, session } from "./session.js";

const HINTS = {
  anonymous: "Sign in with a judge or head judge token to annotate, open and resolve " +
    "disputes, or fork.",
  scorekeeper: "A scorekeeper records the duel in the console; annotating, disputes and " +
    "forks need a judge's token, resolving a dispute a head judge's.",
};

const FORK_WORDS = { at: "Event", rulings: "Ruling" };

const tags = (text) => text.split(",").map((t) => t.trim()).filter(Boolean);

export class JudgePanel {
  constructor(view, { reload, go }) {
    this.view = view;
    this.reload = reload;
    this.go = go;
    $("#annotate").addEventListener("submit", (e) => this.annotate(e));
    $("#dispute").addEventListener("submit", (e) => this.openDispute(e));
    $("#fork").addEventListener("submit", (e) => this.fork(e));
    $("#fork-ruling").addEventListener("submit", (e) => this.forkWithRuling(e));
    document.addEventListener("session", () => this.access());
    this.access();
  }

  // Only what the signed-in role may do (GET /api/session's "may"): annotate, dispute and
  // fork for a judge; resolving (with a correction) for a head judge only.
  access() {
    $("#judge-tools").hidden = !may("comment");
    const hint = $("#judge-hint");
    hint.hidden = may("comment");
    hint.textContent = HINTS[session().role] || HINTS.anonymous;
    this.renderDisputes();
  }

  moved(n) {
    $("#judge-at").textContent = n;
    const event = this.view.events[n - 1];
    $("#judge-event-text").textContent = event ? event.text : "the setup, before any event";
    if (may("comment")) forkOffer(this.view, n, this.go);
  }

  // POST body; a refusal shows beside `control` (the form's button), in its words.
  async send(path, body, done, control, words = {}) {
    clearRefusal(control);
    let res;
    try {
      res = await api(path, { method: "POST", body });
    } catch (err) {
      refuse(control, err, words);
      return;
    }
    await done(res.data);
  }

  annotate(event) {
    event.preventDefault();
    const form = event.target;
    this.send(`/duels/${duelId()}/annotations`,
      { at: this.view.at, text: form.text.value, tags: tags(form.tags.value) }, async () => {
        form.reset();
        banner(`Annotation added at event ${this.view.at}.`, "ok");
        await this.reload();
      }, event.submitter || form.querySelector("button"), { labels: { text: "Note", tags: "Tags" } });
  }

  openDispute(event) {
    event.preventDefault();
    const form = event.target;
    this.send(`/duels/${duelId()}/disputes`, { at: this.view.at, claim: form.claim.value }, async () => {
      form.reset();
      banner(`Dispute opened on event ${this.view.at}.`, "ok");
      await this.reload();
    }, event.submitter || form.querySelector("button"), { labels: { claim: "Claim" } });
  }

  fork(event) {
    event.preventDefault();
    this.send(`/duels/${duelId()}/forks`, { at: this.view.at }, async (duel) => {
      // A fork point after a pair this duel still hides moves back to just before it
      // (fork_moved): open the fork where it really forked.
      window.location.assign(`/duels/${duel.id}?at=${duel.fork_at}`);
    }, event.submitter || $("#fork button[type=submit]"), { labels: FORK_WORDS });
  }

  // The fork-with-another-ruling choices: every reading of every switchable ruling other
  // than the one this duel is judged under ("Power of Khadath's Lure: -1 (…)").
  rulings(rulings) {
    this.switchable = rulings;
    const options = Object.entries(rulings).flatMap(([id, r]) => r.readings
      .filter((reading) => reading.value !== r.value)
      .map((reading) => h("option", { value: JSON.stringify([id, reading.value]) },
        `${r.title} [${r.rule}]: ${reading.value} — ${reading.text} (now ${r.value})`)));
    $("#fork-ruling select").replaceChildren(...options);
    $("#fork-ruling").hidden = !options.length;
  }

  forkWithRuling(event) {
    event.preventDefault();
    const [id, value] = JSON.parse(event.target.ruling.value);
    this.send(`/duels/${duelId()}/forks`, { at: this.view.at, rulings: { [id]: value } }, async (duel) => {
      // Re-judged under the new reading, the fork's own events may number differently:
      // open it where it stands, at its fork point.
      window.location.assign(`/duels/${duel.id}?at=${duel.version}`);
    }, event.submitter || $("#fork-ruling button[type=submit]"), { labels: FORK_WORDS });
  }

  renderDisputes() {
    const root = $("#disputes");
    if (!this.view.disputes.length) {
      root.replaceChildren(h("p", { class: "none", text: "No disputes on this duel." }));
      return;
    }
    root.replaceChildren(...this.view.disputes.map((d) => this.disputeCard(d)));
  }

  disputeCard(d) {
    const card = h("article", { class: `dispute-card ${d.status}`, dataset: { dispute: d.id, status: d.status, at: d.at } },
      h("h4", {}, h("button", { type: "button", class: "link", on: { click: () => this.go(d.at) } }, `Event ${d.at}`),
        ` · ${d.status} · opened by ${d.author}`),
      h("p", { class: "claim", text: d.claim }),
      d.card_text ? this.cardText(d.card_text) : null,
      h("ul", { class: "comments" }, d.comments.map((c) => h("li", { text: `${c.author}: ${c.text}` }))),
      d.resolution ? this.rulingLine(d.resolution) : null);
    if (d.status === "open" && may("comment")) card.append(this.commentForm(d));
    if (d.status === "open" && may("resolve")) card.append(this.resolveForm(d));
    else if (d.status === "open" && may("comment")) {
      card.append(h("p", { class: "hint resolve-hint", text: "Only a head judge may resolve this dispute." }));
    }
    return card;
  }

  // A dispute about a free card text shows the card's text (issue 33): the judge rules on
  // what the card says, quoted as entered, with the event that put it to the table.
  cardText(t) {
    return h("blockquote", { class: "card-text", dataset: { source: t.source } },
      h("p", { class: "card-text-source" }, `Card text (${t.source}) of ${this.characterName(t.character)}, asked at `,
        h("button", { type: "button", class: "link", on: { click: () => this.go(t.asked_at) } },
          `event ${t.asked_at}`), ":"),
      h("p", { class: "card-text-quote", text: `“${t.text}”` }));
  }

  // A character by the name its card prints (the state names each player's characters by
  // id), its id when the state does not hold it.
  characterName(id) {
    for (const p of this.view.state?.players ?? []) {
      const c = p.characters?.[id];
      if (c?.name) return c.name;
    }
    return id;
  }

  // "Overturned: … · correction at event 458: Head judge Hana corrects Ben's life from 20
  // to 18." The event is a link to it in the replay; its sentence is the log's, which
  // names the players as the header does.
  rulingLine(r) {
    const at = r.correction_event;
    const said = at ? this.view.events[at - 1]?.text : null;
    return h("p", { class: "ruling" },
      h("strong", { text: r.outcome === "overturned" ? "Overturned: " : "Upheld: " }),
      `${r.ruling} [${r.rule}] (${r.author})`,
      at ? [" · ", h("a", { class: "correction-link", href: `?at=${at}`, dataset: { event: at },
        on: { click: (e) => { e.preventDefault(); this.go(at); } } }, `correction at event ${at}`),
      said ? `: ${said}` : ""] : "");
  }

  commentForm(d) {
    const text = h("textarea", { name: "text", rows: 2, required: true, "aria-label": "Comment" });
    const button = h("button", { type: "submit" }, "Comment");
    return h("form", { class: "stack comment", on: { submit: (e) => {
      e.preventDefault();
      this.send(`/disputes/${d.id}/comments`, { text: text.value }, () => this.reload(), button,
        { labels: { text: "Comment" } });
    } } }, h("label", {}, "Comment ", text), button);
  }

  // The correction's fields: every correctable field of the duel as it stands now, with
  // its value (GET .../correctable) and its value at the disputed event beside it; the
  // renderer's own form for a ruleset that lists none.
  async correction(d) {
    try {
      const [found, disputed] = await Promise.all([get(`/duels/${duelId()}/correctable`),
        get(`/duels/${duelId()}/state?at=${d.at}`).catch(() => null)]);
      if (Object.keys(found.fields).length) return correctionForm(found, { at: d.at, state: disputed });
    } catch (err) {
      if (err.status !== 403 && err.status !== 401) banner(`Correctable fields: ${err.explain()}`);
    }
    return this.view.renderer.correctionForm(this.view.state, this.view.summary);
  }

  resolveForm(d) {
    const slot = h("div", { class: "correction-slot" }, h("p", { class: "none", text: "Loading the fields a correction may change…" }));
    let correction = null;
    this.correction(d).then((form) => {
      correction = form;
      form.el.disabled = outcome.value !== "overturned";
      slot.replaceChildren(form.el);
    });
    const outcome = h("select", { name: "outcome", "aria-label": "Outcome" },
      h("option", { value: "upheld" }, "Upheld (the ruling stands)"),
      h("option", { value: "overturned" }, "Overturned (apply a correction)"));
    const ruling = h("textarea", { name: "ruling", rows: 2, required: true, "aria-label": "Ruling" });
    const rule = h("input", { name: "rule", required: true, placeholder: "e.g. R6.1", "aria-label": "Rule id" });
    const button = h("button", { type: "submit" }, "Resolve dispute");
    outcome.addEventListener("change", () => { if (correction) correction.el.disabled = outcome.value !== "overturned"; });
    const submit = (e) => {
      e.preventDefault();
      const body = { outcome: outcome.value, ruling: ruling.value, rule: rule.value };
      if (outcome.value === "overturned") {
        try {
          if (!correction) throw new Error("Not sent: the correction's fields are still loading.");
          body.correction = correction.read(e.target.elements);
        } catch (err) {
          refuse(button, `Not sent: ${err.message.replace(/^Not sent: /, "")}`);
          return;
        }
      }
      this.send(`/disputes/${d.id}/resolution`, body, async (resolved) => {
        banner(`Dispute ${outcome.value}.`, "ok");
        await this.reload();
        const at = resolved.resolution && resolved.resolution.correction_event;
        if (at) this.go(at); // the correction's line in the log, with its before and after
      }, button, resolveWords(correction));
    };
    return h("form", { class: "stack resolve", on: { submit } },
      h("h5", { text: "Resolve (head judge)" }), outcome, h("label", {}, "Ruling ", ruling),
      h("label", {}, "Rule ", rule), slot, button);
  }
}

// What a refused resolution says, in the resolve form's words: its labels for the fields
// (the correction's "Ben's life" for players.1.life) and its checkbox for `reopens`.
function resolveWords(correction) {
  const labels = { outcome: "Outcome", ruling: "Ruling", rule: "Rule", ...(correction?.labels || {}) };
  const reopen = "\u201cReopen the duel\u201d";
  return {
    labels,
    words: {
      reopens: (said) => /not over/.test(said)
        ? `The duel is not over: there is nothing to reopen; untick ${reopen}.`
        : `The duel is over: tick ${reopen} to apply this correction (it overturns the ruling that ended the duel).`,
    },
  };
}
