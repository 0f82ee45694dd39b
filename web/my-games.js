// "My games" (/my-games): every game this browser played, found by the seat
// secrets it keeps (api.js), and the rated games of the name its player
// token claimed, newest first, with state, result, date and a
// replay link; an unfinished one is resumed with "Resume", which opens the
// table with the stored secret. The secrets go to the server in the body of
// POST /api/my-games, which sends none back.

import { h, mount } from './dom.js';
import { t, L, getLang, onLangChange } from './i18n.js';
import { heldSeats, myGames } from './api.js';
import { gameModule, gameTitle } from './games.js';
import { showBanner, seatLabel } from './ui.js';

/** The state shown for a listed game: a running one as waiting or playing. */
function stateOf(g) {
  if (g.live) return g.status === 'waiting' ? 'waiting' : 'playing';
  return ['finished', 'abandoned', 'closed'].includes(g.status) ? g.status : 'finished';
}

export async function myGamesPage(root) {
  const state = { games: [], loaded: false };
  const mods = {};

  const resultText = (g) => {
    const winners = g.result?.winners;
    if (!winners?.length) return null;
    const mine = winners.includes(g.seat);
    return h('span', { class: 'winner-of', 'data-testid': 'my-game-result' }, mine ? t('youWon') : t('wonBy', { who: winners.map((w) => seatLabel(g.seats[w], w)).join(', ') }));
  };

  const row = (g) => {
    const st = stateOf(g);
    const actions = [];
    // Resumed with the stored secret: a game of the claimed name played in
    // another browser is listed, but only its replay can be opened here.
    if (g.live && heldSeats(g.id)[g.seat]) actions.push(h('a', { class: 'button primary', href: `/play/${g.id}`, 'data-testid': 'resume' }, t('resume')));
    if (st !== 'waiting') actions.push(h('a', { class: 'button', href: `/replay/${g.id}`, 'data-testid': 'my-game-replay' }, t('replay')));
    const date = new Date(g.created_ms).toLocaleString(getLang() === 'de' ? 'de-DE' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' });
    return h(
      'li',
      { class: 'table-row', 'data-testid': 'my-game', 'data-table': g.id, 'data-status': st },
      h(
        'div',
        {},
        h('strong', {}, gameTitle(mods[g.game], g.game, L)),
        ' ',
        h('span', { class: `status ${st}`, 'data-testid': 'my-game-status' }, t(`status_${st}`)),
        ' ',
        resultText(g),
        g.rated ? [' ', h('span', { class: 'badge rated' }, t('rated'))] : null,
        ' ',
        h('small', { class: 'muted', 'data-testid': 'my-game-date' }, date),
      ),
      h('div', { class: 'muted' }, t('yourSeat', { seat: seatLabel(g.seats[g.seat], g.seat) }), ' · ', g.seats.map((s, i) => (s.kind === 'open' ? `${i + 1}. ${t('open')}` : `${i + 1}. ${seatLabel(s, i)}`)).join(' · ')),
      h('div', { class: 'row-actions' }, actions),
    );
  };

  function render() {
    const body = !state.loaded ? h('p', { class: 'muted' }, '…') : state.games.length ? h('ul', { class: 'table-rows', 'data-testid': 'my-games-list' }, state.games.map(row)) : h('p', { class: 'muted', 'data-testid': 'my-games-empty' }, t('myGamesNone'));
    mount(
      root,
      h(
        'section',
        { class: 'panel my-games', 'data-testid': 'my-games' },
        h('h2', {}, t('myGames'), ' ', h('a', { class: 'button small', href: '/', 'data-testid': 'back-to-lobby' }, t('lobby'))),
        h('p', { class: 'muted note' }, t('myGamesNote')),
        body,
      ),
    );
  }

  render();
  try {
    const answer = await myGames();
    state.games = answer.games || [];
    for (const g of new Set(state.games.map((x) => x.game))) mods[g] = await gameModule(g);
  } catch (e) {
    showBanner(L(e.info?.message), 'error');
  }
  state.loaded = true;
  render();
  return onLangChange(render);
}
