// The ART O BATTLERS table: whose turn and the step, the attack in progress, the dice, the
// result and the rulings in force (the board), and each player's characters (the panels):
// LP, PP, shield, striker, effects in force and their cards' moves with the issue symbols.
// Advance Play's zones (battle, inactive, out of play) are drawn when the state has them.
import { h } from "../../dom.js";
import { charName, characterOf, costText, MANUAL, moveOf, paidText, symbols } from "./cards.js";

export const STEPS = {
  team: "choosing the characters", setup: "setting up", start_roll: "the start roll",
  placement: "placing the characters", turn_action: "the turn's action", reply: "the reply to the attack",
  counterattack_choice: "choosing a counterattack", duel: "the force challenge's dice duel",
  extra_attack: "the chain's extra attack", end_of_turn: "the end of the turn", over: "over",
};
export const ENDINGS = {
  all_destroyed: "every character of the loser is destroyed", give_up: "a player gave up",
  no_more_issues: "no more issues", agreement: "both agreed: no more issues",
};

const name = (state, i) => state.players?.[i]?.name ?? `Player ${i + 1}`;

function meter(value, max, label) {
  const bar = h("div", { class: "lifebar", role: "meter", "aria-label": label, "aria-valuemin": 0,
    "aria-valuemax": max || 0, "aria-valuenow": value || 0 },
  h("div", { class: "fill" }), h("span", { class: "value", text: `${value} / ${max}` }));
  bar.firstChild.style.width = `${max ? Math.max(0, Math.min(100, (100 * value) / max)) : 0}%`;
  return bar;
}

function effectsView(state, c) {
  if (!c.effects?.length) return h("span", { class: "none", text: "none" });
  return h("ul", { class: "cards" }, c.effects.map((e) => {
    const [who, move] = String(e.source || "").split("/");
    const from = who && move ? ` from ${charName(state, who)}'s ${moveOf(state, who, move)?.name || move}` : "";
    const until = e.ends_after_turn ? `, until the end of turn ${e.ends_after_turn}` : "";
    const left = e.phases_left !== undefined ? `, ${e.phases_left} phase${e.phases_left === 1 ? "" : "s"} left` : "";
    const locks = e.replies_forbidden?.length ? `; may not reply with ${e.replies_forbidden.map((r) => r.replace("_", " ")).join(" or ")}` : "";
    return h("li", { dataset: { effect: e.name } }, `${e.name}${from}${until}${left}${locks}`);
  }));
}

function moveLine(move, striker) {
  const marks = symbols(move);
  return h("li", { dataset: { move: move.id } },
    h("strong", { text: move.name }), ` ${move.dp} DP, ${costText(move.cost)} · ${move.class} ${move.kind}`,
    striker ? " · striker move" : "", marks.length ? h("span", { class: "symbols", text: ` · ${marks.join(" · ")}` }) : null);
}

function cardDetails(data) {
  if (!data) return null;
  const mm = (data.manual_moves || []).map((m) => {
    const extra = m.kind === "nullify" ? ` (${m.pp} PP negate ${m.negates_dp} DP)` : (m.cost && m.cost.form !== "none" ? ` (${costText(m.cost)})` : "");
    return `${m.number} ${MANUAL[m.kind] || m.kind}${extra}`;
  });
  const ca = (data.counterattacks || []).map((c) => `${c.id}: ${Object.entries(c.dp).map(([k, v]) => `${v} DP vs ${k}`).join(", ")}`);
  return h("details", { class: "aob-card" }, h("summary", { text: "Card: moves and symbols" }),
    h("ul", { class: "aob-moves", "aria-label": "Attack moves" }, (data.attack_moves || []).map((m) => moveLine(m, false)),
      (data.striker?.attack_moves || []).map((m) => moveLine(m, true))),
    h("dl", { class: "zones" },
      h("dt", { text: "Manual moves" }), h("dd", { text: mm.join(" · ") || "none" }),
      h("dt", { text: "Counterattacks" }), h("dd", { text: ca.join(" · ") || "none" }),
      h("dt", { text: "Special ability" }), h("dd", { text: data.special_ability ? `${data.special_ability.name}: ${data.special_ability.text}` : "none" })));
}

