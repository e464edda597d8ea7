// The console's controls for ART O BATTLERS: every legal option of the pending prompt as a
// button in the game's words, grouped as a scorekeeper meets them: attack moves with their
// costs and the DP they count against their target (a move that would not be effective
// flagged as a wasted turn), the die as buttons 1-6 saying what the engine will do with each
// face (the service never rolls; a random draw by this browser is a separate choice, shown
// and confirmed before it is recorded as the same decision), manual moves, force
// challenges, counterattacks, the chain's extra attack, the start and duel dice, teams, and
// Advance Play's placements and side attacks.
// Standing decisions (no more issues, agreed) are offered under their own heading. Choices
// too many to list (placements, manual move 3's multiple) come described, as forms.
import { h } from "../../dom.js";
import { describedForm, describedText } from "../generic/described.js";
import { charName, characterOf, costText, MANUAL, moveOf, notEffective, paidText, symbols } from "./cards.js";

const who = (state, names, i) => names?.[i] ?? state?.players?.[i]?.name ?? `Player ${i + 1}`;

// What the move counts against its target, as the prompt gives it (attack_dp): the target's
// ability may count it less than printed (A18.2). A prompt without it: the printed DP.
function dpWords(prompt, move, actor, o, target) {
  const counted = (prompt?.attack_dp || []).find((e) => e.character === actor && e.move === o.move &&
    e.striker === !!o.striker && e.target === target && !!e.target_striker === !!o.target_striker);
  if (!counted || counted.dp === move.dp) return `${move.dp} DP`;
  return `${counted.dp} DP (${move.dp} printed${counted.note ? `; ${counted.note}` : ""})`;
}

function attackWords(state, o, actor, target, prompt = null) {
  const move = moveOf(state, actor, o.move, o.striker);
  if (!move) return `${o.move} on ${charName(state, target)}`;
  const striker = o.striker ? `${characterOf(state, actor).data?.striker?.name || "Striker"}'s ` : "";
  const cost = move.cost?.form === "pp_or_lp" ? paidText(move.cost, o.pay) : costText(move.cost);
  const marks = symbols(move);
  const wasted = o.target_striker ? "" : notEffective(move, characterOf(state, target));
  // An ability may aim at the target's striker (target_striker, AG46).
  const on = o.target_striker ? `${characterOf(state, target).data?.striker?.name || "the striker"} (${charName(state, target)}'s striker)` : charName(state, target);
  return `${striker}${move.name} on ${on}: ${dpWords(prompt, move, actor, o, target)}, ${cost}` +
    `${o.sacrifice ? " (a sacrifice: the LP cost takes all that is left)" : ""}` +
    `${marks.length ? ` · ${marks.join(" · ")}` : ""}${wasted ? ` — ${wasted}` : ""}`;
}

function manualWords(state, o) {
  const target = state?.attack?.target;
  const mm = (characterOf(state || { players: [] }, target || "").data?.manual_moves || []).find((m) => m.number === o.number);
  const kind = MANUAL[mm?.kind] || "";
  let detail = "";
  if (mm?.kind === "nullify") detail = ` ×${o.multiple}: ${o.multiple * mm.pp} PP negate ${o.multiple * mm.negates_dp} DP`;
  else if (o.multiple) detail = ` ×${o.multiple}`;
  const cost = mm?.cost && mm.cost.form !== "none" ? ` (${paidText(mm.cost, o.pay)})` : "";
  return `Manual move ${o.number}${kind ? ` (${kind})` : ""}${detail}${cost}`;
}

