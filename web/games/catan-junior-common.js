// Catan Junior's data from the served description (describe.js): the goods in
// the engine's order with their colours and inks, and the seats' colours by id
// (both sides of the board) with their names. The board (catan-junior-svg.js)
// and the table (catan-junior.js) paint with them; the words
// (catan-junior-text.js) count the goods in this order.

import { idList, colorMap, onDescription, inkFor, seatTerm } from './describe.js';

/** The goods in the engine's order, with their colours, from the served description. */
export const GOODS = idList('good');
export const GOOD_FILL = colorMap('good');
export const GOOD_TEXT = {};
/** Seat colours by id (both sides of the board): fill, ink and names. */
export const COLOUR_FILL = {};
export const COLOUR_TEXT = {};
export const COLOUR_TERM = {};
onDescription((d) => {
  for (const m of [GOOD_TEXT, COLOUR_FILL, COLOUR_TEXT, COLOUR_TERM]) for (const k of Object.keys(m)) delete m[k];
  for (const g of GOODS) GOOD_TEXT[g] = inkFor(GOOD_FILL[g]);
  for (const c of [...(d.seats || []), ...(d.facts?.two_player_seats || [])]) {
    COLOUR_FILL[c.id] = c.color;
    COLOUR_TEXT[c.id] = inkFor(c.color);
    COLOUR_TERM[c.id] = c;
  }
});

/** The colour id of seat `i` (the view's, else the description's). */
export function seatColour(view, i) {
  return view?.seats?.[i]?.colour || seatTerm(i)?.id;
}
