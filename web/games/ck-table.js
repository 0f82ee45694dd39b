// The Cities & Knights table (rule sets `cities_knights` and
// `cities_knights_heroes`): CATAN's board (catan-board-svg.js) with the C&K
// layers of ck-board.js, and beside it the three dice and what they caused, the
// barbarian track with the comparison that decides the next attack and the
// outcome of the last one, the bank with commodities and progress decks,
// every seat's improvements, commodities, progress cards, Defender points and
// hand limit, and panels for every C&K choice.
//
// Nothing here decides what is legal: every control is one of the listed
// actions, and an action no panel shows lands in the "more actions" panel, so
// each listed action can be clicked. catan.js calls render() for a view with
// a `cities_knights` part; this module takes CATAN's parts from the modules
// below both tables (catan-board-svg.js, catan-turn.js, catan-dialogs.js,
// catan-common.js, catan-text.js) and never imports catan.js back.

import { boardFrame } from './board-frame.js';
import { ensureStyle } from './ui-common.js';
import { PLAYER_FILL, PLAYER_TEXT } from './catan-common.js';
import { describeEvent as catanEvent } from './catan-text.js';
import { boardSvg } from './catan-board-svg.js';
import { index, turnButtons, rollDice } from './catan-turn.js';
import { dialogs } from './catan-dialogs.js';
import { cardFace, handRow, gameDock } from './hand.js';
import { addLayers, cardOf, say } from './ck-board.js';
import { artIcon } from '../art.js';
import {
  RESOURCE_KINDS, COMMODITIES, CARD_KINDS, TRACKS, TRACK_FILL, CARD_FILL, PROGRESS,
  name, cardName, cardText, improvementName, describeEvent, actionCost, costSuffix, isDe, barbarianBalance, faceText,
} from './ck-text.js';


const STYLE = `
.catan .ck-dice .die.event { background: #f3f3f3; color: #111; width: auto; min-width: 2.6rem; padding: 0 .35rem; font-size: .75rem; }
.catan .ck-caused { margin: .2rem 0 0; padding-left: 1.1rem; font-size: .85rem; }
.catan .barb-track { display: flex; gap: 2px; margin: .3rem 0; }
.catan .barb-step { flex: 1; min-width: 0; overflow: hidden; height: 1.5rem; border: 1px solid #555; border-radius: 3px; background: #d9e6f2; display: flex; align-items: center; justify-content: center; font-size: .8rem; }
.catan .barb-step.ship { background: #3b2f2f; color: #fff; font-weight: 700; }
.catan .barb-step.catan-end { background: #e8d7a8; }
/* The two named steps take the width of their word ("Schiff", "Catan" were cut at 1280 px); the numbers share the rest. */
.catan .barb-step.ship, .catan .barb-step.catan-end { flex: 0 0 auto; min-width: max-content; padding: 0 .3rem; }
.catan .balance { font-weight: 700; }
.catan .balance.lose { color: #b00020; }
.catan .balance.hold { color: #1b7a34; }
.catan .track-row { display: flex; align-items: center; gap: .3rem; font-size: .85rem; margin: .1rem 0; flex-wrap: wrap; }
.catan .track-row .pips { display: inline-flex; gap: 2px; }
.catan .track-row .pip { width: .8rem; height: .8rem; border: 1px solid #333; border-radius: 2px; background: #fff; }
.catan .track-row .pip.on { background: var(--track); }
.catan .metro { font-size: .75rem; border: 1px solid #333; border-radius: 3px; padding: 0 .25rem; background: #fff4cc; }
.catan .pcards { display: flex; flex-direction: column; gap: .25rem; margin-top: .25rem; }
.catan .pcard { border: 1px solid #999; border-left: 6px solid var(--track); border-radius: 5px; padding: .2rem .4rem; background: #fff; font-size: .82rem; }
.catan .pcard strong { display: block; }
.catan .pcard button { margin-top: .2rem; }
.catan .pcard.chosen { box-shadow: 0 0 0 3px var(--warn, #e0a000); }
.board-dice .big-die.event .art-icon { width: 75%; height: 75%; }
.board-dice .big-die.event .ship-face { font-size: .62rem; }
.ck .improve-slot button { border-left: 6px solid var(--track); }
.catan .pcount { display: inline-block; min-width: 1.3rem; text-align: center; border-radius: 3px; color: #fff; font-weight: 700; font-size: .8rem; margin-right: .15rem; }
.catan .ck-menu .buttons button, .catan .ck-choices .buttons button { margin: .1rem; }
.catan .dice-grid { display: grid; grid-template-columns: repeat(6, 2.2rem); gap: 3px; }
`;

