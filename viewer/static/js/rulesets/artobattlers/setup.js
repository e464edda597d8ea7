// ART O BATTLERS's part of the new-duel form: a simple duel (A0.6) between two players, each
// bringing one character: the sample characters (invented for tests and teaching, not
// official cards) or the characters players imported, which can be imported right here
// from a JSON file in the character schema (GET /api/rulesets/artobattlers, schemas.characters).
// The record carries the characters it uses inline, so it replays anywhere; the teams are
// recorded as the match's first two decisions (A2.1), and the switchable rulings as chosen.
import { api, get } from "../../api.js";
import { banner, h } from "../../dom.js";
import { loadCards, NAME, rulesetInfo, sampleCharacters } from "./cards.js";

const NAMES = ["Ana", "Ben"];
const PATH = `/rulesets/${NAME}/characters`;

function characterOptions(samples, imported, chosen) {
  const option = (c, kind) => h("option", { value: `${kind}:${c.id}`, selected: `${kind}:${c.id}` === chosen },
    `${c.name} (${c.life_points} LP, ${c.dice_type.toUpperCase()})`);
  return [
    h("optgroup", { label: "Sample characters (invented, not official cards)" }, samples.map((c) => option(c, "sample"))),
    imported.length ? h("optgroup", { label: "Imported characters" }, imported.map((e) => option(e.character, "imported"))) : null,
  ].filter(Boolean);
}

const playerSetup = (i) => h("fieldset", { class: `player-setup p${i}`, dataset: { player: i } },
  h("legend", { text: `Player ${i + 1}` }),
  h("label", {}, "Name ", h("input", { name: `name-${i}`, value: NAMES[i], required: true, maxlength: 100 })),
  h("label", {}, "Character ", h("select", { name: `character-${i}`, required: true })));

function rulingsSet(readings) {
  return h("details", { class: "aob-rulings-form" }, h("summary", { text: "Gap rulings (the digest's defaults are preselected)" }),
    Object.entries(readings).sort(([a], [b]) => Number(a.slice(2)) - Number(b.slice(2))).map(([gap, list]) => h("label", {}, `${gap} `, h("select", { name: `ruling-${gap}` },
      list.map((r, k) => h("option", { value: r }, `${r.replaceAll("_", " ")}${k === 0 ? " (default)" : ""}`))))));
}

function importSet(onImported) {
  const file = h("input", { type: "file", name: "character-file", accept: ".json,application/json" });
  const errors = h("ul", { class: "field-errors", role: "alert", hidden: true });
  const done = h("p", { class: "entered", role: "status", hidden: true });
  const go = h("button", { type: "button", class: "import" }, "Import characters");
  go.addEventListener("click", async () => {
    errors.hidden = true;
    done.hidden = true;
    try {
      const text = await file.files?.[0]?.text();
      if (!text) throw new Error("Choose a JSON file of characters first.");
      let document;
      try {
        document = JSON.parse(text);
      } catch (err) {
        throw new Error(`The file is not valid JSON (${err.message}).`);
      }
      const { data } = await api(PATH, { method: "POST", body: document });
      done.textContent = `Imported: ${data.characters.map((e) => e.name).join(", ")}.`;
      done.hidden = false;
      await onImported(data.characters);
    } catch (err) {
      const fields = Object.entries(err.body?.errors || {});
      const lines = fields.length ? fields.map(([f, why]) => `${f}: ${[why].flat().join(" ")}`) : [err.explain?.() || err.message];
      errors.replaceChildren(...lines.map((line) => h("li", { text: line })));
      errors.hidden = false;
    }
  });
  return h("fieldset", { class: "aob-import" }, h("legend", { text: "Your own characters" }),
    h("p", { class: "hint", text: "A JSON file in the character schema (as characters.yaml: schema_version 1, ruleset artobattlers, characters). A scorekeeper's or judge's token imports it; errors name the field." }),
    h("label", {}, "Character file ", file), go, done, errors);
}

function chosenCharacter(root, i, samples, imported) {
  const [kind, id] = root.querySelector(`[name="character-${i}"]`).value.split(":");
  return kind === "imported" ? imported.find((e) => e.id === id).character : samples.find((c) => c.id === id);
}

function read(root, samples, imported, readings) {
  const field = (name) => root.querySelector(`[name="${name}"]`);
  const chosen = [0, 1].map((i) => chosenCharacter(root, i, samples, imported));
  const inline = chosen.filter((c, k) => chosen.findIndex((d) => d.id === c.id) === k);
  const rulings = Object.fromEntries(Object.keys(readings).map((gap) => [gap, field(`ruling-${gap}`).value]));
  return {
    format: rulesetInfo().record_format, ruleset: NAME,
    setup: { format: "simple_duel", characters: inline, rulings,
      players: [0, 1].map((i) => ({ name: field(`name-${i}`).value.trim() })) },
    decisions: chosen.map((c, i) => ({ player: i, kind: "team", characters: [c.id] })),
  };
}

export async function newDuelForm(root) {
  await loadCards();
  const samples = sampleCharacters();
  const readings = rulesetInfo().catalogue?.rulings || {};
  let imported = (await get(PATH)).characters;
  const fill = () => [0, 1].forEach((i) => {
    const select = root.querySelector(`[name="character-${i}"]`);
    const was = select.value || `sample:${samples[i % samples.length].id}`;
    select.replaceChildren(...characterOptions(samples, imported, was));
  });
  const onImported = async (entries) => {
    imported = (await get(PATH)).characters;
    fill();
    const select = root.querySelector("[name=\"character-0\"]");
    select.value = `imported:${entries[0].id}`;
    banner(`Imported ${entries.length} character${entries.length === 1 ? "" : "s"}; choose them below.`, "ok");
  };
  const errors = h("ul", { class: "field-errors", role: "alert", hidden: true });
  root.replaceChildren(importSet(onImported), h("div", { class: "players" }, [0, 1].map(playerSetup)), rulingsSet(readings), errors);
  fill();
  return {
    hint: "A simple duel: each player brings one character; the record carries the characters inline.",
    read: () => {
      errors.hidden = true;
      return read(root, samples, imported, readings);
    },
    showErrors: (err) => {
      const fields = Object.entries(err.body?.errors || {});
      errors.replaceChildren(...(fields.length ? fields.map(([f, why]) => `${f}: ${[why].flat().join(" ")}`) : [err.message]).map((line) => h("li", { text: line })));
      errors.hidden = false;
    },
  };
}
