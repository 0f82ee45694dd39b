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
//!
//! The encoders write straight into the caller's row (for the vector env: its
//! row of the batch array NumPy reads), not into a buffer copied afterwards:
//! a batch of 512 CATAN tensors is 2.6 MB, more than a core's L2 cache, and a
//! second pass over it cost as much as encoding. Large blocks that change
//! seldom (a CATAN board's terrain, numbers, harbours and robber; each
//! player's pieces) go through [`Writer::cached`]: with a [`Memo`] of the row
//! they are written only when the data they are made from changed, so a step
//! touches a few of the row's cache lines instead of all of them. The memo
//! keeps the data itself (not a hash of it), so a skipped block is exactly
//! the block that would have been written.

use engine::{Game, Seat, Viewer};

/// What the cached blocks of one row were written from (see [`Writer::cached`]).
///
/// A sequence of entries `[start | len << 32, key length, key…]`, one per
/// cached block in the order the encoder wrote them. Invariant (what makes a
/// skip correct): after every encode into a row through its memo, each entry
/// says that the row's cells `start..start + len` hold what the encoder
/// writes there for that key — the entries up to the writer's cursor were
/// matched or rewritten during that encode, the rest are dropped
/// ([`Writer`]'s `Drop`). So a memo serves one row only, nothing else may
/// write that row, and a fresh (default) memo trusts nothing.
#[derive(Clone, Debug, Default)]
pub struct Memo {
    words: Vec<u64>,
}

impl Memo {
    /// An empty memo with room for `words` words (a batch's memos made in
    /// one go lie one after the other, which the next row's reads find
    /// prefetched).
    pub fn with_capacity(words: usize) -> Memo {
        Memo {
            words: Vec::with_capacity(words),
        }
    }

    /// Words in use.
    pub fn words(&self) -> usize {
        self.words.len()
    }
}

/// Whether two keys are equal: every word compared, no early exit and no
/// call (the slices' `==` calls `memcmp`, which cost more than the compare
/// for keys of a few words).
#[inline]
fn same(a: &[u64], b: &[u64]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0, |d, (x, y)| d | (x ^ y)) == 0
}

/// Writes observation values into a row and, when asked, records the names
/// of the blocks.
///
/// Every call writes every cell it covers (the row may hold anything
/// before), except a [`Writer::cached`] block the memo vouches for. Writes
/// past the end of the row are counted but dropped, so a writer on an empty
/// row ([`Writer::counting`]) measures the tensor's length.
#[derive(Debug)]
pub struct Writer<'a> {
    out: &'a mut [f32],
    pos: usize,
    memo: Option<&'a mut Memo>,
    /// The memo's cursor: where the next cached block's entry is.
    at: usize,
    /// `(name, start)` of every block, when recording the layout.
    pub layout: Option<Vec<(String, usize)>>,
    /// `(low, high)` of every value, when recording the bounds
    /// ([`bounds`]): flags, one-hot and multi-hot cells are `(0, 1)`, the
    /// numbers of [`Writer::num`], [`Writer::counts`], [`Writer::values`]
    /// and [`Writer::zeros`] take the range the encoder last stated with
    /// [`Writer::range`], so each bound is written once, beside the value.
    pub bounds: Option<Vec<(f32, f32)>>,
    /// The range the next numbers are recorded with.
    range: (f32, f32),
    /// The largest turn counter ([`Writer::turn`]): the env's turn cap.
    pub turn_high: f32,
}

impl Drop for Writer<'_> {
    fn drop(&mut self) {
        // Entries past the cursor were not checked in this encode (see `Memo`).
        if let Some(m) = self.memo.as_deref_mut() {
            m.words.truncate(self.at);
        }
    }
}

impl<'a> Writer<'a> {
    /// A writer of every cell of `out`.
    pub fn new(out: &'a mut [f32]) -> Self {
        Writer {
            out,
            pos: 0,
            memo: None,
            at: 0,
            layout: None,
            bounds: None,
            range: UNSTATED,
            turn_high: f32::MAX,
        }
    }

    /// A writer into `out` that skips the cached blocks `memo` vouches for
    /// (`memo` must belong to `out`, see [`Memo`]).
    pub fn with_memo(out: &'a mut [f32], memo: &'a mut Memo) -> Self {
        Writer {
            out,
            pos: 0,
            memo: Some(memo),
            at: 0,
            layout: None,
            bounds: None,
            range: UNSTATED,
            turn_high: f32::MAX,
        }
    }

