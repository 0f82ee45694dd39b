// A table: the board of the seat this browser acts for (from the server's
// view), the legal actions the server lists for it, the event log in
// sentences, seats and invitations, refusals with their rule sentence, the
// winner screen. Several held seats make hot-seat play.

import { h, mount } from './dom.js';
import { t, L, getLang, onLangChange } from './i18n.js';
import { api, heldSeats, holdSeat, dropSeat, joinSeat, TableSocket } from './api.js';
import { gameModule, gameTitle } from './games.js';
import { showBanner, setConnection, copyText, seatLabel, navigate } from './ui.js';

const LOG_KEY = 'spielleiter.log.';
const MAX_LOG = 3000;

export async function tablePage(root, id, params, opts = {}) {
  mount(root, h('p', { class: 'muted' }, t('loading')));
  // A link with the seat's secret in its fragment: keep it, then hide it.
  const frag = new URLSearchParams(location.hash.slice(1));
  if (frag.get('secret') && params.get('seat') != null) {
    holdSeat(id, Number(params.get('seat')), frag.get('secret'));
    history.replaceState(null, '', location.pathname + location.search);
  }
  let summary;
  try {
    summary = await api('GET', `/api/tables/${id}`);
  } catch (e) {
    mount(root, h('p', { class: 'error', 'data-testid': 'page-error' }, L(e.info?.message) || t('noSuchTable')), h('a', { href: '/' }, t('backToLobby')));
    return () => {};
  }
  const mod = await gameModule(summary.game);
  // A game with a board draws from the served geometry: fetched once per table.
  if (mod.useTopology) {
    try {
      mod.useTopology(await api('GET', `/api/tables/${id}/topology`));
    } catch (e) {
      mount(root, h('p', { class: 'error', 'data-testid': 'page-error' }, L(e.info?.message)), h('a', { href: '/' }, t('backToLobby')));
      return () => {};
    }
  }
  const page = new TablePage(root, id, summary, mod, params, !!opts.watch);
  return () => page.close();
}

class TablePage {
  constructor(root, id, summary, mod, params, watchOnly) {
    this.root = root;
    this.watchOnly = watchOnly;
    this.id = id;
    this.summary = summary;
    this.mod = mod;
    this.params = params;
    this.views = new Map(); // viewer key -> {view, legal, version, to_act, result}
    this.seats = summary.seats;
    this.active = null; // seat number this browser acts for
    this.ui = {}; // the game module's scratch state (selections)
    this.winnerClosed = false;
    this.notice = null;
    this.otherTab = false;
    this.log = this.loadLog();
    this.pending = new Map();
    const invited = params.get('join');
    this.invite = invited != null && !(invited in heldSeats(id)) ? Number(invited) : null;
    this.tabId = Math.random().toString(36).slice(2);
    this.channel = 'BroadcastChannel' in window ? new BroadcastChannel('spielleiter') : null;
    if (this.channel) {
      this.channel.onmessage = (e) => this.onTabMessage(e.data);
      this.announce('open');
    }
    this.sock = this.connect();
    this.unlisten = onLangChange(() => this.render());
    this.render();
  }

  connect() {
    return new TableSocket(this.id, {
      watchOnly: this.watchOnly,
      onStatus: (s) => setConnection(s),
      onHello: (summary) => {
        this.summary = summary;
        this.seats = summary.seats;
      },
      onSnapshot: (key, msg) => {
        this.views.set(key, msg);
        if (msg.seats) this.seats = msg.seats;
        this.pickActive();
        this.render();
      },
      onUpdate: (key, msg) => {
        const before = this.views.get(key);
        this.views.set(key, { ...before, ...msg });
        if (key === this.logKey()) this.addEvents(msg.events, msg.version);
        if (key === String(this.active) || !this.views.has(String(this.active))) this.pickActive(true);
        this.render();
      },
      onSeats: (seats) => {
        this.seats = seats;
        this.render();
      },
      onAck: (msg) => {
        this.pending.delete(msg.id);
      },
      onRefusal: (info, reqId) => {
        this.pending.delete(reqId);
        this.showRefusal(info);
        // The board may be behind: fetch fresh snapshots.
        this.sock.sync();
      },
      onAuthFailed: (seat, info) => {
        dropSeat(this.id, seat);
        this.views.delete(String(seat));
        showBanner(L(info.message), 'error');
        this.pickActive();
        this.render();
      },
    });
  }

  close() {
    this.unlisten();
    this.sock.close();
    this.announce('close');
    this.channel?.close();
  }

  // ----- tabs: a second tab on the same seat gets a clear notice -----
  announce(kind) {
    this.channel?.postMessage({ kind, table: this.id, tab: this.tabId, seats: Object.keys(heldSeats(this.id)) });
  }

