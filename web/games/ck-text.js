// Cities & Knights (and heroes and squires) in words: the names of
// commodities, tracks, improvements and progress cards (German and English,
// each progress card with its text), what an action costs, every C&K action
// and event as a sentence. catan-text.js hands every action and event it does not
// know itself to describeAction / describeEvent here, so that no action of any
// rule set is ever shown as JSON.
//
// The costs are the printed building-cost card of the game (display only):
// which actions are possible, and at what bank rate, comes from the server
// (the legal actions and the view's `bank_rates`).

import { TOPO } from './catan-board.js';
import { DESC, idList, colorMap, onDescription, term, termName, termText, cost, fact } from './describe.js';

export const RESOURCE_KINDS = idList('resource');
export const COMMODITIES = idList('commodity');
/** Every card kind in the engine's order (the order of `bank_rates`): resources, then commodities. */
export const CARD_KINDS = [];
export const TRACKS = idList('track');
export const TRACK_FILL = colorMap('track');
export const COMMODITY_FILL = colorMap('commodity');
export const CARD_FILL = colorMap('resource', 'commodity');
/** The progress cards by id: `[track]`, from the served description's decks. */
export const PROGRESS = {};
/** The commodity that pays for a track's improvements (from the description's improvements). */
export const TRACK_COMMODITY = {};
onDescription(() => {
  CARD_KINDS.splice(0, CARD_KINDS.length, ...RESOURCE_KINDS, ...COMMODITIES);
  for (const k of Object.keys(PROGRESS)) delete PROGRESS[k];
  for (const t of TRACKS) for (const c of DESC.cards[`progress_${t}`] || []) PROGRESS[c.id] = [t];
  for (const imp of fact('improvements') || []) TRACK_COMMODITY[imp.track] = Object.keys(imp.cost)[0];
});

/** Phases whose builds cost nothing. */
const FREE_PHASES = new Set(['setup', 'road_building', 'diplomat_road', 'deserter_place']);

export function isDe(ctx) {
  return ctx.lang !== 'en';
}
function lang(ctx) {
  return isDe(ctx) ? 'de' : 'en';
}
/** The name of a resource, commodity or track. */
export function name(ctx, k) {
  for (const kind of ['resource', 'commodity', 'track']) if (term(kind, k)) return termName(ctx, kind, k);
  return k;
}
/**
 * "Bot 3 hat kein Erz." for a seat a monopoly took nothing from: a zero
 * transfer ("gibt Anna 0 Erz") reads like a mistake.
 */
export function hasNone(ctx, who, k) {
  // German negates the two feminine names with "keine" (die Wolle, die Münze).
  const none = k === 'wool' || k === 'coin' ? 'keine' : 'kein';
  return isDe(ctx) ? `${who} hat ${none} ${name(ctx, k)}.` : `${who} has no ${name(ctx, k)}.`;
}
export function cardName(ctx, card) {
  return termName(ctx, 'progress_card', card);
}
export function cardText(ctx, card) {
  return termText(ctx, 'progress_card', card);
}
export function improvementName(ctx, track, level) {
  const imp = (fact('improvements') || []).find((x) => x.track === track && x.level === level);
  return imp ? imp.name[lang(ctx)] : `${name(ctx, track)} ${level}`;
}
/** What an improvement level unlocks, in the page's language ('' if unknown). */
export function improvementUnlocks(ctx, track, level) {
  const imp = (fact('improvements') || []).find((x) => x.track === track && x.level === level);
  return imp ? imp.unlocks[lang(ctx)] : '';
}
export function gateName(ctx, track) {
  return termText(ctx, 'track', track) || track;
}
/** "2 Lehm, 1 Papier" for a map of card kinds to counts (or "nichts"). */
export function cardsText(ctx, ...maps) {
  const total = {};
  for (const m of maps) for (const [k, n] of Object.entries(m || {})) if (n) total[k] = (total[k] || 0) + n;
  const parts = CARD_KINDS.filter((k) => total[k]).map((k) => `${total[k]} ${name(ctx, k)}`);
  return parts.length ? parts.join(', ') : isDe(ctx) ? 'nichts' : 'nothing';
}

