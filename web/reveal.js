// What the player opened stays in view on a phone. The turn's buttons are a
// bar fixed at the bottom of a narrow screen (board-frame.js); a panel that a
// tap on the bar opens (a trade builder, a progress card's chooser, the
// bank) used to appear somewhere above or below, hidden behind the bar or a
// screen away. After each redraw of the table:
//  - the bar's real height is the page's bottom padding and the scroll
//    padding (`--action-bar-h`), so nothing ends under it and scrolling to an
//    element stops above it, however many rows of buttons it has;
//  - a panel (`.action-panel`) that was not there before the redraw, and
//    came up within a few seconds of the player's own tap, click or key, is
//    scrolled into view (a panel already entirely visible does not move).
//    Panels that other players' moves bring up never move the page under a
//    reading player.

/** How long after the player's input a new panel counts as opened by it (ms). */
const OPENED_WITHIN = 5000;
let lastInput = -Infinity;
if (typeof document !== 'undefined') {
  for (const type of ['pointerdown', 'click', 'keydown']) document.addEventListener(type, () => (lastInput = performance.now()), true);
}

/** The panels on screen, by test id (or class when a panel has none). */
function panelKeys(root) {
  return new Set([...root.querySelectorAll('.action-panel')].map((e) => e.dataset.testid || e.className));
}

/**
 * Call after every redraw of `root` with the same `memory` object (kept by
 * the page). The first redraw only remembers: a page opened with a panel up
 * is not scrolled.
 */
export function keepOpenedInView(root, memory) {
  const bar = root.querySelector('.action-bar');
  const fixed = bar && getComputedStyle(bar).position === 'fixed';
  const height = fixed ? Math.ceil(bar.getBoundingClientRect().height) : 0;
  document.documentElement.style.setProperty('--action-bar-h', `${height}px`);
  const now = panelKeys(root);
  const before = memory.panels;
  memory.panels = now;
  if (!before || performance.now() - lastInput > OPENED_WITHIN) return;
  const opened = [...root.querySelectorAll('.action-panel')].find((e) => !before.has(e.dataset.testid || e.className) && !e.closest('.action-bar'));
  if (!opened) return;
  const r = opened.getBoundingClientRect();
  const bottom = innerHeight - height;
  if (r.top >= 0 && r.bottom <= bottom) return;
  // A small panel (a hint) goes to the middle, so what it asks for right below it shows too.
  const block = r.height > bottom * 0.8 ? 'start' : r.height < bottom / 3 ? 'center' : 'nearest';
  opened.scrollIntoView({ block, behavior: 'instant' });
}
