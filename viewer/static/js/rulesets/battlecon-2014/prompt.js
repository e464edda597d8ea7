// The pending prompt as controls that offer only the legal options. Each control calls
// send(decision) with one of the prompt's own option objects (or a hinted order decision).
import { card, cardName, fighterName, kitButtons, tokenName } from "./cards.js";
import { h } from "../../dom.js";

const TIMINGS = {
  reveal: "Reveal", start_of_beat: "Start of Beat", before_activating: "Before Activating",
  on_hit: "On Hit", on_damage: "On Damage", after_activating: "After Activating", end_of_beat: "End of Beat",
};

const who = (state, i) => `${state.players[i].name} (${fighterName(state.players[i].fighter)})`;

// A button's words for one legal option.
export function describe(option, state) {
  const kits = kitButton(option);
  if (kits) return kits;
  switch (option.kind) {
    case "attack_pair": return `${cardName(option.style)} ${cardName(option.base)}`;
    case "clash_base": return cardName(option.base);
    case "ante": return anteText(option);
    case "pass": return "Pass (ante nothing)";
    case "move": return `Move to space ${option.to}`;
    case "place": return `Put the ${cardName(option.marker)} on space ${option.to}`;
    case "arrange": return `${state.players[0].name} on ${option.spaces[0]}, ${state.players[1].name} on ${option.spaces[1]}`;
    case "may": return option.accept ? "Yes" : "No";
    case "pick": return pickText(option.option);
    case "order": return orderText(option, state);
    default: return JSON.stringify(option);
  }
}

const tokenOrCard = (id) => (card(id) ? cardName(id) : tokenName(id));

// A fighter's own words for the option (GET /api/fighters, "buttons"): its own kind
// (Seth's guess: "Name {base}"), or a core kind carrying its field (Hepzibah's paid_by);
// "{field}" is the name of the card or token the option holds there.
function kitButton(option) {
  const found = kitButtons().find((b) => b.kind === option.kind && (b.field === null || b.field in option));
  if (!found) return null;
  return found.text.replace(/\{(\w+)\}/g, (_, field) => tokenOrCard(option[field]));
}

// "Ante the Finisher", "Ante Earth", or for a count (Luc's Time) "Ante 3 Time tokens".
function anteText(option) {
  if (option.finisher) return "Ante the Finisher";
  if (option.count === undefined) return `Ante ${tokenOrCard(option.token)}`;
  return `Ante ${option.count} ${tokenName(option.token)} token${option.count === 1 ? "" : "s"}`;
}

// A pick is a card, a token, none, or a count written as a string ("0".."5"): "Spend 2".
function pickText(id) {
  if (id === "none") return "None";
  if (/^\d+$/.test(id)) return `Spend ${id}`;
  return tokenOrCard(id);
}

// The printed order first (R18.5): "Keep the printed order: Glorious, then Scythe".
function orderText(option, state) {
  const names = option.effects.map(effectName).join(", then ");
  const printed = state.prompt?.order?.effects || [];
  const kept = printed.length === option.effects.length && printed.every((key, k) => key === option.effects[k]);
  return kept ? `Keep the printed order: ${names}` : names;
}

function effectName(key) {
  const [cardId, timing] = key.split("/");
  return `${cardName(cardId)} (${TIMINGS[timing] || timing})`;
}

const button = (label, onClick, attrs = {}) => h("button", { type: "button", ...attrs, on: { click: onClick } }, label);