    /// A writer that only counts (and records the layout if asked).
    pub fn counting() -> Writer<'static> {
        Writer::new(&mut [])
    }

    /// Values written so far (the tensor's length once the encoder is done).
    pub fn written(&self) -> usize {
        self.pos
    }

    /// A block of `len` values that `write` writes and that depends on
    /// `key` alone: the encoder puts into `key` everything the block is made
    /// from (the viewer too, if it matters), packed into words. With a memo
    /// that says the row holds this block for this key already, the block is
    /// skipped; otherwise written, and the memo updated. A block that does
    /// not come out `len` long is written but not remembered. Cached blocks
    /// do not nest (one inside another is written every time).
    pub fn cached(&mut self, key: &[u64], len: usize, write: impl FnOnce(&mut Self)) {
        let start = self.pos;
        let end = start.saturating_add(len);
        let header = (start as u64) | (len as u64) << 32;
        let remembered = end <= self.out.len() && u32::try_from(end).is_ok() && u32::try_from(len).is_ok();
        let at = self.at;
        let Some(memo) = self.memo.take().filter(|_| remembered) else {
            write(self);
            return;
        };
        let kl = key.len();
        let same_shape = memo.words.get(at) == Some(&header) && memo.words.get(at + 1) == Some(&(kl as u64));
        if same_shape && memo.words.get(at + 2..at + 2 + kl).is_some_and(|k| same(k, key)) {
            self.pos = end;
            self.at = at + 2 + kl;
            self.memo = Some(memo);
            return;
        }
        write(self);
        if self.pos != end {
            // Not the promised length: nothing from here on can be trusted.
            memo.words.truncate(at);
            self.memo = Some(memo);
            return;
        }
        if same_shape {
            if let Some(k) = memo.words.get_mut(at + 2..at + 2 + kl) {
                k.copy_from_slice(key);
            }
        } else {
            memo.words.truncate(at);
            memo.words.extend_from_slice(&[header, kl as u64]);
            memo.words.extend_from_slice(key);
        }
        self.at = at + 2 + kl;
        self.memo = Some(memo);
    }

    /// Starts a named block (recorded only when the layout is asked for).
    #[inline]
    pub fn block(&mut self, name: impl FnOnce() -> String) {
        if let Some(l) = &mut self.layout {
            l.push((name(), self.pos));
        }
    }

    /// States the range of the numbers written next (until the next call):
    /// the rules' smallest and largest value of each, so that an env's
    /// observation space is tight (`docs/python.md`, "Bounds").
    #[inline]
    pub fn range(&mut self, low: impl Into<f64>, high: impl Into<f64>) {
        self.range = (low.into() as f32, high.into() as f32);
    }

    /// Records `n` values in `range` (when recording the bounds). The test
    /// is all an encode for an env pays; the recording is out of line.
    #[inline(always)]
    fn record(&mut self, n: usize, range: (f32, f32)) {
        if self.bounds.is_some() {
            self.record_slow(n, range);
        }
    }

    #[cold]
    #[inline(never)]
    fn record_slow(&mut self, n: usize, range: (f32, f32)) {
        if let Some(b) = &mut self.bounds {
            b.extend(std::iter::repeat_n(range, n));
        }
    }

    /// The turn counter, bounded by the env's turn cap.
    #[inline]
    pub fn turn(&mut self, x: u32) {
        let r = (0.0, self.turn_high);
        self.record(1, r);
        self.put(x as f32);
    }

    /// The next `n` cells of the row (empty past its end), and moves on.
    #[inline]
    fn take(&mut self, n: usize) -> &mut [f32] {
        let start = self.pos;
        self.pos = start.saturating_add(n);
        self.out.get_mut(start..self.pos).unwrap_or_default()
    }

    #[inline]
    fn put(&mut self, x: f32) {
        if let Some(o) = self.out.get_mut(self.pos) {
            *o = x;
        }
        self.pos += 1;
    }

    /// One number.
    #[inline]
    pub fn num(&mut self, x: impl Into<f64>) {
        self.record(1, self.range);
        self.put(x.into() as f32);
    }

    /// A flag as 0 or 1.
    #[inline]
    pub fn flag(&mut self, b: bool) {
        self.record(1, (0.0, 1.0));
        self.put(if b { 1.0 } else { 0.0 });
    }

    /// A one-hot block of `n` values; `None` (or an index out of range) leaves it all 0.
    #[inline]
    pub fn one_hot(&mut self, i: Option<usize>, n: usize) {
        self.record(n, (0.0, 1.0));
        let out = self.take(n);
        out.fill(0.0);
        if let Some(o) = i.and_then(|i| out.get_mut(i)) {
            *o = 1.0;
        }
    }

    /// A multi-hot block of `n` values from a bit set (bits from `n` on are
    /// ignored; cells from 128 on are 0).
    #[inline]
    pub fn bits(&mut self, set: u128, n: usize) {
        self.words(&[set as u64, (set >> 64) as u64], n);
    }

    /// A multi-hot block of `n` values from a bit set given as 64-bit words,
    /// bit `i` in word `i / 64` (CATAN's node and edge sets; cells past the
    /// words are 0).
    #[inline]
    pub fn words(&mut self, set: &[u64], n: usize) {
        self.record(n, (0.0, 1.0));
        let out = self.take(n);
        // 64 cells per word, each cell a shift of one word.
        for (c, cells) in out.chunks_mut(64).enumerate() {
            let word = set.get(c).copied().unwrap_or(0);
            for (i, o) in cells.iter_mut().enumerate() {
                *o = ((word >> i) & 1) as f32;
            }
        }
    }

    /// Counts, one per value.
    #[inline]
    pub fn counts(&mut self, values: &[u8]) {
        self.record(values.len(), self.range);
        let out = self.take(values.len());
        for (o, &v) in out.iter_mut().zip(values) {
            *o = f32::from(v);
        }
    }

    /// Counts, one per value, each bounded by its own maximum in `highs`
    /// (cards by kind, each up to its copies in the game).
    #[inline]
    pub fn counts_upto(&mut self, values: &[u8], highs: &[u8]) {
        if self.bounds.is_some() {
            for &h in highs.iter().chain(std::iter::repeat(&0)).take(values.len()) {
                self.record_slow(1, (0.0, f32::from(h)));
            }
        }
        let out = self.take(values.len());
        for (o, &v) in out.iter_mut().zip(values) {
            *o = f32::from(v);
        }
    }

    /// Numbers, one per value.
    #[inline]
    pub fn values(&mut self, values: impl IntoIterator<Item = f32>) {
        for v in values {
            self.record(1, self.range);
            self.put(v);
        }
    }

    /// `n` zeros.
    #[inline]
    pub fn zeros(&mut self, n: usize) {
        self.record(n, self.range);
        self.take(n).fill(0.0);
    }
}

