// CATAN's trade window while an offer is open (issue 43, `catan.trade.*`):
// the offer, and beside it every other seat's answer as it arrives —
// thinking, accepts, declines, writing a counter-offer, or its counter-offer
// with what it gives and wants. The offerer trades with any seat that
// accepted or takes any counter-offer in one click, revises the offer
// without cancelling (the builder opens again with the last offer filled
// in) or cancels. A seat asked accepts, declines, or counters: the builder
// opens with the offer turned round, and sends the counter-offer in one go.
// Everything offered is an action the server listed; a click sends it
// unchanged.

import { tradeBuilder } from './catan-trade.js';
import { RESOURCES } from './catan-common.js';
import { resText } from './catan-text.js';
import { ids, termName } from './describe.js';

const T = {
  answers: { de: 'Antworten', en: 'Answers' },
  yourOffer: { de: 'Dein Angebot: du gibst {give} und möchtest {get}.', en: 'Your offer: you give {give} and want {get}.' },
  theyOffer: { de: '{who} bietet {give} und möchte {get}.', en: '{who} offers {give} and wants {get}.' },
  thinking: { de: 'überlegt…', en: 'thinking…' },
  accepts: { de: 'nimmt an', en: 'accepts' },
  declines: { de: 'lehnt ab', en: 'declines' },
  drafting: { de: 'schreibt ein Gegenangebot…', en: 'is writing a counter-offer…' },
  counter: { de: 'Gegenangebot: gibt {give}, möchte {get}', en: 'counter-offer: gives {give}, wants {get}' },
  trade: { de: 'Handeln', en: 'Trade' },
  take: { de: 'Gegenangebot annehmen', en: 'Take the counter-offer' },
  revise: { de: 'Angebot ändern', en: 'Change the offer' },
  cancel: { de: 'Handel abbrechen', en: 'Cancel the trade' },
  accept: { de: 'Annehmen', en: 'Accept' },
  decline: { de: 'Ablehnen', en: 'Decline' },
  counterButton: { de: 'Gegenangebot', en: 'Counter-offer' },
  counterHint: { de: 'Dein Gegenangebot an {who}: was du gibst und was du möchtest.', en: 'Your counter-offer to {who}: what you give and what you want.' },
  sendCounter: { de: 'Gegenangebot machen: {give} gegen {get}', en: 'Make the counter-offer: {give} for {get}' },
  declineInstead: { de: 'Doch ablehnen', en: 'Decline instead' },
  cannotAccept: { de: 'Dir fehlen die verlangten Karten.', en: 'You lack the cards asked for.' },
  waitFirst: { de: 'Sobald jemand annimmt oder ein Gegenangebot macht, kannst du handeln. Wer nicht antwortet, lehnt ab.', en: 'As soon as someone accepts or counters, you can trade. Whoever does not answer declines.' },
};

const L = (ctx, key, vars) => ctx.L(T[key], vars);

/**
 * What a click hands to the builder that the next board opens: the offer
 * just withdrawn (`revise`), the offer turned round (`counter`). Kept here,
 * not in `ctx.ui`, which an action clears; dropped when no trade is open.
 */
export const carry = { revise: null, counter: null };

/** Forgets what was carried once no trade is open. */
export function dropCarry(phase) {
  if (!String(phase).startsWith('trade_')) {
    carry.revise = null;
    carry.counter = null;
  }
}

/** Cards of one side of an offer or counter-offer, resources and commodities together ("1 brick, 2 cloth"). */
export function side(ctx, offer, which) {
  const res = offer?.[which] || {};
  const com = offer?.[`${which}_commodities`] || {};
  // resText names resources only: Cities & Knights' commodities follow by their own names.
  const goods = ids('commodity').filter((c) => com[c]).map((c) => `${com[c]} ${termName(ctx, 'commodity', c)}`);
  if (!goods.length) return resText(ctx, res);
  return RESOURCES.some((r) => res[r]) ? `${resText(ctx, res)}, ${goods.join(', ')}` : goods.join(', ');
}

/** The counter-offer entries of the view, by seat. */
function countersBySeat(view) {
  return new Map((view.counters || []).map((c) => [c.seat, c]));
}

/** What `seat` answered so far: its status and, for a counter-offer, its entry. */
export function answerOf(phase, counters, seat) {
  const c = counters.get(seat);
  if (c?.drafting) return { status: 'drafting' };
  if (c) return { status: 'counter', counter: c };
  if ((phase.accepted || []).includes(seat)) return { status: 'accepts' };
  if ((phase.pending || []).includes(seat)) return { status: 'thinking' };
  return { status: 'declines' };
}

/**
 * The panels of an open negotiation for the seat `me` (null for a
 * spectator): the answers table for everyone, the offerer's and the
 * answering seat's controls.
 */
