// Catan Junior's two board sides as printed data (the same tables as
// crates/catan-junior/src/board_data.rs: islands with good, number and their
// sites in ring order, 0 = open water) plus a drawing layout. The view names
// sites by printed number, routes by their two sites and islands by letter;
// where each lies on screen is computed here. Geometry only: nothing here
// decides what is legal.
//
// Layout: flat-topped hex islands on an integer grid (corners at (±2, 0) and
// (±1, ±1) around a centre). The 2-player side is the derived layout of the
// engine's test `two_player_side_is_the_derived_hex_layout`; the 3–4-player
// side puts the castle island in the middle, the six islands sharing its
// ring around it, A and L beyond D and I, and B, C, J, K in the gaps.

const CORNERS = [
  [-1, -1],
  [1, -1],
  [2, 0],
  [1, 1],
  [-1, 1],
  [-2, 0],
];

const isl = (name, good, number, sites, centre) => ({ name, good, number, sites, centre });

const FOUR = {
  sites: 32,
  castleRing: [27, 28, 29, 30, 31, 32],
  castleCentre: [0, 0],
  islands: [
    isl('A', 'wood', 3, [1, 2, 3, 24, 25, 26], [-6, -2]),
    isl('B', 'sabre', 1, [2, 3, 4, 5, 0, 0], [-3, -3]),
    isl('C', 'sabre', 4, [22, 23, 24, 25, 0, 0], [-6, 0]),
    isl('D', 'gold', 5, [3, 4, 27, 32, 23, 24], [-3, -1]),
    isl('E', 'wood', 2, [4, 5, 6, 7, 28, 27], [0, -2]),
    isl('F', 'wood', 1, [20, 21, 22, 23, 32, 31], [-3, 1]),
    isl('G', 'wool', 1, [7, 8, 9, 10, 29, 28], [3, -1]),
    isl('H', 'wool', 2, [17, 18, 19, 20, 31, 30], [0, 2]),
    isl('I', 'gold', 3, [10, 11, 16, 17, 30, 29], [3, 1]),
    isl('J', 'pineapple', 2, [9, 10, 11, 12, 0, 0], [6, 0]),
    isl('K', 'pineapple', 4, [15, 16, 17, 18, 0, 0], [3, 3]),
    isl('L', 'wool', 5, [11, 12, 13, 14, 15, 16], [6, 2]),
  ],
};

const TWO = {
  sites: 16,
  castleRing: [],
  castleCentre: null,
  islands: [
    isl('A', 'sabre', 1, [0, 0, 1, 3, 2, 0], [-3, -3]),
    isl('B', 'wool', 2, [1, 0, 4, 6, 5, 3], [0, -2]),
    isl('C', 'wood', 3, [4, 0, 0, 10, 9, 6], [3, -1]),
    isl('D', 'pineapple', 3, [2, 3, 5, 8, 7, 0], [-3, -1]),
    isl('E', 'gold', 5, [5, 6, 9, 12, 11, 8], [0, 0]),
    isl('F', 'pineapple', 4, [9, 10, 0, 15, 14, 12], [3, 1]),
    isl('G', 'wood', 4, [7, 8, 11, 13, 0, 0], [-3, 1]),
    isl('H', 'wool', 1, [11, 12, 14, 16, 0, 13], [0, 2]),
    isl('I', 'sabre', 2, [14, 15, 0, 0, 0, 16], [3, 3]),
  ],
};

function corners([cx, cy]) {
  return CORNERS.map(([dx, dy]) => [cx + dx, cy + dy]);
}

/** Site positions: every island's ring laid on its hex's corners, in the
 * rotation and direction that agrees with the sites placed before it. */
function placeSites(side) {
  const pos = new Map();
  if (side.castleCentre) {
    corners(side.castleCentre).forEach((p, k) => pos.set(side.castleRing[k], p));
  }
  const pending = [...side.islands];
  let guard = 0;
  while (pending.length && guard++ < 100) {
    const i = pending.shift();
    const cs = corners(i.centre);
    let best = null;
    for (const dir of [1, -1]) {
      for (let o = 0; o < 6; o++) {
        let agree = 0;
        let ok = true;
        i.sites.forEach((s, j) => {
          if (!s || !pos.has(s)) return;
          const c = cs[(((o + dir * j) % 6) + 6) % 6];
          const p = pos.get(s);
          if (p[0] === c[0] && p[1] === c[1]) agree++;
          else ok = false;
        });
        if (ok && (!best || agree > best.agree)) best = { dir, o, agree };
      }
    }
    const placed = i.sites.filter((s) => s && pos.has(s)).length;
    if (!side.castleCentre && pos.size === 0) best = null;
    if (best && (best.agree >= 2 || (pos.size === 0 && placed === 0))) {
      i.sites.forEach((s, j) => {
        if (s) pos.set(s, cs[(((best.o + best.dir * j) % 6) + 6) % 6]);
      });
    } else if (pos.size === 0) {
      // First island of a side without a castle ring: ring in corner order.
      i.sites.forEach((s, j) => {
        if (s) pos.set(s, cs[j]);
      });
    } else pending.push(i);
  }
  return pos;
}

/** Every route: consecutive ring sites of each island, and the castle ring. */
function routesOf(side) {
  const set = new Set();
  const add = (a, b) => {
    if (a && b) set.add(`${Math.min(a, b)}-${Math.max(a, b)}`);
  };
  for (const i of side.islands) for (let k = 0; k < 6; k++) add(i.sites[k], i.sites[(k + 1) % 6]);
  const r = side.castleRing;
  for (let k = 0; k < r.length; k++) add(r[k], r[(k + 1) % r.length]);
  return [...set].map((s) => s.split('-').map(Number)).sort((x, y) => x[0] - y[0] || x[1] - y[1]);
}

function build(side) {
  const pos = placeSites(side);
  const castleSite = side.sites + 1;
  return { ...side, pos, routes: routesOf(side), castleSite };
}

export const SIDES = { four_player: build(FOUR), two_player: build(TWO) };
export { corners };
