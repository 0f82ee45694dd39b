// The replay's win-chance graph and "play on from here" (issue 44), for a
// finished game. The server computes each decision's chance in the
// background and stores it (`GET /api/tables/{id}/graph`, docs/server.md);
// this page polls while it fills in and draws what is there: each seat's
// chance over the steps in the seat's colour, the step shown marked, the
// moves that cost their mover most listed with the better move in words.
// Clicking the chart or a listed move jumps to that step. The branch button
// opens a new casual table from the step shown (`POST .../branch`) with this
// browser in one seat and bots in the others, and goes there.

import { h } from './dom.js';
import { getLang } from './i18n.js';
import { api, heldSeats, holdSeat } from './api.js';
import { navigate } from './ui.js';

/** How often the page asks again while the graph fills in. */
const POLL_MS = 1500;
/** A move is listed when it cost its mover more than this share of a win. */
const COSTLY = 0.1;
/** At most this many costly moves are listed. */
const LISTED = 5;
/** The bot of the other seats of a branch, if the server offers it. */
const BOT = 'greedy';

// The page's texts in both languages (kept here: the module is self-contained).
const TEXT = {
  title: { de: 'Gewinnchancen', en: 'Win chances' },
  progress: { de: '{done} von {n} Entscheidungen analysiert ({p} Playouts je Entscheidung)', en: '{done} of {n} decisions analysed ({p} playouts each)' },
  waiting: { de: 'Die Analyse beginnt …', en: 'The analysis is starting …' },
  costly: { de: 'Die teuersten Züge', en: 'The costliest moves' },
  none: { de: 'Kein Zug kostete mehr als 10 Prozentpunkte.', en: 'No move cost more than 10 points.' },
  better: { de: 'der bessere Zug war', en: 'the better move was' },
  step: { de: 'Schritt', en: 'Step' },
  chartHelp: { de: 'Ein Klick springt zu diesem Schritt.', en: 'Click to jump to that step.' },
  branch: { de: 'Von hier weiterspielen', en: 'Play on from here' },
  branchHelp: { de: 'Ein neuer ungewerteter Tisch ab dieser Stellung: du an einem Platz, Bots an den anderen.', en: 'A new casual table from this position: you in one seat, bots in the others.' },
  asSeat: { de: 'als', en: 'as' },
  against: { de: 'gegen', en: 'against' },
  opening: { de: 'Der Tisch wird geöffnet …', en: 'Opening the table …' },
};
const tr = (key, vars = {}) => TEXT[key][getLang() === 'de' ? 'de' : 'en'].replace(/\{(\w+)\}/g, (_, k) => String(vars[k] ?? ''));

const STYLE = `
.graph-panel svg { width: 100%; height: auto; max-height: 240px; cursor: pointer; display: block; }
.graph-panel .graph-grid { stroke: #8884; stroke-width: 1; }
.graph-panel .graph-axis { font-size: 10px; fill: currentColor; opacity: .7; }
.graph-panel .graph-line { fill: none; stroke-width: 2; }
.graph-panel .graph-now { stroke: currentColor; stroke-width: 1.5; stroke-dasharray: 4 3; }
.graph-panel .graph-costly-list { margin: .3em 0 0; padding-left: 1.2em; }
.graph-panel .graph-costly-list a { cursor: pointer; }
.graph-panel .graph-legend span { margin-right: 1em; white-space: nowrap; }
.graph-panel .graph-legend i { display: inline-block; width: 1.4em; height: 3px; vertical-align: middle; margin-right: .3em; }
.branch-panel { display: flex; flex-wrap: wrap; gap: .5em; align-items: center; }
`;

function ensureStyle() {
  if (typeof document === 'undefined' || document.getElementById('graph-style')) return;
  const el = document.createElement('style');
  el.id = 'graph-style';
  el.textContent = STYLE;
  document.head.appendChild(el);
}

/** The frame index a step of the log is shown at: the last frame at or before it. */
export function frameOf(frames, step) {
  let best = 0;
  frames.forEach((f, k) => {
    if (f.version <= step) best = k;
  });
  return best;
}

/**
 * The graph of finished table `table` for the replay page: `panel(...)` draws
 * it, `stop()` ends the polling when the page goes. `rerender` redraws the page.
 */