// One option in words; names: the players' names; prompt: the prompt it is an option of
// (an attack then says what it counts against its target).
export function describe(o, names = [], state = null, prompt = null) {
  const p = who(state, names, o.player);
  switch (o.kind) {
    case "team": return `${p} brings ${o.characters.map((c) => charName(state || { players: [] }, c)).join(", ")}`;
    case "start_die": return `${p} rolled ${o.value} for the start`;
    case "duel_die": return `${p} rolled ${o.value} in the dice duel`;
    case "die": return `${p} rolled ${o.value}`;
    case "attack": return `${charName(state, o.character)}: ${attackWords(state, o, o.character, o.target, prompt)}`;
    case "extra_attack": return `Extra attack: ${attackWords(state, { ...o, striker: false }, state?.attack?.attacker?.character, state?.attack?.target, prompt)}`;
    case "decline_extra_attack": return "Decline the extra attack";
    case "power_turn": {
      const raise = (characterOf(state, o.character).data?.power_raises || []).filter((r) => r.trigger === "pay_turn").reduce((s, r) => s + r.amount, 0);
      return `Pay the turn: ${charName(state, o.character)} raises PP${raise ? ` by ${raise}` : ""}`;
    }
    case "manual_move": return manualWords(state, o);
    case "force_challenge": {
      const aimed = !!state?.attack?.target_striker; // declared from the striker (AG46)
      const move = moveOf(state, state?.attack?.target, o.move, aimed);
      const colour = moveOf(state, state?.attack?.attacker?.character, state?.attack?.move, state?.attack?.attacker?.striker)?.force_challenge;
      return `${colour ? `${colour[0].toUpperCase()}${colour.slice(1)} force` : "Force"} challenge with ${move?.name || o.move} (pay 10 LP${aimed ? " from the striker" : ""}${o.pay ? `, ${paidText(move?.cost, o.pay)}` : ""})`;
    }
    case "counterattack": {
      // Two with one id (stored before the check of A1.14) come with their place in the list.
      const listed = characterOf(state, state?.attack?.target).data?.counterattacks || [];
      const ca = o.index !== undefined ? listed[o.index] : listed.find((c) => c.id === o.id);
      const klass = moveOf(state, state?.attack?.attacker?.character, state?.attack?.move, state?.attack?.attacker?.striker)?.class;
      const bar = o.index !== undefined && ca ? ` (${{ body: "green", distance: "blue", both: "green-blue" }[ca.group]} bar)` : "";
      return `Counterattack ${o.id}${bar}${ca && klass && ca.dp[klass] !== undefined ? `: ${ca.dp[klass]} DP` : ""}`;
    }
    case "placement": return `${p}: battle zone ${(o.battle_zone || []).map((c) => charName(state, c)).join(", ") || "empty"}; inactive zone ${(o.inactive_zone || []).map((c) => charName(state, c)).join(", ") || "empty"}`;
    case "side_attack": return `Side attack on ${charName(state, o.target)}: ${charName(state, o.lead?.character)}'s ${moveOf(state, o.lead?.character, o.lead?.move)?.name || o.lead?.move} led, ${charName(state, o.joining?.character)}'s ${moveOf(state, o.joining?.character, o.joining?.move)?.name || o.joining?.move} joining`;
    case "give_up": return `${p} gives up`;
    case "no_more_issues": return `${p} declares no more issues (and loses)`;
    case "agree_no_more_issues": return "Both players agree: no more issues (a draw)";
    default: {
      const fields = Object.entries(o).filter(([k]) => k !== "kind" && k !== "player").map(([k, v]) => `${k.replaceAll("_", " ")} ${typeof v === "object" ? JSON.stringify(v) : v}`);
      return `${o.player !== undefined ? `${p}: ` : ""}${String(o.kind).replaceAll("_", " ")}${fields.length ? ` (${fields.join(", ")})` : ""}`;
    }
  }
}

const button = (o, text, send, extra = {}) => h("button", { type: "button", dataset: { option: JSON.stringify(o), kind: o.kind, ...extra }, on: { click: () => send(o) } }, text);

const group = (label, children) => h("div", { class: "choices", role: "group", "aria-label": label }, h("span", { class: "choices-label", text: `${label}:` }), children);

// A random face 1-6 from the browser's generator, for a table without a physical die.
function randomFace() {
  const bytes = new Uint8Array(1);
  do crypto.getRandomValues(bytes); while (bytes[0] >= 252);
  return (bytes[0] % 6) + 1;
}

// A die face's label: the value and, for the reply die, what the engine will do with it
// (the prompt's die_faces, judge/artobattlers/faces.py), never the chart guessed here.
function faceLabel(o, prompt) {
  const face = o.kind === "die" ? (prompt?.die_faces || []).find((f) => f.value === o.value) : null;
  return face ? `${o.value} — ${face.text}` : String(o.value);
}

function diceGroups(options, state, names, send, kind, prompt) {
  const players = [...new Set(options.filter((o) => o.kind === kind).map((o) => o.player))];
  return players.map((p) => {
    const faces = options.filter((o) => o.kind === kind && o.player === p);
    return group(`${who(state, names, p)} rolled (enter the die)`,
      faces.map((o) => button(o, faceLabel(o, prompt), send, { die: o.value })));
  });
}

