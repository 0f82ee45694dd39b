// Catan Junior at the table: the islands (good and die number), sites and
// routes, pirate lairs and ships in player colours (each marked with its seat
// number), Käpt'n Klau, the castle site, the five Rettungsringe, the supply,
// the Coco deck and open Coco cards, every seat's tiles and pieces left.
//
// Every control comes from the legal actions the server lists: a site, route
// or island is highlighted only if a listed action names it, the trade
// dialogs offer only listed trades, and every click sends one of them
// unchanged (the pro variant's offer builder sends the engine's one-tile
// steps, each checked against the fresh list). The piece built last and
// Käpt'n Klau's last move are ringed, from the public log. Where sites lie
// on screen comes from catan-junior-board.js.

import { SIDES, corners, useTopology } from './catan-junior-board.js';
import { idList, colorMap, onDescription, inkFor, termName, cost, seatTerm } from './describe.js';

export { useTopology };

/** The log's words that get an icon: the goods in the page's language. */
export function logWords(ctx) {
  return Object.fromEntries(GOODS.map((g) => [g, goodName(ctx, g)]));
}
import { ensureStyle, band } from './ui-common.js';
import { boardFrame, actionBar } from './board-frame.js';
import { cardFace, handRow, gameDock, bigDice } from './hand.js';
import { offerBuilder } from './trade-builder.js';
import { artIcon, terrainArt } from '../art.js';
import { latestTurn, lastOf } from './last-move.js';

export const meta = { title: { de: 'Catan Junior', en: 'Catan Junior' }, players: [2, 4] };

/** The goods in the engine's order, with their colours, from the served description. */
const GOODS = idList('good');
const GOOD_FILL = colorMap('good');
const GOOD_TEXT = {};
/** Seat colours by id (both sides of the board): fill, ink and names. */
const COLOUR_FILL = {};
const COLOUR_TEXT = {};
const COLOUR_TERM = {};
onDescription((d) => {
  for (const m of [GOOD_TEXT, COLOUR_FILL, COLOUR_TEXT, COLOUR_TERM]) for (const k of Object.keys(m)) delete m[k];
  for (const g of GOODS) GOOD_TEXT[g] = inkFor(GOOD_FILL[g]);
  for (const c of [...(d.seats || []), ...(d.facts?.two_player_seats || [])]) {
    COLOUR_FILL[c.id] = c.color;
    COLOUR_TEXT[c.id] = inkFor(c.color);
    COLOUR_TERM[c.id] = c;
  }
});
const SHIP_DASH = [null, '10 4', '3 3', '12 3 3 3'];

const TX = {
  askCoco: { de: 'Coco fragen ({cost})', en: 'Ask Coco ({cost})' },
  endTurn: { de: 'Zug beenden', en: 'End turn' },
  roll: { de: 'Wurf: {n}', en: 'Roll: {n}' },
  noRoll: { de: 'Noch nicht gewürfelt', en: 'Not rolled yet' },
  rings: { de: 'Rettungsringe', en: 'Life rings' },
  supply: { de: 'Vorrat', en: 'Supply' },
  deck: { de: 'Coco-Karten im Stapel: {n}', en: 'Coco cards in the deck: {n}' },
  ringTrade: { de: 'Tausch am Rettungsring (1:1, einmal pro Zug)', en: 'Life ring trade (1:1, once a turn)' },
  supplyTrade: { de: 'Tausch mit dem Vorrat (2:1)', en: 'Trade with the supply (2:1)' },
  take: { de: 'Nimm', en: 'Take' },
  give: { de: 'Gib', en: 'Give' },
  give2: { de: 'Gib 2', en: 'Give 2' },
  take1: { de: 'Nimm 1', en: 'Take 1' },
  close: { de: 'Schließen', en: 'Close' },
  cancel: { de: 'Abbrechen', en: 'Cancel' },
  klauHint: { de: 'Versetze Käpt’n Klau: klicke eine markierte Insel.', en: 'Move Käpt’n Klau: click a highlighted island.' },
  freeBuildHint: { de: 'Coco: baue ein Piratenversteck oder ein Schiff kostenlos.', en: 'Coco: build a lair or a ship for free.' },
  buildHint: { de: 'Bauen: klicke einen markierten Platz (Versteck) oder eine markierte Route (Schiff).', en: 'Build: click a highlighted site (lair) or route (ship).' },
  lairs: { de: 'Verstecke übrig: {n}', en: 'Lairs left: {n}' },
  ships: { de: 'Schiffe übrig: {n}', en: 'Ships left: {n}' },
  tiles: { de: 'Plättchen', en: 'Tiles' },
  cards: { de: 'Coco-Karten', en: 'Coco cards' },
  none: { de: 'keine', en: 'none' },
  nothing: { de: 'nichts', en: 'nothing' },
  castle: { de: 'Burgplatz', en: 'Castle site' },
  castleHolder: { de: 'Burgplatz: {who}', en: 'Castle site: {who}' },
  klau: { de: 'Käpt’n Klau', en: 'Käpt’n Klau' },
  island: { de: 'Insel {n}', en: 'island {n}' },
  castleIsland: { de: 'Burginsel', en: 'the castle island' },
  site: { de: 'Platz {n}', en: 'site {n}' },
  route: { de: 'Route {a}–{b}', en: 'route {a}–{b}' },
  offerTitle: { de: 'Tauschangebot an einen Mitspieler', en: 'Trade offer to a player' },
  lastBuilt: { de: 'Zuletzt gebaut', en: 'Built last' },
  lastKlau: { de: 'Käpt’n Klau zuletzt hierher versetzt', en: 'Käpt’n Klau was moved here last' },
  offerTo: { de: 'An', en: 'To' },
  offerSend: { de: 'Angebot machen', en: 'Make the offer' },
  cancelOffer: { de: 'Angebot verwerfen', en: 'Drop the offer' },
  theyOffer: { de: '{who} bietet dir {give} für {get}.', en: '{who} offers you {give} for {get}.' },
  accept: { de: 'Annehmen', en: 'Accept' },
  decline: { de: 'Ablehnen', en: 'Decline' },
  trade: { de: 'Tauschen', en: 'Trade' },
  goal: { de: 'Ziel: alle Piratenverstecke bauen', en: 'Goal: build all your pirate lairs' },
};

