// The turn clock at the table: each timed seat's time left (then its grace,
// in red), the seats a bot plays, and for the player's own seats the buttons
// to hand a seat to the bot or take it back. The server decides everything;
// this only shows its deadlines, ticking once a second without redrawing
// the page.

import { h } from './dom.js';
import { t, L } from './i18n.js';
import { api } from './api.js';
import { showBanner } from './ui.js';
import { icon } from './icons.js';

/** The clock of a snapshot, update or `clock` message, with the difference
 * between the server's clock and this browser's (so a wrong local clock
 * does not show wrong times). */
export function readClock(clock) {
  if (!clock) return null;
  return { ...clock, skew: clock.now_ms - Date.now() };
}

function mmss(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** The text and state of one seat's clock at `now` (server time). */
function reading(seat, now) {
  if (seat.autopilot) return { icon: 'bot', text: t('autopilot'), state: 'autopilot' };
  if (seat.deadline_ms == null) return null;
  if (now < seat.turn_ends_ms) return { icon: 'clock', text: t('clockLeft', { time: mmss(seat.turn_ends_ms - now) }), state: 'turn' };
  return { icon: 'clock', text: t('clockGrace', { time: mmss(seat.deadline_ms - now) }), state: 'grace' };
}

/** A seat's clock badge, or null when it has none to show. */
export function clockBadge(clock, i) {
  const seat = clock?.seats?.[i];
  if (!seat) return null;
  const r = reading(seat, Date.now() + clock.skew);
  if (!r) return null;
  return h('span', { class: ['clock', r.state], 'data-testid': `clock-${i}`, 'data-state': r.state, 'data-seat': i }, icon(r.icon), ' ', h('span', { class: 'clock-text' }, r.text));
}

/** Brings every clock badge on the page up to date (called once a second). */
export function tickClocks(root, clock) {
  if (!clock) return;
  const now = Date.now() + clock.skew;
  for (const el of root.querySelectorAll('.clock[data-seat]')) {
    const seat = clock.seats?.[Number(el.dataset.seat)];
    const r = seat && reading(seat, now);
    if (!r) continue;
    const text = el.querySelector('.clock-text');
    if (text && text.textContent !== r.text) text.textContent = r.text;
    if (el.dataset.state !== r.state) {
      el.dataset.state = r.state;
      el.className = `clock ${r.state}`;
      el.replaceChildren(icon(r.icon), ' ', h('span', { class: 'clock-text' }, r.text));
    }
  }
}

/** The clocks of the seats to act, for the status bar. */
export function clockLine(page, seats) {
  if (!page.clock) return null;
  const badges = seats.map((i) => {
    const b = clockBadge(page.clock, i);
    return b ? h('span', { class: 'clock-of' }, `${page.seatName(i)}: `, b) : null;
  });
  return badges.some(Boolean) ? h('div', { class: 'clocks', 'data-testid': 'clocks' }, badges) : null;
}

/** For one of the player's own seats: take it back from the bot, or hand it over. */
export function autopilotButton(page, i, secret, testid = `autopilot-${i}`) {
  const seat = page.clock?.seats?.[i];
  if (!seat) return null;
  const on = !seat.autopilot;
  const go = async () => {
    try {
      const r = await api('POST', `/api/tables/${page.id}/autopilot`, { seat: i, on }, { 'x-seat-secret': secret });
      page.clock = readClock(r.clock);
      page.render();
    } catch (e) {
      showBanner(L(e.info?.message), 'error');
    }
  };
  return h('button', { type: 'button', class: on ? null : 'primary', 'data-testid': testid, 'data-on': seat.autopilot ? 'true' : 'false', onclick: go }, t(on ? 'handOver' : 'takeBack'));
}
