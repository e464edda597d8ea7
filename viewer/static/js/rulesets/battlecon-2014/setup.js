// BattleCON's part of the new-duel form: both players (name, fighter, finisher, starting
// discards with the printed defaults preselected) and the options; read() gives the record.
// The ruleset's own catalogue (GET /api/rulesets/NAME) gives the fighters and finishers it
// offers, and, for a profile (battlecon-2011), the options it has not, with why: those are
// said, not offered.
import { get } from "../../api.js";
import { h } from "../../dom.js";

const NAMES = ["Ana", "Ben"];

const options = (cards, chosen) => cards.map((c) => h("option", { value: c.id, selected: c.id === chosen }, c.name));

const pile = (n, i, where) => h("fieldset", {},
  h("legend", { text: `Discard pile ${n} (${where})` }),
  h("label", {}, "Style ", h("select", { name: `d${n}-style-${i}` })),
  h("label", {}, "Base ", h("select", { name: `d${n}-base-${i}` })));

const playerSetup = (i) => h("fieldset", { class: `player-setup p${i}`, dataset: { player: i } },
  h("legend", { text: `Player ${i + 1}` }),
  h("label", {}, "Name ", h("input", { name: `name-${i}`, value: NAMES[i], required: true, maxlength: 100 })),
  h("label", {}, "Fighter ", h("select", { name: `fighter-${i}`, required: true })),
  h("label", {}, "Finisher ", h("select", { name: `finisher-${i}` })),
  pile(1, i, "two beats away"), pile(2, i, "one beat away"));

const check = (name, on, text) => h("label", {}, h("input", { type: "checkbox", name, checked: on }), ` ${text}`);

const CHECKS = [["special_actions", true, "Special Actions"], ["ante_finishers", false, "Ante Finishers"],
  ["time_limit", true, "15-beat time limit"]];

// absent: {option: {why, rule}}, the options the ruleset has not (none for 2014).
const optionsSet = (absent) => h("fieldset", {}, h("legend", { text: "Options" }),
  ...CHECKS.filter(([name]) => !absent[name]).map(([name, on, text]) => check(name, on, text)),
  h("label", {}, "First to ante ", h("select", { name: "first_to_ante" },
    h("option", { value: 0 }, "Player 1"), h("option", { value: 1 }, "Player 2"))),
  ...Object.entries(absent).map(([name, { why, rule }]) =>
    h("p", { class: "hint absent-option", dataset: { option: name }, title: rule }, `${why} (${rule})`)));

function fillPlayer(root, i, fighterKit) {
  const field = (name) => root.querySelector(`[name="${name}"]`);
  const kit = fighterKit(field(`fighter-${i}`).value);
  field(`finisher-${i}`).replaceChildren(...options(kit.finishers, kit.finishers[0].id));
  kit.default_discards.forEach(([style, base], n) => {
    field(`d${n + 1}-style-${i}`).replaceChildren(...options(kit.styles, style));
    field(`d${n + 1}-base-${i}`).replaceChildren(...options(kit.bases, base));
  });
}

// The reading a new duel names for every switchable ruling, as the ruleset recommends it
// (GET /api/rulesets/battlecon-2014, rulings[id].recommended): G11's range towards the
// opponent, R18.5's order asked only when it matters, P1's placing as movement, Sagas's
// Mirror as any token. A record that leaves one out reads its default, as old records do.
// A new duel also names today's rules version (rules: "rules-2"), so the fixes it brings
// apply to it; a record that names none is judged as before the stamps.
async function rulesetDetail(ruleset) {
  const { rulings, rules, catalogue } = await get(`/rulesets/${ruleset}`);
  return {
    ruleset,
    rules,
    rulings: Object.fromEntries(Object.entries(rulings || {}).map(([id, r]) => [id, r.recommended])),
    catalogue,
    absent: catalogue.profile?.absent_options || {},
  };
}

function readOptions(f, absent, rulings) {
  const options = {};
  for (const [name] of CHECKS) if (!absent[name]) options[name] = f(name).checked;
  return { ...options, rulings: { ...rulings } };
}

function read(root, { ruleset, rules, rulings, absent }) {
  const f = (name) => root.querySelector(`[name="${name}"]`);
  const players = [0, 1].map((i) => ({
    name: f(`name-${i}`).value.trim(), fighter: f(`fighter-${i}`).value, finisher: f(`finisher-${i}`).value,
    discard_1: [f(`d1-style-${i}`).value, f(`d1-base-${i}`).value],
    discard_2: [f(`d2-style-${i}`).value, f(`d2-base-${i}`).value],
  }));
  return {
    format: "battlecon-record/1", ruleset, ...(rules ? { rules } : {}),
    options: readOptions(f, absent, rulings),
    players, first_to_ante: Number(f("first_to_ante").value), decisions: [],
  };
}

// The form of ruleset `ruleset` (battlecon-2014, or a profile of it such as battlecon-2011).
export async function newDuelForm(root, ruleset = "battlecon-2014") {
  const detail = await rulesetDetail(ruleset);
  const { fighters } = detail.catalogue;
  const kits = new Map(fighters.map((f) => [f.id, f]));
  root.replaceChildren(h("div", { class: "players" }, [0, 1].map(playerSetup)), optionsSet(detail.absent));
  [0, 1].forEach((i) => {
    const select = root.querySelector(`[name="fighter-${i}"]`);
    select.replaceChildren(...options(fighters, fighters[i % fighters.length].id));
    select.addEventListener("change", () => fillPlayer(root, i, (id) => kits.get(id)));
    fillPlayer(root, i, (id) => kits.get(id));
  });
  return { hint: "The printed default starting discards are preselected.", read: () => read(root, detail) };
}