function tx(ctx, key, vars) {
  return ctx.L(TX[key], vars);
}
function de(ctx) {
  return ctx.lang !== 'en';
}
function goodName(ctx, g) {
  return termName(ctx, 'good', g);
}
function goodsText(ctx, goods) {
  const parts = GOODS.filter((g) => goods?.[g]).map((g) => `${goods[g]} ${goodName(ctx, g)}`);
  return parts.length ? parts.join(', ') : tx(ctx, 'nothing');
}
function islandText(ctx, name) {
  if (name === 'castle') return tx(ctx, 'castleIsland');
  const side = SIDES[ctx.view?.side];
  const i = side?.islands.find((x) => x.name === name);
  return i ? `${tx(ctx, 'island', { n: name })} (${goodName(ctx, i.good)} ${i.number})` : tx(ctx, 'island', { n: name });
}
function siteText(ctx, n) {
  const side = SIDES[ctx.view?.side];
  if (side && n === side.castleSite) return tx(ctx, 'castle');
  return tx(ctx, 'site', { n });
}
function routeText(ctx, r) {
  return tx(ctx, 'route', { a: r?.[0], b: r?.[1] });
}
function cocoName(ctx, c) {
  return termName(ctx, 'card', c);
}
function seatColour(view, i) {
  return view?.seats?.[i]?.colour || seatTerm(i)?.id;
}

export function describeAction(a, ctx) {
  const d = de(ctx);
  switch (a?.type) {
    case 'build_lair':
      return d ? `Piratenversteck bauen: ${siteText(ctx, a.site)}` : `Build a pirate lair: ${siteText(ctx, a.site)}`;
    case 'build_ship':
      return d ? `Schiff bauen: ${routeText(ctx, a.route)}` : `Build a ship: ${routeText(ctx, a.route)}`;
    case 'ask_coco':
      return tx(ctx, 'askCoco', { cost: goodsText(ctx, cost('ask_coco')) });
    case 'trade_ring':
      return d
        ? `Rettungsring: nimm 1 ${goodName(ctx, a.take)}, gib 1 ${goodName(ctx, a.give)}`
        : `Life ring: take 1 ${goodName(ctx, a.take)}, give 1 ${goodName(ctx, a.give)}`;
    case 'trade_supply':
      return d
        ? `Vorrat: gib 2 ${goodName(ctx, a.give)}, nimm 1 ${goodName(ctx, a.take)}`
        : `Supply: give 2 ${goodName(ctx, a.give)}, take 1 ${goodName(ctx, a.take)}`;
    case 'move_klau':
      return d ? `Käpt’n Klau auf ${islandText(ctx, a.island)} setzen` : `Move Käpt’n Klau to ${islandText(ctx, a.island)}`;
    case 'open_offer':
      return d ? `Angebot an ${ctx.seatName(a.to)}` : `Offer to ${ctx.seatName(a.to)}`;
    case 'offer_give':
      return d ? `Angebot: 1 ${goodName(ctx, a.good)} mehr geben` : `Offer: give 1 more ${goodName(ctx, a.good)}`;
    case 'offer_get':
      return d ? `Angebot: 1 ${goodName(ctx, a.good)} mehr verlangen` : `Offer: ask for 1 more ${goodName(ctx, a.good)}`;
    case 'submit_offer':
      return tx(ctx, 'offerSend');
    case 'cancel_offer':
      return tx(ctx, 'cancelOffer');
    case 'accept':
      return tx(ctx, 'accept');
    case 'decline':
      return tx(ctx, 'decline');
    case 'end_turn':
      return tx(ctx, 'endTurn');
    default:
      return JSON.stringify(a);
  }
}