function tx(ctx, de, en) {
  return isDe(ctx) ? de : en;
}
function chip(h, ctx, k, n, attrs = {}) {
  return h(
    attrs.onclick ? 'button' : 'span',
    { class: ['res', attrs.sel && 'sel', attrs.rateClass], type: attrs.onclick ? 'button' : null, title: attrs.title || name(ctx, k), 'data-testid': attrs.testid, 'data-rate': attrs.rate, onclick: attrs.onclick },
    artIcon(k) || h('span', { class: 'sw', style: { background: CARD_FILL[k] } }),
    n != null ? `${n} ${name(ctx, k)}` : name(ctx, k),
  );
}
function btn(h, label, onclick, testid, primary) {
  return h('button', { type: 'button', class: primary ? 'primary' : null, 'data-testid': testid, onclick }, label);
}
function panel(h, testid, title, ...body) {
  return h('div', { class: 'action-panel', 'data-testid': testid }, title ? h('h4', {}, title) : null, ...body);
}
function reset(ctx, keep = {}) {
  for (const k of ['menu', 'card', 'pairA', 'knightFrom', 'squireFrom', 'give', 'dialog', 'red']) if (!(k in keep)) ctx.ui[k] = null;
  ctx.rerender();
}

// ----- dice, barbarians, bank -----

/** The events since the last roll (what the dice caused), from the table's log. */
function sinceRoll(ctx) {
  const items = ctx.log || [];
  let i = items.length - 1;
  while (i >= 0 && items[i].e?.type !== 'rolled') i--;
  return i < 0 ? [] : items.slice(i + 1).map((x) => x.e);
}

function diceEl(h, view, ctx) {
  const d = view.last_roll;
  const face = view.cities_knights.last_event;
  if (!d) return h('div', { class: 'muted', 'data-testid': 'dice' }, tx(ctx, 'Noch nicht gewürfelt', 'Not rolled yet'));
  const faceEl = h(
    'span',
    { class: 'die event', 'data-testid': 'event-die', 'data-face': face === 'ship' ? 'ship' : face?.gate || '', style: face?.gate ? { background: TRACK_FILL[face.gate], color: face.gate === 'trade' ? '#111' : '#fff' } : null, title: faceText(ctx, face) },
    face === 'ship' ? tx(ctx, 'Schiff', 'ship') : face?.gate ? name(ctx, face.gate) : '?',
  );
  const caused = sinceRoll(ctx)
    .filter((e) => e && e.type !== 'rolled' && e.type !== 'event_die' && e.type !== 'turn_ended' && e.type !== 'turn_started')
    .map((e) => catanEvent(e, ctx))
    .filter(Boolean)
    .slice(0, 8);
  return h(
    'div',
    { 'data-testid': 'dice' },
    h(
      'span',
      { class: 'dice ck-dice', title: `${d.red + d.yellow}` },
      h('span', { class: 'die red', 'data-testid': 'die-red' }, String(d.red)),
      h('span', { class: 'die yellow', 'data-testid': 'die-yellow' }, String(d.yellow)),
      faceEl,
      h('strong', {}, ` = ${d.red + d.yellow}`),
    ),
    caused.length ? h('ul', { class: 'ck-caused', 'data-testid': 'dice-caused' }, caused.map((s) => h('li', {}, s))) : null,
  );
}

/**
 * The last barbarian attack from the log: the attack and what it did to each
 * seat. The ship is reset in the same step as the attack, but the cities fall
 * and tied defenders draw only afterwards (each seat's own choice), so the
 * attack's consequences are read up to the next turn, not to the reset; a
 * seat that still owes its city or its deck is marked from the phase.
 */
export function lastAttack(ctx, view) {
  const items = ctx.log || [];
  let i = items.length - 1;
  while (i >= 0 && items[i].e?.type !== 'barbarian_attack') i--;
  if (i < 0) return null;
  const attack = items[i].e;
  const per = view.players.map(() => []);
  let sameTurn = true;
  for (let k = i + 1; k < items.length; k++) {
    const e = items[k].e;
    if (!e) continue;
    if (e.type === 'turn_started' || e.type === 'barbarian_attack') {
      sameTurn = false;
      break;
    }
    if (e.type === 'defender_of_catan') per[e.seat].push('defender');
    if (e.type === 'city_pillaged') per[e.seat].push('pillaged');
    // A tie's card; the gates of the attack's own roll draw nothing (its face is the ship).
    if (e.type === 'progress_drawn' && attack.repelled) per[e.seat].push('progress');
  }
  if (sameTurn && view.phase?.phase === 'pillage') for (const s of view.phase.owed || []) per[s]?.push('owes-city');
  if (sameTurn && view.phase?.phase === 'defender_deck') for (const s of view.phase.pending || []) per[s]?.push('owes-deck');
  return { attack, per };
}

