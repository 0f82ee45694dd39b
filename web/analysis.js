// Position analysis in the browser (issue 44): the hint button at a casual
// table where every other seat is a bot, and "the best moves here" at any
// step of a finished game's replay. Both ask the server's
// `GET /api/tables/{id}/analysis` (docs/server.md), which decides what may be
// analysed (never at rated tables, never for spectators during a game) and
// refuses the rest with a rule id; the page shows that refusal as it comes.

import { h } from './dom.js';
import { t, L } from './i18n.js';
import { api, heldSeats } from './api.js';

/** Playouts of one analysis from the browser: about a third of a second of one core. */
const PLAYOUTS = 1500;

/**
 * The rows of an answer as a list: chance, its interval, the move in words.
 * The server ranks by the search's visits; a reader expects the highest
 * chance first, so the list is sorted by it (the intervals say how close).
 */
export function analysisList(found, describe, testid) {
  const rows = [...(found?.actions || [])].sort((a, b) => (b.win ?? -1) - (a.win ?? -1));
  return h(
    'ol',
    { class: 'analysis-list', 'data-testid': testid },
    rows.map((r) =>
      h(
        'li',
        { 'data-win': r.win ?? '' },
        h('strong', {}, r.win == null ? '–' : `${Math.round(100 * r.win)} %`),
        ' ',
        h('span', { class: 'muted' }, r.win == null ? '' : `(${Math.round(100 * r.low)}–${Math.round(100 * r.high)} %)`),
        ' ',
        describe(r.action),
      ),
    ),
  );
}

/** Asks the server; answers `{found}` or `{error}` (the refusal in the page's language). */
export async function fetchAnalysis(table, params, secret) {
  const q = new URLSearchParams({ top: '3', playouts: String(PLAYOUTS), ...params });
  try {
    const found = await api('GET', `/api/tables/${table}/analysis?${q}`, undefined, secret ? { 'x-seat-secret': secret } : {});
    return { found };
  } catch (e) {
    return { error: e.info || { message: { de: String(e), en: String(e) } } };
  }
}

/** The refusal line of an analysis. */
export function analysisError(info) {
  return h('p', { class: 'error', 'data-testid': 'analysis-error', 'data-rule': info?.rule || '' }, L(info?.message), ' ', h('code', { class: 'rule' }, info?.rule || ''));
}

/** The table page's hint (mixed into `TablePage`). */
export const hintMethods = {
  /** Whether this page may offer a hint: a casual table, every other seat a bot, the seat to act held here. */
  canHint(cur) {
    if (this.summary?.rated || cur?.result || this.active == null) return false;
    const ta = cur?.to_act;
    if (ta?.kind !== 'seats' || !ta.seats.includes(this.active)) return false;
    return (this.seats || []).every((s, i) => i === this.active || s.kind === 'bot');
  },

  /** The hint panel: a button, then the best three moves with the seat's chance after each. */
  hintPanel(ctx, cur) {
    if (!this.canHint(cur)) return null;
    const version = cur.version;
    const hint = this.hint?.version === version && this.hint.seat === this.active ? this.hint : null;
    const ask = async () => {
      const seat = this.active;
      const secret = heldSeats(this.id)[seat]?.secret;
      this.hint = { version, seat, busy: true };
      this.render();
      const got = await fetchAnalysis(this.id, { seat: String(seat) }, secret);
      // A move made meanwhile makes the answer stale: it is dropped.
      if (this.hint?.version === version && this.hint.seat === seat) {
        this.hint = { version, seat, ...got };
        this.render();
      }
    };
    return h(
      'section',
      { class: 'panel hint', 'data-testid': 'hint-panel' },
      h('button', { type: 'button', 'data-testid': 'hint-button', disabled: !!hint?.busy, onclick: ask, title: t('hintHelp') }, hint?.busy ? t('hintThinking') : t('hint')),
      hint?.found ? analysisList(hint.found, (a) => this.mod.describeAction(a, ctx), 'hint-list') : null,
      hint?.error ? analysisError(hint.error) : null,
    );
  },
};

/** The replay's "best moves here" for a finished game: a button per frame, the answer kept per step. */
export function replayAnalysis(table, frame, finished, cache, describe, seatName, rerender) {
  if (!finished || frame?.to_act?.kind !== 'seats') return null;
  const step = frame.version;
  const got = cache.get(step);
  const ask = async () => {
    cache.set(step, { busy: true });
    rerender();
    cache.set(step, await fetchAnalysis(table, { step: String(step) }));
    rerender();
  };
  return h(
    'section',
    { class: 'panel hint', 'data-testid': 'replay-analysis' },
    h('button', { type: 'button', 'data-testid': 'replay-analyse', disabled: !!got?.busy, onclick: ask, title: t('bestMovesHelp') }, got?.busy ? t('hintThinking') : t('bestMoves')),
    got?.found ? h('span', { class: 'muted', 'data-testid': 'replay-analysis-seat' }, ` ${t('forSeat', { who: seatName(got.found.seat) })}`) : null,
    got?.found ? analysisList(got.found, describe, 'replay-analysis-list') : null,
    got?.error ? analysisError(got.error) : null,
  );
}
