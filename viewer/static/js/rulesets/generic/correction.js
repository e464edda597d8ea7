// A correction for a ruleset the viewer has no form for: its fields as JSON (the ruleset's
// own, e.g. {"players": {"1": {"score": 2}}}); the server refuses what the ruleset refuses.
import { h } from "../../dom.js";

export function correctionForm() {
  const text = h("textarea", { name: "correction", rows: 3, spellcheck: "false", class: "json",
    placeholder: "{\"players\": {\"0\": {...}}}" });
  const el = h("fieldset", { class: "correction", disabled: true },
    h("legend", { text: "Correction to apply to the duel as it stands now" }),
    h("label", {}, "Correction (JSON) ", text));
  const read = () => {
    try {
      return JSON.parse(text.value || "{}");
    } catch (err) {
      throw new Error(`The correction is not valid JSON (${err.message}).`);
    }
  };
  return { el, read };
}
