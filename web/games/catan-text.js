// CATAN's words: the names of resources, terrains, development cards and
// seat colours, the table's sentences (TX), and every action, event and end
// reason told as a German or English sentence. Cities & Knights' own actions
// and events are told by ck-text.js, which this module asks.

import { TOPO } from './catan-board.js';
import { termName, seatTerm } from './describe.js';
import { RESOURCES, maritimeRates } from './catan-common.js';
import { describeAction as ckDescribeAction, describeEvent as ckDescribeEvent, hasNone } from './ck-text.js';

/** Seat `i`'s colour name, from the served description ("Rot", "red"). */
export function seatColourName(ctx, i) {
  const c = seatTerm(i);
  return c ? c[de(ctx) ? 'de' : 'en'] : '';
}

export const TX = {
  roll: { de: 'Würfeln', en: 'Roll the dice' },
  endTurn: { de: 'Zug beenden', en: 'End turn' },
  buyDev: { de: 'Entwicklungskarte kaufen', en: 'Buy a development card' },
  play: { de: '{card} ausspielen', en: 'Play {card}' },
  trade: { de: 'Handeln', en: 'Trade' },
  maritime: { de: 'Seehandel', en: 'Maritime trade' },
  domestic: { de: 'Mit Mitspielern handeln', en: 'Trade with players' },
  give: { de: 'Gib', en: 'Give' },
  get: { de: 'Erhalte', en: 'Get' },
  yourRates: { de: 'deine Kurse', en: 'your rates' },
  rateTitle: { de: '{n} {res} für 1 Karte', en: '{n} {res} for 1 card' },
  getFor: { de: 'Für {n} {res} erhältst du 1', en: 'For {n} {res} you get 1' },
  cancel: { de: 'Abbrechen', en: 'Cancel' },
  close: { de: 'Schließen', en: 'Close' },
  offerSoFar: { de: 'Angebot: du gibst {give} und möchtest {get}.', en: 'Offer: you give {give} and want {get}.' },
  submit: { de: 'Angebot machen', en: 'Make the offer' },
  theyOffer: { de: '{who} bietet {give} und möchte {get}.', en: '{who} offers {give} and wants {get}.' },
  accept: { de: 'Annehmen', en: 'Accept' },
  decline: { de: 'Ablehnen', en: 'Decline' },
  waitingReplies: { de: 'Warte auf Antworten… Angenommen haben: {who}', en: 'Waiting for replies… Accepted so far: {who}' },
  confirmWith: { de: 'Handeln mit {who}', en: 'Trade with {who}' },
  nobody: { de: 'niemand', en: 'nobody' },
  nothing: { de: 'nichts', en: 'nothing' },
  none: { de: 'keine', en: 'none' },
  discardHint: { de: 'Eine 7! Gib {n} Karte(n) ab: wähle sie mit − und +.', en: 'A 7! Discard {n} card(s): choose them with − and +.' },
  discardSend: { de: '{n} von {owed} Karten abwerfen', en: 'Discard {n} of {owed} cards' },
  discardSending: { de: 'Wird abgeworfen…', en: 'Discarding…' },
  discardOthers: { de: 'Abwerfen nach der 7: {who}', en: 'Discarding after the 7: {who}' },
  robberHint: { de: 'Versetze den Räuber: klicke ein markiertes Feld.', en: 'Move the robber: click a highlighted hex.' },
  victimHint: { de: 'Wen beraubst du?', en: 'Whom do you rob?' },
  robNobody: { de: 'Niemanden berauben', en: 'Rob nobody' },
  rob: { de: '{who} berauben ({n} Karten)', en: 'Rob {who} ({n} cards)' },
  setupSettlement: { de: 'Gründungsphase: setze eine Siedlung auf eine markierte Kreuzung.', en: 'Setup: place a settlement on a highlighted intersection.' },
  specialBuilding: { de: 'Außerordentliche Bauphase nach dem Zug von {name}: {who} darf bauen und Entwicklungskarten kaufen, aber nicht handeln oder ausspielen.', en: 'Special Building Phase after the turn of {name}: {who} may build and buy development cards, but not trade or play cards.' },
  playerTwo: { de: 'Spielerpaare: {who} ist Spieler 2 im Zug von {name} (kein Würfeln, kein Handel mit Mitspielern).', en: 'Paired players: {who} is player 2 in the turn of {name} (no roll, no trade with players).' },
  setupRoad: { de: 'Gründungsphase: setze eine Straße an deine neue Siedlung.', en: 'Setup: place a road next to your new settlement.' },
  roadBuildingHint: { de: 'Straßenbau: setze noch {n} kostenlose Straße(n).', en: 'Road building: place {n} more free road(s).' },
  buildHint: { de: 'Bauen: klicke eine markierte Kreuzung oder Kante.', en: 'Build: click a highlighted intersection or path.' },
  yopHint: { de: 'Erfindung: nimm zwei Rohstoffe aus der Bank.', en: 'Year of plenty: take two resources from the bank.' },
  monoHint: { de: 'Monopol: welchen Rohstoff müssen alle dir geben?', en: 'Monopoly: which resource must everybody give you?' },
  bank: { de: 'Bank', en: 'Bank' },
  deck: { de: 'Entwicklungskarten: {n}', en: 'Development cards: {n}' },
  hand: { de: 'Deine Hand', en: 'Your hand' },
  devCards: { de: 'Deine Entwicklungskarten', en: 'Your development cards' },
  newCard: { de: 'neu', en: 'new' },
  points: { de: '{n} Siegpunkte', en: '{n} victory points' },
  point: { de: '{n} Siegpunkt', en: '{n} victory point' },
  publicPoints: { de: '{n} sichtbare Siegpunkte', en: '{n} visible victory points' },
  publicPoint: { de: '{n} sichtbarer Siegpunkt', en: '{n} visible victory point' },
  cards: { de: 'Karten: {n}', en: 'Cards: {n}' },
  devCount: { de: 'Entw.: {n}', en: 'Dev.: {n}' },
  knights: { de: 'Ritter: {n}', en: 'Knights: {n}' },
  road: { de: 'Straße: {n}', en: 'Road: {n}' },
  longestRoad: { de: 'Längste Handelsstraße', en: 'Longest Road' },
  largestArmy: { de: 'Größte Rittermacht', en: 'Largest Army' },
  goal: { de: 'Ziel: {n} Siegpunkte', en: 'Goal: {n} victory points' },
  dice: { de: 'Wurf: {n}', en: 'Roll: {n}' },
  noRoll: { de: 'Noch nicht gewürfelt', en: 'Not rolled yet' },
  robber: { de: 'Räuber', en: 'Robber' },
  harbor: { de: 'Hafen {rate}', en: 'Harbor {rate}' },
  intersection: { de: 'Kreuzung {n}', en: 'intersection {n}' },
  path: { de: 'Weg {n}', en: 'path {n}' },
  hexName: { de: 'Feld {n}', en: 'hex {n}' },
  seatColour: { de: 'Platz {n}, {colour}', en: 'seat {n}, {colour}' },
  settlement: { de: 'Siedlung', en: 'settlement' },
  city: { de: 'Stadt', en: 'city' },
  buildSettlementAt: { de: 'Siedlung bauen: {where}', en: 'Build a settlement: {where}' },
  buildCityAt: { de: 'Stadt bauen: {where}', en: 'Build a city: {where}' },
  buildRoadAt: { de: 'Straße bauen: {where}', en: 'Build a road: {where}' },
};

