// The table page's panels: the invitation to join, the legal actions, the
// log in sentences, the seats with their links, and the raw JSON action field.
// Methods of the page (mixed into its class by table.js), so `this` is the page.

import { h } from './dom.js';
import { t, L } from './i18n.js';
import { api, heldSeats, dropSeat, joinSeat } from './api.js';
import { showBanner, copyText, seatLabel } from './ui.js';
import { describeThen } from './games/board-then.js';
import { withIcons } from './art.js';
import { clockBadge, autopilotButton } from './clock.js';

export const panelMethods = {
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
  },

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
  },

  /**
   * On a phone the board, the prompt and the hand fill the screen; every
   * other panel opens as a sheet over the board from this bar in the dock:
   * the players (with the bank, the barbarians, the supply), the log (with
   * the hint and the legal actions), the chat and the seats. One sheet at a
   * time; a second tap on its button closes it. Hidden on wider screens,
   * where the panels stand beside the board.
   */
  sheetBar() {
    const sheets = [
      ['side', t('sheetTable')],
      ['log', t('sheetLog')],
      ['chat', t('chat')],
      ['seats', t('seats')],
    ];
    return h(
      'div',
      { class: 'sheet-bar', 'data-testid': 'sheet-bar' },
      sheets.map(([k, label]) =>
        h(
          'button',
          {
            type: 'button',
            class: ['small', this.sheet === k && 'active'],
            'data-testid': `sheet-${k}`,
            'aria-pressed': this.sheet === k ? 'true' : 'false',
            onclick: () => {
              this.sheet = this.sheet === k ? null : k;
              this.render();
            },
          },
          this.sheet === k ? `${label} ✕` : label,
        ),
      ),
    );
  },

  legalPanel(ctx) {
    const legal = ctx.legal;
    return h(
      'details',
      {
        class: 'panel legal',
        'data-testid': 'legal-list',
        open: this.legalOpen,
        ontoggle: (e) => {
          this.legalOpen = e.target.open;
        },
      },
      h('summary', { 'data-testid': 'legal-toggle' }, `${t('legalActions')} (${legal.length})`),
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
                  disabled: !this.online,
                  onclick: () => this.act(a),
                },
                this.mod.describeAction(a, ctx),
              ),
            ),
          )
        : h('p', { class: 'muted' }, t('noLegal')),
    );
  },

  logPanel(ctx) {
    // Each line on the board of its time (an Inventor's swap does not rewrite older lines).
    const events = this.log.items.map((x) => x.e);
    const texts = describeThen(events, ctx, (e, c) => this.mod.describeEvent(e, c));
    const line = (k) => {
      const e = events[k];
      const text = texts[k];
      if (!text) return null;
      // A line about a seat is marked with the seat's colour and number (colour is never the only cue).
      const seat = Number.isInteger(e?.seat) ? e.seat : null;
      const badge = seat == null ? null : h('span', { class: 'log-seat', style: { background: this.seatColour(seat) }, title: this.seatName(seat) }, String(seat + 1));
      // The words of cards and goods get their icons (art.js); the words stay.
      const shown = this.mod.logWords ? withIcons(text, this.mod.logWords(ctx)) : text;
      return h('li', { class: [e?.type === 'turn_began' && 'turn-line', seat != null && 'seat-line'], 'data-seat': seat ?? null, style: seat == null ? null : { borderLeftColor: this.seatColour(seat) } }, badge, badge ? ' ' : null, shown);
    };
    // Runs of lines a game folds into one (CATAN 5–6: a finished Special
    // Building Phase), opened with a click; which are open survives redraws.
    let folds = [];
    try {
      folds = this.mod.foldLog?.(events, ctx) || [];
    } catch (err) {
      console.error(err);
    }
    const open = (this.logOpen ||= new Set());
    const items = [];
    let f = 0;
    for (let k = 0; k < events.length; k++) {
      while (f < folds.length && folds[f].to <= k) f++;
      const fold = folds[f];
      if (fold && fold.from === k) {
        const inner = [];
        for (let j = fold.from; j < fold.to; j++) inner.push(line(j));
        const shown = this.mod.logWords ? withIcons(fold.summary, this.mod.logWords(ctx)) : fold.summary;
        items.push(
          h(
            'li',
            { class: 'log-fold-line' },
            h(
              'details',
              { 'data-testid': 'log-fold', open: open.has(k), ontoggle: (ev) => (ev.target.open ? open.add(k) : open.delete(k)) },
              h('summary', { 'data-testid': 'log-fold-summary' }, shown),
              h('ol', { class: 'log-fold-lines' }, inner),
            ),
          ),
        );
        k = fold.to - 1;
        continue;
      }
      const el = line(k);
      if (el) items.push(el);
    }
    return h('section', { class: 'panel log', 'data-testid': 'log' }, h('h2', {}, t('log')), h('ol', { class: 'log-list' }, items));
  },

  seatsPanel() {
    const held = heldSeats(this.id);
    const rows = (this.seats || []).map((s, i) => {
      const mine = i in held;
      const actions = [];
      if (s.kind === 'open') {
        actions.push(h('button', { type: 'button', 'data-testid': `join-${i}`, onclick: () => this.join(i, localStorage.getItem('spielleiter.name') || '') }, t('join')));
        actions.push(h('button', { type: 'button', 'data-testid': `invite-${i}`, onclick: () => copyText(`${location.origin}/play/${this.id}?join=${i}`) }, t('copyInvite')));
      }
      if (mine && s.kind === 'human') actions.push(autopilotButton(this, i, held[i].secret));
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
        // Left a started rated game: a bot plays the seat on, and it counts as a loss.
        s.left ? [' ', h('span', { class: 'muted', 'data-testid': `seat-left-${i}`, title: t('seatLeftHint') }, `(${t('seatLeft')})`)] : null,
        ' ',
        this.current()?.result ? null : clockBadge(this.clock, i),
        ' ',
        h('span', { class: 'seat-actions' }, actions),
      );
    });
    return h('section', { class: 'panel seats', 'data-testid': 'seats' }, h('h2', {}, t('seats')), h('ul', { class: 'seat-list' }, rows));
  },

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
  },

  rawPanel() {
    const area = h('textarea', {
      rows: 2,
      'data-testid': 'raw-action',
      placeholder: '{"type": "..."}',
      value: this.rawText || '',
      oninput: (e) => {
        this.rawText = e.target.value;
      },
    });
    // Open stays open across updates (the page is rebuilt on each).
    return h(
      'details',
      {
        class: 'panel raw',
        open: this.rawOpen,
        ontoggle: (e) => {
          this.rawOpen = e.target.open;
        },
      },
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
  },
};
