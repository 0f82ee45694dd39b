// "What just happened" for the boards that mark the last move (Splendor,
// Catan Junior): the turn of the latest move, taken from the log the table
// keeps of the server's public history, so every viewer (spectators and a
// second device included) sees the same marks. Nothing here decides what is
// legal; it only reads events.

/**
 * The events of the turn in which the latest move was made: everything
 * between the turn boundary before that move and the next boundary (or the
 * end of the log). `log` holds `{v, e}` items in order; `isBoundary(e)` says
 * where a turn begins or ends, `isMove(e)` which events are moves worth
 * marking. Empty when no move was made yet. While the player to act has not
 * moved, the previous player's turn stays marked, so what the others did is
 * still on the board when the own turn comes.
 */
export function latestTurn(log, isBoundary, isMove) {
  const items = log || [];
  let last = items.length - 1;
  while (last >= 0 && !isMove(items[last].e)) last--;
  if (last < 0) return [];
  let from = last;
  while (from > 0 && !isBoundary(items[from - 1].e)) from--;
  let to = last + 1;
  while (to < items.length && !isBoundary(items[to].e)) to++;
  return items.slice(from, to).map((x) => x.e);
}

/** The last event of `events` whose type is one of `types`. */
export function lastOf(events, ...types) {
  for (let i = events.length - 1; i >= 0; i--) if (types.includes(events[i]?.type)) return events[i];
  return null;
}
