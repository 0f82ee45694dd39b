// The trade builder shared by CATAN (domestic trade) and Catan Junior (the
// pro variant's offer to a player): − and + beside every kind of card for
// what the player gives (bounded by the hand) and wants (bounded by what can
// be asked for), the counts shown, a kind given or wanted but not both, and
// one button that sends the whole offer. Underneath, the engines' offers
// stay micro-actions (one card at a time, then submit); the game module
// says which actions make up the offer, and the table sends them one after
// the other, each checked against the fresh legal list, so the builder
// offers nothing the server would not.

const TEXT = {
  builderHint: { de: 'Stelle dein Angebot mit − und + zusammen.', en: 'Put your offer together with − and +.' },
  give: { de: 'Du gibst', en: 'You give' },
  get: { de: 'Du möchtest', en: 'You want' },
  send: { de: 'Angebot machen: {give} gegen {get}', en: 'Make the offer: {give} for {get}' },
  sending: { de: 'Wird angeboten…', en: 'Offering…' },
};

const STYLE = `
.trade-builder { border-collapse: collapse; margin: .3rem 0; }
.trade-builder td, .trade-builder th { padding: .1rem .2rem; text-align: center; }
.trade-builder .res { min-width: 5.5rem; border-radius: 4px; }
.trade-step { display: inline-flex; align-items: center; gap: .2rem; }
.trade-step .step { min-width: 34px; min-height: 34px; padding: 0; font-size: 1.1rem; }
.trade-step .count { min-width: 1.5rem; text-align: center; }
.trade-step .why { display: block; font-size: .7rem; opacity: .75; max-width: 7rem; }
@media (max-width: 520px) { .trade-step .step { min-width: 40px; min-height: 40px; } }
`;

function ensureStyle() {
  if (typeof document === 'undefined' || document.getElementById('trade-builder-style')) return;
  const el = document.createElement('style');
  el.id = 'trade-builder-style';
  el.textContent = STYLE;
  document.head.appendChild(el);
}

const sum = (kinds, m) => kinds.reduce((n, k) => n + (m[k] || 0), 0);

/**
 * The builder. `spec`:
 * - `kinds`: the kinds of cards in order; `name(k)`, `text(counts)`, `fill(k)`, `textColour(k)` say them,
 *   `icon(k)` (optional) draws them;
 * - `hand`: the player's cards; `offer`: `{give, get}` already in the engine's draft (empty before one is open);
 * - `canGive(k)`, `canGet(k)`: whether one more of `k` may be added now;
 * - `maxGive(k)`, `maxGet(k)`: how many more of `k` may be given or wanted in all;
 * - `actions(pick)`: the micro-actions that put `pick` (`{give, get}` counts beyond the draft) to the engine, submit included;
 * - `key`: what the pick belongs to (it starts afresh when the key changes, from `initial` if given);
 * - `why(side, k)` (optional): why one more of `k` may not be added, shown beside the + the rules turn off;
 * - `hint`: the heading (the builder's own hint if left out); `sendText(give, get)`: the send button's words;
 * - `head`: elements above the table (e.g. the partner's choice); `buttons`: more buttons (cancel).
 */
export function offerBuilder(h, ctx, spec) {
  ensureStyle();
  const T = (key, vars) => ctx.L(TEXT[key], vars);
  const { kinds } = spec;
  if (ctx.ui.trade?.key !== spec.key) ctx.ui.trade = { key: spec.key, give: { ...(spec.initial?.give || {}) }, get: { ...(spec.initial?.get || {}) } };
  const pick = ctx.ui.trade;
  const already = { give: spec.offer?.give || {}, get: spec.offer?.get || {} };
  const total = (side) => Object.fromEntries(kinds.map((k) => [k, (already[side][k] || 0) + (pick[side][k] || 0)]));
  const can = (side, k) => (side === 'give' ? spec.canGive(k) : spec.canGet(k));
  const max = (side, k) => Math.max(0, side === 'give' ? spec.maxGive(k) : spec.maxGet(k));
  const change = (side, k, d) => {
    const other = side === 'give' ? 'get' : 'give';
    const n = Math.max(0, Math.min(max(side, k), (pick[side][k] || 0) + d));
    pick[side][k] = n;
    // One kind is given or wanted, not both.
    if (n > 0) pick[other][k] = 0;
    ctx.rerender();
  };
  const gives = total('give');
  const gets = total('get');
  const ready = sum(kinds, gives) > 0 && sum(kinds, gets) > 0;
  const stepper = (side, k) => {
    const n = pick[side][k] || 0;
    const shown = side === 'give' ? gives[k] : gets[k];
    const other = side === 'give' ? 'get' : 'give';
    const refused = !can(side, k);
    const blocked = refused || n >= max(side, k) || pick[other][k] > 0 || already[other][k] > 0;
    // Why the + is off when the rules say no (not when the other side holds the kind).
    const why = refused && !(pick[other][k] > 0 || already[other][k] > 0) && spec.why ? spec.why(side, k) : null;
    return h(
      'span',
      { class: 'trade-step', title: why },
      h('button', { type: 'button', class: 'step', 'data-testid': `trade-${side}-minus-${k}`, 'aria-label': `− ${spec.name(k)}`, disabled: n <= 0, onclick: () => change(side, k, -1) }, '−'),
      h('strong', { class: 'count', 'data-testid': `trade-${side}-count-${k}` }, String(shown)),
      h('button', { type: 'button', class: 'step', 'data-testid': `trade-${side}-plus-${k}`, 'aria-label': `+ ${spec.name(k)}`, disabled: blocked, title: why, onclick: () => change(side, k, 1) }, '+'),
      why ? h('small', { class: 'why', 'data-testid': `trade-${side}-why-${k}` }, why) : null,
    );
  };
  return h(
    'div',
    { class: 'action-panel', 'data-testid': 'offer-panel' },
    h('h4', {}, spec.hint || T('builderHint')),
    spec.head,
    h(
      'table',
      { class: 'trade-builder' },
      h('thead', {}, h('tr', {}, h('th', {}, ''), h('th', {}, T('give')), h('th', {}, T('get')))),
      h(
        'tbody',
        {},
        kinds.map((k) =>
          h(
            'tr',
            { 'data-testid': `trade-row-${k}` },
            h('td', {}, h('span', { class: 'res', style: { background: spec.fill(k), color: spec.textColour ? spec.textColour(k) : null } }, spec.icon ? spec.icon(k) : null, `${spec.name(k)} (${spec.hand[k] || 0})`)),
            h('td', {}, stepper('give', k)),
            h('td', {}, stepper('get', k)),
          ),
        ),
      ),
    ),
    h(
      'div',
      { class: 'buttons' },
      h(
        'button',
        { type: 'button', class: 'primary', 'data-testid': 'submit-offer', disabled: !ready || ctx.sending, onclick: () => ctx.actAll(spec.actions(pick)) },
        ctx.sending ? T('sending') : spec.sendText ? spec.sendText(spec.text(gives), spec.text(gets)) : T('send', { give: spec.text(gives), get: spec.text(gets) }),
      ),
      spec.buttons,
    ),
  );
}
