// Downloads from the replay page: the record (GET /record), the signed event log
// (GET /log) and the narrative as plain text (GET /narrative), fetched with the page's
// token, so a reader gets exactly what the API lets them export (a secret choice not yet
// revealed to them is left out, and the page says so).
import { token } from "./api.js";
import { $, banner } from "./dom.js";

const FILES = [
  { button: "#download-record", path: "record", name: "record.json", type: "application/json" },
  { button: "#download-log", path: "log", name: "log.json", type: "application/json" },
  { button: "#download-narrative", path: "narrative", name: "narrative.txt", type: "text/plain" },
];

async function fetchText(path) {
  const headers = {};
  const t = token();
  if (t) headers.Authorization = `Bearer ${t}`;
  const res = await fetch(`/api${path}`, { headers });
  const text = await res.text();
  if (!res.ok) {
    let detail = text;
    try {
      detail = JSON.parse(text).detail || detail;
    } catch {
      // not JSON: the text as it is
    }
    throw new Error(`${res.status}: ${detail}`);
  }
  return { text, withheldFrom: res.headers.get("X-Withheld-From") };
}

function save(text, name, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000); // once the browser has it
}

async function download(id, file) {
  const note = $("#download-note");
  try {
    const { text, withheldFrom } = await fetchText(`/duels/${id}/${file.path}`);
    save(text, `duel-${id}-${file.name}`, file.type);
    note.textContent = withheldFrom
      ? `Downloaded up to event ${withheldFrom - 1}: event ${withheldFrom} is a secret choice not yet revealed to you.`
      : "";
  } catch (err) {
    banner(`The ${file.path} cannot be downloaded: ${err.message}`);
  }
}

export function setupDownloads(id) {
  for (const file of FILES) $(file.button).addEventListener("click", () => download(id, file));
}