export function tx(ctx, key, vars) {
  return ctx.L(TX[key], vars);
}
export function de(ctx) {
  return ctx.lang !== 'en';
}
/** A seat's points in words, singular for one ("1 victory point"): all of them where the viewer may know them, else the visible ones. */
export function pointsText(ctx, p) {
  const all = p.points != null;
  const n = all ? p.points : p.public_points;
  return tx(ctx, all ? (n === 1 ? 'point' : 'points') : n === 1 ? 'publicPoint' : 'publicPoints', { n });
}
export function resName(ctx, r) {
  return termName(ctx, 'resource', r);
}
export function devName(ctx, c) {
  return termName(ctx, 'development_card', c);
}
export function terrainName(ctx, t) {
  return termName(ctx, 'terrain', t);
}

/** "2 Lehm, 1 Erz" (or "nichts"). */
export function resText(ctx, res) {
  const parts = RESOURCES.filter((r) => res?.[r]).map((r) => `${res[r]} ${resName(ctx, r)}`);
  return parts.length ? parts.join(', ') : tx(ctx, 'nothing');
}

/** An intersection by its neighbouring terrains: "Kreuzung 12 (Wald 9 · Ackerland 6)". */
export function nodeText(ctx, n) {
  const board = ctx.view?.board;
  const base = tx(ctx, 'intersection', { n });
  if (!board || TOPO.nodeHexes[n] == null) return base;
  const around = TOPO.nodeHexes[n].map((hx) => {
    const t = board.tiles[hx];
    return t.number ? `${terrainName(ctx, t.terrain)} ${t.number}` : terrainName(ctx, t.terrain);
  });
  return `${base} (${around.join(' · ')})`;
}
export function edgeText(ctx, e) {
  const ns = TOPO.edgeNodes[e];
  const board = ctx.view?.board;
  if (!ns) return tx(ctx, 'path', { n: e });
  if (!board) return `${tx(ctx, 'path', { n: e })} (${ns[0]}–${ns[1]})`;
  // The hexes on either side of the path.
  const along = TOPO.nodeHexes[ns[0]].filter((hx) => TOPO.nodeHexes[ns[1]].includes(hx));
  const names = along.map((hx) => {
    const t = board.tiles[hx];
    return t.number ? `${terrainName(ctx, t.terrain)} ${t.number}` : terrainName(ctx, t.terrain);
  });
  return `${tx(ctx, 'path', { n: e })} (${names.join(' · ')})`;
}
export function hexText(ctx, hx) {
  const t = ctx.view?.board?.tiles?.[hx];
  if (!t) return tx(ctx, 'hexName', { n: hx });
  return `${terrainName(ctx, t.terrain)}${t.number ? ` ${t.number}` : ''} (${tx(ctx, 'hexName', { n: hx })})`;
}

