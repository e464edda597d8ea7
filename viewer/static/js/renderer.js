// Which renderer draws a duel: rulesets/<ruleset>.js when the viewer has one, else the
// generic rulesets/generic.js. The server lists the renderers that exist in
// <body data-renderers>, so no page asks for a module that is not there (no 404s).
const loaded = new Map();

export const hasOwnRenderer = (name) => (document.body.dataset.renderers || "").split(" ").includes(name);

async function load(name) {
  const module = await import(hasOwnRenderer(name) ? `./rulesets/${name}.js` : "./rulesets/generic.js");
  return module.create(name);
}

// The renderer of ruleset `name` (loaded once per page).
export function rendererFor(name) {
  if (!loaded.has(name)) loaded.set(name, load(name));
  return loaded.get(name);
}
