// A prompt of any ruleset: what it is about, who decides and how (decider), and each legal
// option labelled from its own fields ("add: player Ada, amount 2").
import { h } from "../../dom.js";
import { describedForm, describedText } from "./described.js";
import { plain, words } from "./tree.js";

const DECIDERS = {
  player: "one player, openly",
  simultaneous: "several players, secretly (nothing is shown before all have chosen)",
  chance: "chance: enter the result of the die or coin",
};

const nameOf = (names, i) => names?.[i] ?? `player ${i}`;

const value = (v) => (typeof v === "object" && v !== null ? JSON.stringify(v) : plain(v));

// "add: player Ada, amount 2": the kind, then who (first, by name), then the other fields.
export function describeOption(option, names = []) {
  const keys = Object.keys(option).filter((k) => k !== "kind" && k !== "player");
  const fields = [...("player" in option ? [`player ${nameOf(names, option.player)}`] : []),
    ...keys.map((k) => `${words(k)} ${value(option[k])}`)];
  const kind = option.kind === undefined ? "option" : words(option.kind);
  return fields.length ? `${kind}: ${fields.join(", ")}` : kind;
}

function heading(prompt, names) {
  const who = prompt.players.map((i) => nameOf(names, i)).join(", ");
  return [
    h("p", { class: "about" }, who ? h("strong", { text: `${who}: ` }) : null, `${prompt.about || ""} `,
      prompt.rule ? h("span", { class: "rule", text: prompt.rule }) : null),
    h("p", { class: "decider", dataset: { decider: prompt.decider } },
      `Decided by ${DECIDERS[prompt.decider] || prompt.decider}`, who ? ` (${who})` : "", "."),
  ];
}

// The console's controls: one button per legal option, each sending that very option, and a
// form per described set of decisions (prompt.described), sending what is filled in.
export function renderPrompt(root, prompt, state, send, ctx = {}) {
  const names = ctx.names || [];
  if (!prompt) {
    root.replaceChildren(h("p", { class: "about", text: state.over ? "The duel is over." : "Nothing to decide." }));
    return new Map();
  }
  root.replaceChildren(...heading(prompt, names),
    h("div", { class: "choices", role: "group", "aria-label": "Legal options" },
      prompt.options.map((o) => h("button", { type: "button", dataset: { option: JSON.stringify(o) }, on: { click: () => send(o) } },
        describeOption(o, names)))),
    ...(prompt.described || []).map((x) => describedForm(x, send, { title: describedTitle(x, names) })));
  return new Map();
}

// "placement for Ada": a described set's heading, naming its player when it has one.
function describedTitle(x, names) {
  const player = x.fields?.player;
  return `${words(x.kind)}${player && "const" in player ? ` for ${nameOf(names, player.const)}` : ""}`;
}

// The replay's read-only view of the prompt a state waited on.
export function promptView(prompt, names) {
  if (!prompt) return null;
  return h("section", { class: "prompt generic", "aria-label": "Waiting for" },
    h("h3", { text: "Waiting for" }), ...heading(prompt, names),
    h("ul", { class: "options", "aria-label": "Legal options" },
      prompt.options.map((o) => h("li", { dataset: { option: JSON.stringify(o) } }, describeOption(o, names))),
      (prompt.described || []).map((x) => h("li", { class: "described" }, describedText(x)))));
}
