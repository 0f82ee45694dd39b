// Catan Junior's board as SVG: the islands (good, terrain art and die
// number), the castle island or castle site, water routes and sites, ships and
// pirate lairs in player colours (each lair marked with its seat number, ships
// with a dash pattern per seat), Käpt'n Klau, the marks of the latest move,
// and the targets of the listed build and Klau actions (a click sends the
// action). Where sites lie comes from catan-junior-board.js.

import { SIDES, corners } from './catan-junior-board.js';
import { GOOD_FILL, COLOUR_FILL, COLOUR_TEXT, seatColour } from './catan-junior-common.js';
import { tx, goodName, islandText, siteText, routeText, describeAction } from './catan-junior-text.js';
import { band, inset } from './ui-common.js';
import { terrainArt } from '../art.js';
import { latestTurn, lastOf } from './last-move.js';

/** Ship dash patterns per seat: a second cue beside the colour. */
const SHIP_DASH = [null, '10 4', '3 3', '12 3 3 3'];

const U = 22; // grid unit in SVG units (x: half a hex radius; y: scaled for a regular hex)
const YS = Math.sqrt(3); // a flat-top hex: corner (1, 1) is at (R/2, R·√3/2)
function xy([x, y]) {
  return [x * U, y * U * YS];
}

function lairShape(h, x, y, seat, colour, testid) {
  const s = 8;
  const d = `M${x - s},${y + s} L${x - s},${y - s * 0.2} L${x},${y - s * 1.2} L${x + s},${y - s * 0.2} L${x + s},${y + s} Z`;
  return h(
    'svg:g',
    { class: 'piece lair', 'data-testid': testid, 'data-seat': seat },
    h('svg:path', { d, fill: COLOUR_FILL[colour] || '#999', stroke: '#111', 'stroke-width': 1.8 }),
    h('svg:text', { x, y: y + s * 0.75, 'text-anchor': 'middle', 'font-size': 9.5, 'font-weight': 700, fill: COLOUR_TEXT[colour] || '#111' }, String(seat + 1)),
  );
}

const MOVES = new Set(['built_lair', 'built_ship', 'klau_moved']);

/**
 * What just happened, on the board: a ring in the builder's colour around
 * the lair or ship built last, and a dashed ring around the island Käpt'n
 * Klau was moved to, both from the turn of the latest such move in the
 * public log (the marks stay until the next captain builds or moves Klau,
 * so a player sees on the own turn what the others did).
 */
function lastMoveMarks(h, view, ctx, side, posOf, xy) {
  const turn = latestTurn(ctx.log, (e) => e?.type === 'turn_ended', (e) => MOVES.has(e?.type));
  const built = lastOf(turn, 'built_lair', 'built_ship');
  const klau = lastOf(turn, 'klau_moved');
  const marks = [];
  if (built) {
    const seat = built.seat;
    const stroke = COLOUR_FILL[seatColour(view, seat)] || '#ffd400';
    let x;
    let y;
    let at;
    if (built.type === 'built_lair') {
      [x, y] = posOf(built.site);
      at = String(built.site);
    } else {
      const [p, q] = built.route || [];
      const drawn = (view.seats[seat]?.ships || []).find((r) => (r[0] === p && r[1] === q) || (r[0] === q && r[1] === p)) || [p, q];
      const [x1, y1] = posOf(drawn[0]);
      const [x2, y2] = posOf(drawn[1]);
      x = (x1 + x2) / 2;
      y = (y1 + y2) / 2;
      at = `${drawn[0]}-${drawn[1]}`;
    }
    const piece = built.type === 'built_lair' ? 'lair' : 'ship';
    const what = piece === 'lair' ? siteText(ctx, built.site) : routeText(ctx, at.split('-'));
    marks.push(
      h(
        'svg:circle',
        { class: 'last-move', 'data-testid': 'last-move', 'data-piece': piece, 'data-at': at, 'data-seat': seat, cx: x, cy: y, r: 17, stroke },
        h('svg:title', {}, `${tx(ctx, 'lastBuilt')}: ${ctx.seatName(seat)}, ${what}`),
      ),
    );
  }
  if (klau) {
    const i = side.islands.find((x) => x.name === klau.island);
    if (i) {
      const [cx, cy] = xy(i.centre);
      marks.push(h('svg:circle', { class: 'last-move klau-moved', 'data-testid': 'last-klau', 'data-island': klau.island, cx, cy, r: 2.2 * U }, h('svg:title', {}, tx(ctx, 'lastKlau'))));
    }
  }
  return marks;
}

