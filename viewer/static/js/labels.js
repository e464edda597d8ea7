// A duel's labels and standing in one line, for every ruleset: "Event X · round 2 · table 4 · over".

export function labelsText(summary) {
  const l = summary.labels || {};
  const parts = [];
  if (l.event) parts.push(`Event ${l.event}`);
  if (l.round) parts.push(`round ${l.round}`);
  if (l.table) parts.push(`table ${l.table}`);
  parts.push(summary.status === "over" ? "over" : "in progress");
  if (summary.parent) parts.push(`forked from ${summary.parent} at event ${summary.fork_at}`);
  return parts.join(" · ");
}
