//! The state's size (issue 28, item 5): what a search copies per playout and
//! determinization. `spielleiter bench --json` prints the same figures
//! (`state_bytes`, `heap_bytes`, `shared_bytes`); these bounds keep them from
//! growing back unnoticed.

use catan::{Catan, Config, Extension, Rules};
use engine::{Game, GameRng};
use rand::SeedableRng;

fn new_game(config: &Config, players: usize) -> catan::State {
    Catan::new_game(config, players, &mut GameRng::seed_from_u64(7)).expect("a game")
}

/// Printed with `--nocapture`: the sizes of every rule set at its most seats.
#[test]
fn state_sizes_stay_within_their_bounds() {
    let state = std::mem::size_of::<catan::State>();
    let ck_part = std::mem::size_of::<catan::cities_knights::CkState>();
    println!(
        "State {state} B, Player {} B, CkState {ck_part} B, CkPlayer {} B, Board {} B",
        std::mem::size_of::<catan::Player>(),
        std::mem::size_of::<catan::cities_knights::CkPlayer>(),
        std::mem::size_of::<catan::Board>(),
    );
    // Six seats, the board shared: 880 bytes before.
    assert!(state <= 640, "State is {state} bytes");

    let base = new_game(&Config::default(), 4);
    assert_eq!(Catan::state_heap(&base).owned, 0, "a base state owns no heap");
    assert_eq!(Catan::state_heap(&base).shared, std::mem::size_of::<catan::Board>());
    let five_six = new_game(
        &Config {
            extension: Some(Extension::FiveSix),
            ..Config::default()
        },
        6,
    );
    assert_eq!(Catan::state_heap(&five_six).owned, 0);
    for rules in [Rules::CitiesKnights, Rules::CitiesKnightsHeroes] {
        let ck = new_game(
            &Config {
                rules,
                ..Config::default()
            },
            4,
        );
        assert_eq!(Catan::state_heap(&ck).owned, ck_part, "{rules:?}");
    }
}

/// A clone shares the board instead of copying it, and reads back equal.
#[test]
fn a_clone_shares_the_board() {
    let s = new_game(&Config::default(), 4);
    let c = s.clone();
    assert!(std::sync::Arc::ptr_eq(&s.board, &c.board));
    assert_eq!(s, c);
    let back: catan::State = serde_json::from_value(serde_json::to_value(&s).expect("json")).expect("a state");
    assert_eq!(back, s);
}
