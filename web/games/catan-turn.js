// The parts of a CATAN turn that the base table (catan.js) and Cities &
// Knights' table (ck-table.js) share: the legal actions indexed by what they
// are about (index), the turn's buttons in the action bar (turnButtons) and
// the last roll as large dice over the board (rollDice). A module of its own
// below both tables, so that ck-table.js never imports catan.js (which
// dispatches to it): the web modules import downward only.

import { actionBar } from './board-frame.js';
import { bigDice } from './hand.js';
import { button, openDialog } from './catan-dialogs.js';
import { tx } from './catan-text.js';

// ----- legal actions, indexed by what they are about -----

export function index(legal) {
  const ix = {
    settlement: new Map(),
    city: new Map(),
    road: new Map(),
    robber: new Map(),
    discard: new Map(),
    monopoly: new Map(),
    offerGive: new Map(),
    offerGet: new Map(),
    confirm: new Map(),
    acceptCounter: [],
    yop: [],
    maritime: [],
    one: {},
  };
  for (const a of legal) {
    switch (a?.type) {
      case 'build_settlement':
        ix.settlement.set(a.node, a);
        break;
      case 'build_city':
        ix.city.set(a.node, a);
        break;
      case 'build_road':
        ix.road.set(a.edge, a);
        break;
      case 'move_robber':
        ix.robber.set(a.hex, [...(ix.robber.get(a.hex) || []), a]);
        break;
      case 'discard':
        ix.discard.set(a.resource, a);
        break;
      case 'play_monopoly':
        ix.monopoly.set(a.resource, a);
        break;
      case 'offer_give':
        ix.offerGive.set(a.resource, a);
        break;
      case 'offer_get':
        ix.offerGet.set(a.resource, a);
        break;
      case 'confirm_trade':
        ix.confirm.set(a.with, a);
        break;
      case 'accept_counter':
        ix.acceptCounter.push(a);
        break;
      case 'play_year_of_plenty':
        ix.yop.push(a);
        break;
      case 'maritime_trade':
        ix.maritime.push(a);
        break;
      default:
        if (a?.type) ix.one[a.type] = a;
    }
  }
  return ix;
}

// ----- the turn's buttons -----

export function turnButtons(h, ctx, ix) {
  const b = [];
  const one = ix.one;
  if (one.roll) b.push(button(h, tx(ctx, 'roll'), () => ctx.act(one.roll), { testid: 'roll', primary: true }));
  if (one.buy_development_card) b.push(button(h, tx(ctx, 'buyDev'), () => ctx.act(one.buy_development_card), { testid: 'buy-dev' }));
  if (ix.maritime.length) b.push(button(h, tx(ctx, 'maritime'), openDialog(ctx, 'maritime'), { testid: 'open-maritime' }));
  if (one.open_trade) b.push(button(h, tx(ctx, 'domestic'), () => ctx.act(one.open_trade), { testid: 'open-trade' }));
  if (one.end_turn) b.push(button(h, tx(ctx, 'endTurn'), () => ctx.act(one.end_turn), { testid: 'end-turn' }));
  return actionBar(h, b);
}

/** The last roll as large dice over the board. */
export function rollDice(h, view, ctx) {
  const d = view.last_roll;
  if (!d) return null;
  return bigDice(h, ctx, [{ value: d.red, kind: 'red' }, { value: d.yellow, kind: 'yellow' }], tx(ctx, 'dice', { n: d.red + d.yellow }));
}
