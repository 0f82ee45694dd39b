// The CATAN board as SVG: terrain (catan-art.js), number tokens with pips,
// harbors, the robber, roads, settlements and cities in player colours (each
// marked with its seat number, roads with a dash pattern per seat, so that
// colour is never the only cue), the marks of the latest turn, and the board
// targets of the listed build and robber actions. CATAN's table (catan.js)
// and Cities & Knights' (ck-table.js, whose layers ck-board.js adds through
// `extra`) both draw it, so it is a module of its own below both tables; a
// Seafarers renderer would draw its board from here too. The board's shape
// comes from catan-board.js.

import { colorMap } from './describe.js';
import { TOPO, gridXY } from './catan-board.js';
import { hexArt } from './catan-art.js';
import { RES_FILL, PLAYER_FILL, PLAYER_TEXT } from './catan-common.js';
import { tx, resName, edgeText, hexText, describeAction } from './catan-text.js';
import { band, inset } from './ui-common.js';

/** Each terrain's colour, from the served description. */
const TERRAIN_FILL = colorMap('terrain');
/** Road dash patterns per seat: a second cue beside the colour. */
const ROAD_DASH = [null, '10 4', '3 3', '12 3 3 3', '6 2', '2 2 8 2'];

const S = 50; // hex radius in SVG units
const pt = (n) => gridXY(TOPO.nodePos[n], S);

/**
 * A clickable path `e` (a target of the board): the middle of the path drawn
 * dashed over a dark halo, `label` as its title and accessible name, `onAct`
 * on a click or Enter/Space. `attrs` adds attributes to the group (C&K's
 * `data-kinds`, ck-board.js).
 */
export function edgeTarget(h, e, label, onAct, attrs = {}) {
  const [n1, n2] = TOPO.edgeNodes[e];
  const [ax, ay] = pt(n1);
  const [bx, by] = pt(n2);
  const [x1, y1, x2, y2] = inset(ax, ay, bx, by, 0.2);
  return h(
    'svg:g',
    { class: 'target', 'data-testid': `edge-${e}`, ...attrs, role: 'button', tabindex: 0, 'aria-label': label, onclick: onAct, onkeydown: (ev) => (ev.key === 'Enter' || ev.key === ' ') && onAct() },
    h('svg:title', {}, label),
    h('svg:line', { class: 'target-edge-halo', x1, y1, x2, y2 }),
    h('svg:line', { class: 'target-edge', x1, y1, x2, y2 }),
    // A wider invisible band makes the path easy to hit on a phone (and gives it a size).
    h('svg:polygon', { points: band(x1, y1, x2, y2, 9), fill: 'transparent' }),
  );
}

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

/** The board; `extra(layers)` lets the C&K layers (ck-board.js) add to it. */
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
      const [x1, y1, x2, y2] = inset(ax, ay, bx, by, 0.14);
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
  for (const [e, a] of ix.road) layers.edgeTargets.push(edgeTarget(h, e, describeAction(a, ctx), () => ctx.act(a)));
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