// Secret selections (attack pairs, clash bases): one waiting player at a time; what was
// entered is never shown until both are in.
function secretPicker(prompt, state, send, ctx) {
  const waiting = prompt.players;
  if (!waiting.includes(ctx.secretFor)) ctx.secretFor = waiting[0];
  const p = ctx.secretFor;
  const mine = prompt.options.filter((o) => o.player === p);
  const others = [0, 1].filter((i) => i !== p);
  const done = others.filter((i) => !waiting.includes(i));
  const root = h("div", { class: "secret", dataset: { player: p } },
    h("p", { class: "about" }, `${prompt.about} `, h("span", { class: "rule", text: prompt.rule })),
    done.length ? h("p", { class: "entered", text: `${who(state, done[0])}'s choice is in, face down.` }) : null,
    waiting.length > 1 ? h("div", { class: "whose", role: "group", "aria-label": "Whose choice to enter" },
      waiting.map((i) => button(`Enter ${state.players[i].name}'s`, () => { ctx.secretFor = i; ctx.rerender(); },
        { "aria-pressed": String(i === p) }))) : null,
    h("h3", { text: `${who(state, p)} chooses secretly` }));
  if (prompt.kind === "clash_base") {
    root.append(h("div", { class: "choices", role: "group", "aria-label": "Bases" },
      mine.map((o) => button(describe(o, state), () => send(o), { dataset: { base: o.base } }))));
    return root;
  }
  const styles = [...new Set(mine.map((o) => o.style))];
  const bases = [...new Set(mine.map((o) => o.base))];
  const pick = { style: null, base: null };
  const submit = button("Record this pair (face down)", () => {
    const o = mine.find((x) => x.style === pick.style && x.base === pick.base);
    if (o) send(o);
  }, { class: "primary", disabled: true });
  const group = (name, ids) => h("div", { class: "choices", role: "group", "aria-label": name === "style" ? "Styles" : "Bases" },
    ids.map((cardId) => button(cardName(cardId), (e) => {
      pick[name] = cardId;
      for (const b of e.target.parentElement.children) b.setAttribute("aria-pressed", String(b === e.target));
      submit.disabled = !mine.some((x) => x.style === pick.style && x.base === pick.base);
    }, { "aria-pressed": "false", dataset: { [name]: cardId } })));
  root.append(h("h4", { text: "Style" }), group("style", styles), h("h4", { text: "Base" }), group("base", bases), submit);
  return root;
}

// The hinted reading (records naming no trigger-order ruling): reorder, or keep the
// printed order by answering the next decision.
function orderControl(prompt, send) {
  const effects = [...prompt.order.effects];
  const list = h("ol", { class: "order" });
  const apply = button("Resolve in this order", () => send({ player: prompt.order.player, kind: "order", effects }), { disabled: true });
  const draw = () => {
    list.replaceChildren(...effects.map((key, k) => h("li", { dataset: { effect: key } }, effectName(key), " ",
      button("↑", () => swap(k, k - 1), { "aria-label": `Move ${effectName(key)} earlier`, disabled: k === 0 }),
      button("↓", () => swap(k, k + 1), { "aria-label": `Move ${effectName(key)} later`, disabled: k === effects.length - 1 }))));
    apply.disabled = effects.every((key, k) => key === prompt.order.effects[k]);
  };
  const swap = (a, b) => {
    [effects[a], effects[b]] = [effects[b], effects[a]];
    draw();
  };
  draw();
  return h("div", { class: "order-box" },
    h("p", { text: "These effects happen at the same time; their owner may order them (R18.5). Printed order:" }),
    list, apply);
}

// Renders the prompt into root and returns the board choices (space -> {label, pick}).
export function renderPrompt(root, prompt, state, send, ctx) {
  const choices = new Map();
  if (!prompt) {
    root.replaceChildren(h("p", { class: "about", text: state.over ? "The duel is over." : "Nothing to decide." }));
    return choices;
  }
  const parts = [];
  if (prompt.kind === "attack_pair" || prompt.kind === "clash_base") {
    parts.push(secretPicker(prompt, state, send, ctx));
  } else {
    const p = prompt.players[0];
    if (prompt.kind === "order") parts.push(h("h3", { text: `${who(state, p)} orders these effects` }));
    else if (prompt.order) {
      parts.push(orderControl(prompt, send),
        h("p", { class: "kept", text: "Or keep the printed order; the next decision is then:" }));
    }
    parts.push(h("p", { class: "about" }, h("strong", { text: `${who(state, p)}: ` }), `${prompt.about} `,
      h("span", { class: "rule", text: prompt.rule })));
    if (prompt.kind === "move" || prompt.kind === "place") {
      for (const o of prompt.options) choices.set(o.to, { label: describe(o, state), pick: () => send(o) });
      parts.push(h("p", { class: "hint", text: "Choose a highlighted space on the board, or a button." }));
    }
    parts.push(h("div", { class: "choices", role: "group", "aria-label": "Legal options" },
      prompt.options.map((o) => button(describe(o, state), () => send(o), {
        dataset: { option: JSON.stringify(o) }, title: prompt.kind === "may" ? prompt.about : null,
      }))));
  }
  const secret = prompt.kind === "attack_pair" || prompt.kind === "clash_base";
  if (secret && prompt.order) parts.unshift(orderControl(prompt, send));
  root.replaceChildren(...parts);
  return choices;
}
