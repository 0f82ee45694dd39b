//! Hidden information of Cities & Knights: determinization samples every
//! secret the viewer cannot see (both card kinds, progress cards, deck
//! contents) as a function of the view alone, and keeps the view unchanged.

use crate::ck;
use crate::ck::State;
use catan::{BasePhase, CkPhase};

use catan::ProgressHand;
use catan::{BoardChoice, CatanCk, Config, Phase};
use catan::{ProgressCard, Track};
use engine::rand::SeedableRng;
use engine::{random_playout, Game, GameRng, PlayoutBuffers, RandomPolicy, Seat, Viewer};

fn midgame(seed: u64, turns: u32) -> State {
    let config = Config {
        board: BoardChoice::Beginner,
        ..Config::cities_knights()
    };
    let mut rng = GameRng::seed_from_u64(seed);
    let mut s = CatanCk::new_game(&config, 4, &mut rng).expect("config");
    let policy = RandomPolicy {
        skip_offers: true,
        max_turns: turns,
    };
    random_playout::<CatanCk>(&mut s, &mut rng, policy, &mut PlayoutBuffers::default());
    s
}

/// Swaps a resource of `a` with a commodity of `b` (hand sizes stay), and a
/// progress card of `a` with one of the same colour in its deck.
fn shuffle_secrets(s: &mut State, a: usize, b: usize) -> bool {
    let mut changed = false;
    let ra = catan::Resource::ALL.into_iter().find(|&r| s.players[a].hand.get(r) > 0);
    let cb = catan::Commodity::ALL
        .into_iter()
        .find(|&c| ck::ck(s).players[b].commodities.get(c) > 0);
    if let (Some(r), Some(c)) = (ra, cb) {
        s.players[a].hand.0[r.index()] -= 1;
        s.players[b].hand.0[r.index()] += 1;
        let k = ck::ckm(s);
        k.players[b].commodities.0[c.index()] -= 1;
        k.players[a].commodities.0[c.index()] += 1;
        changed = true;
    }
    let k = ck::ckm(s);
    let held = ProgressCard::ALL
        .into_iter()
        .find(|&c| k.players[a].progress.get(c) > 0);
    if let Some(card) = held {
        let deck = &mut k.decks[card.track().index()];
        if let Some(other) = ProgressCard::ALL
            .into_iter()
            .find(|&o| o != card && o.track() == card.track() && !o.is_vp() && deck.top.get(o) > 0)
        {
            deck.top.remove_card(other);
            deck.top.add_card(card);
            k.players[a].progress.remove_card(card);
            k.players[a].progress.add_card(other);
            changed = true;
        }
    }
    changed
}

#[test]
fn ck_determinize_depends_only_on_the_view() {
    let mut compared = 0;
    for seed in 0..30 {
        let mut s = midgame(seed, 30 + seed as u32);
        if matches!(s.phase, Phase::Base(BasePhase::Over { .. })) {
            continue;
        }
        // Make sure seat 1 holds a progress card.
        let k = ck::ckm(&mut s);
        if k.players[1].progress.is_empty() && k.decks[Track::Politics.index()].top.get(ProgressCard::Spy) > 0 {
            k.decks[Track::Politics.index()].top.remove_card(ProgressCard::Spy);
            k.players[1].progress.add_card(ProgressCard::Spy);
        }
        if CatanCk::validate(&s).is_err()
            || !matches!(s.phase, Phase::Base(BasePhase::Main) | Phase::Base(BasePhase::Roll))
        {
            continue;
        }
        let viewer = Viewer::Seat(Seat(0));
        let mut t = s.clone();
        if !shuffle_secrets(&mut t, 1, 2) {
            continue;
        }
        CatanCk::validate(&t).expect("the changed state is consistent");
        assert_ne!(s, t);
        assert_eq!(
            CatanCk::view(&s, viewer),
            CatanCk::view(&t, viewer),
            "the change is hidden from seat 0"
        );
        let mut r1 = GameRng::seed_from_u64(seed);
        let mut r2 = GameRng::seed_from_u64(seed);
        let d1 = CatanCk::determinize(&s, viewer, &mut r1);
        let d2 = CatanCk::determinize(&t, viewer, &mut r2);
        assert_eq!(d1, d2, "seed {seed}: the sample depends only on the view");
        CatanCk::validate(&d1).expect("a determinized state is consistent");
        assert_eq!(CatanCk::view(&d1, viewer), CatanCk::view(&s, viewer));
        compared += 1;
    }
    assert!(compared >= 10, "compared {compared}");
}

/// A resource offered by Commercial Harbor stays in the offerer's hand in
/// every sample (it is part of the public phase).
#[test]
fn ck_determinize_keeps_the_harbor_offer() {
    use catan::Resource;
    let mut s = ck::position(3);
    ck::settle(&mut s, 0, ck::corner(0, 0), ck::corner(0, 1));
    ck::give(&mut s, 0, &[(Resource::Brick, 1), (Resource::Ore, 3)]);
    ck::give_c(&mut s, 1, &[(catan::Commodity::Coin, 1)]);
    s.phase = Phase::Ck(CkPhase::HarborReply {
        to: Seat(1),
        resource: Resource::Brick,
    });
    ck::ckm(&mut s).turn.harbor = true;
    let s = ck::done(s);
    for seed in 0..50 {
        let mut rng = GameRng::seed_from_u64(seed);
        let d = CatanCk::determinize(&s, Viewer::Seat(Seat(2)), &mut rng);
        assert!(d.players[0].hand.get(Resource::Brick) >= 1, "seed {seed}");
    }
}
