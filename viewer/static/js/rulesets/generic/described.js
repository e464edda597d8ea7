// A described decision (docs/rulesets.md, "Described decisions") as a form: decisions too
// many to list (a placement's layouts, a multiple) are given by their fields and
// constraints, and the console lets the scorekeeper fill them in. Every renderer uses it
// (the generic one and a game's own); the service checks what is sent and refuses an
// illegal decision with its reason and rule, as for a listed option.
//   const: shown, sent as it is      integer: a number box within minimum..maximum
//   choice: a menu                   subset: a checkbox per value      text: a text box
//   multiset: a number box per value (how many times it is chosen)
//   sum constraint: each value shows its weight ("Ember Knight (5)")
//   partition constraint: one row per value with a radio per field it may go to
import { h } from "../../dom.js";
import { plain, words } from "./tree.js";

let forms = 0; // a distinct name for each form's radio groups

const valueLabel = (label, v) => (label ? label(v) : typeof v === "object" && v !== null ? JSON.stringify(v) : plain(v));

function partitionOf(description) {
  return (description.constraints || []).find((c) => c.type === "partition") || null;
}

// One row per value of the partition: a radio per field that may hold it.
function partitionRows(description, partition, label, n, initial = {}) {
  const fields = partition.fields;
  const first = (v) => fields.find((f) => (initial[f] || []).includes(v)) ||
    fields.find((f) => (description.fields[f].of || []).includes(v));
  return h("table", { class: "described-partition" },
    h("thead", {}, h("tr", {}, h("th", {}, ""), fields.map((f) => h("th", { text: words(f) })))),
    h("tbody", {}, partition.of.map((v, i) => h("tr", { dataset: { value: JSON.stringify(v) } },
      h("th", { scope: "row", text: valueLabel(label, v) }),
      fields.map((f) => h("td", {}, h("input", {
        type: "radio", name: `described-${n}-${i}`, value: f, "aria-label": `${valueLabel(label, v)}: ${words(f)}`,
        dataset: { field: f }, disabled: !(description.fields[f].of || []).includes(v), checked: first(v) === f,
      })))))));
}

// A value's words, with its weight when a sum constraint weighs the field's values.
function weighed(description, name, label) {
  const sum = (description.constraints || []).find((c) => c.type === "sum" && c.field === name);
  return (v) => `${valueLabel(label, v)}${sum && sum.weights[v] !== undefined ? ` (${sum.weights[v]})` : ""}`;
}

function fieldControl(name, spec, label) {
  if ("const" in spec) return null;
  const attrs = { name, dataset: { field: name } };
  if (spec.type === "integer") {
    return h("input", { ...attrs, type: "number", step: 1, min: spec.minimum, max: spec.maximum, required: true, value: spec.default ?? spec.minimum });
  }
  if (spec.type === "choice") {
    return h("select", attrs, spec.choices.map((c) => h("option", { value: JSON.stringify(c) }, valueLabel(label, c))));
  }
  if (spec.type === "subset") {
    return h("span", { class: "described-subset", dataset: { field: name } }, spec.of.map((v) => h("label", {},
      h("input", { type: "checkbox", value: JSON.stringify(v) }), ` ${label(v)}`)));
  }
  if (spec.type === "multiset") {
    return h("span", { class: "described-subset", dataset: { field: name } }, spec.of.map((v) => h("label", {},
      `${label(v)}: `, h("input", { type: "number", min: 0, max: spec.max_items, step: 1, value: 0, dataset: { value: JSON.stringify(v) } }))));
  }
  return h("input", { ...attrs, type: "text", minlength: spec.min_length, maxlength: spec.max_length });
}

function range(spec) {
  if (spec.type === "integer") return ` (${spec.minimum}–${spec.maximum})`;
  if (spec.type === "subset" && spec.min_items) return ` (at least ${spec.min_items})`;
  return "";
}

// The decision the form holds now: consts as given, each control's value, the partition's
// rows dealt into their fields.
function read(form, description, partition) {
  const out = {};
  for (const [name, spec] of Object.entries(description.fields)) {
    if ("const" in spec) { out[name] = spec.const; continue; }
    const el = form.querySelector(`[data-field="${name}"]:not(input[type=radio])`);
    if (partition?.fields.includes(name)) out[name] = [];
    else if (spec.type === "integer") out[name] = Number(el.value);
    else if (spec.type === "choice") out[name] = JSON.parse(el.value);
    else if (spec.type === "subset") out[name] = [...el.querySelectorAll("input:checked")].map((i) => JSON.parse(i.value));
    else if (spec.type === "multiset") {
      out[name] = [...el.querySelectorAll("input")].flatMap((i) => Array(Math.max(0, Number(i.value) || 0)).fill(JSON.parse(i.dataset.value)));
    }
    else out[name] = el.value;
  }
  if (partition) {
    for (const row of form.querySelectorAll(".described-partition tbody tr")) {
      const picked = row.querySelector("input:checked");
      if (picked) out[picked.value].push(JSON.parse(row.dataset.value));
    }
  }
  return out;
}

// The form of one description; submit sends the decision. opts.label(value) names a value
// (a character's name for its id), opts.title heads the form, opts.initial gives a
// partition's starting rows ({field: [values]}, e.g. the zones as they stand).
export function describedForm(description, send, opts = {}) {
  const n = forms++;
  const partition = partitionOf(description);
  const label = opts.label;
  const rows = Object.entries(description.fields)
    .filter(([name, spec]) => !("const" in spec) && !partition?.fields.includes(name))
    .map(([name, spec]) => {
      const rule = spec.rule ? h("span", { class: "rule", text: spec.rule }) : null;
      const control = fieldControl(name, spec, weighed(description, name, label));
      // A list field's values carry labels of their own: a fieldset, not a label, around them.
      return ["subset", "multiset"].includes(spec.type)
        ? h("fieldset", { class: "described-field" }, h("legend", {}, `${words(name)}${range(spec)} `, rule), control)
        : h("label", { class: "described-field" }, `${words(name)}${range(spec)}: `, control, rule);
    });
  const notes = (description.constraints || []).filter((c) => c.type !== "partition" && c.text)
    .map((c) => h("li", {}, c.text, c.rule ? h("span", { class: "rule", text: c.rule }) : null));
  const form = h("form", { class: "described", dataset: { kind: description.kind }, "aria-label": opts.title || words(description.kind) },
    h("p", { class: "described-title" }, opts.title || words(description.kind),
      description.count !== undefined ? h("span", { class: "hint", text: ` (${description.count.toLocaleString("en")} legal choices)` }) : null,
      description.rule ? h("span", { class: "rule", text: description.rule }) : null),
    partition ? partitionRows(description, partition, label, n, opts.initial) : null,
    rows, notes.length ? h("ul", { class: "described-constraints" }, notes) : null,
    h("button", { type: "submit", class: "described-send" }, opts.submit || "Record"));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    send(read(form, description, partition));
  });
  return form;
}

// The replay's words for a description: its kind, count and constrained fields.
export function describedText(description, label) {
  const fields = Object.entries(description.fields).filter(([, s]) => !("const" in s))
    .map(([name, s]) => `${words(name)}${range(s)}${s.of ? ` from ${s.of.map((v) => valueLabel(label, v)).join(", ")}` : ""}`);
  const count = description.count !== undefined ? ` (${description.count.toLocaleString("en")} legal choices)` : "";
  return `${words(description.kind)}${count}: ${fields.join("; ")}`;
}
