// The CATAN family's data, read from the served description and the board's
// shape: the resources and development cards in the engine's order, the
// resources' and the seats' colours, and each seat's maritime rates. CATAN's
// table (catan.js), Cities & Knights' (ck-table.js, ck-board.js), the words
// (catan-text.js), the dialogs and the board's drawing all read them: they
// live in a module of their own, below all of those, so that no module has to
// import a table for them (the web modules import downward only; a
// Seafarers renderer would import them from here as well).

import { idList, colorMap, onDescription, inkFor, onPage } from './describe.js';
import { TOPO } from './catan-board.js';

/** The resources and development cards in the engine's order, from the served description. */
export const RESOURCES = idList('resource');
export const DEV = idList('development_card');
/** Each resource's colour, from the served description. */
export const RES_FILL = colorMap('resource');
/** Player colours (seat order, from the served description) and a text colour that reads on each. */
export const PLAYER_FILL = [];
/** The seats' colours for the table's log (white drawn a little darker to show on the page). */
export const seatColours = [];
export const PLAYER_TEXT = [];
onDescription((d) => {
  const fills = (d.seats || []).map((s) => s.color);
  PLAYER_FILL.splice(0, PLAYER_FILL.length, ...fills);
  seatColours.splice(0, seatColours.length, ...fills.map(onPage));
  PLAYER_TEXT.splice(0, PLAYER_TEXT.length, ...fills.map(inkFor));
});

/**
 * The maritime rate of `seat` per resource, read off the view: 4 (the bank),
 * 3 with a building at a generic (3:1) harbor, 2 at that resource's harbor
 * (2:1). For showing what a trade costs; the legal actions say which trades
 * are possible. Checked against the engine's rates by
 * crates/web-e2e/tests/it/catan_browser.rs.
 */
export function maritimeRates(view, seat) {
  const rates = Object.fromEntries(RESOURCES.map((r) => [r, 4]));
  const p = view?.players?.[seat];
  if (!p) return rates;
  const mine = new Set([...(p.settlements || []), ...(p.cities || [])]);
  (view.board?.harbors || []).forEach(({ edge, kind }) => {
    const [a, b] = TOPO.edgeNodes[edge] || [];
    if (!mine.has(a) && !mine.has(b)) return;
    if (kind === 'generic') for (const r of RESOURCES) rates[r] = Math.min(rates[r], 3);
    else if (kind in rates) rates[kind] = 2;
  });
  return rates;
}
