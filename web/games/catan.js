// CATAN at the table: the hex board as SVG (terrain, number tokens with pips,
// harbors, robber, roads, settlements, cities in player colours, each marked
// with its seat number so that colour is never the only cue), dice, the bank,
// every player's counts, the own hand and development cards face up. Its
// words are in catan-text.js, its dialogs (discarding, the robber's victim,
// trades, year of plenty, monopoly) in catan-dialogs.js, its board in
// catan-board-svg.js, the turn's buttons in catan-turn.js and its data
// (resources, colours, maritime rates) in catan-common.js: Cities & Knights'
// table (ck-table.js) uses them too and imports them from there, never from
// this module, which is the game's entry and dispatches to ck-table.js.
//
// Every control comes from the legal actions the server lists: an
// intersection, path or hex is highlighted only if a listed action names it,
// a dialog offers only listed actions, and every click sends one of them
// unchanged. The board's shape (which the view names only by id) is served
// by the server once per table (useTopology, catan-board.js).

import { colorMap } from './describe.js';
import { useTopology } from './catan-board.js';
import { boardFrame } from './board-frame.js';
import { autoPass, autoPassSwitch } from './auto-pass.js';
import { cardFace, handRow, gameDock } from './hand.js';
import { ensureStyle } from './ui-common.js';
import { RESOURCES, DEV, RES_FILL, PLAYER_FILL, PLAYER_TEXT } from './catan-common.js';
import { boardSvg } from './catan-board-svg.js';
import { index, turnButtons, rollDice } from './catan-turn.js';
// Cities & Knights (rule sets `cities_knights`, `cities_knights_heroes`): its
// own modules; a view with a `cities_knights` part is drawn by ck-table.js.
import { render as ckRender } from './ck-table.js';
import { resChip, dialogs, openDialog } from './catan-dialogs.js';
import { seatColourName, tx, pointsText, resName, devName } from './catan-text.js';

export { useTopology };
// The game module's words (table.js reads them from here).
export { describeAction, describeEvent, describeReason } from './catan-text.js';
export { logWords } from './catan-art.js';
export { foldLog } from './catan-log.js';
// The seats' colours for the table's log (ui.js's seatColour), and what
// crates/web-e2e/tests/it/catan_browser.rs checks against the engine's rates.
export { seatColours, RESOURCES, maritimeRates } from './catan-common.js';

export const meta = {
  title: { de: 'CATAN', en: 'CATAN' },
  players: [2, 4],
  defaultPlayers: 3,
  // The rule sets (base, Cities & Knights, heroes, 5–6 players) come from
  // the server's game registry (GET /api/games, `rule_sets`).
};

/**
 * Game options that go with a player count (the lobby adds them to the
 * table's options): CATAN seats two players only with its option
 * `two_players` (crates/catan/src/config.rs); the rules stay the same.
 */
export function tableOptions(players) {
  if (players !== 2) return null;
  return {
    options: { two_players: true },
    note: { de: 'Zu zweit: mit der Option „two_players“ (die Regeln bleiben gleich).', en: 'Two players: with the option "two_players" (the rules stay the same).' },
    // For the menus: which option seats this count.
    short: { de: 'mit Option two_players', en: 'with option two_players' },
  };
}

// ----- styles of the module (one <style> element) -----