export function describeEvent(e, ctx) {
  const d = de(ctx);
  const name = (s) => ctx.seatName(s);
  switch (e?.type) {
    case 'rolled':
      return d ? `${name(e.captain)} würfelt eine ${e.value}.` : `${name(e.captain)} rolls a ${e.value}.`;
    case 'received':
      return d ? `${name(e.seat)} erhält ${goodsText(ctx, e.goods)}.` : `${name(e.seat)} receives ${goodsText(ctx, e.goods)}.`;
    case 'blocked':
      return d ? `Käpt’n Klau blockiert ${islandText(ctx, e.island)}: sie liefert nichts.` : `Käpt’n Klau blocks ${islandText(ctx, e.island)}: it produces nothing.`;
    case 'shortage':
      return d
        ? `Der Vorrat hat zu wenig ${goodName(ctx, e.good)}: alle geben ihre ${goodName(ctx, e.good)} zurück.`
        : `The supply is short of ${goodName(ctx, e.good)}: everybody returns their ${goodName(ctx, e.good)}.`;
    case 'klau_moved':
      return d ? `${name(e.captain)} setzt Käpt’n Klau auf ${islandText(ctx, e.island)}.` : `${name(e.captain)} moves Käpt’n Klau to ${islandText(ctx, e.island)}.`;
    case 'built_lair': {
      const free = e.free ? (d ? ' (gratis)' : ' (free)') : '';
      return d ? `${name(e.seat)} baut ein Piratenversteck: ${siteText(ctx, e.site)}${free}.` : `${name(e.seat)} builds a pirate lair: ${siteText(ctx, e.site)}${free}.`;
    }
    case 'built_ship': {
      const free = e.free ? (d ? ' (gratis)' : ' (free)') : '';
      return d ? `${name(e.seat)} baut ein Schiff: ${routeText(ctx, e.route)}${free}.` : `${name(e.seat)} builds a ship: ${routeText(ctx, e.route)}${free}.`;
    }
    case 'asked_coco':
      return d ? `${name(e.captain)} fragt Coco um Hilfe.` : `${name(e.captain)} asks Coco for help.`;
    case 'coco_revealed':
      return d ? `Coco-Karte für ${name(e.captain)}: ${cocoName(ctx, e.card)}.` : `Coco card for ${name(e.captain)}: ${cocoName(ctx, e.card)}.`;
    case 'free_build_lost':
      return d ? `${name(e.captain)} kann nichts gratis bauen: der Gratis-Bau verfällt.` : `${name(e.captain)} cannot build anything: the free build is lost.`;
    case 'castle':
      if (e.holder != null)
        return d ? `${name(e.holder)} erhält den Burgplatz (die meisten Coco-Karten).` : `${name(e.holder)} takes the castle site (most Coco cards).`;
      return d ? 'Gleichstand bei den Coco-Karten: der Burgplatz wird frei.' : 'A tie in Coco cards: the castle site is empty again.';
    case 'traded_ring':
      return d
        ? `${name(e.captain)} tauscht am Rettungsring: nimmt 1 ${goodName(ctx, e.take)}, gibt 1 ${goodName(ctx, e.give)}.`
        : `${name(e.captain)} trades at a life ring: takes 1 ${goodName(ctx, e.take)}, gives 1 ${goodName(ctx, e.give)}.`;
    case 'traded_supply':
      return d
        ? `${name(e.captain)} tauscht mit dem Vorrat: gibt 2 ${goodName(ctx, e.give)}, nimmt 1 ${goodName(ctx, e.take)}.`
        : `${name(e.captain)} trades with the supply: gives 2 ${goodName(ctx, e.give)}, takes 1 ${goodName(ctx, e.take)}.`;
    case 'rings_refreshed':
      return d
        ? `Alle Rettungsringe trugen ${goodName(ctx, e.good)}: neu belegt mit je einer Sorte.`
        : `All life rings held ${goodName(ctx, e.good)}: refilled with one of each good.`;
    case 'offered':
      return d
        ? `${name(e.captain)} bietet ${name(e.to)} ${goodsText(ctx, e.give)} für ${goodsText(ctx, e.get)}.`
        : `${name(e.captain)} offers ${name(e.to)} ${goodsText(ctx, e.give)} for ${goodsText(ctx, e.get)}.`;
    case 'still_short':
      return d ? `${goodName(ctx, e.good)} ist knapp: in diesem Zug wird keine mehr ausgegeben.` : `${goodName(ctx, e.good)} is short: none is handed out this turn.`;
    case 'offer_cancelled':
      return d ? `${name(e.captain)} verwirft das Angebot.` : `${name(e.captain)} drops the offer.`;
    case 'offer_answered':
      return e.accepted ? (d ? `${name(e.seat)} nimmt an: getauscht.` : `${name(e.seat)} accepts: traded.`) : d ? `${name(e.seat)} lehnt ab.` : `${name(e.seat)} declines.`;
    case 'turn_ended':
      return d ? `${name(e.next)} ist jetzt Kapitän.` : `${name(e.next)} is captain now.`;
    case 'won':
      return d ? `${name(e.seat)} hat alle Piratenverstecke gebaut und gewinnt!` : `${name(e.seat)} has built every pirate lair and wins!`;
    default:
      return null;
  }
}