/** What the last attack did to one seat, in words. */
export function attackOutcome(ctx, attack, marks, mine) {
  if (marks.includes('defender')) return tx(ctx, 'Retter Catans (+1 Siegpunkt)', 'Defender of Catan (+1 VP)');
  if (marks.includes('pillaged')) return tx(ctx, 'Stadt geplündert', 'city pillaged');
  if (marks.includes('owes-city')) return mine ? tx(ctx, 'verliert eine Stadt: wähle sie', 'loses a city: choose it') : tx(ctx, 'verliert eine Stadt (wählt noch)', 'loses a city (still choosing)');
  if (marks.includes('progress')) return tx(ctx, 'Gleichstand: Fortschrittskarte', 'tie: progress card');
  if (marks.includes('owes-deck')) return tx(ctx, 'Gleichstand: wählt einen Fortschrittsstapel', 'tie: choosing a progress deck');
  return attack.repelled ? tx(ctx, 'verteidigt', 'defended') : tx(ctx, 'nicht betroffen', 'not affected');
}

function barbariansEl(h, view, ctx) {
  const ck = view.cities_knights;
  const { strength, defence, perSeat } = barbarianBalance(view);
  const hold = defence >= strength;
  const steps = [];
  for (let k = 0; k <= 7; k++) steps.push(h('span', { class: ['barb-step', k === ck.barbarians && 'ship', k === 7 && 'catan-end'], 'data-step': k }, k === ck.barbarians ? tx(ctx, 'Schiff', 'ship') : k === 7 ? 'Catan' : String(k)));
  const last = lastAttack(ctx, view);
  return h(
    'section',
    { class: 'cplayer barbarians', 'data-testid': 'barbarians', 'data-position': ck.barbarians },
    h('header', {}, h('strong', {}, tx(ctx, 'Barbaren', 'Barbarians')), h('span', { class: 'muted' }, tx(ctx, `Schiff: ${ck.barbarians} von 7`, `Ship: ${ck.barbarians} of 7`))),
    h('div', { class: 'barb-track', 'data-testid': 'barbarian-track' }, steps),
    h(
      'div',
      { class: ['balance', hold ? 'hold' : 'lose'], 'data-testid': 'barbarian-balance', 'data-strength': strength, 'data-defence': defence },
      tx(
        ctx,
        `Barbaren ${strength} (Städte) gegen Ritter ${defence} (aktiv): ${hold ? 'Catan hielte stand' : 'Catan unterläge'}`,
        `Barbarians ${strength} (cities) against knights ${defence} (active): ${hold ? 'Catan would hold' : 'Catan would lose'}`,
      ),
    ),
    h('div', { class: 'stats' }, perSeat.map((n, i) => h('span', {}, `${ctx.seatName(i)}: ${n}`))),
    ck.robber_awake ? null : h('div', { class: 'muted', 'data-testid': 'robber-sleeps' }, tx(ctx, 'Der Räuber schläft bis zum ersten Angriff.', 'The robber sleeps until the first attack.')),
    last
      ? h(
          'div',
          { 'data-testid': 'last-attack' },
          h('div', {}, describeEvent(last.attack, ctx)),
          h('ul', { class: 'ck-caused' }, last.per.map((marks, i) => h('li', { 'data-testid': `attack-seat-${i}` }, `${ctx.seatName(i)}: ${attackOutcome(ctx, last.attack, marks, i === ctx.seat)}`))),
        )
      : null,
  );
}

function bankEl(h, view, ctx) {
  const ck = view.cities_knights;
  return h(
    'section',
    { class: 'cplayer bank', 'data-testid': 'bank' },
    h('header', {}, h('strong', {}, tx(ctx, 'Bank', 'Bank')), h('span', { class: 'muted' }, tx(ctx, `Retter-Karten: ${ck.defenders_left}`, `Defender cards: ${ck.defenders_left}`))),
    h('div', { class: 'res-row' }, RESOURCE_KINDS.map((r) => chip(h, ctx, r, view.bank?.[r] ?? 0)), COMMODITIES.map((c) => chip(h, ctx, c, ck.bank?.[c] ?? 0))),
    h(
      'div',
      { class: 'stats', 'data-testid': 'progress-decks' },
      TRACKS.map((t, i) => h('span', {}, h('span', { class: 'pcount', style: { background: TRACK_FILL[t] } }, String(ck.deck_top[i] + ck.deck_under[i])), tx(ctx, `Fortschritt ${name(ctx, t)}`, `${name(ctx, t)} progress`))),
    ),
  );
}

// ----- players -----

function progressList(h, view, ctx, seat) {
  const cp = view.cities_knights.players[seat];
  // The own progress cards are faces in the hand at the bottom of the screen (ckHand).
  if (cp.progress) return null;
  return h(
    'div',
    { class: 'stats', 'data-testid': `progress-count-${seat}` },
    h('span', { class: 'muted' }, tx(ctx, 'Fortschrittskarten:', 'Progress cards:')),
    TRACKS.map((t, i) => h('span', { class: 'pcount', style: { background: TRACK_FILL[t] }, title: name(ctx, t) }, String(cp.progress_count[i]))),
  );
}

