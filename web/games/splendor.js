// Splendor at the table: market (three levels with deck counts), nobles,
// bank, every player's tokens, bonuses, reserved cards and points. Every
// control comes from the legal actions the server lists for the seat:
// a card is clickable only if a buy or reserve of it is listed, the payment
// chooser lists exactly the listed payments, "take" is enabled only when the
// selected gems equal one listed take action.

import { CARDS, NOBLES, NOBLE_POINTS, GEMS } from './splendor-cards.js';
import { termName, idList } from './describe.js';
import { artIcon } from '../art.js';
import { boardFrame, actionBar } from './board-frame.js';
import { cardFace, handRow, gameDock } from './hand.js';
import { latestTurn, lastOf } from './last-move.js';

export const meta = { title: { de: 'Splendor', en: 'Splendor' }, players: [2, 4] };

/** Every token colour (gems, then gold), from the served description. */
const TOKENS = idList('token');
const TX = {
  level: { de: 'Stufe', en: 'Level' },
  pts: { de: 'P.', en: 'pts' },
  deck: { de: 'Stapel', en: 'Deck' },
  left: { de: '{n} übrig', en: '{n} left' },
  bank: { de: 'Bank', en: 'Bank' },
  nobles: { de: 'Adlige', en: 'Nobles' },
  take: { de: 'Marker nehmen', en: 'Take tokens' },
  clear: { de: 'Auswahl löschen', en: 'Clear selection' },
  pickHint: { de: 'Wähle Edelsteine in der Bank (zweimal klicken für zwei gleiche).', en: 'Pick gems from the bank (click twice for two of a kind).' },
  buyFor: { de: 'Kaufen für {pay}', en: 'Buy for {pay}' },
  reserve: { de: 'Reservieren', en: 'Reserve' },
  reserveDeck: { de: 'Verdeckt reservieren', en: 'Reserve face down' },
  cancel: { de: 'Abbrechen', en: 'Cancel' },
  free: { de: 'nichts', en: 'nothing' },
  byBonuses: { de: 'allein mit Boni (ohne Steine)', en: 'with bonuses alone (no tokens)' },
  buyByBonuses: { de: 'Kaufen allein mit Boni', en: 'Buy with bonuses alone' },
  returnHint: { de: 'Du hast mehr als 10 Marker: klicke einen deiner Marker, um ihn zurückzugeben.', en: 'You hold more than 10 tokens: click one of your tokens to return it.' },
  nobleHint: { de: 'Mehrere Adlige kommen in Frage: klicke den, der dich besucht.', en: 'Several nobles qualify: click the one who visits you.' },
  pass: { de: 'Passen', en: 'Pass' },
  tokens: { de: 'Marker', en: 'Tokens' },
  bonuses: { de: 'Boni', en: 'Bonuses' },
  reserved: { de: 'Reserviert', en: 'Reserved' },
  hidden: { de: 'verdeckt', en: 'face down' },
  cards: { de: 'Karten', en: 'cards' },
  oneCard: { de: 'Karte', en: 'card' },
  points: { de: 'Punkte', en: 'points' },
  cardActions: { de: 'Karte', en: 'Card' },
  lastMove: { de: 'Letzter Zug', en: 'Last move' },
  fresh: { de: 'neu ausgelegt', en: 'just dealt' },
};

function tx(ctx, key, vars) {
  return ctx.L(TX[key], vars);
}

/** The log's words that get an icon: the gem colours (and gold) in the page's language. */
export function logWords(ctx) {
  return Object.fromEntries(TOKENS.map((g) => [`gem-${g}`, colour(ctx, g)]));
}

function colour(ctx, c) {
  return termName(ctx, 'token', c);
}

/** "Level 2 · red · 2 pts (3 white, 5 black)". */
export function cardText(id, ctx) {
  const c = CARDS[id];
  if (!c) return `#${id}`;
  const [level, bonus, points, cost] = c;
  const costText = GEMS.map((g, i) => (cost[i] ? `${cost[i]} ${colour(ctx, g)}` : null)).filter(Boolean).join(', ');
  return `${tx(ctx, 'level')} ${level} · ${colour(ctx, bonus)}${points ? ` · ${points} ${tx(ctx, 'pts')}` : ''} (${costText})`;
}