export function describeReason(reason, ctx) {
  if (reason === 'lairs' || reason === 'all_lairs' || reason === 'win' || reason === 'points')
    return de(ctx) ? 'alle Piratenverstecke gebaut' : 'built every pirate lair';
  return String(reason).replace(/_/g, ' ');
}

// ----- legal actions, indexed -----

function index(legal) {
  const ix = { lair: new Map(), ship: new Map(), klau: new Map(), ring: [], supply: [], offer: [], give: new Map(), get: new Map(), one: {} };
  for (const a of legal) {
    switch (a?.type) {
      case 'build_lair':
        ix.lair.set(a.site, a);
        break;
      case 'build_ship':
        ix.ship.set(`${Math.min(...a.route)}-${Math.max(...a.route)}`, a);
        break;
      case 'move_klau':
        ix.klau.set(a.island, a);
        break;
      case 'trade_ring':
        ix.ring.push(a);
        break;
      case 'trade_supply':
        ix.supply.push(a);
        break;
      case 'open_offer':
        ix.offer.push(a);
        break;
      case 'offer_give':
        ix.give.set(a.good, a);
        break;
      case 'offer_get':
        ix.get.set(a.good, a);
        break;
      default:
        if (a?.type) ix.one[a.type] = a;
    }
  }
  return ix;
}

