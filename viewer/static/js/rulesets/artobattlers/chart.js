// ART O BATTLERS' life chart: each player's LP (all of his characters together, a destroyed
// one counting 0) at the start and at the end of every turn, drawn by the shared chart
// component (generic/lifechart.js) on a scale of the teams' starting LP.
import { lifeTicks, renderLifeChart } from "../generic/lifechart.js";

// A player's LP now and at the start, over all his characters (A1.25, A20.1).
const characters = (player) => Object.values(player.characters || {});
export const teamLife = (player) => characters(player).reduce((sum, c) => sum + Math.max(0, c.life || 0), 0);
const teamStart = (player) => characters(player).reduce((sum, c) => sum + (c.life_start || 0), 0);

export const chart = {
  heading: "Life over the turns",
  // The states it plots: the start of turn 1 (every character chosen, at its starting LP),
  // the end of every turn, and the last event.
  marks(events, total) {
    const ends = events.filter((e) => e.type === "TurnEnded").map((e) => e.event);
    const first = events.find((e) => e.type === "TurnStarted");
    const marks = [first ? first.event : 0, ...ends];
    if (total && !ends.includes(total)) marks.push(total);
    return marks;
  },
  point: (state, k) => ({ beat: k === 0 ? 0 : state.turn, life: state.players.map(teamLife),
    top: Math.max(...state.players.map(teamStart)) }),
  names: (state) => state.players.map((p) => `${p.name} (LP)`),
  render(root, points, names, now) {
    const top = Math.max(1, ...points.map((p) => p.top || 0), ...points.flatMap((p) => p.life));
    const ticks = lifeTicks(top);
    renderLifeChart(root, points, names, now, { top: ticks.at(-1), ticks, axis: "turn",
      caption: "LP over the turns" });
  },
};