function nobleText(id, ctx) {
  const n = NOBLES[id];
  if (!n) return `#${id}`;
  return GEMS.map((g, i) => (n[i] ? `${n[i]} ${colour(ctx, g)}` : null)).filter(Boolean).join(', ');
}

function tokensText(tokens, ctx) {
  const parts = TOKENS.filter((c) => tokens?.[c]).map((c) => `${tokens[c]} ${colour(ctx, c)}`);
  return parts.length ? parts.join(', ') : tx(ctx, 'free');
}

/**
 * What paid for a card: "für 2 Rot, 1 Gold", or, when the bonuses of the
 * cards already bought cover the whole price, "allein mit Boni" (a
 * card is not bought "for nothing").
 */
function paidText(payment, ctx) {
  if (TOKENS.some((c) => payment?.[c])) return `${ctx.lang !== 'en' ? 'für' : 'for'} ${tokensText(payment, ctx)}`;
  return tx(ctx, 'byBonuses');
}

function gemsText(gems, ctx) {
  return gems.map((g) => colour(ctx, g)).join(', ');
}

export function describeAction(a, ctx) {
  const de = ctx.lang !== 'en';
  switch (a?.type) {
    case 'take_different':
      return de ? `Nimm ${gemsText(a.gems, ctx)}` : `Take ${gemsText(a.gems, ctx)}`;
    case 'take_two':
      return de ? `Nimm 2 × ${colour(ctx, a.gem)}` : `Take 2 × ${colour(ctx, a.gem)}`;
    case 'reserve':
      return de ? `Reserviere ${cardText(a.card, ctx)}` : `Reserve ${cardText(a.card, ctx)}`;
    case 'reserve_deck':
      return de ? `Reserviere verdeckt von Stapel ${a.level}` : `Reserve face down from deck ${a.level}`;
    case 'buy':
      return de ? `Kaufe ${cardText(a.card, ctx)} ${paidText(a.payment, ctx)}` : `Buy ${cardText(a.card, ctx)} ${paidText(a.payment, ctx)}`;
    case 'return':
      return de ? `Gib 1 ${colour(ctx, a.token)} zurück` : `Return 1 ${colour(ctx, a.token)}`;
    case 'choose_noble':
      return de ? `Wähle den Adligen (${nobleText(a.noble, ctx)})` : `Choose the noble (${nobleText(a.noble, ctx)})`;
    case 'pass':
      return tx(ctx, 'pass');
    default:
      return JSON.stringify(a);
  }
}

export function describeEvent(e, ctx) {
  const de = ctx.lang !== 'en';
  const who = e.seat != null ? ctx.seatName(e.seat) : '';
  switch (e.type) {
    case 'card_dealt':
      return de ? `Neu ausgelegt: ${cardText(e.card, ctx)}.` : `Dealt face up: ${cardText(e.card, ctx)}.`;
    case 'noble_revealed':
      return de ? `Ein Adliger liegt aus (${nobleText(e.noble, ctx)}).` : `A noble is revealed (${nobleText(e.noble, ctx)}).`;
    case 'turn_began':
      return de ? `Zug ${e.turn}: ${who} ist am Zug.` : `Turn ${e.turn}: ${who} to play.`;
    case 'took_tokens':
      return de ? `${who} nimmt ${tokensText(e.tokens, ctx)}.` : `${who} takes ${tokensText(e.tokens, ctx)}.`;
    case 'reserved':
      return de
        ? `${who} reserviert ${cardText(e.card, ctx)}${e.gold ? ' und erhält 1 Gold' : ''}.`
        : `${who} reserves ${cardText(e.card, ctx)}${e.gold ? ' and gets 1 gold' : ''}.`;
    case 'reserved_from_deck':
      return de
        ? `${who} reserviert verdeckt von Stapel ${e.level}${e.gold ? ' und erhält 1 Gold' : ''}.`
        : `${who} reserves face down from deck ${e.level}${e.gold ? ' and gets 1 gold' : ''}.`;
    case 'drew_reserved':
      return e.card == null ? null : de ? `${who} sieht die verdeckte Karte: ${cardText(e.card, ctx)}.` : `${who} sees the face-down card: ${cardText(e.card, ctx)}.`;
    case 'bought':
      return de
        ? `${who} kauft ${e.from_reserve ? 'aus der Reserve ' : ''}${cardText(e.card, ctx)} ${paidText(e.payment, ctx)}.`
        : `${who} buys ${e.from_reserve ? 'from their reserve ' : ''}${cardText(e.card, ctx)} ${paidText(e.payment, ctx)}.`;
    case 'returned_token':
      return de ? `${who} gibt 1 ${colour(ctx, e.token)} zurück.` : `${who} returns 1 ${colour(ctx, e.token)}.`;
    case 'noble_visited':
      return de ? `Ein Adliger besucht ${who} (+${NOBLE_POINTS[e.noble] ?? 3} Punkte).` : `A noble visits ${who} (+${NOBLE_POINTS[e.noble] ?? 3} points).`;
    case 'passed':
      return de ? `${who} passt.` : `${who} passes.`;
    case 'game_ended': {
      const names = (e.winners || []).map((s) => ctx.seatName(s)).join(', ');
      return de ? `Spielende (${describeReason(e.reason, ctx)}). Gewonnen: ${names}.` : `Game over (${describeReason(e.reason, ctx)}). Winner: ${names}.`;
    }
    default:
      return null;
  }
}