const STYLE = `
.catan { display: flex; flex-wrap: wrap; gap: .75rem; align-items: flex-start; }
/* On a laptop the board takes what the side panel (270 px; wider only while a dialog such as the
   trade builder needs it) leaves: more than half the window at 1280 px. */
.catan .catan-board-wrap { flex: 1 1 480px; min-width: 280px; max-width: 960px; }
.catan .catan-side { flex: 0 1 270px; min-width: min-content; display: flex; flex-direction: column; gap: .5rem; }
.catan svg.catan-board { width: 100%; height: auto; display: block; background: #3d7fb8; border-radius: 10px; }
.catan .target { cursor: pointer; }
.catan .target-node { fill: #ffe14d; stroke: #111; stroke-width: 2.5; animation: catan-pulse 1.2s ease-in-out infinite; }
.catan .target-city { fill: none; stroke: #ffe14d; stroke-width: 3.5; stroke-dasharray: 4 3; animation: catan-pulse 1.2s ease-in-out infinite; }
.catan .target-edge { stroke: #ffe14d; stroke-width: 9; stroke-dasharray: 6 3; stroke-linecap: round; opacity: .85; animation: catan-pulse 1.2s ease-in-out infinite; }
.catan .target-edge-halo { stroke: #111; stroke-width: 12; stroke-linecap: round; opacity: .55; }
.catan .target-hex { fill: rgba(255,225,77,0); pointer-events: all; stroke: #ffe14d; stroke-width: 5; stroke-dasharray: 8 5; animation: catan-pulse 1.2s ease-in-out infinite; }
.catan .target:hover .target-node, .catan .target-node:hover { fill: #fff; stroke-width: 3.5; }
.catan .target:hover .target-edge { stroke: #fff; }
.catan .target:focus { outline: none; }
.catan .target:focus .target-node, .catan .target:focus .target-edge { stroke: #fff; }
@keyframes catan-pulse { 50% { opacity: .55; } }
.catan .res-row { display: flex; flex-wrap: wrap; gap: .3rem; align-items: center; }
.catan .res { display: inline-flex; align-items: center; gap: .25rem; padding: .15rem .45rem; border-radius: 999px; border: 1px solid #0003; font-size: .9rem; background: #fff; }
.catan .res .sw { width: .8rem; height: .8rem; border-radius: 3px; border: 1px solid #0005; display: inline-block; }
.catan button.res { cursor: pointer; font: inherit; }
.catan .discard-rows { display: grid; gap: .3rem; margin-top: .4rem; }
.catan .discard-row { display: flex; align-items: center; gap: .4rem; }
.catan .discard-row .res { min-width: 8rem; padding: .2rem .4rem; border-radius: 4px; }
.catan .discard-row .step { min-width: 40px; min-height: 40px; font-size: 1.2rem; }
.catan .discard-row .count { min-width: 1.5rem; text-align: center; }
.catan .trade-builder .res { min-width: 5.5rem; border-radius: 4px; }
.catan button.res.sel { box-shadow: 0 0 0 3px var(--warn, #e0a000); }
.catan .res.rate { font-variant-numeric: tabular-nums; }
.catan .res.harbor-rate { border: 2px solid #8b5a2b; font-weight: 700; }
.catan .cplayer { border: 1px solid var(--line, #ccc); border-radius: 8px; padding: .4rem .55rem; background: var(--panel, #fff); }
.catan .cplayer.current { border: 2px solid var(--accent, #2a6); }
.catan .cplayer header { display: flex; gap: .4rem; align-items: center; justify-content: space-between; }
.catan .badge { display: inline-flex; align-items: center; justify-content: center; min-width: 1.4rem; height: 1.4rem; border-radius: 4px; font-weight: 700; border: 1.5px solid #222; font-size: .85rem; }
.catan .award { font-size: .8rem; background: #fff4cc; border: 1px solid #d8b74a; border-radius: 4px; padding: 0 .3rem; }
.catan .stats { display: flex; flex-wrap: wrap; gap: .2rem .7rem; font-size: .88rem; }
.catan .dice { display: inline-flex; gap: .3rem; align-items: center; }
.catan .last-move { fill: none; stroke-width: 4; pointer-events: none; filter: drop-shadow(0 0 3px #fff); animation: last-move 1.2s ease-in-out 3; }
.catan .last-move.robber-moved { stroke: #222; stroke-dasharray: 6 5; }
.catan .robber-chosen { fill: rgba(20,20,20,.35); stroke: #111; stroke-width: 6; pointer-events: none; }
@keyframes last-move { 50% { stroke-width: 7; } }
@media (prefers-reduced-motion: reduce) { .catan .last-move { animation: none; } }
.catan .die { width: 1.8rem; height: 1.8rem; border-radius: 6px; display: inline-flex; align-items: center; justify-content: center; font-weight: 700; border: 1.5px solid #222; }
.catan .die.red { background: #d62828; color: #fff; }
.catan .die.yellow { background: #ffd43b; color: #111; }
.catan .topline { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; justify-content: space-between; }
.catan .action-panel h4 { margin: 0 0 .3rem; }
.catan .action-panel .buttons { margin-top: .3rem; }
.catan .devs { display: flex; flex-wrap: wrap; gap: .3rem; }
.catan .dev { border: 1px solid #7a5; background: #f4fbe9; border-radius: 5px; padding: .1rem .4rem; font-size: .85rem; }
.catan .dev.new { border-style: dashed; opacity: .8; }
@media (max-width: 520px) {
  .catan .catan-board-wrap { flex-basis: 100%; min-width: 0; }
  .catan .catan-side { flex-basis: 100%; min-width: 0; }
  /* A finger needs 40 px: the hit circles of intersections grow (legal
     spots are never neighbours, so they do not overlap); the turn's
     buttons are the action bar of board-frame.js. */
  .catan .target .hit { r: 38px; }
}
`;

// ----- panels -----

/** How each development card is played from the hand: a click on its face (or none). */
function devPlay(ctx, ix) {
  const one = ix.one;
  return {
    knight: one.play_knight ? [() => ctx.act(one.play_knight), 'play-knight'] : null,
    road_building: one.play_road_building ? [() => ctx.act(one.play_road_building), 'play-road-building'] : null,
    year_of_plenty: ix.yop.length ? [openDialog(ctx, 'yop'), 'play-year-of-plenty'] : null,
    monopoly: ix.monopoly.size ? [openDialog(ctx, 'monopoly'), 'play-monopoly'] : null,
  };
}

/**
 * The own hand as card faces: the five resources (each kind in its place,
 * faded at zero) and the development cards, those that can be played now
 * raised and played with a click; cards bought this turn carry a note.
 */