  onTabMessage(m) {
    if (!m || m.table !== this.id || m.tab === this.tabId) return;
    const mine = Object.keys(heldSeats(this.id));
    const shared = m.seats.some((s) => mine.includes(s));
    if (m.kind === 'open' && shared) {
      this.otherTab = true;
      this.announce('here');
      this.render();
    } else if (m.kind === 'here' && shared) {
      this.otherTab = true;
      this.render();
    }
  }

  // ----- who acts here -----
  heldKeys() {
    if (this.watchOnly) return [];
    return Object.keys(heldSeats(this.id)).filter((k) => this.views.has(k));
  }

  logKey() {
    const held = this.heldKeys().map(Number).sort((a, b) => a - b);
    return held.length ? String(held[0]) : 'spectator';
  }

  toActSeats() {
    const any = this.current();
    const ta = any?.to_act;
    return ta && ta.kind === 'seats' ? ta.seats : [];
  }

  /** Chooses the seat to act for: keeps the current one while it is to act, else switches to a held seat that is. */
  pickActive(announce = false) {
    const held = this.heldKeys().map(Number).sort((a, b) => a - b);
    if (!held.length) {
      this.active = null;
      return;
    }
    const toAct = this.toActSeats();
    const canAct = (s) => (this.views.get(String(s))?.legal || []).length > 0 || toAct.includes(s);
    if (this.active != null && held.includes(this.active) && canAct(this.active)) return;
    const next = held.find(canAct);
    const chosen = next ?? (held.includes(this.active) ? this.active : held[0]);
    if (announce && held.length > 1 && chosen !== this.active && next != null) {
      this.notice = { key: 'hotseatSwitch', vars: { who: this.seatName(chosen) } };
    }
    this.active = chosen;
  }

  current() {
    return (this.active != null && this.views.get(String(this.active))) || this.views.get('spectator') || [...this.views.values()][0];
  }

  seatName(i) {
    return seatLabel(this.seats?.[i], i);
  }

  // ----- acting -----
  act(action) {
    const cur = this.views.get(String(this.active));
    const seat = this.active ?? 0;
    const version = cur?.version ?? this.current()?.version ?? 0;
    const id = this.sock.act(seat, action, version);
    if (id == null) {
      showBanner(t('reconnecting'), 'error');
      return;
    }
    this.pending.set(id, action);
    this.ui = {};
  }

  showRefusal(info) {
    const msg = L(info?.message) || info?.kind || t('error');
    const hint = this.active == null ? t('spectatorHint') : t('boardRefreshed');
    showBanner(h('span', {}, h('strong', {}, `${t('refused')}: `), h('span', { 'data-testid': 'refusal' }, msg), ' ', h('code', { class: 'rule' }, info?.rule || ''), ' ', h('span', { class: 'muted', 'data-testid': 'refusal-hint' }, hint)), 'error');
  }

  // ----- the log -----
  loadLog() {
    try {
      const s = JSON.parse(localStorage.getItem(LOG_KEY + this.id) || 'null');
      return s && Array.isArray(s.items) ? s : { version: -1, items: [] };
    } catch {
      return { version: -1, items: [] };
    }
  }

  addEvents(events, version) {
    if (!events || version <= this.log.version) return;
    for (const e of events) this.log.items.push({ v: version, e });
    this.log.version = version;
    if (this.log.items.length > MAX_LOG) this.log.items.splice(0, this.log.items.length - MAX_LOG);
    try {
      localStorage.setItem(LOG_KEY + this.id, JSON.stringify(this.log));
    } catch {
      /* storage full: the log stays in memory */
    }
  }

  ctx(cur) {
    const legal = this.active != null ? this.views.get(String(this.active))?.legal || [] : [];
    return {
      lang: getLang(),
      t,
      L,
      h,
      seat: this.active,
      spectator: this.active == null,
      replay: false,
      legal,
      view: cur?.view,
      toAct: cur?.to_act,
      result: cur?.result,
      seats: this.seats,
      seatName: (i) => this.seatName(i),
      // The events so far ({v, e} in order), for boards that show what the last roll caused.
      log: this.log.items,
      act: (a) => this.act(a),
      ui: this.ui,
      rerender: () => this.render(),
    };
  }