export function describeReason(reason, ctx) {
  const de = ctx.lang !== 'en';
  if (reason === 'points') return de ? 'jemand hat 15 Punkte, die Runde ist zu Ende gespielt' : 'someone reached 15 points and the round was finished';
  if (reason === 'all_passed') return de ? 'alle haben in einer Runde gepasst' : 'everybody passed in one round';
  return String(reason);
}

// ----- rendering -----

function index(legal) {
  const ix = { takes: [], buy: new Map(), reserve: new Map(), reserveDeck: new Map(), ret: new Map(), noble: new Map(), pass: null };
  const add = (m, k, a) => m.set(k, [...(m.get(k) || []), a]);
  for (const a of legal) {
    switch (a?.type) {
      case 'take_different':
      case 'take_two':
        ix.takes.push(a);
        break;
      case 'buy':
        add(ix.buy, a.card, a);
        break;
      case 'reserve':
        ix.reserve.set(a.card, a);
        break;
      case 'reserve_deck':
        ix.reserveDeck.set(a.level, a);
        break;
      case 'return':
        ix.ret.set(a.token, a);
        break;
      case 'choose_noble':
        ix.noble.set(a.noble, a);
        break;
      case 'pass':
        ix.pass = a;
        break;
      default:
        break;
    }
  }
  return ix;
}

/** The listed take action equal to the selection, if any. */
/** Whether the legal take `a` contains every gem of `pick` (as many times as picked). */
function takeCovers(a, pick) {
  const counts = a.type === 'take_two' ? { [a.gem]: 2 } : Object.fromEntries(a.gems.map((g) => [g, 1]));
  return Object.entries(pick).every(([g, n]) => n <= (counts[g] || 0));
}

function matchTake(takes, pick) {
  const chosen = Object.entries(pick).filter(([, n]) => n > 0);
  for (const a of takes) {
    if (a.type === 'take_two' && chosen.length === 1 && chosen[0][0] === a.gem && chosen[0][1] === 2) return a;
    if (a.type === 'take_different' && chosen.every(([, n]) => n === 1) && chosen.length === a.gems.length && a.gems.every((g) => pick[g] === 1)) return a;
  }
  return null;
}

function chip(h, c, n, attrs = {}) {
  // The gem's drawing sits behind the count, so a token reads by its shape too, not only by colour.
  return h('span', { class: ['chip', `gem-${c}`, attrs.class], style: attrs.style, title: attrs.title, 'data-testid': attrs.testid, onclick: attrs.onclick, role: attrs.onclick ? 'button' : null, tabindex: attrs.onclick ? 0 : null }, artIcon(`gem-${c}`), h('span', { class: 'chip-n' }, String(n)));
}

