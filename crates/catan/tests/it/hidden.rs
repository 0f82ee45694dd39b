//! Hidden information: views, redacted events, determinization.

use catan::{Action, BoardChoice, Catan, Config, DevCard, Event, Phase, Resource, State};
use catan::{BaseAction, BaseEvent, BasePhase};
use engine::rand::SeedableRng;
use engine::{random_playout, Game, GameRng, PlayoutBuffers, RandomPolicy, Seat, Viewer};

/// A game played for a while with random moves.
fn midgame(seed: u64, turns: u32) -> State {
    let config = Config {
        board: BoardChoice::Beginner,
        ..Config::default()
    };
    let mut rng = GameRng::seed_from_u64(seed);
    let mut s = Catan::new_game(&config, 4, &mut rng).expect("config");
    let policy = RandomPolicy {
        skip_offers: true,
        max_turns: turns,
    };
    random_playout::<Catan>(&mut s, &mut rng, policy, &mut PlayoutBuffers::default());
    s
}

#[test]
fn a_seat_sees_its_own_cards_and_only_counts_of_the_others() {
    let s = midgame(3, 40);
    let v = Catan::view(&s, Viewer::Seat(Seat(1)));
    for (i, p) in v.players.iter().enumerate() {
        assert_eq!(p.resource_count, s.players[i].hand.total());
        if i == 1 {
            assert_eq!(p.hand, Some(s.players[1].hand));
            assert_eq!(p.dev_cards, Some(s.players[1].dev_cards));
            assert_eq!(p.points, Some(s.points(Seat(1))));
        } else {
            assert_eq!(p.hand, None);
            assert_eq!(p.dev_cards, None);
            assert_eq!(p.victory_point_cards, None);
            assert_eq!(p.points, None);
        }
        // Played cards are public.
        assert_eq!(p.played, s.players[i].played);
    }
    // The deck shows only its size.
    let json = serde_json::to_value(&v).expect("json");
    assert!(json.get("deck").is_none());
    assert_eq!(v.deck_size, s.deck.total());
    let spectator = Catan::view(&s, Viewer::Spectator);
    assert!(spectator.players.iter().all(|p| p.hand.is_none()));
}

#[test]
fn victory_point_cards_stay_hidden_until_the_game_is_won() {
    let mut s = midgame(5, 30);
    let seat = Seat(2);
    s.deck.0[DevCard::VictoryPoint.index()] -= 1;
    s.players[2].dev_cards.0[DevCard::VictoryPoint.index()] += 1;
    let other = Catan::view(&s, Viewer::Seat(Seat(0)));
    assert_eq!(other.players[2].victory_point_cards, None);
    assert_eq!(other.players[2].public_points, s.public_points(seat));
    s.phase = Phase::Base(BasePhase::Over { winner: seat });
    let after = Catan::view(&s, Viewer::Seat(Seat(0)));
    assert_eq!(
        after.players[2].victory_point_cards,
        Some(s.players[2].victory_point_cards())
    );
}

#[test]
fn steals_bought_cards_and_monopoly_amounts_reach_only_those_concerned() {
    let stolen = Event::Base(BaseEvent::Stolen {
        thief: Seat(0),
        victim: Seat(1),
        resource: Some(Resource::Ore),
    });
    for (viewer, sees) in [
        (Viewer::Seat(Seat(0)), true),
        (Viewer::Seat(Seat(1)), true),
        (Viewer::Seat(Seat(2)), false),
        (Viewer::Spectator, false),
    ] {
        let e = Catan::redact(&stolen, viewer).expect("visible");
        let Event::Base(BaseEvent::Stolen { resource, .. }) = e else {
            panic!()
        };
        assert_eq!(resource.is_some(), sees, "{viewer:?}");
    }
    let bought = Event::Base(BaseEvent::DevCardBought {
        seat: Seat(2),
        card: Some(DevCard::VictoryPoint),
    });
    assert_eq!(Catan::redact(&bought, Viewer::Seat(Seat(2))), Some(bought.clone()));
    assert_eq!(
        Catan::redact(&bought, Viewer::Seat(Seat(0))),
        Some(Event::Base(BaseEvent::DevCardBought {
            seat: Seat(2),
            card: None
        }))
    );
    let paid = Event::Base(BaseEvent::MonopolyPaid {
        from: Seat(1),
        to: Seat(3),
        resource: Resource::Wool,
        count: Some(2),
    });
    assert_eq!(Catan::redact(&paid, Viewer::Seat(Seat(1))), Some(paid.clone()));
    assert_eq!(Catan::redact(&paid, Viewer::Seat(Seat(3))), Some(paid.clone()));
    let Some(Event::Base(BaseEvent::MonopolyPaid { count, resource, .. })) =
        Catan::redact(&paid, Viewer::Seat(Seat(0)))
    else {
        panic!()
    };
    assert_eq!((count, resource), (None, Resource::Wool));
}

