//! The rating system, without storage: Weng-Lin (the Bayesian system behind
//! OpenSkill) from the `skillratings` crate, every seat a one-player team,
//! ranked by the game's result. The server ([`crate::ratings`]) and
//! `spielleiter arena --ratings` both rate through here, so a rating means
//! the same in both. docs/ratings.md describes the system.

use engine::GameResult;
use serde::Serialize;
use skillratings::weng_lin::{weng_lin_multi_team, WengLinConfig, WengLinRating};
use skillratings::MultiTeamOutcome;

/// The rating of a newcomer: mu 25, sigma 25/3 (Weng-Lin's defaults).
pub const START: Rating = Rating {
    mu: 25.0,
    sigma: 25.0 / 3.0,
};

/// Rated games below which a rating is shown as provisional: with fewer,
/// the deviation is still large (after ten straight wins it is still 6.8 of
/// the newcomer's 8.33) and a few lucky results move the rating by several
/// points. Ten is also about the games of a few evenings; docs/ratings.md.
pub const PROVISIONAL_GAMES: u64 = 10;

/// Whether a rating of `games` rated games is shown as provisional.
pub fn provisional(games: u64) -> bool {
    games < PROVISIONAL_GAMES
}

/// One identity's skill estimate: `mu` the mean, `sigma` its uncertainty.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Rating {
    /// The estimated skill.
    pub mu: f64,
    /// The standard deviation of the estimate.
    pub sigma: f64,
}

impl Default for Rating {
    fn default() -> Rating {
        START
    }
}

/// The configuration used everywhere: the crate's defaults (beta 25/6, the
/// skill difference that gives about 2:1 odds). Board games with dice and
/// shuffled cards would justify a larger beta, but one value for every game
/// keeps ratings comparable with OpenSkill's published defaults.
fn config() -> WengLinConfig {
    WengLinConfig::new()
}

/// The finishing rank of every seat (0 = best; equal ranks tie): the
/// winners share rank 0, every other seat ranks by its score, higher first,
/// equal scores sharing a rank.
pub fn ranks(result: &GameResult, seats: usize) -> Vec<usize> {
    let won = |i: usize| result.winners.iter().any(|w| w.index() == i);
    let score = |i: usize| result.scores.get(i).copied().unwrap_or(0);
    (0..seats)
        .map(|i| {
            if won(i) {
                0
            } else {
                1 + (0..seats).filter(|&j| !won(j) && score(j) > score(i)).count()
            }
        })
        .collect()
}

/// [`ranks`], except that every seat in `forfeited` ranks last (equal with
/// the other forfeited seats) whatever its bot went on to score: a player
/// who left a rated game, or let the clock run out and never came back,
/// lost it. The others keep their order among themselves.
pub fn ranks_with_forfeits(result: &GameResult, seats: usize, forfeited: &[bool]) -> Vec<usize> {
    let lost = |i: usize| forfeited.get(i).copied().unwrap_or(false);
    let mut ranks = ranks(result, seats);
    for (i, r) in ranks.iter_mut().enumerate() {
        if lost(i) {
            *r = seats;
        }
    }
    ranks
}

/// The ratings of one game's seats after it, given the ratings before it
/// and each seat's rank (0 best, equal ranks tie). Fewer than two seats, or
/// a length mismatch, change nothing.
pub fn update(before: &[Rating], ranks: &[usize]) -> Vec<Rating> {
    if before.len() < 2 || before.len() != ranks.len() {
        return before.to_vec();
    }
    let teams: Vec<[WengLinRating; 1]> = before
        .iter()
        .map(|r| {
            [WengLinRating {
                rating: r.mu,
                uncertainty: r.sigma,
            }]
        })
        .collect();
    let input: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
        .iter()
        .zip(ranks)
        .map(|(t, &rank)| (&t[..], MultiTeamOutcome::new(rank + 1)))
        .collect();
    let after = weng_lin_multi_team(&input, &config());
    before
        .iter()
        .zip(&after)
        .map(|(old, team)| match team.first() {
            Some(r) if r.rating.is_finite() && r.uncertainty.is_finite() => Rating {
                mu: r.rating,
                sigma: r.uncertainty,
            },
            _ => *old,
        })
        .collect()
}

/// Rates one game where several seats may belong to one identity (three
/// `random` bots against a human): `players[i]` is seat `i`'s identity as an
/// index into `ratings`. Every seat is rated as its own team from its
/// identity's rating before the game; an identity with several seats then
/// moves by the mean of their changes, so it counts as one game for it.
/// An identity index out of range changes nothing.
pub fn rate_game(ratings: &mut [Rating], players: &[usize], ranks: &[usize]) {
    if players.iter().any(|&p| p >= ratings.len()) {
        return;
    }
    let before: Vec<Rating> = players.iter().filter_map(|&p| ratings.get(p).copied()).collect();
    let after = update(&before, ranks);
    let mut sums: Vec<(f64, f64, usize)> = vec![(0.0, 0.0, 0); ratings.len()];
    for ((&p, b), a) in players.iter().zip(&before).zip(&after) {
        if let Some(s) = sums.get_mut(p) {
            s.0 += a.mu - b.mu;
            s.1 += a.sigma;
            s.2 += 1;
        }
    }
    for (r, (dmu, sigma, n)) in ratings.iter_mut().zip(sums) {
        if n > 0 {
            let n = n as f64;
            r.mu += dmu / n;
            r.sigma = sigma / n;
        }
    }
}

