// One event as a list item: its number, narrative text and the rule it applied.
import { h } from "./dom.js";

const KIND = { Decision: "decision", Setup: "setup", Retraction: "decision retraction" };

// number: the element for the event number (a button that jumps there, or plain text).
export function eventItem(e, { current = false, number = null } = {}) {
  return h("li", {
    class: `event ${KIND[e.type] || "fact"}${current ? " current" : ""}${e.retracted ? " retracted" : ""}`,
    dataset: { event: e.event, type: e.type, ...(e.retracted ? { retracted: e.retracted } : {}) }, "aria-current": current ? "step" : null,
  },
  number || h("span", { class: "goto", text: e.event }),
  h("span", { class: "text", text: e.text }),
  // An event of a retracted decision stays in the log, struck through and said so.
  e.retracted ? h("span", { class: "struck", text: `retracted at event ${e.retracted}` }) : null,
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
