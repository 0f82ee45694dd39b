// Cities & Knights on the CATAN board: knights (basic, strong, mighty; active
// or not; the hero), city walls, metropolises, the merchant, squires, the
// sleeping robber, and the board targets of every C&K action.
//
// Targets come only from the legal actions. They are grouped by the place
// they name: an intersection, path or hex with one action sends it on a
// click; with several, a click opens the place's menu (see ck-table.js).
// Two-step actions (a knight's move, a squire's step, Inventor's two hexes)
// first pick where they start, then show where they can go.

import { TOPO, gridXY } from './catan-board.js';
import { termName } from './describe.js';
import { PLAYER_FILL } from './catan-common.js';
import { describeAction as catanAction } from './catan-text.js';
import { edgeTarget } from './catan-board-svg.js';
import { TRACK_FILL, knightStrength, hexNeighbours, squireBlocked, squireStepCost, actionCost, costSuffix, cardsText, isDe, name } from './ck-text.js';

const BASE_PRICED = new Set(['build_road', 'build_settlement', 'build_city']);
/** An action in words (catan-text.js's sentence, C&K ones included) with its cost. */
export function say(a, ctx) {
  const text = catanAction(a, ctx);
  return BASE_PRICED.has(a?.type) ? text + costSuffix(ctx, actionCost(a, ctx.view, ctx.seat)) : text;
}

const S = 50; // the hex radius of catan-board-svg.js's board
const pt = (n) => gridXY(TOPO.nodePos[n], S);
const hexXY = (hx) => gridXY(TOPO.hexCentres[hx], S);
const TEXT_ON = ['#fff', '#fff', '#111', '#111'];

/** Progress-card actions and the card they play (the card's targets are shown once the card is chosen). */
export const CARD_OF = {
  play_alchemist: 'alchemist',
  crane_improvement: 'crane',
  play_engineer: 'engineer',
  play_inventor: 'inventor',
  play_medicine: 'medicine',
  play_bishop: 'bishop',
  play_deserter: 'deserter',
  play_diplomat: 'diplomat',
  play_intrigue: 'intrigue',
  play_spy: 'spy',
  play_master_merchant: 'master_merchant',
  play_merchant: 'merchant',
  play_merchant_fleet: 'merchant_fleet',
  play_resource_monopoly: 'resource_monopoly',
  play_trade_monopoly: 'trade_monopoly',
};
export function cardOf(a) {
  return a?.type === 'play_progress' ? a.card : CARD_OF[a?.type];
}

const NODE_KEY = {
  build_settlement: 'node',
  build_city: 'node',
  build_knight: 'node',
  promote_knight: 'node',
  activate_knight: 'node',
  build_wall: 'node',
  chase_robber: 'knight',
  upgrade_hero: 'node',
  place_metropolis: 'node',
  lose_city: 'node',
  relocate_knight: 'node',
  remove_knight: 'node',
  play_engineer: 'node',
  play_medicine: 'node',
  play_intrigue: 'node',
};
const HEX_KEY = { recruit_squire: 'hex', play_bishop: 'hex', play_merchant: 'hex' };
const EDGE_KEY = { build_road: 'edge', play_diplomat: 'edge' };

/**
 * The board's targets for the current selection: `nodes`, `edges`, `hexes`
 * (place id -> actions), `starts` (knights and squires that can move, with
 * the start kind), `covered` (every action reachable from the board now).
 */
