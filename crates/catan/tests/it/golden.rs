//! Golden playthroughs: whole random games of 3 and 4 players on the beginner
//! board and on random boards from fixed seeds, each rendered by
//! `testkit::golden` as a transcript (the first 200 steps with their events,
//! the totals, the result, digests of the whole log, its events and the final
//! state, and the final spectator view) and compared with the insta snapshot in
//! `tests/it/snapshots/`. Any change of rules, RNG use, JSON forms or event
//! contents changes a snapshot: review it with `cargo insta review`, or rewrite
//! them with `INSTA_UPDATE=always cargo test -p spielleiter-catan --test it golden::`
//! and read the diff. Each playthrough also checks that its log replays to the
//! same state and events (`testkit::golden::play`).

use catan::{BoardChoice, Catan, Config};
use testkit::golden::{play, End, Golden};

fn transcript(board: BoardChoice, players: usize, seed: u64) -> String {
    let config = Config {
        board,
        ..Config::default()
    };
    let game = play::<Catan>(&config, &Golden::new(players, seed));
    assert_eq!(game.end, End::Finished, "the game ends by the rules");
    game.transcript()
}

#[test]
fn beginner_board_three_players_seed_1() {
    insta::assert_snapshot!("catan_beginner_3p_seed_1", transcript(BoardChoice::Beginner, 3, 1));
}

#[test]
fn beginner_board_four_players_seed_2() {
    insta::assert_snapshot!("catan_beginner_4p_seed_2", transcript(BoardChoice::Beginner, 4, 2));
}

#[test]
fn random_board_three_players_seed_3() {
    insta::assert_snapshot!("catan_random_3p_seed_3", transcript(BoardChoice::Random, 3, 3));
}

#[test]
fn random_board_four_players_seed_4() {
    insta::assert_snapshot!("catan_random_4p_seed_4", transcript(BoardChoice::Random, 4, 4));
}

/// Random players who also make domestic trade offers (left out elsewhere, as
/// random offers mostly stall a game): offers, replies and trades.
#[test]
fn random_board_four_players_with_offers_seed_5() {
    let opts = Golden {
        skip_offers: false,
        ..Golden::new(4, 5)
    };
    let game = play::<Catan>(&Config::default(), &opts);
    assert_eq!(game.end, End::Finished, "the game ends by the rules");
    insta::assert_snapshot!("catan_random_4p_offers_seed_5", game.transcript());
}

/// Cities & Knights (`docs/games/cities-knights.md`): barbarians, knights,
/// improvements and progress cards in the transcript and the final view.
fn ck_transcript(players: usize, seed: u64) -> String {
    let config = Config {
        rules: catan::Rules::CitiesKnights,
        victory_points: 13,
        ..Config::default()
    };
    let game = play::<catan::CatanCk>(&config, &Golden::new(players, seed));
    assert_eq!(game.end, End::Finished, "the game ends by the rules");
    game.transcript()
}

#[test]
fn cities_knights_three_players_seed_6() {
    insta::assert_snapshot!("catan_ck_3p_seed_6", ck_transcript(3, 6));
}

#[test]
fn cities_knights_four_players_seed_7() {
    insta::assert_snapshot!("catan_ck_4p_seed_7", ck_transcript(4, 7));
}

/// Cities & Knights with heroes and squires (`docs/games/heroes.md`).
#[test]
fn cities_knights_heroes_four_players_seed_8() {
    let game = play::<catan::CatanCk>(&Config::cities_knights_heroes(), &Golden::new(4, 8));
    assert_eq!(game.end, End::Finished, "the game ends by the rules");
    insta::assert_snapshot!("catan_ck_heroes_4p_seed_8", game.transcript());
}

/// The 5–6 player extension (`docs/games/catan-5-6.md`): the 30-hex board,
/// the Special Building Phase or paired players in the transcript.
fn five_six_transcript(turn: catan::TurnRule, players: usize, seed: u64) -> String {
    let game = play::<Catan>(&Config::five_six(turn), &Golden::new(players, seed));
    assert_eq!(game.end, End::Finished, "the game ends by the rules");
    game.transcript()
}

#[test]
fn five_six_special_building_five_players_seed_9() {
    insta::assert_snapshot!(
        "catan56_sbp_5p_seed_9",
        five_six_transcript(catan::TurnRule::SpecialBuilding, 5, 9)
    );
}

#[test]
fn five_six_special_building_six_players_seed_10() {
    insta::assert_snapshot!(
        "catan56_sbp_6p_seed_10",
        five_six_transcript(catan::TurnRule::SpecialBuilding, 6, 10)
    );
}

#[test]
fn five_six_paired_five_players_seed_11() {
    insta::assert_snapshot!(
        "catan56_pair_5p_seed_11",
        five_six_transcript(catan::TurnRule::Paired, 5, 11)
    );
}

#[test]
fn five_six_paired_six_players_seed_12() {
    insta::assert_snapshot!(
        "catan56_pair_6p_seed_12",
        five_six_transcript(catan::TurnRule::Paired, 6, 12)
    );
}
