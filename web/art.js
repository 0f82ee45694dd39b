// The table's pictures: terrain for the hexes and islands (CATAN, Cities &
// Knights, Catan Junior) and an icon for every kind of card or good
// (resources, commodities, Junior's goods, Splendor's gems). Each is drawn
// once as an SVG <symbol> or <pattern> in one hidden <svg> of the page
// (`ensureArt`) and referenced with <use href="#…"> or `fill="url(#…)"`, so a
// board of 30 hexes does not carry 30 copies. Plain shapes with fill and
// stroke, like icons.js: no emoji, no font, nothing fetched. Original
// drawings. Pictures are decorative (`aria-hidden`): the word beside them,
// or the title of the hex, says what they show to a screen reader.

import { term, onDescription } from './games/describe.js';
import { h } from './dom.js';

// ----- the drawings (viewBox 0 0 24 24) -----

const TREE = `<path d="M12 1.5 5 11h3.5L4 17.5h16L15.5 11H19z" fill="#1f6a2c" stroke="#0b3514" stroke-width="1" stroke-linejoin="round"/>
<path d="M12 4.5 9 9" stroke="#5fae55" stroke-width="1.1" stroke-linecap="round"/>
<rect x="10.6" y="17.5" width="2.8" height="4.5" fill="#6b4423" stroke="#3a230f" stroke-width=".6"/>`;

const SHEEP = `<g fill="#fbfbf5" stroke="#4b4b4b" stroke-width=".9">
<circle cx="8" cy="12" r="3.6"/><circle cx="12.5" cy="10.5" r="3.8"/><circle cx="16" cy="13" r="3.2"/><circle cx="11" cy="15" r="3.6"/></g>
<path d="M8.5 17.5v4M11.5 18v4M14.5 17.5v4M16.5 16v4.5" stroke="#2d2d2d" stroke-width="1.5" stroke-linecap="round"/>
<ellipse cx="19.6" cy="11.6" rx="2.3" ry="2.9" fill="#2d2d2d"/><circle cx="20.3" cy="11" r=".6" fill="#fff"/>`;

const WHEAT = `<path d="M12 23V7M12 23c-1-5-3-8-6-11M12 23c1-5 3-8 6-11" stroke="#7d5c0e" stroke-width="1.3" fill="none" stroke-linecap="round"/>
<g fill="#f2c230" stroke="#7d5c0e" stroke-width=".7">
<ellipse cx="12" cy="4" rx="1.7" ry="3"/><ellipse cx="10.2" cy="8" rx="1.4" ry="2.4" transform="rotate(-25 10.2 8)"/><ellipse cx="13.8" cy="8" rx="1.4" ry="2.4" transform="rotate(25 13.8 8)"/>
<ellipse cx="5.5" cy="10" rx="1.4" ry="2.6" transform="rotate(-45 5.5 10)"/><ellipse cx="18.5" cy="10" rx="1.4" ry="2.6" transform="rotate(45 18.5 10)"/></g>`;

const PEAKS = `<path d="M1 21.5 8 8l3.5 6L16 4l7 17.5z" fill="#6e7380" stroke="#33363d" stroke-width="1" stroke-linejoin="round"/>
<path d="M16 4l-2.6 6.2 1.7-.8 1.5 1.3 1.6-1.9zM8 8l-1.9 3.7 1.4-.5 1.3.8 1-1.2z" fill="#fff"/>
<path d="M11.5 14 9.5 21.5M16 4l-1 17.5" stroke="#4c5059" stroke-width=".7" fill="none"/>`;

const CLAY = `<path d="M1 22c3-9 6-12 11-12s8 3 11 12z" fill="#9c4524" stroke="#5a2410" stroke-width=".9"/>
<g fill="#d9784e" stroke="#5a2410" stroke-width=".8"><rect x="4" y="15" width="7.5" height="3.6" rx=".5"/><rect x="11.5" y="15" width="7.5" height="3.6" rx=".5"/><rect x="7.8" y="11.4" width="7.5" height="3.6" rx=".5"/></g>`;