export function boardTargets(legal, ui) {
  const t = { nodes: new Map(), edges: new Map(), hexes: new Map(), knightStarts: new Map(), squireStarts: new Map(), pairStarts: new Map(), covered: new Set() };
  const add = (map, key, a) => {
    map.set(key, [...(map.get(key) || []), a]);
    t.covered.add(a);
  };
  for (const a of legal) {
    const card = cardOf(a);
    if (card ? card !== ui.card : ui.card) continue;
    if (a.type === 'move_knight' || a.type === 'displace_knight') {
      if (ui.knightFrom === a.from) add(t.nodes, a.to, a);
      else if (ui.knightFrom == null && ui.squireFrom == null && !ui.card) {
        t.knightStarts.set(a.from, [...(t.knightStarts.get(a.from) || []), a]);
        t.covered.add(a);
      }
    } else if (a.type === 'move_squire') {
      if (ui.squireFrom === a.from) add(t.hexes, a.to, a);
      else if (ui.squireFrom == null && ui.knightFrom == null && !ui.card) {
        t.squireStarts.set(a.from, [...(t.squireStarts.get(a.from) || []), a]);
        t.covered.add(a);
      }
    } else if (a.type === 'play_inventor') {
      if (ui.pairA == null) {
        add(t.hexes, a.a, a);
        add(t.hexes, a.b, a);
      } else if (ui.pairA === a.a) add(t.hexes, a.b, a);
      else if (ui.pairA === a.b) add(t.hexes, a.a, a);
    } else if (ui.knightFrom != null || ui.squireFrom != null) {
      continue;
    } else if (NODE_KEY[a.type]) add(t.nodes, a[NODE_KEY[a.type]], a);
    else if (HEX_KEY[a.type]) add(t.hexes, a[HEX_KEY[a.type]], a);
    else if (EDGE_KEY[a.type]) add(t.edges, a[EDGE_KEY[a.type]], a);
  }
  return t;
}

function activate(ctx, handler) {
  return {
    role: 'button',
    tabindex: 0,
    onclick: handler,
    onkeydown: (ev) => (ev.key === 'Enter' || ev.key === ' ') && handler(),
  };
}

/** One place clicked: its single action is sent, several open its menu. */
function choose(ctx, kind, id, actions) {
  return () => {
    if (ctx.ui.card === 'inventor' && actions[0]?.type === 'play_inventor') {
      if (ctx.ui.pairA == null) {
        ctx.ui.pairA = id;
        ctx.rerender();
        return;
      }
      const a = actions.find((x) => (x.a === id && x.b === ctx.ui.pairA) || (x.b === id && x.a === ctx.ui.pairA));
      if (a) ctx.act(a);
      return;
    }
    if (actions.length === 1) ctx.act(actions[0]);
    else {
      ctx.ui.menu = { kind, id };
      ctx.rerender();
    }
  };
}

function placeLabel(ctx, actions) {
  return actions.map((a) => say(a, ctx)).join(' · ');
}

/** Knights: a round shield in the owner's colour, rings for the strength, full when active, a crown for the hero. */
function knightShape(h, ctx, view, seat, n) {
  const ck = view.cities_knights.players[seat];
  const [x, y] = pt(n);
  const strength = knightStrength(ck, n);
  const active = ck.active?.includes(n);
  const hero = ck.heroes?.hero?.includes(n);
  const d = isDe(ctx);
  const piece = termName(ctx, 'piece', ['', 'basic_knight', 'strong_knight', 'mighty_knight'][strength]);
  const title = `${ctx.seatName(seat)}: ${piece}, ${active ? (d ? 'aktiv' : 'active') : d ? 'inaktiv' : 'inactive'}${hero ? `, ${termName(ctx, 'piece', 'hero')}` : ''}`;
  const r = 10;
  return h(
    'svg:g',
    { class: ['piece', 'knight', active ? 'knight-active' : 'knight-inactive'], 'data-testid': `knight-${n}`, 'data-seat': seat, 'data-strength': strength, 'data-active': active ? 'true' : 'false', 'data-hero': hero ? 'true' : 'false' },
    h('svg:title', {}, title),
    h('svg:circle', { cx: x, cy: y, r: r + 2.5, fill: active ? '#ffe14d' : '#555', stroke: '#111', 'stroke-width': 1.2 }),
    h('svg:circle', { cx: x, cy: y, r, fill: PLAYER_FILL[seat], stroke: '#111', 'stroke-width': 1.5, opacity: active ? 1 : 0.55, 'stroke-dasharray': active ? null : '3 2' }),
    strength >= 2 ? h('svg:circle', { cx: x, cy: y, r: r - 3.5, fill: 'none', stroke: TEXT_ON[seat], 'stroke-width': 1.3 }) : null,
    strength >= 3 ? h('svg:circle', { cx: x, cy: y, r: r - 6.5, fill: 'none', stroke: TEXT_ON[seat], 'stroke-width': 1.3 }) : null,
    h('svg:text', { x, y: y + 3.5, 'text-anchor': 'middle', 'font-size': 9, 'font-weight': 800, fill: TEXT_ON[seat] }, ['', 'I', 'II', 'III'][strength]),
    hero
      ? h('svg:path', { class: 'hero-crown', d: `M${x - 7},${y - r - 2} L${x - 7},${y - r - 9} L${x - 3.5},${y - r - 5} L${x},${y - r - 11} L${x + 3.5},${y - r - 5} L${x + 7},${y - r - 9} L${x + 7},${y - r - 2} Z`, fill: '#ffd700', stroke: '#111', 'stroke-width': 1.2 })
      : null,
  );
}

