// One event as a list item: its number, narrative text and the rule it applied.
import { h } from "./dom.js";

const KIND = { Decision: "decision", Setup: "setup" };

// number: the element for the event number (a button that jumps there, or plain text).
export function eventItem(e, { current = false, number = null } = {}) {
  return h("li", {
    class: `event ${KIND[e.type] || "fact"}${current ? " current" : ""}`,
    dataset: { event: e.event, type: e.type }, "aria-current": current ? "step" : null,
  },
  number || h("span", { class: "goto", text: e.event }),
  h("span", { class: "text", text: e.text }),
  e.rule ? h("span", { class: "rule", title: "Rule applied", text: e.rule }) : null,
  e.by ? h("span", { class: "by", title: "Who entered this decision, and when (inside its hash)",
    text: enteredBy(e.by) }) : null);
}

// "entered by Sam (scorekeeper) at 14:03:05 UTC"; only the name for a decision stored before
// decisions carried their role and time.
function enteredBy(by) {
  const role = by.role ? ` (${by.role.replace("_", " ")})` : "";
  const at = by.at ? ` at ${by.at.slice(11, 19)} UTC` : "";
  return `entered by ${by.name}${role}${at}`;
}