const DUNES = `<circle cx="17.5" cy="6.5" r="3.2" fill="#f3a43c" stroke="#b86d12" stroke-width=".7"/>
<path d="M1 18c4-5 7-5 10-1 4-5 8-5 12-1v6H1z" fill="#d8b566" stroke="#a3803a" stroke-width=".9"/>
<path d="M6.5 19.5v-8M6.5 14.5H4.5v-2.5M6.5 16h2v-3" stroke="#3f7a34" stroke-width="1.7" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`;

const PINEAPPLE = `<path d="M12 9.5 8.5 3l3 3.2L12 1.5l.9 4.7L16 3z" fill="#3e8b36" stroke="#1f4d1a" stroke-width=".6" stroke-linejoin="round"/>
<ellipse cx="12" cy="15.5" rx="5.2" ry="7" fill="#eaa526" stroke="#8a5510" stroke-width=".9"/>
<path d="M8 11.5l7.5 9M7.2 15l5.5 6.7M10.3 9l6.4 7.6M16 11.5l-7.5 9M16.8 15l-5.5 6.7M13.7 9l-6.4 7.6" stroke="#8a5510" stroke-width=".6" fill="none"/>`;

const SABRE = `<path d="M6.5 18.5C14 15 18.5 9 20.5 2c.3 7.5-4.5 14-12.3 18z" fill="#dfe5ec" stroke="#45505e" stroke-width=".9" stroke-linejoin="round"/>
<path d="M3.5 16.5l5 5" stroke="#8c6a1c" stroke-width="2.4" stroke-linecap="round"/>
<path d="M5 21l-2.5 2" stroke="#4d3210" stroke-width="2.2" stroke-linecap="round"/>`;

const GOLD = `<g fill="#f1c63b" stroke="#86620f" stroke-width=".9" stroke-linejoin="round">
<path d="M2 21l2.5-5h7l2 5z"/><path d="M10.5 21l2.5-5h7l2 5z"/><path d="M6.5 16l2.5-5h7l2 5z"/></g>
<path d="M9.5 12.5h5M5.5 17.5h5M14 17.5h5" stroke="#fff3b8" stroke-width=".8"/>`;

const BRICK = `<rect x="2" y="6.5" width="20" height="11.5" rx="1" fill="#b5532c" stroke="#5a2410" stroke-width="1.1"/>
<path d="M2 12.2h20M9 6.5v5.7M15.5 12.2V18" stroke="#5a2410" stroke-width="1.1"/>`;

const LOG = `<rect x="2.5" y="7.5" width="15" height="10" fill="#8d5a2b" stroke="#42260d" stroke-width="1"/>
<path d="M4 10.5h8M6 14.5h9" stroke="#5e3a17" stroke-width=".8"/>
<ellipse cx="18" cy="12.5" rx="3.5" ry="5" fill="#e4b57a" stroke="#42260d" stroke-width="1"/>
<ellipse cx="18" cy="12.5" rx="1.4" ry="2.2" fill="none" stroke="#a6733a" stroke-width=".8"/>`;

const ORE = `<path d="M2.5 18.5 5.5 9 12 4.5 19 7.5l2.5 9.5-7.5 3.5z" fill="#7f8594" stroke="#2f333b" stroke-width="1" stroke-linejoin="round"/>
<path d="M5.5 9 11 12.5 19 7.5M11 12.5 14 20.5M11 12.5 2.5 18.5" stroke="#2f333b" stroke-width=".8" fill="none"/>
<path d="M12 6.2l3 1.3" stroke="#c9ced8" stroke-width="1" stroke-linecap="round"/>`;