/// The range of numbers no encoder stated: wide, so that a forgotten
/// [`Writer::range`] makes a loose bound, never a wrong one (the bounds test
/// flags loose ones).
const UNSTATED: (f32, f32) = (-1.0, 1000.0);

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

/// The index of an enum's tag (its JSON name, as the enum's `name()` gives
/// it) in a list of known tags; unknown tags map to the last slot ("other")
/// so a new phase never breaks the size.
///
/// Cached per thread by the tag's address and the list's, so the per-step
/// cost is a hash lookup: a tag is a `&'static str` literal, so one address
/// means one text, and the same text at two addresses only costs a second
/// entry. (An earlier cache keyed by the value's enum discriminant gave every
/// phase of a joined enum, `Phase::Base(…)`, the slot of the first one seen
/// on that thread.)
pub fn tag_index(tag: &'static str, known: &'static [&'static str]) -> usize {
    use std::cell::RefCell;
    use std::collections::HashMap;
    use std::hash::BuildHasherDefault;
    /// (tag address, tag length, list address) -> slot.
    type Slots = HashMap<(usize, usize, usize), usize, BuildHasherDefault<Mix>>;
    thread_local! {
        static CACHE: RefCell<Slots> = RefCell::new(HashMap::default());
    }
    let k = (tag.as_ptr() as usize, tag.len(), known.as_ptr() as usize);
    if let Some(i) = CACHE.with(|c| c.borrow().get(&k).copied()) {
        return i;
    }
    let i = known.iter().position(|t| *t == tag).unwrap_or(known.len());
    CACHE.with(|c| c.borrow_mut().insert(k, i));
    i
}

/// A cheap hasher for [`tag_index`]'s few keys, once per observation (the
/// default SipHash cost more than the rest of the lookup). Not for keys an
/// adversary picks.
#[derive(Default)]
struct Mix(u64);

impl std::hash::Hasher for Mix {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_usize(&mut self, x: usize) {
        self.write_u64(x as u64);
    }
    fn write_isize(&mut self, x: isize) {
        self.write_u64(x as u64);
    }
}

/// A game with an observation tensor.
pub trait Observe: Game {
    /// Writes the tensor of `view` (a game with `players` seats).
    fn encode(view: &Self::View, players: usize, w: &mut Writer);
}

/// Writes the tensor of `viewer` in `state`, through the view, into `w`.
pub fn observe<G: Observe>(state: &G::State, viewer: Viewer, w: &mut Writer) {
    let view = G::view(state, viewer);
    G::encode(&view, G::players(state), w);
}

/// The length of the tensors of `state`'s game.
pub fn obs_len<G: Observe>(state: &G::State) -> usize {
    let mut w = Writer::counting();
    observe::<G>(state, Viewer::Seat(Seat(0)), &mut w);
    w.written()
}

/// The tensor of `viewer` in `state` as a new vector.
pub fn observation<G: Observe>(state: &G::State, viewer: Viewer) -> Vec<f32> {
    let mut out = vec![0.0; obs_len::<G>(state)];
    observe::<G>(state, viewer, &mut Writer::new(&mut out));
    out
}

/// The names and offsets of the tensor's blocks.
pub fn layout<G: Observe>(state: &G::State) -> Vec<(String, usize)> {
    let mut w = Writer::counting();
    w.layout = Some(Vec::new());
    observe::<G>(state, Viewer::Seat(Seat(0)), &mut w);
    w.layout.take().unwrap_or_default()
}

/// The lower and upper bound of every value of the tensors of `state`'s
/// game and config, from the rules (the encoders state them beside the
/// values); the turn counter is bounded by `max_turns + 1`.
pub fn bounds<G: Observe>(state: &G::State, max_turns: u32) -> (Vec<f32>, Vec<f32>) {
    let mut w = Writer::counting();
    w.bounds = Some(Vec::new());
    w.turn_high = max_turns as f32 + 1.0;
    observe::<G>(state, Viewer::Seat(Seat(0)), &mut w);
    w.bounds.take().unwrap_or_default().into_iter().unzip()
}
