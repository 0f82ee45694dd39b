// The CATAN board's shape, rebuilt in JS from the same coordinate template as
// crates/catan/src/topology.rs (the view names hexes, intersections and paths
// only by id): 19 hexes in reading order, 54 intersections sorted by (y, x),
// 72 paths sorted by their two intersection ids, 30 coastal paths clockwise
// from the top-left side of hex 0, and the 9 harbor spots among them.
// Geometry only; nothing here decides what is legal.

/** Corner offsets of a hex on the integer grid, clockwise from the top corner. */
const CORNERS = [
  [0, -2],
  [1, -1],
  [1, 1],
  [0, 2],
  [-1, 1],
  [-1, -1],
];
/** Gaps between consecutive harbor spots along the 30 coastal paths. */
const HARBOR_GAPS = [3, 3, 4, 3, 3, 4, 3, 3, 4];

function build() {
  const hexCoords = [];
  for (let r = -2; r <= 2; r++) for (let q = -2; q <= 2; q++) if (Math.abs(q + r) <= 2) hexCoords.push([q, r]);
  const centre = ([q, r]) => [2 * q + r, 3 * r];
  const key = (x, y) => `${x},${y}`;
  const seen = new Map();
  for (const c of hexCoords) {
    const [cx, cy] = centre(c);
    for (const [dx, dy] of CORNERS) seen.set(key(cx + dx, cy + dy), [cx + dx, cy + dy]);
  }
  const nodePos = [...seen.values()].sort((a, b) => a[1] - b[1] || a[0] - b[0]);
  const nodeIndex = new Map(nodePos.map((p, i) => [key(p[0], p[1]), i]));
  const hexNodes = hexCoords.map((c) => {
    const [cx, cy] = centre(c);
    return CORNERS.map(([dx, dy]) => nodeIndex.get(key(cx + dx, cy + dy)));
  });
  const pairKeys = new Map();
  for (const ns of hexNodes) {
    for (let k = 0; k < 6; k++) {
      const a = Math.min(ns[k], ns[(k + 1) % 6]);
      const b = Math.max(ns[k], ns[(k + 1) % 6]);
      const kk = a * 100 + b;
      pairKeys.set(kk, (pairKeys.get(kk) || 0) + 1);
    }
  }
  const pairs = [...pairKeys.keys()].sort((a, b) => a - b);
  const edgeNodes = pairs.map((k) => [Math.floor(k / 100), k % 100]);
  const edgeHexCount = pairs.map((k) => pairKeys.get(k));
  const nodeHexes = nodePos.map(() => []);
  hexNodes.forEach((ns, h) => ns.forEach((n) => nodeHexes[n].push(h)));
  const coastList = [];
  edgeNodes.forEach(([a, b], e) => {
    if (edgeHexCount[e] !== 1) return;
    const mx = (nodePos[a][0] + nodePos[b][0]) * 0.5 * (Math.sqrt(3) / 2);
    const my = (nodePos[a][1] + nodePos[b][1]) * 0.5 * 0.5;
    let angle = Math.atan2(mx, -my);
    if (angle < -0.6) angle += 2 * Math.PI;
    coastList.push([angle, e]);
  });
  coastList.sort((x, y) => x[0] - y[0]);
  const coast = coastList.map(([, e]) => e);
  const harborEdges = [];
  let at = 0;
  for (const gap of HARBOR_GAPS) {
    harborEdges.push(coast[at]);
    at += gap;
  }
  return { hexCoords, hexCentres: hexCoords.map(centre), hexNodes, nodePos, nodeHexes, edgeNodes, coast, harborEdges };
}

export const TOPO = build();

/** Screen position of a grid point for hex radius `s`. */
export function gridXY([x, y], s) {
  return [x * s * (Math.sqrt(3) / 2), y * (s / 2)];
}
