// The new-duel form of a ruleset the viewer has no form for: the record as JSON, checked by
// the server, whose field errors are listed under the text.
import { get } from "../../api.js";
import { h } from "../../dom.js";

const EMPTY = { array: [], object: {}, string: "", integer: 0, number: 0, boolean: false };

// A starting record: the envelope and every field the record's schema requires.
function skeleton(info) {
  const schema = info.schemas?.record || {};
  const record = { format: info.record_format, ruleset: info.name };
  for (const key of schema.required || []) {
    if (!(key in record)) record[key] = EMPTY[schema.properties?.[key]?.type] ?? null;
  }
  return record;
}

function parse(text, name) {
  let data;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new Error(`The setup is not valid JSON (${err.message}).`);
  }
  if (!data || typeof data !== "object" || Array.isArray(data)) throw new Error("The setup must be a JSON object.");
  return data.ruleset || data.format ? data : { ruleset: name, ...data };
}

function showErrors(list, err) {
  const fields = Object.entries(err.body?.errors || {});
  const lines = fields.length ? fields.map(([field, why]) => `${field}: ${[why].flat().join(" ")}`) : [err.message];
  list.replaceChildren(...lines.map((line) => h("li", { text: line })));
  list.hidden = false;
}

export async function newDuelForm(root, name) {
  const info = await get(`/rulesets/${encodeURIComponent(name)}`);
  const text = h("textarea", { name: "setup", rows: 12, spellcheck: "false", class: "json" });
  text.value = JSON.stringify(skeleton(info), null, 2);
  const errors = h("ul", { class: "field-errors", role: "alert", hidden: true });
  root.replaceChildren(h("fieldset", { class: "setup-json" },
    h("legend", { text: `${info.title}: the record (JSON)` }),
    h("label", {}, "Record ", text), errors,
    h("details", {}, h("summary", { text: "Its JSON Schema" }),
      h("pre", { text: JSON.stringify(info.schemas?.record || {}, null, 2) }))));
  return {
    hint: `Enter the new duel's record as JSON (format ${info.record_format}); the server checks it.`,
    read: () => {
      errors.hidden = true;
      return parse(text.value, name);
    },
    showErrors: (err) => showErrors(errors, err),
  };
}
