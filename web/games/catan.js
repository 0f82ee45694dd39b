// CATAN at the table: the hex board as SVG (terrain, number tokens with pips,
// harbors, robber, roads, settlements, cities in player colours, each marked
// with its seat number so that colour is never the only cue), dice, the bank,
// every player's counts, the own hand and development cards face up, and
// dialogs for discarding, the robber's victim, maritime and domestic trade,
// year of plenty and monopoly.
//
// Every control comes from the legal actions the server lists: an
// intersection, path or hex is highlighted only if a listed action names it,
// a dialog offers only listed actions, and every click sends one of them
// unchanged. The board's shape (which the view names only by id) is served
// by the server once per table (useTopology, catan-board.js).

import { tradeBuilder } from './catan-trade.js';
import { TOPO, gridXY, useTopology } from './catan-board.js';
import { boardFrame, actionBar } from './board-frame.js';
import { artIcon } from '../art.js';
import { hexArt } from './catan-art.js';
import { autoPass, autoPassSwitch } from './auto-pass.js';
// Cities & Knights (rule sets `cities_knights`, `cities_knights_heroes`): its
// own modules; a view with a `cities_knights` part is drawn by ck-table.js.
import { render as ckRender, describeAction as ckDescribeAction, describeEvent as ckDescribeEvent } from './ck-table.js';

export { useTopology };
export { logWords } from './catan-art.js';

export const meta = {
  title: { de: 'CATAN', en: 'CATAN' },
  players: [2, 4],
  defaultPlayers: 3,
  // The rule sets (base, Cities & Knights, heroes, 5–6 players) come from
  // the server's game registry (GET /api/games, `rule_sets`).
};

/**
 * Game options that go with a player count (the lobby adds them to the
 * table's options): CATAN seats two players only with its option
 * `two_players` (crates/catan/src/config.rs); the rules stay the same.
 */
export function tableOptions(players) {
  if (players !== 2) return null;
  return {
    options: { two_players: true },
    note: { de: 'Zu zweit: mit der Option „two_players“ (die Regeln bleiben gleich).', en: 'Two players: with the option "two_players" (the rules stay the same).' },
    // For the menus: which option seats this count.
    short: { de: 'mit Option two_players', en: 'with option two_players' },
  };
}

export const RESOURCES = ['brick', 'lumber', 'wool', 'grain', 'ore'];
const DEV = ['knight', 'victory_point', 'road_building', 'year_of_plenty', 'monopoly'];
const RES_NAME = {
  de: { brick: 'Lehm', lumber: 'Holz', wool: 'Wolle', grain: 'Getreide', ore: 'Erz' },
  en: { brick: 'brick', lumber: 'lumber', wool: 'wool', grain: 'grain', ore: 'ore' },
};
const TERRAIN_NAME = {
  de: { hills: 'Hügelland', forest: 'Wald', pasture: 'Weideland', fields: 'Ackerland', mountains: 'Gebirge', desert: 'Wüste' },
  en: { hills: 'Hills', forest: 'Forest', pasture: 'Pasture', fields: 'Fields', mountains: 'Mountains', desert: 'Desert' },
};
const DEV_NAME = {
  de: { knight: 'Ritter', victory_point: 'Siegpunkt', road_building: 'Straßenbau', year_of_plenty: 'Erfindung', monopoly: 'Monopol' },
  en: { knight: 'Knight', victory_point: 'Victory point', road_building: 'Road building', year_of_plenty: 'Year of plenty', monopoly: 'Monopoly' },
};
const TERRAIN_FILL = { hills: '#c66a3d', forest: '#2f7d3a', pasture: '#a5d46a', fields: '#f0c94a', mountains: '#8e8e99', desert: '#e8d7a8' };
const RES_FILL = { brick: '#c66a3d', lumber: '#2f7d3a', wool: '#a5d46a', grain: '#f0c94a', ore: '#8e8e99' };
/** Player colours (seat order) and a text colour that reads on each. */
export const PLAYER_FILL = ['#d62828', '#1d5fd1', '#f5f5f0', '#f28c00', '#2e9e44', '#7a4a21'];
/** The seats' colours for the table's log (white drawn a little darker to show on the page). */
export const seatColours = ['#d62828', '#1d5fd1', '#b8b8ad', '#f28c00', '#2e9e44', '#7a4a21'];
const PLAYER_TEXT = ['#fff', '#fff', '#111', '#111', '#fff', '#fff'];
const PLAYER_COLOUR_NAME = {
  de: ['Rot', 'Blau', 'Weiß', 'Orange', 'Grün', 'Braun'],
  en: ['red', 'blue', 'white', 'orange', 'green', 'brown'],
};
/** Road dash patterns per seat: a second cue beside the colour. */
const ROAD_DASH = [null, '10 4', '3 3', '12 3 3 3', '6 2', '2 2 8 2'];

