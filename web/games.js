// Game modules: one ES module per game in games/{id}.js (see web/README.md).
// A game without a module of its own is shown by games/generic.js.

import * as generic from './games/generic.js';

const cache = new Map();

/** The module of game `id` (its own, or the generic one). */
export async function gameModule(id) {
  if (!cache.has(id)) {
    cache.set(
      id,
      import(`./games/${encodeURIComponent(id)}.js`).then(
        (m) => ({ ...generic, ...m }),
        () => generic,
      ),
    );
  }
  return cache.get(id);
}

/** The display name of a game. */
export function gameTitle(mod, id, L) {
  return mod?.meta?.title ? L(mod.meta.title) : id;
}
