//! Seed 000 (Größte Rittermacht), word for word: every example and rule of the
//! seed as a test (`catan.award.largest_army`, `catan.dev.*`, `catan.win.own_turn`).

use crate::common;
use catan::{BaseAction, BaseChance, BaseEvent, BasePhase};

use catan::{Action, Catan, Chance, DevCard, Dice, Event, HexId, Phase, State};
use common::*;
use engine::{Game, NoEvents, Seat};
use testkit::scenario::{assert_accepted, assert_refused};

/// Hex 18 (bottom right) and hex 0 (top left) hold the players' settlements;
/// hex 7 holds nothing, so a knight moved there steals nothing.
const EMPTY_HEX: HexId = HexId(7);

/// Three players: A (seat 0) at the top of hex 0, B (seat 1) at the bottom of
/// hex 18, C (seat 2) at the top of hex 2. `a`/`b` played knights, and
/// knight cards in hand (bought before this turn).
fn army(a_played: u8, b_played: u8, a_cards: u8, b_cards: u8) -> State {
    let mut s = position(3);
    settle(&mut s, 0, corner(0, 0), corner(0, 1));
    settle(&mut s, 1, corner(18, 3), corner(18, 2));
    settle(&mut s, 2, corner(2, 0), corner(2, 1));
    played_knights(&mut s, 0, a_played);
    played_knights(&mut s, 1, b_played);
    dev(&mut s, 0, DevCard::Knight, a_cards);
    dev(&mut s, 1, DevCard::Knight, b_cards);
    if a_played >= 3 && a_played >= b_played {
        s.largest_army = Some(Seat(0));
    } else if b_played >= 3 {
        s.largest_army = Some(Seat(1));
    }
    s
}

/// Plays a knight and moves the robber where nothing can be stolen.
fn knight_without_steal(s: &mut State, seat: u8) -> Vec<Event> {
    let mut events = assert_accepted::<Catan>(s, Seat(seat), &Action::Base(BaseAction::PlayKnight));
    let hex = if s.robber == EMPTY_HEX { HexId(9) } else { EMPTY_HEX };
    events.extend(assert_accepted::<Catan>(
        s,
        Seat(seat),
        &Action::Base(BaseAction::MoveRobber { hex, victim: None }),
    ));
    events
}

/// Rolls (a 3: nothing special) if still due, then ends the turn.
fn finish_turn(s: &mut State) {
    let seat = s.current;
    if s.phase == Phase::Base(BasePhase::Roll) {
        assert_accepted::<Catan>(s, seat, &Action::Base(BaseAction::Roll));
        Catan::apply_chance(
            s,
            &Chance::Base(BaseChance::Dice(Dice { red: 1, yellow: 2 })),
            &mut NoEvents,
        )
        .expect("dice");
    }
    assert_accepted::<Catan>(s, seat, &Action::Base(BaseAction::EndTurn));
}

/// Ends turns until `seat` is to act.
fn turn_of(s: &mut State, seat: u8) {
    while s.current != Seat(seat) {
        finish_turn(s);
    }
}

#[test]
fn three_against_two_takes_the_card() {
    // „Drei Ritter gegen zwei Ritter: Der Spieler mit drei Rittern erhält … die größte Rittermacht.“
    let mut s = done(army(2, 2, 1, 0));
    let before = s.public_points(Seat(0));
    let events = knight_without_steal(&mut s, 0);
    assert_eq!(s.largest_army, Some(Seat(0)));
    assert!(events.contains(&Event::Base(BaseEvent::LargestArmy { holder: Some(Seat(0)) })));
    assert_eq!(s.public_points(Seat(0)), before + 2);
}

#[test]
fn three_against_two_keeps_the_card() {
    // … „erhält beziehungsweise behält“: the holder with three keeps it against a second knight.
    let mut s = done(army(3, 1, 0, 1));
    turn_of(&mut s, 1);
    knight_without_steal(&mut s, 1);
    assert_eq!(s.players[1].knights(), 2);
    assert_eq!(s.largest_army, Some(Seat(0)));
}

#[test]
fn three_against_three_the_holder_keeps_it() {
    // „Drei Ritter gegen drei Ritter: Die Karte bleibt bei ihrem bisherigen Besitzer.“
    let mut s = done(army(3, 2, 0, 1));
    turn_of(&mut s, 1);
    let events = knight_without_steal(&mut s, 1);
    assert_eq!(s.players[1].knights(), 3);
    assert_eq!(s.largest_army, Some(Seat(0)));
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::Base(BaseEvent::LargestArmy { .. }))));
}

