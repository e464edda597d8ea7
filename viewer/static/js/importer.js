// Importing a record from the duel list: a file chosen in the browser is posted to
// POST /api/duels (as `judge import` does for a record), with the page's token. The API's
// answer is shown as it is: the new duel's link, or why the record was refused.
import { api } from "./api.js";
import { h } from "./dom.js";

async function readRecord(file) {
  const text = await file.text();
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new Error(`${file.name} is not a JSON record (${err.message}); nothing was sent.`);
  }
}

function refused(out, err) {
  out.className = "import-result refused";
  out.dataset.result = "refused";
  out.replaceChildren(err.status
    ? `Import refused (${err.status}): ${err.explain()}`
    : err.message);
}

function imported(out, duel) {
  out.className = "import-result ok";
  out.dataset.result = "imported";
  out.dataset.duel = duel.id;
  const who = duel.players.map((p) => p.name).join(" vs ");
  out.replaceChildren("Imported: ", h("a", { href: `/duels/${duel.id}` }, who), ".");
}

// `form` has a file input named "file"; `out` shows the result; `onImported(duel)` after.
export function setupImport(form, out, onImported) {
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const file = form.elements.file.files[0];
    if (!file) return;
    out.replaceChildren("Importing…");
    try {
      const record = await readRecord(file);
      const { data } = await api("/duels", { method: "POST", body: record });
      imported(out, data);
      form.reset();
      await onImported(data);
    } catch (err) {
      refused(out, err);
    }
  });
}
