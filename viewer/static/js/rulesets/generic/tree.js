// Any JSON value as a readable key/value tree: objects as definition lists, lists of
// objects as numbered lists, lists of plain values on one line. Every value carries its
// path in data-path (e.g. "scores", "players.0.name") for tests and assistive tools.
import { h } from "../../dom.js";

// "end_reason" -> "end reason"
export const words = (key) => String(key).replaceAll("_", " ");

export function plain(value) {
  if (value === null || value === undefined) return "none";
  if (value === true) return "yes";
  if (value === false) return "no";
  return String(value);
}

const isPlain = (v) => v === null || typeof v !== "object";
const join = (path, key) => (path ? `${path}.${key}` : String(key));

function list(value, path) {
  if (!value.length) return h("span", { class: "none", text: "none" });
  if (value.every(isPlain)) return value.map(plain).join(", ");
  return h("ol", { class: "state-list" }, value.map((v, k) => h("li", { dataset: { path: join(path, k) } }, node(v, join(path, k)))));
}

function node(value, path) {
  if (Array.isArray(value)) return list(value, path);
  if (isPlain(value)) return plain(value);
  return tree(value, path);
}

// skip: top-level keys left out (shown elsewhere, such as the prompt).
export function tree(value, path = "", skip = []) {
  const keys = Object.keys(value).filter((k) => !(path === "" && skip.includes(k)));
  return h("dl", { class: "state-tree" }, keys.map((k) => [
    h("dt", { text: words(k) }),
    h("dd", { dataset: { path: join(path, k) } }, node(value[k], join(path, k)))]));
}
