// What a fighter brings besides cards in hand, in their panel: tokens (pool, anted, spent),
// counters, persistent cards in play, figures and their markers on the board. Each zone
// appears when the fighter has such things (from the catalogue) or the state shows some.
import { h } from "../../dom.js";
import { cardName, cardText, counterName, fighterKit, markerName, tokenName } from "./cards.js";

// "Time ×3, Earth" for ["earth", "time", "time", "time"], in first-seen order.
function tokenText(ids) {
  const counts = new Map();
  for (const id of ids) counts.set(id, (counts.get(id) || 0) + 1);
  return [...counts].map(([id, n]) => (n > 1 ? `${tokenName(id)} ×${n}` : tokenName(id))).join(", ") || "none";
}

function tokenZone(p, kit) {
  if (!(kit?.tokens?.length || p.token_pool.length || p.token_discard.length || p.anted.length)) return null;
  const part = (what, ids, prefix) => h("span", { dataset: { tokens: what, ids: ids.join(" ") } }, `${prefix}${tokenText(ids)}`);
  return [h("dt", { text: "Tokens" }), h("dd", { dataset: { zone: "tokens" } },
    part("pool", p.token_pool, "pool: "),
    p.anted.length ? part("anted", p.anted, " · anted: ") : "",
    p.token_discard.length || kit?.tokens?.length ? part("spent", p.token_discard, " · spent: ") : "")];
}

function counterZone(p) {
  const entries = Object.entries(p.counters || {});
  if (!entries.length) return null;
  return [h("dt", { text: "Counters" }), h("dd", { dataset: { zone: "counters" } }, h("ul", { class: "cards" },
    entries.map(([id, v]) => h("li", { dataset: { counter: id, value: v } }, `${counterName(id)}: ${v}`))))];
}

function inPlayZone(p, kit) {
  const ids = p.in_play || [];
  if (!ids.length && !kit?.cards_in_play?.length) return null;
  return [h("dt", { text: "In play" }), h("dd", { dataset: { zone: "in_play", ids: ids.join(" ") } }, ids.length
    ? h("ul", { class: "cards" }, ids.map((id) => h("li", { title: cardText(id), dataset: { card: id } }, cardName(id))))
    : h("span", { class: "none", text: "none" }))];
}

// Figures and markers on the board that belong to player i, "Gate Trap on space 4".
function boardZone(state, i) {
  const figs = (state.figures || []).filter((f) => f.owner === i).map((f) => h("li", { dataset: { figure: f.name } },
    `${markerName(f.name)} ${f.space === null ? "off the board" : `on space ${f.space}`}${f.life === null ? "" : `, ${f.life} life`}`));
  const marks = (state.markers || []).filter((m) => m.owner === i).map((m) => h("li", { dataset: { marker: m.name } },
    `${markerName(m.name)} on space ${m.space}`));
  if (!figs.length && !marks.length) return null;
  return [h("dt", { text: "On the board" }), h("dd", { dataset: { zone: "board" } }, h("ul", { class: "cards" }, figs, marks))];
}

export function kitZones(state, i) {
  const p = state.players[i];
  const kit = fighterKit(p.fighter);
  return [tokenZone(p, kit), counterZone(p), inPlayZone(p, kit), boardZone(state, i)];
}
