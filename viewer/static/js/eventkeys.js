// The replay's event list by keyboard: ONE tab stop (a roving tabindex: only the current
// event's button is in the tab order; the arrow keys move between the events, Enter goes
// there), a skip link past it to the judge tools, and a live region that reads the event
// shown, not only the step heading. A list of hundreds of events once took 482 Tab presses
// from "Next" to "Record (JSON)" (issue 28 item 7).
import { $, h } from "./dom.js";

const shown = (list) => [...list.querySelectorAll("li.event")].filter((li) => li.offsetParent !== null)
  .map((li) => li.querySelector("button.goto")).filter(Boolean);

// Arrow keys (and Home/End) move the focus between the events' buttons, inside the list.
function move(list, event) {
  const buttons = shown(list);
  const at = buttons.indexOf(document.activeElement);
  if (at < 0) return;
  const to = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: buttons.length - 1 }[event.key];
  if (to === undefined) return;
  event.preventDefault();
  event.stopPropagation(); // the page's own arrows step the replay; inside the list they move
  focusOn(buttons, Math.max(0, Math.min(buttons.length - 1, to)));
}

function focusOn(buttons, k) {
  buttons.forEach((b, i) => { b.tabIndex = i === k ? 0 : -1; });
  buttons[k].focus();
}

// Once per page: the keys, the skip link before the list and the announcer.
export function keyboardEvents(list) {
  list.addEventListener("keydown", (e) => move(list, e));
  list.setAttribute("aria-label", "Events (one tab stop: the arrow keys move between the events)");
  list.before(h("a", { href: "#judge", class: "skip-link", text: "Skip the events to the judge tools" }));
  $("#hide-decisions")?.addEventListener("change", () => settleTabStops(list, false));
  const where = $("#where");
  where.removeAttribute("aria-live"); // the announcer below says it, with the event's text
  where.removeAttribute("role");
  where.after(h("p", { id: "announce", class: "visually-hidden", role: "status", "aria-live": "polite" }));
}

// After each rendering of the list: only the current event (else the first) is a tab stop;
// focus that was inside the list stays there, on the current event.
export function settleTabStops(list, focusWasInside) {
  const buttons = shown(list);
  if (!buttons.length) return;
  const current = list.querySelector("li.current button.goto");
  const k = Math.max(0, buttons.indexOf(current));
  buttons.forEach((b, i) => { b.tabIndex = i === k ? 0 : -1; });
  if (focusWasInside) buttons[k].focus({ preventScroll: true });
}

// What a screen reader hears on each step: the heading and the event's own text.
export function announce(where, e) {
  const el = $("#announce");
  if (el) el.textContent = e ? `${where}. Event ${e.event}: ${e.text}` : where;
}
