// One rule for every control that sends an action, so that a double click
// or an impatient second click never applies an action twice (a bank trade
// that is still legal after it is applied would otherwise go through again:
// the second click arrives stale, and the table re-sends a stale click the
// fresh board still lists).
//
// - The second click of a browser double click (`event.detail >= 2`) is
//   ignored.
// - While an action is on its way, further actions are ignored: from the
//   send until the server answers (a refusal, or a newer board of the acting
//   seat: the update that shows the action's result).
// - Controls meant to be clicked again and again (one-at-a-time discards,
//   Splendor's returned tokens, the sound switch) opt out with a
//   `data-repeat` attribute on the control or one of its ancestors.
//
// Nothing is shown as done before the server's update: the board only ever
// draws the server's state, so an ignored click simply changes nothing.
//
// Test hook: `window.spielleiterDebug.clicks` counts {sent, double, busy}.

/** Without an answer within this time the lock opens anyway (a lost line must not freeze the page). */
const MAX_LOCK_MS = 8000;

window.spielleiterDebug ||= {};

export class ClickGuard {
  constructor(root) {
    this.root = root;
    this.click = null;
    this.inflight = null;
    this.counts = window.spielleiterDebug.clicks = { sent: 0, double: 0, busy: 0 };
    // Seen before the control's own handler (capture), forgotten right after it.
    this.onClick = (e) => {
      const c = { detail: e.detail, repeat: !!e.target?.closest?.('[data-repeat]') };
      this.click = c;
      setTimeout(() => {
        if (this.click === c) this.click = null;
      }, 0);
    };
    root.addEventListener('click', this.onClick, true);
  }

  close() {
    this.root.removeEventListener('click', this.onClick, true);
    clearTimeout(this.timer);
  }

  /** Whether an action may be sent now (called by the table for every action). */
  allow() {
    const c = this.click;
    if (c?.repeat) return true;
    if (c && c.detail >= 2) {
      this.counts.double++;
      return false;
    }
    if (this.inflight) {
      this.counts.busy++;
      return false;
    }
    return true;
  }

  /** An action went out as request `id` for `seat`, chosen on the board at `version`. */
  sent(id, seat, version) {
    this.counts.sent++;
    this.inflight = { id, key: String(seat), version: version ?? -1 };
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.release(), MAX_LOCK_MS);
    this.mark(true);
  }

  /**
   * The server applied request `id`. If the seat's board already moved past
   * the version the action was sent at (the update came first), the answer
   * is complete; else the update that follows releases the lock.
   */
  acked(id, versionOf) {
    const f = this.inflight;
    if (f && f.id === id && (versionOf(f.key) ?? -1) > f.version) this.release();
  }

  /** A snapshot or update of viewer `key` at `version` arrived: a newer board of the acting seat ends the wait. */
  seen(key, version) {
    const f = this.inflight;
    if (f && f.key === key && version > f.version) this.release();
  }

  /** The server refused request `id`. */
  refused(id) {
    if (this.inflight?.id === id) this.release();
  }

  release() {
    this.inflight = null;
    clearTimeout(this.timer);
    this.mark(false);
  }

  /** `data-busy` on the table page while an action is on its way (for tests and styles). */
  mark(busy) {
    const page = this.root.querySelector('[data-testid=table-page]');
    if (page) page.dataset.busy = busy ? 'true' : 'false';
  }
}
