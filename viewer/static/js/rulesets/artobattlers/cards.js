// ART O BATTLERS character cards for the viewer: the ruleset's sample set (its catalogue),
// the characters players imported, and on a duel's pages the characters its setup carries
// inline (they win over any of the same id: the record is the truth). Words for costs,
// moves and their symbols, as the cards print them (A1).
import { get } from "../../api.js";
import { duelId } from "../../dom.js";

export const NAME = "artobattlers";
const cards = new Map(); // card id -> character JSON (characters.yaml schema)
let info = null; // GET /api/rulesets/artobattlers

// Everything the pages need before drawing: catalogue, and the duel's own characters.
export async function loadCards() {
  if (!info) {
    info = await get(`/rulesets/${NAME}`);
    for (const set of Object.values(info.catalogue?.sets || {})) {
      for (const c of set.characters || []) cards.set(c.id, c);
    }
    const id = duelId();
    if (id) {
      // A duel that cannot be read here is said so by the page itself; its cards then
      // come from the catalogue alone (names fall back to ids).
      const record = await get(`/duels/${id}/record`).catch(() => null);
      const inline = record?.setup?.characters;
      if (Array.isArray(inline)) for (const c of inline) cards.set(c.id, c);
    }
  }
  return info;
}

export const rulesetInfo = () => info;
export const sampleCharacters = () => Object.values(info?.catalogue?.sets || {}).flatMap((s) => s.characters || []);

// The character of an instance in a state ("volt-wisp#2" is a second Volt Wisp, AG26).
export function characterOf(state, instance) {
  for (const p of state?.players || []) {
    const c = p.characters?.[instance];
    if (c) return { ...c, id: instance, player: p.player, data: cards.get(c.card || instance.split("#")[0]) };
  }
  const data = cards.get(instance.split("#")[0]);
  return { id: instance, name: data?.name || instance, data };
}

export const charName = (state, instance) => characterOf(state, instance).name || instance;

export function moveOf(state, instance, moveId, striker = false) {
  const data = characterOf(state, instance).data;
  const pool = striker ? data?.striker?.attack_moves : data?.attack_moves;
  return (pool || []).find((m) => m.id === moveId) || null;
}

// "free", "20 PP", "20 PP or 20 LP" (A1.11).
export function costText(cost) {
  if (!cost) return "free";
  return {
    none: "free", lp: `${cost.lp} LP`, pp: `${cost.pp} PP`,
    pp_and_lp: `${cost.pp} PP and ${cost.lp} LP`, pp_or_lp: `${cost.pp} PP or ${cost.lp} LP`,
  }[cost.form] || "free";
}

// What a use costs with its payment chosen: "paying 20 PP" / "paying 20 LP" / "30 LP".
export function paidText(cost, pay) {
  if (cost?.form === "pp_or_lp" && pay) return `paying ${cost[pay]} ${pay.toUpperCase()}`;
  return costText(cost);
}

// A move's symbols, in the game's words: issue types 1-5 (A11), force challenge (A16),
// chain (A14), speed (A15), limits (A12), effect (A13), nature (A19).
export function symbols(move) {
  const out = [];
  const i = move.issues || {};
  if (i.overcome_counterattacks?.length) out.push(`overcomes counterattack ${i.overcome_counterattacks.join(", ")}`);
  if (i.nullify_counterattacks?.length) out.push(`nullifies counterattack ${i.nullify_counterattacks.join(", ")}`);
  if (i.double_impact_counterattacks?.length) out.push(`double impact on counterattack ${i.double_impact_counterattacks.join(", ")}`);
  if (i.overcome_manual_moves?.length) out.push(`overcomes manual move ${i.overcome_manual_moves.join(", ")}`);
  if (i.defeats_defense) out.push("DEF");
  if (move.force_challenge) out.push(`${move.force_challenge} force challenge`);
  if (move.chain) out.push("chain");
  if (move.speed) out.push("speed");
  if (move.size_limit !== null && move.size_limit !== undefined) out.push(`size limit ${move.size_limit}`);
  if (move.lp_limit !== null && move.lp_limit !== undefined) out.push(`LP limit ${move.lp_limit}`);
  if (move.effect) out.push(`effect: ${move.effect.name}`);
  if (move.nature?.length) out.push(move.nature.join(", "));
  return out;
}

// Why a move would not be effective against a target (A12: a wasted turn), or "".
export function notEffective(move, target) {
  if (!move || !target) return "";
  if (move.size_limit !== null && move.size_limit !== undefined && target.size > move.size_limit) {
    return `not effective: ${target.name} is size ${target.size}, above the size limit ${move.size_limit} (a wasted turn)`;
  }
  if (move.lp_limit !== null && move.lp_limit !== undefined && target.life > move.lp_limit) {
    return `not effective: ${target.name} has ${target.life} LP, above the LP limit ${move.lp_limit} (a wasted turn)`;
  }
  return "";
}

export const MANUAL = { shield: "Shield", defense: "Defense", nullify: "Nullify", escape: "Escape" };
