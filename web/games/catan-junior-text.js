// Catan Junior's words in German and English: the table's texts, the names of
// goods, islands, sites, routes and Coco cards, and a sentence for every
// action, event and end reason (the game module's describeAction,
// describeEvent, describeReason and logWords, re-exported by catan-junior.js).

import { SIDES } from './catan-junior-board.js';
import { termName, cost } from './describe.js';
import { GOODS } from './catan-junior-common.js';

/** The table's texts by key (`tx`). */
const TX = {
  askCoco: { de: 'Coco fragen ({cost})', en: 'Ask Coco ({cost})' },
  endTurn: { de: 'Zug beenden', en: 'End turn' },
  roll: { de: 'Wurf: {n}', en: 'Roll: {n}' },
  noRoll: { de: 'Noch nicht gewürfelt', en: 'Not rolled yet' },
  rings: { de: 'Rettungsringe', en: 'Life rings' },
  supply: { de: 'Vorrat', en: 'Supply' },
  deck: { de: 'Coco-Karten im Stapel: {n}', en: 'Coco cards in the deck: {n}' },
  ringTrade: { de: 'Tausch am Rettungsring (1:1, einmal pro Zug)', en: 'Life ring trade (1:1, once a turn)' },
  supplyTrade: { de: 'Tausch mit dem Vorrat (2:1)', en: 'Trade with the supply (2:1)' },
  take: { de: 'Nimm', en: 'Take' },
  give: { de: 'Gib', en: 'Give' },
  give2: { de: 'Gib 2', en: 'Give 2' },
  take1: { de: 'Nimm 1', en: 'Take 1' },
  close: { de: 'Schließen', en: 'Close' },
  cancel: { de: 'Abbrechen', en: 'Cancel' },
  klauHint: { de: 'Versetze Käpt’n Klau: klicke eine markierte Insel.', en: 'Move Käpt’n Klau: click a highlighted island.' },
  freeBuildHint: { de: 'Coco: baue ein Piratenversteck oder ein Schiff kostenlos.', en: 'Coco: build a lair or a ship for free.' },
  buildHint: { de: 'Bauen: klicke einen markierten Platz (Versteck) oder eine markierte Route (Schiff).', en: 'Build: click a highlighted site (lair) or route (ship).' },
  lairs: { de: 'Verstecke übrig: {n}', en: 'Lairs left: {n}' },
  ships: { de: 'Schiffe übrig: {n}', en: 'Ships left: {n}' },
  tiles: { de: 'Plättchen', en: 'Tiles' },
  cards: { de: 'Coco-Karten', en: 'Coco cards' },
  none: { de: 'keine', en: 'none' },
  nothing: { de: 'nichts', en: 'nothing' },
  castle: { de: 'Burgplatz', en: 'Castle site' },
  castleHolder: { de: 'Burgplatz: {who}', en: 'Castle site: {who}' },
  klau: { de: 'Käpt’n Klau', en: 'Käpt’n Klau' },
  island: { de: 'Insel {n}', en: 'island {n}' },
  castleIsland: { de: 'Burginsel', en: 'the castle island' },
  site: { de: 'Platz {n}', en: 'site {n}' },
  route: { de: 'Route {a}–{b}', en: 'route {a}–{b}' },
  offerTitle: { de: 'Tauschangebot an einen Mitspieler', en: 'Trade offer to a player' },
  lastBuilt: { de: 'Zuletzt gebaut', en: 'Built last' },
  lastKlau: { de: 'Käpt’n Klau zuletzt hierher versetzt', en: 'Käpt’n Klau was moved here last' },
  offerTo: { de: 'An', en: 'To' },
  offerSend: { de: 'Angebot machen', en: 'Make the offer' },
  cancelOffer: { de: 'Angebot verwerfen', en: 'Drop the offer' },
  theyOffer: { de: '{who} bietet dir {give} für {get}.', en: '{who} offers you {give} for {get}.' },
  accept: { de: 'Annehmen', en: 'Accept' },
  decline: { de: 'Ablehnen', en: 'Decline' },
  trade: { de: 'Tauschen', en: 'Trade' },
  goal: { de: 'Ziel: alle Piratenverstecke bauen', en: 'Goal: build all your pirate lairs' },
};

