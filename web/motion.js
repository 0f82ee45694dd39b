// Motion at the table: the dice tumble, cards and tokens fly from the bank
// to a seat's hand (or between seats), a piece just placed drops in, the
// barbarian ship sails on. Purely decorative, and never in the way:
//
// - Only live events move. The table page calls `live(events)` for the
//   updates that arrive while it is open; the state on load and after a
//   reconnect (a snapshot and the stored history) never does, so a late
//   spectator sees the board as it is, not a replay of the game.
// - Nothing waits for an animation: the board is redrawn at once with the
//   new state, and the motions play afterwards over it (`play(root)`):
//   tokens in a fixed layer with `pointer-events: none`, the dice and a new
//   piece as a transform of the freshly drawn element. A click during a
//   motion lands on the board below and is sent at once.
// - `prefers-reduced-motion: reduce` turns it all off.
//
// Which event moves what is each game's business: `games/{game}-motion.js`
// maps one event to a list of cues (see `cue` below), and names the sound
// that goes with it (played by sound.js, also for reduced motion).
//
// Test hooks on `window.spielleiterDebug`: `motions` (the cues played, as
// {kind, at}), `motionsSkipped` (cues of live events left out: reduced
// motion, a hidden tab), `motionScale` (multiplies every duration, so a browser test
// can click while a motion is surely still running).

const MAPS = {
  catan: () => import('./games/catan-motion.js'),
  'catan-junior': () => import('./games/catan-junior-motion.js'),
  splendor: () => import('./games/splendor-motion.js'),
};

/** At most this many tokens fly for one cue (a monopoly of 12 cards flies 6). */
const MAX_TOKENS = 6;
/** At most this many cues play for one batch of events (a bot's burst). */
const MAX_CUES = 24;

window.spielleiterDebug ||= {};

export function reducedMotion() {
  return !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
}

/**
 * A cue, as a game's mapping returns it (selectors are looked up in the
 * board drawn after the update):
 * - `{kind: 'dice', at}`: the dice at `at` tumble;
 * - `{kind: 'fly', from, to, colour, count}`: `count` tokens of `colour`
 *   fly from the element `from` to `to` (the first selector of a list that
 *   matches is used);
 * - `{kind: 'place', at}`: the piece at `at` drops in;
 * - `{kind: 'ship', at, from}`: the ship at `at` sails in from the element `from`;
 * - `{sound: name}`: a sound (sound.js), no motion.
 */
export class Motion {
  constructor(game) {
    this.map = null;
    this.queue = [];
    MAPS[game]?.()
      .then((m) => {
        this.map = m;
      })
      .catch(() => {});
  }

  /**
   * The cues of live events (for the table's viewer), queued for the next
   * `play`; returns the names of the sounds they make.
   */
  live(events, info) {
    if (!this.map || !Array.isArray(events)) return [];
    const sounds = [];
    const cues = [];
    for (const e of events) {
      let list = [];
      try {
        list = this.map.cues(e, info) || [];
      } catch (err) {
        console.error(err);
      }
      for (const c of list) {
        if (c.sound) {
          if (!sounds.includes(c.sound)) sounds.push(c.sound);
        } else cues.push(c);
      }
    }
    if (!reducedMotion() && !document.hidden) this.queue.push(...cues);
    else window.spielleiterDebug.motionsSkipped = (window.spielleiterDebug.motionsSkipped || 0) + cues.length;
    if (this.queue.length > MAX_CUES) this.queue.splice(0, this.queue.length - MAX_CUES);
    return sounds;
  }

  /**
   * Drops the queued cues and the tokens still flying: the winner screen
   * opens over a finished game, and a token crossing its text (it flew over
   * the dialog before, issue 43) tells nothing any more.
   */
  clear() {
    this.queue = [];
    for (const t of document.querySelectorAll('#motion-layer .motion-token')) t.remove();
  }

  /** Plays the queued cues over the board just drawn in `root`. */
  play(root) {
    if (!this.queue.length) return;
    const cues = this.queue;
    this.queue = [];
    if (reducedMotion()) return;
    const scale = Number(window.spielleiterDebug.motionScale) || 1;
    let delay = 0;
    for (const c of cues) {
      try {
        const started = PLAYERS[c.kind]?.(root, c, scale, delay);
        if (started) {
          (window.spielleiterDebug.motions ||= []).push({ kind: c.kind, at: c.at || c.to || null });
          // Cues of one batch follow each other a little, so a roll's dice tumble before the cards fly.
          delay += 120 * scale;
        }
      } catch (err) {
        console.error(err);
      }
    }
  }
}