  // ----- rendering -----
  render() {
    const cur = this.current();
    const mod = this.mod;
    const title = gameTitle(mod, this.summary.game, L);
    if (!cur) {
      mount(this.root, h('section', { class: 'table-page' }, this.statusBar(title, null), this.joinPanel(), this.seatsPanel()));
      return;
    }
    const ctx = this.ctx(cur);
    let board;
    try {
      board = mod.render(cur.view, ctx.legal, ctx);
    } catch (e) {
      console.error(e);
      board = h('pre', { class: 'error' }, String(e));
    }
    mount(
      this.root,
      h(
        'section',
        { class: 'table-page', 'data-testid': 'table-page', 'data-game': this.summary.game, 'data-version': cur.version },
        this.statusBar(title, cur),
        this.notices(),
        this.joinPanel(),
        h(
          'div',
          { class: 'table-grid' },
          h('div', { class: 'board', 'data-testid': 'board' }, board),
          h('aside', { class: 'side' }, this.legalPanel(ctx), this.logPanel(ctx), this.seatsPanel(), this.rawPanel()),
        ),
        this.winnerScreen(cur),
      ),
    );
    // The log follows new lines unless the reader scrolled up.
    const list = this.root.querySelector('.log-list');
    if (list) {
      if (this.logPinned !== false) list.scrollTop = list.scrollHeight;
      else list.scrollTop = this.logScroll || 0;
      list.addEventListener('scroll', () => {
        this.logPinned = list.scrollTop + list.clientHeight >= list.scrollHeight - 8;
        this.logScroll = list.scrollTop;
      });
    }
  }

  statusBar(title, cur) {
    let turn = '';
    let mine = false;
    const ta = cur?.to_act;
    const waiting = this.seats?.some((s) => s.kind === 'open');
    if (cur?.result || ta?.kind === 'over') turn = t('gameOver');
    else if (waiting) turn = t('waitingPlayers');
    else if (ta?.kind === 'seats') {
      mine = this.active != null && ta.seats.includes(this.active);
      turn = mine ? `${t('yourTurn')} (${this.seatName(this.active)})` : t('waitingFor', { who: ta.seats.map((s) => this.seatName(s)).join(', ') });
    } else if (ta?.kind === 'chance') turn = t('chance');
    const held = this.heldKeys().map(Number).sort((a, b) => a - b);
    return h(
      'div',
      { class: 'status-bar' },
      h('h1', {}, title, ' ', h('small', { class: 'muted' }, `${t('table')} ${this.id}`)),
      h('div', { class: ['turn', mine && 'mine'], 'data-testid': 'turn', 'data-mine': mine ? 'true' : 'false' }, turn),
      held.length
        ? h(
            'div',
            { class: 'seat-tabs', 'data-testid': 'seat-tabs' },
            h('span', { class: 'muted' }, `${t('playingAs')}: `),
            held.map((s) =>
              h(
                'button',
                {
                  class: ['tab', s === this.active && 'active'],
                  type: 'button',
                  'data-testid': `seat-tab-${s}`,
                  onclick: () => {
                    this.active = s;
                    this.ui = {};
                    this.render();
                  },
                },
                this.seatName(s),
              ),
            ),
          )
        : h('div', { class: 'muted', 'data-testid': 'spectator-note' }, t('youAreSpectator')),
    );
  }

  notices() {
    const out = [];
    if (this.otherTab) out.push(h('div', { class: 'notice', 'data-testid': 'other-tab' }, t('otherTab')));
    if (this.notice) {
      out.push(h('div', { class: 'notice', 'data-testid': 'hotseat-notice' }, t(this.notice.key, this.notice.vars)));
      this.notice = null;
    }
    return out;
  }

  joinPanel() {
    if (this.invite == null) return null;
    const seat = this.invite;
    const info = this.seats?.[seat];
    if (!info || info.kind !== 'open') return h('div', { class: 'notice' }, t('joinPrompt', { n: seat + 1 }), ' ', t('seatTaken'));
    const name = h('input', { type: 'text', maxlength: 40, value: localStorage.getItem('spielleiter.name') || '', 'data-testid': 'invite-name', placeholder: t('yourName') });
    return h(
      'div',
      { class: 'notice join-panel' },
      t('joinPrompt', { n: seat + 1 }),
      ' ',
      name,
      ' ',
      h('button', { type: 'button', class: 'primary', 'data-testid': 'invite-join', onclick: () => this.join(seat, name.value) }, t('joinSeat', { n: seat + 1 })),
    );
  }

  async join(seat, name) {
    try {
      if (name) localStorage.setItem('spielleiter.name', name);
      await joinSeat(this.id, seat, name);
      this.invite = null;
      this.active = seat;
      this.announce('open');
      this.sock.subscribe();
    } catch (e) {
      showBanner(L(e.info?.message), 'error');
    }
  }

  legalPanel(ctx) {
    const legal = ctx.legal;
    return h(
      'section',
      { class: 'panel legal', 'data-testid': 'legal-list' },
      h('h2', {}, `${t('legalActions')} (${legal.length})`),
      legal.length
        ? h(
            'div',
            { class: 'legal-buttons' },
            legal.map((a, i) =>
              h(
                'button',
                {
                  type: 'button',
                  class: 'legal-action',
                  'data-testid': 'legal-action',
                  'data-index': i,
                  'data-kind': a?.type ?? '',
                  'data-action': JSON.stringify(a),
                  onclick: () => this.act(a),
                },
                this.mod.describeAction(a, ctx),
              ),
            ),
          )
        : h('p', { class: 'muted' }, t('noLegal')),
    );
  }