/** Strength of a seat's knight on `node`: 1 basic, 2 strong, 3 mighty. */
export function knightStrength(p, node) {
  if (p.mighty?.includes(node)) return 3;
  if (p.strong?.includes(node)) return 2;
  return 1;
}
/** The barbarians' strength (cities and metropolises on the board) and Catan's defence (active knights). */
export function barbarianBalance(view) {
  const ck = view.cities_knights;
  const strength = view.players.reduce((n, p) => n + (p.cities?.length || 0), 0);
  const perSeat = ck.players.map((p) => (p.active || []).reduce((n, k) => n + knightStrength(p, k), 0));
  return { strength, defence: perSeat.reduce((a, b) => a + b, 0), perSeat };
}
/** The shared edge of two neighbouring hexes, as an edge id (or null). */
export function sharedEdge(a, b) {
  const common = TOPO.hexNodes[a]?.filter((n) => TOPO.hexNodes[b]?.includes(n)) || [];
  if (common.length !== 2) return null;
  const [x, y] = common[0] < common[1] ? common : [common[1], common[0]];
  const e = TOPO.edgeNodes.findIndex(([p, q]) => p === x && q === y);
  return e >= 0 ? e : null;
}
/** The hexes sharing an edge with `hx`. */
export function hexNeighbours(hx) {
  const out = [];
  for (let o = 0; o < TOPO.hexNodes.length; o++) if (o !== hx && sharedEdge(hx, o) != null) out.push(o);
  return out;
}
/** What a squire's step from `from` to `to` costs `seat`: free over an own road, else 1 card of the hex's resource. */
export function squireStepCost(view, seat, from, to) {
  const e = sharedEdge(from, to);
  if (e != null && view.players[seat]?.roads?.includes(e)) return {};
  const res = TERRAIN_RESOURCE[view.board.tiles[to]?.terrain];
  return res ? { [res]: 1 } : {};
}
/** Whether an opposing road lies on the edge between two hexes (the step is blocked). */
export function squireBlocked(view, seat, from, to) {
  const e = sharedEdge(from, to);
  return e != null && view.players.some((p, i) => i !== seat && p.roads?.includes(e));
}
/** The resource each terrain yields, from the served description's facts. */
export const TERRAIN_RESOURCE = {};
onDescription(() => {
  for (const k of Object.keys(TERRAIN_RESOURCE)) delete TERRAIN_RESOURCE[k];
  Object.assign(TERRAIN_RESOURCE, fact('terrain_resource') || {});
});

/**
 * What an action costs the seat that takes it, as a map of card kinds
 * (empty: free), or null when the action pays nothing.
 */
export function actionCost(a, view, seat) {
  if (!a) return null;
  // The set-up's pieces, Road Building's and the Diplomat's roads, the Deserter's knight are free.
  if (cost(a.type)) return FREE_PHASES.has(view?.phase?.phase) ? {} : cost(a.type);
  const ck = view?.cities_knights?.players?.[seat];
  switch (a.type) {
    case 'build_improvement':
    case 'crane_improvement': {
      const level = (ck?.levels?.[TRACKS.indexOf(a.track)] ?? 0) + 1;
      const n = a.type === 'crane_improvement' ? level - 1 : level;
      return n > 0 ? { [TRACK_COMMODITY[a.track]]: n } : {};
    }
    case 'upgrade_hero':
      return { [a.commodity]: 1 };
    case 'move_squire':
      return squireStepCost(view, seat, a.from, a.to);
    case 'bank_trade': {
      const rate = ck?.bank_rates?.[CARD_KINDS.indexOf(a.give)];
      return rate ? { [a.give]: rate } : null;
    }
    case 'play_engineer':
    case 'recruit_squire':
      return {};
    default:
      return null;
  }
}
/** " (1 Wolle, 1 Erz)", " (kostenlos)" or "". */
export function costSuffix(ctx, cost) {
  if (cost == null) return '';
  if (!Object.values(cost).some(Boolean)) return isDe(ctx) ? ' (kostenlos)' : ' (free)';
  return ` (${cardsText(ctx, cost)})`;
}

function seat(ctx, s) {
  return ctx.seatName(s);
}
function node(ctx, n) {
  return isDe(ctx) ? `Kreuzung ${n}` : `intersection ${n}`;
}
function hex(ctx, hx) {
  const t = ctx.view?.board?.tiles?.[hx];
  const terrain = t ? termName(ctx, 'terrain', t.terrain) : null;
  const label = isDe(ctx) ? `Feld ${hx}` : `hex ${hx}`;
  return terrain ? `${terrain}${t.number ? ` ${t.number}` : ''} (${label})` : label;
}
function edge(ctx, e) {
  return isDe(ctx) ? `Weg ${e}` : `path ${e}`;
}
const LEVEL = { de: ['', 'einfachen', 'starken', 'mächtigen'], en: ['', 'basic', 'strong', 'mighty'] };

