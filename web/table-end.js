// The end of a game on the table page: the winner screen with every seat's
// points by source and the game's statistics, and the rematch.
// Methods of the page (mixed into its class by table.js), so `this` is the page.

import { h } from './dom.js';
import { t, L } from './i18n.js';
import { api, heldSeats, holdSeat } from './api.js';
import { showBanner, navigate } from './ui.js';
import { rememberRated, ratingsHref } from './ratings.js';

export const endMethods = {
  /**
   * Opens the rematch (or joins the one another seat opened) for every seat
   * this browser holds, each in its old seat; a spectator watches it.
   */
  rematchButton() {
    const held = Object.keys(heldSeats(this.id)).map(Number).sort((a, b) => a - b);
    const next = this.summary.rematch;
    if (!held.length) {
      return next ? h('button', { type: 'button', 'data-testid': 'watch-rematch', onclick: () => navigate(`/watch/${next}`) }, t('watchRematch')) : null;
    }
    const go = async () => {
      // The seats held when the button is pressed (another tab may have
      // joined or left one since it was drawn).
      const secrets = heldSeats(this.id);
      const seats = Object.keys(secrets).map(Number).sort((a, b) => a - b);
      let table = next;
      try {
        for (const seat of seats) {
          const r = await api('POST', `/api/tables/${this.id}/rematch`, { seat }, { 'x-seat-secret': secrets[seat].secret });
          table = r.table;
          if (r.secret) holdSeat(r.table, r.seat, r.secret, secrets[seat].name);
        }
      } catch (e) {
        showBanner(e.info?.message ? L(e.info.message) : String(e), 'error');
        return;
      }
      if (table) navigate(`/play/${table}`);
    };
    return h('button', { type: 'button', class: 'primary', 'data-testid': 'rematch', onclick: go }, t(next ? 'toRematch' : 'rematch'));
  },

  /**
   * Every seat's points by source (the game's `scoreBreakdown`, from the final
   * view) above the total, then a few statistics of the game (its
   * `statistics`, from the event log): seats are the columns.
   */
  scoreTable(cur, r, ctx) {
    const seats = r.scores.map((_, i) => i);
    const safe = (f) => {
      try {
        return f();
      } catch (e) {
        console.error(e);
        return null;
      }
    };
    const points = (this.mod.scoreBreakdown && safe(() => this.mod.scoreBreakdown(cur.view, r, ctx))) || [];
    const stats = (this.mod.statistics && safe(() => this.mod.statistics(this.log.items.map((i) => i.e), seats.length, ctx))) || null;
    const head = h('tr', {}, h('th', {}, ''), seats.map((i) => h('th', { class: r.winners.includes(i) ? 'won' : null, style: { borderBottomColor: this.seatColour(i) } }, this.seatName(i))));
    const row = (label, values, attrs = {}) => h('tr', attrs, h('th', { scope: 'row' }, label), values.map((v) => h('td', {}, String(v))));
    const dice = stats?.dice;
    const most = dice ? Math.max(1, ...dice.counts) : 1;
    return h(
      'div',
      { class: 'end-stats' },
      h(
        'table',
        { class: 'scores', 'data-testid': 'score-breakdown' },
        head,
        points.map((p) => row(p.label, p.values, { class: 'points-row', 'data-testid': 'points-row' })),
        row(t('score'), r.scores, { class: 'total-row', 'data-testid': 'score-total' }),
        (stats?.rows || []).map((s, k) => row(s.label, s.values, { class: ['stat-row', k === 0 && 'first'], 'data-testid': 'stat-row' })),
      ),
      dice && dice.counts.some((n) => n)
        ? h(
            'figure',
            { class: 'dice-chart', 'data-testid': 'dice-chart' },
            h('figcaption', {}, t('diceRolled')),
            h(
              'div',
              { class: 'bars' },
              dice.counts.map((n, k) =>
                h('div', { class: 'bar', title: `${dice.from + k}: ${n}`, 'data-sum': dice.from + k, 'data-count': n }, h('span', { class: 'fill', style: { height: `${Math.round((60 * n) / most)}px` } }), h('span', { class: 'sum' }, String(dice.from + k)), h('span', { class: 'n' }, String(n))),
              ),
            ),
          )
        : null,
    );
  },

  /** The mark of a table whose creator chose the seed (only allowed where every other seat is a bot). */
  seedNote() {
    return this.summary.seed_chosen ? h('div', { class: 'notice seed-chosen', 'data-testid': 'seed-chosen' }, t('seedChosenNote')) : null;
  },

  winnerScreen(cur) {
    const r = cur.result;
    if (!r || this.winnerClosed) return null;
    const names = r.winners.map((s) => this.seatName(s));
    const ctx = this.ctx(cur);
    // A rated game: the leaderboard of this game and rule set is one click
    // away, and the lobby's leaderboard link opens there too.
    const rated = this.summary.rated && !this.summary.casual;
    if (rated) rememberRated(this.summary.game, this.summary.rules);
    return h(
      'div',
      { class: 'overlay', 'data-testid': 'winner' },
      h(
        'div',
        { class: 'overlay-box' },
        h('h2', {}, t('gameOver')),
        h('p', { class: 'winner-line', 'data-testid': 'winner-names' }, t(names.length > 1 ? 'winners' : 'winner', { who: names.join(', ') })),
        this.scoreTable(cur, r, ctx),
        h('p', { class: 'muted' }, `${t('reason')}: ${this.mod.describeReason(r.reason, ctx)}`),
        h(
          'div',
          { class: 'buttons' },
          h('button', { type: 'button', 'data-testid': 'winner-close', onclick: () => { this.winnerClosed = true; this.render(); } }, t('close')),
          h('button', { type: 'button', 'data-testid': 'winner-replay', onclick: () => navigate(`/replay/${this.id}`) }, t('replay')),
          this.rematchButton(),
          rated ? h('a', { class: 'button', href: ratingsHref(this.summary.game, this.summary.rules), 'data-testid': 'winner-ratings' }, t('leaderboard')) : null,
          h('button', { type: 'button', class: 'primary', onclick: () => navigate('/') }, t('backToLobby')),
        ),
      ),
    );
  },
};
