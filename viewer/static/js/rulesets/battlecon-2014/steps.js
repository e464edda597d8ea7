// BattleCON's words for the beat's steps, where a duel stands and what it is called.
import { fighterName } from "./cards.js";

export const STEP_NAMES = {
  select: "Select attack pairs",
  ante: "Ante",
  reveal: "Reveal",
  start_of_beat: "Start of Beat",
  active_attack: "Active Player's attack",
  reactive_attack: "Reactive Player's attack",
  end_of_beat: "End of Beat",
  recycle: "Recycle",
  after_recycle: "After Recycling",
  clash: "Clash",
  special: "Special Action",
  pulse: "Pulse",
  beat_over: "End of the beat",
  over: "The duel is over",
};

export function whereText(state) {
  const parts = [`Beat ${state.beat}`];
  if (!state.over) parts.push(STEP_NAMES[state.step] || state.step.replaceAll("_", " "));
  if (state.active !== null && state.active !== undefined) {
    const p = state.players[state.active];
    parts.push(`${fighterName(p.fighter)} is active`);
  }
  if (state.over) {
    parts.push(state.winner === null || state.winner === undefined
      ? "the duel is over (draw)"
      : `the duel is over: ${state.players[state.winner].name} wins`);
  }
  return parts.join(" · ");
}

export function titleText(summary) {
  const [a, b] = summary.players;
  return `${a.name} (${fighterName(a.fighter)}) vs ${b.name} (${fighterName(b.fighter)})`;
}