export function tx(ctx, key, vars) {
  return ctx.L(TX[key], vars);
}
export function de(ctx) {
  return ctx.lang !== 'en';
}
export function goodName(ctx, g) {
  return termName(ctx, 'good', g);
}
export function goodsText(ctx, goods) {
  const parts = GOODS.filter((g) => goods?.[g]).map((g) => `${goods[g]} ${goodName(ctx, g)}`);
  return parts.length ? parts.join(', ') : tx(ctx, 'nothing');
}
export function islandText(ctx, name) {
  if (name === 'castle') return tx(ctx, 'castleIsland');
  const side = SIDES[ctx.view?.side];
  const i = side?.islands.find((x) => x.name === name);
  return i ? `${tx(ctx, 'island', { n: name })} (${goodName(ctx, i.good)} ${i.number})` : tx(ctx, 'island', { n: name });
}
export function siteText(ctx, n) {
  const side = SIDES[ctx.view?.side];
  if (side && n === side.castleSite) return tx(ctx, 'castle');
  return tx(ctx, 'site', { n });
}
export function routeText(ctx, r) {
  return tx(ctx, 'route', { a: r?.[0], b: r?.[1] });
}
export function cocoName(ctx, c) {
  return termName(ctx, 'card', c);
}

export function describeAction(a, ctx) {
  const d = de(ctx);
  switch (a?.type) {
    case 'build_lair':
      return d ? `Piratenversteck bauen: ${siteText(ctx, a.site)}` : `Build a pirate lair: ${siteText(ctx, a.site)}`;
    case 'build_ship':
      return d ? `Schiff bauen: ${routeText(ctx, a.route)}` : `Build a ship: ${routeText(ctx, a.route)}`;
    case 'ask_coco':
      return tx(ctx, 'askCoco', { cost: goodsText(ctx, cost('ask_coco')) });
    case 'trade_ring':
      return d
        ? `Rettungsring: nimm 1 ${goodName(ctx, a.take)}, gib 1 ${goodName(ctx, a.give)}`
        : `Life ring: take 1 ${goodName(ctx, a.take)}, give 1 ${goodName(ctx, a.give)}`;
    case 'trade_supply':
      return d
        ? `Vorrat: gib 2 ${goodName(ctx, a.give)}, nimm 1 ${goodName(ctx, a.take)}`
        : `Supply: give 2 ${goodName(ctx, a.give)}, take 1 ${goodName(ctx, a.take)}`;
    case 'move_klau':
      return d ? `Käpt’n Klau auf ${islandText(ctx, a.island)} setzen` : `Move Käpt’n Klau to ${islandText(ctx, a.island)}`;
    case 'open_offer':
      return d ? `Angebot an ${ctx.seatName(a.to)}` : `Offer to ${ctx.seatName(a.to)}`;
    case 'offer_give':
      return d ? `Angebot: 1 ${goodName(ctx, a.good)} mehr geben` : `Offer: give 1 more ${goodName(ctx, a.good)}`;
    case 'offer_get':
      return d ? `Angebot: 1 ${goodName(ctx, a.good)} mehr verlangen` : `Offer: ask for 1 more ${goodName(ctx, a.good)}`;
    case 'submit_offer':
      return tx(ctx, 'offerSend');
    case 'cancel_offer':
      return tx(ctx, 'cancelOffer');
    case 'accept':
      return tx(ctx, 'accept');
    case 'decline':
      return tx(ctx, 'decline');
    case 'end_turn':
      return tx(ctx, 'endTurn');
    default:
      return JSON.stringify(a);
  }
}