export function describeAction(a, ctx) {
  const d = de(ctx);
  switch (a?.type) {
    case 'build_settlement':
      return tx(ctx, 'buildSettlementAt', { where: nodeText(ctx, a.node) });
    case 'build_city':
      return tx(ctx, 'buildCityAt', { where: nodeText(ctx, a.node) });
    case 'build_road':
      return tx(ctx, 'buildRoadAt', { where: edgeText(ctx, a.edge) });
    case 'roll':
      return tx(ctx, 'roll');
    case 'discard':
      return d ? `1 ${resName(ctx, a.resource)} abwerfen` : `Discard 1 ${resName(ctx, a.resource)}`;
    case 'move_robber':
      return a.victim != null
        ? d
          ? `Räuber auf ${hexText(ctx, a.hex)}, ${ctx.seatName(a.victim)} berauben`
          : `Robber to ${hexText(ctx, a.hex)}, rob ${ctx.seatName(a.victim)}`
        : d
          ? `Räuber auf ${hexText(ctx, a.hex)}`
          : `Robber to ${hexText(ctx, a.hex)}`;
    case 'buy_development_card':
      return tx(ctx, 'buyDev');
    case 'play_knight':
      return tx(ctx, 'play', { card: devName(ctx, 'knight') });
    case 'play_road_building':
      return tx(ctx, 'play', { card: devName(ctx, 'road_building') });
    case 'play_year_of_plenty':
      return d
        ? `Erfindung: ${resName(ctx, a.first)} und ${resName(ctx, a.second)} nehmen`
        : `Year of plenty: take ${resName(ctx, a.first)} and ${resName(ctx, a.second)}`;
    case 'play_monopoly':
      return d ? `Monopol auf ${resName(ctx, a.resource)}` : `Monopoly on ${resName(ctx, a.resource)}`;
    case 'maritime_trade': {
      // The rate of the seat that acts (the current player), from the view.
      const rate = ctx.view ? maritimeRates(ctx.view, ctx.view.current)[a.give] : null;
      const give = rate ? `${rate} ${resName(ctx, a.give)}` : resName(ctx, a.give);
      return d ? `Seehandel: ${give} gegen 1 ${resName(ctx, a.get)}` : `Maritime trade: ${give} for 1 ${resName(ctx, a.get)}`;
    }
    case 'open_trade':
      return d ? 'Handel mit Mitspielern beginnen' : 'Start a trade with the players';
    case 'offer_give':
      return d ? `Angebot: 1 ${resName(ctx, a.resource)} mehr geben` : `Offer: give 1 more ${resName(ctx, a.resource)}`;
    case 'offer_get':
      return d ? `Angebot: 1 ${resName(ctx, a.resource)} mehr verlangen` : `Offer: ask for 1 more ${resName(ctx, a.resource)}`;
    case 'submit_offer':
      return tx(ctx, 'submit');
    case 'accept_offer':
      return d ? 'Angebot annehmen' : 'Accept the offer';
    case 'decline_offer':
      return d ? 'Angebot ablehnen' : 'Decline the offer';
    case 'confirm_trade':
      return tx(ctx, 'confirmWith', { who: ctx.seatName(a.with) });
    case 'cancel_trade':
      return d ? 'Handel abbrechen' : 'Cancel the trade';
    case 'counter_offer':
      return d ? 'Gegenangebot machen' : 'Make a counter-offer';
    case 'accept_counter':
      return d ? `Gegenangebot von ${ctx.seatName(a.from)} annehmen` : `Take the counter-offer of ${ctx.seatName(a.from)}`;
    case 'revise_offer':
      return d ? 'Angebot ändern' : 'Change the offer';
    case 'end_turn':
      return tx(ctx, 'endTurn');
    default:
      return ckDescribeAction(a, ctx);
  }
}

