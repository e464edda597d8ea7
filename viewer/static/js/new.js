// The new-duel form: where the duel is played (labels), and the setup of its game, drawn by
// the ruleset's renderer (BattleCON's fighters, finishers, discards and options; for a
// ruleset without a renderer of its own, the record as JSON). The game can be chosen when
// the service knows more than one (?ruleset=NAME preselects it). Creates the duel and
// opens its console.
import { api, get } from "./api.js";
import { $, banner, h } from "./dom.js";
import { rendererFor } from "./renderer.js";
import { startSession } from "./session.js";

let setup = null; // what the renderer's form gives: {hint, read, showErrors?}

async function showSetup(name) {
  const renderer = await rendererFor(name);
  setup = await renderer.newDuelForm($("#setup"));
  $("#setup-hint").textContent = setup.hint || "";
}

// The game menu, shown only when there is a choice to make.
function fillRulesets(form, rulesets, chosen) {
  const select = form.elements.ruleset;
  select.replaceChildren(...rulesets.map((r) => h("option", { value: r.name, selected: r.name === chosen }, r.title)));
  $("#ruleset-choice").hidden = rulesets.length < 2;
  select.addEventListener("change", () => showSetup(select.value).catch((err) => banner(err.explain?.() || err.message)));
}

function body(form) {
  const record = setup.read();
  for (const key of ["event", "round", "table"]) {
    const value = form.elements[key].value.trim();
    if (value) record[key] = value;
  }
  return record;
}

async function submit(e, form) {
  e.preventDefault();
  try {
    const { data } = await api("/duels", { method: "POST", body: body(form) });
    window.location.assign(`/duels/${data.id}/console`);
  } catch (err) {
    setup.showErrors?.(err);
    banner(`The duel was not created: ${err.explain?.() || err.message}`);
  }
}

async function main() {
  await startSession();
  const form = $("#new-duel");
  try {
    const { rulesets } = await get("/rulesets");
    const wanted = new URL(window.location).searchParams.get("ruleset");
    const chosen = rulesets.find((r) => r.name === wanted) || rulesets.find((r) => r.default) || rulesets[0];
    fillRulesets(form, rulesets, chosen.name);
    await showSetup(chosen.name);
  } catch (err) {
    banner(err.explain?.() || err.message);
    return;
  }
  form.addEventListener("submit", (e) => submit(e, form));
  document.body.dataset.ready = "true";
}

main();
