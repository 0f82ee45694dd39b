// Game-independent helpers of the board modules: a module's styles put into
// the page once (ensureStyle), a segment shortened at both ends (inset) and
// the hit band around a drawn segment (band).
// CATAN, Cities & Knights and Catan Junior use them. They live in a module of
// their own so that a game takes them from here, not from another game's
// file: game modules import downward only, and none imports another game's
// table (crates/server/tests/it/web_imports.rs checks that the imports have
// no cycle).

/** The segment from (x1, y1) to (x2, y2) less the fraction `k` of it at each end, as [x1, y1, x2, y2]. */
export function inset(x1, y1, x2, y2, k) {
  return [x1 + (x2 - x1) * k, y1 + (y2 - y1) * k, x2 - (x2 - x1) * k, y2 - (y2 - y1) * k];
}

/** The corners of a band of half-width `w` around a segment (a hit area with a size). */
export function band(x1, y1, x2, y2, w) {
  const len = Math.hypot(x2 - x1, y2 - y1) || 1;
  const nx = (-(y2 - y1) / len) * w;
  const ny = ((x2 - x1) / len) * w;
  return [
    [x1 + nx, y1 + ny],
    [x2 + nx, y2 + ny],
    [x2 - nx, y2 - ny],
    [x1 - nx, y1 - ny],
  ]
    .map((p) => p.map((v) => v.toFixed(1)).join(','))
    .join(' ');
}

/** Puts `css` into the page once, as a <style> element with id `id`. */
export function ensureStyle(id, css) {
  if (typeof document === 'undefined' || document.getElementById(id)) return;
  const el = document.createElement('style');
  el.id = id;
  el.textContent = css;
  document.head.appendChild(el);
}
