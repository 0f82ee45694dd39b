// The table's chat: lines from the seats and spectators, stored by the server
// (GET on open and after every reconnect, then pushed over the socket), so
// every device and every spectator reads the same chat. Muting is the
// reader's own choice, kept in this browser.
//
// The page is rebuilt on every update; the text field is one element kept
// across rebuilds, so what is being typed, the caret and the focus survive
// a bot's move.

import { h } from './dom.js';
import { t, L } from './i18n.js';
import { api, heldSeats } from './api.js';

const MUTE_KEY = 'spielleiter.chat.muted';
/** The server's limit (server.chat.too_long); the field stops there too. */
const MAX_CHARS = 300;

/** Who wrote a line, as the mute list keys it: a seat, or the spectators (who all chat as "spectator"). */
function senderKey(line) {
  return line.seat == null ? `name:${line.name}` : `seat:${line.seat}`;
}

export class Chat {
  constructor(page) {
    this.page = page;
    this.lines = [];
    this.error = null;
    this.sending = false;
    try {
      this.muted = new Set(JSON.parse(localStorage.getItem(MUTE_KEY) || '[]'));
    } catch {
      this.muted = new Set();
    }
    this.input = h('input', {
      type: 'text',
      maxlength: MAX_CHARS,
      'data-testid': 'chat-input',
      autocomplete: 'off',
      onkeydown: (e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          this.send();
        }
      },
    });
    this.focus = null;
  }

  /** Loads the stored lines (on open and after a reconnect: nothing is missed). */
  async load() {
    try {
      const r = await api('GET', `/api/tables/${this.page.id}/chat`);
      for (const line of r.lines || []) this.add(line, false);
      this.page.render();
    } catch {
      // The chat is an extra: the table plays on without it.
    }
  }

  /** A line from the socket or an answer; lines are numbered, so none shows twice. */
  add(line, redraw = true) {
    if (!line || this.lines.some((l) => l.idx === line.idx)) return;
    this.lines.push(line);
    this.lines.sort((a, b) => a.idx - b.idx);
    if (redraw) this.page.render();
  }

  /** The seat this browser writes for, if it holds one. */
  writer() {
    const held = heldSeats(this.page.id);
    const seat = this.page.active;
    if (seat != null && seat in held) return { seat, secret: held[seat].secret };
    return null;
  }

  async send() {
    const text = this.input.value.trim();
    if (!text || this.sending) return;
    const w = this.writer();
    const body = { text };
    const headers = {};
    if (w) {
      body.seat = w.seat;
      headers['x-seat-secret'] = w.secret;
    }
    this.sending = true;
    try {
      const r = await api('POST', `/api/tables/${this.page.id}/chat`, body, headers);
      this.input.value = '';
      this.error = null;
      this.add(r.line, false);
    } catch (e) {
      // Refused (too long, too fast, …): the line stays in the field to fix or resend.
      this.error = e.info?.message || { de: String(e), en: String(e) };
    }
    this.sending = false;
    this.page.render();
  }

  toggleMute(key) {
    if (this.muted.has(key)) this.muted.delete(key);
    else this.muted.add(key);
    localStorage.setItem(MUTE_KEY, JSON.stringify([...this.muted]));
    this.page.render();
  }

  /** The panel; call [`restoreFocus`] after the page is mounted. */
  panel() {
    const active = document.activeElement;
    this.focus =
      active === this.input
        ? { el: active, start: active.selectionStart, end: active.selectionEnd }
        : null;
    const items = [];
    let hidden = 0;
    for (const line of this.lines) {
      const key = senderKey(line);
      if (this.muted.has(key)) {
        hidden++;
        continue;
      }
      const colour = line.seat == null ? null : this.page.seatColour(line.seat);
      items.push(
        h(
          'li',
          { class: 'chat-line', 'data-testid': 'chat-line', 'data-seat': line.seat ?? null, style: colour ? { borderLeftColor: colour } : null },
          h('strong', { class: 'chat-name' }, line.seat == null ? t('spectator') : line.name),
          ' ',
          h('span', { class: 'chat-text' }, line.text),
          ' ',
          h('button', { type: 'button', class: 'link chat-mute', 'data-testid': 'chat-mute', title: t('chatMute'), onclick: () => this.toggleMute(key) }, t('chatMute')),
        ),
      );
    }
    const writer = this.writer();
    return h(
      'section',
      { class: 'panel chat', 'data-testid': 'chat' },
      h('h2', {}, t('chat')),
      h('ol', { class: 'chat-list', 'data-testid': 'chat-list' }, items),
      hidden || this.muted.size
        ? h(
            'p',
            { class: 'muted chat-muted' },
            t('chatHidden', { n: hidden }),
            ' ',
            h(
              'button',
              {
                type: 'button',
                class: 'link',
                'data-testid': 'chat-unmute',
                onclick: () => {
                  this.muted.clear();
                  localStorage.setItem(MUTE_KEY, '[]');
                  this.page.render();
                },
              },
              t('chatUnmute'),
            ),
          )
        : null,
      this.error ? h('p', { class: 'error', 'data-testid': 'chat-error' }, L(this.error)) : null,
      h(
        'form',
        {
          class: 'chat-form',
          onsubmit: (e) => {
            e.preventDefault();
            this.send();
          },
        },
        h('label', { class: 'chat-text-label' }, h('span', { class: 'sr-only' }, t('chat')), this.input),
        h('button', { type: 'submit', 'data-testid': 'chat-send', disabled: this.sending }, t('chatSend')),
      ),
    );
  }

  /** Gives the focus (and the caret) back to the field that had it before the page was rebuilt. */
  restoreFocus() {
    const f = this.focus;
    if (!f || !f.el.isConnected) return;
    f.el.focus();
    try {
      f.el.setSelectionRange(f.start, f.end);
    } catch {
      // Not every input type has a selection.
    }
  }
}
