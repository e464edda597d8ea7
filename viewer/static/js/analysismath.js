// The beat analysis's numbers, without the page (docs/analysis.md, "The replay page's
// panel"): the heat map's colours, each choice's expected value against the other side's
// optimal mix, a puzzle answer's score, the line a cell's "what if" plays, and which
// choices were actually played.

// A value's meaning: the life difference (player 0 minus player 1) at the end of the
// beat, or ±100 for a duel won in it.
export const WON = 100;

// A number as the panel writes it: signed, at most two decimals ("+4", "-0.75", "0").
export function signed(v) {
  const r = Math.round(v * 100) / 100;
  const text = Number.isInteger(r) ? String(r) : r.toFixed(2).replace(/0$/, "");
  return r > 0 ? `+${text}` : text;
}

// What a value means for the players, in words: "Ann wins the duel", "Ann +4 life", "even".
export function meaning(v, players) {
  if (v >= WON) return `${players[0]} wins the duel`;
  if (v <= -WON) return `${players[1]} wins the duel`;
  if (Math.abs(v) < 1e-9) return "even";
  return v > 0 ? `${players[0]} ${signed(v)} life` : `${players[1]} ${signed(-v)} life`;
}

// The heat of a value on the table's scale: player 0's colour (blue) for a gain of player
// 0's, player 1's (orange) for one of player 1's, paler nearer 0. `scale` is the largest
// absolute value of the table (a won duel counts as its largest life difference + 1, so
// that it is the deepest colour without washing every other cell out).
export function heat(v, scale) {
  const t = scale > 0 ? Math.min(1, Math.abs(v) / scale) : 0;
  const hue = v >= 0 ? 212 : 28;
  const light = Math.round(97 - 47 * t);
  return { background: `hsl(${hue} 70% ${light}%)`, dark: light < 60 };
}

export function scaleOf(table) {
  const lives = table.flat().filter((v) => Math.abs(v) < WON).map(Math.abs);
  const top = lives.length ? Math.max(...lives) : 0;
  return table.flat().some((v) => Math.abs(v) >= WON) ? top + 1 : top;
}

// Each row's expected value for player 0 against player 1's mix `columns`.
export function rowValues(table, columns) {
  return table.map((row) => row.reduce((sum, v, j) => sum + v * columns[j], 0));
}

// Each column's expected value for player 1 (the negative of player 0's) against
// player 0's mix `rows`.
export function columnValues(table, rows) {
  return table[0].map((_, j) => -table.reduce((sum, row, i) => sum + row[j] * rows[i], 0));
}

// A puzzle answer's score: the chosen choice's expected value against the opponent's
// equilibrium mix, as a fraction of the range between the worst and the best choice
// (1 when every choice is worth the same). `side` 0 answers with a row, 1 with a column.
export function puzzleScore(analysis, side, chosen) {
  const values = side === 0 ? rowValues(analysis.table, analysis.mix[1])
    : columnValues(analysis.table, analysis.mix[0]);
  const best = Math.max(...values);
  const worst = Math.min(...values);
  const score = best - worst < 1e-9 ? 1 : (values[chosen] - worst) / (best - worst);
  return { score, value: values[chosen], best, worst, values };
}

// The decisions a cell's "what if" plays from the position: its line, or, through a
// nested game (a Clash), the line to it and then the nested game's most likely cell (its
// players' heaviest choices), as deep as the games nest. Also that cell's value.
export function cellLine(game, i, j) {
  const line = game.lines[i][j];
  if (line) return { decisions: line, value: game.table[i][j], nested: [] };
  const inner = game.clashes[`${i},${j}`];
  const [a, b] = inner.mix.map(heaviest);
  const deeper = cellLine(inner, a, b);
  return { decisions: [...inner.line, ...deeper.decisions], value: deeper.value,
           nested: [{ kind: inner.kind, value: inner.value, row: a, column: b }, ...deeper.nested] };
}

function heaviest(mix) {
  return mix.reduce((best, w, k) => (w > mix[best] + 1e-12 ? k : best), 0);
}
