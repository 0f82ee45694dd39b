// CATAN's dialogs and the buttons they are made of: discarding on a 7, the
// robber's victim, maritime and domestic trade, year of plenty and monopoly.
// Each offers only actions the server listed, and a click sends one of them
// unchanged.

import { tradeBuilder } from './catan-trade.js';
import { carry, dropCarry, negotiationPanels } from './catan-negotiation.js';
import { artIcon } from '../art.js';
import { RESOURCES, RES_FILL, maritimeRates } from './catan-common.js';
import { tx, resName, hexText } from './catan-text.js';

export function resChip(h, ctx, r, n, attrs = {}) {
  return h(
    attrs.onclick ? 'button' : 'span',
    {
      class: ['res', attrs.sel && 'sel'],
      type: attrs.onclick ? 'button' : null,
      title: attrs.title || resName(ctx, r),
      'data-testid': attrs.testid,
      'data-rate': attrs.rate,
      onclick: attrs.onclick,
    },
    artIcon(r),
    n != null ? `${n} ${resName(ctx, r)}` : resName(ctx, r),
  );
}

export function button(h, label, onclick, attrs = {}) {
  return h('button', { type: 'button', class: attrs.primary ? 'primary' : null, 'data-testid': attrs.testid, onclick }, label);
}

/** A pick of `n` cards from `hand`: always from the largest pile (the dialog's first suggestion). */
export function suggestDiscard(hand, n) {
  const left = { ...hand };
  const pick = {};
  for (let k = 0; k < n; k++) {
    const r = RESOURCES.reduce((best, x) => ((left[x] || 0) > (left[best] || 0) ? x : best), RESOURCES[0]);
    if (!(left[r] > 0)) break;
    left[r] -= 1;
    pick[r] = (pick[r] || 0) + 1;
  }
  return pick;
}

/**
 * Discarding on a 7 in one go: every owed card is chosen with − and + (a
 * suggestion from the largest piles to start with), then sent as the
 * engine's one-card discards, one after the other.
 */
export function discardDialog(h, ctx, ix, hand, owed) {
  const key = `${owed}:${RESOURCES.map((r) => hand[r] || 0).join(',')}`;
  if (ctx.ui.discard?.key !== key) ctx.ui.discard = { key, pick: suggestDiscard(hand, owed) };
  const pick = ctx.ui.discard.pick;
  const total = RESOURCES.reduce((n, r) => n + (pick[r] || 0), 0);
  const change = (r, d) => {
    pick[r] = Math.max(0, Math.min(hand[r] || 0, (pick[r] || 0) + d));
    ctx.rerender();
  };
  const send = () => {
    const actions = [];
    for (const r of RESOURCES) for (let k = 0; k < (pick[r] || 0); k++) actions.push(ix.discard.get(r));
    ctx.actAll(actions);
  };
  return h(
    'div',
    { class: 'action-panel', 'data-testid': 'discard-panel' },
    h('h4', {}, tx(ctx, 'discardHint', { n: owed })),
    h('button', { type: 'button', class: 'primary', 'data-testid': 'discard-send', disabled: total !== owed || ctx.sending, onclick: send }, ctx.sending ? tx(ctx, 'discardSending') : tx(ctx, 'discardSend', { n: total, owed })),
    h(
      'div',
      { class: 'discard-rows' },
      RESOURCES.filter((r) => ix.discard.has(r) || pick[r]).map((r) =>
        h(
          'div',
          { class: 'discard-row', 'data-testid': `discard-row-${r}` },
          h('span', { class: 'res', style: { background: RES_FILL[r] } }, artIcon(r), `${resName(ctx, r)} (${hand[r] || 0})`),
          h('button', { type: 'button', class: 'step', 'data-testid': `discard-minus-${r}`, 'aria-label': `− ${resName(ctx, r)}`, disabled: !(pick[r] > 0), onclick: () => change(r, -1) }, '−'),
          h('strong', { class: 'count', 'data-testid': `discard-count-${r}` }, String(pick[r] || 0)),
          h('button', { type: 'button', class: 'step', 'data-testid': `discard-plus-${r}`, 'aria-label': `+ ${resName(ctx, r)}`, disabled: (pick[r] || 0) >= (hand[r] || 0) || total >= owed, onclick: () => change(r, 1) }, '+'),
        ),
      ),
    ),
  );
}