export function negotiationPanels(h, ctx, view, ix, me, fill, icon) {
  const phase = view.phase;
  const offer = phase.offer || {};
  const offerer = view.current;
  const counters = countersBySeat(view);
  const confirm = ix.confirm;
  const take = new Map((ix.acceptCounter || []).map((a) => [a.from, a]));
  const out = [];
  const mine = me === offerer;
  const head = mine
    ? L(ctx, 'yourOffer', { give: side(ctx, offer, 'give'), get: side(ctx, offer, 'get') })
    : L(ctx, 'theyOffer', { who: ctx.seatName(offerer), give: side(ctx, offer, 'give'), get: side(ctx, offer, 'get') });
  const rows = view.players
    .map((_, seat) => seat)
    .filter((seat) => seat !== offerer)
    .map((seat) => {
      const a = answerOf(phase, counters, seat);
      const text =
        a.status === 'counter'
          ? // Seen from the offerer in the state: the countering seat gives what the offerer gets.
            L(ctx, 'counter', { give: side(ctx, a.counter, 'get'), get: side(ctx, a.counter, 'give') })
          : L(ctx, a.status);
      const act = confirm.get(seat)
        ? h('button', { type: 'button', class: 'primary', 'data-testid': `confirm-${seat}`, onclick: () => ctx.act(confirm.get(seat)) }, L(ctx, 'trade'))
        : take.get(seat)
          ? h('button', { type: 'button', class: 'primary', 'data-testid': `take-counter-${seat}`, onclick: () => ctx.act(take.get(seat)) }, L(ctx, 'take'))
          : null;
      return h(
        'tr',
        { 'data-testid': `answer-${seat}`, 'data-status': a.status },
        h('td', {}, ctx.seatName(seat)),
        h('td', { class: `answer ${a.status}` }, text),
        h('td', {}, act),
      );
    });
  const controls = [];
  if (mine) {
    if (ix.one.revise_offer) {
      controls.push(
        h('button', {
          type: 'button',
          'data-testid': 'revise-offer',
          onclick: () => {
            // The builder opens again with this offer filled in.
            carry.revise = { give: { ...(offer.give || {}) }, get: { ...(offer.get || {}) } };
            ctx.act(ix.one.revise_offer);
          },
        }, L(ctx, 'revise')),
      );
    }
    if (ix.one.cancel_trade) controls.push(h('button', { type: 'button', 'data-testid': 'cancel-trade', onclick: () => ctx.act(ix.one.cancel_trade) }, L(ctx, 'cancel')));
    if (!confirm.size && !take.size && !ix.one.cancel_trade) controls.push(h('p', { class: 'hint', 'data-testid': 'wait-first' }, L(ctx, 'waitFirst')));
  }
  const drafting = me != null && counters.get(me)?.drafting;
  if (!mine && !drafting && (ix.one.accept_offer || ix.one.decline_offer || ix.one.counter_offer)) {
    controls.push(
      ix.one.accept_offer
        ? h('button', { type: 'button', class: 'primary', 'data-testid': 'accept-offer', onclick: () => ctx.act(ix.one.accept_offer) }, L(ctx, 'accept'))
        : h('button', { type: 'button', disabled: true, title: L(ctx, 'cannotAccept'), 'data-testid': 'accept-offer' }, L(ctx, 'accept')),
      ix.one.decline_offer ? h('button', { type: 'button', 'data-testid': 'decline-offer', onclick: () => ctx.act(ix.one.decline_offer) }, L(ctx, 'decline')) : null,
      ix.one.counter_offer
        ? h('button', {
            type: 'button',
            'data-testid': 'counter-offer',
            onclick: () => {
              // The counter-offer starts from the offer turned round.
              carry.counter = { give: { ...(offer.get || {}) }, get: { ...(offer.give || {}) } };
              ctx.act(ix.one.counter_offer);
            },
          }, L(ctx, 'counterButton'))
        : null,
    );
  }
  out.push(
    h(
      'div',
      { class: 'action-panel negotiation', 'data-testid': 'negotiation' },
      h('h4', {}, head),
      h('table', { class: 'answers', 'aria-label': L(ctx, 'answers') }, h('tbody', {}, rows)),
      controls.length ? h('div', { class: 'buttons' }, controls) : null,
    ),
  );
  if (drafting) out.push(counterBuilder(h, ctx, view, ix, me, counters.get(me), fill, icon));
  return out;
}

/** The answering seat's builder for its counter-offer, from its own side. */
function counterBuilder(h, ctx, view, ix, me, entry, fill, icon) {
  const hand = view.players[me]?.hand || {};
  // The entry is seen from the offerer: what it gives, this seat gets.
  const drafted = { give: entry.get || {}, get: entry.give || {} };
  const start = carry.counter;
  const initial = start
    ? {
        give: Object.fromEntries(RESOURCES.map((r) => [r, Math.max(0, Math.min(start.give[r] || 0, (hand[r] || 0) - (drafted.give[r] || 0)))])),
        get: start.get,
      }
    : null;
  return tradeBuilder(h, ctx, ix, drafted, hand, fill, icon, {
    key: `counter:${view.turn}:${JSON.stringify(view.phase.offer)}:${JSON.stringify(drafted)}`,
    initial,
    hint: L(ctx, 'counterHint', { who: ctx.seatName(view.current) }),
    sendText: (give, get) => L(ctx, 'sendCounter', { give, get }),
    buttons: ix.one.decline_offer ? h('button', { type: 'button', 'data-testid': 'decline-offer', onclick: () => ctx.act(ix.one.decline_offer) }, L(ctx, 'declineInstead')) : null,
  });
}
