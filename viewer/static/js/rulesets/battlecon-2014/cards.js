// Names for ids: fighters, cards and tokens, from GET /api/fighters (loaded once); counters
// and markers, which the catalogue lists by id only, by their words below or in title case.
import { get } from "../../api.js";

let catalogue = null;
const cards = new Map();
const fighters = new Map();
const tokens = new Map();
const buttons = [];

export async function loadCatalogue() {
  if (catalogue) return catalogue;
  catalogue = await get("/fighters");
  cards.set(catalogue.special_action.id, catalogue.special_action);
  for (const f of catalogue.fighters) {
    fighters.set(f.id, f);
    for (const c of [...f.styles, ...f.bases, ...f.finishers]) cards.set(c.id, c);
    for (const t of f.tokens) tokens.set(t.id, t.name);
    buttons.push(...(f.buttons || []));
    for (const c of [f.ability, ...(f.cards_in_play || [])]) if (c && !cards.has(c.id)) cards.set(c.id, c);
  }
  return catalogue;
}

// "1", "2–4", or a special range such as "N/A".
export const fmtRange = (r) => Array.isArray(r) ? (r[0] === r[1] ? `${r[0]}` : `${r[0]}–${r[1]}`) : r;

const titleCase = (id) => String(id).split("-").map((w) => w[0].toUpperCase() + w.slice(1)).join(" ");

export const cardName = (id) => cards.get(id)?.name || titleCase(id);
export const fighterName = (id) => fighters.get(id)?.name || titleCase(id);
export const tokenName = (id) => tokens.get(id) || titleCase(id);
export const fighterKit = (id) => fighters.get(id);
export const kitButtons = () => buttons;  // the fighters' own option words (prompt.js)
export const markerName = (id) => cards.get(id)?.name || titleCase(id);

// What a counter's value means where the id alone would not say it.
const COUNTER_NAMES = {
  "pinned-from": "Pinned from beat", "pinned-until": "Pinned until beat", vanished: "Vanished in beat",
  "virus-style": "Life Virus Style (number)", "virus-base": "Life Virus Base (number)",
  "divine-rush-pile": "Divine Rush pile",
  // Hepzibah
  "pactbond-free": "Pact freed by Pactbond (1–5, 0: none)", "pactbond-beat": "Pactbond's free Pact in beat",
  sealed: "Seal the Pact in force",
  // Cherri, Seth
  watchers: "The Watchers (Insight back after every beat)",
  "reading-fate": "Reading Fate (the opponent shows their Style first)",
  // Sagas
  repelled: "Repelling: kept away in beat", "staff-pinned": "Staff: cannot advance in beat",
  "shattering-next": "Shattering: stuns on hit in beat", assimilated: "Assimilate: no more effects in beat",
};
export const counterName = (id) => COUNTER_NAMES[id] || titleCase(id);
export const card = (id) => cards.get(id);

// "Strike: range 1, power 4, priority 3, stun guard 5. ..." for a tooltip.
export function cardText(id) {
  const c = cards.get(id);
  if (!c) return titleCase(id);
  const stats = [];
  const range = fmtRange(c.range);
  if (c.kind === "style") {
    if (Array.isArray(c.range) && (c.range[0] || c.range[1])) stats.push(`range +${range}`);
    if (c.power) stats.push(`power ${c.power > 0 ? "+" : ""}${c.power}`);
    if (c.priority) stats.push(`priority ${c.priority > 0 ? "+" : ""}${c.priority}`);
  } else if (c.kind !== "special") {
    stats.push(`range ${range}`, `power ${c.power}`, `priority ${c.priority}`);
  }
  if (c.soak) stats.push(`soak ${c.soak}`);
  if (c.stun_guard) stats.push(`stun guard ${c.stun_guard}`);
  if (c.stun_immunity) stats.push("stun immunity");
  return [`${c.name}${stats.length ? ": " + stats.join(", ") : ""}.`, ...c.effects].join(" ");
}
