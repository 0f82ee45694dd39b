// Small inline SVG icons for the table's status (the turn clock, a seat a
// bot plays, the sound switch). They were emoji (⏱ 🤖 🔔 🔕), which a
// system without an emoji font draws as empty boxes; these need no font.
// Each is decorative (`aria-hidden`): the text beside it says what it means.

import { h } from './dom.js';

const PATHS = {
  // A stopwatch: the dial, the crown and the hand.
  clock: ['M12 21a8 8 0 1 0 0-16a8 8 0 1 0 0 16z', 'M12 9v4l2.5 2', 'M10 2h4', 'M12 2v3'],
  // A robot's head: the face, the eyes, the mouth and the antenna.
  bot: ['M5 9h14v10H5z', 'M9 13h.01', 'M15 13h.01', 'M9.5 16.5h5', 'M12 9V5', 'M12 4.5a.5.5 0 1 0 0 .01'],
  // A loudspeaker with two sound waves, and one struck through (the sound switch).
  volume: ['M4 9h4l5-4v14l-5-4H4z', 'M16 9.5a3.5 3.5 0 0 1 0 5', 'M18.5 7a7 7 0 0 1 0 10'],
  'volume-off': ['M4 9h4l5-4v14l-5-4H4z', 'M16.5 9.5l5 5', 'M21.5 9.5l-5 5'],
};

/** The icon `name` (clock, bot, volume, volume-off), 1em square in the text's colour. */
export function icon(name) {
  return h(
    'svg:svg',
    { class: `icon icon-${name}`, viewBox: '0 0 24 24', width: '1em', height: '1em', 'aria-hidden': 'true', focusable: 'false', 'data-icon': name },
    (PATHS[name] || []).map((d) => h('svg:path', { d, fill: 'none', stroke: 'currentColor', 'stroke-width': 2, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' })),
  );
}
