// CATAN's use of the shared pictures (art.js): the terrain art of a hex on
// the pointy-top board of catan-board-svg.js (also Cities & Knights' and the 5–6
// player board), and the words of the log that get an icon (resources and,
// in Cities & Knights, commodities).

import { terrainArt } from '../art.js';
import { CARD_KINDS, name } from './ck-text.js';

/**
 * A hex's ground and three motifs around the number token: one above it,
 * two below on either side, inside the hex of radius `s` (pointy-top).
 */
export function hexArt(terrain, points, cx, cy, s) {
  const size = s * 0.5;
  return terrainArt(terrain, points, [[cx, cy - s * 0.6], [cx - s * 0.47, cy + s * 0.36], [cx + s * 0.47, cy + s * 0.36]], size);
}

/** The log's words that get an icon: every resource and commodity in the page's language. */
export function logWords(ctx) {
  return Object.fromEntries(CARD_KINDS.map((k) => [k, name(ctx, k)]));
}