const TX = {
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

function tx(ctx, key, vars) {
  return ctx.L(TX[key], vars);
}
function de(ctx) {
  return ctx.lang !== 'en';
}
/** A seat's points in words, singular for one ("1 victory point"): all of them where the viewer may know them, else the visible ones. */
export function pointsText(ctx, p) {
  const all = p.points != null;
  const n = all ? p.points : p.public_points;
  return tx(ctx, all ? (n === 1 ? 'point' : 'points') : n === 1 ? 'publicPoint' : 'publicPoints', { n });
}
export function resName(ctx, r) {
  return RES_NAME[de(ctx) ? 'de' : 'en'][r] || r;
}
function devName(ctx, c) {
  return DEV_NAME[de(ctx) ? 'de' : 'en'][c] || c;
}
function terrainName(ctx, t) {
  return TERRAIN_NAME[de(ctx) ? 'de' : 'en'][t] || t;
}

/** "2 Lehm, 1 Erz" (or "nichts"). */
export function resText(ctx, res) {
  const parts = RESOURCES.filter((r) => res?.[r]).map((r) => `${res[r]} ${resName(ctx, r)}`);
  return parts.length ? parts.join(', ') : tx(ctx, 'nothing');
}

/** An intersection by its neighbouring terrains: "Kreuzung 12 (Wald 9 · Ackerland 6)". */
function nodeText(ctx, n) {
  const board = ctx.view?.board;
  const base = tx(ctx, 'intersection', { n });
  if (!board || TOPO.nodeHexes[n] == null) return base;
  const around = TOPO.nodeHexes[n].map((hx) => {
    const t = board.tiles[hx];
    return t.number ? `${terrainName(ctx, t.terrain)} ${t.number}` : terrainName(ctx, t.terrain);
  });
  return `${base} (${around.join(' · ')})`;
}
function edgeText(ctx, e) {
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
function hexText(ctx, hx) {
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
    case 'end_turn':
      return tx(ctx, 'endTurn');
    default:
      return ckDescribeAction(a, ctx);
  }
}

function pieceName(ctx, piece) {
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

// ----- legal actions, indexed by what they are about -----

export function index(legal) {
  const ix = {
    settlement: new Map(),
    city: new Map(),
    road: new Map(),
    robber: new Map(),
    discard: new Map(),
    monopoly: new Map(),
    offerGive: new Map(),
    offerGet: new Map(),
    confirm: new Map(),
    yop: [],
    maritime: [],
    one: {},
  };
  for (const a of legal) {
    switch (a?.type) {
      case 'build_settlement':
        ix.settlement.set(a.node, a);
        break;
      case 'build_city':
        ix.city.set(a.node, a);
        break;
      case 'build_road':
        ix.road.set(a.edge, a);
        break;
      case 'move_robber':
        ix.robber.set(a.hex, [...(ix.robber.get(a.hex) || []), a]);
        break;
      case 'discard':
        ix.discard.set(a.resource, a);
        break;
      case 'play_monopoly':
        ix.monopoly.set(a.resource, a);
        break;
      case 'offer_give':
        ix.offerGive.set(a.resource, a);
        break;
      case 'offer_get':
        ix.offerGet.set(a.resource, a);
        break;
      case 'confirm_trade':
        ix.confirm.set(a.with, a);
        break;
      case 'play_year_of_plenty':
        ix.yop.push(a);
        break;
      case 'maritime_trade':
        ix.maritime.push(a);
        break;
      default:
        if (a?.type) ix.one[a.type] = a;
    }
  }
  return ix;
}

// ----- styles of the module (one <style> element) -----

const STYLE = `
.catan { display: flex; flex-wrap: wrap; gap: .75rem; align-items: flex-start; }
/* On a laptop the board takes what the side panel (270 px; wider only while a dialog such as the
   trade builder needs it) leaves: more than half the window at 1280 px. */
.catan .catan-board-wrap { flex: 1 1 480px; min-width: 280px; max-width: 960px; }
.catan .catan-side { flex: 0 1 270px; min-width: min-content; display: flex; flex-direction: column; gap: .5rem; }
.catan svg.catan-board { width: 100%; height: auto; display: block; background: #3d7fb8; border-radius: 10px; }
.catan .target { cursor: pointer; }
.catan .target-node { fill: #ffe14d; stroke: #111; stroke-width: 2.5; animation: catan-pulse 1.2s ease-in-out infinite; }
.catan .target-city { fill: none; stroke: #ffe14d; stroke-width: 3.5; stroke-dasharray: 4 3; animation: catan-pulse 1.2s ease-in-out infinite; }
.catan .target-edge { stroke: #ffe14d; stroke-width: 9; stroke-dasharray: 6 3; stroke-linecap: round; opacity: .85; animation: catan-pulse 1.2s ease-in-out infinite; }
.catan .target-edge-halo { stroke: #111; stroke-width: 12; stroke-linecap: round; opacity: .55; }
.catan .target-hex { fill: rgba(255,225,77,0); pointer-events: all; stroke: #ffe14d; stroke-width: 5; stroke-dasharray: 8 5; animation: catan-pulse 1.2s ease-in-out infinite; }
.catan .target:hover .target-node, .catan .target-node:hover { fill: #fff; stroke-width: 3.5; }
.catan .target:hover .target-edge { stroke: #fff; }
.catan .target:focus { outline: none; }
.catan .target:focus .target-node, .catan .target:focus .target-edge { stroke: #fff; }
@keyframes catan-pulse { 50% { opacity: .55; } }
.catan .res-row { display: flex; flex-wrap: wrap; gap: .3rem; align-items: center; }
.catan .res { display: inline-flex; align-items: center; gap: .25rem; padding: .15rem .45rem; border-radius: 999px; border: 1px solid #0003; font-size: .9rem; background: #fff; }
.catan .res .sw { width: .8rem; height: .8rem; border-radius: 3px; border: 1px solid #0005; display: inline-block; }
.catan button.res { cursor: pointer; font: inherit; }
.catan .discard-rows { display: grid; gap: .3rem; margin-top: .4rem; }
.catan .discard-row { display: flex; align-items: center; gap: .4rem; }
.catan .discard-row .res { min-width: 8rem; padding: .2rem .4rem; border-radius: 4px; }
.catan .discard-row .step { min-width: 40px; min-height: 40px; font-size: 1.2rem; }
.catan .discard-row .count { min-width: 1.5rem; text-align: center; }
.catan .trade-builder .res { min-width: 5.5rem; border-radius: 4px; }
.catan button.res.sel { box-shadow: 0 0 0 3px var(--warn, #e0a000); }
.catan .res.rate { font-variant-numeric: tabular-nums; }
.catan .res.harbor-rate { border: 2px solid #8b5a2b; font-weight: 700; }
.catan .cplayer { border: 1px solid var(--line, #ccc); border-radius: 8px; padding: .4rem .55rem; background: var(--panel, #fff); }
.catan .cplayer.current { border: 2px solid var(--accent, #2a6); }
.catan .cplayer header { display: flex; gap: .4rem; align-items: center; justify-content: space-between; }
.catan .badge { display: inline-flex; align-items: center; justify-content: center; min-width: 1.4rem; height: 1.4rem; border-radius: 4px; font-weight: 700; border: 1.5px solid #222; font-size: .85rem; }
.catan .award { font-size: .8rem; background: #fff4cc; border: 1px solid #d8b74a; border-radius: 4px; padding: 0 .3rem; }
.catan .stats { display: flex; flex-wrap: wrap; gap: .2rem .7rem; font-size: .88rem; }
.catan .dice { display: inline-flex; gap: .3rem; align-items: center; }
.catan .last-move { fill: none; stroke-width: 4; pointer-events: none; filter: drop-shadow(0 0 3px #fff); animation: last-move 1.2s ease-in-out 3; }
.catan .last-move.robber-moved { stroke: #222; stroke-dasharray: 6 5; }
@keyframes last-move { 50% { stroke-width: 7; } }
@media (prefers-reduced-motion: reduce) { .catan .last-move { animation: none; } }
.catan .die { width: 1.8rem; height: 1.8rem; border-radius: 6px; display: inline-flex; align-items: center; justify-content: center; font-weight: 700; border: 1.5px solid #222; }
.catan .die.red { background: #d62828; color: #fff; }
.catan .die.yellow { background: #ffd43b; color: #111; }
.catan .topline { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; justify-content: space-between; }
.catan .action-panel h4 { margin: 0 0 .3rem; }
.catan .action-panel .buttons { margin-top: .3rem; }
.catan .devs { display: flex; flex-wrap: wrap; gap: .3rem; }
.catan .dev { border: 1px solid #7a5; background: #f4fbe9; border-radius: 5px; padding: .1rem .4rem; font-size: .85rem; }
.catan .dev.new { border-style: dashed; opacity: .8; }
@media (max-width: 520px) {
  .catan .catan-board-wrap { flex-basis: 100%; min-width: 0; }
  .catan .catan-side { flex-basis: 100%; min-width: 0; }
  /* A finger needs 40 px: the hit circles of intersections grow (legal
     spots are never neighbours, so they do not overlap); the turn's
     buttons are the action bar of board-frame.js. */
  .catan .target .hit { r: 38px; }
}
`;

export { boardFrame };

/** The corners of a band of half-width `w` around a segment (a hit area with a size). */
export function band(x1, y1, x2, y2, w) {
  const len = Math.hypot(x2 - x1, y2 - y1) || 1;
  const nx = (-(y2 - y1) / len) * w;
  const ny = ((x2 - x1) / len) * w;
  return [
    [x1 + nx, y1 + ny],
    [x2 + nx, y2 + ny],
    [x2 - nx, y2 - ny],
    [x1 - nx, y1 - ny],
  ]
    .map((p) => p.map((v) => v.toFixed(1)).join(','))
    .join(' ');
}

export function ensureStyle(id, css) {
  if (typeof document === 'undefined' || document.getElementById(id)) return;
  const el = document.createElement('style');
  el.id = id;
  el.textContent = css;
  document.head.appendChild(el);
}

// ----- the board -----

const S = 50; // hex radius in SVG units
const pt = (n) => gridXY(TOPO.nodePos[n], S);

/**
 * The board's view box from the served intersections, with room around the
 * coast for the harbors: the base board gets its old fixed box, the 30-hex
 * board of 5–6 players one as large as it needs.
 */
function boardViewBox() {
  if (!TOPO.nodePos.length) return `${-5.75 * S} ${-5.2 * S} ${11.5 * S} ${10.4 * S}`;
  const xy = TOPO.nodePos.map((p) => gridXY(p, S));
  const xs = xy.map((p) => p[0]);
  const ys = xy.map((p) => p[1]);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const mx = (5.75 - 2.5 * Math.sqrt(3)) * S;
  const my = 1.2 * S;
  return `${x0 - mx} ${y0 - my} ${x1 - x0 + 2 * mx} ${y1 - y0 + 2 * my}`;
}

function hexPoints(hx) {
  return TOPO.hexNodes[hx].map((n) => pt(n).map((v) => v.toFixed(1)).join(',')).join(' ');
}

function pips(n) {
  return 6 - Math.abs(7 - n);
}

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

function harborEl(h, ctx, i, { edge, kind }) {
  const [a, b] = TOPO.edgeNodes[edge];
  const [ax, ay] = pt(a);
  const [bx, by] = pt(b);
  const mx = (ax + bx) / 2;
  const my = (ay + by) / 2;
  const len = Math.hypot(mx, my);
  const hx = mx + (mx / len) * S * 0.62;
  const hy = my + (my / len) * S * 0.62;
  const generic = kind === 'generic';
  const rate = generic ? '3:1' : '2:1';
  const title = `${tx(ctx, 'harbor', { rate })}${generic ? '' : ` ${resName(ctx, kind)}`}`;
  return h(
    'svg:g',
    { class: 'harbor', 'data-testid': `harbor-${i}` },
    h('svg:title', {}, title),
    h('svg:line', { x1: ax, y1: ay, x2: hx, y2: hy, stroke: '#8b5a2b', 'stroke-width': 4 }),
    h('svg:line', { x1: bx, y1: by, x2: hx, y2: hy, stroke: '#8b5a2b', 'stroke-width': 4 }),
    h('svg:circle', { cx: hx, cy: hy, r: 17, fill: generic ? '#fff' : '#fffdf5', stroke: generic ? '#222' : RES_FILL[kind], 'stroke-width': generic ? 1.5 : 3.5 }),
    h('svg:text', { x: hx, y: generic ? hy + 4 : hy - 3, 'text-anchor': 'middle', 'font-size': 11, 'font-weight': 700, fill: '#111' }, rate),
    // The resource as its icon (art.js); its name is the harbor's title.
    generic ? null : h('svg:use', { class: 'harbor-icon', href: `#icon-${kind}`, x: hx - 7, y: hy - 1, width: 14, height: 14, 'aria-hidden': 'true' }),
  );
}

function settlementShape(h, x, y, seat, testid) {
  const s = 9;
  const d = `M${x - s},${y + s} L${x - s},${y - s * 0.2} L${x},${y - s * 1.2} L${x + s},${y - s * 0.2} L${x + s},${y + s} Z`;
  return h(
    'svg:g',
    { class: 'piece settlement', 'data-testid': testid, 'data-seat': seat },
    h('svg:path', { d, fill: PLAYER_FILL[seat], stroke: '#111', 'stroke-width': 1.8 }),
    h('svg:text', { x, y: y + s * 0.75, 'text-anchor': 'middle', 'font-size': 10, 'font-weight': 700, fill: PLAYER_TEXT[seat] }, String(seat + 1)),
  );
}

function cityShape(h, x, y, seat, testid) {
  const s = 9;
  const d = `M${x - 1.5 * s},${y + s} L${x - 1.5 * s},${y - s * 0.4} L${x - 0.9 * s},${y - s * 1.3} L${x - 0.3 * s},${y - s * 0.4} L${x + 1.5 * s},${y - s * 0.4} L${x + 1.5 * s},${y + s} Z`;
  return h(
    'svg:g',
    { class: 'piece city', 'data-testid': testid, 'data-seat': seat },
    h('svg:path', { d, fill: PLAYER_FILL[seat], stroke: '#111', 'stroke-width': 2.2 }),
    h('svg:rect', { x: x - 1.5 * s + 2, y: y + s - 4, width: 3 * s - 4, height: 2, fill: '#111', opacity: 0.5 }),
    h('svg:text', { x: x + 0.5 * s, y: y + s * 0.7, 'text-anchor': 'middle', 'font-size': 11, 'font-weight': 700, fill: PLAYER_TEXT[seat] }, String(seat + 1)),
  );
}

function robberShape(h, ctx, x, y) {
  return h(
    'svg:g',
    { class: 'robber', 'data-testid': 'robber', 'pointer-events': 'none' },
    h('svg:title', {}, tx(ctx, 'robber')),
    h('svg:ellipse', { cx: x, cy: y + 11, rx: 10, ry: 4, fill: '#0006' }),
    h('svg:path', { d: `M${x - 8},${y + 11} Q${x - 9},${y - 4} ${x},${y - 6} Q${x + 9},${y - 4} ${x + 8},${y + 11} Z`, fill: '#2b2b2b', stroke: '#eee', 'stroke-width': 1.2 }),
    h('svg:circle', { cx: x, cy: y - 10, r: 6, fill: '#2b2b2b', stroke: '#eee', 'stroke-width': 1.2 }),
  );
}

/** The board; `extra(layers)` lets the C&K layers (ck-board.js) add to it. */
/**
 * What just happened, on the board: a ring in the builder's colour around the
 * piece built last and around the hex the robber moved to last, each only
 * while it is part of the latest turn (the log since the last `turn_started`),
 * so the marks say "this turn" and never linger.
 */
function lastMoveMarks(h, ctx) {
  const log = ctx.log || [];
  let start = log.length;
  while (start > 0 && log[start - 1].e?.type !== 'turn_started') start--;
  // Before the first turn (the set-up), the latest placement.
  const from = start > 0 ? start - 1 : Math.max(0, log.length - 2);
  let built = null;
  let robber = null;
  for (let i = log.length - 1; i >= from && i >= 0; i--) {
    const e = log[i].e;
    if (!built && e?.type === 'built') built = e;
    if (!robber && e?.type === 'robber_moved') robber = e;
  }
  const marks = [];
  if (built) {
    let x;
    let y;
    if (built.piece === 'road') {
      const [n1, n2] = TOPO.edgeNodes[built.at] || [];
      if (n1 == null) return marks;
      const [ax, ay] = pt(n1);
      const [bx, by] = pt(n2);
      x = (ax + bx) / 2;
      y = (ay + by) / 2;
    } else {
      [x, y] = pt(built.at);
    }
    marks.push(
      h('svg:circle', {
        class: 'last-move',
        'data-testid': 'last-move',
        'data-piece': built.piece,
        'data-at': built.at,
        cx: x,
        cy: y,
        r: 19,
        stroke: PLAYER_FILL[built.seat] || '#ffd400',
      }),
    );
  }
  if (robber && TOPO.hexCentres[robber.hex]) {
    const [cx, cy] = gridXY(TOPO.hexCentres[robber.hex], S);
    marks.push(h('svg:circle', { class: 'last-move robber-moved', 'data-testid': 'last-robber', 'data-hex': robber.hex, cx, cy, r: S * 0.8 }));
  }
  return marks;
}

export function boardSvg(h, view, ctx, ix, extra) {
  const board = view.board;
  const layers = { hexes: [], harbors: [], roads: [], edgeTargets: [], pieces: [], nodeTargets: [], top: [] };
  // Sea frame: a hexagon around the land, as large as the served board
  // needs (the base board's 5.6 hex radii; more for the 30-hex board).
  const frame = [];
  const reach = Math.max(...TOPO.nodePos.map((p) => Math.hypot(...gridXY(p, S))), 0);
  const radius = Math.max(5.6 * S, reach + 0.7 * S);
  for (let k = 0; k < 6; k++) {
    const ang = (Math.PI / 3) * k;
    frame.push(`${(Math.cos(ang) * radius).toFixed(1)},${(Math.sin(ang) * radius).toFixed(1)}`);
  }
  layers.hexes.push(h('svg:polygon', { points: frame.join(' '), fill: '#2f6fa6', stroke: '#8b5a2b', 'stroke-width': 6 }));
  board.tiles.forEach((tile, hx) => {
    const [cx, cy] = gridXY(TOPO.hexCentres[hx], S);
    const robberTargets = ix.robber.get(hx);
    const title = hexText(ctx, hx);
    layers.hexes.push(
      h(
        'svg:g',
        { class: 'hex', 'data-testid': `tile-${hx}`, 'data-terrain': tile.terrain },
        h('svg:title', {}, title),
        h('svg:polygon', { points: hexPoints(hx), fill: TERRAIN_FILL[tile.terrain], stroke: '#f3e6c4', 'stroke-width': 2.5 }),
        // The terrain drawn (art.js); its name is the hex's title.
        hexArt(tile.terrain, hexPoints(hx), cx, cy, S),
        h('svg:polygon', { points: hexPoints(hx), fill: 'none', stroke: '#f3e6c4', 'stroke-width': 2.5 }),
        tile.number
          ? [
              h('svg:circle', { class: 'token', cx, cy, r: 15, fill: '#fbf3dc', stroke: '#6b5a3a', 'stroke-width': 1.2, filter: 'drop-shadow(0 1px 1px #0006)' }),
              h(
                'svg:text',
                { x: cx, y: cy + 4, 'text-anchor': 'middle', 'font-size': tile.number === 6 || tile.number === 8 ? 15 : 13, 'font-weight': 700, fill: tile.number === 6 || tile.number === 8 ? '#c1121f' : '#222' },
                String(tile.number),
              ),
              Array.from({ length: pips(tile.number) }, (_, k) =>
                h('svg:circle', { cx: cx + (k - (pips(tile.number) - 1) / 2) * 3.6, cy: cy + 9.5, r: 1.3, fill: tile.number === 6 || tile.number === 8 ? '#c1121f' : '#222' }),
              ),
            ]
          : null,
      ),
    );
    if (robberTargets) {
      const act = () => {
        if (robberTargets.length === 1) ctx.act(robberTargets[0]);
        else {
          ctx.ui.robberHex = hx;
          ctx.rerender();
        }
      };
      layers.top.push(
        h(
          'svg:polygon',
          {
            class: ['target', 'target-hex'],
            points: hexPoints(hx),
            'data-testid': `hex-${hx}`,
            'data-victims': robberTargets.filter((a) => a.victim != null).length,
            role: 'button',
            tabindex: 0,
            'aria-label': title,
            onclick: act,
            onkeydown: (ev) => (ev.key === 'Enter' || ev.key === ' ') && act(),
          },
          h('svg:title', {}, title),
        ),
      );
    }
  });
  board.harbors.forEach((spot, i) => layers.harbors.push(harborEl(h, ctx, i, spot)));
  // Pieces.
  view.players.forEach((p, seat) => {
    for (const e of p.roads || []) {
      const [a, b] = TOPO.edgeNodes[e];
      const [ax, ay] = pt(a);
      const [bx, by] = pt(b);
      const x1 = ax + (bx - ax) * 0.14;
      const y1 = ay + (by - ay) * 0.14;
      const x2 = bx - (bx - ax) * 0.14;
      const y2 = by - (by - ay) * 0.14;
      layers.roads.push(
        h(
          'svg:g',
          { class: 'piece road', 'data-testid': `road-${e}`, 'data-seat': seat },
          h('svg:title', {}, `${ctx.seatName(seat)}: ${edgeText(ctx, e)}`),
          h('svg:line', { x1, y1, x2, y2, stroke: '#111', 'stroke-width': 9, 'stroke-linecap': 'round' }),
          h('svg:line', { x1, y1, x2, y2, stroke: PLAYER_FILL[seat], 'stroke-width': 5.5, 'stroke-linecap': 'round', 'stroke-dasharray': ROAD_DASH[seat] }),
        ),
      );
    }
    for (const n of p.settlements || []) {
      const [x, y] = pt(n);
      layers.pieces.push(settlementShape(h, x, y, seat, `settlement-${n}`));
    }
    for (const n of p.cities || []) {
      const [x, y] = pt(n);
      layers.pieces.push(cityShape(h, x, y, seat, `city-${n}`));
    }
  });
  // Robber.
  {
    const [cx, cy] = gridXY(TOPO.hexCentres[view.robber], S);
    layers.top.unshift(robberShape(h, ctx, cx + S * 0.42, cy + S * 0.12));
  }
  layers.top.push(...lastMoveMarks(h, ctx));
  // Targets: paths, then intersections on top.
  for (const [e, a] of ix.road) {
    const [n1, n2] = TOPO.edgeNodes[e];
    const [ax, ay] = pt(n1);
    const [bx, by] = pt(n2);
    const x1 = ax + (bx - ax) * 0.2;
    const y1 = ay + (by - ay) * 0.2;
    const x2 = bx - (bx - ax) * 0.2;
    const y2 = by - (by - ay) * 0.2;
    const label = describeAction(a, ctx);
    layers.edgeTargets.push(
      h(
        'svg:g',
        { class: 'target', 'data-testid': `edge-${e}`, role: 'button', tabindex: 0, 'aria-label': label, onclick: () => ctx.act(a), onkeydown: (ev) => (ev.key === 'Enter' || ev.key === ' ') && ctx.act(a) },
        h('svg:title', {}, label),
        h('svg:line', { class: 'target-edge-halo', x1, y1, x2, y2 }),
        h('svg:line', { class: 'target-edge', x1, y1, x2, y2 }),
        // A wider invisible band makes the path easy to hit on a phone (and gives it a size).
        h('svg:polygon', { points: band(x1, y1, x2, y2, 9), fill: 'transparent' }),
      ),
    );
  }
  for (const [map, kind] of [
    [ix.settlement, 'settlement'],
    [ix.city, 'city'],
  ]) {
    for (const [n, a] of map) {
      const [x, y] = pt(n);
      const label = describeAction(a, ctx);
      layers.nodeTargets.push(
        h(
          'svg:g',
          { class: 'target', 'data-testid': `node-${n}`, 'data-kind': kind, role: 'button', tabindex: 0, 'aria-label': label, onclick: () => ctx.act(a), onkeydown: (ev) => (ev.key === 'Enter' || ev.key === ' ') && ctx.act(a) },
          h('svg:title', {}, label),
          kind === 'city' ? h('svg:circle', { class: 'target-city', cx: x, cy: y, r: 16 }) : h('svg:circle', { class: 'target-node', cx: x, cy: y, r: 8 }),
          h('svg:circle', { class: 'hit', cx: x, cy: y, r: 20, fill: 'transparent' }),
        ),
      );
    }
  }
  if (extra) extra(layers);
  return h(
    'svg:svg',
    { class: 'catan-board', viewBox: boardViewBox(), 'data-testid': 'catan-board', role: 'img', 'aria-label': 'CATAN' },
    layers.hexes,
    layers.harbors,
    layers.roads,
    layers.top.filter((el) => el.getAttribute('class') === 'robber'),
    layers.pieces,
    layers.top.filter((el) => el.getAttribute('class') !== 'robber'),
    layers.edgeTargets,
    layers.nodeTargets,
  );
}

// ----- panels -----

function resChip(h, ctx, r, n, attrs = {}) {
  return h(
    attrs.onclick ? 'button' : 'span',
    {
      class: ['res', attrs.sel && 'sel'],
      type: attrs.onclick ? 'button' : null,
      title: attrs.title || resName(ctx, r),
      'data-testid': attrs.testid,
      'data-rate': attrs.rate,
      onclick: attrs.onclick,
    },
    artIcon(r),
    n != null ? `${n} ${resName(ctx, r)}` : resName(ctx, r),
  );
}

function button(h, label, onclick, attrs = {}) {
  return h('button', { type: 'button', class: attrs.primary ? 'primary' : null, 'data-testid': attrs.testid, onclick }, label);
}

/** A pick of `n` cards from `hand`: always from the largest pile (the dialog's first suggestion). */
function suggestDiscard(hand, n) {
  const left = { ...hand };
  const pick = {};
  for (let k = 0; k < n; k++) {
    const r = RESOURCES.reduce((best, x) => ((left[x] || 0) > (left[best] || 0) ? x : best), RESOURCES[0]);
    if (!(left[r] > 0)) break;
    left[r] -= 1;
    pick[r] = (pick[r] || 0) + 1;
  }
  return pick;
}

/**
 * Discarding on a 7 in one go: every owed card is chosen with − and + (a
 * suggestion from the largest piles to start with), then sent as the
 * engine's one-card discards, one after the other.
 */
function discardDialog(h, ctx, ix, hand, owed) {
  const key = `${owed}:${RESOURCES.map((r) => hand[r] || 0).join(',')}`;
  if (ctx.ui.discard?.key !== key) ctx.ui.discard = { key, pick: suggestDiscard(hand, owed) };
  const pick = ctx.ui.discard.pick;
  const total = RESOURCES.reduce((n, r) => n + (pick[r] || 0), 0);
  const change = (r, d) => {
    pick[r] = Math.max(0, Math.min(hand[r] || 0, (pick[r] || 0) + d));
    ctx.rerender();
  };
  const send = () => {
    const actions = [];
    for (const r of RESOURCES) for (let k = 0; k < (pick[r] || 0); k++) actions.push(ix.discard.get(r));
    ctx.actAll(actions);
  };
  return h(
    'div',
    { class: 'action-panel', 'data-testid': 'discard-panel' },
    h('h4', {}, tx(ctx, 'discardHint', { n: owed })),
    h('button', { type: 'button', class: 'primary', 'data-testid': 'discard-send', disabled: total !== owed || ctx.sending, onclick: send }, ctx.sending ? tx(ctx, 'discardSending') : tx(ctx, 'discardSend', { n: total, owed })),
    h(
      'div',
      { class: 'discard-rows' },
      RESOURCES.filter((r) => ix.discard.has(r) || pick[r]).map((r) =>
        h(
          'div',
          { class: 'discard-row', 'data-testid': `discard-row-${r}` },
          h('span', { class: 'res', style: { background: RES_FILL[r] } }, artIcon(r), `${resName(ctx, r)} (${hand[r] || 0})`),
          h('button', { type: 'button', class: 'step', 'data-testid': `discard-minus-${r}`, 'aria-label': `− ${resName(ctx, r)}`, disabled: !(pick[r] > 0), onclick: () => change(r, -1) }, '−'),
          h('strong', { class: 'count', 'data-testid': `discard-count-${r}` }, String(pick[r] || 0)),
          h('button', { type: 'button', class: 'step', 'data-testid': `discard-plus-${r}`, 'aria-label': `+ ${resName(ctx, r)}`, disabled: (pick[r] || 0) >= (hand[r] || 0) || total >= owed, onclick: () => change(r, 1) }, '+'),
        ),
      ),
    ),
  );
}

export function dialogs(h, view, ctx, ix) {
  const out = [];
  const phase = view.phase || {};
  const me = ctx.seat;
  const panel = (testid, title, ...body) => h('div', { class: 'action-panel', 'data-testid': testid }, title ? h('h4', {}, title) : null, ...body);

  if (phase.phase === 'setup' && (ix.settlement.size || ix.road.size)) {
    out.push(h('div', { class: 'action-panel prompt', 'data-testid': 'setup-prompt' }, tx(ctx, ix.settlement.size ? 'setupSettlement' : 'setupRoad')));
  }
  if (phase.phase === 'discard') {
    const owed = phase.owed || [];
    if (ix.discard.size && me != null) {
      out.push(discardDialog(h, ctx, ix, view.players[me]?.hand || {}, owed[me] ?? 0));
    } else {
      const who = owed.map((n, i) => (n > 0 ? `${ctx.seatName(i)} (${n})` : null)).filter(Boolean).join(', ');
      if (who) out.push(h('div', { class: 'action-panel prompt' }, tx(ctx, 'discardOthers', { who })));
    }
  }
  if (ix.robber.size) {
    const hx = ctx.ui.robberHex;
    const choices = hx != null ? ix.robber.get(hx) : null;
    if (choices) {
      out.push(
        panel(
          'victim-panel',
          `${hexText(ctx, hx)} — ${tx(ctx, 'victimHint')}`,
          h(
            'div',
            { class: 'buttons' },
            choices.map((a) =>
              a.victim != null
                ? button(h, tx(ctx, 'rob', { who: ctx.seatName(a.victim), n: view.players[a.victim]?.resource_count ?? 0 }), () => ctx.act(a), { testid: `victim-${a.victim}`, primary: true })
                : button(h, tx(ctx, 'robNobody'), () => ctx.act(a), { testid: 'victim-none' }),
            ),
            button(h, tx(ctx, 'cancel'), () => {
              ctx.ui.robberHex = null;
              ctx.rerender();
            }),
          ),
        ),
      );
    } else out.push(h('div', { class: 'action-panel prompt', 'data-testid': 'robber-prompt' }, tx(ctx, 'robberHint')));
  }
  // 5–6 players: another player acts after the turn (`turn_of`).
  if (view.turn_of != null && phase.phase === 'main') {
    const key = view.turn_rule === 'paired' ? 'playerTwo' : 'specialBuilding';
    out.push(h('div', { class: 'action-panel prompt', 'data-testid': 'turn-part-prompt' }, tx(ctx, key, { name: ctx.seatName(view.turn_of), who: ctx.seatName(view.current) })));
  }
  if (phase.phase === 'road_building' && ix.road.size) {
    out.push(h('div', { class: 'action-panel prompt', 'data-testid': 'road-building-prompt' }, tx(ctx, 'roadBuildingHint', { n: phase.left })));
  }
  // Year of plenty and monopoly: a dialog opened by the card's button.
  if (ctx.ui.dialog === 'yop' && ix.yop.length) {
    out.push(
      panel(
        'yop-panel',
        tx(ctx, 'yopHint'),
        h(
          'div',
          { class: 'buttons' },
          ix.yop.map((a) =>
            button(h, a.first === a.second ? `2 × ${resName(ctx, a.first)}` : `${resName(ctx, a.first)} + ${resName(ctx, a.second)}`, () => ctx.act(a), { testid: `yop-${a.first}-${a.second}` }),
          ),
          closeButton(h, ctx),
        ),
      ),
    );
  }
  if (ctx.ui.dialog === 'monopoly' && ix.monopoly.size) {
    out.push(
      panel(
        'monopoly-panel',
        tx(ctx, 'monoHint'),
        h('div', { class: 'res-row' }, RESOURCES.map((r) => (ix.monopoly.has(r) ? resChip(h, ctx, r, null, { testid: `monopoly-${r}`, onclick: () => ctx.act(ix.monopoly.get(r)) }) : null)), closeButton(h, ctx)),
      ),
    );
  }
  if (ctx.ui.dialog === 'maritime' && ix.maritime.length) {
    const gives = RESOURCES.filter((r) => ix.maritime.some((a) => a.give === r));
    const give = gives.includes(ctx.ui.give) ? ctx.ui.give : null;
    // What a trade costs: the seat's rate for every resource (4:1, 3:1, 2:1).
    const rates = maritimeRates(view, me);
    const rateTitle = (r) => tx(ctx, 'rateTitle', { n: rates[r], res: resName(ctx, r) });
    out.push(
      panel(
        'maritime-panel',
        `${tx(ctx, 'maritime')}: ${tx(ctx, 'yourRates')}`,
        h(
          'div',
          { class: 'res-row', 'data-testid': 'mt-rates' },
          RESOURCES.map((r) =>
            h(
              'span',
              { class: ['res', 'rate', rates[r] < 4 && 'harbor-rate'], title: rateTitle(r), 'data-testid': `mt-rate-${r}`, 'data-rate': rates[r] },
              artIcon(r),
              `${resName(ctx, r)} ${rates[r]}:1`,
            ),
          ),
        ),
        h(
          'div',
          { class: 'res-row' },
          h('strong', {}, `${tx(ctx, 'give')}:`),
          gives.map((r) =>
            resChip(h, ctx, r, rates[r], {
              testid: `mt-give-${r}`,
              sel: give === r,
              rate: rates[r],
              title: rateTitle(r),
              onclick: () => {
                ctx.ui.give = r;
                ctx.rerender();
              },
            }),
          ),
        ),
        give
          ? h(
              'div',
              { class: 'res-row' },
              h('strong', { 'data-testid': 'mt-cost' }, `${tx(ctx, 'getFor', { n: rates[give], res: resName(ctx, give) })}:`),
              ix.maritime.filter((a) => a.give === give).map((a) => resChip(h, ctx, a.get, null, { testid: `mt-get-${a.get}`, onclick: () => ctx.act(a) })),
            )
          : null,
        h('div', { class: 'buttons' }, closeButton(h, ctx)),
      ),
    );
  }
  // Domestic trade, step by step as the phases go.
  if (phase.phase === 'trade_draft' && (ix.offerGive.size || ix.offerGet.size || ix.one.submit_offer || ix.one.cancel_trade) && me != null) {
    out.push(tradeBuilder(h, ctx, ix, phase.offer || {}, view.players[me]?.hand || {}, RES_FILL, artIcon));
  }
  if (phase.phase === 'trade_replies' || phase.phase === 'trade_confirm') {
    const offer = phase.offer || {};
    const accepted = (phase.accepted || []).map((s) => ctx.seatName(s)).join(', ') || tx(ctx, 'nobody');
    if (ix.one.accept_offer || ix.one.decline_offer) {
      out.push(
        panel(
          'reply-panel',
          tx(ctx, 'theyOffer', { who: ctx.seatName(view.current), give: resText(ctx, offer.give), get: resText(ctx, offer.get) }),
          h(
            'div',
            { class: 'buttons' },
            ix.one.accept_offer ? button(h, tx(ctx, 'accept'), () => ctx.act(ix.one.accept_offer), { testid: 'accept-offer', primary: true }) : null,
            ix.one.decline_offer ? button(h, tx(ctx, 'decline'), () => ctx.act(ix.one.decline_offer), { testid: 'decline-offer' }) : null,
          ),
        ),
      );
    } else if (ix.confirm.size || ix.one.cancel_trade) {
      out.push(
        panel(
          'confirm-panel',
          tx(ctx, 'offerSoFar', { give: resText(ctx, offer.give), get: resText(ctx, offer.get) }),
          h(
            'div',
            { class: 'buttons' },
            [...ix.confirm].map(([s, a]) => button(h, tx(ctx, 'confirmWith', { who: ctx.seatName(s) }), () => ctx.act(a), { testid: `confirm-${s}`, primary: true })),
            ix.one.cancel_trade ? button(h, tx(ctx, 'cancel'), () => ctx.act(ix.one.cancel_trade), { testid: 'cancel-trade' }) : null,
          ),
        ),
      );
    } else if (phase.phase === 'trade_replies' && view.current === me) {
      out.push(h('div', { class: 'action-panel prompt' }, tx(ctx, 'waitingReplies', { who: accepted })));
    }
  }
  return out;
}

function closeButton(h, ctx) {
  return button(h, tx(ctx, 'close'), () => {
    ctx.ui.dialog = null;
    ctx.ui.give = null;
    ctx.rerender();
  });
}

function openDialog(ctx, name) {
  return () => {
    ctx.ui.dialog = ctx.ui.dialog === name ? null : name;
    ctx.ui.give = null;
    ctx.rerender();
  };
}

export function turnButtons(h, ctx, ix) {
  const b = [];
  const one = ix.one;
  if (one.roll) b.push(button(h, tx(ctx, 'roll'), () => ctx.act(one.roll), { testid: 'roll', primary: true }));
  if (one.play_knight) b.push(button(h, tx(ctx, 'play', { card: devName(ctx, 'knight') }), () => ctx.act(one.play_knight), { testid: 'play-knight' }));
  if (one.play_road_building) b.push(button(h, tx(ctx, 'play', { card: devName(ctx, 'road_building') }), () => ctx.act(one.play_road_building), { testid: 'play-road-building' }));
  if (ix.yop.length) b.push(button(h, tx(ctx, 'play', { card: devName(ctx, 'year_of_plenty') }), openDialog(ctx, 'yop'), { testid: 'play-year-of-plenty' }));
  if (ix.monopoly.size) b.push(button(h, tx(ctx, 'play', { card: devName(ctx, 'monopoly') }), openDialog(ctx, 'monopoly'), { testid: 'play-monopoly' }));
  if (one.buy_development_card) b.push(button(h, tx(ctx, 'buyDev'), () => ctx.act(one.buy_development_card), { testid: 'buy-dev' }));
  if (ix.maritime.length) b.push(button(h, tx(ctx, 'maritime'), openDialog(ctx, 'maritime'), { testid: 'open-maritime' }));
  if (one.open_trade) b.push(button(h, tx(ctx, 'domestic'), () => ctx.act(one.open_trade), { testid: 'open-trade' }));
  if (one.end_turn) b.push(button(h, tx(ctx, 'endTurn'), () => ctx.act(one.end_turn), { testid: 'end-turn' }));
  return actionBar(h, b);
}

function diceEl(h, view, ctx) {
  const d = view.last_roll;
  if (!d) return h('span', { class: 'muted', 'data-testid': 'dice' }, tx(ctx, 'noRoll'));
  return h(
    'span',
    { class: 'dice', 'data-testid': 'dice', title: tx(ctx, 'dice', { n: d.red + d.yellow }) },
    h('span', { class: 'die red' }, String(d.red)),
    h('span', { class: 'die yellow' }, String(d.yellow)),
    h('strong', {}, ` = ${d.red + d.yellow}`),
  );
}

function playerEl(h, view, i, ctx) {
  const p = view.players[i];
  const me = ctx.seat === i;
  const over = view.phase?.phase === 'over';
  const current = view.current === i && !over;
  const pts = pointsText(ctx, p);
  const colour = PLAYER_COLOUR_NAME[de(ctx) ? 'de' : 'en'][i];
  return h(
    'section',
    { class: ['cplayer', me && 'me', current && 'current'], 'data-testid': `player-${i}` },
    h(
      'header',
      {},
      h(
        'span',
        {},
        h('span', { class: 'badge', style: { background: PLAYER_FILL[i], color: PLAYER_TEXT[i] }, title: tx(ctx, 'seatColour', { n: i + 1, colour }) }, String(i + 1)),
        ' ',
        h('strong', {}, ctx.seatName(i)),
      ),
      h('span', { 'data-testid': `points-${i}` }, pts),
    ),
    h(
      'div',
      { class: 'stats' },
      h('span', {}, tx(ctx, 'cards', { n: p.resource_count })),
      h('span', {}, tx(ctx, 'devCount', { n: p.dev_card_count })),
      h('span', {}, tx(ctx, 'knights', { n: p.played?.knight || 0 })),
      h('span', {}, tx(ctx, 'road', { n: p.road_length })),
      view.longest_road === i ? h('span', { class: 'award', 'data-testid': 'longest-road' }, tx(ctx, 'longestRoad')) : null,
      view.largest_army === i ? h('span', { class: 'award', 'data-testid': 'largest-army' }, tx(ctx, 'largestArmy')) : null,
    ),
    p.hand
      ? h('div', { class: 'res-row', 'data-testid': `hand-${i}` }, h('span', { class: 'muted' }, `${tx(ctx, 'hand')}:`), RESOURCES.map((r) => resChip(h, ctx, r, p.hand[r] || 0, { testid: `hand-${r}` })))
      : null,
    p.dev_cards || p.new_dev_cards
      ? h(
          'div',
          { class: 'devs', 'data-testid': `devcards-${i}` },
          h('span', { class: 'muted' }, `${tx(ctx, 'devCards')}:`),
          p.dev_card_count ? null : h('span', { class: 'muted' }, tx(ctx, 'none')),
          DEV.flatMap((c) => [
            p.dev_cards?.[c] ? h('span', { class: 'dev' }, `${p.dev_cards[c]} × ${devName(ctx, c)}`) : null,
            p.new_dev_cards?.[c] ? h('span', { class: 'dev new' }, `${p.new_dev_cards[c]} × ${devName(ctx, c)} (${tx(ctx, 'newCard')})`) : null,
          ]),
        )
      : null,
  );
}

export function render(view, legal, ctx) {
  const { h } = ctx;
  ensureStyle('catan-style', STYLE);
  if (view.cities_knights) return ckRender(view, legal, ctx);
  const ix = index(legal);
  if (ctx.ui.robberHex != null && !ix.robber.has(ctx.ui.robberHex)) ctx.ui.robberHex = null;
  const order = view.players.map((_, i) => i);
  if (ctx.seat != null) order.sort((a, b) => (a === ctx.seat ? -1 : b === ctx.seat ? 1 : a - b));
  return h(
    'div',
    { class: 'catan with-action-bar' },
    boardFrame(h, ctx, boardSvg(h, view, ctx, ix), { wrap: 'catan-board-wrap' }),
    h(
      'div',
      { class: 'catan-side' },
      h('div', { class: 'topline' }, diceEl(h, view, ctx), h('span', { class: 'muted' }, tx(ctx, 'goal', { n: view.victory_points }))),
      autoPassSwitch(h, view, ctx),
      autoPass(h, view, legal, ctx),
      turnButtons(h, ctx, ix),
      dialogs(h, view, ctx, ix),
      h(
        'section',
        { class: 'cplayer bank', 'data-testid': 'bank' },
        h('header', {}, h('strong', {}, tx(ctx, 'bank')), h('span', { class: 'muted' }, tx(ctx, 'deck', { n: view.deck_size }))),
        h('div', { class: 'res-row' }, RESOURCES.map((r) => resChip(h, ctx, r, view.bank?.[r] ?? 0))),
      ),
      order.map((i) => playerEl(h, view, i, ctx)),
    ),
  );
}
export { catanPoints as scoreBreakdown, catanStats as statistics } from './scores.js';