/**
 * The own hand in the dock: resources and commodities as card faces (faded
 * at zero), then the progress cards, each in its track's colour with the
 * track's picture; one that can be played now is raised and played with a
 * click (a card with a target opens its chooser; a second click cancels).
 */
function ckHand(h, view, ctx, legal) {
  const seat = ctx.seat;
  const p = seat != null ? view.players[seat] : null;
  const cp = seat != null ? view.cities_knights.players[seat] : null;
  if (!p?.hand || !cp) return null;
  const progress = Object.entries(cp.progress || {}).filter(([, n]) => n > 0).map(([card, n]) => {
    const acts = legal.filter((a) => cardOf(a) === card);
    const track = PROGRESS[card]?.[0];
    const chosen = ctx.ui.card === card;
    const play = acts.length
      ? () => {
          if (chosen) return reset(ctx);
          if (acts.length === 1 && acts[0].type === 'play_progress') return ctx.act(acts[0]);
          reset(ctx, { card: 1 });
          ctx.ui.card = card;
          ctx.rerender();
        }
      : null;
    return h(
      'div',
      { class: ['pcard-slot', chosen && 'chosen'], 'data-testid': `pcard-${card}` },
      cardFace(h, { kind: card, name: cardName(ctx, card), count: n, fill: TRACK_FILL[track], icon: track, wide: true, testid: acts.length ? `play-${card}` : null, onclick: play, selected: chosen, title: `${cardName(ctx, card)}: ${cardText(ctx, card)}`, note: chosen ? tx(ctx, 'Abbrechen', 'Cancel') : null }),
    );
  });
  return handRow(
    h,
    [
      {
        label: tx(ctx, 'Hand', 'Hand'),
        testid: `hand-${seat}`,
        cards: [
          RESOURCE_KINDS.map((r) => cardFace(h, { kind: r, name: name(ctx, r), count: p.hand[r] || 0, fill: CARD_FILL[r], testid: `hand-${r}` })),
          COMMODITIES.map((c) => cardFace(h, { kind: c, name: name(ctx, c), count: cp.commodities?.[c] || 0, fill: CARD_FILL[c], testid: `hand-${c}` })),
        ],
      },
      { label: tx(ctx, 'Fortschrittskarten', 'Progress cards'), testid: `progress-${seat}`, cards: progress },
    ],
    'hand',
  );
}

/** The city improvements the own seat can build now, as buttons in the dock (in the track's colour). */
function improveRow(h, view, ctx, ix) {
  if (ctx.seat == null || ctx.ui.card) return null;
  const cp = view.cities_knights.players[ctx.seat];
  const buttons = TRACKS.map((t, i) => {
    const a = ix.improve.get(t);
    if (!a) return null;
    ctx.ui.covered?.add(a);
    return h('span', { class: 'improve-slot', style: { '--track': TRACK_FILL[t] } }, btn(h, `+ ${improvementName(ctx, t, cp.levels[i] + 1)}${costSuffix(ctx, actionCost(a, view, ctx.seat))}`, () => ctx.act(a), `improve-${t}`));
  });
  return buttons.some(Boolean) ? h('div', { class: 'buttons improve-row', 'data-testid': 'improvements' }, buttons) : null;
}

function tracksEl(h, view, ctx, seat, ix) {
  const ck = view.cities_knights;
  const cp = ck.players[seat];
  return h(
    'div',
    { 'data-testid': `tracks-${seat}` },
    TRACKS.map((t, i) => {
      const level = cp.levels[i];
      const metro = ck.metropolises[i];

      return h(
        'div',
        { class: 'track-row', style: { '--track': TRACK_FILL[t] }, 'data-testid': `track-${seat}-${t}`, 'data-level': level },
        h('span', { style: { minWidth: '6.5rem' } }, `${name(ctx, t)} ${level}/5`),
        h('span', { class: 'pips' }, [1, 2, 3, 4, 5].map((k) => h('span', { class: ['pip', k <= level && 'on'], title: improvementName(ctx, t, k) }))),
        level ? h('span', { class: 'muted' }, improvementName(ctx, t, level)) : null,
        metro?.seat === seat ? h('span', { class: 'metro', 'data-testid': `metro-holder-${t}` }, tx(ctx, 'Metropole', 'Metropolis')) : null,
      );
    }),
  );
}

