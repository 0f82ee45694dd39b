//! Golden playthroughs: whole random games of 2 and 4 players (Kosmos 2015
//! edition, the default) from fixed seeds, each rendered by `testkit::golden`
//! as a transcript (every step with its events, the result, digests of the
//! whole log, its events and the final state, and the final spectator view)
//! and compared with the insta snapshot in `tests/it/snapshots/`. Any change of
//! rules, RNG use, JSON forms or event contents changes a snapshot: review it
//! with `cargo insta review`, or rewrite them with
//! `INSTA_UPDATE=always cargo test -p spielleiter-catan-junior --test it golden::`
//! and read the diff. Each playthrough also checks that its log replays to the
//! same state and events (`testkit::golden::play`).

use catan_junior::{CatanJunior, Config};
use testkit::golden::{play, End, Golden};

fn transcript(players: usize, seed: u64) -> String {
    let game = play::<CatanJunior>(&Config::default(), &Golden::new(players, seed));
    assert_eq!(game.end, End::Finished, "the game ends by the rules");
    game.transcript()
}

#[test]
fn two_players_seed_1() {
    insta::assert_snapshot!("junior_2p_seed_1", transcript(2, 1));
}

#[test]
fn two_players_seed_2() {
    insta::assert_snapshot!("junior_2p_seed_2", transcript(2, 2));
}

#[test]
fn four_players_seed_3() {
    insta::assert_snapshot!("junior_4p_seed_3", transcript(4, 3));
}

#[test]
fn four_players_seed_4() {
    insta::assert_snapshot!("junior_4p_seed_4", transcript(4, 4));
}
