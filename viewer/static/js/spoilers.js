// Spoiler-free listing: a toggle on the duel list that hides everything giving a result
// away (life, beats played, who won: the cells marked `.result`), remembered in this
// browser (localStorage) so a tournament's viewers can browse without learning outcomes.

const KEY = "battlecon.spoilerFree";

export function spoilerFree() {
  try {
    return localStorage.getItem(KEY) === "1";
  } catch {
    return false; // storage switched off: results are shown, as by default
  }
}

function remember(on) {
  try {
    if (on) localStorage.setItem(KEY, "1");
    else localStorage.removeItem(KEY);
  } catch {
    // storage switched off: the toggle still works for this page
  }
}

// `box`: the checkbox; `table`: the list, whose `.result` cells and headers it hides.
export function setupSpoilerToggle(box, table) {
  const apply = (on) => {
    box.checked = on;
    table.classList.toggle("spoiler-free", on);
    table.dataset.spoilerFree = on ? "true" : "false";
  };
  apply(spoilerFree());
  box.addEventListener("change", () => {
    remember(box.checked);
    apply(box.checked);
  });
}