function playerEl(h, view, i, ctx, legal, ix) {
  const p = view.players[i];
  const cp = view.cities_knights.players[i];
  const over = view.phase?.phase === 'over';
  const current = view.current === i && !over;
  const n = p.points ?? p.public_points;
  const pts = n === 1 ? tx(ctx, '1 Siegpunkt', '1 victory point') : tx(ctx, `${n} Siegpunkte`, `${n} victory points`);
  const walls = cp.walls?.length || 0;
  const knights = cp.knights?.length || 0;
  const active = cp.active?.length || 0;

  return h(
    'section',
    { class: ['cplayer', ctx.seat === i && 'me', current && 'current'], 'data-testid': `player-${i}` },
    h(
      'header',
      {},
      h('span', {}, h('span', { class: 'badge', style: { background: PLAYER_FILL[i], color: PLAYER_TEXT[i] } }, String(i + 1)), ' ', h('strong', {}, ctx.seatName(i))),
      h('span', { 'data-testid': `points-${i}` }, pts),
    ),
    h(
      'div',
      { class: 'stats' },
      h('span', {}, tx(ctx, `Karten: ${p.resource_count}`, `Cards: ${p.resource_count}`)),
      h('span', { 'data-testid': `hand-limit-${i}` }, tx(ctx, `Limit bei der 7: ${7 + 2 * walls}${walls ? ` (${walls} Mauer${walls > 1 ? 'n' : ''})` : ''}`, `Limit on a 7: ${7 + 2 * walls}${walls ? ` (${walls} wall${walls > 1 ? 's' : ''})` : ''}`)),
      h('span', {}, tx(ctx, `Ritter: ${knights} (${active} aktiv)`, `Knights: ${knights} (${active} active)`)),
      h('span', {}, tx(ctx, `Straße: ${p.road_length}`, `Road: ${p.road_length}`)),
      cp.defenders ? h('span', { class: 'award', 'data-testid': `defenders-${i}` }, tx(ctx, `Retter Catans: ${cp.defenders} SP`, `Defender of Catan: ${cp.defenders} VP`)) : null,
      view.longest_road === i ? h('span', { class: 'award', 'data-testid': 'longest-road' }, tx(ctx, 'Längste Handelsstraße', 'Longest Road')) : null,
      view.cities_knights.merchant?.seat === i ? h('span', { class: 'award' }, tx(ctx, 'Händler (1 SP)', 'Merchant (1 VP)')) : null,
      Object.entries(cp.vp_cards || {}).filter(([, n]) => n).map(([c, n]) => h('span', { class: 'award' }, `${cardName(ctx, c)}${n > 1 ? ` ×${n}` : ''} (${n} ${tx(ctx, 'SP', 'VP')})`)),
      cp.heroes?.hero?.length ? h('span', { class: 'award', 'data-testid': `hero-${i}` }, tx(ctx, `Held auf Kreuzung ${cp.heroes.hero[0]}`, `Hero on intersection ${cp.heroes.hero[0]}`)) : null,
      cp.heroes?.squires?.length != null ? h('span', { 'data-testid': `squires-${i}` }, tx(ctx, `Knappen: ${cp.heroes.squires.length} auf dem Brett`, `Squires: ${cp.heroes.squires.length} on the board`)) : null,
    ),
    tracksEl(h, view, ctx, i, ix),
    progressList(h, view, ctx, i),
  );
}

// ----- action panels -----

const PHASE_HINT = {
  pillage: ['Die Barbaren haben gewonnen: wähle die Stadt, die zur Siedlung wird.', 'The barbarians won: choose the city that becomes a settlement.'],
  defender_deck: ['Gleichstand der Verteidiger: wähle den Stapel deiner Fortschrittskarte.', 'Tied defenders: choose the deck of your progress card.'],
  progress_discard: ['Mehr als 4 Fortschrittskarten: lege eine unter ihren Stapel.', 'More than 4 progress cards: put one under its deck.'],
  aqueduct: ['Aquädukt: nimm 1 Rohstoff deiner Wahl.', 'Aqueduct: take 1 resource of your choice.'],
  relocate: ['Dein Ritter wurde vertrieben: setze ihn auf eine markierte Kreuzung.', 'Your knight was displaced: move it to a highlighted intersection.'],
  place_metropolis: ['Setze die Metropole auf eine markierte Stadt.', 'Put the metropolis on a highlighted city.'],
  smith: ['Schmied: befördere einen markierten Ritter kostenlos.', 'Smith: promote a highlighted knight for free.'],
  desert: ['Überläufer: gib einen deiner Ritter ab.', 'Deserter: give up one of your knights.'],
  deserter_place: ['Überläufer: setze deinen neuen Ritter.', 'Deserter: place your new knight.'],
  diplomat_road: ['Diplomat: baue die Straße neu oder beende die Karte.', 'Diplomat: rebuild the road or finish the card.'],
  sabotage: ['Saboteur: wirf Karten ab.', 'Saboteur: discard cards.'],
  spy: ['Spion: nimm eine dieser Fortschrittskarten.', 'Spy: take one of these progress cards.'],
  wedding: ['Hochzeit: gib Karten deiner Wahl.', 'Wedding: give cards of your choice.'],
  master_merchant: ['Handelsmeister: nimm Karten.', 'Master Merchant: take cards.'],
  harbor_reply: ['Handelshafen: gib eine Handelsware.', 'Commercial Harbor: give a commodity.'],
  discard: ['Eine 7: wirf Karten ab (Rohstoffe oder Handelswaren).', 'A 7: discard cards (resources or commodities).'],
};
/** Actions shown as buttons in the choice panel of their phase. */
const CHOICE_TYPES = new Set(['choose_deck', 'discard_progress', 'aqueduct_take', 'give_card', 'take_card', 'take_progress', 'harbor_offer', 'end_card', 'offer_give_commodity', 'offer_get_commodity', 'discard_card']);

