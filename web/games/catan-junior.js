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
// on screen comes from catan-junior-board.js. Its words are in
// catan-junior-text.js, the board's drawing in catan-junior-svg.js, the goods'
// and seats' colours in catan-junior-common.js; this module is the game's
// entry (games.js loads it): the indexed legal actions, the side panels, the
// dialogs and trades, the dock and the layout.

import { useTopology } from './catan-junior-board.js';
import { cost } from './describe.js';
import { GOODS, GOOD_FILL, GOOD_TEXT, COLOUR_FILL, COLOUR_TEXT, COLOUR_TERM } from './catan-junior-common.js';
import { tx, de, goodName, goodsText, cocoName } from './catan-junior-text.js';
import { boardSvg } from './catan-junior-svg.js';
import { ensureStyle } from './ui-common.js';
import { boardFrame, actionBar } from './board-frame.js';
import { cardFace, handRow, gameDock, bigDice } from './hand.js';
import { offerBuilder } from './trade-builder.js';
import { artIcon } from '../art.js';

export { useTopology };
export { describeAction, describeEvent, describeReason, logWords } from './catan-junior-text.js';

export const meta = { title: { de: 'Catan Junior', en: 'Catan Junior' }, players: [2, 4] };

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

function goodChip(h, ctx, g, n, attrs = {}) {
  return h(
    attrs.onclick ? 'button' : 'span',
    { class: ['res', attrs.sel && 'sel'], type: attrs.onclick ? 'button' : null, title: goodName(ctx, g), 'data-testid': attrs.testid, onclick: attrs.onclick },
    artIcon(g) || h('span', { class: 'sw', style: { background: GOOD_FILL[g] } }),
    n != null ? `${n} ${goodName(ctx, g)}` : goodName(ctx, g),
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
