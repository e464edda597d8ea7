// A head judge's correction form, for every ruleset that lists its correctable fields
// (GET /api/duels/{id}/correctable): each field with its value in the duel as it stands now
// (not at the replay's position) beside the input. Only the fields changed are sent, as
// changes carrying the value they had (the service refuses them if the duel moved on).
import { h } from "./dom.js";

const show = (v) => v === null || v === undefined ? "none"
  : Array.isArray(v) ? (v.length ? v.join(", ") : "nothing")
    : typeof v === "boolean" ? (v ? "yes" : "no") : String(v);

function input(path, spec) {
  const attrs = { name: path, "aria-label": spec.label, dataset: { field: path } };
  if (spec.type === "boolean" || spec.type === "choice") {
    const options = spec.type === "boolean" ? [["true", "yes"], ["false", "no"]]
      : spec.choices.map((c) => [c, c]);
    if (spec.nullable) options.push(["null", "none"]);
    return h("select", attrs, h("option", { value: "" }, "unchanged"),
      options.map(([value, text]) => h("option", { value }, text)));
  }
  if (spec.type === "integer" && !spec.nullable) {
    // A text field for whole numbers, not type=number: in Chromium a number field that
    // loses focus to a click scrolls the page back to itself between the button's
    // mousedown and mouseup, so the click ("Resolve dispute") was lost.
    const bounds = [spec.min, spec.max].every((b) => b !== undefined && b !== null)
      ? `${spec.min} to ${spec.max}` : "a whole number";
    return h("input", { ...attrs, type: "text", inputmode: "numeric", pattern: "-?[0-9]*",
      placeholder: `unchanged (${bounds})`, size: 14, title: `A whole number, ${bounds}` });
  }
  const hint = spec.type === "list" ? "unchanged (ids, comma-separated; - for none)" : "unchanged (a number, or none)";
  return h("input", { ...attrs, type: "text", placeholder: hint, size: 28 });
}

function parse(path, spec, raw) {
  const text = raw.trim();
  if (spec.type === "boolean") return text === "true";
  if (text === "null" || text === "none") return null;
  if (spec.type === "choice") return text;
  if (spec.type === "list") {
    return text === "-" ? [] : text.split(",").map((t) => t.trim()).filter(Boolean);
  }
  const n = Number(text);
  if (!Number.isInteger(n)) throw new Error(`${spec.label}: "${raw}" is not a whole number.`);
  if ((spec.min ?? n) > n || (spec.max ?? n) < n) {
    throw new Error(`${spec.label}: ${n} is not between ${spec.min} and ${spec.max}.`);
  }
  return n;
}

function group(path) {
  const parts = path.split(".");
  return parts[0] === "players" || parts[0] === "characters" ? parts.slice(0, 2).join(".") : parts[0];
}

// A field's value in a state (the API's state JSON), by its correctable path
// ("players.1.life"); undefined where the state does not hold it under that path.
function valueAt(state, path) {
  return path.split(".").reduce((v, key) => (v === null || v === undefined ? undefined : v[key]), state);
}

// The value at the disputed event beside the value now (issue 28, item 3): the
// correction applies to the duel as it stands, and the judge sees what the disputed event
// showed. Marked where they differ.
function atDisputed(path, spec, disputed) {
  if (!disputed?.state) return null;
  const then = valueAt(disputed.state, path);
  if (then === undefined) return null;
  const differs = JSON.stringify(then) !== JSON.stringify(spec.value);
  return h("span", { class: `disputed${differs ? " differs" : ""}`, dataset: { disputed: JSON.stringify(then) } },
    `at event ${disputed.at}: ${show(then)}`);
}

// found: the body of GET /api/duels/{id}/correctable; disputed: {at, state} the disputed
// event and the state after it (or null). Returns {el, read(formElements), labels}.
export function correctionForm(found, disputed = null) {
  const groups = new Map();
  for (const [path, spec] of Object.entries(found.fields)) {
    if (spec.type === "list" && !spec.choices?.length) continue; // e.g. tokens of a fighter without any
    const row = h("label", { class: "correct-field", dataset: { field: path } },
      h("span", { class: "field-label", text: spec.label }),
      h("span", { class: "current", dataset: { current: JSON.stringify(spec.value) } }, `now ${show(spec.value)}`),
      atDisputed(path, spec, disputed),
      input(path, spec),
      spec.choices && spec.type === "list" ? h("small", { class: "choices", text: spec.choices.join(", ") }) : null);
    const key = group(path);
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(row);
  }
  const reopen = found.over ? h("label", { class: "reopens" },
    h("input", { type: "checkbox", name: "reopens" }),
    " Reopen the duel: this overturns the ruling that ended it (R20.1)") : null;
  const el = h("fieldset", { class: "correction", disabled: true },
    h("legend", { text: `Correction to the duel as it stands now (event ${found.event})` }),
    h("p", { class: "hint applies", text: disputed && disputed.at !== found.event
      ? `It applies to the duel as it stands after event ${found.event}, not to event ${disputed.at} ` +
        `where the dispute was opened: each field shows its value now and at event ${disputed.at}.`
      : `It applies to the duel as it stands after event ${found.event}.` }),
    reopen,
    [...groups.entries()].map(([key, rows]) => h("fieldset", { class: "correct-group", dataset: { group: key } },
      h("legend", { text: /^(players|characters)\./.test(key)
        ? rows[0].querySelector(".field-label").textContent.split("'s ")[0]
        : key[0].toUpperCase() + key.slice(1) }), rows)));
  const read = (elements) => {
    const changes = [];
    for (const [path, spec] of Object.entries(found.fields)) {
      const field = elements.namedItem(path);
      if (!field || field.value.trim() === "") continue;
      changes.push({ field: path, before: spec.value, after: parse(path, spec, field.value) });
    }
    if (!changes.length) throw new Error("Change at least one field (the others stay as they are).");
    const body = { changes };
    if (reopen && elements.namedItem("reopens")?.checked) body.reopens = true;
    return body;
  };
  const labels = Object.fromEntries(Object.entries(found.fields).map(([path, spec]) => [path, spec.label]));
  return { el, read, labels };
}