/** An action in words, with its cost where it has one. Never JSON. */
export function describeAction(a, ctx) {
  const d = isDe(ctx);
  const c = costSuffix(ctx, actionCost(a, ctx.view, ctx.view?.current ?? ctx.seat));
  const w = (de, en) => (d ? de : en) + c;
  switch (a?.type) {
    case 'discard_card':
      return d ? `1 ${name(ctx, a.card)} abwerfen` : `Discard 1 ${name(ctx, a.card)}`;
    case 'bank_trade':
      return w(`Mit der Bank tauschen: ${name(ctx, a.give)} gegen 1 ${name(ctx, a.get)}`, `Trade with the bank: ${name(ctx, a.give)} for 1 ${name(ctx, a.get)}`);
    case 'build_wall':
      return w(`Stadtmauer bauen: ${node(ctx, a.node)}`, `Build a city wall: ${node(ctx, a.node)}`);
    case 'build_knight':
      return w(`Ritter bauen: ${node(ctx, a.node)}`, `Build a knight: ${node(ctx, a.node)}`);
    case 'promote_knight':
      return w(`Ritter befördern: ${node(ctx, a.node)}`, `Promote the knight: ${node(ctx, a.node)}`);
    case 'activate_knight':
      return w(`Ritter aktivieren: ${node(ctx, a.node)}`, `Activate the knight: ${node(ctx, a.node)}`);
    case 'move_knight':
      return d ? `Ritter ziehen: ${node(ctx, a.from)} → ${node(ctx, a.to)}` : `Move the knight: ${node(ctx, a.from)} → ${node(ctx, a.to)}`;
    case 'displace_knight':
      return d ? `Ritter vertreiben: ${node(ctx, a.from)} → ${node(ctx, a.to)}` : `Displace the knight: ${node(ctx, a.from)} → ${node(ctx, a.to)}`;
    case 'chase_robber':
      return d ? `Räuber vertreiben mit dem Ritter auf ${node(ctx, a.knight)}` : `Chase the robber with the knight on ${node(ctx, a.knight)}`;
    case 'relocate_knight':
      return d ? `Vertriebenen Ritter versetzen: ${node(ctx, a.node)}` : `Move the displaced knight: ${node(ctx, a.node)}`;
    case 'upgrade_hero':
      return w(`Ritter auf ${node(ctx, a.node)} zum Helden machen`, `Make the knight on ${node(ctx, a.node)} the hero`);
    case 'recruit_squire':
      return w(`Knappen anwerben: ${hex(ctx, a.hex)}`, `Recruit a squire: ${hex(ctx, a.hex)}`);
    case 'move_squire':
      return w(`Knappe zieht: ${hex(ctx, a.from)} → ${hex(ctx, a.to)}`, `Move the squire: ${hex(ctx, a.from)} → ${hex(ctx, a.to)}`);
    case 'lose_city':
      return d ? `Diese Stadt an die Barbaren verlieren: ${node(ctx, a.node)}` : `Lose this city to the barbarians: ${node(ctx, a.node)}`;
    case 'choose_deck':
      return d ? `Fortschrittskarte ziehen: ${name(ctx, a.track)}` : `Draw a progress card: ${name(ctx, a.track)}`;
    case 'discard_progress':
      return d ? `Fortschrittskarte abwerfen: ${cardName(ctx, a.card)}` : `Discard the progress card ${cardName(ctx, a.card)}`;
    case 'build_improvement': {
      const level = (ctx.view?.cities_knights?.players?.[ctx.view.current]?.levels?.[TRACKS.indexOf(a.track)] ?? 0) + 1;
      return w(`Stadtausbau ${name(ctx, a.track)}: ${improvementName(ctx, a.track, level)}`, `City improvement ${name(ctx, a.track)}: ${improvementName(ctx, a.track, level)}`);
    }
    case 'crane_improvement': {
      const level = (ctx.view?.cities_knights?.players?.[ctx.view.current]?.levels?.[TRACKS.indexOf(a.track)] ?? 0) + 1;
      return w(`Kran: ${improvementName(ctx, a.track, level)} bauen`, `Crane: build ${improvementName(ctx, a.track, level)}`);
    }
    case 'place_metropolis':
      return d ? `Metropole auf die Stadt setzen: ${node(ctx, a.node)}` : `Put the metropolis on the city: ${node(ctx, a.node)}`;
    case 'aqueduct_take':
      return d ? `Aquädukt: 1 ${name(ctx, a.resource)} nehmen` : `Aqueduct: take 1 ${name(ctx, a.resource)}`;
    case 'play_progress':
      return d ? `${cardName(ctx, a.card)} ausspielen` : `Play ${cardName(ctx, a.card)}`;
    case 'play_alchemist':
      return d ? `Alchemist: rot ${a.red}, gelb ${a.yellow}` : `Alchemist: red ${a.red}, yellow ${a.yellow}`;
    case 'play_engineer':
      return w(`Ingenieur: Stadtmauer auf ${node(ctx, a.node)}`, `Engineer: city wall on ${node(ctx, a.node)}`);
    case 'play_inventor':
      return d ? `Erfinder: Zahlen von ${hex(ctx, a.a)} und ${hex(ctx, a.b)} tauschen` : `Inventor: swap the numbers of ${hex(ctx, a.a)} and ${hex(ctx, a.b)}`;
    case 'play_medicine':
      return w(`Medizin: Stadt auf ${node(ctx, a.node)}`, `Medicine: city on ${node(ctx, a.node)}`);
    case 'play_bishop':
      return d ? `Bischof: Räuber auf ${hex(ctx, a.hex)}` : `Bishop: robber to ${hex(ctx, a.hex)}`;
    case 'play_deserter':
      return d ? `Überläufer gegen ${seat(ctx, a.victim)}` : `Deserter against ${seat(ctx, a.victim)}`;
    case 'play_diplomat':
      return d ? `Diplomat: Straße entfernen (${edge(ctx, a.edge)})` : `Diplomat: remove the road (${edge(ctx, a.edge)})`;
    case 'play_intrigue':
      return d ? `Intrige: Ritter auf ${node(ctx, a.node)} vertreiben` : `Intrigue: displace the knight on ${node(ctx, a.node)}`;
    case 'play_spy':
      return d ? `Spion bei ${seat(ctx, a.victim)}` : `Spy on ${seat(ctx, a.victim)}`;
    case 'play_master_merchant':
      return d ? `Handelsmeister gegen ${seat(ctx, a.victim)}` : `Master Merchant against ${seat(ctx, a.victim)}`;
    case 'play_merchant':
      return d ? `Händler auf ${hex(ctx, a.hex)}` : `Merchant to ${hex(ctx, a.hex)}`;
    case 'play_merchant_fleet':
      return d ? `Handelsflotte: ${name(ctx, a.card)} 2:1` : `Merchant Fleet: ${name(ctx, a.card)} 2:1`;
    case 'play_resource_monopoly':
      return d ? `Rohstoffmonopol auf ${name(ctx, a.resource)}` : `Resource Monopoly on ${name(ctx, a.resource)}`;
    case 'play_trade_monopoly':
      return d ? `Handelsmonopol auf ${name(ctx, a.commodity)}` : `Trade Monopoly on ${name(ctx, a.commodity)}`;
    case 'end_card':
      return d ? 'Karte beenden (Rest auslassen)' : 'Finish the card (skip the rest)';
    case 'remove_knight':
      return d ? `Diesen Ritter abgeben: ${node(ctx, a.node)}` : `Give up this knight: ${node(ctx, a.node)}`;
    case 'give_card':
      return d ? `1 ${name(ctx, a.card)} geben` : `Give 1 ${name(ctx, a.card)}`;
    case 'take_card':
      return d ? `1 ${name(ctx, a.card)} nehmen` : `Take 1 ${name(ctx, a.card)}`;
    case 'take_progress':
      return d ? `${cardName(ctx, a.card)} nehmen` : `Take ${cardName(ctx, a.card)}`;
    case 'harbor_offer':
      return d ? `Handelshafen: ${seat(ctx, a.to)} 1 ${name(ctx, a.resource)} anbieten` : `Commercial Harbor: offer ${seat(ctx, a.to)} 1 ${name(ctx, a.resource)}`;
    case 'offer_give_commodity':
      return d ? `Angebot: 1 ${name(ctx, a.commodity)} mehr geben` : `Offer: give 1 more ${name(ctx, a.commodity)}`;
    case 'offer_get_commodity':
      return d ? `Angebot: 1 ${name(ctx, a.commodity)} mehr verlangen` : `Offer: ask for 1 more ${name(ctx, a.commodity)}`;
    default:
      return humanize(a, ctx);
  }
}

