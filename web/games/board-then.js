// The board as it was when each log line happened. A line names hexes by
// terrain and number ("Forest 10"), read from the board of the view; the
// Inventor (Cities & Knights) swaps two number tokens later, and a line
// described on today's board would rewrite history ("Forest 10" of the
// set-up turning into "Forest 9"). Walking the log backwards from the
// current board and undoing each swap gives every line the numbers that were
// true when it happened. Terrain, the other part of a hex's name, never changes.

/**
 * For each event of `events` (in order, ending at `view`), the view to
 * describe it with: `view` itself after the last swap, before it a copy whose
 * tiles carry the numbers of that time. A swap's own line names the numbers
 * it swapped (those before it).
 */
export function viewsThen(events, view) {
  const tiles = view?.board?.tiles;
  const out = new Array(events.length).fill(view);
  if (!Array.isArray(tiles)) return out;
  let numbers = null;
  let then = view;
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (e?.type === 'tokens_swapped' && tiles[e.a] && tiles[e.b]) {
      numbers = numbers ? numbers.slice() : tiles.map((t) => t.number);
      [numbers[e.a], numbers[e.b]] = [numbers[e.b], numbers[e.a]];
      const was = numbers;
      then = { ...view, board: { ...view.board, tiles: tiles.map((t, k) => ({ ...t, number: was[k] })) } };
    }
    out[i] = then;
  }
  return out;
}

/** Each event in words on the board of its time (`describe(e, ctx)`, null for a silent one). */
export function describeThen(events, ctx, describe) {
  const views = viewsThen(events, ctx.view);
  return events.map((e, i) => {
    try {
      return describe(e, views[i] === ctx.view ? ctx : { ...ctx, view: views[i] });
    } catch {
      return null;
    }
  });
}
