// A table: the board of the seat this browser acts for (from the server's
// view), the legal actions the server lists for it, the event log in
// sentences, seats and invitations, refusals with their rule sentence, the
// winner screen. Several held seats make hot-seat play.

import { useDescription } from './games/describe.js';
import { h, mount } from './dom.js';
import { t, L, getLang, onLangChange } from './i18n.js';
import { api, heldSeats, holdSeat, dropSeat, TableSocket } from './api.js';
import { gameModule, gameTitle } from './games.js';
import { showBanner, setConnection, seatLabel, seatColour } from './ui.js';
import { Chat } from './chat.js';
import { keepOpenedInView } from './reveal.js';
import { fitBoard } from './games/hand.js';
import { readClock, tickClocks } from './clock.js';
import { Motion } from './motion.js';
import { play as playSound } from './sound.js';
import { ClickGuard } from './click-guard.js';
import { statusMethods } from './table-status.js';
import { panelMethods } from './table-panels.js';
import { endMethods } from './table-end.js';
import { hintMethods } from './analysis.js';

// Where an earlier version kept the log in the browser; removed on sight.
const OLD_LOG_KEY = 'spielleiter.log.';

/** JSON text with every object's keys sorted: equal actions, equal text. */
function canonical(v) {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`).join(',')}}`;
  return JSON.stringify(v);
}

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
  // A table the server ended before its game did (everybody had left, or it
  // made room): nothing to connect to any more, only its replay.
  if (summary.status === 'abandoned' || summary.status === 'closed') {
    mount(root, h('p', { class: 'error', 'data-testid': 'table-ended' }, t(summary.status === 'abandoned' ? 'tableAbandoned' : 'tableClosed')), h('a', { class: 'button', href: `/replay/${id}` }, t('replay')), ' ', h('a', { href: '/' }, t('backToLobby')));
    return () => {};
  }
  const mod = await gameModule(summary.game);
  // A game with a board draws from the served geometry: fetched once per table.
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
    // The log comes from the server's stored history (fetched whenever a
    // snapshot arrives: on load and after every reconnect), then grows with
    // the updates, so every device, spectators included, sees all of it.
    this.log = { version: -1, items: [], key: null };
    this.historyAsked = 0;
    this.legalOpen = false; // the list of legal actions is folded away: the board and its buttons are the way to act
    this.wasMine = false;
    localStorage.removeItem(OLD_LOG_KEY + id);
    this.pending = new Map(); // request id -> {seat, action}
    // A click that went stale only because the game moved on under it (a bot
    // discarding at the same moment, a second click before the update
    // arrived): sent again once the fresh board still lists it.
    this.retry = null;
    // Several actions chosen in one dialog (all cards owed on a 7), sent one
    // after the other, each once the previous one is acknowledged.
    this.queue = null;
    this.online = false;
    // While a button is held down the page is not rebuilt, so the click
    // lands on what the player pressed; the update is drawn right after.
    this.pressed = false;
    this.dirty = false;
    this.onPress = () => {
      this.pressed = true;
      clearTimeout(this.pressTimer);
      this.pressTimer = setTimeout(() => this.onRelease(), 1500);
    };
    this.onRelease = () => {
      if (!this.pressed) return;
      this.pressed = false;
      clearTimeout(this.pressTimer);
      // After the click handlers of the old page have run.
      setTimeout(() => {
        if (this.dirty) this.render();
      }, 0);
    };
    root.addEventListener('pointerdown', this.onPress, true);
    window.addEventListener('pointerup', this.onRelease, true);
    window.addEventListener('pointercancel', this.onRelease, true);
    const invited = params.get('join');
    this.invite = invited != null && !(invited in heldSeats(id)) ? Number(invited) : null;
    this.tabId = Math.random().toString(36).slice(2);
    this.channel = 'BroadcastChannel' in window ? new BroadcastChannel('spielleiter') : null;
    if (this.channel) {
      this.channel.onmessage = (e) => this.onTabMessage(e.data);
      this.announce('open');
    }
    this.chat = new Chat(this);
    // Live events move things on the board and make sounds (never the state on load).
    this.motion = new Motion(summary.game);
    // Double clicks and clicks while an action is on its way (click-guard.js).
    this.guard = new ClickGuard(root);
    // The turn clock, if the table has one (from every snapshot and update).
    this.clock = null;
    this.clockTimer = setInterval(() => tickClocks(this.root, this.clock), 1000);
    this.sock = this.connect();
    this.unlisten = onLangChange(() => this.render());
    this.onResize = () => fitBoard(this.root);
    window.addEventListener('resize', this.onResize);
    // The dock changes size without a redraw too (a dialog's content, fonts, a wrapped line):
    // the board's room and a phone's sheets follow it.
    this.dockWatch = typeof ResizeObserver === 'function' ? new ResizeObserver(() => fitBoard(this.root)) : null;
    this.render();
  }

  connect() {
    return new TableSocket(this.id, {
      watchOnly: this.watchOnly,
      onStatus: (s) => {
        setConnection(s);
        const online = s === 'online';
        if (online !== this.online) {
          this.online = online;
          this.render();
        }
      },
      onHello: (summary) => {
        this.summary = summary;
        this.seats = summary.seats;
        // On open and after every reconnect: the lines written meanwhile.
        this.chat.load();
      },
      onChat: (line) => this.chat.add(line),
      onRematch: (next) => {
        this.summary = { ...this.summary, rematch: next };
        this.render();
      },
      onSnapshot: (key, msg) => {
        this.views.set(key, msg);
        this.guard.seen(key, msg.version);
        this.clock = readClock(msg.clock);
        if (msg.seats) this.seats = msg.seats;
        this.pickActive();
        if (key === this.logKey()) this.loadHistory(key);
        this.render();
        if (this.retry && key === String(this.retry.seat)) this.retryStale(msg);
      },
      onUpdate: (key, msg) => {
        const before = this.views.get(key);
        this.views.set(key, { ...before, ...msg });
        if (msg.clock) this.clock = readClock(msg.clock);
        if (key === this.logKey() && this.addEvents(msg.events, msg.version, key)) {
          for (const s of this.motion.live(msg.events)) playSound(s, { spectator: this.active == null });
        }
        if (key === String(this.active) || !this.views.has(String(this.active))) this.pickActive(true);
        this.guard.seen(key, msg.version);
        this.renderSoon();
      },
      onClock: (msg) => {
        this.clock = readClock(msg.clock);
        if (msg.seats) this.seats = msg.seats;
        this.render();
      },
      onSeats: (seats, msg) => {
        this.seats = seats;
        // A rated table turns casual with a join (two seats of one player).
        if (msg && 'rated' in msg) this.summary = { ...this.summary, rated: msg.rated, casual: msg.casual || undefined };
        this.render();
      },
      onAck: (msg) => {
        this.pending.delete(msg.id);
        this.guard.acked(msg.id, (k) => this.views.get(k)?.version);
        if (this.queue && this.queue.waiting === msg.id) this.nextQueued();
      },
      onRefusal: (info, reqId) => {
        const sent = this.pending.get(reqId);
        this.pending.delete(reqId);
        this.guard.refused(reqId);
        const queued = this.queue && this.queue.waiting === reqId;
        if (info?.kind === 'stale_version' && sent && !sent.retried) {
          // Decided when the fresh board is in (see retryStale).
          this.retry = { ...sent, info, queued };
        } else {
          if (queued) this.queue = null;
          this.showRefusal(info);
        }
        // The board may be behind: fetch fresh snapshots.
        this.sock.sync();
      },
      // The server ended the table (abandoned, or closed to make room):
      // no reconnecting to a table that is gone.
      onClosed: (msg) => {
        this.sock.close();
        showBanner(L(msg.error?.message), 'error');
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
    this.root.removeEventListener('pointerdown', this.onPress, true);
    window.removeEventListener('pointerup', this.onRelease, true);
    window.removeEventListener('pointercancel', this.onRelease, true);
    window.removeEventListener('resize', this.onResize);
    this.dockWatch?.disconnect();
    // The room measured for this table's board is not another page's (a replay's board).
    document.documentElement.style.removeProperty('--board-room');
    clearTimeout(this.pressTimer);
    clearTimeout(this.soon);
    clearInterval(this.clockTimer);
    this.guard.close();
    document.title = `spielleiter – ${t('lobby')}`;
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
    const seat = this.active ?? 0;
    if (!this.guard.allow()) return;
    const id = this.send(seat, action, false);
    if (id == null) return;
    this.ui = {};
  }

  /** Sends `actions` of the acting seat one after the other (a dialog's choice of several micro-actions). */
  actAll(actions) {
    if (this.queue || !actions.length || !this.guard.allow()) return;
    const seat = this.active ?? 0;
    const id = this.send(seat, actions[0], false);
    if (id == null) return;
    this.ui = {};
    this.queue = { seat, rest: actions.slice(1), waiting: id };
    this.render();
  }

  /** The next queued action, if the fresh board of its seat still lists it. */
  nextQueued() {
    const q = this.queue;
    const next = q.rest.shift();
    const legal = this.views.get(String(q.seat))?.legal || [];
    if (next === undefined || !legal.some((a) => canonical(a) === canonical(next))) {
      this.queue = null;
      this.render();
      return;
    }
    const id = this.send(q.seat, next, false);
    if (id == null) this.queue = null;
    else q.waiting = id;
  }

  send(seat, action, retried) {
    const cur = this.views.get(String(seat));
    const version = cur?.version ?? this.current()?.version ?? 0;
    const id = this.online ? this.sock.act(seat, action, version) : null;
    if (id == null) {
      showBanner(t('reconnecting'), 'error');
      return null;
    }
    this.pending.set(id, { seat, action, retried });
    // Until the server answers, further clicks are ignored (click-guard.js).
    this.guard.sent(id, seat, version);
    return id;
  }

  /** A stale click is sent again, once, if the fresh board of its seat still lists it; else its refusal is shown. */
  retryStale(snapshot) {
    const { seat, action, info, queued } = this.retry;
    this.retry = null;
    // Snapshots and updates may order an action's keys differently.
    const want = canonical(action);
    const id = (snapshot.legal || []).some((a) => canonical(a) === want) ? this.send(seat, action, true) : null;
    if (queued && this.queue) {
      if (id != null) this.queue.waiting = id;
      else this.queue = null;
    }
    if (id == null) this.showRefusal(info);
  }

  showRefusal(info) {
    const msg = L(info?.message) || info?.kind || t('error');
    const hint = this.active == null ? t('spectatorHint') : t('boardRefreshed');
    showBanner(h('span', {}, h('strong', {}, `${t('refused')}: `), h('span', { 'data-testid': 'refusal' }, msg), ' ', h('code', { class: 'rule' }, info?.rule || ''), ' ', h('span', { class: 'muted', 'data-testid': 'refusal-hint' }, hint)), 'error');
  }

  // ----- the log -----
  /** Fetches the viewer's history from the server; updates that arrive meanwhile are kept. */
  async loadHistory(key) {
    const ask = ++this.historyAsked;
    const seat = key === 'spectator' ? null : Number(key);
    const secret = seat == null ? null : heldSeats(this.id)[seat]?.secret;
    let h;
    try {
      h = await api('GET', `/api/tables/${this.id}/history${seat == null ? '' : `?seat=${seat}`}`, undefined, secret ? { 'x-seat-secret': secret } : {});
    } catch (e) {
      showBanner(L(e.info?.message), 'error');
      return;
    }
    if (ask !== this.historyAsked) return; // a later request answers
    const items = [];
    for (const row of h.entries || []) for (const e of row.events || []) items.push({ v: row.v, e });
    // Lines of updates newer than the history stay; older ones are in it.
    const newer = this.log.key === key ? this.log.items.filter((x) => x.v > h.version) : [];
    this.log = { version: Math.max(h.version, ...newer.map((x) => x.v)), items: items.concat(newer), key };
    this.render();
  }

  /** Adds an update's lines to the log; returns whether they were new (live events of this viewer). */
  addEvents(events, version, key) {
    // Lines of another viewer (before a seat was authenticated) are dropped; the history replaces them.
    // Until the history is in, nothing counts as live (it may be a catch-up).
    const known = this.log.key === key;
    if (!known) this.log = { version: -1, items: [], key };
    if (!events || version <= this.log.version) return false;
    for (const e of events) this.log.items.push({ v: version, e });
    this.log.version = version;
    return known;
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
      // The seat's colour of the log, for boards that mark a seat's last move in it.
      seatColour: (i) => this.seatColour(i),
      // The events so far ({v, e} in order), for boards that show what the last roll caused.
      log: this.log.items,
      act: (a) => this.act(a),
      // Several actions in a row (each sent once the previous is acknowledged); `sending` while they go.
      actAll: (list) => this.actAll(list),
      sending: !!this.queue,
      ui: this.ui,
      rerender: () => this.render(),
      // A phone's sheet buttons, for the game's dock (hand.js).
      sheets: this.sheetBar(),
    };
  }

  // ----- rendering -----
  /**
   * Renders once the messages already received are handled: a burst of
   * updates (fast bots, a reconnect catching up) draws the board once, not
   * once per update. A timer, not an animation frame, so that a tab in the
   * background still shows the turn in its title.
   */
  renderSoon() {
    if (this.soon) return;
    this.soon = setTimeout(() => this.render(), 0);
  }

  render() {
    clearTimeout(this.soon);
    this.soon = 0;
    if (this.pressed) {
      this.dirty = true;
      return;
    }
    this.dirty = false;
    const cur = this.current();
    // Test hook: the view on screen, for browser tests that count what a position holds.
    window.spielleiterDebug.view = cur?.view ?? null;
    const mod = this.mod;
    const title = gameTitle(mod, this.summary.game, L);
    if (!cur) {
      mount(this.root, h('section', { class: 'table-page' }, this.statusBar(title, null), this.seedNote(), this.joinPanel(), this.seatsPanel(), this.chat.panel()));
      this.chat.restoreFocus();
      return;
    }
    const ctx = this.ctx(cur);
    // Scrolled areas (a zoomed board) keep their place across the redraw.
    const kept = [...this.root.querySelectorAll('[data-keep-scroll]')].map((e) => [e.dataset.keepScroll, e.scrollLeft, e.scrollTop]);
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
        { class: ['table-page', !this.online && 'offline'], 'data-testid': 'table-page', 'data-sheet': this.sheet || null, 'data-game': this.summary.game, 'data-version': cur.version, 'data-busy': this.guard.inflight ? 'true' : 'false', 'data-online': this.online ? 'true' : 'false' },
        this.statusBar(title, cur),
        this.online ? null : h('div', { class: 'notice offline-note', 'data-testid': 'offline-note' }, t('offlineBoard')),
        this.seedNote(),
        this.notices(),
        this.joinPanel(),
        h(
          'div',
          { class: 'table-grid' },
          h('div', { class: 'board', 'data-testid': 'board' }, board),
          h('aside', { class: 'side' }, this.hintPanel(ctx, cur), this.legalPanel(ctx), this.logPanel(ctx), this.chat.panel(), this.seatsPanel(), this.rawPanel()),
        ),
        this.winnerScreen(cur),
      ),
    );
    for (const [k, left, top] of kept) {
      const e = this.root.querySelector(`[data-keep-scroll="${k}"]`);
      if (e) {
        e.scrollLeft = left;
        e.scrollTop = top;
      }
    }
    this.chat.restoreFocus();
    // The live events' motions, over the board just drawn (never holding it
    // back); none over the winner screen: its opening clears them.
    if (cur.result && !this.winnerClosed) this.motion.clear();
    else this.motion.play(this.root);
    // A panel just opened (from the phone's action bar) is scrolled into view, above the bar.
    keepOpenedInView(this.root, (this.opened ||= {}));
    // The board ends above the dock of the hand: board, prompt and hand on one screen.
    fitBoard(this.root);
    if (this.dockWatch) {
      this.dockWatch.disconnect();
      const dock = this.root.querySelector('.game-dock');
      if (dock) this.dockWatch.observe(dock);
    }
    this.turnSignal(title, cur);
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

  seatColour(i) {
    return seatColour(this.mod, i);
  }

}

// The page's status bar, panels and end screen live in their own modules.
Object.assign(TablePage.prototype, statusMethods, panelMethods, endMethods, hintMethods);