function characterView(state, p, id, acting) {
  const c = { ...p.characters[id], ...characterOf(state, id) };
  const destroyed = c.status !== "in_play";
  const shield = c.shield === null ? "none" : c.shield.destroyed ? "destroyed" : `${c.shield.life} LP`;
  const striker = c.striker === null ? "none" : `${c.striker.name}: ${c.striker.destroyed ? "destroyed" : `${c.striker.life} LP`}`;
  const power = c.power === null ? "not equipped" : `${c.power} / ${c.power_limit} PP`;
  return h("article", { class: `aob-character${destroyed ? " destroyed" : ""}`, "aria-label": `${c.name}: ${c.life} LP, ${power}`,
    dataset: { character: id, life: c.life, power: c.power ?? "", shield: c.shield ? (c.shield.destroyed ? 0 : c.shield.life) : "", status: c.status } },
  h("h3", {}, c.name, acting ? h("span", { class: "tag active", text: "attacking" }) : null,
    destroyed ? h("span", { class: "tag stunned", text: c.status }) : null),
  meter(c.life, c.life_start, `${c.name}'s life points`),
  h("dl", { class: "zones" },
    h("dt", { text: "LP" }), h("dd", { dataset: { stat: "life" }, text: `${c.life} of ${c.life_start}` }),
    h("dt", { text: "PP" }), h("dd", { dataset: { stat: "power" }, text: power }),
    h("dt", { text: "Shield" }), h("dd", { dataset: { stat: "shield" }, text: shield }),
    h("dt", { text: "Striker" }), h("dd", { dataset: { stat: "striker" }, text: striker }),
    h("dt", { text: "Effects" }), h("dd", { dataset: { stat: "effects" } }, effectsView(state, c)),
    h("dt", { text: "Card" }), h("dd", { text: `${c.dice_type?.toUpperCase()} dice · ${c.type} · size ${c.size} · ${c.level_globes} level globes` })),
  cardDetails(c.data));
}

// Advance Play has zones; a simple duel's one character is simply listed.
function zonesOf(state, p) {
  const ids = Object.keys(p.characters || {});
  const advance = state.format === "advance_play" || (p.inactive_zone || []).length > 0;
  if (!advance) return [[null, ids]];
  const bz = p.battle_zone || [];
  const iz = p.inactive_zone || [];
  const out = p.out_of_play || ids.filter((id) => !bz.includes(id) && !iz.includes(id));
  return [["Battle zone", bz], ["Inactive zone", iz], ["Out of play", out]];
}

export function renderPlayer(el, state, i) {
  const p = state.players[i];
  const toAct = !state.over && state.player_to_act === i;
  const won = state.over && state.winner === i;
  const acting = !state.over && state.attack?.attacker?.player === i ? state.attack.attacker.character : null;
  el.hidden = false;
  el.dataset.player = i;
  el.replaceChildren(
    h("h2", {}, h("span", { class: "badge", text: `P${i + 1}` }), ` ${p.name}`,
      toAct ? h("span", { class: "tag active", text: "to act" }) : null,
      won ? h("span", { class: "tag winner", text: "winner" }) : null),
    ...zonesOf(state, p).map(([label, ids]) => h("section", { class: "aob-zone", dataset: { zone: label ? label.split(" ")[0].toLowerCase() : "battle" } },
      label ? h("h4", { text: `${label} (${ids.length})` }) : null,
      ids.length ? ids.map((id) => characterView(state, p, id, id === acting)) : h("p", { class: "none", text: label ? "empty" : "no character chosen yet" }))));
}

