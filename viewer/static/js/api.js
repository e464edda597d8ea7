// The viewer's only door to the service: JSON over HTTP, with the session's token.
// The token lives in sessionStorage (this tab, until it closes) and only ever travels in
// the Authorization header, never in a URL.

import { refusalText } from "./refusal.js";

const TOKEN_KEY = "battlecon.token";

export function token() {
  return sessionStorage.getItem(TOKEN_KEY);
}

export function setToken(value) {
  if (value) sessionStorage.setItem(TOKEN_KEY, value);
  else sessionStorage.removeItem(TOKEN_KEY);
}

export class ApiError extends Error {
  constructor(status, body) {
    super(body?.detail || body?.title || `HTTP ${status}`);
    this.status = status;
    this.body = body || {};
  }

  // What a scorekeeper should read: the reason, the rule it applied, the fields at fault
  // (in words, never JSON: refusal.js).
  explain() {
    return refusalText(this);
  }
}

export async function api(path, { method = "GET", body, headers = {} } = {}) {
  const sent = { Accept: "application/json", ...headers };
  const t = token();
  if (t) sent.Authorization = `Bearer ${t}`;
  if (body !== undefined) sent["Content-Type"] = "application/json";
  let res;
  try {
    res = await fetch(`/api${path}`, {
      method, headers: sent, body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    throw new ApiError(0, { detail: `The service cannot be reached (${err.message}).` });
  }
  const type = res.headers.get("Content-Type") || "";
  const data = type.includes("json") ? await res.json() : null;
  if (!res.ok) throw new ApiError(res.status, data);
  return { data, status: res.status, etag: res.headers.get("ETag") };
}

export async function get(path) {
  return (await api(path)).data;
}

// Every page of events, in order.
export async function allEvents(duelId) {
  const events = [];
  for (;;) {
    const page = await get(`/duels/${duelId}/events?after=${events.length}&limit=500`);
    events.push(...page.events);
    if (!page.events.length || events.length >= page.total) return events;
  }
}
