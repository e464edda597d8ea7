// Teaching mode's permalink: /duels/<id>?teach=1&at=N opens the replay in teaching mode at
// event N, and the address follows the checkbox, so a reload (or a link sent to a learner)
// keeps the mode. The event number is kept by the stepper itself (`at`).

const PARAM = "teach";

// Did the address ask for teaching mode?
export function teachingWanted() {
  return new URL(window.location).searchParams.get(PARAM) === "1";
}

// Write the mode into the address (without a new history entry).
export function rememberTeaching(on) {
  const url = new URL(window.location);
  if (on) url.searchParams.set(PARAM, "1");
  else url.searchParams.delete(PARAM);
  history.replaceState(null, "", url);
}

// The copy-link button: the address as it stands (the event, teaching mode, and a question
// pending there: `openAt()` asks it again), on the clipboard, and said in `note`.
export async function copyLink(note) {
  const link = window.location.href;
  try {
    await navigator.clipboard.writeText(link);
    note.textContent = `Link copied: ${link}`;
  } catch {
    note.textContent = `Copy this link: ${link}`; // no clipboard here: the link to select
  }
  note.dataset.link = link;
}
