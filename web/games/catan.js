// CATAN at the table: the hex board as SVG (terrain, number tokens with pips,
// harbors, robber, roads, settlements, cities in player colours, each marked
// with its seat number so that colour is never the only cue), dice, the bank,
// every player's counts, the own hand and development cards face up. Its
// words are in catan-text.js, its dialogs (discarding, the robber's victim,
// trades, year of plenty, monopoly) in catan-dialogs.js.
//
// Every control comes from the legal actions the server lists: an
// intersection, path or hex is highlighted only if a listed action names it,
// a dialog offers only listed actions, and every click sends one of them
// unchanged. The board's shape (which the view names only by id) is served
// by the server once per table (useTopology, catan-board.js).

import { colorMap, onDescription, inkFor, onPage } from './describe.js';
import { TOPO, gridXY, useTopology } from './catan-board.js';
import { boardFrame, actionBar } from './board-frame.js';
import { hexArt } from './catan-art.js';
import { autoPass, autoPassSwitch } from './auto-pass.js';
import { cardFace, handRow, gameDock, bigDice } from './hand.js';
// Cities & Knights (rule sets `cities_knights`, `cities_knights_heroes`): its
// own modules; a view with a `cities_knights` part is drawn by ck-table.js.
import { render as ckRender } from './ck-table.js';
import { resChip, button, dialogs, openDialog } from './catan-dialogs.js';
import { RESOURCES, DEV, seatColourName, tx, de, pointsText, resName, devName, edgeText, hexText, describeAction } from './catan-text.js';

export { useTopology, dialogs };
// The game module's words (table.js and the C&K modules read them from here).
export { RESOURCES, pointsText, resName, resText, describeAction, describeEvent, describeReason } from './catan-text.js';
export { logWords } from './catan-art.js';
export { foldLog } from './catan-log.js';

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

/** Each terrain's colour, from the served description. */
const TERRAIN_FILL = colorMap('terrain');
/** Each resource's colour, from the served description. */
export const RES_FILL = colorMap('resource');
/** Player colours (seat order, from the served description) and a text colour that reads on each. */
export const PLAYER_FILL = [];
/** The seats' colours for the table's log (white drawn a little darker to show on the page). */
export const seatColours = [];
export const PLAYER_TEXT = [];
onDescription((d) => {
  const fills = (d.seats || []).map((s) => s.color);
  PLAYER_FILL.splice(0, PLAYER_FILL.length, ...fills);
  seatColours.splice(0, seatColours.length, ...fills.map(onPage));
  PLAYER_TEXT.splice(0, PLAYER_TEXT.length, ...fills.map(inkFor));
});
/** Road dash patterns per seat: a second cue beside the colour. */
const ROAD_DASH = [null, '10 4', '3 3', '12 3 3 3', '6 2', '2 2 8 2'];

// ----- legal actions, indexed by what they are about -----

