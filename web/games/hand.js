// The player's own side of the table, always in view (issue 43, item 2): a
// dock at the bottom of every game with what the turn asks (the prompt), the
// controls of the turn (its buttons and dialogs), and the hand as cards with
// faces. The dock is sticky: at any scroll position of a laptop or phone
// screen it sits at the bottom of the window, and the board above it is
// sized to the room left (table.js measures both after each redraw, see
// `fitBoard`), so board, prompt, controls and hand share one screen.

import { artIcon } from '../art.js';

const STYLE = `
.game-dock { position: sticky; bottom: 0; z-index: 15; grid-column: 1 / -1; flex: 1 1 100%; order: 99; margin-top: .25rem;
  background: var(--panel, #fffdf8); border: 1px solid var(--line, #d9d3c7); border-radius: 10px 10px 0 0;
  box-shadow: 0 -3px 12px #0002; padding: .35rem .55rem .45rem; max-height: 62vh; max-height: 62dvh; overflow: auto;
  display: flex; flex-direction: column; gap: .35rem; }
.game-dock .dock-head { display: flex; gap: .6rem; align-items: center; flex-wrap: wrap; }
.game-dock .dock-prompt { font-weight: 600; flex: 1 1 12rem; }
.game-dock .dock-prompt.mine { color: #114d25; }
.game-dock .dock-main { display: flex; gap: .5rem .9rem; align-items: flex-end; flex-wrap: wrap; }
.game-dock .dock-controls { display: flex; flex-direction: column; gap: .35rem; flex: 1 1 16rem; min-width: 0; }
.game-dock .dock-controls:empty { display: none; }
.game-dock .action-panel { margin: 0; }
/* Inside the dock the turn's buttons are a row (board-frame.js fixes them on a phone elsewhere). */
.game-dock .action-bar { position: static; box-shadow: none; border: 0; padding: 0; max-height: none; background: none; }
.hand { display: flex; gap: .45rem; align-items: flex-end; flex-wrap: wrap; padding-top: .5rem; }
.hand-group { display: flex; gap: .55rem .3rem; align-items: flex-end; flex-wrap: wrap; }
.hand-group + .hand-group { padding-left: .45rem; border-left: 1px dashed var(--line, #ccc); }
.card-face { position: relative; display: inline-flex; flex-direction: column; align-items: center; justify-content: space-between;
  width: 3.5rem; height: 4.9rem; padding: .2rem .15rem .15rem; border-radius: 7px; border: 1px solid #0006; font: inherit; color: #1f2328;
  background: linear-gradient(180deg, var(--c, #ccc) 0 64%, #fffdf6 64%); box-shadow: 0 1px 3px #0003; cursor: default; user-select: none; }
.card-face .card-art { flex: 1; width: 100%; display: flex; align-items: center; justify-content: center; border-radius: 5px; background: #ffffff8c; }
.card-face .card-art .art-icon { width: 2.2rem; height: 2.2rem; margin: 0; vertical-align: 0; }
.card-face .card-name { font-size: .64rem; line-height: 1.1; max-width: 100%; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; padding-top: .1rem; }
.card-face .card-count { position: absolute; top: -.5rem; right: -.45rem; min-width: 1.4rem; height: 1.4rem; padding: 0 .25rem; border-radius: 999px;
  background: #1f2328; color: #fff; font-weight: 700; font-size: .8rem; display: flex; align-items: center; justify-content: center; border: 2px solid #fff; }
.card-face.none { opacity: .38; box-shadow: none; }
.card-face.none .card-count { background: #888; }
button.card-face { cursor: pointer; }
button.card-face:hover { border-color: var(--accent, #1f6fb2); }
.card-face.playable { box-shadow: 0 0 0 3px var(--ok, #2e8b57), 0 3px 8px #0004; transform: translateY(-4px); }
.card-face.selected { outline: 3px solid var(--warn, #c77700); outline-offset: 1px; }
.card-face .card-note { position: absolute; bottom: -.45rem; left: 50%; transform: translateX(-50%); font-size: .58rem; white-space: nowrap;
  background: #fff4cc; border: 1px solid #d8b74a; border-radius: 3px; padding: 0 .2rem; }
.card-face.wide { width: 5.4rem; }
.card-face.wide .card-name { white-space: normal; font-size: .62rem; text-align: center; }
/* Large dice on the board (every game that rolls). */
.board-frame { position: relative; }
.board-dice { position: absolute; left: .45rem; top: .45rem; z-index: 3; display: flex; gap: .35rem; pointer-events: none; }
.board-dice .big-die { width: 2.9rem; height: 2.9rem; border-radius: 9px; display: flex; align-items: center; justify-content: center;
  font-size: 1.55rem; font-weight: 800; border: 2px solid #222; box-shadow: 0 3px 8px #0006; background: #fff; color: #222; }
.board-dice .big-die.red { background: #d23b3b; color: #fff; }
.board-dice .big-die.yellow { background: #f2c300; }
.board-dice .big-die.event { background: #fff; font-size: 1.2rem; }
@media (max-width: 520px) {
  .game-dock { padding: .3rem .4rem .4rem; border-radius: 8px 8px 0 0; }
  .card-face { width: 2.55rem; height: 3.8rem; }
  .hand-group { gap: .5rem .25rem; }
  .card-face .card-art .art-icon { width: 1.6rem; height: 1.6rem; }
  .card-face .card-name { font-size: .58rem; }
  .card-face.wide { width: 4.6rem; }
  .game-dock .action-bar button, .game-dock .buttons button { min-height: 44px; }
  .board-dice .big-die { width: 2.3rem; height: 2.3rem; font-size: 1.25rem; }
}
`;

