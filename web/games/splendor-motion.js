// Splendor's events as motion and sound cues for motion.js: gem tokens from
// the bank to a seat and back, a card from the market to its buyer, a noble
// visiting. Only selectors of the board splendor.js draws; no rules.

import { CARDS } from './splendor-cards.js';

const seat = (i) => `[data-testid=player-${i}]`;
const tokensOf = (i, c) => [`[data-testid=player-${i}] [data-testid=tokens-${i}-${c}]`, `[data-testid=player-${i}] [data-testid=return-${c}]`, seat(i)];
const bank = (c) => [`[data-testid=bank-${c}]`, '.splendor .bank'];

function tokens(list, toSeat, i) {
  return Object.entries(list || {})
    .filter(([, n]) => n > 0)
    .map(([c, n]) => ({ kind: 'fly', from: toSeat ? bank(c) : tokensOf(i, c), to: toSeat ? tokensOf(i, c) : bank(c), className: `gem-${c}`, count: n }));
}

const level = (card) => [`[data-testid=level-${CARDS[card]?.[0]}]`, '[data-testid=market]'];

export function cues(e) {
  switch (e?.type) {
    case 'took_tokens':
      return [...tokens(e.tokens, true, e.seat), { sound: 'trade' }];
    case 'returned_token':
      return tokens({ [e.token]: 1 }, false, e.seat);
    case 'bought':
      return [...tokens(e.payment, false, e.seat), { kind: 'fly', from: e.from_reserve ? seat(e.seat) : level(e.card), to: seat(e.seat), shape: 'card', className: `gem-${CARDS[e.card]?.[1]}` }, { sound: 'build' }];
    case 'reserved':
      return [{ kind: 'fly', from: level(e.card), to: seat(e.seat), shape: 'card', colour: '#ddd' }, ...(e.gold ? tokens({ gold: 1 }, true, e.seat) : [])];
    case 'reserved_from_deck':
      return [{ kind: 'fly', from: `[data-testid=deck-${e.level}]`, to: seat(e.seat), shape: 'card', colour: '#ddd' }, ...(e.gold ? tokens({ gold: 1 }, true, e.seat) : [])];
    case 'card_dealt':
      return [{ kind: 'place', at: `[data-testid=card-${e.card}]` }];
    case 'noble_visited':
      return [{ kind: 'fly', from: ['.splendor .nobles', seat(e.seat)], to: seat(e.seat), shape: 'card', colour: '#e9d8a6' }, { sound: 'build' }];
    case 'game_ended':
      return [{ sound: 'win' }];
    default:
      return [];
  }
}