export function catanHand(h, view, ctx, ix) {
  const p = ctx.seat != null ? view.players[ctx.seat] : null;
  if (!p?.hand) return null;
  const play = devPlay(ctx, ix);
  const devs = DEV.flatMap((c) => {
    const old = p.dev_cards?.[c] || 0;
    const fresh = p.new_dev_cards?.[c] || 0;
    const how = play[c];
    return [
      old ? cardFace(h, { kind: c, name: devName(ctx, c), count: old, fill: DEV_FILL[c], testid: how ? how[1] : `dev-${c}`, onclick: how ? how[0] : null, title: devName(ctx, c) }) : null,
      fresh ? cardFace(h, { kind: c, name: devName(ctx, c), count: fresh, fill: DEV_FILL[c], testid: `dev-new-${c}`, note: tx(ctx, 'newCard'), title: `${devName(ctx, c)} (${tx(ctx, 'newCard')})` }) : null,
    ];
  });
  return handRow(
    h,
    [
      { label: tx(ctx, 'hand'), testid: `hand-${ctx.seat}`, cards: RESOURCES.map((r) => cardFace(h, { kind: r, name: resName(ctx, r), count: p.hand[r] || 0, fill: RES_FILL[r], testid: `hand-${r}` })) },
      { label: tx(ctx, 'devCards'), testid: `devcards-${ctx.seat}`, cards: devs },
    ],
    'hand',
  );
}

/** The colours of the development cards' faces (served with the description). */
const DEV_FILL = colorMap('development_card');

function diceEl(h, view, ctx) {
  const d = view.last_roll;
  if (!d) return h('span', { class: 'muted', 'data-testid': 'dice' }, tx(ctx, 'noRoll'));
  return h(
    'span',
    { class: 'dice', 'data-testid': 'dice', title: tx(ctx, 'dice', { n: d.red + d.yellow }) },
    h('span', { class: 'die red' }, String(d.red)),
    h('span', { class: 'die yellow' }, String(d.yellow)),
    h('strong', {}, ` = ${d.red + d.yellow}`),
  );
}

function playerEl(h, view, i, ctx) {
  const p = view.players[i];
  const me = ctx.seat === i;
  const over = view.phase?.phase === 'over';
  const current = view.current === i && !over;
  const pts = pointsText(ctx, p);
  const colour = seatColourName(ctx, i);
  return h(
    'section',
    { class: ['cplayer', me && 'me', current && 'current'], 'data-testid': `player-${i}` },
    h(
      'header',
      {},
      h(
        'span',
        {},
        h('span', { class: 'badge', style: { background: PLAYER_FILL[i], color: PLAYER_TEXT[i] }, title: tx(ctx, 'seatColour', { n: i + 1, colour }) }, String(i + 1)),
        ' ',
        h('strong', {}, ctx.seatName(i)),
      ),
      h('span', { 'data-testid': `points-${i}` }, pts),
    ),
    h(
      'div',
      { class: 'stats' },
      h('span', {}, tx(ctx, 'cards', { n: p.resource_count })),
      h('span', {}, tx(ctx, 'devCount', { n: p.dev_card_count })),
      h('span', {}, tx(ctx, 'knights', { n: p.played?.knight || 0 })),
      h('span', {}, tx(ctx, 'road', { n: p.road_length })),
      view.longest_road === i ? h('span', { class: 'award', 'data-testid': 'longest-road' }, tx(ctx, 'longestRoad')) : null,
      view.largest_army === i ? h('span', { class: 'award', 'data-testid': 'largest-army' }, tx(ctx, 'largestArmy')) : null,
    ),
  );
}

export function render(view, legal, ctx) {
  const { h } = ctx;
  ensureStyle('catan-style', STYLE);
  if (view.cities_knights) return ckRender(view, legal, ctx);
  const ix = index(legal);
  if (ctx.ui.robberHex != null && !ix.robber.has(ctx.ui.robberHex)) ctx.ui.robberHex = null;
  const order = view.players.map((_, i) => i);
  if (ctx.seat != null) order.sort((a, b) => (a === ctx.seat ? -1 : b === ctx.seat ? 1 : a - b));
  return h(
    'div',
    { class: 'catan' },
    boardFrame(h, ctx, boardSvg(h, view, ctx, ix), { wrap: 'catan-board-wrap', over: rollDice(h, view, ctx) }),
    h(
      'div',
      { class: 'catan-side' },
      h('div', { class: 'topline' }, diceEl(h, view, ctx), h('span', { class: 'muted' }, tx(ctx, 'goal', { n: view.victory_points }))),
      h(
        'section',
        { class: 'cplayer bank', 'data-testid': 'bank' },
        h('header', {}, h('strong', {}, tx(ctx, 'bank')), h('span', { class: 'muted' }, tx(ctx, 'deck', { n: view.deck_size }))),
        h('div', { class: 'res-row' }, RESOURCES.map((r) => resChip(h, ctx, r, view.bank?.[r] ?? 0))),
      ),
      order.map((i) => playerEl(h, view, i, ctx)),
    ),
    gameDock(h, ctx, {
      controls: [autoPassSwitch(h, view, ctx), autoPass(h, view, legal, ctx), turnButtons(h, ctx, ix), dialogs(h, view, ctx, ix)],
      hand: catanHand(h, view, ctx, ix),
    }),
  );
}
export { catanPoints as scoreBreakdown, catanStats as statistics } from './scores.js';
