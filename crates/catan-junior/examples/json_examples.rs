//! Prints the JSON of real actions, chance outcomes, events, views and a state,
//! for `docs/games/catan-junior.md` (so the documented forms are exact).
//!
//! `cargo run -p spielleiter-catan-junior --example json_examples`

use catan_junior::{Action, CatanJunior, Chance, CocoCard, Config, Good, Island, Link, Site};
use engine::rand::SeedableRng;
use engine::{Game, GameRng, Seat, Viewer};

fn show<T: serde::Serialize>(title: &str, value: &T) {
    match serde_json::to_string(value) {
        Ok(json) => println!("{title}: {json}"),
        Err(e) => println!("{title}: <error {e}>"),
    }
}

fn main() {
    let actions = [
        Action::BuildLair { site: Site::printed(4) },
        Action::BuildShip {
            route: Link::printed(5, 6),
        },
        Action::AskCoco,
        Action::TradeRing {
            take: Good::Gold,
            give: Good::Wood,
        },
        Action::TradeSupply {
            give: Good::Wool,
            take: Good::Sabre,
        },
        Action::MoveKlau { island: Island(3) },
        Action::OpenOffer { to: Seat(2) },
        Action::OfferGive { good: Good::Wood },
        Action::OfferGet { good: Good::Gold },
        Action::SubmitOffer,
        Action::CancelOffer,
        Action::Accept,
        Action::Decline,
        Action::EndTurn,
    ];
    for a in &actions {
        show("action", a);
    }
    show("chance", &Chance::Die { value: 6 });
    show(
        "chance",
        &Chance::Coco {
            card: CocoCard::FreeBuild,
        },
    );
    show(
        "config",
        &Config {
            pro: true,
            ..Config::default()
        },
    );

    // A short real game: events and the resulting state and view.
    let mut rng = GameRng::seed_from_u64(7);
    let Ok(mut state) = CatanJunior::new_game(&Config::default(), 3, &mut rng) else {
        return;
    };
    show("initial state", &state);
    let mut events = Vec::new();
    let _ = CatanJunior::apply_chance(&mut state, &Chance::Die { value: 6 }, &mut events);
    let _ = CatanJunior::apply(
        &mut state,
        Seat(0),
        &Action::MoveKlau { island: Island(3) },
        &mut events,
    );
    let _ = CatanJunior::apply(
        &mut state,
        Seat(0),
        &Action::TradeRing {
            take: Good::Pineapple,
            give: Good::Gold,
        },
        &mut events,
    );
    let _ = CatanJunior::apply(&mut state, Seat(0), &Action::EndTurn, &mut events);
    let _ = CatanJunior::apply_chance(&mut state, &Chance::Die { value: 1 }, &mut events);
    for e in &events {
        show("event", e);
    }
    show("state", &state);
    show("view", &CatanJunior::view(&state, Viewer::Seat(Seat(1))));
}
