// "Hide decisions" on the replay page: the event list shows only the facts (what the rules
// resolved), without the players' decisions. Remembered in the URL (?decisions=hide, so a
// shared link keeps it) and in localStorage (so the next duel opened keeps it); the URL wins.
const KEY = "battlecon.hideDecisions";

export function hideDecisions(list, box) {
  const asked = new URL(window.location).searchParams.get("decisions");
  const apply = (on) => {
    box.checked = on;
    list.classList.toggle("no-decisions", on);
    try { localStorage.setItem(KEY, on ? "1" : "0"); } catch { /* storage off: the URL keeps it */ }
    const url = new URL(window.location);
    if (on) url.searchParams.set("decisions", "hide");
    else url.searchParams.delete("decisions");
    history.replaceState(null, "", url);
  };
  let stored = null;
  try { stored = localStorage.getItem(KEY); } catch { /* storage off */ }
  apply(asked ? asked === "hide" : stored === "1");
  box.addEventListener("change", () => apply(box.checked));
}
