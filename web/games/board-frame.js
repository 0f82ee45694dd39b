// The parts of a table that every game lays out the same way on a phone:
// the board in a frame that zooms (− and +) and scrolls, and the turn's
// buttons as an action bar fixed at the bottom of a narrow screen. CATAN,
// Cities & Knights, Catan Junior and Splendor use them, so a finger finds
// the same controls in the same place in every game.

const STYLE = `
.board-frame { min-width: 0; }
/* The board ends above the dock of the hand (hand.js measures the room into --board-room). */
.board-frame { position: relative; }
.board-frame .board-scroll { overflow: auto; max-height: var(--board-room, 85vh); border-radius: 10px; -webkit-overflow-scrolling: touch; }
.board-frame[data-zoom="1"] .board-zoom > svg { max-height: var(--board-room, 85vh); }
.board-frame .zoom-bar { display: flex; gap: .4rem; align-items: center; justify-content: flex-end; margin-bottom: .25rem; }
/* Over a drawn board the zoom buttons are a narrow column (+ over −) in its
   top right corner, which every board leaves to the sea: no row of its own,
   and the column itself lets clicks through, so only its two buttons can
   take one (tests/it/zoom_bar.rs: no target's centre lies under them). */
.board-frame:not(.html) .zoom-bar { position: absolute; right: .3rem; top: .3rem; z-index: 3; margin: 0; flex-direction: column-reverse; gap: .15rem; pointer-events: none; }
.board-frame:not(.html) .zoom-bar .step { pointer-events: auto; width: 40px; padding: 0; background: #fffffff2; box-shadow: 0 1px 4px #0004; }
.board-frame:not(.html) .zoom-level { min-width: 0; padding: 0 .2rem; font-size: .68rem; line-height: 1.3; background: #ffffffd9; border-radius: 5px; }
.board-frame .zoom-bar .step { min-width: 40px; min-height: 40px; font-size: 1.2rem; }
.board-frame .zoom-level { min-width: 3.5rem; text-align: center; font-variant-numeric: tabular-nums; white-space: nowrap; }
@media (max-width: 520px) {
  /* A zoomed board's scroll bar (on a phone usually drawn over it) never narrows the board. */
  .board-frame .board-scroll { scrollbar-gutter: stable; }
  /* The turn's buttons stay at the bottom of the screen, 44 px high. */
  /* Opaque: the page scrolling under it must not show through its buttons. */
  .action-bar { position: fixed; left: 0; right: 0; bottom: 0; z-index: 20; margin: 0; padding: .4rem .5rem; background: #fff; border-top: 1px solid #0002; box-shadow: 0 -2px 8px #0002; max-height: 45vh; overflow: auto; }
  .action-bar button { min-height: 44px; }
  /* The bar's measured height (reveal.js): nothing ends under it, and a
     panel scrolled into view stops above it. */
  .with-action-bar { padding-bottom: calc(var(--action-bar-h, 4.5rem) + .75rem); }
  html { scroll-padding-bottom: calc(var(--action-bar-h, 0px) + .5rem); }
}
`;

/** Zoom steps of the board (1 = the board fits the width). Kept while the page is open. */
const ZOOMS = [1, 1.5, 2, 2.5, 3];
let zoom = 1;
const ZOOM_TEXT = {
  in: { de: 'Brett vergrößern', en: 'Zoom in' },
  out: { de: 'Brett verkleinern', en: 'Zoom out' },
};

/** Puts the shared style into the page once. */
export function ensureFrameStyle() {
  if (typeof document === 'undefined' || document.getElementById('board-frame-style')) return;
  const el = document.createElement('style');
  el.id = 'board-frame-style';
  el.textContent = STYLE;
  document.head.appendChild(el);
}

/**
 * The board in a frame that zooms (− and +) and scrolls, so that on a phone
 * every target can be hit with a finger; the table keeps the scroll position
 * across redraws (`data-keep-scroll`). `wrap` is the game's class for the
 * frame (its share of the row). An SVG board grows with the frame's width;
 * an HTML board (`html: true`, e.g. Splendor's cards) also gets `--zoom` for its sizes.
 * `over` lies over the board's top left corner (the large dice, hand.js).
 */
export function boardFrame(h, ctx, board, { wrap = null, html = false, over = null } = {}) {
  ensureFrameStyle();
  const i = ZOOMS.indexOf(zoom);
  const set = (z) => {
    zoom = z;
    ctx.rerender();
  };
  // An HTML board sizes its parts by `--zoom` (calc(… * var(--zoom))), so they grow with the frame.
  const inner = html ? `width: ${zoom * 100}%; --zoom: ${zoom}` : { width: `${zoom * 100}%` };
  return h(
    'div',
    { class: ['board-frame', wrap, html && 'html'], 'data-zoom': zoom },
    over,
    h(
      'div',
      { class: 'zoom-bar' },
      h('button', { type: 'button', class: 'step', 'data-testid': 'zoom-out', 'aria-label': ctx.L(ZOOM_TEXT.out), title: ctx.L(ZOOM_TEXT.out), disabled: i <= 0, onclick: () => set(ZOOMS[i - 1]) }, '−'),
      h('span', { class: 'zoom-level', 'data-testid': 'zoom-level' }, `${Math.round(zoom * 100)} %`),
      h('button', { type: 'button', class: 'step', 'data-testid': 'zoom-in', 'aria-label': ctx.L(ZOOM_TEXT.in), title: ctx.L(ZOOM_TEXT.in), disabled: i >= ZOOMS.length - 1, onclick: () => set(ZOOMS[i + 1]) }, '+'),
    ),
    h('div', { class: 'board-scroll', 'data-testid': 'board-scroll', 'data-keep-scroll': 'board' }, h('div', { class: 'board-zoom', style: inner }, board)),
  );
}

/**
 * The turn's buttons (`children`), as a row on a laptop and as the action
 * bar fixed at the bottom of a phone's screen. The game's root element gets
 * the class `with-action-bar`, so nothing hides under the bar.
 */
export function actionBar(h, children, testid = 'turn-buttons') {
  ensureFrameStyle();
  const list = [children].flat(Infinity).filter(Boolean);
  return list.length ? h('div', { class: 'buttons action-bar', 'data-testid': testid }, list) : null;
}