/** The first element of `root` matching one of the selectors. */
function find(root, sel) {
  for (const s of [sel].flat()) {
    const el = s && root.querySelector(s);
    if (el) return el;
  }
  return null;
}

function centre(el) {
  const r = el.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2, w: r.width, h: r.height };
}

/** The fixed layer the flying tokens live in (outside the page, so a redraw keeps them). */
function layer() {
  let l = document.getElementById('motion-layer');
  if (!l) {
    l = document.createElement('div');
    l.id = 'motion-layer';
    l.setAttribute('aria-hidden', 'true');
    document.body.appendChild(l);
  }
  return l;
}

const PLAYERS = {
  dice(root, c, scale, delay) {
    const el = find(root, c.at);
    if (!el) return false;
    const dice = el.querySelectorAll('.die');
    for (const [k, d] of [...(dice.length ? dice : [el])].entries()) {
      d.animate(
        [
          { transform: 'translateY(-0.6em) rotate(-200deg) scale(0.6)', opacity: 0.3 },
          { transform: 'translateY(0.15em) rotate(20deg) scale(1.15)', opacity: 1, offset: 0.7 },
          { transform: 'none', opacity: 1 },
        ],
        { duration: 520 * scale, delay: delay + k * 60 * scale, easing: 'ease-out', fill: 'backwards' },
      );
    }
    return true;
  },

  fly(root, c, scale, delay) {
    const from = find(root, c.from);
    const to = find(root, c.to);
    if (!from || !to || from === to) return false;
    const a = centre(from);
    const b = centre(to);
    const n = Math.max(1, Math.min(MAX_TOKENS, c.count || 1));
    const l = layer();
    for (let k = 0; k < n; k++) {
      const t = document.createElement('div');
      t.className = ['motion-token', c.shape === 'card' && 'card', c.className].filter(Boolean).join(' ');
      if (c.colour) t.style.background = c.colour;
      t.style.left = `${a.x}px`;
      t.style.top = `${a.y}px`;
      l.appendChild(t);
      const dx = b.x - a.x;
      const dy = b.y - a.y;
      const anim = t.animate(
        [
          { transform: 'translate(-50%, -50%) scale(0.7)', opacity: 0 },
          { transform: 'translate(-50%, -50%) scale(1.1)', opacity: 1, offset: 0.15 },
          { transform: `translate(calc(${dx}px - 50%), calc(${dy}px - 50%)) scale(0.9)`, opacity: 1, offset: 0.85 },
          { transform: `translate(calc(${dx}px - 50%), calc(${dy}px - 50%)) scale(0.6)`, opacity: 0 },
        ],
        { duration: 650 * scale, delay: delay + k * 90 * scale, easing: 'ease-in-out', fill: 'both' },
      );
      const done = () => t.remove();
      anim.onfinish = done;
      anim.oncancel = done;
    }
    return true;
  },

  place(root, c, scale, delay) {
    const el = find(root, c.at);
    if (!el) return false;
    el.style.transformBox = 'fill-box';
    el.style.transformOrigin = 'center';
    el.animate(
      [
        { transform: 'translateY(-14px) scale(1.8)', opacity: 0 },
        { transform: 'translateY(0) scale(0.9)', opacity: 1, offset: 0.7 },
        { transform: 'none', opacity: 1 },
      ],
      { duration: 480 * scale, delay, easing: 'ease-out', fill: 'backwards' },
    );
    return true;
  },

  ship(root, c, scale, delay) {
    const el = find(root, c.at);
    if (!el) return false;
    const from = find(root, c.from);
    const dx = from ? centre(from).x - centre(el).x : -24;
    el.animate(
      [
        { transform: `translateX(${dx}px)` },
        { transform: 'translateX(0) rotate(-4deg)', offset: 0.8 },
        { transform: 'none' },
      ],
      { duration: 800 * scale, delay, easing: 'ease-in-out', fill: 'backwards' },
    );
    return true;
  },
};
