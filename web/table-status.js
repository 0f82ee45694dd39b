// The table page's status bar: whose turn it is (in the tab's title too,
// with a short tone when it becomes this browser's), the clocks, the sound
// switch, the seats this browser plays as, and its notices.
// Methods of the page (mixed into its class by table.js), so `this` is the page.

import { h } from './dom.js';
import { t, L } from './i18n.js';
import { heldSeats } from './api.js';
import { icon } from './icons.js';
import { clockLine, autopilotButton } from './clock.js';
import { play as playSound, soundOn, setSoundOn, volume, setVolume } from './sound.js';

export const statusMethods = {
  /** The tab's title says whose turn it is; when the turn becomes this browser's, an optional short tone. */
  turnSignal(title, cur) {
    const ta = cur?.to_act;
    const waiting = this.seats?.some((s) => s.kind === 'open');
    const mine = !cur?.result && !waiting && ta?.kind === 'seats' && this.active != null && ta.seats.includes(this.active) && (this.views.get(String(this.active))?.legal || []).length > 0;
    document.title = mine ? `● ${t('yourTurn')} – ${title}` : cur?.result ? `${t('gameOver')} – ${title}` : `${title} – spielleiter`;
    if (mine && !this.wasMine) {
      window.spielleiterDebug.turnSignals = (window.spielleiterDebug.turnSignals || 0) + 1;
      playSound('turn', { spectator: false });
    }
    this.wasMine = mine;
  },

  /** The sound switch and its volume (sound.js); remembered in this browser. */
  soundToggle() {
    const spectator = this.active == null;
    const on = soundOn(spectator);
    const vol = volume();
    return h(
      'div',
      { class: 'sound-controls', 'data-testid': 'sound-controls' },
      h(
        'button',
        {
          type: 'button',
          class: ['sound-toggle', on && 'on'],
          'data-testid': 'sound-toggle',
          'data-repeat': '',
          'aria-pressed': on ? 'true' : 'false',
          title: t('soundHint'),
          onclick: () => {
            setSoundOn(!on);
            if (!on) playSound('turn', { spectator, gesture: true });
            this.render();
          },
        },
        icon(on ? 'volume' : 'volume-off'),
        ' ',
        on ? t('soundOn') : t('soundOff'),
      ),
      h('input', {
        type: 'range',
        min: 0,
        max: 100,
        step: 5,
        value: String(vol),
        class: 'sound-volume',
        'data-testid': 'sound-volume',
        'aria-label': t('soundVolume'),
        title: `${t('soundVolume')}: ${vol} %`,
        disabled: !on,
        // Not redrawn: the slider keeps its focus (arrow keys step on) and a drag goes on.
        onchange: (e) => {
          setVolume(e.target.value);
          e.target.title = `${t('soundVolume')}: ${volume()} %`;
          playSound('turn', { spectator, gesture: true });
        },
      }),
    );
  },

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
      !cur?.result && ta?.kind === 'seats' ? clockLine(this, ta.seats) : null,
      cur?.result ? null : this.autopilotNote(),
      this.casualNote(),
      this.soundToggle(),
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
  },

  /** A table created rated that plays casual (two seats of one player): the server's reason, in the page's language. */
  casualNote() {
    const casual = this.summary?.casual;
    if (!casual) return null;
    return h('div', { class: 'notice casual-note', 'data-testid': 'casual-note', 'data-rule': casual.rule }, L(casual.message));
  },

  /** When a bot plays one of this browser's seats: say so, with the button to take it back. */
  autopilotNote() {
    const held = heldSeats(this.id);
    const seat = Object.keys(held)
      .map(Number)
      .find((i) => this.clock?.seats?.[i]?.autopilot);
    if (seat == null) return null;
    return h('div', { class: 'notice autopilot-note', 'data-testid': 'autopilot-note' }, `${t('autopilotMine')} (${this.seatName(seat)}) `, autopilotButton(this, seat, held[seat].secret, 'take-back'));
  },

  notices() {
    const out = [];
    if (this.otherTab) out.push(h('div', { class: 'notice', 'data-testid': 'other-tab' }, t('otherTab')));
    if (this.notice) {
      out.push(h('div', { class: 'notice', 'data-testid': 'hotseat-notice' }, t(this.notice.key, this.notice.vars)));
      this.notice = null;
    }
    return out;
  },
};