const PAPER = `<path d="M5 3.5h11l3 3v14H5z" fill="#f6f0d8" stroke="#6b5a3a" stroke-width="1" stroke-linejoin="round"/>
<path d="M16 3.5v3h3M8 9.5h8M8 12.5h8M8 15.5h5.5" stroke="#6b5a3a" stroke-width=".9" fill="none"/>`;

const CLOTH = `<path d="M3 8.5h13.5a3.5 3.5 0 0 1 0 7H3z" fill="#8e6fc0" stroke="#3e2a66" stroke-width="1"/>
<ellipse cx="16.5" cy="12" rx="2" ry="3.5" fill="#c4b0e3" stroke="#3e2a66" stroke-width=".8"/>
<path d="M3 15.5 1.5 20.5H11l-1.5-5" fill="#b39ad8" stroke="#3e2a66" stroke-width=".9" stroke-linejoin="round"/>`;

const COIN = `<circle cx="12" cy="12" r="8.5" fill="#d9b43a" stroke="#6f5510" stroke-width="1.1"/>
<circle cx="12" cy="12" r="5.5" fill="none" stroke="#6f5510" stroke-width=".9"/>
<path d="M12 8.5v7M10 10.2h3.5" stroke="#6f5510" stroke-width="1" stroke-linecap="round"/>`;

// CATAN's development cards and the three progress tracks of Cities & Knights.

const KNIGHT = `<path d="M6 10.5a6 6 0 0 1 12 0V19H6z" fill="#9aa4b2" stroke="#2f3540" stroke-width="1" stroke-linejoin="round"/>
<path d="M6.5 12.5h11" stroke="#2f3540" stroke-width="1.6"/><path d="M9 14.5h6" stroke="#2f3540" stroke-width="1.1"/>
<path d="M12 4.5V1.5c2.5.3 4 1.5 4.5 3" fill="#c8312b" stroke="#6b1410" stroke-width=".8"/>
<path d="M4.5 22.5h15" stroke="#6b4423" stroke-width="2" stroke-linecap="round"/>`;

const ROADS = `<path d="M2 20 9.5 12.5M12.5 12.5 20 5" stroke="#6b4423" stroke-width="4" stroke-linecap="round"/>
<path d="M2 20 9.5 12.5M12.5 12.5 20 5" stroke="#d9a25e" stroke-width="1.6" stroke-linecap="round" stroke-dasharray="2 2"/>
<circle cx="11" cy="11" r="2" fill="#f4e3b5" stroke="#6b4423" stroke-width=".9"/>`;

const PLENTY = `<path d="M3 7c4 11 11 14 18 12l-2-5c-4 1-9-1-11-8z" fill="#c98a2e" stroke="#6b4410" stroke-width="1" stroke-linejoin="round"/>
<circle cx="19" cy="15.5" r="2" fill="#d6453a" stroke="#6b1410" stroke-width=".7"/><circle cx="16.5" cy="13" r="1.8" fill="#f2c230" stroke="#7d5c0e" stroke-width=".7"/>
<circle cx="20.5" cy="11.8" r="1.6" fill="#7fbf4d" stroke="#2f5a16" stroke-width=".7"/><path d="M5.5 10.5 9 8.5M7 14l4-2" stroke="#6b4410" stroke-width=".7"/>`;

const MONOPOLY = `<g fill="#d9b43a" stroke="#6f5510" stroke-width=".9"><ellipse cx="12" cy="19" rx="7" ry="2.4"/><path d="M5 19v-3c0 1.3 3.1 2.4 7 2.4s7-1.1 7-2.4v3"/>
<ellipse cx="12" cy="16" rx="7" ry="2.4"/><path d="M5 16v-3c0 1.3 3.1 2.4 7 2.4s7-1.1 7-2.4v3"/><ellipse cx="12" cy="13" rx="7" ry="2.4"/></g>
<path d="M9 9.5V5.5a1.1 1.1 0 0 1 2.2 0V8M11.2 8V4.5a1.1 1.1 0 0 1 2.2 0V8M13.4 8V5a1.1 1.1 0 0 1 2.2 0v4.5" fill="#f2d2b5" stroke="#6b4423" stroke-width=".8"/>`;

