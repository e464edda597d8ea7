// BattleCON's part of the new-duel form: both players (name, fighter, finisher, starting
// discards with the printed defaults preselected) and the options; read() gives the record.
import { get } from "../../api.js";
import { h } from "../../dom.js";
import { fighterKit, loadCatalogue } from "./cards.js";

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

const optionsSet = () => h("fieldset", {}, h("legend", { text: "Options" }),
  check("special_actions", true, "Special Actions"), check("ante_finishers", false, "Ante Finishers"),
  check("time_limit", true, "15-beat time limit"),
  h("label", {}, "First to ante ", h("select", { name: "first_to_ante" },
    h("option", { value: 0 }, "Player 1"), h("option", { value: 1 }, "Player 2"))));

function fillPlayer(root, i) {
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
async function recommendedRulings() {
  const { rulings, rules } = await get("/rulesets/battlecon-2014");
  return {
    rules,
    rulings: Object.fromEntries(Object.entries(rulings || {}).map(([id, r]) => [id, r.recommended])),
  };
}

function read(root, { rules, rulings }) {
  const f = (name) => root.querySelector(`[name="${name}"]`);
  const players = [0, 1].map((i) => ({
    name: f(`name-${i}`).value.trim(), fighter: f(`fighter-${i}`).value, finisher: f(`finisher-${i}`).value,
    discard_1: [f(`d1-style-${i}`).value, f(`d1-base-${i}`).value],
    discard_2: [f(`d2-style-${i}`).value, f(`d2-base-${i}`).value],
  }));
  return {
    format: "battlecon-record/1", ruleset: "battlecon-2014", ...(rules ? { rules } : {}),
    options: {
      special_actions: f("special_actions").checked, ante_finishers: f("ante_finishers").checked,
      time_limit: f("time_limit").checked, rulings: { ...rulings },
    },
    players, first_to_ante: Number(f("first_to_ante").value), decisions: [],
  };
}

export async function newDuelForm(root) {
  const [catalogue, rulings] = await Promise.all([loadCatalogue(), recommendedRulings()]);
  root.replaceChildren(h("div", { class: "players" }, [0, 1].map(playerSetup)), optionsSet());
  [0, 1].forEach((i) => {
    const select = root.querySelector(`[name="fighter-${i}"]`);
    select.replaceChildren(...options(catalogue.fighters, catalogue.fighters[i % catalogue.fighters.length].id));
    select.addEventListener("change", () => fillPlayer(root, i));
    fillPlayer(root, i);
  });
  return { hint: "The printed default starting discards are preselected.", read: () => read(root, rulings) };
}