#[test]
fn three_against_four_card_and_two_points_move_at_once() {
    // „Drei Ritter gegen vier Ritter: Der Spieler mit vier ausgespielten Rittern übernimmt
    // die Karte und ihre zwei Siegpunkte.“
    let mut s = done(army(3, 3, 0, 1));
    turn_of(&mut s, 1);
    let (a, b) = (s.public_points(Seat(0)), s.public_points(Seat(1)));
    let events = assert_accepted::<Catan>(&mut s, Seat(1), &Action::Base(BaseAction::PlayKnight));
    // At once: before the robber has even moved.
    assert_eq!(s.largest_army, Some(Seat(1)));
    assert!(events.contains(&Event::Base(BaseEvent::LargestArmy { holder: Some(Seat(1)) })));
    assert_eq!(s.public_points(Seat(0)), a - 2);
    assert_eq!(s.public_points(Seat(1)), b + 2);
}

#[test]
fn a_holder_at_four_makes_the_challenger_need_five() {
    // „Hat A vor diesem Zeitpunkt selbst einen vierten Ritter gespielt, benötigt B bereits fünf.“
    let mut s = done(army(3, 3, 1, 2));
    knight_without_steal(&mut s, 0);
    assert_eq!(s.players[0].knights(), 4);
    turn_of(&mut s, 1);
    knight_without_steal(&mut s, 1);
    assert_eq!(s.players[1].knights(), 4);
    assert_eq!(s.largest_army, Some(Seat(0)), "4 against 4: the holder keeps it");
    finish_turn(&mut s);
    turn_of(&mut s, 1);
    knight_without_steal(&mut s, 1);
    assert_eq!(s.players[1].knights(), 5);
    assert_eq!(s.largest_army, Some(Seat(1)), "5 against 4 takes it");
}

#[test]
fn nobody_has_it_until_a_third_played_knight() {
    // „Ein oder zwei ausgespielte Ritter reichen noch nicht“; the knights need not be in
    // consecutive turns and are collected over the whole game.
    let mut s = done(army(0, 0, 3, 0));
    knight_without_steal(&mut s, 0);
    assert_eq!(s.largest_army, None);
    turn_of(&mut s, 1);
    turn_of(&mut s, 0);
    knight_without_steal(&mut s, 0);
    assert_eq!(s.largest_army, None);
    turn_of(&mut s, 1);
    turn_of(&mut s, 0);
    knight_without_steal(&mut s, 0);
    assert_eq!(s.players[0].knights(), 3);
    assert_eq!(s.largest_army, Some(Seat(0)));
}

#[test]
fn four_knights_in_hand_do_not_beat_three_played() {
    // „Vier Ritterkarten auf der Hand sind keine größere Rittermacht als drei offen ausgespielte Ritter.“
    let mut s = done(army(3, 0, 0, 4));
    turn_of(&mut s, 1);
    assert_eq!(s.largest_army, Some(Seat(0)));
    assert_eq!(s.players[1].knights(), 0);
    knight_without_steal(&mut s, 1);
    // Only one of them can be played this turn.
    assert_refused::<Catan>(
        &s,
        Seat(1),
        &Action::Base(BaseAction::PlayKnight),
        "catan.dev.one_per_turn",
    );
    assert_eq!(s.largest_army, Some(Seat(0)));
}

#[test]
fn a_knight_bought_this_turn_cannot_be_played() {
    // „Eine neu gekaufte Ritterkarte darf nicht bereits im selben Zug eingesetzt werden.“
    let mut s = army(2, 0, 0, 0);
    give(
        &mut s,
        0,
        &[
            (catan::Resource::Wool, 1),
            (catan::Resource::Grain, 1),
            (catan::Resource::Ore, 1),
        ],
    );
    let mut s = done(s);
    assert_accepted::<Catan>(&mut s, Seat(0), &Action::Base(BaseAction::BuyDevelopmentCard));
    Catan::apply_chance(
        &mut s,
        &Chance::Base(BaseChance::Draw { card: DevCard::Knight }),
        &mut NoEvents,
    )
    .expect("draw");
    assert_eq!(s.players[0].new_dev_cards.get(DevCard::Knight), 1);
    assert_refused::<Catan>(
        &s,
        Seat(0),
        &Action::Base(BaseAction::PlayKnight),
        "catan.dev.not_this_turn",
    );
    // Bought cards are not counted either.
    assert_eq!(s.largest_army, None);
    // In the next own turn it can be played.
    turn_of(&mut s, 1);
    turn_of(&mut s, 0);
    knight_without_steal(&mut s, 0);
    assert_eq!(s.largest_army, Some(Seat(0)));
}

