// The replay viewer: steps through a game. The server replays the log and
// sends one frame per action (view, events, who acts next), so the UI still
// holds no rules. A running game's frames are a spectator's (no actions);
// the viewer then watches the table and adds a frame per update, following
// the game up to the present while it is at the last frame.

import { useDescription } from './games/describe.js';
import { h, mount } from './dom.js';
import { t, L, getLang, onLangChange } from './i18n.js';
import { api, TableSocket } from './api.js';
import { gameModule, gameTitle } from './games.js';
import { seatLabel, setConnection, seatColour } from './ui.js';
import { describeThen } from './games/board-then.js';
import { replayAnalysis } from './analysis.js';
import { replayGraph } from './graph.js';

export async function replayPage(root, id) {
  mount(root, h('p', { class: 'muted' }, t('loading')));
  let data;
  let summary;
  try {
    summary = await api('GET', `/api/tables/${id}`);
    data = await api('GET', `/api/tables/${id}/replay`);
  } catch (e) {
    mount(root, h('p', { class: 'error', 'data-testid': 'page-error' }, L(e.info?.message)), h('a', { href: '/' }, t('backToLobby')));
    return () => {};
  }
  const mod = await gameModule(data.game);
  // Every game's names, colours, costs and places: the one description the
  // engine serves, fetched once per table before anything is drawn.
  try {
    useDescription(await api('GET', `/api/tables/${id}/description`));
  } catch (e) {
    mount(root, h('p', { class: 'error', 'data-testid': 'page-error' }, L(e.info?.message)), h('a', { href: '/' }, t('backToLobby')));
    return () => {};
  }
  if (mod.useTopology) {
    try {
      mod.useTopology(await api('GET', `/api/tables/${id}/topology`));
    } catch (e) {
      mount(root, h('p', { class: 'error', 'data-testid': 'page-error' }, L(e.info?.message)), h('a', { href: '/' }, t('backToLobby')));
      return () => {};
    }
  }
  let frames = data.frames;
  let live = !!data.live;
  let i = 0;
  let sock = null;
  const follow = () => {
    if (!live || sock) return;
    sock = new TableSocket(id, {
      watchOnly: true,
      onStatus: (s) => setConnection(s),
      onSnapshot: async (key, msg) => {
        const last = frames[frames.length - 1];
        if (key !== 'spectator' || !last || msg.version <= last.version) return;
        // Missed updates (a reconnect): fetch the frames again.
        try {
          const fresh = await api('GET', `/api/tables/${id}/replay`);
          const atEnd = i >= frames.length - 1;
          frames = fresh.frames;
          live = !!fresh.live;
          if (atEnd) i = frames.length - 1;
          render();
        } catch {
          /* the next snapshot tries again */
        }
      },
      onUpdate: (key, msg) => {
        const last = frames[frames.length - 1];
        if (key !== 'spectator' || (last && msg.version <= last.version)) return;
        const atEnd = i >= frames.length - 1;
        frames.push({ seat: null, action: null, version: msg.version, events: msg.events || [], view: msg.view, to_act: msg.to_act, result: msg.result });
        if (msg.result) live = false;
        if (atEnd && !timer) i = frames.length - 1;
        render();
      },
    });
  };
  let timer = null;
  // Analyses asked for at steps of a finished game, by step.
  const analyses = new Map();
  const seatName = (s) => seatLabel(summary.seats?.[s], s);
  // A finished game's win-chance graph and branch button (graph.js).
  let graph = null;

  // The log up to the frame shown, so the board marks the move that led to it.
  const logTo = (f) => frames.slice(0, frames.indexOf(f) + 1).flatMap((fr) => fr.events.map((e) => ({ v: fr.version, e })));
  const ctx = (f) => ({ lang: getLang(), t, L, h, seat: null, spectator: true, replay: true, legal: [], view: f.view, toAct: f.to_act, result: f.result, seats: summary.seats, seatName, seatColour: (s) => seatColour(mod, s), log: logTo(f), act: () => {}, ui: {}, rerender: render });

  const go = (n) => {
    i = Math.max(0, Math.min(frames.length - 1, n));
    render();
  };
  const toggle = () => {
    if (timer) {
      clearInterval(timer);
      timer = null;
    } else {
      timer = setInterval(() => {
        if (i >= frames.length - 1) toggle();
        else go(i + 1);
      }, 700);
    }
    render();
  };

  function render() {
    const f = frames[i];
    const c = ctx(f);
    const finished = !live && !!frames[frames.length - 1]?.result;
    if (finished && !graph) graph = replayGraph(id, render);
    const lines = [];
    // Each line on the board of its time (an Inventor's swap does not rewrite older lines).
    const shown = frames.slice(0, i + 1).flatMap((fr, k) => fr.events.map((e) => ({ k, e })));
    const texts = describeThen(shown.map((x) => x.e), c, (e, cc) => mod.describeEvent(e, cc));
    shown.forEach(({ k, e }, n) => {
      if (texts[n]) lines.push(h('li', { class: [k === i && 'current', e?.type === 'turn_began' && 'turn-line'] }, texts[n]));
    });
    const slider = h('input', { type: 'range', min: 0, max: frames.length - 1, value: i, 'data-testid': 'replay-slider', oninput: (e) => go(Number(e.target.value)) });
    const action = f.action ? `${seatName(f.seat)}: ${mod.describeAction(f.action, c)}` : '';
    mount(
      root,
      h(
        'section',
        { class: 'table-page replay', 'data-testid': 'replay-page' },
        h(
          'div',
          { class: 'status-bar' },
          h('h1', {}, `${t('replayTitle')}: ${gameTitle(mod, data.game, L)}`, ' ', h('small', { class: 'muted' }, id)),
          live ? h('span', { class: 'live-badge', 'data-testid': 'replay-live', title: t('replayLiveHint') }, t('replayLive')) : null,
          h('div', { class: 'turn', 'data-testid': 'replay-step', 'data-version': f.version }, t('step', { i: i + 1, n: frames.length })),
        ),
        h(
          'div',
          { class: 'replay-controls' },
          h('button', { type: 'button', onclick: () => go(0) }, `« ${t('first')}`),
          h('button', { type: 'button', 'data-testid': 'replay-prev', onclick: () => go(i - 1) }, `◀ ${t('prev')}`),
          h('button', { type: 'button', 'data-testid': 'replay-play', onclick: toggle }, timer ? `❚❚ ${t('pause')}` : `▶ ${t('play')}`),
          h('button', { type: 'button', 'data-testid': 'replay-next', onclick: () => go(i + 1) }, `${t('next')} ▶`),
          h('button', { type: 'button', 'data-testid': 'replay-last', onclick: () => go(frames.length - 1) }, `${t('last')} »`),
          slider,
        ),
        h('p', { class: 'replay-action', 'data-testid': 'replay-action' }, action),
        replayAnalysis(id, f, finished, analyses, (a) => mod.describeAction(a, c), seatName, render),
        finished ? graph.branchPanel({ frame: f, players: summary.seats?.length || 0, seatName, L }) : null,
        finished ? graph.panel({ frames, index: i, go, seatName, seatColour: (s) => seatColour(mod, s), describeAt: (k, a) => mod.describeAction(a, ctx(frames[k])), L }) : null,
        h('div', { class: 'table-grid' }, h('div', { class: 'board' }, mod.render(f.view, [], c)), h('aside', { class: 'side' }, h('section', { class: 'panel log' }, h('h2', {}, t('log')), h('ol', { class: 'log-list', 'data-testid': 'replay-log' }, lines)))),
        f.result ? h('p', { class: 'winner-line', 'data-testid': 'replay-result' }, t(f.result.winners.length > 1 ? 'winners' : 'winner', { who: f.result.winners.map(seatName).join(', ') })) : null,
      ),
    );
    const list = root.querySelector('.log-list');
    const cur = list?.querySelector('.current');
    if (list) list.scrollTop = cur ? cur.offsetTop - list.offsetTop - 40 : list.scrollHeight;
  }

  render();
  follow();
  const unlisten = onLangChange(render);
  return () => {
    clearInterval(timer);
    graph?.stop();
    sock?.close();
    unlisten();
  };
}