function attackView(state) {
  const a = state.attack;
  if (!a) return null;
  const who = a.attacker.character;
  const move = moveOf(state, who, a.move, a.attacker.striker);
  const attacker = a.attacker.striker ? `${characterOf(state, who).data?.striker?.name || "the striker"} (${charName(state, who)}'s striker)` : charName(state, who);
  const parts = [
    ["Attack", `${attacker} (${name(state, a.attacker.player)}) on ${a.target_striker ? `${characterOf(state, a.target).data?.striker?.name || "the striker"} (${charName(state, a.target)}'s striker)` : charName(state, a.target)}: ${move?.name || a.move}${a.kind && a.kind !== "normal" ? ` (${a.kind} attack)` : ""}`],
    ["Damage", `${a.dp_against_target} DP against this target${a.dp_note ? ` (${a.dp_note})` : ""}${a.effective === false ? " — not effective" : ""}`],
    ["Paid", move ? `${[a.paid?.pp ? `${a.paid.pp} PP` : "", a.paid?.lp ? `${a.paid.lp} LP` : ""].filter(Boolean).join(" and ") || "nothing"} (${paidText(move.cost, a.pay)})${a.sacrifice ? ", a sacrifice" : ""}` : ""],
  ];
  if (a.reply) parts.push(["Reply", replyText(a.reply)]);
  if (a.counterattack) parts.push(["Counterattack", a.counterattack]);
  if (a.duel) parts.push(["Force challenge", `${a.duel.colour} with ${moveOf(state, a.target, a.duel.move, !!a.target_striker)?.name || a.duel.move}; rounds ${(a.duel.rounds || []).map((r) => r.join("–")).join(", ") || "none yet"}${a.duel.result ? `; ${a.duel.result}` : ""}`]);
  if (a.outcome) parts.push(["Outcome", a.outcome]);
  const heading = state.over || a.outcome ? "The last attack" : "Attack in progress";
  return h("section", { class: "aob-attack", "aria-label": heading, dataset: { move: a.move, target: a.target } },
    h("h3", { text: heading }),
    h("dl", { class: "zones" }, parts.filter(([, v]) => v).map(([k, v]) => [h("dt", { text: k }), h("dd", { dataset: { part: k.toLowerCase() }, text: v })])));
}

function replyText(reply) {
  if (typeof reply !== "object" || reply === null) return String(reply);
  if (reply.kind === "die") return `die ${reply.value}${reply.reading ? `: ${reply.reading}` : ""}${reply.modifier ? ` (${reply.modifier})` : ""}`;
  if (reply.kind === "manual_move") return `manual move ${reply.number}${reply.multiple ? ` ×${reply.multiple}` : ""}`;
  if (reply.kind === "force_challenge") return `${reply.colour} force challenge with ${reply.move}`;
  return Object.entries(reply).map(([k, v]) => `${k.replaceAll("_", " ")} ${v}`).join(", ");
}

function diceView(state) {
  const d = state.dice || {};
  const rows = [];
  if (d.start?.length) rows.push(["Start rolls", d.start.map((r) => `${r[0]}–${r[1]}`).join(", ")]);
  if (d.last_reply !== null && d.last_reply !== undefined) rows.push(["Last reply die", String(d.last_reply)]);
  if (!rows.length) return null;
  return h("dl", { class: "zones aob-dice", "aria-label": "Dice" }, rows.map(([k, v]) => [h("dt", { text: k }), h("dd", { text: v })]));
}

function resultView(state) {
  if (!state.over) return null;
  const why = ENDINGS[state.end_reason] || state.end_reason || "";
  const text = state.draw || state.winner === null ? `A draw${why ? ` (${why})` : ""}.` : `${name(state, state.winner)} wins${why ? ` (${why})` : ""}.`;
  return h("p", { class: "aob-result", dataset: { winner: state.winner ?? "draw" }, role: "status" }, h("strong", { text }));
}

function rulingsView(state) {
  const r = Object.entries(state.rulings || {});
  if (!r.length) return null;
  return h("details", { class: "aob-rulings" }, h("summary", { text: "Rulings in force" }),
    h("ul", {}, r.map(([gap, reading]) => h("li", { dataset: { ruling: gap } }, `${gap}: ${reading.replaceAll("_", " ")}`))));
}

export function renderBoard(board, state) {
  board.classList.add("aob-board");
  board.setAttribute("aria-label", "The match");
  const turn = state.turn ? `Turn ${state.turn}` : "Before the first turn";
  const toAct = state.player_to_act !== null && state.player_to_act !== undefined && !state.over ? ` · ${name(state, state.player_to_act)} to act` : "";
  board.replaceChildren(
    h("p", { class: "aob-turn", dataset: { step: state.step, turn: state.turn } }, h("strong", { text: turn }), toAct,
      ` · ${STEPS[state.step] || state.step}`),
    ...[resultView(state), attackView(state), diceView(state), rulingsView(state)].filter(Boolean));
}
