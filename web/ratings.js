// The leaderboard (/ratings?game=&rules=): one game's rule set, best rating
// first, as GET /api/ratings answers; the game and rule set are chosen here.

import { h, mount } from './dom.js';
import { t, L, onLangChange } from './i18n.js';
import { api } from './api.js';
import { gameModule, gameTitle } from './games.js';
import { showBanner } from './ui.js';

/** Where this browser's last rated game was (the winner screen stores it): the page opens there. */
const LAST_KEY = 'spielleiter.lastRated';

/** Remembers the game and rule set of a rated game that just ended here. */
export function rememberRated(game, rules) {
  try {
    localStorage.setItem(LAST_KEY, JSON.stringify({ game, rules: rules || '' }));
  } catch {
    /* without storage the page opens on the first game */
  }
}

function lastRated() {
  try {
    return JSON.parse(localStorage.getItem(LAST_KEY) || 'null');
  } catch {
    return null;
  }
}

/** The leaderboard's address for a game and rule set. */
export function ratingsHref(game, rules) {
  const query = new URLSearchParams({ game });
  if (rules) query.set('rules', rules);
  return `/ratings?${query}`;
}

export async function ratingsPage(root, params) {
  let games = { games: [], rule_sets: {} };
  try {
    games = await api('GET', '/api/games');
  } catch (e) {
    showBanner(L(e.info?.message), 'error');
  }
  const mods = {};
  for (const g of games.games) mods[g] = await gameModule(g);
  const sets = (game) => games.rule_sets?.[game] || [];
  // Without a game in the address (the lobby's link), the game this browser
  // last played rated, not the first game listed (issue 43: Splendor after a
  // rated CATAN game).
  const last = params.get('game') ? null : lastRated();
  const wanted = params.get('game') || last?.game;
  const state = {
    game: games.games.includes(wanted) ? wanted : games.games[0] || '',
    rules: params.get('rules') || last?.rules || '',
    rows: [],
    loaded: false,
  };
  const fitRules = () => {
    const known = sets(state.game);
    if (!known.some((r) => r.id === state.rules)) state.rules = known[0]?.id || '';
  };

  const load = async () => {
    fitRules();
    const query = new URLSearchParams({ game: state.game });
    if (state.rules) query.set('rules', state.rules);
    history.replaceState(null, '', `/ratings?${query}`);
    try {
      state.rows = (await api('GET', `/api/ratings?${query}`)).ratings;
    } catch (e) {
      state.rows = [];
      showBanner(L(e.info?.message), 'error');
    }
    state.loaded = true;
    render();
  };

  const filter = () =>
    h(
      'div',
      { class: 'ratings-filter' },
      h(
        'label',
        {},
        t('game'),
        ' ',
        h(
          'select',
          { 'data-testid': 'ratings-game', onchange: (e) => ((state.game = e.target.value), (state.rules = ''), load()) },
          games.games.map((g) => h('option', { value: g, selected: g === state.game }, gameTitle(mods[g], g, L))),
        ),
      ),
      sets(state.game).length > 1
        ? h(
            'label',
            {},
            t('ruleSet'),
            ' ',
            h(
              'select',
              { 'data-testid': 'ratings-rules', onchange: (e) => ((state.rules = e.target.value), load()) },
              sets(state.game).map((r) => h('option', { value: r.id, selected: r.id === state.rules }, L(r.name))),
            ),
          )
        : null,
    );

  const board = () => {
    if (!state.loaded) return null;
    if (!state.rows.length) return h('p', { class: 'muted', 'data-testid': 'ratings-empty' }, t('noRatings'));
    return h(
      'table',
      { class: 'leaderboard', 'data-testid': 'leaderboard' },
      h(
        'thead',
        {},
        h('tr', {}, h('th', { class: 'num' }, '#'), h('th', {}, t('ratingPlayer')), h('th', {}, t('ratingKind')), h('th', { class: 'num' }, t('ratingValue')), h('th', { class: 'num' }, t('ratingDeviation')), h('th', { class: 'num' }, t('ratingGames'))),
      ),
      h(
        'tbody',
        {},
        state.rows.map((r, i) =>
          h(
            'tr',
            { 'data-testid': 'rating-row', 'data-player': r.player, 'data-kind': r.kind, 'data-provisional': r.provisional ? 'true' : 'false' },
            h('td', { class: 'num' }, String(i + 1)),
            // Fewer than ten rated games (the server says so): marked, not hidden.
            h('td', {}, r.player, r.provisional ? [' ', h('span', { class: 'badge provisional', 'data-testid': 'provisional', title: t('ratingProvisionalHint') }, t('ratingProvisional'))] : null),
            h('td', {}, t(`kind_${r.kind}`)),
            h('td', { class: 'num' }, r.rating.toFixed(2)),
            h('td', { class: 'num' }, `± ${r.deviation.toFixed(2)}`),
            h('td', { class: 'num' }, String(r.games)),
          ),
        ),
      ),
    );
  };

  function render() {
    mount(
      root,
      h(
        'section',
        { class: 'panel ratings', 'data-testid': 'ratings-page' },
        h('h2', {}, t('leaderboard'), ' ', h('a', { class: 'button small', href: '/' }, t('backToLobby'))),
        filter(),
        h('p', { class: 'muted note' }, t('ratingsNote')),
        board(),
      ),
    );
  }

  render();
  await load();
  return onLangChange(render);
}
