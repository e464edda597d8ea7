// Small DOM helpers shared by the pages.

// h("li", {class: "x", dataset: {event: 3}}, "text", child) -> element
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "dataset") Object.assign(el.dataset, value);
    else if (key === "on") for (const [ev, fn] of Object.entries(value)) el.addEventListener(ev, fn);
    else if (key === "class") el.className = value;
    else if (key === "text") el.textContent = value;
    else if (value === true) el.setAttribute(key, "");
    else el.setAttribute(key, value);
  }
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

export function $(selector, root = document) {
  return root.querySelector(selector);
}

let bannerTimer = null;

// A plain message at the top of the page: kind is "error", "warning" or "ok".
export function banner(message, kind = "error") {
  const el = $("#banner");
  el.textContent = message;
  el.className = `banner ${kind}`;
  el.hidden = false;
  clearTimeout(bannerTimer);
  if (kind === "ok") bannerTimer = setTimeout(() => { el.hidden = true; }, 4000);
}

export function clearBanner() {
  $("#banner").hidden = true;
}

export function duelId() {
  return document.body.dataset.duel;
}

// Is the keyboard focus in a place where typing means text, not a shortcut?
export function typing(event) {
  const t = event.target;
  return t instanceof HTMLElement &&
    (t.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(t.tagName)) &&
    !(t instanceof HTMLInputElement && ["range", "checkbox", "button"].includes(t.type));
}

// A duel page whose duel the store does not hold: the page says so and offers nothing to do
// (no board, no forms), instead of an empty board with live forms.
export function noSuchDuel(id) {
  $("#main").replaceChildren(
    h("h1", {}, "No such duel"),
    h("p", {}, "There is no duel with the id ", h("code", {}, id), " in this store. The ",
      h("a", { href: "/" }, "list of duels"), " leads to every duel that is stored."));
  document.title = "No such duel · BattleCON judge";
  document.body.dataset.missing = "true";
  document.body.dataset.ready = "true";
}
