// The Special Building Phase of CATAN's 5–6 player extension gives every
// other player a building step after each turn: at six players five steps a
// round, each waiting for a click even when the player can afford nothing
// (52 clicks in 9 turns at six players, issue 43). So "pass my building step
// when I cannot afford anything" is on by default; a player who wants to
// pass by hand switches it off (remembered in this browser). While it is on,
// the page sends the pass itself. It is decided from the seat's own legal actions only (nothing but
// the pass is listed), and the pass goes after a short random pause, so that
// its timing does not tell the table more than any pass tells: the server
// sees an ordinary `end_turn`.

const KEY = 'spielleiter.autoPassBuilding';
/** The pause before an automatic pass, in ms (a range, drawn each time). */
const PAUSE = [700, 1600];

const TEXT = {
  label: { de: 'Meinen Bauschritt passen, wenn ich nichts bezahlen kann', en: 'Pass my building step when I cannot afford anything' },
  passing: { de: 'Nichts bezahlbar: du passt gleich automatisch.', en: 'Nothing you can afford: passing automatically.' },
};

/** On unless this browser's player switched it off ('0' stored). */
export function autoPassOn() {
  try {
    return localStorage.getItem(KEY) !== '0';
  } catch {
    return true;
  }
}

function setAutoPass(on) {
  try {
    localStorage.setItem(KEY, on ? '1' : '0');
  } catch {
    /* a browser without storage keeps the switch for this page only */
  }
}

/** Whether this table has building steps at all (the rule of the 5–6 player extension). */
export function hasBuildingSteps(view) {
  return view?.turn_rule === 'special_building';
}

/** The seat's building step with nothing to do but pass: the pass, else null. */
function onlyPass(view, legal, ctx) {
  if (ctx.seat == null || ctx.replay || ctx.spectator) return null;
  if (!hasBuildingSteps(view) || view.turn_of == null || view.current !== ctx.seat || view.phase?.phase !== 'main') return null;
  return legal.length === 1 && legal[0].type === 'end_turn' ? legal[0] : null;
}

/**
 * Called on every redraw: when the switch is on and the seat's building step
 * offers only the pass, sends it after the pause, unless the table moved on
 * (another step, the switch turned off) meanwhile. Returns the note to show
 * while the pass is pending, or null.
 */
export function autoPass(h, view, legal, ctx) {
  const pass = onlyPass(view, legal, ctx);
  const key = pass ? `${view.turn}:${view.turn_of}:${view.current}` : null;
  if (!pass || !autoPassOn()) {
    ctx.ui.autoPass = null;
    return null;
  }
  if (ctx.ui.autoPass !== key) {
    ctx.ui.autoPass = key;
    const wait = PAUSE[0] + Math.random() * (PAUSE[1] - PAUSE[0]);
    setTimeout(() => {
      if (ctx.ui.autoPass !== key || !autoPassOn()) return;
      ctx.ui.autoPass = null;
      ctx.act(pass);
    }, wait);
  }
  return h('div', { class: 'muted', 'data-testid': 'auto-pass-pending' }, ctx.L(TEXT.passing));
}

/** The switch, for a seated player at a table with building steps. */
export function autoPassSwitch(h, view, ctx) {
  if (ctx.seat == null || ctx.replay || ctx.spectator || !hasBuildingSteps(view)) return null;
  return h(
    'label',
    { class: 'check auto-pass' },
    h('input', {
      type: 'checkbox',
      'data-testid': 'auto-pass',
      checked: autoPassOn(),
      onchange: (e) => {
        setAutoPass(e.target.checked);
        ctx.rerender();
      },
    }),
    ' ',
    ctx.L(TEXT.label),
  );
}