function choicesPanel(h, view, ctx, legal) {
  const acts = legal.filter((a) => CHOICE_TYPES.has(a.type));
  const phase = view.phase?.phase;
  const hint = PHASE_HINT[phase];
  if (!acts.length) {
    if (hint && ctx.seat != null && view.phase?.phase !== 'discard' && legal.length) return h('div', { class: 'action-panel prompt', 'data-testid': 'ck-prompt' }, tx(ctx, ...hint));
    return hint && legal.length ? h('div', { class: 'action-panel prompt', 'data-testid': 'ck-prompt' }, tx(ctx, ...hint)) : null;
  }
  for (const a of acts) ctx.ui.covered?.add(a);
  const owed = view.phase?.owed?.[ctx.seat];
  const left = view.phase?.left;
  const extra = owed ? tx(ctx, ` Noch ${owed}.`, ` ${owed} more.`) : left ? tx(ctx, ` Noch ${left}.`, ` ${left} more.`) : '';
  const cardish = (a) => a.card ?? a.resource ?? a.commodity;
  return panel(
    h,
    'ck-choices',
    hint ? tx(ctx, ...hint) + extra : tx(ctx, 'Wähle:', 'Choose:'),
    h(
      'div',
      // One card at a time (discards, gifts): meant to be clicked again and again (click-guard.js).
      { class: 'buttons res-row', 'data-repeat': '' },
      acts.map((a) => {
        const k = cardish(a);
        const testid = `choice-${a.type}-${k ?? a.track ?? a.to ?? ''}`;
        if (CARD_FILL[k] && a.type !== 'harbor_offer') return chip(h, ctx, k, null, { testid, onclick: () => ctx.act(a), title: say(a, ctx) });
        return btn(h, say(a, ctx), () => ctx.act(a), testid, a.type !== 'end_card');
      }),
    ),
  );
}

function menuPanel(h, view, ctx, legal, targets) {
  const m = ctx.ui.menu;
  if (!m) return null;
  const map = m.kind === 'node' ? targets.nodes : m.kind === 'edge' ? targets.edges : targets.hexes;
  const acts = map.get(m.id) || [];
  const moves = m.kind === 'node' && targets.knightStarts.get(m.id);
  if (!acts.length && !moves) {
    ctx.ui.menu = null;
    return null;
  }
  const where = m.kind === 'node' ? tx(ctx, `Kreuzung ${m.id}`, `Intersection ${m.id}`) : m.kind === 'edge' ? tx(ctx, `Weg ${m.id}`, `Path ${m.id}`) : tx(ctx, `Feld ${m.id}`, `Hex ${m.id}`);
  return panel(
    h,
    'ck-menu',
    where,
    h(
      'div',
      { class: 'buttons' },
      acts.map((a, k) => btn(h, say(a, ctx), () => ctx.act(a), `menu-${a.type}${a.commodity ? `-${a.commodity}` : ''}`, k === 0)),
      moves ? btn(h, tx(ctx, 'Ritter ziehen / vertreiben …', 'Move / displace the knight …'), () => { reset(ctx, { knightFrom: 1 }); ctx.ui.knightFrom = m.id; ctx.ui.menu = null; ctx.rerender(); }, 'menu-move-knight') : null,
      btn(h, tx(ctx, 'Abbrechen', 'Cancel'), () => reset(ctx), 'menu-cancel'),
    ),
  );
}

