// CATAN's events (base game and Cities & Knights) as motion and sound cues
// for motion.js: what flies from where to where, which piece drops in. Only
// selectors of the board catan.js / ck-table.js draw; no rules.

import { CARD_FILL } from './ck-text.js';

const CARD_BACK = '#6d5a3f';

/** A seat's hand if the board shows it (one's own), else the seat's panel. */
const seat = (i) => [`[data-testid=hand-${i}]`, `[data-testid=player-${i}]`];
const BANK = '[data-testid=bank]';

/** One flight per kind of card in `cards` ({kind: n}). */
function flights(cards, from, to) {
  return Object.entries(cards || {})
    .filter(([, n]) => n > 0)
    .map(([k, n]) => ({ kind: 'fly', from, to, colour: CARD_FILL[k] || CARD_BACK, count: n }));
}

const one = (k, n = 1) => (k ? { [k]: n } : { back: n });

export function cues(e) {
  switch (e?.type) {
    case 'rolled':
      return [{ kind: 'dice', at: '[data-testid=dice]' }, { sound: 'dice' }];
    case 'produced':
    case 'starting_resources':
    case 'took_from_bank':
      return flights(e.resources, BANK, seat(e.seat));
    case 'produced_commodities':
      return flights(e.commodities, BANK, seat(e.seat));
    case 'aqueduct':
      return flights(one(e.resource), BANK, seat(e.seat));
    case 'built':
      return [{ kind: 'place', at: `[data-testid=${e.piece}-${e.at}]` }, { sound: 'build' }];
    case 'knight_built':
      return [{ kind: 'place', at: `[data-testid=knight-${e.node}]` }, { sound: 'build' }];
    case 'wall_built':
      return [{ kind: 'place', at: `[data-testid=wall-${e.node}]` }, { sound: 'build' }];
    case 'metropolis_placed':
      return [{ kind: 'place', at: `[data-testid=metropolis-${e.track}]` }, { sound: 'build' }];
    case 'improved':
      return [{ sound: 'build' }];
    case 'dev_card_bought':
      return [{ kind: 'fly', from: BANK, to: seat(e.seat), shape: 'card', colour: CARD_BACK }, { sound: 'build' }];
    case 'progress_drawn':
      return [{ kind: 'fly', from: ['[data-testid=progress-decks]', BANK], to: seat(e.seat), shape: 'card', colour: CARD_BACK }];
    case 'discarded':
      return flights(one(e.resource), seat(e.seat), BANK);
    case 'discarded_card':
      return flights(one(e.card), seat(e.seat), BANK);
    case 'robber_moved':
      return [{ kind: 'place', at: '[data-testid=robber]' }, { sound: 'robber' }];
    case 'stolen':
      return [...flights(one(e.resource), seat(e.victim), seat(e.thief)), { sound: 'robber' }];
    case 'stolen_commodity':
      return [...flights(one(e.commodity), seat(e.victim), seat(e.thief)), { sound: 'robber' }];
    case 'monopoly_paid':
      return flights(one(e.resource, e.count ?? 1), seat(e.from), seat(e.to));
    case 'monopoly_given':
      return flights(one(e.card, e.count ?? 1), seat(e.from), seat(e.to));
    case 'card_given':
      return flights(one(e.card), seat(e.from), seat(e.to));
    case 'maritime_traded':
    case 'bank_traded':
      return [...flights(one(e.give, e.rate), seat(e.seat), BANK), ...flights(one(e.get), BANK, seat(e.seat)), { sound: 'trade' }];
    case 'traded':
      return [
        ...flights({ ...e.give, ...e.give_commodities }, seat(e.seat), seat(e.with)),
        ...flights({ ...e.get, ...e.get_commodities }, seat(e.with), seat(e.seat)),
        { sound: 'trade' },
      ];
    case 'barbarians_advanced':
      return [{ kind: 'ship', at: '[data-testid=barbarian-track] .barb-step.ship', from: `[data-testid=barbarian-track] [data-step="${Math.max(0, (e.position ?? 1) - 1)}"]` }];
    case 'barbarian_attack':
      return [{ sound: 'attack' }];
    case 'city_pillaged':
      return [{ kind: 'place', at: `[data-testid=settlement-${e.node}]` }];
    case 'merchant_placed':
      return [{ kind: 'place', at: '[data-testid=merchant]' }];
    case 'won':
      return [{ sound: 'win' }];
    default:
      return [];
  }
}
