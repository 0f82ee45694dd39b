// The lobby's option controls: one control per documented option of the
// chosen game and rule set, built from what `GET /api/games` serves
// (`options[game]`: name, kind bool / integer with bounds / seat / choice,
// label and help in both languages, the rule sets it applies to and its
// default under each). Only values that differ from the rule set's default
// are sent; a number outside its bounds is refused here with the bounds
// named, before anything is sent.

import { h } from './dom.js';
import { t, L } from './i18n.js';
import { hideBanner } from './ui.js';

const same = (a, b) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The option state of a create form. `cards()` gives the served cards of
 * the current game and rule set; `values` holds what the player changed.
 */
export function optionControls(cards, players) {
  const values = {};
  const defaultOf = (c, set) => (c.defaults && set in c.defaults ? c.defaults[set] : null);

  /** Forgets every change (another game or rule set was chosen). */
  const reset = () => {
    for (const k of Object.keys(values)) delete values[k];
  };

  const control = (c, set) => {
    const def = defaultOf(c, set);
    const cur = c.name in values ? values[c.name] : def;
    const id = `option-${c.name}`;
    const set_ = (v) => {
      values[c.name] = v;
    };
    const help = L(c.help);
    if (c.kind === 'bool') {
      return h(
        'label',
        { class: 'check option', title: help },
        h('input', { type: 'checkbox', checked: !!cur, 'data-testid': id, 'data-option': c.name, onchange: (e) => set_(e.target.checked) }),
        ' ',
        L(c.label),
      );
    }
    let input;
    if (c.kind === 'integer') {
      input = h('input', {
        type: 'number',
        inputmode: 'numeric',
        min: c.min,
        max: c.max,
        step: 1,
        value: cur == null ? '' : String(cur),
        placeholder: c.optional ? t('optionNoLimit') : '',
        'data-testid': id,
        'data-option': c.name,
        'aria-describedby': `${id}-help`,
        oninput: (e) => {
          // The refusal of the old value goes with it.
          if (e.target.getAttribute('aria-invalid') === 'true') hideBanner();
          e.target.removeAttribute('aria-invalid');
          set_(e.target.value);
        },
      });
    } else if (c.kind === 'seat') {
      const n = players();
      const seats = [];
      for (let s = 0; s < n; s++) seats.push(s);
      input = h(
        'select',
        { 'data-testid': id, 'data-option': c.name, onchange: (e) => set_(e.target.value === '' ? null : Number(e.target.value)) },
        h('option', { value: '', selected: cur == null }, t('optionDrawn')),
        seats.map((s) => h('option', { value: s, selected: cur === s }, `${t('seat')} ${s + 1}`)),
      );
    } else if (c.kind === 'choice') {
      input = h(
        'select',
        { 'data-testid': id, 'data-option': c.name, onchange: (e) => set_(c.values[Number(e.target.value)]?.value ?? null) },
        c.values.map((v, i) => h('option', { value: i, selected: same(v.value, cur) }, L(v.label))),
      );
    } else {
      return null;
    }
    return h('label', { class: 'option', title: help }, L(c.label), input, h('small', { class: 'muted option-help', id: `${id}-help` }, help));
  };

  return {
    values,
    reset,
    /** The controls of the options that apply to rule set `set`. */
    render(set) {
      const list = cards().filter((c) => !set || c.rule_sets.includes(set));
      if (!list.length) return null;
      return h('fieldset', { class: 'option-specs', 'data-testid': 'option-controls' }, h('legend', {}, t('gameOptions')), list.map((c) => control(c, set)));
    },
    /**
     * The options to send: `{ ok: true, options }` with only the values
     * that differ from the default, or `{ ok: false, message, name }` for a
     * number outside its bounds.
     */
    collect(set) {
      const out = {};
      for (const c of cards().filter((c) => !set || c.rule_sets.includes(set))) {
        if (!(c.name in values)) continue;
        let v = values[c.name];
        if (c.kind === 'integer') {
          const text = String(v ?? '').trim();
          if (text === '' && c.optional) v = null;
          else {
            const n = Number(text);
            if (text === '' || !Number.isInteger(n) || n < c.min || n > c.max) {
              return { ok: false, name: c.name, message: t('optionOutOfRange', { label: L(c.label), min: c.min, max: c.max }) };
            }
            v = n;
          }
        }
        if (c.kind === 'seat' && v != null && v >= players()) v = null;
        if (!same(v, defaultOf(c, set))) out[c.name] = v;
      }
      return { ok: true, options: out };
    },
  };
}