/** The board for `view`, its targets from the indexed legal actions `ix` (catan-junior.js's `index`). */
export function boardSvg(h, view, ctx, ix) {
  const side = SIDES[view.side];
  if (!side) return h('p', { class: 'muted' }, '…');
  const isl = [];
  const routes = [];
  const ships = [];
  const pieces = [];
  const targets = [];
  const keyAct = (a) => (ev) => (ev.key === 'Enter' || ev.key === ' ') && ctx.act(a);
  const poly = (c) => corners(c).map((p) => xy(p).map((v) => v.toFixed(1)).join(',')).join(' ');
  for (const i of side.islands) {
    const [cx, cy] = xy(i.centre);
    const title = islandText(ctx, i.name);
    isl.push(
      h(
        'svg:g',
        { class: 'island', 'data-testid': `island-${i.name}`, 'data-good': i.good },
        h('svg:title', {}, title),
        h('svg:polygon', { points: poly(i.centre), fill: GOOD_FILL[i.good], stroke: '#f3e6c4', 'stroke-width': 3 }),
        // The island's terrain drawn (art.js): its good's motif left and right of the number.
        terrainArt(i.good, poly(i.centre), [[cx - 25, cy + 6], [cx + 25, cy + 6]], 24),
        h('svg:polygon', { points: poly(i.centre), fill: 'none', stroke: '#f3e6c4', 'stroke-width': 3 }),
        h('svg:text', { class: 'island-name', x: cx, y: cy - 13, 'text-anchor': 'middle', 'font-size': 10, 'font-weight': 700, fill: '#111', stroke: '#fff', 'stroke-width': 2.5, 'paint-order': 'stroke' }, `${i.name} · ${goodName(ctx, i.good)}`),
        h('svg:circle', { class: 'token', cx, cy: cy + 5, r: 11, fill: '#fbf3dc', stroke: '#6b5a3a', 'stroke-width': 1.2, filter: 'drop-shadow(0 1px 1px #0006)' }),
        h('svg:text', { x: cx, y: cy + 9.5, 'text-anchor': 'middle', 'font-size': 13, 'font-weight': 700, fill: '#222' }, String(i.number)),
      ),
    );
    const a = ix.klau.get(i.name);
    if (a)
      targets.push(
        h('svg:polygon', { class: ['target', 'target-island'], points: poly(i.centre), 'data-testid': `klau-${i.name}`, role: 'button', tabindex: 0, 'aria-label': describeAction(a, ctx), onclick: () => ctx.act(a), onkeydown: keyAct(a) }, h('svg:title', {}, describeAction(a, ctx))),
      );
  }
  // The castle island (3–4 players) or a castle spot beside the board (2 players).
  const castleXY = side.castleCentre ? xy(side.castleCentre) : xy([-4.6, 3.2]);
  {
    const [cx, cy] = castleXY;
    if (side.castleCentre) {
      isl.push(h('svg:polygon', { points: poly(side.castleCentre), fill: '#a89f91', stroke: '#f3e6c4', 'stroke-width': 3 }, h('svg:title', {}, tx(ctx, 'castleIsland'))));
    }
    isl.push(
      h(
        'svg:g',
        { class: 'castle', 'data-testid': 'castle-site' },
        h('svg:title', {}, view.castle != null ? tx(ctx, 'castleHolder', { who: ctx.seatName(view.castle) }) : tx(ctx, 'castle')),
        h('svg:path', { d: `M${cx - 16},${cy + 10} V${cy - 8} h5 v4 h4 v-4 h6 v4 h4 v-4 h5 V${cy + 10} Z`, fill: '#6d6458', stroke: '#222', 'stroke-width': 1.5 }),
        h('svg:text', { x: cx, y: cy + 24, 'text-anchor': 'middle', 'font-size': 8.5, 'font-weight': 700, fill: '#fff' }, tx(ctx, 'castle')),
      ),
    );
  }
  // Routes (water lanes) and sites.
  for (const [a, b] of side.routes) {
    const [x1, y1] = xy(side.pos.get(a));
    const [x2, y2] = xy(side.pos.get(b));
    routes.push(h('svg:line', { x1, y1, x2, y2, stroke: '#ffffff55', 'stroke-width': 2, 'stroke-dasharray': '2 4' }));
  }
  for (const [n, p] of side.pos) {
    const [x, y] = xy(p);
    routes.push(h('svg:circle', { cx: x, cy: y, r: 4, fill: '#f3e6c4', stroke: '#6b5a3a', 'stroke-width': 1 }, h('svg:title', {}, siteText(ctx, n))));
    routes.push(h('svg:text', { x: x + 6, y: y - 5, 'font-size': 7, fill: '#fff', 'pointer-events': 'none' }, String(n)));
  }
  const posOf = (n) => (n === side.castleSite ? [castleXY[0], castleXY[1] - 16] : xy(side.pos.get(n) || [0, 0]));
  view.seats.forEach((s, seat) => {
    const colour = s.colour;
    for (const r of s.ships || []) {
      const [x1, y1] = posOf(r[0]);
      const [x2, y2] = posOf(r[1]);
      const [sx1, sy1, sx2, sy2] = inset(x1, y1, x2, y2, 0.18);
      ships.push(
        h(
          'svg:g',
          { class: 'piece ship', 'data-testid': `ship-${r[0]}-${r[1]}`, 'data-seat': seat },
          h('svg:title', {}, `${ctx.seatName(seat)}: ${routeText(ctx, r)}`),
          h('svg:line', { x1: sx1, y1: sy1, x2: sx2, y2: sy2, stroke: '#111', 'stroke-width': 8.5, 'stroke-linecap': 'round' }),
          h('svg:line', { x1: sx1, y1: sy1, x2: sx2, y2: sy2, stroke: COLOUR_FILL[colour] || '#999', 'stroke-width': 5, 'stroke-linecap': 'round', 'stroke-dasharray': SHIP_DASH[seat] }),
        ),
      );
    }
    for (const n of s.lairs || []) {
      const [x, y] = posOf(n);
      pieces.push(lairShape(h, x, y, seat, colour, `lair-${n}`));
    }
  });
  // Käpt'n Klau.
  {
    const i = side.islands.find((x) => x.name === view.klau);
    const [kx, ky] = i ? xy(i.centre) : castleXY;
    const x = kx + 25;
    const y = ky + 4;
    pieces.push(
      h(
        'svg:g',
        { class: 'klau', 'data-testid': 'klau', 'pointer-events': 'none' },
        h('svg:title', {}, tx(ctx, 'klau')),
        h('svg:path', { d: `M${x - 7},${y + 9} Q${x - 8},${y - 3} ${x},${y - 4} Q${x + 8},${y - 3} ${x + 7},${y + 9} Z`, fill: '#1b1b1b', stroke: '#fff', 'stroke-width': 1.2 }),
        h('svg:circle', { cx: x, cy: y - 8, r: 5, fill: '#1b1b1b', stroke: '#fff', 'stroke-width': 1.2 }),
        h('svg:path', { d: `M${x - 7},${y - 10} L${x},${y - 17} L${x + 7},${y - 10} Z`, fill: '#1b1b1b', stroke: '#fff', 'stroke-width': 1 }),
      ),
    );
  }
  pieces.push(...lastMoveMarks(h, view, ctx, side, posOf, xy));
  // Build targets.
  for (const [key, a] of ix.ship) {
    const [p, q] = key.split('-').map(Number);
    const [x1, y1] = posOf(p);
    const [x2, y2] = posOf(q);
    const [sx1, sy1, sx2, sy2] = inset(x1, y1, x2, y2, 0.2);
    const label = describeAction(a, ctx);
    targets.push(
      h(
        'svg:g',
        { class: 'target', 'data-testid': `route-${key}`, role: 'button', tabindex: 0, 'aria-label': label, onclick: () => ctx.act(a), onkeydown: keyAct(a) },
        h('svg:title', {}, label),
        h('svg:line', { class: 'target-route-halo', x1: sx1, y1: sy1, x2: sx2, y2: sy2 }),
        h('svg:line', { class: 'target-route', x1: sx1, y1: sy1, x2: sx2, y2: sy2 }),
        h('svg:polygon', { points: band(sx1, sy1, sx2, sy2, 8), fill: 'transparent' }),
        // On a phone a wider band (a transparent stroke) is easier to hit.
        h('svg:line', { class: 'hit-band', x1: sx1, y1: sy1, x2: sx2, y2: sy2, stroke: 'transparent', 'stroke-width': 16, 'stroke-linecap': 'round' }),
      ),
    );
  }
  for (const [n, a] of ix.lair) {
    const [x, y] = posOf(n);
    const label = describeAction(a, ctx);
    targets.push(
      h(
        'svg:g',
        { class: 'target', 'data-testid': `site-${n}`, role: 'button', tabindex: 0, 'aria-label': label, onclick: () => ctx.act(a), onkeydown: keyAct(a) },
        h('svg:title', {}, label),
        h('svg:circle', { class: 'target-site', cx: x, cy: y, r: 8 }),
        h('svg:circle', { class: 'hit', cx: x, cy: y, r: 15, fill: 'transparent' }),
      ),
    );
  }
  // Extent of the drawing.
  const pts = side.islands.flatMap((i) => corners(i.centre).map(xy)).concat([castleXY, [castleXY[0] - 40, castleXY[1] + 32], [castleXY[0] + 40, castleXY[1] - 34]]);
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  const pad = 0.8 * U;
  const minX = Math.min(...xs) - pad;
  const minY = Math.min(...ys) - pad;
  const w = Math.max(...xs) + pad - minX;
  const hgt = Math.max(...ys) + pad - minY;
  return h(
    'svg:svg',
    { class: 'junior-board', viewBox: `${minX.toFixed(0)} ${minY.toFixed(0)} ${w.toFixed(0)} ${hgt.toFixed(0)}`, 'data-testid': 'junior-board', role: 'img', 'aria-label': 'Catan Junior' },
    isl,
    routes,
    ships,
    pieces,
    targets,
  );
}
