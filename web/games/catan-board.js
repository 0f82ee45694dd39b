// The CATAN board's shape as the server serves it (GET /api/tables/{id}/topology,
// crates/catan/src/geometry.rs): hexes in reading order with their axial
// coordinates and corners, intersections with their grid positions and hexes,
// paths with their two intersections, the coast and this game's harbors. The
// game module calls useTopology() once per table before it draws; TOPO is
// filled in place, so modules that imported it see the served shape.
// Geometry only; nothing here decides what is legal.

/**
 * The board's shape: `hexCoords` [q, r], `hexCentres` and `nodePos` on the
 * integer grid [x, y], `hexNodes` (corners clockwise from the top),
 * `nodeHexes`, `edgeNodes`, `edgeHexes`, `coast` (clockwise), `harborEdges`
 * (this game's harbor paths, in the board's harbor order) and `harbors`
 * (`{edge, kind, rate, resource, nodes}`).
 */
export const TOPO = {
  hexCoords: [],
  hexCentres: [],
  hexNodes: [],
  nodePos: [],
  nodeHexes: [],
  edgeNodes: [],
  edgeHexes: [],
  coast: [],
  harborEdges: [],
  harbors: [],
};

/** Takes a served topology (`kind: "catan"`) into TOPO; returns whether it was one. */
export function useTopology(served) {
  if (!served || served.kind !== 'catan') return false;
  Object.assign(TOPO, {
    hexCoords: served.hexes.map((x) => [x.q, x.r]),
    hexCentres: served.hexes.map((x) => [x.x, x.y]),
    hexNodes: served.hexes.map((x) => x.nodes),
    nodePos: served.nodes.map((n) => [n.x, n.y]),
    nodeHexes: served.nodes.map((n) => n.hexes),
    edgeNodes: served.edges.map((e) => e.nodes),
    edgeHexes: served.edges.map((e) => e.hexes),
    coast: served.coast,
    harborEdges: served.harbors.map((x) => x.edge),
    harbors: served.harbors,
  });
  return true;
}

/** Screen position of a grid point for hex radius `s`. */
export function gridXY([x, y], s) {
  return [x * s * (Math.sqrt(3) / 2), y * (s / 2)];
}