function cardEl(h, id, ctx, ix, opts = {}) {
  const c = CARDS[id];
  const [level, bonus, points, cost] = c;
  const canBuy = ix.buy.has(id);
  const canReserve = ix.reserve.has(id);
  const clickable = canBuy || canReserve;
  return h(
    'div',
    {
      class: ['card', `bonus-${bonus}`, `level-${level}`, canBuy && 'can-buy', canReserve && !canBuy && 'can-reserve', ctx.ui.card === id && 'selected', opts.small && 'small', opts.mark],
      style: opts.mark ? opts.markStyle : null,
      'data-testid': opts.testid || `card-${id}`,
      'data-card': id,
      title: opts.note ? `${cardText(id, ctx)} (${opts.note})` : cardText(id, ctx),
      role: clickable ? 'button' : null,
      tabindex: clickable ? 0 : null,
      onclick: clickable
        ? () => {
            ctx.ui.card = ctx.ui.card === id ? null : id;
            ctx.rerender();
          }
        : null,
    },
    h('div', { class: 'card-top' }, h('span', { class: 'card-points' }, points ? String(points) : ''), h('span', { class: ['gem', `gem-${bonus}`] })),
    h(
      'div',
      { class: 'card-cost' },
      GEMS.map((g, i) => (cost[i] ? h('span', { class: ['cost', `gem-${g}`], title: colour(ctx, g) }, String(cost[i])) : null)),
    ),
  );
}

function nobleEl(h, id, ctx, ix, mark = null) {
  const req = NOBLES[id] || [];
  const a = ix.noble.get(id);
  return h(
    'div',
    {
      class: ['noble', a && 'can-choose', mark && 'last-noble'],
      style: mark?.style,
      'data-testid': `noble-${id}`,
      title: nobleText(id, ctx),
      role: a ? 'button' : null,
      tabindex: a ? 0 : null,
      onclick: a ? () => ctx.act(a) : null,
    },
    h('span', { class: 'noble-points' }, String(NOBLE_POINTS[id] ?? '')),
    h(
      'div',
      { class: 'noble-req' },
      GEMS.map((g, i) => (req[i] ? h('span', { class: ['req', `gem-${g}`] }, String(req[i])) : null)),
    ),
  );
}

function cardPanel(h, ctx, ix) {
  const id = ctx.ui.card;
  if (id == null || !(ix.buy.has(id) || ix.reserve.has(id))) return null;
  const buys = ix.buy.get(id) || [];
  return h(
    'div',
    { class: 'action-panel card-panel', 'data-testid': 'card-panel' },
    h('div', { class: 'card-panel-card' }, cardEl(h, id, { ...ctx, ui: {} }, { buy: new Map(), reserve: new Map() }), h('span', {}, cardText(id, ctx))),
    h(
      'div',
      { class: 'buttons' },
      buys.map((a) => h('button', { type: 'button', class: 'primary', 'data-testid': 'buy-option', onclick: () => ctx.act(a) }, TOKENS.some((c) => a.payment?.[c]) ? tx(ctx, 'buyFor', { pay: tokensText(a.payment, ctx) }) : tx(ctx, 'buyByBonuses'))),
      ix.reserve.has(id) ? h('button', { type: 'button', 'data-testid': 'reserve-card', onclick: () => ctx.act(ix.reserve.get(id)) }, tx(ctx, 'reserve')) : null,
      h(
        'button',
        {
          type: 'button',
          onclick: () => {
            ctx.ui.card = null;
            ctx.rerender();
          },
        },
        tx(ctx, 'cancel'),
      ),
    ),
  );
}

function bankEl(h, view, ctx, ix) {
  const pick = (ctx.ui.pick ||= {});
  const chips = TOKENS.map((c) => {
    const n = pick[c] || 0;
    // A gem can be added only while the selection stays part of some legal take, so a fourth gem
    // (or a second of one while others are picked) is never offered.
    const more = { ...pick, [c]: n + 1 };
    const can = ix.takes.some((a) => takeCovers(a, more));
    return h(
      'div',
      { class: 'bank-pile' },
      chip(h, c, view.bank?.[c] || 0, {
        class: [can && 'pickable', n && 'picked'],
        testid: `bank-${c}`,
        title: colour(ctx, c),
        onclick:
          can || n
            ? () => {
                pick[c] = can ? n + 1 : 0;
                ctx.rerender();
              }
            : null,
      }),
      n ? h('span', { class: 'pick-count', 'data-testid': `picked-${c}` }, `+${n}`) : null,
    );
  });
  return h('section', { class: 'bank' }, h('h3', {}, tx(ctx, 'bank')), h('div', { class: 'bank-chips' }, chips));
}

