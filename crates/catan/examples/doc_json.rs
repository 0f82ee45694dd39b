//! Prints real JSON forms of config, actions, chance outcomes, events, a view
//! and a state, for `docs/games/catan.md` (the examples there come from here).
//!
//! `cargo run -p spielleiter-catan --example doc_json`

use catan::{Action, BoardChoice, Catan, Chance, Config, DevCard, Dice, Event, HexId, NodeId, Resource, Resources};
use catan::{BaseAction, BaseChance, BaseEvent};
use engine::rand::SeedableRng;
use engine::{random_playout, Game, GameRng, PlayoutBuffers, RandomPolicy, Seat, Viewer};

fn line<T: serde::Serialize>(t: &T) {
    println!("{}", serde_json::to_string(t).expect("json"));
}

/// One top-level key per line; arrays of objects one element per line.
fn print_object(v: &serde_json::Value) {
    let Some(o) = v.as_object() else {
        line(v);
        return;
    };
    println!("{{");
    let n = o.len();
    for (i, (k, v)) in o.iter().enumerate() {
        let comma = if i + 1 < n { "," } else { "" };
        match v.as_array() {
            Some(items) if items.iter().all(|x| x.is_object()) && !items.is_empty() => {
                println!("  {k:?}: [");
                for (j, item) in items.iter().enumerate() {
                    let c = if j + 1 < items.len() { "," } else { "" };
                    println!("    {}{c}", serde_json::to_string(item).expect("json"));
                }
                println!("  ]{comma}");
            }
            _ => println!("  {k:?}: {}{comma}", serde_json::to_string(v).expect("json")),
        }
    }
    println!("}}");
}

fn main() {
    println!("## config");
    line(&Config::default());
    line(&Config {
        board: BoardChoice::Beginner,
        ..Config::default()
    });
    println!("## actions");
    let e = catan::Shape::Base
        .topology()
        .edge_between(NodeId(0), NodeId(3))
        .expect("edge");
    for a in [
        Action::Base(BaseAction::BuildSettlement { node: NodeId(0) }),
        Action::Base(BaseAction::BuildRoad { edge: e }),
        Action::Base(BaseAction::BuildCity { node: NodeId(0) }),
        Action::Base(BaseAction::Roll),
        Action::Base(BaseAction::Discard {
            resource: Resource::Wool,
        }),
        Action::Base(BaseAction::MoveRobber {
            hex: HexId(4),
            victim: Some(Seat(2)),
        }),
        Action::Base(BaseAction::MoveRobber {
            hex: HexId(7),
            victim: None,
        }),
        Action::Base(BaseAction::BuyDevelopmentCard),
        Action::Base(BaseAction::PlayKnight),
        Action::Base(BaseAction::PlayRoadBuilding),
        Action::Base(BaseAction::PlayYearOfPlenty {
            first: Resource::Brick,
            second: Resource::Ore,
        }),
        Action::Base(BaseAction::PlayMonopoly {
            resource: Resource::Grain,
        }),
        Action::Base(BaseAction::MaritimeTrade {
            rate: Some(4),
            give: Resource::Lumber,
            get: Resource::Ore,
        }),
        Action::Base(BaseAction::OpenTrade),
        Action::Base(BaseAction::OfferGive {
            resource: Resource::Brick,
        }),
        Action::Base(BaseAction::OfferGet {
            resource: Resource::Ore,
        }),
        Action::Base(BaseAction::SubmitOffer),
        Action::Base(BaseAction::AcceptOffer),
        Action::Base(BaseAction::DeclineOffer),
        Action::Base(BaseAction::ConfirmTrade { with: Seat(1) }),
        Action::Base(BaseAction::CancelTrade),
        Action::Base(BaseAction::EndTurn),
    ] {
        line(&a);
    }
    println!("## chance");
    line(&Chance::Base(BaseChance::Dice(Dice { red: 3, yellow: 4 })));
    line(&Chance::Base(BaseChance::Steal {
        resource: Resource::Brick,
    }));
    line(&Chance::Base(BaseChance::Draw { card: DevCard::Knight }));
    println!("## events (a stolen card as the thief and as a third player sees it)");
    let stolen = Event::Base(BaseEvent::Stolen {
        thief: Seat(0),
        victim: Seat(1),
        resource: Some(Resource::Ore),
    });
    line(&stolen);
    line(&Catan::redact(&stolen, Viewer::Seat(Seat(2))));
    line(&Event::Base(BaseEvent::Produced {
        seat: Seat(1),
        resources: Resources::of(&[(Resource::Grain, 2)]),
    }));
    line(&Event::Base(BaseEvent::DevCardBought {
        seat: Seat(1),
        card: None,
    }));
    line(&Event::Base(BaseEvent::MonopolyPaid {
        from: Seat(2),
        to: Seat(0),
        resource: Resource::Wool,
        count: None,
    }));
    line(&Event::Base(BaseEvent::LargestArmy { holder: Some(Seat(3)) }));
    println!("## events of a real game (seed 7, first 12)");
    let config = Config {
        board: BoardChoice::Beginner,
        ..Config::default()
    };
    let mut rng = GameRng::seed_from_u64(7);
    let mut s = Catan::new_game(&config, 3, &mut rng).expect("config");
    let mut legal = Vec::new();
    let mut events = Vec::new();
    while events.len() < 12 {
        let seat = s.current;
        Catan::legal_actions(&s, seat, &mut legal);
        Catan::apply(&mut s, seat, &legal[0], &mut events).expect("legal");
    }
    for e in &events {
        line(e);
    }
    println!("## state (3 players, beginner board, after 30 random turns)");
    let mut rng = GameRng::seed_from_u64(7);
    let mut s = Catan::new_game(&config, 3, &mut rng).expect("config");
    let policy = RandomPolicy {
        skip_offers: true,
        max_turns: 30,
    };
    random_playout::<Catan>(&mut s, &mut rng, policy, &mut PlayoutBuffers::default());
    // The board is left out here (it is the beginner board, the default when
    // loading); it is printed on its own below.
    let mut state = serde_json::to_value(&s).expect("json");
    if let Some(o) = state.as_object_mut() {
        o.remove("board");
    }
    print_object(&state);
    println!("## view of seat 1 (board left out)");
    let mut view = serde_json::to_value(Catan::view(&s, Viewer::Seat(Seat(1)))).expect("json");
    if let Some(o) = view.as_object_mut() {
        o.remove("board");
    }
    print_object(&view);
    println!("## beginner board");
    line(&catan::Board::beginner());
}