/** Any other action in words: its kind and its fields, never as JSON. */
export function humanize(a, ctx) {
  if (!a || typeof a !== 'object') return String(a);
  const kind = String(a.type || '?').replace(/_/g, ' ');
  const fields = Object.entries(a)
    .filter(([k]) => k !== 'type')
    .map(([k, v]) => `${k.replace(/_/g, ' ')} ${typeof v === 'object' ? Object.values(v || {}).join('/') : ctx.seatName && (k === 'victim' || k === 'with' || k === 'to') && typeof v === 'number' ? ctx.seatName(v) : v}`);
  const text = fields.length ? `${kind}: ${fields.join(', ')}` : kind;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function faceText(ctx, face) {
  if (face === 'ship') return isDe(ctx) ? 'Barbarenschiff' : 'barbarian ship';
  if (face?.gate) return gateName(ctx, face.gate);
  return String(face);
}
export { faceText };

/** A C&K event as a sentence (null: nothing worth a line). */
export function describeEvent(e, ctx) {
  const d = isDe(ctx);
  const who = e?.seat != null ? seat(ctx, e.seat) : '';
  const t = (de, en) => (d ? de : en);
  switch (e?.type) {
    case 'event_die':
      return t(`Ereigniswürfel: ${faceText(ctx, e.face)}.`, `Event die: ${faceText(ctx, e.face)}.`);
    case 'barbarians_advanced':
      return e.position >= 7
        ? t('Das Barbarenschiff erreicht Catan: Angriff!', 'The barbarian ship reaches Catan: attack!')
        : t(`Das Barbarenschiff rückt vor (${e.position} von 7).`, `The barbarian ship advances (${e.position} of 7).`);
    case 'barbarian_attack':
      return e.repelled
        ? t(`Die Barbaren greifen an: Stärke ${e.strength} gegen ${e.defence} aktive Ritter – Catan hält stand.`, `The barbarians attack: strength ${e.strength} against ${e.defence} active knights – Catan holds.`)
        : t(`Die Barbaren greifen an: Stärke ${e.strength} gegen ${e.defence} aktive Ritter – Catan unterliegt.`, `The barbarians attack: strength ${e.strength} against ${e.defence} active knights – Catan loses.`);
    case 'city_pillaged':
      return t(`Die Barbaren plündern die Stadt von ${who} (${node(ctx, e.node)}): sie wird zur Siedlung.`, `The barbarians pillage ${who}'s city (${node(ctx, e.node)}): it becomes a settlement.`);
    case 'defender_of_catan':
      return t(`${who} ist Retter Catans (1 Siegpunkt).`, `${who} is Defender of Catan (1 victory point).`);
    case 'barbarians_reset':
      return t('Alle Ritter werden inaktiv, das Schiff kehrt zurück, der Räuber ist wach.', 'Every knight is inactive, the ship goes back, the robber is awake.');
    case 'progress_drawn':
      return e.card
        ? t(`${who} zieht eine Fortschrittskarte (${name(ctx, e.track)}): ${cardName(ctx, e.card)}.`, `${who} draws a progress card (${name(ctx, e.track)}): ${cardName(ctx, e.card)}.`)
        : t(`${who} zieht eine Fortschrittskarte (${name(ctx, e.track)}).`, `${who} draws a progress card (${name(ctx, e.track)}).`);
    case 'progress_discarded':
      return e.card
        ? t(`${who} legt ${cardName(ctx, e.card)} unter den Stapel.`, `${who} puts ${cardName(ctx, e.card)} under the deck.`)
        : t(`${who} legt eine Fortschrittskarte (${name(ctx, e.track)}) ab.`, `${who} discards a progress card (${name(ctx, e.track)}).`);
    case 'produced_commodities':
      return t(`${who} erhält ${cardsText(ctx, e.commodities)}.`, `${who} receives ${cardsText(ctx, e.commodities)}.`);
    case 'commodity_shortage':
      return t(`Die Bank hat nicht genug ${name(ctx, e.commodity)}: niemand erhält davon.`, `The bank is short of ${name(ctx, e.commodity)}: nobody receives any.`);
    case 'discarded_card':
      return t(`${who} wirft 1 ${name(ctx, e.card)} ab.`, `${who} discards 1 ${name(ctx, e.card)}.`);
    case 'stolen_commodity':
      return e.commodity
        ? t(`${seat(ctx, e.thief)} zieht 1 ${name(ctx, e.commodity)} von ${seat(ctx, e.victim)}.`, `${seat(ctx, e.thief)} takes 1 ${name(ctx, e.commodity)} from ${seat(ctx, e.victim)}.`)
        : t(`${seat(ctx, e.thief)} zieht eine Karte von ${seat(ctx, e.victim)}.`, `${seat(ctx, e.thief)} takes a card from ${seat(ctx, e.victim)}.`);
    case 'aqueduct':
      return t(`${who} nimmt durch das Aquädukt 1 ${name(ctx, e.resource)}.`, `${who} takes 1 ${name(ctx, e.resource)} by the Aqueduct.`);
    case 'wall_built':
      return t(`${who} baut eine Stadtmauer (${node(ctx, e.node)}).`, `${who} builds a city wall (${node(ctx, e.node)}).`);
    case 'knight_built':
      return t(`${who} baut einen Ritter (${node(ctx, e.node)}).`, `${who} builds a knight (${node(ctx, e.node)}).`);
    case 'knight_promoted':
      return t(`${who} befördert den Ritter auf ${node(ctx, e.node)} zum ${LEVEL.de[e.strength] || ''} Ritter.`, `${who} promotes the knight on ${node(ctx, e.node)} to a ${LEVEL.en[e.strength] || ''} knight.`);
    case 'knight_activated':
      return t(`${who} aktiviert den Ritter auf ${node(ctx, e.node)}.`, `${who} activates the knight on ${node(ctx, e.node)}.`);
    case 'knight_moved':
      return e.displaced != null
        ? t(`${who} zieht einen Ritter von ${node(ctx, e.from)} nach ${node(ctx, e.to)} und vertreibt den Ritter von ${seat(ctx, e.displaced)}.`, `${who} moves a knight from ${node(ctx, e.from)} to ${node(ctx, e.to)} and displaces ${seat(ctx, e.displaced)}'s knight.`)
        : t(`${who} zieht einen Ritter von ${node(ctx, e.from)} nach ${node(ctx, e.to)}.`, `${who} moves a knight from ${node(ctx, e.from)} to ${node(ctx, e.to)}.`);
    case 'knight_relocated':
      return e.to != null
        ? t(`${who} versetzt den vertriebenen Ritter nach ${node(ctx, e.to)}.`, `${who} moves the displaced knight to ${node(ctx, e.to)}.`)
        : t(`Der vertriebene Ritter von ${who} geht zurück in den Vorrat.`, `${who}'s displaced knight goes back to the supply.`);
    case 'robber_chased':
      return t(`${who} vertreibt den Räuber mit dem Ritter auf ${node(ctx, e.knight)}.`, `${who} chases the robber with the knight on ${node(ctx, e.knight)}.`);
    case 'improved':
      return t(`${who} baut ${improvementName(ctx, e.track, e.level)} (${name(ctx, e.track)}, Stufe ${e.level}).`, `${who} builds ${improvementName(ctx, e.track, e.level)} (${name(ctx, e.track)}, level ${e.level}).`);
    case 'metropolis_placed':
      return t(`${who} setzt die Metropole ${name(ctx, e.track)} auf ${node(ctx, e.node)} (2 Siegpunkte).`, `${who} puts the ${name(ctx, e.track)} metropolis on ${node(ctx, e.node)} (2 victory points).`);
    case 'bank_traded':
      return t(`${who} tauscht ${e.rate} ${name(ctx, e.give)} gegen 1 ${name(ctx, e.get)} mit der Bank (${e.rate}:1).`, `${who} trades ${e.rate} ${name(ctx, e.give)} for 1 ${name(ctx, e.get)} with the bank (${e.rate}:1).`);
    case 'progress_played':
      return t(`${who} spielt ${cardName(ctx, e.card)} aus.`, `${who} plays ${cardName(ctx, e.card)}.`);
    case 'card_given':
      return e.card
        ? t(`${seat(ctx, e.from)} gibt ${seat(ctx, e.to)} 1 ${name(ctx, e.card)}.`, `${seat(ctx, e.from)} gives ${seat(ctx, e.to)} 1 ${name(ctx, e.card)}.`)
        : t(`${seat(ctx, e.from)} gibt ${seat(ctx, e.to)} eine Karte.`, `${seat(ctx, e.from)} gives ${seat(ctx, e.to)} a card.`);
    case 'progress_taken':
      return e.card
        ? t(`${seat(ctx, e.to)} nimmt ${seat(ctx, e.from)} ${cardName(ctx, e.card)} weg.`, `${seat(ctx, e.to)} takes ${cardName(ctx, e.card)} from ${seat(ctx, e.from)}.`)
        : t(`${seat(ctx, e.to)} nimmt ${seat(ctx, e.from)} eine Fortschrittskarte weg.`, `${seat(ctx, e.to)} takes a progress card from ${seat(ctx, e.from)}.`);
    case 'monopoly_given':
      if (e.count === 0) return hasNone(ctx, seat(ctx, e.from), e.card);
      return t(`${seat(ctx, e.from)} gibt ${seat(ctx, e.to)} ${e.count} ${name(ctx, e.card)}.`, `${seat(ctx, e.from)} gives ${seat(ctx, e.to)} ${e.count} ${name(ctx, e.card)}.`);
    case 'tokens_swapped':
      return t(`Die Zahlen von ${hex(ctx, e.a)} und ${hex(ctx, e.b)} werden getauscht.`, `The numbers of ${hex(ctx, e.a)} and ${hex(ctx, e.b)} are swapped.`);
    case 'merchant_placed':
      return t(`${who} stellt den Händler auf ${hex(ctx, e.hex)} (1 Siegpunkt).`, `${who} places the merchant on ${hex(ctx, e.hex)} (1 victory point).`);
    case 'knight_removed':
      return t(`${who} nimmt den Ritter auf ${node(ctx, e.node)} vom Brett.`, `${who} takes the knight on ${node(ctx, e.node)} off the board.`);
    case 'hero_upgraded':
      return t(`${who} macht den Ritter auf ${node(ctx, e.node)} zum Helden (1 ${name(ctx, e.commodity)}).`, `${who} makes the knight on ${node(ctx, e.node)} the hero (1 ${name(ctx, e.commodity)}).`);
    case 'squire_recruited':
      return t(`Der Held von ${who} wirbt einen Knappen an: ${hex(ctx, e.hex)}.`, `${who}'s hero recruits a squire: ${hex(ctx, e.hex)}.`);
    case 'squire_moved': {
      const paid = e.paid ? t(`für 1 ${name(ctx, e.paid)}`, `for 1 ${name(ctx, e.paid)}`) : t('kostenlos über die eigene Straße', 'free over an own road');
      const sent = e.displaced != null ? t(` Der Knappe von ${seat(ctx, e.displaced)} geht nach Hause.`, ` ${seat(ctx, e.displaced)}'s squire is sent home.`) : '';
      return t(`Knappe von ${who}: ${hex(ctx, e.from)} → ${hex(ctx, e.to)}, ${paid}.${sent}`, `${who}'s squire: ${hex(ctx, e.from)} → ${hex(ctx, e.to)}, ${paid}.${sent}`);
    }
    case 'road_removed':
      return t(`Die Straße von ${who} auf ${edge(ctx, e.edge)} wird entfernt.`, `${who}'s road on ${edge(ctx, e.edge)} is removed.`);
    case 'offered':
      return t(`${who} bietet ${cardsText(ctx, e.give, e.give_commodities)} und möchte ${cardsText(ctx, e.get, e.get_commodities)}.`, `${who} offers ${cardsText(ctx, e.give, e.give_commodities)} and wants ${cardsText(ctx, e.get, e.get_commodities)}.`);
    case 'traded':
      return t(
        `${who} handelt mit ${seat(ctx, e.with)}: gibt ${cardsText(ctx, e.give, e.give_commodities)}, erhält ${cardsText(ctx, e.get, e.get_commodities)}.`,
        `${who} trades with ${seat(ctx, e.with)}: gives ${cardsText(ctx, e.give, e.give_commodities)}, gets ${cardsText(ctx, e.get, e.get_commodities)}.`,
      );
    default:
      return null;
  }
}
