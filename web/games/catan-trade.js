// CATAN's trade builder: the player puts a whole domestic offer together
// with − and + (what to give, bounded by the hand; what to want) and sends
// it in one go. Underneath, the engine's offer stays micro-actions (one card
// at a time, then submit), which the table sends one after the other, each
// checked against the fresh legal list, so the builder offers nothing the
// server would not.

import { RESOURCES, resName, resText } from './catan.js';

const TEXT = {
  builderHint: { de: 'Stelle dein Angebot mit − und + zusammen.', en: 'Put your offer together with − and +.' },
  give: { de: 'Du gibst', en: 'You give' },
  get: { de: 'Du möchtest', en: 'You want' },
  send: { de: 'Angebot machen: {give} gegen {get}', en: 'Make the offer: {give} for {get}' },
  sending: { de: 'Wird angeboten…', en: 'Offering…' },
  cancel: { de: 'Handel abbrechen', en: 'Cancel the trade' },
};

const sum = (m) => RESOURCES.reduce((n, r) => n + (m[r] || 0), 0);

/** Most cards one may ask for of one resource: the bank's 19. */
const MAX_WANT = 19;

/**
 * The builder for the trade draft. `offer` is the offer so far (cards added
 * before, e.g. by the legal-actions list), `hand` the seat's resources, `ix`
 * the indexed legal actions (`offerGive`, `offerGet`, `one.submit_offer`,
 * `one.cancel_trade`), `fill` the resources' colours.
 */
export function tradeBuilder(h, ctx, ix, offer, hand, fill) {
  const T = (key, vars) => ctx.L(TEXT[key], vars);
  const key = JSON.stringify(offer);
  if (ctx.ui.trade?.key !== key) ctx.ui.trade = { key, give: {}, get: {} };
  const pick = ctx.ui.trade;
  const already = { give: offer.give || {}, get: offer.get || {} };
  const total = (side) => {
    const out = {};
    for (const r of RESOURCES) out[r] = (already[side][r] || 0) + (pick[side][r] || 0);
    return out;
  };
  const can = (side, r) => (side === 'give' ? ix.offerGive.has(r) : ix.offerGet.has(r));
  const max = (side, r) => (side === 'give' ? (hand[r] || 0) - (already.give[r] || 0) : MAX_WANT - (already.get[r] || 0));
  const change = (side, r, d) => {
    const other = side === 'give' ? 'get' : 'give';
    const n = Math.max(0, Math.min(max(side, r), (pick[side][r] || 0) + d));
    pick[side][r] = n;
    // One resource is given or wanted, not both.
    if (n > 0) pick[other][r] = 0;
    ctx.rerender();
  };
  const gives = total('give');
  const gets = total('get');
  const ready = sum(gives) > 0 && sum(gets) > 0;
  const send = () => {
    const actions = [];
    for (const r of RESOURCES) for (let k = 0; k < (pick.give[r] || 0); k++) actions.push(ix.offerGive.get(r));
    for (const r of RESOURCES) for (let k = 0; k < (pick.get[r] || 0); k++) actions.push(ix.offerGet.get(r));
    actions.push(ix.one.submit_offer || { type: 'submit_offer' });
    ctx.actAll(actions);
  };
  const stepper = (side, r) => {
    const n = pick[side][r] || 0;
    const shown = side === 'give' ? gives[r] : gets[r];
    const blocked = !can(side, r) || n >= max(side, r) || (side === 'give' ? pick.get[r] > 0 || already.get[r] > 0 : pick.give[r] > 0 || already.give[r] > 0);
    return h(
      'span',
      { class: 'trade-step' },
      h('button', { type: 'button', class: 'step', 'data-testid': `trade-${side}-minus-${r}`, 'aria-label': `− ${resName(ctx, r)}`, disabled: n <= 0, onclick: () => change(side, r, -1) }, '−'),
      h('strong', { class: 'count', 'data-testid': `trade-${side}-count-${r}` }, String(shown)),
      h('button', { type: 'button', class: 'step', 'data-testid': `trade-${side}-plus-${r}`, 'aria-label': `+ ${resName(ctx, r)}`, disabled: blocked, onclick: () => change(side, r, 1) }, '+'),
    );
  };
  return h(
    'div',
    { class: 'action-panel', 'data-testid': 'offer-panel' },
    h('h4', {}, T('builderHint')),
    h(
      'table',
      { class: 'trade-builder' },
      h('thead', {}, h('tr', {}, h('th', {}, ''), h('th', {}, T('give')), h('th', {}, T('get')))),
      h(
        'tbody',
        {},
        RESOURCES.map((r) =>
          h(
            'tr',
            { 'data-testid': `trade-row-${r}` },
            h('td', {}, h('span', { class: 'res', style: { background: fill[r] } }, `${resName(ctx, r)} (${hand[r] || 0})`)),
            h('td', {}, stepper('give', r)),
            h('td', {}, stepper('get', r)),
          ),
        ),
      ),
    ),
    h(
      'div',
      { class: 'buttons' },
      h(
        'button',
        { type: 'button', class: 'primary', 'data-testid': 'submit-offer', disabled: !ready || ctx.sending, onclick: send },
        ctx.sending ? T('sending') : T('send', { give: resText(ctx, gives), get: resText(ctx, gets) }),
      ),
      ix.one.cancel_trade ? h('button', { type: 'button', 'data-testid': 'cancel-trade', onclick: () => ctx.act(ix.one.cancel_trade) }, T('cancel')) : null,
    ),
  );
}
