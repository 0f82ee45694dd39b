// CATAN's trade builder: the player puts a whole domestic offer together
// with − and + (what to give, bounded by the hand; what to want, up to the
// bank's 19) and sends it in one go. The builder itself is shared with Catan
// Junior (trade-builder.js); here only what is CATAN's: the resources, the
// engine's one-card offer steps (`offer_give`, `offer_get`) and `submit_offer`.

import { RESOURCES } from './catan-common.js';
import { resName, resText } from './catan-text.js';
import { offerBuilder } from './trade-builder.js';

const CANCEL = { de: 'Handel abbrechen', en: 'Cancel the trade' };

const WHY = {
  giveNone: { de: 'Du hast keine.', en: 'You hold none.' },
  giveMore: { de: 'Du hast nicht mehr.', en: 'You hold no more.' },
  getNone: { de: 'Die anderen haben zusammen nicht mehr.', en: 'The others hold no more together.' },
};

/** Most cards one may ask for of one resource: the bank's 19. */
const MAX_WANT = 19;

/**
 * The builder for the trade draft. `offer` is the offer so far (cards added
 * before, e.g. by the legal-actions list), `hand` the seat's resources, `ix`
 * the indexed legal actions (`offerGive`, `offerGet`, `one.submit_offer`,
 * `one.cancel_trade`), `fill` the resources' colours, `icon` their pictures.
 */
export function tradeBuilder(h, ctx, ix, offer, hand, fill, icon = null, opts = {}) {
  const already = { give: offer.give || {}, get: offer.get || {} };
  return offerBuilder(h, ctx, {
    hint: opts.hint,
    sendText: opts.sendText,
    initial: opts.initial,
    // Why a + is off, said beside it: only cards in hand are given, and only
    // what the other players hold together is asked for (`catan.trade.ask_only_held`).
    why: (side, r) => (side === 'give' ? ((hand[r] || 0) > 0 ? ctx.L(WHY.giveMore) : ctx.L(WHY.giveNone)) : ctx.L(WHY.getNone)),
    kinds: RESOURCES,
    name: (r) => resName(ctx, r),
    text: (m) => resText(ctx, m),
    fill: (r) => fill[r],
    icon: icon ? (r) => icon(r) : null,
    hand,
    offer: already,
    key: opts.key || JSON.stringify(offer),
    canGive: (r) => ix.offerGive.has(r),
    canGet: (r) => ix.offerGet.has(r),
    maxGive: (r) => (hand[r] || 0) - (already.give[r] || 0),
    maxGet: (r) => MAX_WANT - (already.get[r] || 0),
    actions: (pick) => {
      const actions = [];
      for (const r of RESOURCES) for (let k = 0; k < (pick.give[r] || 0); k++) actions.push(ix.offerGive.get(r));
      for (const r of RESOURCES) for (let k = 0; k < (pick.get[r] || 0); k++) actions.push(ix.offerGet.get(r));
      actions.push(ix.one.submit_offer || { type: 'submit_offer' });
      return actions;
    },
    buttons: opts.buttons !== undefined ? opts.buttons : ix.one.cancel_trade ? h('button', { type: 'button', 'data-testid': 'cancel-trade', onclick: () => ctx.act(ix.one.cancel_trade) }, ctx.L(CANCEL)) : null,
  });
}
