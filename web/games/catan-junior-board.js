// Catan Junior's board as the server serves it (GET /api/tables/{id}/topology,
// crates/catan-junior/src/geometry.rs): islands with good, number, centre and
// their sites in ring order, the castle island, every site's position and
// every route. The game module calls useTopology() once per table before it
// draws; nothing here is a copy of the board, and nothing decides what is
// legal.
//
// Layout: flat-topped hex islands on an integer grid (corners at (±2, 0) and
// (±1, ±1) around a centre), as served.

const CORNERS = [
  [-1, -1],
  [1, -1],
  [2, 0],
  [1, 1],
  [-1, 1],
  [-2, 0],
];

/** The served board of each side in play, by side name (`four_player`, `two_player`). */
export const SIDES = {};

function corners([cx, cy]) {
  return CORNERS.map(([dx, dy]) => [cx + dx, cy + dy]);
}

/**
 * Takes the served topology of a table (`kind: "catan_junior"`) into SIDES;
 * returns whether it was one.
 */
export function useTopology(served) {
  if (!served || served.kind !== 'catan_junior') return false;
  const castleSite = served.castle ? served.castle.site : Math.max(0, ...served.sites.map((s) => s.site)) + 1;
  const ordinary = served.sites.filter((s) => s.site !== castleSite);
  SIDES[served.side] = {
    sites: ordinary.length,
    castleRing: served.castle ? served.castle.ring : [],
    castleCentre: served.castle ? [served.castle.x, served.castle.y] : null,
    islands: served.islands.map((i) => ({ name: i.island, good: i.good, number: i.number, sites: i.sites, centre: [i.x, i.y] })),
    pos: new Map(ordinary.map((s) => [s.site, [s.x, s.y]])),
    routes: served.routes.map((r) => r.route),
    castleSite,
  };
  return true;
}

export { corners };
