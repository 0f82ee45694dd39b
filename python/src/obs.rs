//! Observation tensors: a fixed-size `float32` vector per seat, written from
//! that seat's *view* only (the encoders take `&G::View`, never the state, so
//! no hidden card can reach the tensor; `test_observation_is_view_only` checks
//! it with the determinize check the conformance suite runs on views).
//!
//! Layout conventions, the same for every game (docs/python.md): raw counts
//! (not normalised), flags as 0/1, one-hot blocks for small enums; players in
//! *relative* order — the viewer first, then the seats after it clockwise —
//! so one policy plays every seat. Each encoder names its blocks, and
//! `Game.observation_layout()` lists them with offsets.

use engine::{Game, Seat, Viewer};

/// Appends observation values and, when asked, the names of the blocks.
#[derive(Debug, Default)]
pub struct Writer {
    /// The values so far.
    pub out: Vec<f32>,
    /// `(name, start)` of every block, when recording the layout.
    pub layout: Option<Vec<(String, usize)>>,
}

impl Writer {
    /// Starts a named block (recorded only when the layout is asked for).
    #[inline]
    pub fn block(&mut self, name: impl FnOnce() -> String) {
        if let Some(l) = &mut self.layout {
            l.push((name(), self.out.len()));
        }
    }

    /// One number.
    #[inline]
    pub fn num(&mut self, x: impl Into<f64>) {
        self.out.push(x.into() as f32);
    }

    /// A flag as 0 or 1.
    #[inline]
    pub fn flag(&mut self, b: bool) {
        self.out.push(if b { 1.0 } else { 0.0 });
    }

    /// A one-hot block of `n` values; `None` (or an index out of range) leaves it all 0.
    #[inline]
    pub fn one_hot(&mut self, i: Option<usize>, n: usize) {
        let start = self.out.len();
        self.out.resize(start + n, 0.0);
        if let Some(i) = i.filter(|&i| i < n) {
            self.out[start + i] = 1.0;
        }
    }

    /// A multi-hot block of `n` values from a bit set (bits from `n` on are ignored).
    #[inline]
    pub fn bits(&mut self, set: u128, n: usize) {
        let start = self.out.len();
        self.out.resize(start + n, 0.0);
        let mut s = if n < 128 { set & ((1u128 << n) - 1) } else { set };
        while s != 0 {
            self.out[start + s.trailing_zeros() as usize] = 1.0;
            s &= s - 1;
        }
    }

    /// Counts, one per value.
    #[inline]
    pub fn counts(&mut self, values: &[u8]) {
        self.out.extend(values.iter().map(|&v| f32::from(v)));
    }
}

/// The seat `seat` as seen from `viewer`: 0 = the viewer, 1 = the next seat
/// clockwise, …; a spectator sees absolute seats.
#[inline]
pub fn relative(viewer: Viewer, seat: Seat, players: usize) -> usize {
    let base = match viewer {
        Viewer::Seat(v) => v.index(),
        Viewer::Spectator => 0,
    };
    (seat.index() + players - base % players.max(1)) % players.max(1)
}

/// The absolute seats in relative order (viewer first).
pub fn seats_from(viewer: Viewer, players: usize) -> impl Iterator<Item = usize> {
    let base = match viewer {
        Viewer::Seat(v) => v.index(),
        Viewer::Spectator => 0,
    };
    (0..players).map(move |k| (base + k) % players.max(1))
}

/// The index of a serde tag in a list of known tags; unknown tags map to the
/// last slot ("other") so a new phase never breaks the size.
///
/// The tag is read through serde once per enum variant and cached by the
/// variant's discriminant, so the per-step cost is a hash lookup.
pub fn tag_index<T: serde::Serialize + 'static>(value: &T, key: &str, known: &[&str]) -> usize {
    use std::cell::RefCell;
    use std::collections::HashMap;
    use std::hash::{Hash, Hasher};
    thread_local! {
        // (type, hash of the variant's discriminant) -> slot. A generic
        // function's statics are shared by all its instances: the type id
        // keeps the enums apart.
        static CACHE: RefCell<HashMap<(std::any::TypeId, u64), usize>> = RefCell::new(HashMap::new());
    }
    let mut h = std::collections::hash_map::DefaultHasher::new();
    std::mem::discriminant(value).hash(&mut h);
    let k = (std::any::TypeId::of::<T>(), h.finish());
    if let Some(i) = CACHE.with(|c| c.borrow().get(&k).copied()) {
        return i;
    }
    let i = tag_index_slow(value, key, known);
    CACHE.with(|c| c.borrow_mut().insert(k, i));
    i
}

fn tag_index_slow<T: serde::Serialize>(value: &T, key: &str, known: &[&str]) -> usize {
    let tag = serde_json::to_value(value)
        .ok()
        .and_then(|v| match v {
            serde_json::Value::String(s) => Some(s),
            serde_json::Value::Object(m) => m.get(key).and_then(|t| t.as_str()).map(str::to_string),
            _ => None,
        })
        .unwrap_or_default();
    known.iter().position(|k| *k == tag).unwrap_or(known.len())
}

/// A game with an observation tensor.
pub trait Observe: Game {
    /// Writes the tensor of `view` (a game with `players` seats).
    fn encode(view: &Self::View, players: usize, w: &mut Writer);
}

/// The tensor of `viewer` in `state`, through the view.
pub fn observe<G: Observe>(state: &G::State, viewer: Viewer, w: &mut Writer) {
    w.out.clear();
    let view = G::view(state, viewer);
    G::encode(&view, G::players(state), w);
}