export function describeEvent(e, ctx) {
  const d = de(ctx);
  const name = (s) => ctx.seatName(s);
  switch (e?.type) {
    case 'rolled':
      return d ? `${name(e.captain)} würfelt eine ${e.value}.` : `${name(e.captain)} rolls a ${e.value}.`;
    case 'received':
      return d ? `${name(e.seat)} erhält ${goodsText(ctx, e.goods)}.` : `${name(e.seat)} receives ${goodsText(ctx, e.goods)}.`;
    case 'blocked':
      return d ? `Käpt’n Klau blockiert ${islandText(ctx, e.island)}: sie liefert nichts.` : `Käpt’n Klau blocks ${islandText(ctx, e.island)}: it produces nothing.`;
    case 'shortage':
      return d
        ? `Der Vorrat hat zu wenig ${goodName(ctx, e.good)}: alle geben ihre ${goodName(ctx, e.good)} zurück.`
        : `The supply is short of ${goodName(ctx, e.good)}: everybody returns their ${goodName(ctx, e.good)}.`;
    case 'klau_moved':
      return d ? `${name(e.captain)} setzt Käpt’n Klau auf ${islandText(ctx, e.island)}.` : `${name(e.captain)} moves Käpt’n Klau to ${islandText(ctx, e.island)}.`;
    case 'built_lair': {
      const free = e.free ? (d ? ' (gratis)' : ' (free)') : '';
      return d ? `${name(e.seat)} baut ein Piratenversteck: ${siteText(ctx, e.site)}${free}.` : `${name(e.seat)} builds a pirate lair: ${siteText(ctx, e.site)}${free}.`;
    }
    case 'built_ship': {
      const free = e.free ? (d ? ' (gratis)' : ' (free)') : '';
      return d ? `${name(e.seat)} baut ein Schiff: ${routeText(ctx, e.route)}${free}.` : `${name(e.seat)} builds a ship: ${routeText(ctx, e.route)}${free}.`;
    }
    case 'asked_coco':
      return d ? `${name(e.captain)} fragt Coco um Hilfe.` : `${name(e.captain)} asks Coco for help.`;
    case 'coco_revealed':
      return d ? `Coco-Karte für ${name(e.captain)}: ${cocoName(ctx, e.card)}.` : `Coco card for ${name(e.captain)}: ${cocoName(ctx, e.card)}.`;
    case 'free_build_lost':
      return d ? `${name(e.captain)} kann nichts gratis bauen: der Gratis-Bau verfällt.` : `${name(e.captain)} cannot build anything: the free build is lost.`;
    case 'castle':
      if (e.holder != null)
        return d ? `${name(e.holder)} erhält den Burgplatz (die meisten Coco-Karten).` : `${name(e.holder)} takes the castle site (most Coco cards).`;
      return d ? 'Gleichstand bei den Coco-Karten: der Burgplatz wird frei.' : 'A tie in Coco cards: the castle site is empty again.';
    case 'traded_ring':
      return d
        ? `${name(e.captain)} tauscht am Rettungsring: nimmt 1 ${goodName(ctx, e.take)}, gibt 1 ${goodName(ctx, e.give)}.`
        : `${name(e.captain)} trades at a life ring: takes 1 ${goodName(ctx, e.take)}, gives 1 ${goodName(ctx, e.give)}.`;
    case 'traded_supply':
      return d
        ? `${name(e.captain)} tauscht mit dem Vorrat: gibt 2 ${goodName(ctx, e.give)}, nimmt 1 ${goodName(ctx, e.take)}.`
        : `${name(e.captain)} trades with the supply: gives 2 ${goodName(ctx, e.give)}, takes 1 ${goodName(ctx, e.take)}.`;
    case 'rings_refreshed':
      return d
        ? `Alle Rettungsringe trugen ${goodName(ctx, e.good)}: neu belegt mit je einer Sorte.`
        : `All life rings held ${goodName(ctx, e.good)}: refilled with one of each good.`;
    case 'offered':
      return d
        ? `${name(e.captain)} bietet ${name(e.to)} ${goodsText(ctx, e.give)} für ${goodsText(ctx, e.get)}.`
        : `${name(e.captain)} offers ${name(e.to)} ${goodsText(ctx, e.give)} for ${goodsText(ctx, e.get)}.`;
    case 'still_short':
      return d ? `${goodName(ctx, e.good)} ist knapp: in diesem Zug wird keine mehr ausgegeben.` : `${goodName(ctx, e.good)} is short: none is handed out this turn.`;
    case 'offer_cancelled':
      return d ? `${name(e.captain)} verwirft das Angebot.` : `${name(e.captain)} drops the offer.`;
    case 'offer_answered':
      return e.accepted ? (d ? `${name(e.seat)} nimmt an: getauscht.` : `${name(e.seat)} accepts: traded.`) : d ? `${name(e.seat)} lehnt ab.` : `${name(e.seat)} declines.`;
    case 'turn_ended':
      return d ? `${name(e.next)} ist jetzt Kapitän.` : `${name(e.next)} is captain now.`;
    case 'won':
      return d ? `${name(e.seat)} hat alle Piratenverstecke gebaut und gewinnt!` : `${name(e.seat)} has built every pirate lair and wins!`;
    default:
      return null;
  }
}

export function describeReason(reason, ctx) {
  if (reason === 'lairs' || reason === 'all_lairs' || reason === 'win' || reason === 'points')
    return de(ctx) ? 'alle Piratenverstecke gebaut' : 'built every pirate lair';
  return String(reason).replace(/_/g, ' ');
}

/** The log's words that get an icon: the goods in the page's language. */
export function logWords(ctx) {
  return Object.fromEntries(GOODS.map((g) => [g, goodName(ctx, g)]));
}
