//! Prints the JSON forms Cities & Knights adds (for docs/games/cities-knights.md).
//!
//! `cargo run -p spielleiter-catan --example ck_doc_json`

use catan::{Action, BoardChoice, CatanCk, Chance, Config, Event, NodeId, Phase};
use catan::{Card, Commodity, EventFace, ProgressCard, Track};
use catan::{CkAction, CkChance, CkEvent, CkPhase};
use engine::rand::SeedableRng;
use engine::{Game, GameRng, Seat, Viewer};

fn line<T: serde::Serialize>(t: &T) {
    println!("{}", serde_json::to_string(t).unwrap_or_default());
}

fn main() {
    line(&Config {
        board: BoardChoice::Beginner,
        ..Config::cities_knights()
    });
    let mut rng = GameRng::seed_from_u64(1);
    let mut s = CatanCk::new_game(&Config::cities_knights(), 3, &mut rng).expect("config");
    {
        let ck = &mut s.part;
        ck.players[0].levels[Track::Science.index()] = 2;
        ck.players[0].commodities.0[Commodity::Paper.index()] = 1;
        ck.players[0].roster.insert(catan::KnightBit::Placed, NodeId(4));
    }
    line(&s.part);
    for a in [
        Action::Ck(CkAction::BuildKnight { node: NodeId(4) }),
        Action::Ck(CkAction::DisplaceKnight {
            from: NodeId(4),
            to: NodeId(13),
        }),
        Action::Ck(CkAction::BuildImprovement { track: Track::Science }),
        Action::Ck(CkAction::BankTrade {
            rate: Some(4),
            give: Card::Coin,
            get: Card::Ore,
        }),
        Action::Ck(CkAction::DiscardCard { card: Card::Paper }),
        Action::Ck(CkAction::PlayProgress {
            card: ProgressCard::Warlord,
        }),
        Action::Ck(CkAction::PlayInventor {
            a: catan::HexId(0),
            b: catan::HexId(2),
        }),
        Action::Ck(CkAction::EndCard),
    ] {
        line(&a);
    }
    line(&Chance::Ck(CkChance::CkDice {
        red: 2,
        yellow: 5,
        event: EventFace::Gate(Track::Politics),
    }));
    line(&Chance::Ck(CkChance::Progress {
        card: ProgressCard::Spy,
    }));
    line(&Phase::Ck(CkPhase::ProgressDraw {
        seat: Seat(1),
        track: Track::Trade,
        then: catan::Step::Production,
    }));
    line(&Event::Ck(CkEvent::BarbarianAttack {
        strength: 4,
        defence: 3,
        repelled: false,
    }));
    let view = CatanCk::view(&s, Viewer::Seat(Seat(1)));
    println!(
        "{}",
        serde_json::to_string(&view.cities_knights.map(|v| v.players[0].clone())).unwrap_or_default()
    );
}