/** *Take tokens* for the gems picked in the bank (part of the action bar). */
function takeRow(h, ctx, ix) {
  if (!ix.takes.length) return null;
  const pick = (ctx.ui.pick ||= {});
  const chosen = matchTake(ix.takes, pick);
  const any = Object.values(pick).some((n) => n > 0);
  return h(
    'div',
    { class: 'take-row' },
    h('button', { type: 'button', class: 'primary', 'data-testid': 'take-tokens', disabled: !chosen, onclick: chosen ? () => ctx.act(chosen) : null }, tx(ctx, 'take')),
    any
      ? h(
          'button',
          {
            type: 'button',
            onclick: () => {
              ctx.ui.pick = {};
              ctx.rerender();
            },
          },
          tx(ctx, 'clear'),
        )
      : h('span', { class: 'muted hint' }, tx(ctx, 'pickHint')),
  );
}

// ----- the last move -----

const MOVES = new Set(['took_tokens', 'reserved', 'reserved_from_deck', 'bought', 'returned_token', 'noble_visited', 'passed']);
const KIND = { bought: 'buy', reserved: 'reserve', reserved_from_deck: 'reserve_deck', took_tokens: 'take', passed: 'pass' };

/**
 * What the latest turn did, from the public log: who, the main action (a
 * card bought or reserved, tokens taken, a pass), the noble who visited,
 * tokens returned, and the cards dealt into the market in its place. The
 * marks stay until the next player moves.
 */
export function lastMove(ctx) {
  const turn = latestTurn(ctx.log, (e) => e?.type === 'turn_began', (e) => MOVES.has(e?.type));
  if (!turn.length) return null;
  const main = lastOf(turn, 'bought', 'reserved', 'reserved_from_deck', 'took_tokens', 'passed');
  const noble = lastOf(turn, 'noble_visited');
  const seat = (main || noble || lastOf(turn, 'returned_token'))?.seat;
  if (seat == null) return null;
  const colour = ctx.seatColour ? ctx.seatColour(seat) : '#e0a000';
  return {
    seat,
    kind: KIND[main?.type] || 'noble',
    main,
    nobleEvent: noble,
    noble: noble?.noble ?? null,
    card: main?.card ?? null,
    bonus: main?.type === 'bought' ? CARDS[main.card]?.[1] : null,
    taken: main?.type === 'took_tokens' ? main.tokens || {} : {},
    returned: turn.filter((e) => e.type === 'returned_token'),
    fresh: new Set(turn.filter((e) => e.type === 'card_dealt').map((e) => e.card)),
    colour,
    style: `--seat: ${colour}`,
  };
}

function lastMoveEl(h, ctx, m) {
  if (!m) return null;
  const none = { buy: new Map(), reserve: new Map(), noble: new Map() };
  let shown = null;
  if ((m.kind === 'buy' || m.kind === 'reserve') && CARDS[m.card]) shown = cardEl(h, m.card, { ...ctx, ui: {} }, none, { small: true, testid: 'last-move-card' });
  else if (m.kind === 'reserve_deck') shown = h('div', { class: ['card', 'back', `level-${m.main.level}`, 'small'] }, h('span', {}, `${m.main.level}`));
  else if (m.kind === 'take') shown = TOKENS.filter((c) => m.taken[c]).map((c) => chip(h, c, m.taken[c], { title: colour(ctx, c), testid: `last-move-token-${c}` }));
  const lines = [m.main, ...m.returned, m.nobleEvent].filter(Boolean).map((e) => describeEvent(e, ctx)).filter(Boolean);
  return h(
    'section',
    { class: 'last-move-strip', style: m.style, 'data-testid': 'last-move', 'data-seat': m.seat, 'data-kind': m.kind, 'data-card': m.card, 'data-noble': m.noble },
    h('span', { class: 'badge', style: { background: m.colour }, title: ctx.seatName(m.seat) }, String(m.seat + 1)),
    h('strong', {}, `${tx(ctx, 'lastMove')}:`),
    shown,
    m.noble != null ? nobleEl(h, m.noble, ctx, none) : null,
    h('span', { class: 'last-move-text' }, lines.join(' ')),
  );
}