/** Puts the dock's style into the page once. */
export function ensureDockStyle() {
  if (typeof document === 'undefined' || document.getElementById('hand-dock-style')) return;
  const el = document.createElement('style');
  el.id = 'hand-dock-style';
  el.textContent = STYLE;
  document.head.appendChild(el);
}

/**
 * One card with a face: the kind's colour, its picture, its name (the last
 * text, so a reader and a test read "3 Lehm" as the count then the name) and
 * how many are held in a badge. A card that can be played is a button
 * (`onclick`), raised and ringed; a kind held zero times stays in its place,
 * faded, so the hand does not jump about as cards come and go.
 *
 * `c`: { kind, name, count, fill, icon (an art.js kind; default `kind`),
 *        testid, onclick, title, note, selected, wide, art (an element instead of the icon) }
 */
export function cardFace(h, c) {
  const count = c.count ?? 1;
  const tag = c.onclick ? 'button' : 'div';
  return h(
    tag,
    {
      type: c.onclick ? 'button' : null,
      class: ['card-face', !count && 'none', c.onclick && 'playable', c.selected && 'selected', c.wide && 'wide'],
      style: { '--c': c.fill || '#ccc' },
      'data-testid': c.testid || null,
      'data-kind': c.kind,
      'data-count': count,
      title: c.title ?? c.name,
      onclick: c.onclick || null,
    },
    c.count == null ? null : h('span', { class: 'card-count', 'aria-label': String(count) }, String(count)),
    h('span', { class: 'card-art' }, c.art || artIcon(c.icon || c.kind)),
    c.note ? h('span', { class: 'card-note' }, c.note) : null,
    h('span', { class: 'card-name' }, c.name),
  );
}

/**
 * The hand: groups of card faces (resources, commodities, development or
 * progress cards, tokens, …) side by side, each group a labelled list.
 * `groups`: [{ label, cards: [element], testid }]; empty groups are left out.
 */
export function handRow(h, groups, testid) {
  const shown = groups.filter((g) => g && [g.cards].flat(Infinity).filter(Boolean).length);
  return h(
    'div',
    { class: 'hand', 'data-testid': testid, role: 'group' },
    shown.map((g) => h('div', { class: 'hand-group', 'data-testid': g.testid || null, role: 'group', 'aria-label': g.label || null }, g.cards)),
  );
}

/**
 * The dock at the bottom of a game: the prompt (what the turn asks of this
 * browser, or whom the game waits for), the turn's controls and the hand.
 * `prompt` overrides the default sentence; `controls` are the game's turn
 * buttons and open dialogs; `hand` is `handRow`'s element (absent for a
 * spectator).
 */
export function gameDock(h, ctx, { prompt = null, controls = [], hand = null } = {}) {
  ensureDockStyle();
  const mine = ctx.seat != null && ctx.legal.length > 0;
  const line = prompt ?? defaultPrompt(ctx, mine);
  return h(
    'div',
    { class: 'game-dock', 'data-testid': 'hand-dock' },
    h('div', { class: 'dock-head' }, h('div', { class: ['dock-prompt', mine && 'mine'], 'data-testid': 'prompt', role: 'status' }, line), ctx.sheets || null),
    h('div', { class: 'dock-main' }, hand, h('div', { class: 'dock-controls' }, [controls].flat(Infinity).filter(Boolean))),
  );
}

function defaultPrompt(ctx, mine) {
  const ta = ctx.toAct;
  if (ctx.result || ta?.kind === 'over') return ctx.t('gameOver');
  if (mine) return ctx.t('yourTurn');
  if (ta?.kind === 'seats' && ta.seats?.length) return ctx.t('waitingFor', { who: ta.seats.map((s) => ctx.seatName(s)).join(', ') });
  return '';
}

/**
 * Large dice over the board's top left corner: `dice` is a list of
 * { value, kind } with kind 'red', 'yellow', 'white' or 'event' (its face's
 * text in `value`). Nothing before the first roll.
 */
export function bigDice(h, ctx, dice, title) {
  if (!dice?.length) return null;
  ensureDockStyle();
  return h(
    'div',
    { class: 'board-dice', 'data-testid': 'board-dice', title: title || null, 'aria-label': title || null },
    dice.map((d) => h('span', { class: ['big-die', d.kind], 'data-testid': `big-die-${d.kind}` }, String(d.value))),
  );
}

/**
 * After each redraw (table.js): the room the board may take so that it ends
 * above the dock at the top of the page, in `--board-room` (px), which the
 * board frames use as their height limit. Tiny windows (or a phone with a tall dialog open) get at least 120 px.
 * Returns the dock's height it measured (px, rounded up), so that a watcher
 * of the dock can skip a report of the same height.
 */
export function fitBoard(root) {
  const dock = root.querySelector('.game-dock');
  const frame = root.querySelector('.board-frame .board-scroll');
  const dockH = dock ? Math.ceil(dock.getBoundingClientRect().height) : 0;
  if (!frame) return dockH;
  const top = frame.getBoundingClientRect().top + window.scrollY;
  const room = Math.max(120, Math.floor(window.innerHeight - dockH - top - 10));
  document.documentElement.style.setProperty('--board-room', `${room}px`);
  // A phone's sheets open right above the dock.
  document.documentElement.style.setProperty('--dock-h', `${dockH}px`);
  return dockH;
}
