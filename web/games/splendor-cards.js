// Splendor material by id, in the shape the table draws from, derived from
// the served description (GET /api/tables/{id}/description, crates/splendor/src/describe.rs,
// which reads crates/splendor/src/data.rs): no copy of the printed data here.
// Card: [level, bonus, points, cost as [white, blue, green, red, black]].
// Noble: required bonuses as [white, blue, green, red, black]; points in NOBLE_POINTS.

import { DESC, onDescription } from './describe.js';

/** The gem colours in the engine's order (the order of every cost array). */
export const GEMS = [];
export const CARDS = [];
export const NOBLES = [];
export const NOBLE_POINTS = [];

onDescription(() => {
  GEMS.splice(0, GEMS.length, ...(DESC.terms.token || []).map((t) => t.id).filter((id) => id !== 'gold'));
  const gems = (price) => GEMS.map((g) => price?.[g] || 0);
  CARDS.splice(0, CARDS.length, ...(DESC.cards.development || []).map((c) => [c.level, c.bonus, c.points || 0, gems(c.cost)]));
  NOBLES.splice(0, NOBLES.length, ...(DESC.cards.nobles || []).map((n) => gems(n.cost)));
  NOBLE_POINTS.splice(0, NOBLE_POINTS.length, ...(DESC.cards.nobles || []).map((n) => n.points || 0));
  // The gems' colours for the style sheet (`.gem-red { --c: var(--red) }`).
  if (typeof document !== 'undefined') for (const t of DESC.terms.token || []) if (t.color) document.documentElement.style.setProperty(`--${t.id}`, t.color);
});