/** A seat's tokens (returnable ones are the return buttons of the own seat). */
function tokenChips(h, view, i, ctx, ix, m) {
  const p = view.players[i];
  const ret = ctx.seat === i ? ix.ret : new Map();
  return TOKENS.map((c) => {
    const a = ret.get(c);
    const n = p.tokens?.[c] || 0;
    if (!n && !a) return null;
    return chip(h, c, n, { class: [a && 'returnable', m?.taken[c] && 'last-taken'], testid: a ? `return-${c}` : `tokens-${i}-${c}`, title: colour(ctx, c), onclick: a ? () => ctx.act(a) : null });
  });
}

function bonusEls(h, view, i, ctx, m) {
  const p = view.players[i];
  return GEMS.map((c) => (p.bonuses?.[c] ? h('span', { class: ['bonus', `gem-${c}`, m?.bonus === c && 'last-bonus'], 'data-testid': m?.bonus === c ? 'last-bonus' : null, title: colour(ctx, c) }, String(p.bonuses[c])) : null));
}

function reservedEls(h, view, i, ctx, ix, m) {
  const me = ctx.seat === i;
  return view.players[i].reserved.map((r) =>
    r.card != null ? cardEl(h, r.card, ctx, me ? ix : { buy: new Map(), reserve: new Map() }, { small: true, mark: m?.kind === 'reserve' && m.card === r.card && 'last-card' }) : h('div', { class: ['card', 'back', `level-${r.level}`, 'small'], title: `${tx(ctx, 'level')} ${r.level}, ${tx(ctx, 'hidden')}` }, h('span', {}, `${r.level}`)),
  );
}

/**
 * The own hand in the dock: tokens (returned with a click when over ten),
 * the bonuses as card faces of their colour, the reserved cards (bought from
 * the hand with a click) and the nobles who visited.
 */
function splendorHand(h, view, ctx, ix, last) {
  const i = ctx.seat;
  if (i == null || !view.players[i]) return null;
  const p = view.players[i];
  const m = last?.seat === i ? last : null;
  const bonuses = GEMS.map((c) =>
    cardFace(h, { kind: c, name: colour(ctx, c), count: p.bonuses?.[c] || 0, fill: `var(--${c})`, icon: `gem-${c}`, testid: `bonus-${i}-${c}`, selected: m?.bonus === c }),
  );
  return handRow(
    h,
    [
      { label: tx(ctx, 'tokens'), testid: `hand-tokens-${i}`, cards: h('div', { class: 'player-row', 'data-repeat': ix.ret.size ? '' : null }, tokenChips(h, view, i, ctx, ix, m)) },
      { label: tx(ctx, 'bonuses'), testid: `hand-bonuses-${i}`, cards: bonuses },
      { label: tx(ctx, 'reserved'), testid: `hand-reserved-${i}`, cards: reservedEls(h, view, i, ctx, ix, m) },
      { label: tx(ctx, 'nobles'), cards: p.nobles.map((n) => nobleEl(h, n, ctx, { noble: new Map() }, m?.noble === n ? m : null)) },
    ],
    'hand',
  );
}

function playerEl(h, view, i, ctx, ix, last) {
  const p = view.players[i];
  const me = ctx.seat === i;
  const current = view.current === i && !(view.phase?.type === 'over');
  // The last mover's panel is framed in the seat's colour, with what the move gave it ringed.
  const m = last?.seat === i ? last : null;
  return h(
    'section',
    { class: ['player', me && 'me', current && 'current', m && 'last-mover'], style: m?.style, 'data-testid': `player-${i}` },
    h(
      'header',
      {},
      h('strong', {}, ctx.seatName(i)),
      h('span', { class: 'points', 'data-testid': `points-${i}`, title: tx(ctx, 'points') }, `${p.points} ${tx(ctx, 'pts')}`),
    ),
    // The own tokens, bonuses and reserved cards are in the hand at the bottom of the screen.
    me ? null : h('div', { class: 'player-row' }, h('span', { class: 'label' }, tx(ctx, 'tokens')), tokenChips(h, view, i, ctx, ix, m)),
    h(
      'div',
      { class: 'player-row' },
      h('span', { class: 'label' }, tx(ctx, 'bonuses')),
      me ? null : bonusEls(h, view, i, ctx, m),
      h('span', { class: 'muted' }, ` ${p.purchased.length} ${tx(ctx, p.purchased.length === 1 ? 'oneCard' : 'cards')}`),
    ),
    p.reserved.length && !me ? h('div', { class: 'player-row reserved' }, h('span', { class: 'label' }, tx(ctx, 'reserved')), reservedEls(h, view, i, ctx, ix, m)) : null,
    p.nobles.length && !me ? h('div', { class: 'player-row' }, h('span', { class: 'label' }, tx(ctx, 'nobles')), p.nobles.map((n) => nobleEl(h, n, ctx, { noble: new Map() }, m?.noble === n ? m : null))) : null,
  );
}

