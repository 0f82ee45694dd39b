//! Setup (`splendor.setup.*`): tokens by player count, the deal and the
//! nobles as chance outcomes, and the refusals of outcomes supplied by hand:
//! `splendor.setup.card_not_in_deck`, `splendor.setup.noble_not_in_pool`,
//! `splendor.setup.wrong_draw`.

use crate::common;
use common::*;
use engine::rand::SeedableRng;
use engine::{Game, GameRng, NoEvents, Seat, ToAct};
use splendor::{Chance, Config, Level, Phase, Slot, Splendor, State};

fn new(players: usize) -> State {
    Splendor::new_game(&Config::default(), players, &mut GameRng::seed_from_u64(7)).unwrap()
}

#[test]
fn tokens_per_player_count() {
    // splendor.setup.tokens: 4 / 5 / 7 gems per colour, always 5 gold.
    for (players, gems) in [(2, 4), (3, 5), (4, 7)] {
        let s = new(players);
        assert_eq!(s.bank(), [gems, gems, gems, gems, gems, 5], "{players} players");
    }
}

#[test]
fn two_to_four_players() {
    // splendor.setup.players
    for players in [0, 1, 5] {
        let e = Splendor::new_game(&Config::default(), players, &mut GameRng::seed_from_u64(1)).unwrap_err();
        assert!(!e.message.de.is_empty() && e.message.en.contains("2 to 4"));
    }
}

#[test]
fn the_deal_and_the_nobles_are_chance_outcomes() {
    // splendor.setup.market and splendor.setup.nobles: 4 face-up cards per level, players + 1 nobles.
    let mut s = new(3);
    assert_eq!(Splendor::to_act(&s), ToAct::Chance);
    let mut outcomes = Vec::new();
    Splendor::chance_outcomes(&s, &mut outcomes);
    assert_eq!(outcomes.len(), 40, "the first card is uniform over the level-1 deck");
    assert!(outcomes.iter().all(|(_, p)| (*p - 1.0 / 40.0).abs() < 1e-12));
    // Deal by hand (manual chance), level 1 first.
    let deal: [[u8; 4]; 3] = [[10, 20, 30, 39], [41, 50, 60, 69], [70, 80, 85, 89]];
    for row in deal {
        for c in row {
            chance(&mut s, Chance::Card { card: card(c) });
        }
    }
    for (l, row) in deal.iter().enumerate() {
        for (slot, &c) in row.iter().enumerate() {
            let level = Level::new(l as u8 + 1).unwrap();
            assert_eq!(s.market_card(level, Slot::new(slot as u8).unwrap()), Some(card(c)));
        }
    }
    assert_eq!([1, 2, 3].map(|l| s.deck_len(Level::new(l).unwrap())), [36, 26, 16]);
    Splendor::chance_outcomes(&s, &mut outcomes);
    assert_eq!(outcomes.len(), 10, "then a noble, uniform over all ten");
    for n in [3, 8, 5] {
        assert_eq!(s.phase(), Phase::Setup);
        chance(&mut s, Chance::Noble { noble: noble(n) });
    }
    assert_eq!(s.phase(), Phase::Setup, "3 players: 4 nobles");
    chance(&mut s, Chance::Noble { noble: noble(0) });
    assert_eq!(
        s.face_up_nobles().map(|n| n.get()).collect::<Vec<_>>(),
        vec![0, 3, 5, 8]
    );
    assert_eq!(s.phase(), Phase::Action);
    assert_eq!(s.current(), Seat(0), "seat 0 starts");
    assert_eq!(s.turn(), 1);
    assert!(Splendor::validate(&s).is_ok());
}

#[test]
fn card_not_in_deck() {
    // splendor.setup.card_not_in_deck: a card of another level, or one already dealt.
    let mut s = new(2);
    assert_chance_refused(&s, Chance::Card { card: card(45) }, "splendor.setup.card_not_in_deck");
    chance(&mut s, Chance::Card { card: card(3) });
    assert_chance_refused(&s, Chance::Card { card: card(3) }, "splendor.setup.card_not_in_deck");
}

#[test]
fn noble_not_in_pool() {
    // splendor.setup.noble_not_in_pool
    let mut s = new(2);
    for _ in 0..12 {
        let c = Splendor::sample_chance(&s, &mut GameRng::seed_from_u64(3));
        Splendor::apply_chance(&mut s, &c, &mut NoEvents).unwrap();
    }
    chance(&mut s, Chance::Noble { noble: noble(6) });
    assert_chance_refused(
        &s,
        Chance::Noble { noble: noble(6) },
        "splendor.setup.noble_not_in_pool",
    );
}

#[test]
fn wrong_draw() {
    // splendor.setup.wrong_draw: a noble while a card is due, and the other way round.
    let mut s = new(2);
    assert_chance_refused(&s, Chance::Noble { noble: noble(1) }, "splendor.setup.wrong_draw");
    for _ in 0..12 {
        let c = Splendor::sample_chance(&s, &mut GameRng::seed_from_u64(3));
        Splendor::apply_chance(&mut s, &c, &mut NoEvents).unwrap();
    }
    let free = (0..40).map(card).find(|c| s.in_deck(*c)).unwrap();
    assert_chance_refused(&s, Chance::Card { card: free }, "splendor.setup.wrong_draw");
}

#[test]
fn no_chance_while_a_seat_is_to_act() {
    let s = load(base(2));
    let mut t = s;
    let r = Splendor::apply_chance(&mut t, &Chance::Card { card: card(0) }, &mut NoEvents).unwrap_err();
    assert_eq!(r.rule_id(), "engine.not_chance_turn");
    let _ = s;
}