const CHAPEL = `<path d="M4 21.5V11l8-6.5 8 6.5v10.5z" fill="#e9dcc0" stroke="#5a4630" stroke-width="1" stroke-linejoin="round"/>
<path d="M2.5 12 12 4l9.5 8" fill="none" stroke="#a33a2a" stroke-width="2" stroke-linejoin="round" stroke-linecap="round"/>
<path d="M10 21.5v-5a2 2 0 0 1 4 0v5z" fill="#6b4423"/><path d="M12 1v5M10.3 2.6h3.4" stroke="#5a4630" stroke-width="1.1"/>`;

const FLASK = `<path d="M9.5 2.5h5M10.3 2.5v6L4.5 19a2 2 0 0 0 1.8 3h11.4a2 2 0 0 0 1.8-3L13.7 8.5v-6" fill="#eaf6ee" stroke="#1f5a32" stroke-width="1.1" stroke-linejoin="round"/>
<path d="M6.3 16h11.4l1.5 3a1.1 1.1 0 0 1-1 1.6H5.8a1.1 1.1 0 0 1-1-1.6z" fill="#2f9e44"/><circle cx="11" cy="13" r=".9" fill="#2f9e44"/><circle cx="13.4" cy="11" r=".6" fill="#2f9e44"/>`;

const SCALES = `<path d="M12 3v17M7 21.5h10M4 7h16" stroke="#6f5510" stroke-width="1.3" stroke-linecap="round"/>
<path d="M4 7 1.5 13h5zM20 7l-2.5 6h5z" fill="none" stroke="#6f5510" stroke-width=".9" stroke-linejoin="round"/>
<path d="M1.5 13a2.5 1.5 0 0 0 5 0zM17.5 13a2.5 1.5 0 0 0 5 0z" fill="#f2c300" stroke="#6f5510" stroke-width=".9"/><circle cx="12" cy="3.5" r="1.4" fill="#f2c300" stroke="#6f5510" stroke-width=".8"/>`;

const BANNER = `<path d="M5 1.5v21" stroke="#4d3210" stroke-width="1.6" stroke-linecap="round"/>
<path d="M5.8 3h14l-3.5 5 3.5 5h-14z" fill="#2f6fd6" stroke="#12305e" stroke-width="1" stroke-linejoin="round"/>
<path d="M10.5 5.5l1 2 2 .3-1.5 1.4.4 2-1.9-1-1.9 1 .4-2-1.5-1.4 2-.3z" fill="#f2c300"/>`;

/** A cut gem in a colour, for Splendor's tokens. */
const gem = (fill, stroke, shine = '#ffffffaa') => `<path d="M6 4h12l4 6-10 11L2 10z" fill="${fill}" stroke="${stroke}" stroke-width="1" stroke-linejoin="round"/>
<path d="M2 10h20M8.5 10 12 21l3.5-11M6 4l2.5 6L12 4l3.5 6L18 4" stroke="${stroke}" stroke-width=".7" fill="none"/>
<path d="M7 6l1 2.5" stroke="${shine}" stroke-width="1.1" stroke-linecap="round"/>`;

/** The terrain drawings by the board's terrain names (and Junior's goods). */
const TERRAIN = {
  forest: TREE,
  hills: CLAY,
  pasture: SHEEP,
  fields: WHEAT,
  mountains: PEAKS,
  desert: DUNES,
  // Catan Junior's islands, named by what they yield.
  wood: TREE,
  wool: SHEEP,
  pineapple: PINEAPPLE,
  sabre: SABRE,
  gold: GOLD,
};

