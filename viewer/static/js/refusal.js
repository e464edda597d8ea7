// A refusal beside the control that caused it (issue 28, item 1): every form (resolve,
// fork, import, correction, decisions, annotate, dispute, comment) shows why the service
// said no right after its button, in the form's own words, as an alert that takes the
// focus, so a screen reader reads it and the eye finds it where it was looking, not in
// the page's banner 4,000 px away.
//
//   refuse(button, err, { labels: { "players.1.life": "Ben's life" },
//                         words: { reopens: "Tick \u201cReopen the duel\u201d to …" } })
//
// err: an ApiError (api.js: message, status, body.errors {field: [msgs]}, body.rule), an
// Error (a check the page made before sending) or a plain sentence. `labels` name the
// API's fields as the form labels them; `words` replace what the API says about a field
// with the form's own sentence (or a function of what the API said, to a sentence). A refusal never shows JSON: nested messages are flattened
// and field names the form does not label are spelt as words.

const humane = (field) => field.replace(/^_schema$/, "").replace(/[._]+/g, " ").trim();

// Every message under a field, however nested (marshmallow nests by list index and key).
function messages(value) {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) return value.flatMap(messages);
  if (typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) => messages(v).map((m) => /^\d+$/.test(k) ? m : `${humane(k)}: ${m}`));
  }
  return [String(value)];
}

// A JSON object quoted in a sentence ("Decision 0 ({"base": "drive", …})", a legal
// option) as words: "base drive, style advancing"; innermost first.
function unJson(text) {
  let out = text;
  for (let before = null; before !== out;) {
    before = out;
    out = out.replace(/\{[^{}]*\}/g, (found) => {
      try {
        const value = JSON.parse(found);
        return Object.entries(value).map(([k, v]) => `${humane(k)} ${v === null ? "none" : v}`).join(", ");
      } catch {
        return found.slice(1, -1);
      }
    });
  }
  return out;
}

// The API's field names inside a sentence, as the form labels them; "(reopens: true)"
// style asides that speak the API's words go.
function inFormWords(text, labels) {
  let out = unJson(text).replace(/\s*\(\w+: (true|false|null|\d+)\)/g, "");
  for (const [field, label] of Object.entries(labels)) {
    if (/[._]/.test(field)) out = out.split(field).join(label); // "at" would hit words
  }
  return out;
}

// The sentence a refusal shows (also what a test or a log may read).
export function refusalText(err, { labels = {}, words = {} } = {}) {
  if (typeof err === "string") return unJson(err).replace(/[{}]/g, "");
  const body = err?.body || {};
  const errors = body.errors && typeof body.errors === "object" ? body.errors : {};
  const named = Object.keys(errors).filter((f) => words[f]);
  const parts = [];
  const said = (f) => typeof words[f] === "function" ? words[f](messages(errors[f]).join(" ")) : words[f];
  if (named.length) parts.push(...named.map(said));
  else if (!Object.keys(errors).length || !/see errors/.test(err.message)) {
    parts.push(inFormWords(err.message || "The service refused this.", labels));
  }
  for (const [field, value] of Object.entries(errors)) {
    if (words[field]) continue;
    const label = labels[field] || humane(field);
    const said = messages(value).map((m) => inFormWords(m, labels));
    if (!said.length || parts.some((p) => said.every((m) => p.includes(m)))) continue;
    parts.push(label ? `${label}: ${said.join(" ")}` : said.join(" "));
  }
  if (body.rule && !parts.some((p) => p.includes(body.rule))) parts.push(`(rule ${body.rule})`);
  return parts.join(" ").replace(/[{}]/g, "");
}

// The form (or section) a control belongs to, where its refusal goes.
const home = (control) => control.closest("form, fieldset, section") || control.parentElement;

// Remove a refusal shown in this control's form (on a new attempt, or once it succeeds).
export function clearRefusal(control) {
  for (const old of home(control)?.querySelectorAll(":scope .refusal") || []) old.remove();
}

// Show the refusal right after `control`, inside its form, as an alert holding the focus.
// Returns the box.
export function refuse(control, err, options = {}) {
  clearRefusal(control);
  const box = document.createElement("p");
  box.className = "refusal";
  box.setAttribute("role", "alert");
  box.tabIndex = -1;
  box.textContent = refusalText(err, options);
  if (err?.status) box.dataset.status = err.status;
  control.after(box);
  box.focus({ preventScroll: true });
  box.scrollIntoView({ block: "nearest" });
  return box;
}
