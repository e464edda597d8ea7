// Importing from the duel list: a record or a signed event log chosen in the browser is
// posted to POST /api/duels (as `judge import` does), with the page's token. A log may be
// the replay page's "Signed log (JSON)" ({"header", "events"}) or `judge export --log`'s
// JSON lines, sent as the former. The API's answer is shown as it is: the new duel's
// link, the duel already stored (409, named by the API), or why the file was refused.
import { api } from "./api.js";
import { h } from "./dom.js";
import { clearRefusal, refuse } from "./refusal.js";

// JSON lines (a header, then one event a line) as the API's log body.
function fromLines(text) {
  const lines = text.split("\n").map((l) => l.replace(/\r$/, "")).filter((l) => l.trim());
  const [header, ...events] = lines.map((l) => JSON.parse(l));
  return { header, events };
}

async function readFile(file) {
  const text = await file.text();
  try {
    return JSON.parse(text);
  } catch (err) {
    try {
      return fromLines(text);
    } catch {
      throw new Error(`${file.name} is neither a JSON record nor a log (${err.message}); nothing was sent.`);
    }
  }
}

// Beside the Import button, in words (the record's field names as the file spells them).
function refused(out, err, button) {
  out.className = "import-result refused";
  out.dataset.result = "refused";
  out.replaceChildren();
  refuse(button, err.status ? `Import refused (${err.status}): ${err.explain()}` : err.message);
}

// 409: the file's duel is stored here already; link to it, and say how to get a copy.
function alreadyStored(out, err) {
  out.className = "import-result refused";
  out.dataset.result = "stored";
  out.dataset.duel = err.body.duel;
  out.replaceChildren("This duel is already stored here: ",
    h("a", { href: `/duels/${err.body.duel}` }, "open it"),
    ". Nothing was imported; tick \u201cas a new copy\u201d to store another.");
}

function imported(out, duel) {
  out.className = "import-result ok";
  out.dataset.result = "imported";
  out.dataset.duel = duel.id;
  const who = duel.players.map((p) => p.name).join(" vs ");
  out.replaceChildren("Imported: ", h("a", { href: `/duels/${duel.id}` }, who), ".");
}

// `form` has a file input named "file" and a "copy" checkbox; `out` shows the result;
// `onImported(duel)` after.
export function setupImport(form, out, onImported) {
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const file = form.elements.file.files[0];
    if (!file) return;
    const button = event.submitter || form.querySelector("button[type=submit]");
    clearRefusal(button);
    out.replaceChildren("Importing…");
    const copy = form.elements.copy?.checked ? "?copy=true" : "";
    try {
      const body = await readFile(file);
      const { data } = await api(`/duels${copy}`, { method: "POST", body });
      imported(out, data);
      form.reset();
      await onImported(data);
    } catch (err) {
      if (err.status === 409 && err.body?.duel) alreadyStored(out, err);
      else refused(out, err, button);
    }
  });
}
