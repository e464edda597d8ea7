// Follow a duel live: GET /api/duels/<id>/stream read with fetch() streaming, so the token
// travels in the Authorization header as for every other request (EventSource cannot send
// one, and a token never goes into a URL). Each message brings the reader's list of events
// to what /events gives them (docs/stream.md): a snapshot replaces it, an update replaces
// the rows that changed (a reveal, a retraction) and appends the new ones. After a drop
// the stream is opened again with Last-Event-ID, so only what changed since is sent.
import { token } from "./api.js";

// Messages of one text/event-stream body, as they arrive: [{ event, id, data, retry }].
export function sseParser() {
  let buffer = "";
  return (chunk) => {
    buffer += chunk;
    const messages = [];
    let cut;
    while ((cut = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const msg = {};
      for (const line of block.split("\n")) {
        if (line.startsWith(":")) continue; // a heartbeat
        const at = line.indexOf(":");
        const name = at < 0 ? line : line.slice(0, at);
        const value = at < 0 ? "" : line.slice(at + 1).replace(/^ /, "");
        if (name === "data") msg.data = JSON.parse(value);
        else if (name === "id") msg.id = Number(value);
        else if (name === "event") msg.event = value;
        else if (name === "retry") msg.retry = Number(value);
      }
      messages.push(msg);
    }
    return messages;
  };
}

// Apply a message to a list of rows (in place), each row put at its number (so a list the
// page read again meanwhile is not doubled); the number of rows the list grew by.
export function applyMessage(rows, msg) {
  const before = rows.length;
  if (msg.event === "snapshot") rows.splice(msg.data.events.length);
  else if (msg.event !== "update") return 0;
  for (const row of [...(msg.data.changed || []), ...msg.data.events]) rows[row.event - 1] = row;
  return Math.max(0, rows.length - before);
}

const sleep = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

// Follow duel `id` from version `since` (the rows the page has); onMessage(msg) for each
// snapshot or update, onStatus("live" | "reconnecting" | "closed", detail). Returns stop().
export function followDuel(id, since, { onMessage, onStatus }) {
  let stopped = false;
  let controller = null;
  let wait = 1000;

  async function once() {
    controller = new AbortController();
    const headers = { Accept: "text/event-stream" };
    const t = token();
    if (t) headers.Authorization = `Bearer ${t}`;
    if (since !== null) headers["Last-Event-ID"] = String(since);
    const res = await fetch(`/api/duels/${id}/stream`, { headers, signal: controller.signal, cache: "no-store" });
    if (!res.ok) {
      const body = await res.json().catch(() => ({}));
      if ([401, 403, 404].includes(res.status)) stopped = true;
      onStatus(stopped ? "closed" : "reconnecting", body.detail || `HTTP ${res.status}`);
      return;
    }
    onStatus("live");
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    const parse = sseParser();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      for (const msg of parse(value)) {
        if (msg.retry) wait = msg.retry;
        if (msg.id !== undefined) since = msg.id;
        if (msg.event === "closed") {
          stopped = true;
          onStatus("closed", msg.data.detail);
        } else if (msg.event) {
          onMessage(msg);
        }
      }
    }
  }

  (async () => {
    while (!stopped) {
      try {
        await once();
      } catch {
        // A dropped connection: opened again below.
      }
      if (stopped) return;
      onStatus("reconnecting");
      await sleep(wait);
    }
  })();
  return () => {
    stopped = true;
    controller?.abort();
  };
}

// The "live" badge beside a duel's title: data-live says the stream's state for tests.
export function liveBadge(el, status, detail) {
  el.hidden = false;
  el.dataset.live = status;
  el.textContent = { live: "● live", reconnecting: "○ reconnecting…", closed: "live view off" }[status];
  el.title = detail || (status === "live" ? "This page moves on as decisions are recorded." : "");
}