/** Where a seat's squire sits on a hex (each seat its own spot, so two never overlap). */
function squireXY(hx, seat) {
  const [cx, cy] = hexXY(hx);
  const ang = (Math.PI / 2) * seat + Math.PI / 4;
  return [cx + Math.cos(ang) * S * 0.5, cy + Math.sin(ang) * S * 0.42];
}

/** The C&K layers added to CATAN's board (catan-board-svg.js). */
export function addLayers(h, view, ctx, legal, layers) {
  const ck = view.cities_knights;
  const d = isDe(ctx);
  const t = boardTargets(legal, ctx.ui);
  ctx.ui.covered = t.covered;
  // Walls under their cities.
  view.players.forEach((p, seat) => {
    for (const n of ck.players[seat]?.walls || []) {
      const [x, y] = pt(n);
      layers.roads.push(
        h(
          'svg:g',
          { class: 'piece wall', 'data-testid': `wall-${n}`, 'data-seat': seat },
          h('svg:title', {}, `${ctx.seatName(seat)}: ${d ? 'Stadtmauer' : 'city wall'}`),
          h('svg:rect', { x: x - 19, y: y - 6, width: 38, height: 20, rx: 2, fill: '#6d6d6d', stroke: '#111', 'stroke-width': 1.5, 'stroke-dasharray': '5 1.5' }),
        ),
      );
    }
  });
  // Metropolises on top of their cities.
  ck.metropolises.forEach((m, i) => {
    if (!m) return;
    const track = ['trade', 'politics', 'science'][i];
    const [x, y] = pt(m.node);
    layers.pieces.push(
      h(
        'svg:g',
        { class: 'piece metropolis', 'data-testid': `metropolis-${track}`, 'data-seat': m.seat, 'pointer-events': 'none' },
        h('svg:title', {}, `${d ? 'Metropole' : 'Metropolis'} ${name(ctx, track)}: ${ctx.seatName(m.seat)}`),
        h('svg:path', { d: `M${x - 6},${y - 11} L${x - 6},${y - 24} L${x},${y - 30} L${x + 6},${y - 24} L${x + 6},${y - 11} Z`, fill: TRACK_FILL[track], stroke: '#111', 'stroke-width': 1.5 }),
      ),
    );
  });
  // Knights.
  view.players.forEach((p, seat) => {
    for (const n of ck.players[seat]?.knights || p.knights || []) {
      const starts = t.knightStarts.get(n);
      const g = knightShape(h, ctx, view, seat, n);
      layers.pieces.push(g);
      if (starts && seat === ctx.seat) {
        // A knight that can move or displace: part of the node's menu (below).
        if (!t.nodes.has(n)) t.nodes.set(n, []);
      }
    }
  });
  // The merchant.
  if (ck.merchant) {
    const [cx, cy] = hexXY(ck.merchant.hex);
    const x = cx - S * 0.45;
    const y = cy + S * 0.1;
    layers.pieces.push(
      h(
        'svg:g',
        { class: 'piece merchant', 'data-testid': 'merchant', 'data-seat': ck.merchant.seat, 'pointer-events': 'none' },
        h('svg:title', {}, `${d ? 'Händler' : 'Merchant'}: ${ctx.seatName(ck.merchant.seat)}`),
        h('svg:path', { d: `M${x},${y - 13} L${x + 8},${y + 8} L${x - 8},${y + 8} Z`, fill: PLAYER_FILL[ck.merchant.seat], stroke: '#111', 'stroke-width': 1.5 }),
        h('svg:text', { x, y: y + 5, 'text-anchor': 'middle', 'font-size': 8, 'font-weight': 800, fill: TEXT_ON[ck.merchant.seat] }, d ? 'H' : 'M'),
      ),
    );
  }
  // Squires.
  ck.players.forEach((cp, seat) => {
    for (const hx of cp.heroes?.squires || []) {
      const [x, y] = squireXY(hx, seat);
      const starts = seat === ctx.seat ? t.squireStarts.get(hx) : null;
      const selected = ctx.ui.squireFrom === hx && seat === ctx.seat;
      const title = `${ctx.seatName(seat)}: ${d ? 'Knappe' : 'squire'}${starts ? (d ? ' – klicken zum Ziehen' : ' – click to move') : ''}`;
      const pick = () => {
        ctx.ui.squireFrom = selected ? null : hx;
        ctx.ui.menu = null;
        ctx.rerender();
      };
      layers.pieces.push(
        h(
          'svg:g',
          { class: ['piece', 'squire', starts && 'target'], 'data-testid': `squire-${hx}`, 'data-seat': seat, ...(starts ? activate(ctx, pick) : {}), 'aria-label': title },
          h('svg:title', {}, title),
          h('svg:path', { d: `M${x - 7},${y - 8} L${x + 7},${y - 8} L${x + 7},${y + 1} Q${x},${y + 11} ${x - 7},${y + 1} Z`, fill: PLAYER_FILL[seat], stroke: selected ? '#ffe14d' : '#111', 'stroke-width': selected ? 3.5 : 1.5, class: starts ? 'target-node' : null, style: starts ? { fill: PLAYER_FILL[seat] } : null }),
          h('svg:text', { x, y: y + 1.5, 'text-anchor': 'middle', 'font-size': 8, 'font-weight': 800, fill: TEXT_ON[seat], 'pointer-events': 'none' }, d ? 'K' : 'S'),
        ),
      );
    }
  });
  // The robber sleeps until the first attack.
  if (!ck.robber_awake) {
    const [cx, cy] = hexXY(view.robber);
    layers.pieces.push(
      h('svg:g', { class: 'robber-asleep', 'data-testid': 'robber-asleep', 'pointer-events': 'none' }, h('svg:title', {}, d ? 'Der Räuber schläft bis zum ersten Barbarenangriff.' : 'The robber sleeps until the first barbarian attack.'), h('svg:text', { x: cx + S * 0.62, y: cy - S * 0.2, 'font-size': 12, 'font-weight': 800, fill: '#fff', stroke: '#111', 'stroke-width': 0.6 }, 'zzz')),
    );
  }
  // Where the selected squire cannot go: blocked by an opposing road, or the desert.
  if (ctx.ui.squireFrom != null && ctx.seat != null) {
    for (const o of hexNeighbours(ctx.ui.squireFrom)) {
      if (t.hexes.has(o)) continue;
      const [cx, cy] = hexXY(o);
      const desert = view.board.tiles[o]?.terrain === 'desert';
      if (!view.board.tiles[o]) continue;
      const blocked = squireBlocked(view, ctx.seat, ctx.ui.squireFrom, o);
      // "Occupied" only where a squire of the player's own stands (`snh.squire.one_per_hex`);
      // an empty hex the step cannot reach is too dear (`snh.squire.move.cost`).
      const own = (ck.players[ctx.seat]?.heroes?.squires || []).includes(o);
      const cost = squireStepCost(view, ctx.seat, ctx.ui.squireFrom, o);
      const hand = view.players[ctx.seat]?.hand || {};
      const dear = Object.entries(cost).some(([k, n]) => (hand[k] || 0) < n);
      const kind = desert ? 'desert' : blocked ? 'road' : own ? 'own-squire' : dear ? 'cost' : 'other';
      const why = {
        desert: d ? 'Wüste: kein Zutritt' : 'desert: no entry',
        road: d ? 'gesperrt: fremde Straße' : 'blocked: opposing road',
        'own-squire': d ? 'besetzt: eigener Knappe' : 'occupied: own squire',
        cost: d ? `zu teuer: ${cardsText(ctx, cost)}` : `too dear: ${cardsText(ctx, cost)}`,
        other: d ? 'jetzt nicht erreichbar' : 'not reachable now',
      }[kind];
      layers.top.push(
        h('svg:g', { class: 'squire-blocked', 'data-testid': `squire-blocked-${o}`, 'data-why': kind, 'pointer-events': 'none' }, h('svg:title', {}, why), h('svg:text', { x: cx, y: cy + S * 0.45, 'text-anchor': 'middle', 'font-size': 20, 'font-weight': 900, fill: '#c1121f', stroke: '#fff', 'stroke-width': 1 }, '✕'), h('svg:text', { x: cx, y: cy + S * 0.7, 'text-anchor': 'middle', 'font-size': 8, 'font-weight': 700, fill: '#fff', stroke: '#111', 'stroke-width': 0.3 }, why)),
      );
    }
  }
  // Targets: hexes, paths, intersections (knights that can move join their intersection's menu).
  for (const [hx, acts] of t.hexes) {
    const label = placeLabel(ctx, acts);
    const pts = TOPO.hexNodes[hx].map((n) => pt(n).map((v) => v.toFixed(1)).join(',')).join(' ');
    const [cx, cy] = hexXY(hx);
    const step = acts.length === 1 && acts[0].type === 'move_squire' ? costSuffix(ctx, actionCost(acts[0], view, ctx.seat)).replace(/^ \(|\)$/g, '') : null;
    layers.top.push(
      h(
        'svg:g',
        { class: 'target', 'data-testid': `ck-hex-${hx}`, 'data-kinds': acts.map((a) => a.type).join(' '), 'aria-label': label, ...activate(ctx, choose(ctx, 'hex', hx, acts)) },
        h('svg:title', {}, label),
        h('svg:polygon', { class: 'target-hex', points: pts, style: ctx.ui.pairA === hx ? { fill: 'rgba(255,255,255,.45)' } : null }),
        step ? h('svg:text', { class: 'step-cost', x: cx, y: cy - S * 0.2, 'text-anchor': 'middle', 'font-size': 10, 'font-weight': 800, fill: '#111', stroke: '#fff', 'stroke-width': 0.4 }, step) : null,
      ),
    );
  }
  for (const [e, acts] of t.edges) {
    layers.edgeTargets.push(edgeTarget(h, e, placeLabel(ctx, acts), choose(ctx, 'edge', e, acts), { 'data-kinds': acts.map((a) => a.type).join(' ') }));
  }
  for (const [n, acts] of t.nodes) {
    const starts = ctx.ui.knightFrom == null ? t.knightStarts.get(n) : null;
    const all = starts ? [...acts, { type: '__move', from: n }] : acts;
    if (!all.length) continue;
    const [x, y] = pt(n);
    const label = starts ? `${placeLabel(ctx, acts)}${acts.length ? ' · ' : ''}${d ? 'Ritter ziehen/vertreiben' : 'move/displace the knight'}` : placeLabel(ctx, acts);
    const onKnight = view.cities_knights.players.some((p) => p.knights?.includes(n));
    const building = view.players.some((p) => p.cities?.includes(n) || p.settlements?.includes(n));
    const only = all.length === 1 ? all[0] : null;
    const handler = only?.type === '__move' ? () => { ctx.ui.knightFrom = n; ctx.ui.menu = null; ctx.rerender(); } : choose(ctx, 'node', n, all);
    layers.nodeTargets.push(
      h(
        'svg:g',
        { class: 'target', 'data-testid': `node-${n}`, 'data-kind': acts[0]?.type === 'build_city' ? 'city' : acts[0]?.type === 'build_settlement' && acts.length === 1 ? 'settlement' : 'ck', 'data-kinds': all.map((a) => a.type).join(' '), 'aria-label': label, ...activate(ctx, handler) },
        h('svg:title', {}, label),
        onKnight || building ? h('svg:circle', { class: 'target-city', cx: x, cy: y, r: 16 }) : h('svg:circle', { class: 'target-node', cx: x, cy: y, r: 8 }),
        h('svg:circle', { cx: x, cy: y, r: 20, fill: 'transparent' }),
      ),
    );
  }
  return t;
}
