//! Seed 003 (Erst die Siedlung, dann die Stadt), word for word
//! (`catan.build.city.requires_own_settlement`, `catan.build.no_piece_left`,
//! `catan.production.robber_blocks`, `catan.build.settlement.*`).

use crate::common;
use catan::{BaseAction, BaseChance, BasePhase};

use catan::{Action, Catan, Chance, Dice, HexId, Phase, Resource, Resources, State};
use common::*;
use engine::{Game, NoEvents, Seat, Viewer};
use testkit::scenario::{assert_accepted, assert_refused};

/// Hex 3 of the beginner board is fields (Ackerland) with a 12.
const FIELDS: usize = 3;

fn both_steps(s: &mut State, seat: u8) {
    // 1 Lehm, 1 Holz, 1 Wolle, 3 Getreide und 3 Erz.
    give(
        s,
        seat,
        &[
            (Resource::Brick, 1),
            (Resource::Lumber, 1),
            (Resource::Wool, 1),
            (Resource::Grain, 3),
            (Resource::Ore, 3),
        ],
    );
}

/// A (seat 0) has a settlement on top of the fields and a road of two towards
/// a free, legal building spot; B (seat 1) has a settlement at the bottom of hex 18.
fn base() -> State {
    let mut s = position(3);
    settle(&mut s, 0, corner(FIELDS, 0), corner(FIELDS, 1));
    road(&mut s, 0, corner(FIELDS, 1), corner(FIELDS, 2));
    settle(&mut s, 1, corner(18, 3), corner(18, 2));
    settle(&mut s, 2, corner(16, 3), corner(16, 2));
    s
}

#[test]
fn a_city_on_an_empty_intersection_is_refused_even_with_resources_for_both_steps() {
    // „Das gilt auch, wenn du genügend Rohstoffe für beide Bauschritte gesammelt hast.“
    let mut s = base();
    both_steps(&mut s, 0);
    let mut s = done(s);
    let spot = corner(FIELDS, 2);
    let r = assert_refused::<Catan>(
        &s,
        Seat(0),
        &Action::Base(BaseAction::BuildCity { node: spot }),
        "catan.build.city.requires_own_settlement",
    );
    assert!(!r.message().de.is_empty() && !r.message().en.is_empty());
    // First the settlement, then, paying again, the city in the same turn.
    assert_accepted::<Catan>(
        &mut s,
        Seat(0),
        &Action::Base(BaseAction::BuildSettlement { node: spot }),
    );
    assert_accepted::<Catan>(&mut s, Seat(0), &Action::Base(BaseAction::BuildCity { node: spot }));
    assert!(s.players[0].cities.contains(spot));
    assert!(!s.players[0].settlements.contains(spot));
    assert!(s.players[0].hand.is_empty());
}

#[test]
fn the_city_replaces_only_an_own_settlement() {
    // „… indem du eine vorhandene eigene Siedlung aufwertest.“
    let mut s = base();
    give(&mut s, 0, &[(Resource::Grain, 2), (Resource::Ore, 3)]);
    let s = done(s);
    assert_refused::<Catan>(
        &s,
        Seat(0),
        &Action::Base(BaseAction::BuildCity { node: corner(18, 3) }),
        "catan.build.city.requires_own_settlement",
    );
}

#[test]
fn the_settlement_returns_to_the_supply_and_can_be_built_again() {
    // „Die Siedlungsfigur kommt dabei in deinen Vorrat zurück“; „Nach dem Ausbau bleibt die
    // zurückgenommene Siedlung im eigenen Vorrat … Für einen weiteren Neubau gelten die
    // Siedlungsregeln erneut.“
    let mut s = position(3);
    for h in [0, 1, 2] {
        settle(&mut s, 0, corner(h, 0), corner(h, 1));
    }
    for h in [16, 17] {
        settle(&mut s, 0, corner(h, 3), corner(h, 2));
    }
    road(&mut s, 0, corner(18, 4), corner(18, 3));
    settle(&mut s, 1, corner(9, 0), corner(9, 1));
    settle(&mut s, 2, corner(11, 0), corner(11, 1));
    both_steps(&mut s, 0);
    let mut s = done(s);
    assert_eq!(s.players[0].settlements_left(), 0);
    let new_spot = corner(18, 3);
    assert_refused::<Catan>(
        &s,
        Seat(0),
        &Action::Base(BaseAction::BuildSettlement { node: new_spot }),
        "catan.build.no_piece_left",
    );
    assert_accepted::<Catan>(
        &mut s,
        Seat(0),
        &Action::Base(BaseAction::BuildCity { node: corner(0, 0) }),
    );
    assert_eq!(s.players[0].settlements_left(), 1);
    assert_eq!(s.players[0].cities_left(), 3);
    assert_accepted::<Catan>(
        &mut s,
        Seat(0),
        &Action::Base(BaseAction::BuildSettlement { node: new_spot }),
    );
    assert_eq!(s.players[0].settlements.len(), 5);
}

