//! Nothing panics on states or actions from outside: arbitrary perturbations of
//! a real state are validated (problems listed), viewed, determinized and asked
//! for legal actions; arbitrary actions are checked.

use catan::{Action, Catan, Config, HexId, NodeId, Phase, Resource, State};
use catan::{BaseAction, BasePhase};
use engine::rand::SeedableRng;
use engine::{random_playout, Game, GameRng, PlayoutBuffers, RandomPolicy, Seat, SeatSet, Viewer};
use proptest::prelude::*;

fn midgame(seed: u64) -> State {
    let mut rng = GameRng::seed_from_u64(seed);
    let mut s = Catan::new_game(&Config::default(), 4, &mut rng).expect("config");
    let policy = RandomPolicy {
        skip_offers: true,
        max_turns: 30,
    };
    random_playout::<Catan>(&mut s, &mut rng, policy, &mut PlayoutBuffers::default());
    s
}

fn phase(kind: u8, a: u8, b: u8) -> Phase {
    match kind % 8 {
        0 => Phase::Base(BasePhase::Setup {
            step: a,
            road_from: Some(NodeId(b % 54)),
        }),
        1 => Phase::Base(BasePhase::Discard {
            owed: [a, b, a, b, 0, 0],
        }),
        2 => Phase::Base(BasePhase::Stealing {
            victim: Seat(a % 8),
            resume: catan::Resume::Main,
        }),
        3 => Phase::Base(BasePhase::RoadBuilding {
            left: a,
            resume: catan::Resume::Roll,
        }),
        4 => Phase::Base(BasePhase::TradeReplies {
            offer: catan::Offer::default(),
            pending: SeatSet(a),
            accepted: SeatSet(b),
        }),
        5 => Phase::Base(BasePhase::TradeConfirm {
            offer: catan::Offer::default(),
            accepted: SeatSet(a),
        }),
        6 => Phase::Base(BasePhase::Over { winner: Seat(a % 8) }),
        _ => Phase::Base(BasePhase::Main),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    #[test]
    fn perturbed_states_never_panic(
        seed in 0u64..20,
        seat in 0usize..4,
        hand in proptest::array::uniform5(0u8..40),
        settlements in any::<u64>(),
        roads in any::<u128>(),
        current in 0u8..8,
        robber in 0u8..40,
        kind in 0u8..8,
        a in any::<u8>(),
        b in any::<u8>(),
    ) {
        let mut s = midgame(seed);
        s.players[seat].hand.0 = hand;
        s.players[seat].settlements.0 = catan::NodeBits::from_u128(u128::from(settlements & ((1 << 54) - 1)));
        s.players[seat].roads.0 = catan::EdgeBits::from_u128(roads & ((1u128 << 72) - 1));
        s.recompute_road_lengths();
        s.current = Seat(current);
        s.robber = HexId(robber);
        s.phase = phase(kind, a, b);
        let valid = Catan::validate(&s).is_ok();
        // A consistent state must be fully usable; an inconsistent one must at
        // least be reported, viewed and serialised without panicking.
        let _ = Catan::view(&s, Viewer::Spectator);
        let _ = serde_json::to_string(&s);
        if valid {
            let _ = Catan::to_act(&s);
            let mut legal = Vec::new();
            for p in Seat::all(4) {
                Catan::legal_actions(&s, p, &mut legal);
                let _ = Catan::view(&s, Viewer::Seat(p));
                let mut rng = GameRng::seed_from_u64(seed);
                let _ = Catan::determinize(&s, Viewer::Seat(p), &mut rng);
            }
        }
    }

    #[test]
    fn arbitrary_actions_are_checked_without_panic(
        seed in 0u64..20,
        seat in 0u8..8,
        node in any::<u8>(),
        victim in proptest::option::of(0u8..10),
        r in 0usize..5,
    ) {
        let s = midgame(seed);
        let res = Resource::ALL[r];
        for action in [
            Action::Base(BaseAction::BuildSettlement { node: NodeId(node) }),
            Action::Base(BaseAction::BuildCity { node: NodeId(node) }),
            Action::Base(BaseAction::BuildRoad { edge: catan::EdgeId(node) }),
            Action::Base(BaseAction::MoveRobber { hex: HexId(node), victim: victim.map(Seat) }),
            Action::Base(BaseAction::ConfirmTrade { with: Seat(seat) }),
            Action::Base(BaseAction::Discard { resource: res }),
            Action::Base(BaseAction::PlayYearOfPlenty { first: res, second: Resource::Brick }),
        ] {
            let mut t = s.clone();
            if Catan::apply(&mut t, Seat(seat), &action, &mut engine::NoEvents).is_err() {
                prop_assert_eq!(&t, &s);
            } else {
                prop_assert!(Catan::validate(&t).is_ok());
            }
        }
    }
}

#[test]
fn a_player_with_every_road_is_reported_quickly() {
    let mut s = midgame(1);
    s.players[0].roads.0 = catan::EdgeBits::from_u128((1u128 << 72) - 1);
    s.recompute_road_lengths();
    let p = Catan::validate(&s).expect_err("too many roads");
    assert!(p.iter().any(|m| m.en.contains("72 roads")), "{p:?}");
}

#[test]
fn bad_configs_are_refused() {
    let mut rng = GameRng::seed_from_u64(0);
    assert!(Catan::new_game(&Config::default(), 2, &mut rng).is_err());
    assert!(Catan::new_game(&Config::default(), 5, &mut rng).is_err());
    let mut board = catan::Board::beginner();
    board.tiles[0].number = Some(7);
    let config = Config {
        board: catan::BoardChoice::layout(board),
        ..Config::default()
    };
    let e = Catan::new_game(&config, 3, &mut rng).expect_err("bad layout");
    assert!(e.message.en.contains("number tokens"), "{e}");
    assert!(!e.message.de.is_empty());
}