const STYLE = `
.junior { display: flex; flex-wrap: wrap; gap: .75rem; align-items: flex-start; }
.junior .junior-board-wrap { flex: 1 1 460px; min-width: 280px; max-width: 760px; }
.junior .last-move { fill: none; stroke-width: 4; pointer-events: none; filter: drop-shadow(0 0 3px #fff); animation: junior-last 1.2s ease-in-out 3; }
.junior .last-move.klau-moved { stroke: #111; stroke-dasharray: 7 5; }
@keyframes junior-last { 50% { stroke-width: 7; } }
@media (prefers-reduced-motion: reduce) { .junior .last-move { animation: none; } }
.junior .offer-to button.sel { box-shadow: 0 0 0 3px var(--warn, #e0a000); }
.junior .junior-side { flex: 1 1 260px; min-width: 240px; display: flex; flex-direction: column; gap: .5rem; }
.junior svg.junior-board { width: 100%; height: auto; display: block; background: #3d8fc4; border-radius: 10px; }
.junior .target { cursor: pointer; }
.junior .target-site { fill: #ffe14d; stroke: #111; stroke-width: 2.5; animation: catan-pulse 1.2s ease-in-out infinite; }
.junior .target-route { stroke: #ffe14d; stroke-width: 8; stroke-dasharray: 6 3; stroke-linecap: round; opacity: .9; animation: catan-pulse 1.2s ease-in-out infinite; }
.junior .target-route-halo { stroke: #111; stroke-width: 11; stroke-linecap: round; opacity: .55; }
.junior .target-island { fill: rgba(255,225,77,.25); stroke: #ffe14d; stroke-width: 4; stroke-dasharray: 8 5; }
@keyframes catan-pulse { 50% { opacity: .55; } }
.junior .res-row { display: flex; flex-wrap: wrap; gap: .3rem; align-items: center; }
.junior .res { display: inline-flex; align-items: center; gap: .25rem; padding: .15rem .45rem; border-radius: 999px; border: 1px solid #0003; font-size: .9rem; background: #fff; }
.junior .res .sw { width: .8rem; height: .8rem; border-radius: 3px; border: 1px solid #0005; display: inline-block; }
.junior button.res { cursor: pointer; font: inherit; }
.junior button.res.sel { box-shadow: 0 0 0 3px var(--warn, #e0a000); }
.junior .jseat { border: 1px solid var(--line, #ccc); border-radius: 8px; padding: .4rem .55rem; background: var(--panel, #fff); }
.junior .jseat.current { border: 2px solid var(--accent, #2a6); }
.junior .jseat header { display: flex; gap: .4rem; align-items: center; justify-content: space-between; }
.junior .badge { display: inline-flex; align-items: center; justify-content: center; min-width: 1.4rem; height: 1.4rem; border-radius: 4px; font-weight: 700; border: 1.5px solid #222; font-size: .85rem; }
.junior .stats { display: flex; flex-wrap: wrap; gap: .2rem .7rem; font-size: .88rem; }
.junior .die { width: 1.8rem; height: 1.8rem; border-radius: 6px; display: inline-flex; align-items: center; justify-content: center; font-weight: 700; border: 1.5px solid #222; background: #fff; }
.junior .topline { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; justify-content: space-between; }
.junior .action-panel h4 { margin: 0 0 .3rem; }
.junior .action-panel .res-row { margin-top: .3rem; }
.junior .coco { border: 1px solid #b58; background: #fdf0f6; border-radius: 5px; padding: .1rem .4rem; font-size: .85rem; }
@media (max-width: 520px) {
  .junior .junior-board-wrap, .junior .junior-side { flex-basis: 100%; min-width: 0; }
  /* A finger needs 40 px: the hit circles of sites grow to half the distance
     between neighbouring sites (44 units), so they never overlap. */
  .junior .target .hit { r: 22px; }
  .junior .target .hit-band { stroke-width: 26px; }
}
`;

const U = 22; // grid unit in SVG units (x: half a hex radius; y: scaled for a regular hex)
const YS = Math.sqrt(3); // a flat-top hex: corner (1, 1) is at (R/2, R·√3/2)
function xy([x, y]) {
  return [x * U, y * U * YS];
}

