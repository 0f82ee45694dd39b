//! Scoring at the end (`splendor.end.*`): most points wins; a tie goes to the
//! player with the fewest purchased cards; a remaining tie is a shared victory.

use crate::state::{Phase, State};
use engine::{GameResult, Seat, SeatSet};

/// The winners of the position as it stands.
pub(crate) fn winners(s: &State) -> SeatSet {
    let players = &s.players[..s.players()];
    let best = players.iter().map(|p| p.points).max().unwrap_or(0);
    let fewest = players
        .iter()
        .filter(|p| p.points == best)
        .map(|p| p.ncards)
        .min()
        .unwrap_or(0);
    players
        .iter()
        .enumerate()
        .filter(|(_, p)| p.points == best && p.ncards == fewest)
        .map(|(i, _)| Seat(i as u8))
        .collect()
}

/// The result once the game is over.
pub(crate) fn result(s: &State) -> Option<GameResult> {
    let Phase::Over { reason } = s.phase else {
        return None;
    };
    Some(GameResult {
        winners: winners(s).iter().collect(),
        scores: s.players[..s.players()].iter().map(|p| i32::from(p.points)).collect(),
        reason: reason.as_str().to_string(),
    })
}
