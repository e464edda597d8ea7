// The new-duel form: fighters, finishers, starting discards (printed defaults
// preselected), options and labels; creates the duel and opens its console.
import { api } from "./api.js";
import { fighterKit, loadCatalogue } from "./cards.js";
import { $, banner, h } from "./dom.js";
import { startSession } from "./session.js";

const options = (cards, chosen) => cards.map((c) => h("option", { value: c.id, selected: c.id === chosen }, c.name));

function fillPlayer(form, i) {
  const kit = fighterKit(form.elements[`fighter-${i}`].value);
  form.elements[`finisher-${i}`].replaceChildren(...options(kit.finishers, kit.finishers[0].id));
  kit.default_discards.forEach(([style, base], pile) => {
    form.elements[`d${pile + 1}-style-${i}`].replaceChildren(...options(kit.styles, style));
    form.elements[`d${pile + 1}-base-${i}`].replaceChildren(...options(kit.bases, base));
  });
}

function record(form) {
  const f = form.elements;
  const players = [0, 1].map((i) => ({
    name: f[`name-${i}`].value.trim(),
    fighter: f[`fighter-${i}`].value,
    finisher: f[`finisher-${i}`].value,
    discard_1: [f[`d1-style-${i}`].value, f[`d1-base-${i}`].value],
    discard_2: [f[`d2-style-${i}`].value, f[`d2-base-${i}`].value],
  }));
  const body = {
    format: "battlecon-record/1", ruleset: "battlecon-2014",
    options: {
      special_actions: f.special_actions.checked, ante_finishers: f.ante_finishers.checked,
      time_limit: f.time_limit.checked,
    },
    players, first_to_ante: Number(f.first_to_ante.value), decisions: [],
  };
  for (const key of ["event", "round", "table"]) if (f[key].value.trim()) body[key] = f[key].value.trim();
  return body;
}

async function main() {
  await startSession();
  const form = $("#new-duel");
  let catalogue;
  try {
    catalogue = await loadCatalogue();
  } catch (err) {
    banner(err.explain());
    return;
  }
  [0, 1].forEach((i) => {
    const select = form.elements[`fighter-${i}`];
    select.replaceChildren(...options(catalogue.fighters, catalogue.fighters[i % catalogue.fighters.length].id));
    select.addEventListener("change", () => fillPlayer(form, i));
    fillPlayer(form, i);
  });
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    try {
      const { data } = await api("/duels", { method: "POST", body: record(form) });
      window.location.assign(`/duels/${data.id}/console`);
    } catch (err) {
      banner(`The duel was not created: ${err.explain()}`);
    }
  });
  document.body.dataset.ready = "true";
}

main();
