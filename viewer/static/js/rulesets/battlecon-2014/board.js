// The 7-space board: both standups, any markers and figures, with their state in data attributes
// and accessible labels. Spaces can be offered as choices (movement destinations).
import { h } from "../../dom.js";
import { fighterName, markerName } from "./cards.js";

export const SPACES = [1, 2, 3, 4, 5, 6, 7];

function standup(p, i) {
  const status = p.stunned ? ", stunned" : "";
  return h("div", {
    class: `standup p${i}${p.stunned ? " stunned" : ""}`,
    role: "img",
    "aria-label": `${fighterName(p.fighter)} (${p.name}), ${p.life} life, on space ${p.space}${status}`,
    dataset: { fighter: p.fighter, player: i, life: p.life, space: p.space },
  },
  h("span", { class: "badge", "aria-hidden": "true", text: i === 0 ? "P1" : "P2" }),
  h("span", { class: "fname", "aria-hidden": "true", text: fighterName(p.fighter) }),
  h("span", { class: "life", "aria-hidden": "true", text: `♥ ${p.life}` }));
}

function marker(m, state) {
  const owner = state.players[m.owner];
  const name = markerName(m.name);
  return h("div", {
    class: `marker p${m.owner}`, role: "img",
    "aria-label": `${fighterName(owner.fighter)}'s ${name} on space ${m.space}`,
    dataset: { marker: m.name, owner: m.owner, space: m.space },
  }, h("span", { "aria-hidden": "true", text: "▲ " + name }));
}

function figure(f, state) {
  const owner = state.players[f.owner];
  const life = f.life === null ? "" : `, ${f.life} life`;
  return h("div", {
    class: `marker figure p${f.owner}`, role: "img",
    "aria-label": `${fighterName(owner.fighter)}'s ${markerName(f.name)} on space ${f.space}${life}`,
    dataset: { figure: f.name, owner: f.owner, space: f.space, life: f.life ?? "" },
  }, h("span", { "aria-hidden": "true", text: "● " + markerName(f.name) + (f.life === null ? "" : ` ♥ ${f.life}`) }));
}

// choices: Map(space -> {label, pick}) makes those spaces buttons.
export function renderBoard(root, state, choices = new Map()) {
  root.replaceChildren(...SPACES.map((n) => {
    const here = state.players.map((p, i) => [p, i]).filter(([p]) => p.space === n);
    const marks = (state.markers || []).filter((m) => m.space === n);
    const figs = (state.figures || []).filter((f) => f.space === n);
    const who = here.map(([p]) => `${fighterName(p.fighter)} (${p.name})`);
    const choice = choices.get(n);
    const label = `Space ${n}` + (who.length ? `: ${who.join(", ")}` : ", empty") +
      [...marks, ...figs].map((m) => `, ${markerName(m.name)}`).join("") +
      (choice ? `. ${choice.label}` : "");
    const attrs = {
      class: `space${choice ? " choice" : ""}`,
      dataset: { space: n, occupant: here.map(([, i]) => i).join(" ") },
      "aria-label": label,
    };
    const body = [h("span", { class: "number", "aria-hidden": "true", text: n }),
      ...here.map(([p, i]) => standup(p, i)), ...marks.map((m) => marker(m, state)),
      ...figs.map((f) => figure(f, state))];
    if (choice) {
      return h("button", { ...attrs, type: "button", title: choice.label, on: { click: choice.pick } }, ...body);
    }
    return h("div", { ...attrs, role: "group" }, ...body);
  }));
}