/** The card and good icons. */
const ICONS = {
  brick: BRICK,
  lumber: LOG,
  wool: SHEEP,
  grain: WHEAT,
  ore: ORE,
  paper: PAPER,
  cloth: CLOTH,
  coin: COIN,
  wood: LOG,
  pineapple: PINEAPPLE,
  sabre: SABRE,
  gold: GOLD,
  // development cards (CATAN) and progress tracks (Cities & Knights)
  knight: KNIGHT,
  road_building: ROADS,
  year_of_plenty: PLENTY,
  monopoly: MONOPOLY,
  victory_point: CHAPEL,
  science: FLASK,
  trade: SCALES,
  politics: BANNER,
  'gem-white': gem('#f4f6fa', '#555b66', '#9aa3b5'),
  'gem-blue': gem('#2d6fd6', '#12305e'),
  'gem-green': gem('#2f9e55', '#124a25'),
  'gem-red': gem('#d63a3a', '#5e1212'),
  'gem-black': gem('#3a3a40', '#0d0d10', '#b9bcc6'),
  'gem-gold': gem('#f1c63b', '#86620f'),
};

/**
 * The ground of each terrain: a small repeated texture over its colour
 * (trees' dots in the forest, courses of bricks on the hills, grass tufts on
 * the pasture, furrows on the fields, scree on the mountains, ripples in the
 * sand), so that the kind reads even where the motif is hidden by a token.
 * Each entry is [tile size, texture]; the ground colour under the texture is
 * the game's colour of the terrain or good, from the served description.
 */
const PATTERN = {
  forest: [14, '<path d="M3 6 5 2l2 4zM10 13l2-4 2 4z" fill="#1c5a26"/><circle cx="11" cy="4" r="1.3" fill="#3f9a4a"/>'],
  hills: [16, '<path d="M0 4h16M0 12h16M4 0v4M12 4v8M4 12v4" stroke="#a04f26" stroke-width="1.2" fill="none"/>'],
  pasture: [12, '<path d="M2 9l1.5-3L5 9M7.5 4 9 1l1.5 3" stroke="#6fa53c" stroke-width="1" fill="none" stroke-linecap="round"/>'],
  fields: [10, '<path d="M0 10 10 0M-2 2 2-2M8 12l4-4" stroke="#d4a72a" stroke-width="1.3"/>'],
  mountains: [14, '<path d="M1 9l3-4 3 4M8 4l2.5-3L13 4" stroke="#6c6c78" stroke-width="1.1" fill="none" stroke-linejoin="round"/>'],
  desert: [16, '<path d="M0 5q4-3 8 0t8 0M0 13q4-3 8 0t8 0" stroke="#cdb47a" stroke-width="1" fill="none"/>'],
  wood: [14, '<path d="M3 6 5 2l2 4zM10 13l2-4 2 4z" fill="#1c5a26"/>'],
  wool: [12, '<path d="M2 9l1.5-3L5 9M7.5 4 9 1l1.5 3" stroke="#7cae45" stroke-width="1" fill="none" stroke-linecap="round"/>'],
  pineapple: [10, '<path d="M0 0l10 10M10 0 0 10" stroke="#d08f1c" stroke-width="1"/>'],
  sabre: [14, '<path d="M2 12 12 2" stroke="#6e839b" stroke-width="1.2"/><circle cx="11" cy="11" r="1" fill="#b8c6d6"/>'],
  gold: [12, '<path d="M3 3l1 2 2 1-2 1-1 2-1-2-2-1 2-1zM9 8l.6 1.4L11 10l-1.4.6L9 12l-.6-1.4L7 10l1.4-.6z" fill="#fff3b0"/>'],
};

/** The ground colour of a terrain or good: the served description's colour. */
function groundColor(kind) {
  return term('terrain', kind)?.color || term('good', kind)?.color || '#cccccc';
}

// A new description may colour the grounds differently: draw the defs anew.
onDescription(() => {
  if (typeof document !== 'undefined') document.getElementById('art-defs')?.remove();
});