export function replayGraph(table, rerender) {
  ensureStyle();
  const state = { data: null, error: null, timer: null, stopped: false, bots: null, branch: null };
  const load = async () => {
    state.timer = null;
    try {
      state.data = await api('GET', `/api/tables/${table}/graph`);
      state.error = null;
    } catch (e) {
      state.error = e.info || { message: { de: String(e), en: String(e) } };
    }
    if (state.stopped) return;
    rerender();
    const d = state.data;
    if (!state.error && d && d.done < d.decisions && d.running) state.timer = setTimeout(load, POLL_MS);
  };
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    load();
    api('GET', '/api/games')
      .then((g) => {
        state.bots = g.bots || [];
        if (!state.stopped) rerender();
      })
      .catch(() => {});
  };

  /** A move in words; an action the game cannot describe as its JSON. */
  const words = (describe, a) => {
    try {
      return describe(a);
    } catch {
      return JSON.stringify(a);
    }
  };

  /** The chart, the progress line and the costly moves. */
  const panel = ({ frames, index, go, seatName, seatColour, describeAt, L }) => {
    start();
    const d = state.data;
    if (state.error) return h('section', { class: 'panel graph-panel', 'data-testid': 'graph-panel' }, h('p', { class: 'error', 'data-testid': 'graph-error', 'data-rule': state.error.rule || '' }, L(state.error.message)));
    if (!d) return h('section', { class: 'panel graph-panel', 'data-testid': 'graph-panel' }, h('p', { class: 'muted' }, tr('waiting')));
    const jump = (step) => go(frameOf(frames, step));
    const W = 900;
    const H = 190;
    const [left, right, top, bottom] = [40, 8, 8, 12];
    // Across the replay's frames (its slider and "Step i of n"), not the log's entries.
    const last = Math.max(1, frames.length - 1);
    const frameX = (k) => left + (Math.min(k, last) / last) * (W - left - right);
    const x = (step) => frameX(frameOf(frames, step));
    const y = (p) => top + (1 - p) * (H - top - bottom);
    const points = [...(d.points || [])].sort((a, b) => a.step - b.step);
    const grid = [0, 0.5, 1].map((p) => [
      h('svg:line', { class: 'graph-grid', x1: left, x2: W - right, y1: y(p), y2: y(p) }),
      h('svg:text', { class: 'graph-axis', x: left - 4, y: y(p) + 3, 'text-anchor': 'end' }, `${Math.round(p * 100)} %`),
    ]);
    const lines = [];
    for (let s = 0; s < (d.players || 0); s++) {
      const mine = points.filter((p) => typeof p.chances?.[s] === 'number');
      if (!mine.length) continue;
      const colour = seatColour(s);
      lines.push(h('svg:polyline', { class: 'graph-line', 'data-testid': 'graph-line', 'data-seat': s, stroke: colour, points: mine.map((p) => `${x(p.step).toFixed(1)},${y(p.chances[s]).toFixed(1)}`).join(' ') }));
      // A dot at each of the seat's own decisions, titled with its chance.
      for (const p of mine.filter((q) => q.seat === s)) {
        lines.push(h('svg:circle', { cx: x(p.step).toFixed(1), cy: y(p.chances[s]).toFixed(1), r: 2.5, fill: colour }, h('svg:title', {}, `${tr('step')} ${frameOf(frames, p.step) + 1}: ${seatName(s)} ${Math.round(100 * p.chances[s])} %`)));
      }
    }
    const now = frames[index]?.version ?? 0;
    const chart = h(
      'svg:svg',
      {
        viewBox: `0 0 ${W} ${H}`,
        role: 'img',
        'aria-label': tr('title'),
        'data-testid': 'graph-chart',
        'data-points': points.length,
        onclick: (e) => {
          const box = e.currentTarget.getBoundingClientRect();
          const at = ((e.clientX - box.left) / Math.max(1, box.width)) * W;
          const k = Math.max(0, Math.min(last, Math.round(((at - left) / (W - left - right)) * last)));
          // The nearest analysed decision, else the frame under the pointer.
          const dist = (p) => Math.abs(frameOf(frames, p.step) - k);
          const near = points.reduce((b, p) => (b == null || dist(p) < dist(b) ? p : b), null);
          if (near && dist(near) <= Math.max(1, last / 40)) jump(near.step);
          else go(k);
        },
      },
      h('svg:title', {}, tr('chartHelp')),
      grid,
      lines,
      h('svg:line', { class: 'graph-now', 'data-testid': 'graph-now', 'data-step': now, x1: frameX(index), x2: frameX(index), y1: top, y2: H - bottom }),
    );
    const legend = h(
      'p',
      { class: 'graph-legend muted' },
      Array.from({ length: d.players || 0 }, (_, s) => h('span', {}, h('i', { style: { background: seatColour(s) } }), seatName(s))),
    );
    const costly = points
      .filter((p) => typeof p.cost === 'number' && p.cost > COSTLY && p.best != null)
      .sort((a, b) => b.cost - a.cost)
      .slice(0, LISTED);
    const list = costly.length
      ? h(
          'ol',
          { class: 'graph-costly-list' },
          costly.map((p) =>
            h(
              'li',
              {},
              h(
                'a',
                {
                  href: '#',
                  'data-testid': 'graph-costly',
                  'data-step': p.step,
                  onclick: (e) => {
                    e.preventDefault();
                    jump(p.step);
                  },
                },
                `${tr('step')} ${frameOf(frames, p.step) + 1}, ${seatName(p.seat)}: −${Math.round(100 * p.cost)} %: ${tr('better')} ${words((a) => describeAt(frameOf(frames, p.step), a), p.best)}`,
              ),
            ),
          ),
        )
      : d.done === d.decisions
        ? h('p', { class: 'muted', 'data-testid': 'graph-no-costly' }, tr('none'))
        : null;
    return h(
      'section',
      { class: 'panel graph-panel', 'data-testid': 'graph-panel', 'data-done': d.done, 'data-decisions': d.decisions },
      h('h2', {}, tr('title')),
      h('p', { class: 'muted', 'data-testid': 'graph-progress' }, tr('progress', { done: d.done, n: d.decisions, p: d.playouts })),
      chart,
      legend,
      costly.length ? h('h3', {}, tr('costly')) : null,
      list,
    );
  };

  /** "Play on from here": a seat to hold (the mover's by default) and the others' bot. */
  const branchPanel = ({ frame, players, seatName, L }) => {
    start();
    if (frame?.to_act?.kind !== 'seats' || frame.result) return null;
    const mover = frame.to_act.seats?.[0] ?? 0;
    const key = frame.version;
    if (state.branch?.key !== key) state.branch = { key, seat: mover, busy: false, error: null };
    const b = state.branch;
    const bots = state.bots || [];
    const bot = b.bot || (bots.includes(BOT) ? BOT : bots[0]);
    const go = async () => {
      b.busy = true;
      b.error = null;
      rerender();
      const name = Object.values(heldSeats(table))[0]?.name || null;
      try {
        const r = await api('POST', `/api/tables/${table}/branch`, { step: frame.version, seat: b.seat, bot, name });
        holdSeat(r.table, r.seat, r.secret, name);
        navigate(`/play/${r.table}`);
      } catch (e) {
        b.busy = false;
        b.error = e.info || { message: { de: String(e), en: String(e) } };
        rerender();
      }
    };
    return h(
      'section',
      { class: 'panel branch-panel', 'data-testid': 'branch-panel' },
      h('button', { type: 'button', 'data-testid': 'branch-button', disabled: b.busy || !bot, title: tr('branchHelp'), onclick: go }, b.busy ? tr('opening') : tr('branch')),
      h('label', {}, `${tr('asSeat')} `, h('select', { 'data-testid': 'branch-seat', onchange: (e) => (b.seat = Number(e.target.value)) }, Array.from({ length: players }, (_, s) => h('option', { value: s, selected: s === b.seat }, seatName(s))))),
      bots.length > 1
        ? h('label', {}, `${tr('against')} `, h('select', { 'data-testid': 'branch-bot', onchange: (e) => (b.bot = e.target.value) }, bots.map((n) => h('option', { value: n, selected: n === bot }, n))))
        : h('span', { class: 'muted' }, `${tr('against')} ${bot || ''}`),
      b.error ? h('p', { class: 'error', 'data-testid': 'branch-error', 'data-rule': b.error.rule || '' }, L(b.error.message)) : null,
    );
  };

  return {
    panel,
    branchPanel,
    stop() {
      state.stopped = true;
      clearTimeout(state.timer);
    },
  };
}
