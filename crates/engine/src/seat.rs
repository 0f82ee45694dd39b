//! Seats, sets of seats and viewers.
//!
//! A seat is a position at the table, numbered from 0 in turn order. Games never
//! use string-keyed player maps: per-seat data lives in arrays indexed by
//! [`Seat::index`].

use serde::{Deserialize, Serialize};
use std::fmt;

/// The most seats any game of spielleiter supports (Catan with the 5–6 extension would fit).
pub const MAX_SEATS: usize = 8;

/// A position at the table, 0-based in turn order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Default)]
#[serde(transparent)]
pub struct Seat(pub u8);

impl Seat {
    /// The seat as an array index.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The seat as players count it, from 1 (the protocol counts from 0):
    /// what every sentence for humans names.
    #[inline]
    pub const fn number(self) -> u16 {
        self.0 as u16 + 1
    }

    /// Every seat of a table of `players` seats, in turn order.
    pub fn all(players: usize) -> impl Iterator<Item = Seat> {
        (0..players.min(MAX_SEATS) as u8).map(Seat)
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0)
    }
}

/// A set of seats as a bitmask: who may act now (several seats act at once for
/// discards on a 7 or replies to a trade offer).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(into = "Vec<Seat>", try_from = "Vec<Seat>")]
pub struct SeatSet(pub u8);

impl SeatSet {
    /// No seat.
    pub const EMPTY: SeatSet = SeatSet(0);

    /// The set holding only `seat`.
    #[inline]
    pub const fn single(seat: Seat) -> SeatSet {
        SeatSet(1 << seat.0)
    }

    /// Whether `seat` is in the set.
    #[inline]
    pub const fn contains(self, seat: Seat) -> bool {
        seat.0 < 8 && self.0 & (1 << seat.0) != 0
    }

    /// Adds `seat`.
    #[inline]
    pub fn insert(&mut self, seat: Seat) {
        self.0 |= 1 << seat.0;
    }

    /// Removes `seat`.
    #[inline]
    pub fn remove(&mut self, seat: Seat) {
        self.0 &= !(1 << seat.0);
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Number of seats in the set.
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The seats in ascending order.
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        (0..8u8).filter(move |i| self.0 & (1 << i) != 0).map(Seat)
    }

    /// The lowest seat in the set.
    pub fn first(self) -> Option<Seat> {
        if self.0 == 0 {
            None
        } else {
            Some(Seat(self.0.trailing_zeros() as u8))
        }
    }
}

impl From<SeatSet> for Vec<Seat> {
    fn from(s: SeatSet) -> Self {
        s.iter().collect()
    }
}

impl TryFrom<Vec<Seat>> for SeatSet {
    type Error = String;
    fn try_from(v: Vec<Seat>) -> Result<Self, Self::Error> {
        let mut s = SeatSet::EMPTY;
        for seat in v {
            if seat.index() >= MAX_SEATS {
                return Err(format!("seat {} is out of range", seat.0));
            }
            s.insert(seat);
        }
        Ok(s)
    }
}

impl FromIterator<Seat> for SeatSet {
    fn from_iter<I: IntoIterator<Item = Seat>>(iter: I) -> Self {
        let mut s = SeatSet::EMPTY;
        for seat in iter {
            s.insert(seat);
        }
        s
    }
}

/// Who looks at the game: one seat (sees its own secrets) or a spectator (sees
/// only what is public).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Viewer {
    /// The player in this seat.
    Seat(Seat),
    /// Anyone without a seat: sees public information only.
    Spectator,
}

impl Viewer {
    /// Whether this viewer is allowed to see the secrets of `seat`.
    #[inline]
    pub fn sees(self, seat: Seat) -> bool {
        self == Viewer::Seat(seat)
    }
}
