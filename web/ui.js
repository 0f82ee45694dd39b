// Shared page helpers: the banner for refusals and notices, the connection
// indicator, copying links, seat labels and in-app navigation.

import { h, mount } from './dom.js';
import { t } from './i18n.js';

let bannerTimer = null;
let router = null;

/** Shows a message at the top: 'error' for refusals, 'info' otherwise. */
export function showBanner(content, kind = 'info') {
  const el = document.getElementById('banner');
  if (!el) return;
  mount(
    el,
    h('div', { class: 'banner-text' }, content),
    h('button', { type: 'button', class: 'banner-close', 'aria-label': t('close'), 'data-testid': 'banner-close', onclick: hideBanner }, '×'),
  );
  el.className = `banner ${kind}`;
  el.hidden = false;
  clearTimeout(bannerTimer);
  bannerTimer = setTimeout(hideBanner, kind === 'error' ? 15000 : 6000);
}

export function hideBanner() {
  const el = document.getElementById('banner');
  if (el) {
    el.hidden = true;
    el.replaceChildren();
  }
}

let connState = '';

/** The connection indicator in the top bar. */
export function setConnection(state) {
  connState = state ?? connState;
  const el = document.getElementById('conn');
  if (!el) return;
  el.dataset.state = connState;
  el.textContent = connState === 'online' ? `● ${t('online')}` : connState === 'connecting' ? `○ ${t('connecting')}` : connState === 'offline' ? `○ ${t('reconnecting')}` : '';
}

export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    showBanner(t('copied'));
  } catch {
    showBanner(t('copyFailed', { link: text }));
  }
}

/** "Anna", "Bot (random)" or "Seat 2". */
export function seatLabel(info, i) {
  if (!info) return `${t('seat')} ${i + 1}`;
  if (info.kind === 'bot') return `${t('bot')} ${i + 1} (${info.name})`;
  // An MCP client (docs/agents.md): named like a bot, so people see who plays.
  if (info.kind === 'agent') return `${t('agent')} ${i + 1} (${info.name})`;
  if (info.kind === 'open') return `${t('seat')} ${i + 1}`;
  return info.name || `${t('seat')} ${i + 1}`;
}

export function setRouter(f) {
  router = f;
}

/** Goes to an app path without reloading. */
export function navigate(path) {
  history.pushState(null, '', path);
  router?.();
}

/** Seat colours of the log and the turn signal, unless the game names its own (`seatColours`). */
const SEAT_COLOURS = ['#d62828', '#1d5fd1', '#2e9e4f', '#f28c00', '#8e44ad', '#00838f', '#795548', '#c2185b'];

/** The colour of seat `i` in game module `mod` (the log, the turn signal, a last move's mark). */
export function seatColour(mod, i) {
  const own = mod?.seatColours;
  return (own && own[i]) || SEAT_COLOURS[i % SEAT_COLOURS.length];
}
