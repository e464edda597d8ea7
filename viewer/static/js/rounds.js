// The replay's words for a ruleset's round: BattleCON plays beats, ART O BATTLERS turns
// (renderer.roundWord, "Beat" when a renderer names none). The page's controls are written
// for beats; this renames their visible text, titles and labels to the ruleset's word.
import { $ } from "./dom.js";

const CONTROLS = {
  "#prev-beat": (w) => [`◀◀ ${w}`, `Previous ${w.toLowerCase()} (Page Up)`, `Start of the previous ${w.toLowerCase()}`],
  "#next-beat": (w) => [`${w} ▶▶`, `Next ${w.toLowerCase()} (Page Down)`, `Start of the next ${w.toLowerCase()}`],
};

export function nameRounds(word) {
  if (!word || word === "Beat") return;
  for (const [sel, words] of Object.entries(CONTROLS)) {
    const [text, title, label] = words(word);
    Object.assign($(sel), { textContent: text, title });
    $(sel).setAttribute("aria-label", label);
  }
  const select = $("#beat-select");
  select.setAttribute("aria-label", `Jump to the start of a ${word.toLowerCase()}`);
  select.parentElement.firstChild.textContent = `${word} `;
}