// A random roll by this browser is a separate, labelled choice, apart from the entered
// faces, and recorded only once confirmed: the draw is shown first, then "Record".
function randomRolls(options, state, names, send, prompt) {
  const dice = options.filter((o) => ["start_die", "duel_die", "die"].includes(o.kind));
  const players = [...new Set(dice.map((o) => o.player))];
  if (!players.length) return null;
  const rows = players.map((p) => {
    const name = who(state, names, p);
    const drawn = h("p", { class: "drawn", role: "status", hidden: true });
    const draw = h("button", { type: "button", class: "roll", dataset: { roll: p }, on: { click: () => {
      const value = randomFace();
      const o = dice.find((d) => d.player === p && d.value === value);
      const record = h("button", { type: "button", class: "roll-confirm", dataset: { option: JSON.stringify(o), die: o.value },
        on: { click: () => send(o) } }, `Record ${o.value} for ${name}`);
      const cancel = h("button", { type: "button", class: "roll-cancel", on: { click: () => { drawn.hidden = true; draw.focus(); } } }, "Cancel");
      drawn.replaceChildren(`This browser drew ${faceLabel(o, prompt)} for ${name}. `, record, " ", cancel);
      drawn.hidden = false;
      record.focus();
    } } }, `Draw a random die for ${name}…`);
    return h("div", { class: "random-roll", dataset: { player: p } }, draw, drawn);
  });
  return h("details", { class: "aob-random" },
    h("summary", { text: "No physical die? Let this browser draw a random value (shown before it is recorded)" }), rows);
}

// Options grouped: dice faces per player, then each kind of choice with its own heading.
function groups(prompt, state, names, send) {
  const out = [];
  const options = prompt.options;
  for (const kind of ["start_die", "duel_die", "die"]) {
    if (options.some((o) => o.kind === kind)) out.push(...diceGroups(options, state, names, send, kind, prompt));
  }
  const rest = options.filter((o) => !["start_die", "duel_die", "die"].includes(o.kind));
  const heading = { attack: "Attack moves", extra_attack: "Extra attack", decline_extra_attack: "Or", power_turn: "Pay the turn",
    manual_move: "Manual moves", force_challenge: "Force challenges", counterattack: "Counterattacks", team: "Characters",
    placement: "Placements", side_attack: "Side attacks" };
  const keyOf = (o) => (o.kind === "attack" ? `attack:${o.character}` : o.kind === "team" ? `team:${o.player}` : o.kind);
  const seen = new Map();
  for (const o of rest) {
    const key = keyOf(o);
    if (!seen.has(key)) seen.set(key, []);
    seen.get(key).push(o);
  }
  for (const [key, list] of seen) {
    const first = list[0];
    const label = first.kind === "attack" ? `${charName(state, first.character)}'s attack moves`
      : first.kind === "team" ? `${who(state, names, first.player)} brings` : heading[first.kind] || key.replaceAll("_", " ");
    out.push(group(label, list.map((o) => button(o, describe(o, names, state, prompt), send))));
  }
  return out;
}

// give_up is the console's own concession (renderer.concession); the others are here.
function standingView(prompt, state, names, send) {
  const standing = (prompt.standing || []).filter((o) => o.kind !== "give_up");
  if (!standing.length) return null;
  return h("details", { class: "aob-standing" }, h("summary", { text: "No more issues (A20.4)" }),
    standing.map((o) => {
      const sure = h("button", { type: "button", class: "danger", hidden: true, on: { click: () => send(o) } }, `Yes: ${describe(o, names, state)}`);
      return h("p", {}, h("button", { type: "button", dataset: { option: JSON.stringify(o), kind: o.kind }, on: { click: () => { sure.hidden = false; sure.focus(); } } },
        `${describe(o, names, state)}…`), " ", sure);
    }));
}

// A character's name, with its copy's number ("Wisp One #3", AG26): a form's rows and menus
// must tell the copies apart.
function copyName(state, id) {
  const name = state ? charName(state, id) : id;
  const copy = id.split("#")[1];
  return copy && !name.includes("#") ? `${name} #${copy}` : name;
}

// A value of a described field in the game's words: a character's name for its id, a side
// attack's part as "Mossjaw's Thorn Volley, paying LP".
function valueWords(v, state) {
  if (typeof v === "string") return copyName(state, v);
  if (v && typeof v === "object" && v.character) {
    const move = moveOf(state, v.character, v.move);
    return `${copyName(state, v.character)}'s ${move?.name || v.move}${v.pay ? `, paying ${v.pay.toUpperCase()}` : ""}${v.sacrifice ? " (a sacrifice)" : ""}`;
  }
  return String(v);
}

