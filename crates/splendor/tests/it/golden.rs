//! Golden playthroughs: whole random games of 2 and 4 players from fixed
//! seeds, each rendered by `testkit::golden` as a transcript (every step with
//! its events, the result, digests of the whole log, its events and the final
//! state, and the final spectator view) and compared with the insta snapshot
//! in `tests/it/snapshots/`. Any change of rules, RNG use, JSON forms or event
//! contents changes a snapshot: review it with `cargo insta review`, or rewrite
//! them with `INSTA_UPDATE=always cargo test -p spielleiter-splendor --test it golden::`
//! and read the diff. Each playthrough also checks that its log replays to the
//! same state and events (`testkit::golden::play`).

use splendor::{Config, Splendor};
use testkit::golden::{play, End, Golden};

fn transcript(players: usize, seed: u64) -> String {
    // Random games last about 130 steps with 2 players and 270 with 4: shown
    // in full.
    let opts = Golden {
        full_steps: 400,
        ..Golden::new(players, seed)
    };
    let game = play::<Splendor>(&Config::default(), &opts);
    assert_eq!(game.end, End::Finished, "the game ends by the rules");
    game.transcript()
}

#[test]
fn two_players_seed_1() {
    insta::assert_snapshot!("splendor_2p_seed_1", transcript(2, 1));
}

#[test]
fn two_players_seed_2() {
    insta::assert_snapshot!("splendor_2p_seed_2", transcript(2, 2));
}

#[test]
fn four_players_seed_3() {
    insta::assert_snapshot!("splendor_4p_seed_3", transcript(4, 3));
}

#[test]
fn four_players_seed_4() {
    insta::assert_snapshot!("splendor_4p_seed_4", transcript(4, 4));
}