function goodChip(h, ctx, g, n, attrs = {}) {
  return h(
    attrs.onclick ? 'button' : 'span',
    { class: ['res', attrs.sel && 'sel'], type: attrs.onclick ? 'button' : null, title: goodName(ctx, g), 'data-testid': attrs.testid, onclick: attrs.onclick },
    artIcon(g) || h('span', { class: 'sw', style: { background: GOOD_FILL[g] } }),
    n != null ? `${n} ${goodName(ctx, g)}` : goodName(ctx, g),
  );
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

function boardSvg(h, view, ctx, ix) {
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
      const sx1 = x1 + (x2 - x1) * 0.18;
      const sy1 = y1 + (y2 - y1) * 0.18;
      const sx2 = x2 - (x2 - x1) * 0.18;
      const sy2 = y2 - (y2 - y1) * 0.18;
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
    const sx1 = x1 + (x2 - x1) * 0.2;
    const sy1 = y1 + (y2 - y1) * 0.2;
    const sx2 = x2 - (x2 - x1) * 0.2;
    const sy2 = y2 - (y2 - y1) * 0.2;
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

function button(h, label, onclick, attrs = {}) {
  return h('button', { type: 'button', class: [attrs.primary && 'primary', attrs.sel && 'sel'], 'data-testid': attrs.testid, disabled: attrs.disabled, onclick }, label);
}

function toggle(ctx, name) {
  return () => {
    ctx.ui.dialog = ctx.ui.dialog === name ? null : name;
    ctx.ui.take = null;
    ctx.ui.give = null;
    ctx.rerender();
  };
}

function closeButton(h, ctx) {
  return button(h, tx(ctx, 'close'), () => {
    ctx.ui.dialog = null;
    ctx.rerender();
  });
}

/** A two-step trade dialog: pick the first good, then the listed partners of it. */
function tradeDialog(h, ctx, testid, title, list, firstKey, secondKey, firstLabel, secondLabel) {
  const firsts = GOODS.filter((g) => list.some((a) => a[firstKey] === g));
  const first = firsts.includes(ctx.ui.first) ? ctx.ui.first : null;
  return h(
    'div',
    { class: 'action-panel', 'data-testid': testid },
    h('h4', {}, title),
    h(
      'div',
      { class: 'res-row' },
      h('strong', {}, `${firstLabel}:`),
      firsts.map((g) =>
        goodChip(h, ctx, g, null, {
          testid: `${testid}-${firstKey}-${g}`,
          sel: first === g,
          onclick: () => {
            ctx.ui.first = g;
            ctx.rerender();
          },
        }),
      ),
    ),
    first
      ? h(
          'div',
          { class: 'res-row' },
          h('strong', {}, `${secondLabel}:`),
          list.filter((a) => a[firstKey] === first).map((a) => goodChip(h, ctx, a[secondKey], null, { testid: `${testid}-${secondKey}-${a[secondKey]}`, onclick: () => ctx.act(a) })),
        )
      : null,
    h('div', { class: 'buttons' }, closeButton(h, ctx)),
  );
}

// The pro variant's offer to a player, put together with − and + for every
// good (what you give, bounded by your tiles; what you want, bounded by the
// partner's tiles, which are open) and sent in one go: the engine's
// `open_offer`, one `offer_give` / `offer_get` per tile and `submit_offer`.
// A draft already open (its tiles added before) is finished the same way.
function offerPanel(h, view, ctx, ix) {
  const phase = view.phase || {};
  const draft = phase.type === 'offer_draft';
  const partners = ix.offer.map((a) => a.to);
  if (!draft && !partners.includes(ctx.ui.offerTo)) ctx.ui.offerTo = partners[0];
  const to = draft ? phase.to : ctx.ui.offerTo;
  if (to == null) return null;
  const hand = view.seats[ctx.seat]?.hand || {};
  const theirs = view.seats[to]?.hand || {};
  const already = { give: draft ? phase.give || {} : {}, get: draft ? phase.get || {} : {} };
  const head = draft
    ? h('div', { class: 'buttons offer-to' }, h('strong', {}, `${tx(ctx, 'offerTo')}: ${ctx.seatName(to)}`))
    : h(
        'div',
        { class: 'buttons offer-to' },
        h('strong', {}, `${tx(ctx, 'offerTo')}:`),
        partners.map((p) =>
          button(
            h,
            ctx.seatName(p),
            () => {
              ctx.ui.offerTo = p;
              ctx.rerender();
            },
            { testid: `offer-to-${p}`, sel: p === to },
          ),
        ),
      );
  return offerBuilder(h, ctx, {
    kinds: GOODS,
    name: (g) => goodName(ctx, g),
    text: (m) => goodsText(ctx, m),
    fill: (g) => GOOD_FILL[g],
    textColour: (g) => GOOD_TEXT[g],
    icon: (g) => artIcon(g),
    hand,
    offer: already,
    key: JSON.stringify([to, already]),
    head,
    canGive: (g) => (draft ? ix.give.has(g) : (hand[g] || 0) > 0),
    canGet: (g) => (draft ? ix.get.has(g) : (theirs[g] || 0) > 0),
    maxGive: (g) => (hand[g] || 0) - (already.give[g] || 0),
    maxGet: (g) => (theirs[g] || 0) - (already.get[g] || 0),
    actions: (pick) => {
      const out = draft ? [] : [ix.offer.find((a) => a.to === to)];
      for (const g of GOODS) for (let k = 0; k < (pick.give[g] || 0); k++) out.push({ type: 'offer_give', good: g });
      for (const g of GOODS) for (let k = 0; k < (pick.get[g] || 0); k++) out.push({ type: 'offer_get', good: g });
      out.push({ type: 'submit_offer' });
      return out;
    },
    buttons: [
      draft && ix.one.cancel_offer ? button(h, tx(ctx, 'cancelOffer'), () => ctx.act(ix.one.cancel_offer), { testid: 'offer-cancel' }) : null,
      draft ? null : closeButton(h, ctx),
    ],
  });
}

function panels(h, view, ctx, ix) {
  const out = [];
  const phase = view.phase || {};
  const b = [];
  if (ix.one.ask_coco) b.push(button(h, tx(ctx, 'askCoco', { cost: goodsText(ctx, cost('ask_coco')) }), () => ctx.act(ix.one.ask_coco), { testid: 'ask-coco' }));
  if (ix.ring.length) b.push(button(h, tx(ctx, 'ringTrade'), toggle(ctx, 'ring'), { testid: 'open-ring-trade' }));
  if (ix.supply.length) b.push(button(h, tx(ctx, 'supplyTrade'), toggle(ctx, 'supply'), { testid: 'open-supply-trade' }));
  if (ix.offer.length) b.push(button(h, tx(ctx, 'offerTitle'), toggle(ctx, 'offer'), { testid: 'open-offer' }));
  if (ix.one.end_turn) b.push(button(h, tx(ctx, 'endTurn'), () => ctx.act(ix.one.end_turn), { testid: 'end-turn', primary: !ix.lair.size && !ix.ship.size }));
  if (b.length) out.push(actionBar(h, b));
  if (ix.klau.size) out.push(h('div', { class: 'action-panel prompt', 'data-testid': 'klau-prompt' }, tx(ctx, 'klauHint')));
  if (phase.type === 'free_build' && (ix.lair.size || ix.ship.size)) out.push(h('div', { class: 'action-panel prompt', 'data-testid': 'free-build-prompt' }, tx(ctx, 'freeBuildHint')));
  else if (ix.lair.size || ix.ship.size) out.push(h('div', { class: 'action-panel prompt', 'data-testid': 'build-prompt' }, tx(ctx, 'buildHint')));
  if (ctx.ui.dialog === 'ring' && ix.ring.length) out.push(tradeDialog(h, ctx, 'ring', tx(ctx, 'ringTrade'), ix.ring, 'take', 'give', tx(ctx, 'take'), tx(ctx, 'give')));
  if (ctx.ui.dialog === 'supply' && ix.supply.length) out.push(tradeDialog(h, ctx, 'supply', tx(ctx, 'supplyTrade'), ix.supply, 'give', 'take', tx(ctx, 'give2'), tx(ctx, 'take1')));
  if ((ctx.ui.dialog === 'offer' && ix.offer.length) || (phase.type === 'offer_draft' && ix.one.cancel_offer)) out.push(offerPanel(h, view, ctx, ix));
  if (phase.type === 'offer' && (ix.one.accept || ix.one.decline)) {
    out.push(
      h(
        'div',
        { class: 'action-panel', 'data-testid': 'reply-panel' },
        tx(ctx, 'theyOffer', { who: ctx.seatName(view.captain), give: goodsText(ctx, phase.give), get: goodsText(ctx, phase.get) }),
        h(
          'div',
          { class: 'buttons' },
          ix.one.accept ? button(h, tx(ctx, 'accept'), () => ctx.act(ix.one.accept), { testid: 'accept', primary: true }) : null,
          ix.one.decline ? button(h, tx(ctx, 'decline'), () => ctx.act(ix.one.decline), { testid: 'decline' }) : null,
        ),
      ),
    );
  }
  return out;
}

function seatEl(h, view, i, ctx) {
  const s = view.seats[i];
  const me = ctx.seat === i;
  const current = view.captain === i && view.phase?.type !== 'over';
  const colour = s.colour;
  const cards = Object.entries(s.cards || {}).filter(([, n]) => n);
  return h(
    'section',
    { class: ['jseat', me && 'me', current && 'current'], 'data-testid': `seat-${i}` },
    h(
      'header',
      {},
      h(
        'span',
        {},
        h('span', { class: 'badge', style: { background: COLOUR_FILL[colour], color: COLOUR_TEXT[colour] }, title: COLOUR_TERM[colour]?.[de(ctx) ? 'de' : 'en'] || colour }, String(i + 1)),
        ' ',
        h('strong', {}, ctx.seatName(i)),
      ),
      h('span', { 'data-testid': `lairs-left-${i}` }, tx(ctx, 'lairs', { n: s.lairs_left })),
    ),
    h(
      'div',
      { class: 'stats' },
      h('span', {}, tx(ctx, 'ships', { n: s.ships_left })),
      view.castle === i ? h('span', { class: 'coco', 'data-testid': `castle-holder-${i}` }, tx(ctx, 'castle')) : null,
    ),
    // The own tiles and Coco cards are in the hand at the bottom of the screen; the others' are open here.
    me ? null : h('div', { class: 'res-row', 'data-testid': `hand-${i}` }, h('span', { class: 'muted' }, `${tx(ctx, 'tiles')}:`), GOODS.map((g) => goodChip(h, ctx, g, s.hand?.[g] || 0))),
    me
      ? null
      : h(
          'div',
          { class: 'res-row' },
          h('span', { class: 'muted' }, `${tx(ctx, 'cards')}:`),
          cards.length ? cards.map(([c, n]) => h('span', { class: 'coco' }, `${n} × ${cocoName(ctx, c)}`)) : h('span', { class: 'muted' }, tx(ctx, 'none')),
        ),
  );
}

/** The pictures of the Coco cards' faces: what each card gives or does. */
const COCO_ART = { move_klau: ['sabre'], free_build: ['gold'], wood_pineapple: ['wood', 'pineapple'], wool_sabre: ['wool', 'sabre'] };

/** The own hand in the dock: the five goods as card faces (faded at zero) and the Coco cards kept. */
function juniorHand(h, view, ctx) {
  const i = ctx.seat;
  const s = i != null ? view.seats[i] : null;
  if (!s) return null;
  const cards = Object.entries(s.cards || {}).filter(([, n]) => n);
  return handRow(
    h,
    [
      { label: tx(ctx, 'tiles'), testid: `hand-${i}`, cards: GOODS.map((g) => cardFace(h, { kind: g, name: goodName(ctx, g), count: s.hand?.[g] || 0, fill: GOOD_FILL[g], testid: `hand-good-${g}` })) },
      {
        label: tx(ctx, 'cards'),
        testid: `coco-${i}`,
        cards: cards.map(([c, n]) => cardFace(h, { kind: c, name: cocoName(ctx, c), count: n, fill: '#b8d8a0', wide: true, art: h('span', {}, (COCO_ART[c] || []).map((k) => artIcon(k))), testid: `coco-card-${c}` })),
      },
    ],
    'hand',
  );
}

function ringsEl(h, view, ctx) {
  const rings = [];
  for (const g of GOODS) for (let k = 0; k < (view.rings?.[g] || 0); k++) rings.push(g);
  return h(
    'section',
    { class: 'jseat', 'data-testid': 'rings' },
    h('header', {}, h('strong', {}, tx(ctx, 'rings'))),
    h(
      'svg:svg',
      { viewBox: `0 0 ${Math.max(rings.length, 5) * 34} 34`, width: Math.max(rings.length, 5) * 34, height: 34, role: 'img', 'aria-label': tx(ctx, 'rings') },
      rings.map((g, k) =>
        h(
          'svg:g',
          {},
          h('svg:title', {}, goodName(ctx, g)),
          h('svg:circle', { cx: 17 + k * 34, cy: 17, r: 13, fill: 'none', stroke: '#e04848', 'stroke-width': 6, 'stroke-dasharray': '7 5.6' }),
          h('svg:circle', { cx: 17 + k * 34, cy: 17, r: 8, fill: GOOD_FILL[g], stroke: '#222', 'stroke-width': 1 }),
        ),
      ),
    ),
    h('div', { class: 'res-row' }, GOODS.filter((g) => view.rings?.[g]).map((g) => goodChip(h, ctx, g, view.rings[g]))),
  );
}

export function render(view, legal, ctx) {
  const { h } = ctx;
  ensureStyle('junior-style', STYLE);
  const ix = index(legal);
  const order = view.seats.map((_, i) => i);
  if (ctx.seat != null) order.sort((a, b) => (a === ctx.seat ? -1 : b === ctx.seat ? 1 : a - b));
  const die = view.roll ? bigDice(h, ctx, [{ value: view.roll, kind: 'white' }], tx(ctx, 'roll', { n: view.roll })) : null;
  return h(
    'div',
    { class: 'junior' },
    boardFrame(h, ctx, boardSvg(h, view, ctx, ix), { wrap: 'junior-board-wrap', over: die }),
    h(
      'div',
      { class: 'junior-side' },
      h(
        'div',
        { class: 'topline' },
        view.roll ? h('span', { 'data-testid': 'die', title: tx(ctx, 'roll', { n: view.roll }) }, h('span', { class: 'die' }, String(view.roll))) : h('span', { class: 'muted', 'data-testid': 'die' }, tx(ctx, 'noRoll')),
        h('span', { class: 'muted' }, tx(ctx, 'goal')),
      ),
      ringsEl(h, view, ctx),
      h(
        'section',
        { class: 'jseat', 'data-testid': 'supply' },
        h('header', {}, h('strong', {}, tx(ctx, 'supply')), h('span', { class: 'muted' }, tx(ctx, 'deck', { n: view.deck_size }))),
        h('div', { class: 'res-row' }, GOODS.map((g) => goodChip(h, ctx, g, view.supply?.[g] || 0))),
      ),
      order.map((i) => seatEl(h, view, i, ctx)),
    ),
    gameDock(h, ctx, { controls: panels(h, view, ctx, ix), hand: juniorHand(h, view, ctx) }),
  );
}
export { juniorPoints as scoreBreakdown, juniorStats as statistics } from './scores.js';
