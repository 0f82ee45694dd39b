// The fallback for games without a module of their own, and the defaults a
// game module inherits for whatever it does not export. It shows the view as
// text and describes actions and events from their fields.

import { h } from '../dom.js';

export const meta = { title: null, players: [2, 4] };

/** Game options that go with a player count: `{options, note: {de, en}}`, or null for none. */
export function tableOptions() {
  return null;
}

function fields(obj) {
  return Object.entries(obj || {})
    .filter(([k]) => k !== 'type')
    .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : v}`)
    .join(', ');
}

function words(type) {
  return String(type || '').replace(/_/g, ' ');
}

/** A readable label for a legal action. */
export function describeAction(action) {
  if (action && typeof action === 'object') {
    const f = fields(action);
    return f ? `${words(action.type)} (${f})` : words(action.type);
  }
  return String(action);
}

/** A sentence for an event, or null to leave it out of the log. */
export function describeEvent(event, ctx) {
  const who = event && 'seat' in event ? `${ctx.seatName(event.seat)}: ` : '';
  const rest = { ...event };
  delete rest.seat;
  return `${who}${describeAction(rest)}`;
}

/** A sentence for why the game ended. */
export function describeReason(reason) {
  return words(reason);
}

/** The board: here just the view as indented text. */
export function render(view) {
  return h('pre', { class: 'generic-view', 'data-testid': 'generic-view' }, JSON.stringify(view, null, 2));
}
