//! Board tensors: a game's board as `float32` planes `[channels, height,
//! width]` on a 2-D grid, for convolutional networks (beside the flat vector
//! of `obs.rs`, which a multilayer perceptron reads).
//!
//! Each game with a board maps its places onto one grid in which hexes (or
//! islands), intersections (or sites) and paths (or ship routes) each own a
//! cell, so a 3×3 or 3×5 kernel around a hex sees its corners and sides
//! (`docs/python.md`, "Board tensor", has the grids drawn out). The planes
//! are written from the seat's *view* only, as the flat vector is: the
//! encoders take `&G::View`, never the state, so nothing hidden can reach a
//! plane. Pieces are planes per *relative* seat (the viewer's are `+0`), so
//! one policy plays every seat.
//!
//! The grid of a config never changes during a game, so it is computed once
//! ([`BoardSpec`]), with the planes that only say where the places are.

mod catan;
mod junior;

use engine::Game;

/// Channels at the front of every board tensor saying where the places are
/// (a CNN sees the board's outline and which cells are empty padding).
pub const PLACE_CHANNELS: [&str; 3] = ["hex", "node", "edge"];

/// `(row, column)` of each place of one kind, unshifted (see [`BoardSpec::new`]).
pub type Places = Vec<(i32, i32)>;

/// The grid of one game under one config: its channels, its size, and the
/// cell of every place.
#[derive(Debug, Clone)]
pub struct BoardSpec {
    /// The channel names, in plane order.
    pub channels: Vec<String>,
    /// Rows of the grid.
    pub height: usize,
    /// Columns of the grid.
    pub width: usize,
    /// Cell (`row * width + column`) of each hex or island, by id.
    pub hexes: Vec<usize>,
    /// Cell of each intersection or site, by id.
    pub nodes: Vec<usize>,
    /// Cell of each path or route, by id.
    pub edges: Vec<usize>,
}

impl BoardSpec {
    /// A spec with the place channels first and `channels` after them; the
    /// places given by their unshifted `(row, column)` (shifted here so that
    /// the smallest row and column are 0).
    fn new(channels: Vec<String>, hexes: &[(i32, i32)], nodes: &[(i32, i32)], edges: &[(i32, i32)]) -> BoardSpec {
        let all = || hexes.iter().chain(nodes).chain(edges);
        let (r0, c0) = all().fold((i32::MAX, i32::MAX), |(r, c), &(y, x)| (r.min(y), c.min(x)));
        let (r1, c1) = all().fold((i32::MIN, i32::MIN), |(r, c), &(y, x)| (r.max(y), c.max(x)));
        let (height, width) = ((r1 - r0 + 1).max(1) as usize, (c1 - c0 + 1).max(1) as usize);
        let cells = |v: &[(i32, i32)]| -> Vec<usize> {
            v.iter()
                .map(|&(r, c)| (r - r0) as usize * width + (c - c0) as usize)
                .collect()
        };
        let mut names: Vec<String> = PLACE_CHANNELS.iter().map(|s| s.to_string()).collect();
        names.extend(channels);
        BoardSpec {
            channels: names,
            height,
            width,
            hexes: cells(hexes),
            nodes: cells(nodes),
            edges: cells(edges),
        }
    }

    /// Cells per plane.
    pub fn plane(&self) -> usize {
        self.height * self.width
    }

    /// Values of a whole tensor.
    pub fn len(&self) -> usize {
        self.channels.len() * self.plane()
    }
}

/// The refusal of a board tensor for a game without a board (Splendor).
pub fn no_board(game: &str) -> engine::ErrorInfo {
    crate::research::malformed(
        "engine.no_board",
        format!("{game} hat kein Spielbrett: es gibt keinen Brett-Tensor (nur den flachen Vektor)."),
        format!("{game} has no board: there is no board tensor (only the flat vector)."),
    )
}

/// Writes planes into a tensor: every write checks its bounds, so a place
/// outside the grid is dropped rather than a panic.
#[derive(Debug)]
pub struct Planes<'a> {
    out: &'a mut [f32],
    plane: usize,
}

impl<'a> Planes<'a> {
    /// Clears `out` and writes the place channels of `spec`.
    pub fn start(spec: &BoardSpec, out: &'a mut [f32]) -> Planes<'a> {
        out.fill(0.0);
        let mut p = Planes {
            out,
            plane: spec.plane(),
        };
        for (ch, cells) in [&spec.hexes, &spec.nodes, &spec.edges].into_iter().enumerate() {
            for &c in cells {
                p.set(ch, c, 1.0);
            }
        }
        p
    }

    /// Sets cell `cell` of channel `ch`.
    #[inline]
    pub fn set(&mut self, ch: usize, cell: usize, value: f32) {
        if let Some(o) = ch
            .checked_mul(self.plane)
            .and_then(|b| b.checked_add(cell))
            .and_then(|i| self.out.get_mut(i))
        {
            *o = value;
        }
    }

    /// Sets `value` in channel `ch` at the cell of every set bit of `words`
    /// (bit `i` in word `i / 64`), places looked up in `cells`.
    pub fn bits(&mut self, ch: usize, words: &[u64], cells: &[usize], value: f32) {
        for (k, &w) in words.iter().enumerate() {
            let mut w = w;
            while w != 0 {
                let i = k * 64 + w.trailing_zeros() as usize;
                w &= w - 1;
                if let Some(&c) = cells.get(i) {
                    self.set(ch, c, value);
                }
            }
        }
    }
}

/// A game with a board tensor. Games without a board keep the defaults
/// (`None`: the Python API refuses to make one).
pub trait BoardTensor: Game {
    /// The grid of `state`'s config (the same for every state of a game).
    fn board_spec(_state: &Self::State) -> Option<BoardSpec> {
        None
    }
    /// Writes the tensor of `view` (`spec.len()` values, all of them).
    fn encode_board(_spec: &BoardSpec, _view: &Self::View, _players: usize, _out: &mut [f32]) {}
}

impl BoardTensor for splendor::Splendor {}

/// The board tensor of `viewer` in `state` as a new vector.
pub fn board_tensor<G: BoardTensor>(spec: &BoardSpec, state: &G::State, viewer: engine::Viewer) -> Vec<f32> {
    let mut out = vec![0.0; spec.len()];
    write_board::<G>(spec, state, viewer, &mut out);
    out
}

/// Writes the board tensor of `viewer` in `state` into `out`.
pub fn write_board<G: BoardTensor>(spec: &BoardSpec, state: &G::State, viewer: engine::Viewer, out: &mut [f32]) {
    let view = G::view(state, viewer);
    G::encode_board(spec, &view, G::players(state), out);
}