function selectionPanel(h, view, ctx, legal) {
  const ui = ctx.ui;
  const cancel = btn(h, tx(ctx, 'Abbrechen', 'Cancel'), () => reset(ctx), 'selection-cancel');
  if (ui.knightFrom != null) return panel(h, 'knight-move-panel', tx(ctx, `Ritter auf Kreuzung ${ui.knightFrom}: klicke das Ziel (frei: ziehen, fremder schwächerer Ritter: vertreiben).`, `Knight on intersection ${ui.knightFrom}: click where it goes (empty: move, weaker opposing knight: displace).`), h('div', { class: 'buttons' }, cancel));
  if (ui.squireFrom != null) return panel(h, 'squire-move-panel', tx(ctx, `Knappe auf Feld ${ui.squireFrom}: klicke ein Nachbarfeld; der Preis steht darauf (über eine eigene Straße kostenlos, eine fremde Straße sperrt, nie in die Wüste).`, `Squire on hex ${ui.squireFrom}: click a neighbouring hex; its price is written on it (free over an own road, an opposing road blocks, never into the desert).`), h('div', { class: 'buttons' }, cancel));
  if (!ui.card) return null;
  const acts = legal.filter((a) => cardOf(a) === ui.card);
  if (!acts.length) {
    ui.card = null;
    return null;
  }
  for (const a of acts) ui.covered?.add(a);
  const spatial = acts.some((a) => ['play_engineer', 'play_medicine', 'play_intrigue', 'play_bishop', 'play_merchant', 'play_diplomat', 'play_inventor'].includes(a.type));
  let body = null;
  if (ui.card === 'alchemist') {
    const reds = [...new Set(acts.map((a) => a.red))];
    body = ui.red == null
      ? h('div', {}, h('div', {}, tx(ctx, 'Roter Würfel:', 'Red die:')), h('div', { class: 'dice-grid' }, reds.map((r) => h('button', { type: 'button', class: 'die red', 'data-testid': `alchemist-red-${r}`, onclick: () => { ui.red = r; ctx.rerender(); } }, String(r)))))
      : h('div', {}, h('div', {}, tx(ctx, `Rot ${ui.red}, gelber Würfel:`, `Red ${ui.red}, yellow die:`)), h('div', { class: 'dice-grid' }, acts.filter((a) => a.red === ui.red).map((a) => h('button', { type: 'button', class: 'die yellow', 'data-testid': `alchemist-yellow-${a.yellow}`, onclick: () => ctx.act(a) }, String(a.yellow)))));
  } else if (!spatial) {
    body = h(
      'div',
      { class: 'buttons res-row' },
      acts.map((a) => {
        const k = a.card && a.type !== 'play_progress' ? a.card : a.resource ?? a.commodity;
        if (CARD_FILL[k]) return chip(h, ctx, k, null, { testid: `card-target-${k}`, onclick: () => ctx.act(a), title: say(a, ctx) });
        const tgt = a.victim ?? a.track ?? '';
        return btn(h, say(a, ctx), () => ctx.act(a), `card-target-${tgt}`, true);
      }),
    );
  }
  const hint = spatial
    ? ui.card === 'inventor'
      ? ui.pairA == null ? tx(ctx, 'Klicke das erste Feld.', 'Click the first hex.') : tx(ctx, `Feld ${ui.pairA} gewählt: klicke das zweite.`, `Hex ${ui.pairA} chosen: click the second.`)
      : tx(ctx, 'Klicke ein markiertes Ziel auf dem Spielplan.', 'Click a highlighted target on the board.')
    : tx(ctx, 'Wähle das Ziel:', 'Choose the target:');
  return panel(h, 'card-panel', `${cardName(ctx, ui.card)}: ${hint}`, body, h('div', { class: 'buttons' }, cancel));
}

function bankTradePanel(h, view, ctx, ix) {
  if (!ix.bank.length || ctx.ui.card) return null;
  for (const a of ix.bank) ctx.ui.covered?.add(a);
  const rates = view.cities_knights.players[ctx.seat]?.bank_rates || [];
  const open = btn(h, tx(ctx, 'Mit der Bank tauschen', 'Trade with the bank'), () => { const was = ctx.ui.dialog === 'bank'; reset(ctx); ctx.ui.dialog = was ? null : 'bank'; ctx.rerender(); }, 'open-bank');
  if (ctx.ui.dialog !== 'bank') return h('div', { class: 'buttons' }, open);
  const gives = CARD_KINDS.filter((k) => ix.bank.some((a) => a.give === k));
  const give = gives.includes(ctx.ui.give) ? ctx.ui.give : null;
  return panel(
    h,
    'bank-panel',
    tx(ctx, 'Tausch mit der Bank: deine Kurse', 'Trade with the bank: your rates'),
    h('div', { class: 'res-row', 'data-testid': 'bank-rates' }, CARD_KINDS.map((k, i) => chip(h, ctx, k, null, { testid: `bank-rate-${k}`, rate: rates[i], rateClass: rates[i] < 4 ? 'harbor-rate' : null, title: tx(ctx, `${rates[i]} ${name(ctx, k)} für 1 Karte`, `${rates[i]} ${name(ctx, k)} for 1 card`) })).map((el, i) => { el.lastChild.textContent = `${name(ctx, CARD_KINDS[i])} ${rates[i]}:1`; return el; })),
    h('div', { class: 'res-row' }, h('strong', {}, tx(ctx, 'Gib:', 'Give:')), gives.map((k) => chip(h, ctx, k, rates[CARD_KINDS.indexOf(k)], { testid: `bank-give-${k}`, rate: rates[CARD_KINDS.indexOf(k)], sel: give === k, onclick: () => { ctx.ui.give = k; ctx.rerender(); } }))),
    give
      ? h('div', { class: 'res-row' }, h('strong', { 'data-testid': 'bank-cost' }, tx(ctx, `Für ${rates[CARD_KINDS.indexOf(give)]} ${name(ctx, give)} erhältst du 1:`, `For ${rates[CARD_KINDS.indexOf(give)]} ${name(ctx, give)} you get 1:`)), ix.bank.filter((a) => a.give === give).map((a) => chip(h, ctx, a.get, null, { testid: `bank-get-${a.get}`, onclick: () => ctx.act(a) })))
      : null,
    h('div', { class: 'buttons' }, open),
  );
}