/// Ratings of named entries built up game by game (the arena's table).
#[derive(Debug, Clone, Serialize)]
pub struct Table {
    /// One row per entry, in entry order.
    pub rows: Vec<Row>,
}

/// One entry of a [`Table`].
#[derive(Debug, Clone, Serialize)]
pub struct Row {
    /// The entry's name.
    pub player: String,
    /// Its rating (mu).
    pub rating: f64,
    /// Its deviation (sigma).
    pub deviation: f64,
    /// Games rated.
    pub games: u64,
}

impl Table {
    /// Every entry at the start rating.
    pub fn new(names: &[String]) -> Table {
        Table {
            rows: names
                .iter()
                .map(|n| Row {
                    player: n.clone(),
                    rating: START.mu,
                    deviation: START.sigma,
                    games: 0,
                })
                .collect(),
        }
    }

    /// Rates one game: `seats[i]` is the entry in seat `i`, `ranks[i]` its rank.
    pub fn rate(&mut self, seats: &[usize], ranks: &[usize]) {
        if seats.iter().any(|&e| e >= self.rows.len()) {
            return;
        }
        let mut ratings: Vec<Rating> = self
            .rows
            .iter()
            .map(|r| Rating {
                mu: r.rating,
                sigma: r.deviation,
            })
            .collect();
        rate_game(&mut ratings, seats, ranks);
        for (i, (row, r)) in self.rows.iter_mut().zip(ratings).enumerate() {
            row.rating = r.mu;
            row.deviation = r.sigma;
            if seats.contains(&i) {
                row.games += 1;
            }
        }
    }

    /// The rows, best rating first.
    pub fn sorted(&self) -> Vec<Row> {
        let mut rows = self.rows.clone();
        rows.sort_by(|a, b| b.rating.total_cmp(&a.rating).then_with(|| a.player.cmp(&b.player)));
        rows
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::Seat;

    fn result(winners: &[u8], scores: &[i32]) -> GameResult {
        GameResult {
            winners: winners.iter().map(|&s| Seat(s)).collect(),
            scores: scores.to_vec(),
            reason: "points".into(),
        }
    }

    #[test]
    fn winners_first_then_by_score_with_ties() {
        assert_eq!(ranks(&result(&[2], &[5, 7, 10, 5]), 4), vec![2, 1, 0, 2]);
        assert_eq!(ranks(&result(&[0, 1], &[9, 9]), 2), vec![0, 0]);
    }

    #[test]
    fn the_winner_gains_and_certainty_grows() {
        let after = update(&[START, START], &[0, 1]);
        assert!(after[0].mu > START.mu && after[1].mu < START.mu);
        assert!(after[0].sigma < START.sigma && after[1].sigma < START.sigma);
    }

    #[test]
    fn a_forfeited_seat_ranks_last_even_if_its_bot_won() {
        let r = result(&[1], &[5, 9, 7]);
        assert_eq!(ranks(&r, 3), vec![2, 0, 1]);
        assert_eq!(ranks_with_forfeits(&r, 3, &[false, true, false]), vec![2, 3, 1]);
        assert_eq!(ranks_with_forfeits(&r, 3, &[true, true, false]), vec![3, 3, 1]);
    }

    /// The figures docs/ratings.md states for beating `random`, from the
    /// rating code itself: a newcomer wins `n` games in a row against a
    /// newcomer `random` (25 ± 8.33), and against an established `random`
    /// (1.63 ± 4.93, what 200 lost games to `mcts` left it at; see the
    /// arena figures there). Print them with
    /// `cargo test -p spielleiter-server --profile ci --lib beating_random -- --nocapture`.
    #[test]
    fn beating_random_is_worth_what_the_docs_say() {
        let wins = |random: Rating, n: usize| {
            let mut r = vec![START, random];
            let mut after = Vec::new();
            for _ in 0..n {
                rate_game(&mut r, &[0, 1], &[0, 1]);
                after.push(r[0]);
            }
            after
        };
        let fresh = wins(START, 10);
        let settled = wins(Rating { mu: 1.63, sigma: 4.93 }, 10);
        for (i, (a, b)) in fresh.iter().zip(&settled).enumerate() {
            println!(
                "{:>2} wins: vs new random {:.2} ± {:.2}; vs settled random {:.2} ± {:.2}",
                i + 1,
                a.mu,
                a.sigma,
                b.mu,
                b.sigma
            );
        }
        let near = |r: Rating, mu: f64| (r.mu - mu).abs() < 0.01;
        // The figures of docs/ratings.md ("Beating `random`").
        assert!(
            near(fresh[0], 27.64) && near(fresh[3], 32.49) && near(fresh[9], 36.79),
            "{fresh:?}"
        );
        assert!(
            near(settled[0], 25.69) && near(settled[2], 26.85) && near(settled[9], 29.53),
            "{settled:?}"
        );
        assert!((fresh[9].sigma - 6.76).abs() < 0.01, "{fresh:?}");
    }

    #[test]
    fn provisional_below_ten_games() {
        assert!(provisional(0) && provisional(PROVISIONAL_GAMES - 1) && !provisional(PROVISIONAL_GAMES));
    }

    #[test]
    fn an_identity_in_two_seats_moves_once() {
        let mut r = vec![START, START];
        rate_game(&mut r, &[0, 1, 1], &[0, 1, 2]);
        assert!(r[0].mu > START.mu && r[1].mu < START.mu);
        let mut t = Table::new(&["a".into(), "b".into()]);
        t.rate(&[0, 1, 1], &[0, 1, 2]);
        assert_eq!(t.rows[1].games, 1);
        assert_eq!(t.sorted()[0].player, "a");
    }
}
