// Catan Junior's events as motion and sound cues for motion.js: goods from
// the supply to a seat, a lair or ship dropping in, Käpt'n Klau moving.
// Only selectors of the board catan-junior.js draws; no rules.

import { colorMap } from './describe.js';

/** Each good's colour, from the served description. */
const GOOD_FILL = colorMap('good');

const seat = (i) => [`[data-testid=hand-${i}]`, `[data-testid=seat-${i}]`];
const SUPPLY = '[data-testid=supply]';
const RINGS = ['[data-testid=rings]', SUPPLY];

function flights(goods, from, to) {
  return Object.entries(goods || {})
    .filter(([, n]) => n > 0)
    .map(([g, n]) => ({ kind: 'fly', from, to, colour: GOOD_FILL[g], count: n }));
}

export function cues(e) {
  switch (e?.type) {
    case 'rolled':
      return [{ kind: 'dice', at: '[data-testid=die]' }, { sound: 'dice' }];
    case 'received':
      return flights(e.goods, SUPPLY, seat(e.seat));
    case 'built_lair':
      return [{ kind: 'place', at: `[data-testid=lair-${e.site}]` }, { sound: 'build' }];
    case 'built_ship':
      return [{ kind: 'place', at: [`[data-testid=ship-${e.route?.[0]}-${e.route?.[1]}]`, `[data-testid=ship-${e.route?.[1]}-${e.route?.[0]}]`] }, { sound: 'build' }];
    case 'klau_moved':
      return [{ kind: 'place', at: '[data-testid=klau]' }, { sound: 'robber' }];
    case 'traded_ring':
      return [...flights({ [e.take]: 1 }, RINGS, seat(e.captain)), ...flights({ [e.give]: 1 }, seat(e.captain), RINGS), { sound: 'trade' }];
    case 'traded_supply':
      return [...flights({ [e.give]: 2 }, seat(e.captain), SUPPLY), ...flights({ [e.take]: 1 }, SUPPLY, seat(e.captain)), { sound: 'trade' }];
    case 'offer_answered':
      return e.accepted ? [{ sound: 'trade' }] : [];
    case 'coco_revealed':
      return [{ kind: 'fly', from: SUPPLY, to: seat(e.captain), shape: 'card', colour: '#7a5c9e' }];
    case 'won':
      return [{ sound: 'win' }];
    default:
      return [];
  }
}