  logPanel(ctx) {
    const items = [];
    for (const { e } of this.log.items) {
      let text = null;
      try {
        text = this.mod.describeEvent(e, ctx);
      } catch {
        text = null;
      }
      if (text) items.push(h('li', { class: e?.type === 'turn_began' ? 'turn-line' : null }, text));
    }
    return h('section', { class: 'panel log', 'data-testid': 'log' }, h('h2', {}, t('log')), h('ol', { class: 'log-list' }, items));
  }

  seatsPanel() {
    const held = heldSeats(this.id);
    const rows = (this.seats || []).map((s, i) => {
      const mine = i in held;
      const actions = [];
      if (s.kind === 'open') {
        actions.push(h('button', { type: 'button', 'data-testid': `join-${i}`, onclick: () => this.join(i, localStorage.getItem('spielleiter.name') || '') }, t('join')));
        actions.push(h('button', { type: 'button', 'data-testid': `invite-${i}`, onclick: () => copyText(`${location.origin}/play/${this.id}?join=${i}`) }, t('copyInvite')));
      }
      if (mine) {
        actions.push(h('button', { type: 'button', 'data-testid': `seat-link-${i}`, onclick: () => copyText(`${location.origin}/play/${this.id}?seat=${i}#secret=${held[i].secret}`) }, t('copySeatLink')));
        actions.push(h('button', { type: 'button', 'data-testid': `leave-${i}`, onclick: () => this.leave(i) }, t('leave')));
      }
      return h(
        'li',
        { class: ['seat-row', mine && 'mine'] },
        h('span', { class: ['dot', s.connected ? 'on' : 'off'], title: s.connected ? t('online') : t('offline') }),
        ' ',
        h('strong', {}, `${i + 1}. `),
        s.kind === 'open' ? h('em', {}, t('open')) : seatLabel(s, i),
        mine ? ` (${t('you')})` : '',
        ' ',
        h('span', { class: 'seat-actions' }, actions),
      );
    });
    return h('section', { class: 'panel seats', 'data-testid': 'seats' }, h('h2', {}, t('seats')), h('ul', { class: 'seat-list' }, rows));
  }

  async leave(seat) {
    const held = heldSeats(this.id);
    try {
      await api('POST', `/api/tables/${this.id}/seats/${seat}/leave`, undefined, { 'x-seat-secret': held[seat]?.secret || '' });
    } catch (e) {
      showBanner(L(e.info?.message), 'error');
    }
    dropSeat(this.id, seat);
    this.views.delete(String(seat));
    this.pickActive();
    this.render();
  }

  rawPanel() {
    const area = h('textarea', { rows: 2, 'data-testid': 'raw-action', placeholder: '{"type": "..."}' });
    return h(
      'details',
      { class: 'panel raw' },
      h('summary', { 'data-testid': 'raw-toggle' }, t('rawAction')),
      area,
      h(
        'button',
        {
          type: 'button',
          'data-testid': 'raw-send',
          onclick: () => {
            let action;
            try {
              action = JSON.parse(area.value);
            } catch {
              showBanner(t('notJson'), 'error');
              return;
            }
            this.act(action);
          },
        },
        t('send'),
      ),
    );
  }

  winnerScreen(cur) {
    const r = cur.result;
    if (!r || this.winnerClosed) return null;
    const names = r.winners.map((s) => this.seatName(s));
    const ctx = this.ctx(cur);
    return h(
      'div',
      { class: 'overlay', 'data-testid': 'winner' },
      h(
        'div',
        { class: 'overlay-box' },
        h('h2', {}, t('gameOver')),
        h('p', { class: 'winner-line', 'data-testid': 'winner-names' }, t(names.length > 1 ? 'winners' : 'winner', { who: names.join(', ') })),
        h(
          'table',
          { class: 'scores' },
          h('tr', {}, h('th', {}, t('seat')), h('th', {}, t('score'))),
          r.scores.map((sc, i) => h('tr', { class: r.winners.includes(i) ? 'won' : null }, h('td', {}, this.seatName(i)), h('td', {}, String(sc)))),
        ),
        h('p', { class: 'muted' }, `${t('reason')}: ${this.mod.describeReason(r.reason, ctx)}`),
        h(
          'div',
          { class: 'buttons' },
          h('button', { type: 'button', 'data-testid': 'winner-close', onclick: () => { this.winnerClosed = true; this.render(); } }, t('close')),
          h('button', { type: 'button', 'data-testid': 'winner-replay', onclick: () => navigate(`/replay/${this.id}`) }, t('replay')),
          h('button', { type: 'button', class: 'primary', onclick: () => navigate('/') }, t('backToLobby')),
        ),
      ),
    );
  }
}
