// The sign-in box in every page's header: one token per browser session.
import { api, setToken, token } from "./api.js";
import { $, banner, clearBanner } from "./dom.js";

const ROLE_NAMES = { scorekeeper: "scorekeeper", judge: "judge", head_judge: "head judge" };
const ANONYMOUS = { role: null, name: null, anonymous_read: true, may: [] };
let current = ANONYMOUS;

export function session() {
  return current;
}

async function refresh() {
  try {
    current = (await api("/session")).data;
  } catch (err) {
    setToken(null);
    current = ANONYMOUS;
    banner(`Sign-in refused: ${err.explain()}`);
  }
  show();
  document.dispatchEvent(new CustomEvent("session", { detail: current }));
  return current;
}

function show() {
  const who = $("#session-who");
  const signedIn = Boolean(current.role);
  who.textContent = signedIn
    ? `Signed in: ${current.name} (${ROLE_NAMES[current.role] || current.role})`
    : "Not signed in (read only)";
  who.dataset.role = current.role || "";
  $("#session-token").hidden = signedIn;
  $("#session-signin").hidden = signedIn;
  $("#session-signout").hidden = !signedIn;
}

// Signing in or out reloads the page: everything it shows is read again under the new
// role, so nothing a previous role saw (a face-down pair a judge saw) stays on screen.
const NOTE = "battlecon.session-note";

async function change(value) {
  setToken(value);
  clearBanner();
  if (value) {
    try {
      const s = (await api("/session")).data;
      sessionStorage.setItem(NOTE, `Signed in as ${s.name}.`);
    } catch (err) {
      setToken(null);
      banner(`Sign-in refused: ${err.explain()}`);
      return;
    }
  }
  window.location.reload();
}

export async function startSession() {
  const form = $("#session");
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const input = $("#session-token");
    const value = input.value.trim();
    if (!value) return;
    input.value = "";
    change(value);
  });
  $("#session-signout").addEventListener("click", () => change(null));
  const note = sessionStorage.getItem(NOTE);
  sessionStorage.removeItem(NOTE);
  const s = token() ? await refresh() : (show(), current);
  if (note && s.role) banner(note, "ok");
  return s;
}

// What the server says this token's role may do (GET /api/session).
export function may(action) {
  return (current.may || []).includes(action);
}
