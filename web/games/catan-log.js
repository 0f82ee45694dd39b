// The log's folded lines for CATAN's 5–6 player extension. After every turn
// the Special Building Phase gives each other player a step: at six players
// five log lines a turn, most of them a seat that just passed. Once a phase is
// over (the next turn began, or the game ended) its lines fold into one —
// "Special Building Phase after the turn of Bot 1: Anna, Bot 2 passed; Bot 3
// built a road." — that opens to the lines it stands for. The phase still
// running stays unfolded, so the table can follow it step by step.
//
// `foldLog(events, ctx)` returns the folds as `{from, to, summary}`: the
// events `from` (inclusive) to `to` (exclusive) stand under the line
// `summary`. The table page (table-panels.js) draws them.

import { de } from './catan-text.js';

const PLURAL = {
  road: ['Straßen', 'roads'],
  settlement: ['Siedlungen', 'settlements'],
  city: ['Städte', 'cities'],
};
const ONE = {
  road: ['eine Straße', 'a road'],
  settlement: ['eine Siedlung', 'a settlement'],
  city: ['eine Stadt', 'a city'],
};

/** "a, b and c" / "a, b und c". */
function list(parts, d) {
  if (parts.length < 2) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} ${d ? 'und' : 'and'} ${parts[parts.length - 1]}`;
}

/** What one seat's step did, as a clause, or null for a pass. */
function stepClause(who, events, d) {
  const built = { road: 0, settlement: 0, city: 0 };
  let cards = 0;
  for (const e of events) {
    if (e?.type === 'built' && e.piece in built) built[e.piece]++;
    else if (e?.type === 'dev_card_bought') cards++;
  }
  const pieces = Object.entries(built)
    .filter(([, n]) => n)
    .map(([p, n]) => (n === 1 ? ONE[p][d ? 0 : 1] : `${n} ${PLURAL[p][d ? 0 : 1]}`));
  const bought = cards === 0 ? null : cards === 1 ? (d ? 'eine Entwicklungskarte' : 'a development card') : `${cards} ${d ? 'Entwicklungskarten' : 'development cards'}`;
  if (!pieces.length && !bought) return null;
  if (d) {
    const verbs = [pieces.length && `${list(pieces, d)} gebaut`, bought && `${bought} gekauft`].filter(Boolean);
    return `${who} hat ${list(verbs, d)}`;
  }
  const verbs = [pieces.length && `built ${list(pieces, d)}`, bought && `bought ${bought}`].filter(Boolean);
  return `${who} ${list(verbs, d)}`;
}

/** The folded line of one phase: its seats' steps in words. */
function summary(after, steps, ctx) {
  const d = de(ctx);
  const passed = [];
  const acted = [];
  for (const s of steps) {
    const clause = stepClause(ctx.seatName(s.seat), s.events, d);
    if (clause) acted.push(clause);
    else passed.push(ctx.seatName(s.seat));
  }
  const clauses = [];
  if (passed.length) clauses.push(d ? `${passed.join(', ')} ${passed.length > 1 ? 'haben' : 'hat'} gepasst` : `${passed.join(', ')} passed`);
  clauses.push(...acted);
  return d
    ? `Außerordentliche Bauphase nach dem Zug von ${ctx.seatName(after)}: ${clauses.join('; ')}.`
    : `Special Building Phase after the turn of ${ctx.seatName(after)}: ${clauses.join('; ')}.`;
}

/** The finished Special Building Phases of the log, each as one fold. */
export function foldLog(events, ctx) {
  const folds = [];
  let k = 0;
  while (k < events.length) {
    const first = events[k];
    if (first?.type !== 'special_building') {
      k++;
      continue;
    }
    const after = first.after;
    const steps = [];
    let end = k;
    while (end < events.length) {
      const e = events[end];
      if (e?.type === 'special_building' && e.after === after) steps.push({ seat: e.seat, events: [] });
      else if (e?.type === 'turn_started' || e?.type === 'won' || e?.type === 'special_building') break;
      else steps[steps.length - 1].events.push(e);
      end++;
    }
    // Folded once over: the next turn began or the game ended.
    if (end < events.length) folds.push({ from: k, to: end, summary: summary(after, steps, ctx) });
    k = end;
  }
  return folds;
}