// A described set's heading in the game's words: whose placement, or which manual move.
function describedTitle(x, state, names) {
  const p = x.fields?.player?.const;
  if (x.kind === "placement") {
    return `${who(state, names, p)}: ${state?.player_to_act === p ? "review the placement" : "lay out the team"} (battle or inactive zone)`;
  }
  if (x.kind === "team") {
    const sum = (x.constraints || []).find((c) => c.type === "sum");
    return `${who(state, names, p)}: build a team (level globes in brackets; ${sum?.text || ""})`;
  }
  if (x.kind === "attack") {
    const f = x.fields;
    const move = moveOf(state, f.character.choices[0], f.move.const, f.striker.const);
    return `Attack with ${move?.name || f.move.const}${f.pay.const ? `, paying ${f.pay.const.toUpperCase()}` : ""}${f.sacrifice.const ? " (a sacrifice)" : ""}`;
  }
  if (x.kind === "side_attack") return "Side attack: a lead and a joining attack (A22)";
  if (x.kind === "card_text") return "What the card text does (both players agree)";
  if (x.kind === "manual_move") {
    const mm = (characterOf(state || { players: [] }, state?.attack?.target || "").data?.manual_moves || []).find((m) => m.number === x.fields.number?.const);
    const each = mm?.kind === "nullify" ? `: ${mm.pp} PP negate ${mm.negates_dp} DP per multiple` : "";
    return `Manual move ${x.fields.number?.const}${MANUAL[mm?.kind] ? ` (${MANUAL[mm.kind]})` : ""}${each}`;
  }
  return `${who(state, names, p)}: ${x.kind.replaceAll("_", " ")}`;
}

// The table's answer to a card text names the effect it places only when it places one
// (the field's default stands for nothing otherwise, and the record stays as it was).
function cardTextAnswer(d) {
  if (d.kind !== "card_text" || d.outcome === "place_effect") return d;
  const { effect, ...rest } = d;
  return rest;
}

function describedForms(prompt, state, names, send) {
  return (prompt.described || []).map((x) => describedForm(x, (d) => send(cardTextAnswer(d)), {
    title: describedTitle(x, state, names),
    label: (v) => valueWords(v, state),
    initial: x.kind === "placement" && prompt.layout && state?.player_to_act === x.fields?.player?.const ? prompt.layout : undefined,
    submit: x.kind === "placement" ? "Record the placement" : "Record",
  }));
}

export function renderPrompt(root, prompt, state, send, ctx = {}) {
  const names = ctx.names || [];
  if (!prompt) {
    root.replaceChildren(h("p", { class: "about", text: state.over ? "The match is over." : "Nothing to decide." }));
    return new Map();
  }
  const whose = prompt.players.map((i) => who(state, names, i)).join(" and ");
  root.replaceChildren(...[
    h("p", { class: "about" }, whose ? h("strong", { text: `${whose}: ` }) : null, `${prompt.about || ""} `,
      prompt.rule ? h("span", { class: "rule", text: prompt.rule }) : null),
    prompt.decider === "chance" ? h("p", { class: "decider", dataset: { decider: "chance" }, text: "Enter the value the die showed (the service never rolls)." }) : null,
    ...groups(prompt, state, names, send),
    randomRolls(prompt.options, state, names, send, prompt),
    ...describedForms(prompt, state, names, send),
    standingView(prompt, state, names, send)].filter(Boolean));
  return new Map();
}

// The replay's read-only view of what the state waited on.
export function promptView(prompt, state, names) {
  if (!prompt) return null;
  const whose = prompt.players.map((i) => who(state, names, i)).join(" and ");
  return h("section", { class: "prompt aob-waiting", "aria-label": "Waiting for" },
    h("h3", { text: "Waiting for" }),
    h("p", { class: "about" }, whose ? h("strong", { text: `${whose}: ` }) : null, prompt.about || "",
      prompt.rule ? h("span", { class: "rule", text: prompt.rule }) : null),
    h("ul", { class: "options", "aria-label": "Legal options" },
      prompt.options.map((o) => h("li", { dataset: { option: JSON.stringify(o) } }, describe(o, names, state))),
      (prompt.described || []).map((x) => h("li", { class: "described" },
        describedText(x, (v) => valueWords(v, state))))));
}