export function pieceName(ctx, piece) {
  const d = de(ctx);
  if (piece === 'road') return d ? 'eine Straße' : 'a road';
  if (piece === 'city') return d ? 'eine Stadt' : 'a city';
  return d ? 'eine Siedlung' : 'a settlement';
}

export function describeEvent(e, ctx) {
  const d = de(ctx);
  const who = e?.seat != null ? ctx.seatName(e.seat) : '';
  if (e?.give_commodities || e?.get_commodities) return ckDescribeEvent(e, ctx);
  switch (e?.type) {
    case 'built': {
      const where = e.piece === 'road' ? edgeText(ctx, e.at) : nodeText(ctx, e.at);
      const free = e.free ? (d ? ' (kostenlos)' : ' (free)') : '';
      return d ? `${who} baut ${pieceName(ctx, e.piece)}: ${where}${free}.` : `${who} builds ${pieceName(ctx, e.piece)}: ${where}${free}.`;
    }
    case 'starting_resources':
      return d ? `${who} erhält zum Start ${resText(ctx, e.resources)}.` : `${who} receives ${resText(ctx, e.resources)} to start.`;
    case 'turn_started':
      return d ? `Zug ${e.turn}: ${who} ist am Zug.` : `Turn ${e.turn}: ${who} to play.`;
    case 'rolled':
      return d
        ? `${who} würfelt ${e.dice.red + e.dice.yellow} (${e.dice.red} rot, ${e.dice.yellow} gelb).`
        : `${who} rolls ${e.dice.red + e.dice.yellow} (${e.dice.red} red, ${e.dice.yellow} yellow).`;
    case 'produced':
      return d ? `${who} erhält ${resText(ctx, e.resources)}.` : `${who} receives ${resText(ctx, e.resources)}.`;
    case 'bank_shortage':
      return d
        ? `Die Bank hat nicht genug ${resName(ctx, e.resource)}: niemand erhält davon.`
        : `The bank is short of ${resName(ctx, e.resource)}: nobody receives any.`;
    case 'discarded':
      return d ? `${who} wirft 1 ${resName(ctx, e.resource)} ab.` : `${who} discards 1 ${resName(ctx, e.resource)}.`;
    case 'robber_moved':
      return e.victim != null
        ? d
          ? `${who} versetzt den Räuber auf ${hexText(ctx, e.hex)} und beraubt ${ctx.seatName(e.victim)}.`
          : `${who} moves the robber to ${hexText(ctx, e.hex)} and robs ${ctx.seatName(e.victim)}.`
        : d
          ? `${who} versetzt den Räuber auf ${hexText(ctx, e.hex)}.`
          : `${who} moves the robber to ${hexText(ctx, e.hex)}.`;
    case 'stolen': {
      const thief = ctx.seatName(e.thief);
      const victim = ctx.seatName(e.victim);
      if (e.resource)
        return d ? `${thief} zieht 1 ${resName(ctx, e.resource)} von ${victim}.` : `${thief} takes 1 ${resName(ctx, e.resource)} from ${victim}.`;
      return d ? `${thief} zieht eine Karte von ${victim}.` : `${thief} takes a card from ${victim}.`;
    }
    case 'dev_card_bought':
      return e.card
        ? d
          ? `${who} kauft eine Entwicklungskarte: ${devName(ctx, e.card)}.`
          : `${who} buys a development card: ${devName(ctx, e.card)}.`
        : d
          ? `${who} kauft eine Entwicklungskarte.`
          : `${who} buys a development card.`;
    case 'dev_card_played':
      return d ? `${who} spielt ${devName(ctx, e.card)} aus.` : `${who} plays ${devName(ctx, e.card)}.`;
    case 'took_from_bank':
      return d ? `${who} nimmt ${resText(ctx, e.resources)} aus der Bank.` : `${who} takes ${resText(ctx, e.resources)} from the bank.`;
    case 'monopoly_paid': {
      const from = ctx.seatName(e.from);
      if (e.count === 0) return hasNone(ctx, from, e.resource);
      const to = ctx.seatName(e.to);
      const what = e.count != null ? `${e.count} ${resName(ctx, e.resource)}` : d ? `alle ${resName(ctx, e.resource)}` : `all ${resName(ctx, e.resource)}`;
      return d ? `${from} gibt ${to} ${what}.` : `${from} gives ${to} ${what}.`;
    }
    case 'maritime_traded':
      return d
        ? `${who} tauscht ${e.rate} ${resName(ctx, e.give)} gegen 1 ${resName(ctx, e.get)} (Seehandel ${e.rate}:1).`
        : `${who} trades ${e.rate} ${resName(ctx, e.give)} for 1 ${resName(ctx, e.get)} (maritime ${e.rate}:1).`;
    case 'offered':
      return d
        ? `${who} bietet ${resText(ctx, e.give)} und möchte ${resText(ctx, e.get)}.`
        : `${who} offers ${resText(ctx, e.give)} and wants ${resText(ctx, e.get)}.`;
    case 'replied':
      return e.accepted ? (d ? `${who} nimmt das Angebot an.` : `${who} accepts the offer.`) : d ? `${who} lehnt das Angebot ab.` : `${who} declines the offer.`;
    case 'traded':
      return d
        ? `${who} handelt mit ${ctx.seatName(e.with)}: gibt ${resText(ctx, e.give)}, erhält ${resText(ctx, e.get)}.`
        : `${who} trades with ${ctx.seatName(e.with)}: gives ${resText(ctx, e.give)}, gets ${resText(ctx, e.get)}.`;
    case 'trade_cancelled':
      return d ? `${who} bricht den Handel ab.` : `${who} cancels the trade.`;
    case 'countered': {
      const give = resText(ctx, { ...(e.give || {}), ...(e.give_commodities || {}) });
      const get = resText(ctx, { ...(e.get || {}), ...(e.get_commodities || {}) });
      return d ? `${who} macht ein Gegenangebot: gibt ${give}, möchte ${get}.` : `${who} counters: gives ${give}, wants ${get}.`;
    }
    case 'offer_revised':
      return d ? `${who} zieht das Angebot zurück und ändert es.` : `${who} withdraws the offer to change it.`;
    case 'longest_road':
      return e.holder != null
        ? d
          ? `${ctx.seatName(e.holder)} hat jetzt die Längste Handelsstraße (2 Siegpunkte).`
          : `${ctx.seatName(e.holder)} now holds the Longest Road (2 victory points).`
        : d
          ? 'Niemand hat mehr die Längste Handelsstraße.'
          : 'Nobody holds the Longest Road any more.';
    case 'largest_army':
      return e.holder != null
        ? d
          ? `${ctx.seatName(e.holder)} hat jetzt die Größte Rittermacht (2 Siegpunkte).`
          : `${ctx.seatName(e.holder)} now holds the Largest Army (2 victory points).`
        : d
          ? 'Niemand hat mehr die Größte Rittermacht.'
          : 'Nobody holds the Largest Army any more.';
    case 'turn_ended':
      return null;
    // 5–6 players: after a turn, the others build in turn (Special Building
    // Phase) or player 2 of the pair acts.
    case 'special_building':
      return d
        ? `Außerordentliche Bauphase nach dem Zug von ${ctx.seatName(e.after)}: ${who} darf bauen.`
        : `Special Building Phase after the turn of ${ctx.seatName(e.after)}: ${who} may build.`;
    case 'player_two':
      return d
        ? `Spielerpaare: ${who} ist Spieler 2 im Zug von ${ctx.seatName(e.after)}.`
        : `Paired players: ${who} is player 2 in the turn of ${ctx.seatName(e.after)}.`;
    case 'won': {
      const vp = (e.victory_point_cards || []).map((n, i) => (n ? `${ctx.seatName(i)}: ${n}` : null)).filter(Boolean);
      const cards = vp.length ? (d ? ` Siegpunktkarten: ${vp.join(', ')}.` : ` Victory point cards: ${vp.join(', ')}.`) : '';
      return d ? `${who} gewinnt mit ${e.points} Siegpunkten!${cards}` : `${who} wins with ${e.points} victory points!${cards}`;
    }
    default:
      return ckDescribeEvent(e, ctx);
  }
}

export function describeReason(reason, ctx) {
  const goal = ctx.view?.victory_points ?? 10;
  if (reason === 'points') return de(ctx) ? `${goal} Siegpunkte erreicht` : `reached ${goal} victory points`;
  return String(reason);
}