export function dialogs(h, view, ctx, ix) {
  const out = [];
  const phase = view.phase || {};
  const me = ctx.seat;
  const panel = (testid, title, ...body) => h('div', { class: 'action-panel', 'data-testid': testid }, title ? h('h4', {}, title) : null, ...body);

  if (phase.phase === 'setup' && (ix.settlement.size || ix.road.size)) {
    out.push(h('div', { class: 'action-panel prompt', 'data-testid': 'setup-prompt' }, tx(ctx, ix.settlement.size ? 'setupSettlement' : 'setupRoad')));
  }
  if (phase.phase === 'discard') {
    const owed = phase.owed || [];
    if (ix.discard.size && me != null) {
      out.push(discardDialog(h, ctx, ix, view.players[me]?.hand || {}, owed[me] ?? 0));
    } else {
      const who = owed.map((n, i) => (n > 0 ? `${ctx.seatName(i)} (${n})` : null)).filter(Boolean).join(', ');
      if (who) out.push(h('div', { class: 'action-panel prompt' }, tx(ctx, 'discardOthers', { who })));
    }
  }
  if (ix.robber.size) {
    const hx = ctx.ui.robberHex;
    const choices = hx != null ? ix.robber.get(hx) : null;
    if (choices) {
      out.push(
        panel(
          'victim-panel',
          `${hexText(ctx, hx)} — ${tx(ctx, 'victimHint')}`,
          h(
            'div',
            { class: 'buttons' },
            choices.map((a) =>
              a.victim != null
                ? button(h, tx(ctx, 'rob', { who: ctx.seatName(a.victim), n: view.players[a.victim]?.resource_count ?? 0 }), () => ctx.act(a), { testid: `victim-${a.victim}`, primary: true })
                : button(h, tx(ctx, 'robNobody'), () => ctx.act(a), { testid: 'victim-none' }),
            ),
            button(h, tx(ctx, 'cancel'), () => {
              ctx.ui.robberHex = null;
              ctx.rerender();
            }),
          ),
        ),
      );
    } else out.push(h('div', { class: 'action-panel prompt', 'data-testid': 'robber-prompt' }, tx(ctx, 'robberHint')));
  }
  // 5–6 players: another player acts after the turn (`turn_of`).
  if (view.turn_of != null && phase.phase === 'main') {
    const key = view.turn_rule === 'paired' ? 'playerTwo' : 'specialBuilding';
    out.push(h('div', { class: 'action-panel prompt', 'data-testid': 'turn-part-prompt' }, tx(ctx, key, { name: ctx.seatName(view.turn_of), who: ctx.seatName(view.current) })));
  }
  if (phase.phase === 'road_building' && ix.road.size) {
    out.push(h('div', { class: 'action-panel prompt', 'data-testid': 'road-building-prompt' }, tx(ctx, 'roadBuildingHint', { n: phase.left })));
  }
  // Year of plenty and monopoly: a dialog opened by the card's button.
  if (ctx.ui.dialog === 'yop' && ix.yop.length) {
    out.push(
      panel(
        'yop-panel',
        tx(ctx, 'yopHint'),
        h(
          'div',
          { class: 'buttons' },
          ix.yop.map((a) =>
            button(h, a.first === a.second ? `2 × ${resName(ctx, a.first)}` : `${resName(ctx, a.first)} + ${resName(ctx, a.second)}`, () => ctx.act(a), { testid: `yop-${a.first}-${a.second}` }),
          ),
          closeButton(h, ctx),
        ),
      ),
    );
  }
  if (ctx.ui.dialog === 'monopoly' && ix.monopoly.size) {
    out.push(
      panel(
        'monopoly-panel',
        tx(ctx, 'monoHint'),
        h('div', { class: 'res-row' }, RESOURCES.map((r) => (ix.monopoly.has(r) ? resChip(h, ctx, r, null, { testid: `monopoly-${r}`, onclick: () => ctx.act(ix.monopoly.get(r)) }) : null)), closeButton(h, ctx)),
      ),
    );
  }
  if (ctx.ui.dialog === 'maritime' && ix.maritime.length) {
    const gives = RESOURCES.filter((r) => ix.maritime.some((a) => a.give === r));
    // What a trade costs: the seat's rate for every resource (4:1, 3:1, 2:1).
    const rates = maritimeRates(view, me);
    // Two clicks (issue 43): the dialog opens with the card to give chosen —
    // the one held most times over its rate — so its trades are one click
    // away; another card to give is one click more.
    const hand = view.players[me]?.hand || {};
    const spare = (r) => (hand[r] || 0) / (rates[r] || 4);
    const give = gives.includes(ctx.ui.give) ? ctx.ui.give : gives.reduce((best, r) => (best == null || spare(r) > spare(best) ? r : best), null);
    const rateTitle = (r) => tx(ctx, 'rateTitle', { n: rates[r], res: resName(ctx, r) });
    out.push(
      panel(
        'maritime-panel',
        `${tx(ctx, 'maritime')}: ${tx(ctx, 'yourRates')}`,
        h(
          'div',
          { class: 'res-row', 'data-testid': 'mt-rates' },
          RESOURCES.map((r) =>
            h(
              'span',
              { class: ['res', 'rate', rates[r] < 4 && 'harbor-rate'], title: rateTitle(r), 'data-testid': `mt-rate-${r}`, 'data-rate': rates[r] },
              artIcon(r),
              `${resName(ctx, r)} ${rates[r]}:1`,
            ),
          ),
        ),
        h(
          'div',
          { class: 'res-row' },
          h('strong', {}, `${tx(ctx, 'give')}:`),
          gives.map((r) =>
            resChip(h, ctx, r, rates[r], {
              testid: `mt-give-${r}`,
              sel: give === r,
              rate: rates[r],
              title: rateTitle(r),
              onclick: () => {
                ctx.ui.give = r;
                ctx.rerender();
              },
            }),
          ),
        ),
        give
          ? h(
              'div',
              { class: 'res-row' },
              h('strong', { 'data-testid': 'mt-cost' }, `${tx(ctx, 'getFor', { n: rates[give], res: resName(ctx, give) })}:`),
              ix.maritime.filter((a) => a.give === give).map((a) => resChip(h, ctx, a.get, null, { testid: `mt-get-${a.get}`, onclick: () => ctx.act(a) })),
            )
          : null,
        h('div', { class: 'buttons' }, closeButton(h, ctx)),
      ),
    );
  }
  // Domestic trade, step by step as the phases go. A revised offer fills
  // the builder in once (see catan-negotiation.js); outside a trade it is gone.
  dropCarry(phase.phase);
  if (phase.phase === 'trade_draft' && (ix.offerGive.size || ix.offerGet.size || ix.one.submit_offer || ix.one.cancel_trade) && me != null) {
    // After `revise_offer` the builder starts from the offer just withdrawn.
    const initial = carry.revise && !Object.values(phase.offer?.give || {}).some((n) => n > 0) ? carry.revise : null;
    out.push(tradeBuilder(h, ctx, ix, phase.offer || {}, view.players[me]?.hand || {}, RES_FILL, artIcon, { initial, key: `draft:${view.turn}:${JSON.stringify(phase.offer || {})}:${initial ? 'revise' : ''}` }));
  }
  if (phase.phase === 'trade_replies' || phase.phase === 'trade_confirm') {
    out.push(...negotiationPanels(h, ctx, view, ix, me, RES_FILL, artIcon));
  }
  return out;
}

export function closeButton(h, ctx) {
  return button(h, tx(ctx, 'close'), () => {
    ctx.ui.dialog = null;
    ctx.ui.give = null;
    ctx.rerender();
  });
}

export function openDialog(ctx, name) {
  return () => {
    ctx.ui.dialog = ctx.ui.dialog === name ? null : name;
    ctx.ui.give = null;
    ctx.rerender();
  };
}