export function index(legal) {
  const ix = {
    settlement: new Map(),
    city: new Map(),
    road: new Map(),
    robber: new Map(),
    discard: new Map(),
    monopoly: new Map(),
    offerGive: new Map(),
    offerGet: new Map(),
    confirm: new Map(),
    acceptCounter: [],
    yop: [],
    maritime: [],
    one: {},
  };
  for (const a of legal) {
    switch (a?.type) {
      case 'build_settlement':
        ix.settlement.set(a.node, a);
        break;
      case 'build_city':
        ix.city.set(a.node, a);
        break;
      case 'build_road':
        ix.road.set(a.edge, a);
        break;
      case 'move_robber':
        ix.robber.set(a.hex, [...(ix.robber.get(a.hex) || []), a]);
        break;
      case 'discard':
        ix.discard.set(a.resource, a);
        break;
      case 'play_monopoly':
        ix.monopoly.set(a.resource, a);
        break;
      case 'offer_give':
        ix.offerGive.set(a.resource, a);
        break;
      case 'offer_get':
        ix.offerGet.set(a.resource, a);
        break;
      case 'confirm_trade':
        ix.confirm.set(a.with, a);
        break;
      case 'accept_counter':
        ix.acceptCounter.push(a);
        break;
      case 'play_year_of_plenty':
        ix.yop.push(a);
        break;
      case 'maritime_trade':
        ix.maritime.push(a);
        break;
      default:
        if (a?.type) ix.one[a.type] = a;
    }
  }
  return ix;
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

export { boardFrame };

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

export function ensureStyle(id, css) {
  if (typeof document === 'undefined' || document.getElementById(id)) return;
  const el = document.createElement('style');
  el.id = id;
  el.textContent = css;
  document.head.appendChild(el);
}

// ----- the board -----

const S = 50; // hex radius in SVG units
const pt = (n) => gridXY(TOPO.nodePos[n], S);

/**
 * The board's view box from the served intersections, with room around the
 * coast for the harbors: the base board gets its old fixed box, the 30-hex
 * board of 5–6 players one as large as it needs.
 */
function boardViewBox() {
  if (!TOPO.nodePos.length) return `${-5.75 * S} ${-5.2 * S} ${11.5 * S} ${10.4 * S}`;
  const xy = TOPO.nodePos.map((p) => gridXY(p, S));
  const xs = xy.map((p) => p[0]);
  const ys = xy.map((p) => p[1]);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const mx = (5.75 - 2.5 * Math.sqrt(3)) * S;
  const my = 1.2 * S;
  return `${x0 - mx} ${y0 - my} ${x1 - x0 + 2 * mx} ${y1 - y0 + 2 * my}`;
}

function hexPoints(hx) {
  return TOPO.hexNodes[hx].map((n) => pt(n).map((v) => v.toFixed(1)).join(',')).join(' ');
}

function pips(n) {
  return 6 - Math.abs(7 - n);
}

/**
 * The maritime rate of `seat` per resource, read off the view: 4 (the bank),
 * 3 with a building at a generic (3:1) harbor, 2 at that resource's harbor
 * (2:1). For showing what a trade costs; the legal actions say which trades
 * are possible. Checked against the engine's rates by
 * crates/web-e2e/tests/it/catan_browser.rs.
 */
export function maritimeRates(view, seat) {
  const rates = Object.fromEntries(RESOURCES.map((r) => [r, 4]));
  const p = view?.players?.[seat];
  if (!p) return rates;
  const mine = new Set([...(p.settlements || []), ...(p.cities || [])]);
  (view.board?.harbors || []).forEach(({ edge, kind }) => {
    const [a, b] = TOPO.edgeNodes[edge] || [];
    if (!mine.has(a) && !mine.has(b)) return;
    if (kind === 'generic') for (const r of RESOURCES) rates[r] = Math.min(rates[r], 3);
    else if (kind in rates) rates[kind] = 2;
  });
  return rates;
}

function harborEl(h, ctx, i, { edge, kind }) {
  const [a, b] = TOPO.edgeNodes[edge];
  const [ax, ay] = pt(a);
  const [bx, by] = pt(b);
  const mx = (ax + bx) / 2;
  const my = (ay + by) / 2;
  const len = Math.hypot(mx, my);
  const hx = mx + (mx / len) * S * 0.62;
  const hy = my + (my / len) * S * 0.62;
  const generic = kind === 'generic';
  const rate = generic ? '3:1' : '2:1';
  const title = `${tx(ctx, 'harbor', { rate })}${generic ? '' : ` ${resName(ctx, kind)}`}`;
  return h(
    'svg:g',
    { class: 'harbor', 'data-testid': `harbor-${i}` },
    h('svg:title', {}, title),
    h('svg:line', { x1: ax, y1: ay, x2: hx, y2: hy, stroke: '#8b5a2b', 'stroke-width': 4 }),
    h('svg:line', { x1: bx, y1: by, x2: hx, y2: hy, stroke: '#8b5a2b', 'stroke-width': 4 }),
    h('svg:circle', { cx: hx, cy: hy, r: 17, fill: generic ? '#fff' : '#fffdf5', stroke: generic ? '#222' : RES_FILL[kind], 'stroke-width': generic ? 1.5 : 3.5 }),
    h('svg:text', { x: hx, y: generic ? hy + 4 : hy - 3, 'text-anchor': 'middle', 'font-size': 11, 'font-weight': 700, fill: '#111' }, rate),
    // The resource as its icon (art.js); its name is the harbor's title.
    generic ? null : h('svg:use', { class: 'harbor-icon', href: `#icon-${kind}`, x: hx - 7, y: hy - 1, width: 14, height: 14, 'aria-hidden': 'true' }),
  );
}

function settlementShape(h, x, y, seat, testid) {
  const s = 9;
  const d = `M${x - s},${y + s} L${x - s},${y - s * 0.2} L${x},${y - s * 1.2} L${x + s},${y - s * 0.2} L${x + s},${y + s} Z`;
  return h(
    'svg:g',
    { class: 'piece settlement', 'data-testid': testid, 'data-seat': seat },
    h('svg:path', { d, fill: PLAYER_FILL[seat], stroke: '#111', 'stroke-width': 1.8 }),
    h('svg:text', { x, y: y + s * 0.75, 'text-anchor': 'middle', 'font-size': 10, 'font-weight': 700, fill: PLAYER_TEXT[seat] }, String(seat + 1)),
  );
}

function cityShape(h, x, y, seat, testid) {
  const s = 9;
  const d = `M${x - 1.5 * s},${y + s} L${x - 1.5 * s},${y - s * 0.4} L${x - 0.9 * s},${y - s * 1.3} L${x - 0.3 * s},${y - s * 0.4} L${x + 1.5 * s},${y - s * 0.4} L${x + 1.5 * s},${y + s} Z`;
  return h(
    'svg:g',
    { class: 'piece city', 'data-testid': testid, 'data-seat': seat },
    h('svg:path', { d, fill: PLAYER_FILL[seat], stroke: '#111', 'stroke-width': 2.2 }),
    h('svg:rect', { x: x - 1.5 * s + 2, y: y + s - 4, width: 3 * s - 4, height: 2, fill: '#111', opacity: 0.5 }),
    h('svg:text', { x: x + 0.5 * s, y: y + s * 0.7, 'text-anchor': 'middle', 'font-size': 11, 'font-weight': 700, fill: PLAYER_TEXT[seat] }, String(seat + 1)),
  );
}

function robberShape(h, ctx, x, y) {
  return h(
    'svg:g',
    { class: 'robber', 'data-testid': 'robber', 'pointer-events': 'none' },
    h('svg:title', {}, tx(ctx, 'robber')),
    h('svg:ellipse', { cx: x, cy: y + 11, rx: 10, ry: 4, fill: '#0006' }),
    h('svg:path', { d: `M${x - 8},${y + 11} Q${x - 9},${y - 4} ${x},${y - 6} Q${x + 9},${y - 4} ${x + 8},${y + 11} Z`, fill: '#2b2b2b', stroke: '#eee', 'stroke-width': 1.2 }),
    h('svg:circle', { cx: x, cy: y - 10, r: 6, fill: '#2b2b2b', stroke: '#eee', 'stroke-width': 1.2 }),
  );
}

/** The board; `extra(layers)` lets the C&K layers (ck-board.js) add to it. */
/**
 * What just happened, on the board: a ring in the builder's colour around the
 * piece built last and around the hex the robber moved to last, each only
 * while it is part of the latest turn (the log since the last `turn_started`),
 * so the marks say "this turn" and never linger.
 */
function lastMoveMarks(h, ctx) {
  const log = ctx.log || [];
  let start = log.length;
  while (start > 0 && log[start - 1].e?.type !== 'turn_started') start--;
  // Before the first turn (the set-up), the latest placement.
  const from = start > 0 ? start - 1 : Math.max(0, log.length - 2);
  let built = null;
  let robber = null;
  for (let i = log.length - 1; i >= from && i >= 0; i--) {
    const e = log[i].e;
    if (!built && e?.type === 'built') built = e;
    if (!robber && e?.type === 'robber_moved') robber = e;
  }
  const marks = [];
  if (built) {
    let x;
    let y;
    if (built.piece === 'road') {
      const [n1, n2] = TOPO.edgeNodes[built.at] || [];
      if (n1 == null) return marks;
      const [ax, ay] = pt(n1);
      const [bx, by] = pt(n2);
      x = (ax + bx) / 2;
      y = (ay + by) / 2;
    } else {
      [x, y] = pt(built.at);
    }
    marks.push(
      h('svg:circle', {
        class: 'last-move',
        'data-testid': 'last-move',
        'data-piece': built.piece,
        'data-at': built.at,
        cx: x,
        cy: y,
        r: 19,
        stroke: PLAYER_FILL[built.seat] || '#ffd400',
      }),
    );
  }
  if (robber && TOPO.hexCentres[robber.hex]) {
    const [cx, cy] = gridXY(TOPO.hexCentres[robber.hex], S);
    marks.push(h('svg:circle', { class: 'last-move robber-moved', 'data-testid': 'last-robber', 'data-hex': robber.hex, cx, cy, r: S * 0.8 }));
  }
  return marks;
}

export function boardSvg(h, view, ctx, ix, extra) {
  const board = view.board;
  const layers = { hexes: [], harbors: [], roads: [], edgeTargets: [], pieces: [], nodeTargets: [], top: [] };
  // Sea frame: a hexagon around the land, as large as the served board
  // needs (the base board's 5.6 hex radii; more for the 30-hex board).
  const frame = [];
  const reach = Math.max(...TOPO.nodePos.map((p) => Math.hypot(...gridXY(p, S))), 0);
  const radius = Math.max(5.6 * S, reach + 0.7 * S);
  for (let k = 0; k < 6; k++) {
    const ang = (Math.PI / 3) * k;
    frame.push(`${(Math.cos(ang) * radius).toFixed(1)},${(Math.sin(ang) * radius).toFixed(1)}`);
  }
  layers.hexes.push(h('svg:polygon', { points: frame.join(' '), fill: '#2f6fa6', stroke: '#8b5a2b', 'stroke-width': 6 }));
  board.tiles.forEach((tile, hx) => {
    const [cx, cy] = gridXY(TOPO.hexCentres[hx], S);
    const robberTargets = ix.robber.get(hx);
    const title = hexText(ctx, hx);
    layers.hexes.push(
      h(
        'svg:g',
        { class: 'hex', 'data-testid': `tile-${hx}`, 'data-terrain': tile.terrain },
        h('svg:title', {}, title),
        h('svg:polygon', { points: hexPoints(hx), fill: TERRAIN_FILL[tile.terrain], stroke: '#f3e6c4', 'stroke-width': 2.5 }),
        // The terrain drawn (art.js); its name is the hex's title.
        hexArt(tile.terrain, hexPoints(hx), cx, cy, S),
        h('svg:polygon', { points: hexPoints(hx), fill: 'none', stroke: '#f3e6c4', 'stroke-width': 2.5 }),
        tile.number
          ? [
              h('svg:circle', { class: 'token', cx, cy, r: 15, fill: '#fbf3dc', stroke: '#6b5a3a', 'stroke-width': 1.2, filter: 'drop-shadow(0 1px 1px #0006)' }),
              h(
                'svg:text',
                { x: cx, y: cy + 4, 'text-anchor': 'middle', 'font-size': tile.number === 6 || tile.number === 8 ? 15 : 13, 'font-weight': 700, fill: tile.number === 6 || tile.number === 8 ? '#c1121f' : '#222' },
                String(tile.number),
              ),
              Array.from({ length: pips(tile.number) }, (_, k) =>
                h('svg:circle', { cx: cx + (k - (pips(tile.number) - 1) / 2) * 3.6, cy: cy + 9.5, r: 1.3, fill: tile.number === 6 || tile.number === 8 ? '#c1121f' : '#222' }),
              ),
            ]
          : null,
      ),
    );
    if (robberTargets) {
      // The hex chosen while its victim is picked is marked (dark, framed),
      // so the board shows where the robber goes before the choice is sent.
      if (ctx.ui.robberHex === hx) layers.top.push(h('svg:polygon', { class: 'robber-chosen', 'data-testid': 'robber-chosen', 'data-hex': hx, points: hexPoints(hx) }));
      const act = () => {
        if (robberTargets.length === 1) ctx.act(robberTargets[0]);
        else {
          ctx.ui.robberHex = hx;
          ctx.rerender();
        }
      };
      layers.top.push(
        h(
          'svg:polygon',
          {
            class: ['target', 'target-hex'],
            points: hexPoints(hx),
            'data-testid': `hex-${hx}`,
            'data-victims': robberTargets.filter((a) => a.victim != null).length,
            role: 'button',
            tabindex: 0,
            'aria-label': title,
            onclick: act,
            onkeydown: (ev) => (ev.key === 'Enter' || ev.key === ' ') && act(),
          },
          h('svg:title', {}, title),
        ),
      );
    }
  });
  board.harbors.forEach((spot, i) => layers.harbors.push(harborEl(h, ctx, i, spot)));
  // Pieces.
  view.players.forEach((p, seat) => {
    for (const e of p.roads || []) {
      const [a, b] = TOPO.edgeNodes[e];
      const [ax, ay] = pt(a);
      const [bx, by] = pt(b);
      const x1 = ax + (bx - ax) * 0.14;
      const y1 = ay + (by - ay) * 0.14;
      const x2 = bx - (bx - ax) * 0.14;
      const y2 = by - (by - ay) * 0.14;
      layers.roads.push(
        h(
          'svg:g',
          { class: 'piece road', 'data-testid': `road-${e}`, 'data-seat': seat },
          h('svg:title', {}, `${ctx.seatName(seat)}: ${edgeText(ctx, e)}`),
          h('svg:line', { x1, y1, x2, y2, stroke: '#111', 'stroke-width': 9, 'stroke-linecap': 'round' }),
          h('svg:line', { x1, y1, x2, y2, stroke: PLAYER_FILL[seat], 'stroke-width': 5.5, 'stroke-linecap': 'round', 'stroke-dasharray': ROAD_DASH[seat] }),
        ),
      );
    }
    for (const n of p.settlements || []) {
      const [x, y] = pt(n);
      layers.pieces.push(settlementShape(h, x, y, seat, `settlement-${n}`));
    }
    for (const n of p.cities || []) {
      const [x, y] = pt(n);
      layers.pieces.push(cityShape(h, x, y, seat, `city-${n}`));
    }
  });
  // Robber.
  {
    const [cx, cy] = gridXY(TOPO.hexCentres[view.robber], S);
    layers.top.unshift(robberShape(h, ctx, cx + S * 0.42, cy + S * 0.12));
  }
  layers.top.push(...lastMoveMarks(h, ctx));
  // Targets: paths, then intersections on top.
  for (const [e, a] of ix.road) {
    const [n1, n2] = TOPO.edgeNodes[e];
    const [ax, ay] = pt(n1);
    const [bx, by] = pt(n2);
    const x1 = ax + (bx - ax) * 0.2;
    const y1 = ay + (by - ay) * 0.2;
    const x2 = bx - (bx - ax) * 0.2;
    const y2 = by - (by - ay) * 0.2;
    const label = describeAction(a, ctx);
    layers.edgeTargets.push(
      h(
        'svg:g',
        { class: 'target', 'data-testid': `edge-${e}`, role: 'button', tabindex: 0, 'aria-label': label, onclick: () => ctx.act(a), onkeydown: (ev) => (ev.key === 'Enter' || ev.key === ' ') && ctx.act(a) },
        h('svg:title', {}, label),
        h('svg:line', { class: 'target-edge-halo', x1, y1, x2, y2 }),
        h('svg:line', { class: 'target-edge', x1, y1, x2, y2 }),
        // A wider invisible band makes the path easy to hit on a phone (and gives it a size).
        h('svg:polygon', { points: band(x1, y1, x2, y2, 9), fill: 'transparent' }),
      ),
    );
  }
  for (const [map, kind] of [
    [ix.settlement, 'settlement'],
    [ix.city, 'city'],
  ]) {
    for (const [n, a] of map) {
      const [x, y] = pt(n);
      const label = describeAction(a, ctx);
      layers.nodeTargets.push(
        h(
          'svg:g',
          { class: 'target', 'data-testid': `node-${n}`, 'data-kind': kind, role: 'button', tabindex: 0, 'aria-label': label, onclick: () => ctx.act(a), onkeydown: (ev) => (ev.key === 'Enter' || ev.key === ' ') && ctx.act(a) },
          h('svg:title', {}, label),
          kind === 'city' ? h('svg:circle', { class: 'target-city', cx: x, cy: y, r: 16 }) : h('svg:circle', { class: 'target-node', cx: x, cy: y, r: 8 }),
          h('svg:circle', { class: 'hit', cx: x, cy: y, r: 20, fill: 'transparent' }),
        ),
      );
    }
  }
  if (extra) extra(layers);
  return h(
    'svg:svg',
    { class: 'catan-board', viewBox: boardViewBox(), 'data-testid': 'catan-board', role: 'img', 'aria-label': 'CATAN' },
    layers.hexes,
    layers.harbors,
    layers.roads,
    layers.top.filter((el) => el.getAttribute('class') === 'robber'),
    layers.pieces,
    layers.top.filter((el) => el.getAttribute('class') !== 'robber'),
    layers.edgeTargets,
    layers.nodeTargets,
  );
}

// ----- panels -----

export function turnButtons(h, ctx, ix) {
  const b = [];
  const one = ix.one;
  if (one.roll) b.push(button(h, tx(ctx, 'roll'), () => ctx.act(one.roll), { testid: 'roll', primary: true }));
  if (one.buy_development_card) b.push(button(h, tx(ctx, 'buyDev'), () => ctx.act(one.buy_development_card), { testid: 'buy-dev' }));
  if (ix.maritime.length) b.push(button(h, tx(ctx, 'maritime'), openDialog(ctx, 'maritime'), { testid: 'open-maritime' }));
  if (one.open_trade) b.push(button(h, tx(ctx, 'domestic'), () => ctx.act(one.open_trade), { testid: 'open-trade' }));
  if (one.end_turn) b.push(button(h, tx(ctx, 'endTurn'), () => ctx.act(one.end_turn), { testid: 'end-turn' }));
  return actionBar(h, b);
}

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

/** The last roll as large dice over the board. */
export function rollDice(h, view, ctx) {
  const d = view.last_roll;
  if (!d) return null;
  return bigDice(h, ctx, [{ value: d.red, kind: 'red' }, { value: d.yellow, kind: 'yellow' }], tx(ctx, 'dice', { n: d.red + d.yellow }));
}

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
