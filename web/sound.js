// Sounds at the table, made in the browser with the Web Audio API (no sound
// files, nothing fetched): your turn, dice, build, trade, robber, barbarian
// attack, win. One switch and one volume, kept in this browser's
// localStorage. When the switch was never touched, sound is on for a player
// and off for a spectator (someone watching has not asked to be beeped at).
//
// Autoplay: the AudioContext is made lazily, on the first sound after the
// page had a user gesture (or on the switch's own click); before that a
// sound is skipped, never queued.
//
// Test hook: `window.spielleiterDebug.sounds` lists the names of the sounds
// played (after the switch and the gesture checks), in order.

const ON_KEY = 'spielleiter.sound';
const VOLUME_KEY = 'spielleiter.volume';
const DEFAULT_VOLUME = 60;

window.spielleiterDebug ||= {};

/** Each sound: notes as [frequency Hz, start s, length s, wave, peak 0..1]; noise bursts as [null, start, length]. */
const SOUNDS = {
  // Two rising notes.
  turn: [
    [660, 0, 0.16, 'sine', 0.5],
    [880, 0.12, 0.22, 'sine', 0.5],
  ],
  // Rattling dice: three short noise clicks.
  dice: [
    [null, 0, 0.05, 'noise', 0.6],
    [null, 0.07, 0.05, 'noise', 0.5],
    [null, 0.16, 0.06, 'noise', 0.6],
  ],
  // A wooden knock and a lower one.
  build: [
    [220, 0, 0.09, 'triangle', 0.8],
    [165, 0.08, 0.12, 'triangle', 0.7],
  ],
  // A coin-like pair.
  trade: [
    [988, 0, 0.08, 'square', 0.25],
    [1319, 0.07, 0.16, 'square', 0.25],
  ],
  // A falling low note.
  robber: [
    [196, 0, 0.25, 'sawtooth', 0.35],
    [147, 0.18, 0.3, 'sawtooth', 0.35],
  ],
  // Three heavy drum hits.
  attack: [
    [98, 0, 0.18, 'square', 0.5],
    [98, 0.22, 0.18, 'square', 0.5],
    [73, 0.44, 0.35, 'square', 0.6],
  ],
  // A little fanfare.
  win: [
    [523, 0, 0.14, 'triangle', 0.6],
    [659, 0.14, 0.14, 'triangle', 0.6],
    [784, 0.28, 0.14, 'triangle', 0.6],
    [1047, 0.42, 0.4, 'triangle', 0.7],
  ],
};

/** Whether sound is on for this browser (`spectator`: the default when never set). */
export function soundOn(spectator) {
  const v = localStorage.getItem(ON_KEY);
  if (v === 'on') return true;
  if (v === 'off') return false;
  return !spectator;
}

export function setSoundOn(on) {
  localStorage.setItem(ON_KEY, on ? 'on' : 'off');
}

/** The volume, 0..100. */
export function volume() {
  const v = Number(localStorage.getItem(VOLUME_KEY));
  return localStorage.getItem(VOLUME_KEY) != null && Number.isFinite(v) ? Math.max(0, Math.min(100, Math.round(v))) : DEFAULT_VOLUME;
}

export function setVolume(v) {
  const n = Math.max(0, Math.min(100, Math.round(Number(v) || 0)));
  localStorage.setItem(VOLUME_KEY, String(n));
}

let audio = null;

/** The AudioContext, made on first need once the page had a user gesture. */
function context(gesture) {
  if (audio) return audio;
  const allowed = gesture || navigator.userActivation?.hasBeenActive !== false;
  const Ctx = window.AudioContext || window.webkitAudioContext;
  if (!allowed || !Ctx) return null;
  try {
    audio = new Ctx();
  } catch {
    audio = null;
  }
  return audio;
}

/**
 * Plays the sound `name` if sound is on (for this viewer) and the page may
 * make sound. `gesture`: called from a click (the switch, the volume).
 */
export function play(name, { spectator = false, gesture = false } = {}) {
  const notes = SOUNDS[name];
  if (!notes || !soundOn(spectator)) return false;
  const vol = volume() / 100;
  if (vol <= 0) return false;
  const ctx = context(gesture);
  if (!ctx) return false;
  try {
    if (ctx.state === 'suspended') ctx.resume?.();
    const now = ctx.currentTime;
    const out = ctx.createGain();
    out.gain.value = vol * 0.4;
    out.connect(ctx.destination);
    for (const [freq, at, len, wave, peak] of notes) {
      const g = ctx.createGain();
      g.gain.setValueAtTime(0.0001, now + at);
      g.gain.exponentialRampToValueAtTime(peak, now + at + 0.01);
      g.gain.exponentialRampToValueAtTime(0.0001, now + at + len);
      let src;
      if (wave === 'noise') {
        src = ctx.createBufferSource();
        src.buffer = noise(ctx, len);
      } else {
        src = ctx.createOscillator();
        src.type = wave;
        src.frequency.value = freq;
      }
      src.connect(g).connect(out);
      src.start(now + at);
      src.stop(now + at + len + 0.02);
    }
  } catch {
    return false; // no audio: the page still shows everything
  }
  (window.spielleiterDebug.sounds ||= []).push(name);
  return true;
}

const noiseCache = new Map();
/** White noise of `len` seconds (made once per length). */
function noise(ctx, len) {
  const key = len;
  if (noiseCache.has(key)) return noiseCache.get(key);
  const n = Math.max(1, Math.floor(ctx.sampleRate * len));
  const buf = ctx.createBuffer(1, n, ctx.sampleRate);
  const data = buf.getChannelData(0);
  for (let i = 0; i < n; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / n);
  noiseCache.set(key, buf);
  return buf;
}
