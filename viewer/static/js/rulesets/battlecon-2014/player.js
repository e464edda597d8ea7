// One fighter's panel: life, stun, attack pair and its final stats, hand, discards,
// what the fighter brings (kit.js: tokens, counters, cards in play, figures, markers), status effects.
import { h } from "../../dom.js";
import { cardName, cardText, fighterName, fmtRange } from "./cards.js";
import { kitZones } from "./kit.js";

const cardList = (ids, empty = "none") => ids.length
  ? h("ul", { class: "cards" }, ids.map((id) => h("li", { title: cardText(id), dataset: { card: id } }, cardName(id))))
  : h("span", { class: "none", text: empty });

function pairView(p, hidePair) {
  const pair = p.attack_pair;
  if (!pair) return h("span", { class: "none", text: "no attack pair" });
  if (!pair.revealed) {
    // pair.hidden: the service does not show this reader the cards until the Reveal.
    const text = hidePair || pair.hidden ? "Face down"
      : `Face down (recorded: ${cardName(pair.style)} ${cardName(pair.base)})`;
    return h("span", { class: "facedown", dataset: { pair: "face-down" } }, text);
  }
  const parts = [h("strong", { title: cardText(pair.style), text: cardName(pair.style) }), " ",
    h("strong", { title: cardText(pair.base), text: cardName(pair.base) })];
  if (pair.under?.length) parts.push(h("span", { class: "under", text: ` (over ${pair.under.map(cardName).join(", ")})` }));
  if (pair.action) parts.push(h("span", { class: "tag", text: ` ${pair.action}` }));
  return h("span", { dataset: { pair: `${pair.style} ${pair.base}` } }, parts);
}

// What an onlooker knows of the hand: while a pair lies face down its two cards are still
// "somewhere among these", so they are listed with the hand rather than given away.
function handView(p, hidePair, hideHand) {
  if (hideHand) return h("span", { class: "none", text: "hidden during the secret selection" });
  const pair = p.attack_pair;
  if (pair?.hidden) {  // the service already lists the face-down cards among the hand
    return h("span", {}, cardList(p.hand), h("span", { class: "hint", text: " (with the face-down cards)" }));
  }
  if (hidePair && pair && !pair.revealed) {
    const faceDown = pair.under?.length ? [pair.base] : [pair.style, pair.base];
    return h("span", {}, cardList([...p.hand, ...faceDown].sort()),
      h("span", { class: "hint", text: " (with the face-down cards)" }));
  }
  return cardList(p.hand);
}

function attackStats(a) {
  if (!a) return null;
  const stats = [["Range", fmtRange(a.range)], ["Power", a.power], ["Priority", a.priority]];
  if (a.soak) stats.push(["Soak", a.soak]);
  if (a.stun_guard) stats.push(["Stun guard", a.stun_guard]);
  if (a.stun_immunity) stats.push(["Stun immunity", "yes"]);
  return h("dl", { class: "stats", "aria-label": "Final attack stats" },
    stats.map(([k, v]) => [h("dt", { text: k }), h("dd", { dataset: { stat: k.toLowerCase().replace(" ", "_") }, text: v })]));
}

export function renderPlayer(root, state, i, { hidePair = false, hideHand = false } = {}) {
  const p = state.players[i];
  const statuses = (state.statuses || []).filter((s) => s.player === i);
  const active = state.active === i;
  root.setAttribute("aria-label", `${fighterName(p.fighter)} (${p.name})`);
  root.dataset.fighter = p.fighter;
  root.dataset.life = p.life;
  root.replaceChildren(
    h("h2", {}, h("span", { class: "badge", text: i === 0 ? "P1" : "P2" }), ` ${fighterName(p.fighter)} `,
      h("span", { class: "pname", text: `(${p.name})` }),
      active ? h("span", { class: "tag active", text: "active" }) : null,
      p.stunned ? h("span", { class: "tag stunned", text: "stunned" }) : null,
      state.winner === i ? h("span", { class: "tag winner", text: "winner" }) : null),
    h("div", { class: "lifebar", role: "meter", "aria-valuemin": 0, "aria-valuemax": 20, "aria-valuenow": Math.max(0, p.life),
      "aria-label": `Life ${p.life} of 20`, dataset: { life: p.life } },
    h("span", { class: "fill", style: null, dataset: { width: Math.max(0, p.life) } }),
    h("span", { class: "value", text: `${p.life} life` })),
    h("dl", { class: "zones" },
      h("dt", { text: "Attack pair" }), h("dd", {}, pairView(p, hidePair)),
      p.attack ? [h("dt", { text: "Attack" }), h("dd", {}, attackStats(p.attack))] : null,
      h("dt", { text: "Hand" }), h("dd", { dataset: { zone: "hand" } }, handView(p, hidePair, hideHand)),
      h("dt", { text: "Discard 1" }), h("dd", { dataset: { zone: "discard_1" } }, cardList(p.discard_1)),
      h("dt", { text: "Discard 2" }), h("dd", { dataset: { zone: "discard_2" } }, cardList(p.discard_2)),
      p.removed.length ? [h("dt", { text: "Removed" }), h("dd", {}, cardList(p.removed))] : null,
      p.form ? [h("dt", { text: "Form" }), h("dd", { dataset: { zone: "form" }, text: p.form })] : null,
      ...kitZones(state, i),
      h("dt", { text: "Special Action" }), h("dd", { text: p.special_action ?? "not in play" }),
      h("dt", { text: "Finisher" }), h("dd", { title: cardText(p.finisher), text: `${cardName(p.finisher)}${p.finisher_used ? " (used)" : ""}` }),
      statuses.length ? [h("dt", { text: "Status effects" }), h("dd", {}, h("ul", { class: "cards" },
        statuses.map((s) => h("li", { text: `${s.amount > 0 ? "+" : ""}${s.amount} ${s.stat.replace("_", " ")} (${s.source})` }))))] : null));
  const fill = root.querySelector(".fill");
  fill.style.width = `${(Math.max(0, p.life) / 20) * 100}%`;
}