/** Puts the drawings into the page once (a hidden <svg> at the end of <body>). */
export function ensureArt() {
  if (typeof document === 'undefined' || document.getElementById('art-defs')) return;
  const symbols = [
    ...Object.entries(TERRAIN).map(([k, body]) => `<symbol id="terrain-${k}" viewBox="0 0 24 24">${body}</symbol>`),
    ...Object.entries(ICONS).map(([k, body]) => `<symbol id="icon-${k}" viewBox="0 0 24 24">${body}</symbol>`),
    ...Object.entries(PATTERN).map(
      ([k, [size, body]]) => [k, groundColor(k), size, body],
    ).map(
      ([k, bg, size, body]) => `<pattern id="ground-${k}" patternUnits="userSpaceOnUse" width="${size}" height="${size}"><rect width="${size}" height="${size}" fill="${bg}"/>${body}</pattern>`,
    ),
  ];
  const svg = h('svg:svg', { id: 'art-defs', width: 0, height: 0, 'aria-hidden': 'true', focusable: 'false', style: 'position:absolute;width:0;height:0;overflow:hidden' });
  // Static markup of this file only: no data goes in here.
  svg.innerHTML = `<defs>${symbols.join('')}</defs>`;
  document.body.appendChild(svg);
}

/** Whether `kind` has a terrain drawing. */
export function hasTerrain(kind) {
  return kind in TERRAIN;
}

/**
 * A hex's art: its ground pattern over the polygon `points`, and the
 * terrain's motif `count` times around the number token at the positions
 * `spots` ([x, y] centres) with side `size`. Inert for the pointer: the
 * targets above it take the clicks.
 */
export function terrainArt(kind, points, spots, size) {
  ensureArt();
  if (!hasTerrain(kind)) return null;
  return h(
    'svg:g',
    { class: 'terrain-art', 'data-art': kind, 'aria-hidden': 'true', 'pointer-events': 'none' },
    h('svg:polygon', { class: 'terrain-ground', points, fill: `url(#ground-${kind})` }),
    spots.map(([x, y]) => h('svg:use', { href: `#terrain-${kind}`, x: (x - size / 2).toFixed(1), y: (y - size / 2).toFixed(1), width: size, height: size })),
  );
}

/** Whether `kind` has an icon. */
export function hasIcon(kind) {
  return kind in ICONS;
}

/** The icon of a card or good kind (brick, paper, pineapple, gem-red, …), 1.2em, decorative. */
export function artIcon(kind) {
  ensureArt();
  if (!hasIcon(kind)) return null;
  return h('svg:svg', { class: 'art-icon', viewBox: '0 0 24 24', 'aria-hidden': 'true', focusable: 'false', 'data-art': kind }, h('svg:use', { href: `#icon-${kind}` }));
}

/**
 * A log line with an icon before every word that names a kind of card or
 * good. `words` maps a kind to its names in the page's language (e.g.
 * `{brick: 'Lehm'}`); the words stay, so the line reads the same to a screen
 * reader and to a test that reads its text.
 */
export function withIcons(text, words) {
  if (typeof text !== 'string' || !text) return text;
  const byWord = new Map();
  for (const [kind, word] of Object.entries(words)) if (word && hasIcon(kind)) byWord.set(word.toLowerCase(), kind);
  if (!byWord.size) return text;
  const escaped = [...byWord.keys()].sort((a, b) => b.length - a.length).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  // Whole words only ("ore" is not in "more"); letters beyond ASCII count as letters.
  const re = new RegExp(`(?<![\\p{L}])(${escaped.join('|')})(?![\\p{L}])`, 'giu');
  const out = [];
  let last = 0;
  for (const m of text.matchAll(re)) {
    out.push(text.slice(last, m.index));
    out.push(h('span', { class: 'art-word' }, artIcon(byWord.get(m[0].toLowerCase())), m[0]));
    last = m.index + m[0].length;
  }
  if (!out.length) return text;
  out.push(text.slice(last));
  return out;
}