export function render(view, legal, ctx) {
  const { h } = ctx;
  const ix = index(legal);
  if (ctx.ui.card != null && !(ix.buy.has(ctx.ui.card) || ix.reserve.has(ctx.ui.card))) ctx.ui.card = null;
  const last = lastMove(ctx);
  const rows = [2, 1, 0].map((lv) =>
    h(
      'div',
      { class: 'market-row', 'data-testid': `level-${lv + 1}` },
      (() => {
        const a = ix.reserveDeck.get(lv + 1);
        return h(
          'div',
          { class: ['deck', `level-${lv + 1}`, a && 'can-reserve'], 'data-testid': `deck-${lv + 1}`, title: a ? tx(ctx, 'reserveDeck') : '', role: a ? 'button' : null, onclick: a ? () => ctx.act(a) : null },
          h('span', { class: 'deck-level' }, `${'●'.repeat(lv + 1)}`),
          h('span', { class: 'deck-count' }, tx(ctx, 'left', { n: view.decks[lv] })),
          a ? h('span', { class: 'deck-reserve' }, tx(ctx, 'reserveDeck')) : null,
        );
      })(),
      view.market[lv].map((id) =>
        id == null ? h('div', { class: 'card empty' }) : cardEl(h, id, ctx, ix, last?.fresh.has(id) ? { mark: 'fresh', markStyle: last.style, note: tx(ctx, 'fresh') } : {}),
      ),
    ),
  );
  // What the turn asks, in the dock's prompt line right above the hand (the tokens to return are its first cards).
  const prompt = ix.ret.size
    ? h('span', { 'data-testid': 'return-prompt' }, tx(ctx, 'returnHint'))
    : ix.noble.size
      ? h('span', { 'data-testid': 'noble-prompt' }, tx(ctx, 'nobleHint'))
      : null;
  const pass = ix.pass ? h('button', { type: 'button', 'data-testid': 'pass', onclick: () => ctx.act(ix.pass) }, tx(ctx, 'pass')) : null;
  const order = view.players.map((_, i) => i);
  if (ctx.seat != null) order.sort((a, b) => (a === ctx.seat ? -1 : b === ctx.seat ? 1 : a - b));
  // The turn's controls (the bank's gems to pick, the chosen card's payments, *Take tokens*, *Pass*) are in the dock.
  const bar = actionBar(h, [cardPanel(h, ctx, ix) || takeRow(h, ctx, ix), pass]);
  return h(
    'div',
    { class: 'splendor' },
    lastMoveEl(h, ctx, last),
    h(
      'div',
      { class: 'splendor-table' },
      boardFrame(h, ctx, h('section', { class: 'market', 'data-testid': 'market' }, rows), { wrap: 'splendor-board', html: true }),
      h('section', { class: 'nobles' }, h('h3', {}, tx(ctx, 'nobles')), h('div', { class: 'noble-row' }, view.nobles.map((n) => nobleEl(h, n, ctx, ix)))),
    ),
    h('div', { class: 'players' }, order.map((i) => playerEl(h, view, i, ctx, ix, last))),
    gameDock(h, ctx, { prompt, controls: h('div', { class: 'splendor-take' }, bankEl(h, view, ctx, ix), bar), hand: splendorHand(h, view, ctx, ix, last) }),
  );
}
export { splendorPoints as scoreBreakdown, splendorStats as statistics } from './scores.js';
