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

export async function startSession() {
  const form = $("#session");
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const input = $("#session-token");
    const value = input.value.trim();
    if (!value) return;
    input.value = "";
    setToken(value);
    clearBanner();
    const s = await refresh();
    if (s.role) banner(`Signed in as ${s.name}.`, "ok");
  });
  $("#session-signout").addEventListener("click", () => {
    setToken(null);
    refresh();
  });
  return token() ? refresh() : (show(), current);
}

// What the server says this token's role may do (GET /api/session).
export function may(action) {
  return (current.may || []).includes(action);
}
