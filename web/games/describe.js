// The game's description as the server serves it (GET /api/tables/{id}/description;
// crates/engine/src/describe.rs and each game's describe.rs): the names in German
// and English of every resource, terrain, piece, card, phase and event, their
// colours, the costs, the cards and the places of the board. The page fetches it
// once per table (table.js, replay.js) and hands it to useDescription(); DESC and
// the id lists are filled in place, so modules that imported them see the served
// description. No game module keeps its own table of names, colours or costs: a
// copy would be waiting to disagree with the engine.

/** The served description: `terms` by kind, `seats`, `costs`, `cards` by deck, `facts`, `places`. */
export const DESC = { game: null, rule_set: null, terms: {}, seats: [], costs: {}, cards: {}, facts: {}, places: null };

const byId = new Map(); // `${kind}/${id}` -> term
const cardById = new Map(); // `${deck}/${id}` -> card
const lists = {}; // kind -> live array of ids
const colorMaps = []; // [kinds, live object id -> colour]
const hooks = []; // called after every useDescription

/** Takes a served description into DESC (in place); returns whether it was one. */
export function useDescription(served) {
  if (!served || typeof served !== 'object' || !served.terms) return false;
  for (const k of Object.keys(DESC)) delete DESC[k];
  Object.assign(DESC, { terms: {}, seats: [], costs: {}, cards: {}, facts: {}, places: null }, served);
  byId.clear();
  cardById.clear();
  for (const [kind, terms] of Object.entries(DESC.terms)) for (const t of terms) byId.set(`${kind}/${t.id}`, t);
  for (const [deck, cards] of Object.entries(DESC.cards)) for (const c of cards) cardById.set(`${deck}/${c.id}`, c);
  for (const [kind, list] of Object.entries(lists)) list.splice(0, list.length, ...ids(kind));
  for (const [kinds, map] of colorMaps) fillColors(map, kinds);
  for (const f of hooks) f(DESC);
  return true;
}

/** Calls `f(DESC)` now and after every useDescription (for lists a module derives from it). */
export function onDescription(f) {
  hooks.push(f);
  f(DESC);
}

const lang = (ctx) => (ctx?.lang === 'en' ? 'en' : 'de');

/** The term `id` of `kind` (`{id, de, en, color?, text?}`), or undefined. */
export function term(kind, id) {
  return byId.get(`${kind}/${id}`);
}
/** The name of a term in the page's language (the id itself if the description lacks it). */
export function termName(ctx, kind, id) {
  const t = term(kind, id);
  return t ? t[lang(ctx)] : String(id);
}
/** The longer text of a term (a card's effect) in the page's language, or ''. */
export function termText(ctx, kind, id) {
  const t = term(kind, id)?.text;
  return t ? t[lang(ctx)] : '';
}
/** The colour of a term (`#rrggbb`), or `fallback`. */
export function termColor(kind, id, fallback = '#888888') {
  return term(kind, id)?.color || fallback;
}
/** The ids of every term of a kind, in the game's order. */
export function ids(kind) {
  return (DESC.terms[kind] || []).map((t) => t.id);
}
/** A live array of the ids of a kind: the same array object, refilled by every useDescription. */
export function idList(kind) {
  if (!lists[kind]) lists[kind] = ids(kind);
  return lists[kind];
}
function fillColors(map, kinds) {
  for (const k of Object.keys(map)) delete map[k];
  for (const kind of kinds) for (const t of DESC.terms[kind] || []) if (t.color) map[t.id] = t.color;
}
/** A live object from the ids of the given kinds to their colours, refilled by every useDescription. */
export function colorMap(...kinds) {
  const map = {};
  fillColors(map, kinds);
  colorMaps.push([kinds, map]);
  return map;
}
/** What the action of type `type` (or a named thing) costs: `{id: n}` or null. */
export function cost(type) {
  return DESC.costs[type] || null;
}
/** The card `id` of `deck`, or undefined. */
export function card(deck, id) {
  return cardById.get(`${deck}/${id}`);
}
/** Seat `i`'s colour term (`{id, de, en, color}`), or undefined. */
export function seatTerm(i) {
  return DESC.seats[i];
}
/** A fact of the game (`improvements`, `barbarians`, …), or undefined. */
export function fact(name) {
  return DESC.facts[name];
}
/** Ink that reads on a fill colour (`#rrggbb`): dark on light fills, white on dark ones. */
export function inkFor(fill) {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(fill || '');
  if (!m) return '#111';
  const lin = (x) => {
    const c = parseInt(x, 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const l = 0.2126 * lin(m[1]) + 0.7152 * lin(m[2]) + 0.0722 * lin(m[3]);
  return l > 0.3 ? '#111' : '#fff';
}
/** A fill colour made readable as text on the light page: very light colours (white) darkened. */
export function onPage(fill) {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(fill || '');
  if (!m || inkFor(fill) === '#fff') return fill;
  const rgb = [m[1], m[2], m[3]].map((x) => parseInt(x, 16));
  if (Math.min(...rgb) < 200) return fill;
  return `#${rgb.map((c) => Math.round(c * 0.75).toString(16).padStart(2, '0')).join('')}`;
}
/** The German/English pair of a term, as i18n's L() takes it. */
export function termPair(kind, id) {
  const t = term(kind, id);
  return t ? { de: t.de, en: t.en } : { de: String(id), en: String(id) };
}
