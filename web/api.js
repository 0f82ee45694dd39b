// Talking to the server: the HTTP API, seat secrets kept in localStorage, and
// the table's WebSocket with reconnect. No game rules live here.

const SECRETS = 'spielleiter.seats.';

// Test hook: with `spielleiterDebug.holdUpdates = true` live updates are held
// back, as on a very slow line, so a browser test can click on a board that
// is out of date. Everything else (snapshots, refusals) still arrives, and a
// snapshot replaces whatever was held.
window.spielleiterDebug ||= { holdUpdates: false };

export class ApiError extends Error {
  constructor(info, status) {
    super(info?.message?.en || info?.kind || 'error');
    this.info = info;
    this.status = status;
  }
}

export async function api(method, path, body, headers = {}) {
  let res;
  try {
    res = await fetch(path, {
      method,
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (e) {
    throw new ApiError({ kind: 'network', rule: 'client.network', message: { de: `Server nicht erreichbar (${e.message}).`, en: `Server unreachable (${e.message}).` } }, 0);
  }
  let data = null;
  try {
    data = await res.json();
  } catch {
    data = null;
  }
  if (!res.ok) throw new ApiError(data?.error || { kind: 'http', rule: 'client.http', message: { de: `HTTP ${res.status}`, en: `HTTP ${res.status}` } }, res.status);
  return data;
}

/** Seats this browser holds at a table: {seat: {secret, name}}. */
export function heldSeats(table) {
  try {
    return JSON.parse(localStorage.getItem(SECRETS + table) || '{}');
  } catch {
    return {};
  }
}

export function holdSeat(table, seat, secret, name) {
  const all = heldSeats(table);
  // `at`: when the seat was taken, so "My games" can send the latest ones.
  all[seat] = { secret, name: name || all[seat]?.name || '', at: all[seat]?.at || Date.now() };
  localStorage.setItem(SECRETS + table, JSON.stringify(all));
}

/**
 * Every seat this browser holds at any table, latest first (seats kept
 * before `at` was stored come last): [{table, seat, secret, at}].
 */
export function allHeldSeats() {
  const out = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (!key?.startsWith(SECRETS)) continue;
    const table = key.slice(SECRETS.length);
    for (const [seat, held] of Object.entries(heldSeats(table))) {
      if (typeof held?.secret === 'string' && /^\d+$/.test(seat)) out.push({ table, seat: Number(seat), secret: held.secret, at: Number(held.at) || 0 });
    }
  }
  return out.sort((a, b) => b.at - a.at);
}

/** How many held seats `POST /api/my-games` reads at most (the server's cap). */
export const MY_GAMES_MAX = 100;

/**
 * The games of the seats this browser holds, from `POST /api/my-games`: the
 * secrets go in the body, never in a URL. The latest MY_GAMES_MAX seats, and
 * the rated games of the name this browser's player token claimed.
 */
export async function myGames() {
  const seats = allHeldSeats().slice(0, MY_GAMES_MAX).map(({ table, seat, secret }) => ({ table, seat, secret }));
  // The player token adds the rated games of the name it claimed, played in any browser.
  return api('POST', '/api/my-games', { seats, player_token: playerToken() });
}

export function dropSeat(table, seat) {
  const all = heldSeats(table);
  delete all[seat];
  if (Object.keys(all).length) localStorage.setItem(SECRETS + table, JSON.stringify(all));
  else localStorage.removeItem(SECRETS + table);
}

const PLAYER_TOKEN = 'spielleiter.playerToken';

/**
 * This browser's player token (32 hex digits, made once and kept): at a
 * rated table it claims the player's name for the ratings, or proves the
 * claim. It is sent with every join and shown nowhere.
 */
export function playerToken() {
  let token = localStorage.getItem(PLAYER_TOKEN);
  if (!token || !/^[0-9a-f]{32}$/.test(token)) {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    token = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    localStorage.setItem(PLAYER_TOKEN, token);
  }
  return token;
}

export async function joinSeat(table, seat, name) {
  const j = await api('POST', `/api/tables/${table}/seats/${seat}/join`, { name: name || null, player_token: playerToken() });
  holdSeat(table, seat, j.secret, name);
  return j;
}

/** The viewer a message is for, as a key: "0", "1", … or "spectator". */
export function viewerKey(viewer) {
  return viewer && typeof viewer === 'object' && 'seat' in viewer ? String(viewer.seat) : 'spectator';
}

/**
 * A table's live connection. Holds every seat this browser has (hot-seat) or
 * watches as a spectator; reconnects with back-off and re-authenticates, so a
 * reload or a dropped line loses nothing. Callbacks:
 * onSnapshot(key, msg), onUpdate(key, msg), onSeats(seats), onRefusal(info, id),
 * onAuthFailed(seat, info), onClosed(msg), onStatus('connecting'|'online'|'offline').
 */
export class TableSocket {
  constructor(table, handlers) {
    this.table = table;
    this.h = handlers;
    this.ws = null;
    this.nextId = 1;
    this.pendingAuth = [];
    this.retry = 0;
    this.closed = false;
    this.connect();
    this.ping = setInterval(() => this.send({ type: 'ping' }), 20000);
  }

  connect() {
    if (this.closed) return;
    this.h.onStatus?.('connecting');
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const ws = new WebSocket(`${proto}//${location.host}/api/tables/${this.table}/ws`);
    this.ws = ws;
    ws.onmessage = (e) => this.receive(JSON.parse(e.data));
    ws.onclose = () => {
      if (this.ws !== ws || this.closed) return;
      this.h.onStatus?.('offline');
      const delay = Math.min(5000, 250 * 2 ** this.retry++);
      setTimeout(() => this.connect(), delay);
    };
  }

  send(msg) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(msg));
      return true;
    }
    return false;
  }

  /** Subscribes every held seat, or watches when none is held. */
  subscribe() {
    const held = this.h.watchOnly ? {} : heldSeats(this.table);
    const seats = Object.keys(held).map(Number).sort((a, b) => a - b);
    this.pendingAuth = [];
    for (const seat of seats) {
      this.pendingAuth.push(seat);
      this.send({ type: 'auth', seat, secret: held[seat].secret });
    }
    this.send({ type: 'watch' });
  }

  receive(msg) {
    switch (msg.type) {
      case 'hello':
        this.retry = 0;
        this.h.onStatus?.('online');
        this.h.onHello?.(msg.table);
        this.subscribe();
        break;
      case 'snapshot': {
        const key = viewerKey(msg.viewer);
        if (key !== 'spectator') this.pendingAuth = this.pendingAuth.filter((s) => String(s) !== key);
        this.h.onSnapshot?.(key, msg);
        break;
      }
      case 'update':
        if (window.spielleiterDebug.holdUpdates) break;
        this.h.onUpdate?.(viewerKey(msg.viewer), msg);
        break;
      case 'seats':
        this.h.onSeats?.(msg.seats, msg);
        break;
      case 'chat':
        this.h.onChat?.(msg.line);
        break;
      case 'clock':
        this.h.onClock?.(msg);
        break;
      case 'closed':
        this.h.onClosed?.(msg);
        break;
      case 'rematch':
        this.h.onRematch?.(msg.next);
        break;
      case 'ack':
        this.h.onAck?.(msg);
        break;
      case 'error':
        if (msg.id == null && this.pendingAuth.length && ['wrong_secret', 'no_such_seat'].includes(msg.error?.kind)) {
          const seat = this.pendingAuth.shift();
          this.h.onAuthFailed?.(seat, msg.error);
        } else {
          this.h.onRefusal?.(msg.error, msg.id);
        }
        break;
      default:
        break;
    }
  }

  /** Sends an action for `seat`; returns the request id, or null when offline. */
  act(seat, action, version) {
    const id = this.nextId++;
    return this.send({ type: 'act', seat, action, version, id }) ? id : null;
  }

  sync() {
    this.send({ type: 'sync' });
  }

  close() {
    this.closed = true;
    clearInterval(this.ping);
    this.ws?.close();
  }
}