#[test]
fn only_one_development_card_per_turn() {
    // „Außerdem darf ein Spieler in seinem Zug normalerweise nur eine Entwicklungskarte ausspielen.“
    let mut s = done(army(1, 0, 2, 0));
    knight_without_steal(&mut s, 0);
    assert_refused::<Catan>(
        &s,
        Seat(0),
        &Action::Base(BaseAction::PlayKnight),
        "catan.dev.one_per_turn",
    );
    assert_eq!(s.players[0].knights(), 2);
    assert_eq!(s.largest_army, None);
}

#[test]
fn a_knight_on_a_hex_without_opponents_still_counts() {
    // „Setzt der Spieler den Räuber auf ein Feld, an dem keine gegnerische Siedlung oder Stadt
    // steht, … bleibt der Ritter trotzdem ausgespielt und erhöht die eigene Ritterzahl.“
    let mut s = done(army(2, 0, 1, 0));
    assert_accepted::<Catan>(&mut s, Seat(0), &Action::Base(BaseAction::PlayKnight));
    // Naming a victim there is refused: nobody can be robbed.
    assert_refused::<Catan>(
        &s,
        Seat(0),
        &Action::Base(BaseAction::MoveRobber {
            hex: EMPTY_HEX,
            victim: Some(Seat(1)),
        }),
        "catan.robber.steal_target",
    );
    assert_accepted::<Catan>(
        &mut s,
        Seat(0),
        &Action::Base(BaseAction::MoveRobber {
            hex: EMPTY_HEX,
            victim: None,
        }),
    );
    assert_eq!(s.phase, Phase::Base(BasePhase::Main));
    assert_eq!(s.players[0].knights(), 3);
    assert_eq!(s.largest_army, Some(Seat(0)));
}

#[test]
fn a_knight_against_a_victim_without_cards_still_counts() {
    // „… oder hat kein betroffener Mitspieler eine Rohstoffkarte, bleibt der Ritter trotzdem ausgespielt.“
    let mut s = done(army(2, 0, 1, 0));
    assert!(s.players[1].hand.is_empty());
    assert_accepted::<Catan>(&mut s, Seat(0), &Action::Base(BaseAction::PlayKnight));
    // Hex 18 holds B's settlement, but B has no card: no victim can be named.
    assert_refused::<Catan>(
        &s,
        Seat(0),
        &Action::Base(BaseAction::MoveRobber {
            hex: HexId(18),
            victim: Some(Seat(1)),
        }),
        "catan.robber.steal_target",
    );
    assert_accepted::<Catan>(
        &mut s,
        Seat(0),
        &Action::Base(BaseAction::MoveRobber {
            hex: HexId(18),
            victim: None,
        }),
    );
    assert_eq!(s.players[0].knights(), 3);
    assert_eq!(s.largest_army, Some(Seat(0)));
}

#[test]
fn taking_largest_army_in_ones_own_turn_wins_at_once() {
    // „Erreicht ein Spieler durch die Übernahme die zum Sieg erforderliche Punktzahl, kann der
    // Wechsel die Partie beenden … Bei Catan wird der Sieg im eigenen Zug festgestellt.“
    let mut s = position(3);
    city(&mut s, 0, corner(0, 0), corner(0, 1));
    city(&mut s, 0, corner(1, 0), corner(1, 1));
    settle(&mut s, 0, corner(2, 0), corner(2, 1));
    settle(&mut s, 1, corner(18, 3), corner(18, 2));
    settle(&mut s, 2, corner(16, 3), corner(16, 2));
    dev(&mut s, 0, DevCard::VictoryPoint, 3);
    played_knights(&mut s, 0, 2);
    dev(&mut s, 0, DevCard::Knight, 1);
    let mut s = done(s);
    assert_eq!(s.points(Seat(0)), 8);
    let events = assert_accepted::<Catan>(&mut s, Seat(0), &Action::Base(BaseAction::PlayKnight));
    assert_eq!(s.phase, Phase::Base(BasePhase::Over { winner: Seat(0) }));
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Base(BaseEvent::Won {
            seat: Seat(0),
            points: 10,
            ..
        })
    )));
    let result = Catan::result(&s).expect("over");
    assert_eq!(result.winners, vec![Seat(0)]);
}