#[test]
fn points_go_from_one_to_two_never_three() {
    // „Da die Stadt die Siedlung ersetzt, steigt der Gebäudewert an diesem Platz um einen Punkt.
    // Zähle nicht Siedlung und Stadt gleichzeitig für dieselbe Kreuzung.“
    let mut s = base();
    give(&mut s, 0, &[(Resource::Grain, 2), (Resource::Ore, 3)]);
    let mut s = done(s);
    assert_eq!(s.public_points(Seat(0)), 1);
    assert_accepted::<Catan>(
        &mut s,
        Seat(0),
        &Action::Base(BaseAction::BuildCity {
            node: corner(FIELDS, 0),
        }),
    );
    assert_eq!(s.public_points(Seat(0)), 2);
    let v = Catan::view(&s, Viewer::Spectator);
    assert!(!v.players[0].settlements.contains(corner(FIELDS, 0)));
    assert!(v.players[0].cities.contains(corner(FIELDS, 0)));
    assert_eq!(v.players[0].public_points, 2);
}

fn roll_twelve(s: &mut State) -> Resources {
    s.phase = Phase::Base(BasePhase::Roll);
    let before = s.players[0].hand;
    assert_accepted::<Catan>(s, Seat(0), &Action::Base(BaseAction::Roll));
    Catan::apply_chance(
        s,
        &Chance::Base(BaseChance::Dice(Dice { red: 6, yellow: 6 })),
        &mut NoEvents,
    )
    .expect("dice");
    let mut gain = s.players[0].hand;
    gain.sub(&before);
    gain
}

#[test]
fn a_city_yields_two_from_an_unblocked_hex() {
    // „Wird später die Zahl des Ackerlands gewürfelt und das Feld ist nicht blockiert, erhält sie
    // für ihre Stadt 2 Getreide statt des einen für die frühere Siedlung.“
    let mut s = done(base());
    assert_eq!(s.board.tiles[FIELDS].number, Some(12));
    assert_eq!(roll_twelve(&mut s), Resources::of(&[(Resource::Grain, 1)]));
    assert_eq!(s.phase, Phase::Base(BasePhase::Main));
    give(&mut s, 0, &[(Resource::Grain, 1), (Resource::Ore, 3)]);
    assert_accepted::<Catan>(
        &mut s,
        Seat(0),
        &Action::Base(BaseAction::BuildCity {
            node: corner(FIELDS, 0),
        }),
    );
    assert_eq!(roll_twelve(&mut s), Resources::of(&[(Resource::Grain, 2)]));
}

#[test]
fn a_city_yields_nothing_from_the_robbers_hex() {
    // „… ein vom Räuber blockiertes Landschaftsfeld bringt keinen Ertrag.“ (`catan.production.robber_blocks`)
    let mut s = base();
    s.players[0].settlements.remove(corner(FIELDS, 0));
    s.players[0].cities.insert(corner(FIELDS, 0));
    s.robber = HexId(FIELDS as u8);
    let mut s = done(s);
    assert_eq!(roll_twelve(&mut s), Resources::ZERO);
}

#[test]
fn a_city_needs_a_city_piece_left() {
    // „… ob du die Kosten bezahlen kannst und noch eine Stadtfigur im Vorrat hast.“
    let mut s = position(3);
    for h in [0, 1, 2] {
        city(&mut s, 0, corner(h, 0), corner(h, 1));
    }
    city(&mut s, 0, corner(16, 3), corner(16, 2));
    settle(&mut s, 0, corner(17, 3), corner(17, 2));
    settle(&mut s, 1, corner(9, 0), corner(9, 1));
    settle(&mut s, 2, corner(11, 0), corner(11, 1));
    give(&mut s, 0, &[(Resource::Grain, 2), (Resource::Ore, 3)]);
    let s = done(s);
    assert_eq!(s.players[0].cities_left(), 0);
    assert_refused::<Catan>(
        &s,
        Seat(0),
        &Action::Base(BaseAction::BuildCity { node: corner(17, 3) }),
        "catan.build.no_piece_left",
    );
}

#[test]
fn a_new_settlement_still_needs_its_road_and_the_distance_rule() {
    // „Eine neue Siedlung selbst benötigt im regulären Spiel eine eigene anliegende Straße. Auch
    // ihre Kreuzung muss die Abstandsregel erfüllen.“
    let mut s = base();
    both_steps(&mut s, 0);
    let s = done(s);
    // No own road touches the bottom of hex 10.
    assert_refused::<Catan>(
        &s,
        Seat(0),
        &Action::Base(BaseAction::BuildSettlement { node: corner(10, 3) }),
        "catan.build.settlement.connected",
    );
    // Next to the own settlement: the distance rule.
    assert_refused::<Catan>(
        &s,
        Seat(0),
        &Action::Base(BaseAction::BuildSettlement {
            node: corner(FIELDS, 1),
        }),
        "catan.build.settlement.distance",
    );
}