function morePanel(h, ctx, legal, base) {
  if (ctx.ui.card || ctx.ui.knightFrom != null || ctx.ui.squireFrom != null) return null;
  const covered = ctx.ui.covered || new Set();
  const rest = legal.filter((a) => !covered.has(a) && !base.has(a));
  if (!rest.length) return null;
  return panel(h, 'ck-more', tx(ctx, 'Weitere Aktionen', 'More actions'), h('div', { class: 'buttons' }, rest.map((a) => btn(h, say(a, ctx), () => ctx.act(a), `more-${a.type}`))));
}

/** Base-game actions that catan.js's own buttons and dialogs show. */
const BASE_SHOWN = new Set(['roll', 'end_turn', 'open_trade', 'offer_give', 'offer_get', 'submit_offer', 'accept_offer', 'decline_offer', 'confirm_trade', 'cancel_trade', 'counter_offer', 'accept_counter', 'revise_offer', 'move_robber']);

export function render(view, legal, ctx) {
  const { h } = ctx;
  ensureStyle('ck-style', STYLE);
  const ix = index(legal);
  ix.improve = new Map(legal.filter((a) => a.type === 'build_improvement').map((a) => [a.track, a]));
  ix.bank = legal.filter((a) => a.type === 'bank_trade');
  if (ctx.ui.robberHex != null && !ix.robber.has(ctx.ui.robberHex)) ctx.ui.robberHex = null;
  // catan-board-svg.js draws the base board; its own node and path targets give way to the C&K ones.
  const boardIx = { ...ix, settlement: new Map(), city: new Map(), road: new Map() };
  let targets = null;
  const board = boardSvg(h, view, ctx, boardIx, (layers) => {
    targets = addLayers(h, view, ctx, legal, layers);
  });
  const baseShown = new Set(legal.filter((a) => BASE_SHOWN.has(a.type)));
  const order = view.players.map((_, i) => i);
  if (ctx.seat != null) order.sort((a, b) => (a === ctx.seat ? -1 : b === ctx.seat ? 1 : a - b));
  const controls = [
    turnButtons(h, ctx, ix),
    improveRow(h, view, ctx, ix),
    selectionPanel(h, view, ctx, legal),
    menuPanel(h, view, ctx, legal, targets),
    dialogs(h, view, ctx, ix),
    choicesPanel(h, view, ctx, legal),
    bankTradePanel(h, view, ctx, ix),
  ];
  const hand = ckHand(h, view, ctx, legal);
  const players = order.map((i) => playerEl(h, view, i, ctx, legal, ix));
  for (const a of legal) if (cardOf(a)) ctx.ui.covered?.add(a);
  controls.push(morePanel(h, ctx, legal, baseShown));
  const side = [
    h('div', { class: 'topline' }, diceEl(h, view, ctx), h('span', { class: 'muted' }, tx(ctx, `Ziel: ${view.victory_points} Siegpunkte`, `Goal: ${view.victory_points} victory points`))),
    barbariansEl(h, view, ctx),
    bankEl(h, view, ctx),
    players,
  ];
  return h(
    'div',
    { class: 'catan ck', 'data-rules': 'cities_knights' },
    boardFrame(h, ctx, board, { wrap: 'catan-board-wrap', over: ckDice(h, view, ctx) }),
    h('div', { class: 'catan-side' }, side),
    gameDock(h, ctx, { controls, hand }),
  );
}

/** The last roll as large dice over the board: red, yellow and the event die (ship or a gate's colour). */
function ckDice(h, view, ctx) {
  const dice = rollDice(h, view, ctx);
  const face = view.cities_knights.last_event;
  if (!dice || !face) return dice;
  const gate = face === 'ship' ? null : face.gate;
  dice.append(
    h(
      'span',
      { class: ['big-die', 'event'], 'data-testid': 'big-die-event', title: faceText(ctx, face), style: gate ? { background: TRACK_FILL[gate] } : { background: '#333', color: '#fff' } },
      gate ? artIcon(gate) : h('span', { class: 'ship-face' }, tx(ctx, 'Schiff', 'Ship')),
    ),
  );
  return dice;
}
