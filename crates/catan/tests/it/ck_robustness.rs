//! Nothing panics on Cities & Knights states or actions from outside:
//! perturbed positions (knights, levels, commodities, progress cards, the
//! phases this rule set adds) are validated, viewed and serialised; the
//! consistent ones are also asked for legal actions and determinized; and
//! arbitrary C&K actions are checked, refused without change or applied to a
//! consistent state.

use crate::ck::State;
use catan::ProgressHand;
use catan::{Action, CatanCk, Config, HexId, NodeId, Phase, Resource};
use catan::{Card, Commodity, ProgressCard, Step, Track};
use catan::{CkAction, CkPhase};
use engine::rand::SeedableRng;
use engine::{random_playout, Game, GameRng, PlayoutBuffers, RandomPolicy, Seat, SeatSet, Viewer};
use proptest::prelude::*;

fn midgame(seed: u64) -> State {
    let mut rng = GameRng::seed_from_u64(seed);
    let mut s = CatanCk::new_game(&Config::cities_knights(), 4, &mut rng).expect("config");
    let policy = RandomPolicy {
        skip_offers: true,
        max_turns: 40,
    };
    random_playout::<CatanCk>(&mut s, &mut rng, policy, &mut PlayoutBuffers::default());
    s
}

fn phase(kind: u8, a: u8, b: u8) -> Phase {
    let seat = Seat(a % 8);
    let track = Track::ALL[b as usize % 3];
    match kind % 14 {
        0 => Phase::Ck(CkPhase::Pillage { owed: SeatSet(a) }),
        1 => Phase::Ck(CkPhase::DefenderDeck { pending: SeatSet(a) }),
        2 => Phase::Ck(CkPhase::ProgressDraw {
            seat,
            track,
            then: Step::Gate {
                track,
                pending: SeatSet(b),
            },
        }),
        3 => Phase::Ck(CkPhase::ProgressDiscard { seat, then: Step::Main }),
        4 => Phase::Ck(CkPhase::Aqueduct { pending: SeatSet(b) }),
        5 => Phase::Ck(CkPhase::Relocate {
            seat,
            from: NodeId(b % 60),
            strength: b % 5,
            active: a % 2 == 0,
        }),
        6 => Phase::Ck(CkPhase::PlaceMetropolis { track }),
        7 => Phase::Ck(CkPhase::RollingEvent {
            red: a % 9,
            yellow: b % 9,
        }),
        8 => Phase::Ck(CkPhase::Smith { left: b }),
        9 => Phase::Ck(CkPhase::Desert { victim: seat }),
        10 => Phase::Ck(CkPhase::BishopSteal { pending: SeatSet(b) }),
        11 => Phase::Ck(CkPhase::Wedding {
            owed: [a, b, a, b, 0, 0],
        }),
        12 => Phase::Ck(CkPhase::MasterMerchant { victim: seat, left: b }),
        _ => Phase::Ck(CkPhase::HarborReply {
            to: seat,
            resource: Resource::ALL[b as usize % 5],
        }),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]
    #[test]
    fn perturbed_ck_states_never_panic(
        seed in 0u64..12,
        seat in 0usize..4,
        knights in any::<u64>(),
        strong in any::<u64>(),
        levels in proptest::array::uniform3(0u8..8),
        commodities in proptest::array::uniform3(0u8..20),
        card in 0usize..25,
        kind in 0u8..14,
        a in any::<u8>(),
        b in any::<u8>(),
        barbarians in 0u8..9,
    ) {
        let mut s = midgame(seed);
        // Mode 0 changes only the phase, mode 1 only the levels (mostly
        // consistent positions), mode 2 everything (mostly inconsistent).
        let mode = b % 3;
        if mode == 2 {
            // At most the six knight pieces: the roster holds no more.
            let bits = catan::NodeSet(catan::NodeBits::from_u128(u128::from(knights & ((1 << 54) - 1))));
            let c = &mut s.ck_mut().expect("a Cities & Knights game").players[seat];
            c.roster.clear(catan::KnightBit::Placed);
            for node in bits.iter().take(catan::MAX_KNIGHTS) {
                c.roster.insert(catan::KnightBit::Placed, node);
            }
            s.recompute_road_lengths();
        }
        if let Some(ck) = s.ck_mut() {
            let p = &mut ck.players[seat];
            if mode >= 1 {
                p.levels = levels.map(|l| l % 6);
            }
            if mode == 2 {
                p.strong().0 = catan::NodeBits::from_u128(u128::from(strong & ((1 << 54) - 1)));
                p.commodities.0 = commodities;
                p.progress.add_card(ProgressCard::ALL[card]);
                ck.barbarians = barbarians;
            }
        }
        s.phase = phase(kind, a, b);
        let valid = CatanCk::validate(&s).is_ok();
        let _ = CatanCk::view(&s, Viewer::Spectator);
        let _ = serde_json::to_string(&s);
        if valid {
            let _ = CatanCk::to_act(&s);
            let mut legal = Vec::new();
            let mut out = Vec::new();
            CatanCk::chance_outcomes(&s, &mut out);
            for p in Seat::all(4) {
                CatanCk::legal_actions(&s, p, &mut legal);
                let _ = CatanCk::view(&s, Viewer::Seat(p));
                let mut rng = GameRng::seed_from_u64(seed);
                let _ = CatanCk::determinize(&s, Viewer::Seat(p), &mut rng);
            }
        }
    }

    #[test]
    fn arbitrary_ck_actions_are_checked_without_panic(
        seed in 0u64..12,
        seat in 0u8..8,
        node in any::<u8>(),
        other in any::<u8>(),
        k in 0usize..8,
        t in 0usize..3,
        p in 0usize..25,
    ) {
        let s = midgame(seed);
        let card = Card::ALL[k];
        for action in [
            Action::Ck(CkAction::BuildKnight { node: NodeId(node) }),
            Action::Ck(CkAction::PromoteKnight { node: NodeId(node) }),
            Action::Ck(CkAction::ActivateKnight { node: NodeId(node) }),
            Action::Ck(CkAction::MoveKnight { from: NodeId(node), to: NodeId(other) }),
            Action::Ck(CkAction::DisplaceKnight { from: NodeId(node), to: NodeId(other) }),
            Action::Ck(CkAction::ChaseRobber { knight: NodeId(node) }),
            Action::Ck(CkAction::BuildWall { node: NodeId(node) }),
            Action::Ck(CkAction::BuildImprovement { track: Track::ALL[t] }),
            Action::Ck(CkAction::BankTrade { rate: None, give: card, get: Card::ALL[(k + 1) % 8] }),
            Action::Ck(CkAction::DiscardCard { card }),
            Action::Ck(CkAction::PlayProgress { card: ProgressCard::ALL[p] }),
            Action::Ck(CkAction::PlayInventor { a: HexId(node), b: HexId(other) }),
            Action::Ck(CkAction::PlayBishop { hex: HexId(node) }),
            Action::Ck(CkAction::PlayDiplomat { edge: catan::EdgeId(node) }),
            Action::Ck(CkAction::PlaySpy { victim: Seat(seat) }),
            Action::Ck(CkAction::PlayMerchant { hex: HexId(other) }),
            Action::Ck(CkAction::PlayTradeMonopoly { commodity: Commodity::ALL[t] }),
            Action::Ck(CkAction::HarborOffer { to: Seat(seat), resource: Resource::ALL[k % 5] }),
            Action::Ck(CkAction::OfferGiveCommodity { commodity: Commodity::ALL[t] }),
        ] {
            let mut t = s.clone();
            if CatanCk::apply(&mut t, Seat(seat), &action, &mut engine::NoEvents).is_err() {
                prop_assert_eq!(&t, &s);
            } else {
                prop_assert!(CatanCk::validate(&t).is_ok(), "{:?}", action);
            }
        }
    }
}