#[test]
fn determinize_keeps_every_view_and_resamples_secrets() {
    let mut changed = 0;
    for seed in 0..30 {
        let s = midgame(seed, 25 + seed as u32);
        for viewer in [Viewer::Seat(Seat(0)), Viewer::Seat(Seat(3)), Viewer::Spectator] {
            let mut rng = GameRng::seed_from_u64(seed);
            let d = Catan::determinize(&s, viewer, &mut rng);
            Catan::validate(&d).expect("consistent");
            assert_eq!(Catan::view(&d, viewer), Catan::view(&s, viewer));
            if let Viewer::Seat(me) = viewer {
                assert_eq!(d.players[me.index()], s.players[me.index()]);
            }
            changed += (d != s) as usize;
        }
    }
    assert!(changed > 30, "secrets are resampled ({changed})");
}

#[test]
fn determinize_keeps_cards_shown_in_a_trade() {
    let mut s = midgame(9, 20);
    // Find a position with an accepted offer by playing a trade by hand.
    s.phase = Phase::Base(BasePhase::Main);
    let cur = s.current;
    let other = Seat(((cur.0 as usize + 1) % 4) as u8);
    s.bank.0[0] -= 1;
    s.players[cur.index()].hand.0[0] += 1;
    s.bank.0[4] -= 1;
    s.players[other.index()].hand.0[4] += 1;
    Catan::validate(&s).expect("consistent");
    for a in [
        Action::Base(BaseAction::OpenTrade),
        Action::Base(BaseAction::OfferGive {
            resource: Resource::Brick,
        }),
        Action::Base(BaseAction::OfferGet {
            resource: Resource::Ore,
        }),
        Action::Base(BaseAction::SubmitOffer),
    ] {
        Catan::apply(&mut s, cur, &a, &mut engine::NoEvents).expect("legal");
    }
    Catan::apply(
        &mut s,
        other,
        &Action::Base(BaseAction::AcceptOffer),
        &mut engine::NoEvents,
    )
    .expect("accept");
    for seat in Seat::all(4) {
        if seat != cur && seat != other {
            Catan::apply(
                &mut s,
                seat,
                &Action::Base(BaseAction::DeclineOffer),
                &mut engine::NoEvents,
            )
            .expect("decline");
        }
    }
    assert!(matches!(s.phase, Phase::Base(BasePhase::TradeConfirm { .. })));
    for seed in 0..20 {
        let mut rng = GameRng::seed_from_u64(seed);
        let d = Catan::determinize(&s, Viewer::Spectator, &mut rng);
        Catan::validate(&d).expect("consistent");
        assert!(d.players[other.index()].hand.get(Resource::Ore) >= 1);
        assert!(d.players[cur.index()].hand.get(Resource::Brick) >= 1);
        Catan::check(&d, cur, &Action::Base(BaseAction::ConfirmTrade { with: other })).expect("still possible");
    }
}

#[test]
fn after_the_win_victory_point_cards_are_public_and_kept_by_determinize() {
    let mut s = midgame(12, 40);
    s.deck.0[DevCard::VictoryPoint.index()] -= 2;
    s.players[3].dev_cards.0[DevCard::VictoryPoint.index()] += 2;
    s.phase = Phase::Base(BasePhase::Over { winner: s.current });
    for viewer in [Viewer::Seat(Seat(0)), Viewer::Spectator] {
        let mut rng = GameRng::seed_from_u64(1);
        let d = Catan::determinize(&s, viewer, &mut rng);
        assert_eq!(Catan::view(&d, viewer), Catan::view(&s, viewer));
        assert_eq!(Catan::view(&d, viewer).players[3].victory_point_cards, Some(2));
    }
}
