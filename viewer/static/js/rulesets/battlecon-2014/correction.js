// BattleCON's correction in the judge tools: each fighter's life and space, as the duel
// stands now (an empty field leaves it unchanged).
import { h } from "../../dom.js";
import { fighterName } from "./cards.js";

export function correctionForm(state) {
  const players = state.players.map((p, i) => h("fieldset", { class: `correction p${i}` },
    h("legend", { text: `${fighterName(p.fighter)} (${p.name})` }),
    h("label", {}, "Life ", h("input", { type: "number", min: 1, max: 20, name: `life-${i}`, placeholder: "unchanged" })),
    h("label", {}, "Space ", h("input", { type: "number", min: 1, max: 7, name: `space-${i}`, placeholder: "unchanged" }))));
  const el = h("fieldset", { class: "correction", disabled: true },
    h("legend", { text: "Correction to apply to the duel as it stands now" }), ...players);
  const read = (elements) => {
    const changes = {};
    state.players.forEach((_, i) => {
      const fields = {};
      for (const key of ["life", "space"]) {
        const v = elements[`${key}-${i}`].value;
        if (v !== "") fields[key] = Number(v);
      }
      if (Object.keys(fields).length) changes[String(i)] = fields;
    });
    return { players: changes };
  };
  return { el, read };
}
