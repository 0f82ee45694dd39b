//! The crate documentation's first step (src/lib.rs), run here.

use catan_junior::{Action, CatanJunior, Chance, Config};
use engine::rand::SeedableRng;
use engine::{Game, GameRng, NoEvents, Seat, ToAct};

#[test]
fn the_crate_doc_example_runs() {
    let mut rng = GameRng::seed_from_u64(1);
    let mut state = CatanJunior::new_game(&Config::default(), 4, &mut rng).expect("2–4 players");
    // Every turn starts with the captain's die, a chance node.
    assert_eq!(CatanJunior::to_act(&state), ToAct::Chance);
    CatanJunior::apply_chance(&mut state, &Chance::Die { value: 3 }, &mut NoEvents).expect("a die face");
    let mut legal = Vec::new();
    CatanJunior::legal_actions(&state, Seat(0), &mut legal);
    assert!(legal.contains(&Action::EndTurn));
}
