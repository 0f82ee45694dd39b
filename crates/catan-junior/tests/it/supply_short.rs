//! `junior.production.supply_short` holds for the rest of the turn: once a good
//! runs short, no roll, Coco card or Klau move pays it until the next
//! captain's turn ("ab der nächsten Runde", seed 001); trades stay allowed.
//! One scenario per kind of payout that runs short and per kind withheld.

use crate::common;

use catan_junior::{Action, CocoCard, Event, Good, Island, Phase, State};
use common::*;

/// A land island of `good` other than Käpt'n Klau's.
fn island_of(s: &State, good: Good) -> Island {
    (0..12u8)
        .map(Island)
        .find(|&i| i != s.klau && s.board().land(i).is_some_and(|l| l.good == good))
        .expect("an island of that good")
}

fn still_short(ev: &[Event], good: Good) -> bool {
    ev.contains(&Event::StillShort { good })
}

/// Sabre runs short on a roll of 1; a Coco card showing sabre later in the
/// turn pays its wool but not its sabre.
#[test]
fn junior_production_supply_short_roll_then_coco_card() {
    let mut s = position(4);
    drain_supply(&mut s, 2, Good::Sabre, 1);
    s.phase = Phase::Roll;
    s.roll = 0;
    valid(&s);
    let ev = roll(&mut s, 1);
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::Shortage { good: Good::Sabre, .. })));
    let ev = ask_coco(&mut s, CocoCard::WoolSabre);
    assert!(still_short(&ev, Good::Sabre), "{ev:?}");
    assert_eq!(s.hands[0].get(Good::Sabre), 0, "no sabre for the captain this turn");
    assert_eq!(s.hands[0].get(Good::Wool), 2, "the card's wool is paid");
    // From the next captain's turn on, sabre is handed out again.
    let ev = next_turn(&mut s, 1);
    assert!(!ev
        .iter()
        .any(|e| matches!(e, Event::StillShort { .. } | Event::Shortage { .. })));
    assert!(s.short_goods().is_empty());
    assert_eq!(s.hands[0].get(Good::Sabre), 1);
}

/// Wood runs short on a Coco card; Käpt'n Klau moved by another Coco card to a
/// wood island the same turn takes no wood.
#[test]
fn junior_production_supply_short_coco_card_then_klau() {
    let mut s = position(3);
    drain_supply(&mut s, 2, Good::Wood, 1);
    valid(&s);
    let ev = ask_coco(&mut s, CocoCard::WoodPineapple);
    assert!(ev.iter().any(|e| matches!(e, Event::Shortage { good: Good::Wood, .. })));
    assert_eq!(s.short_goods(), vec![Good::Wood]);
    ask_coco(&mut s, CocoCard::MoveKlau);
    assert_eq!(s.phase, Phase::MoveKlau);
    let wood = island_of(&s, Good::Wood);
    let ev = act(&mut s, 0, Action::MoveKlau { island: wood });
    assert!(still_short(&ev, Good::Wood), "{ev:?}");
    assert_eq!(s.hands[0].get(Good::Wood), 0);
}

/// Gold runs short on Käpt'n Klau's 2 tiles after a 6; a Coco card moving
/// him again to a gold island pays no gold either.
#[test]
fn junior_production_supply_short_klau_then_klau() {
    let mut s = position(3);
    drain_supply(&mut s, 1, Good::Gold, 1);
    s.phase = Phase::Roll;
    s.roll = 0;
    valid(&s);
    roll(&mut s, 6);
    let gold = island_of(&s, Good::Gold);
    let ev = act(&mut s, 0, Action::MoveKlau { island: gold });
    assert!(ev.iter().any(|e| matches!(e, Event::Shortage { good: Good::Gold, .. })));
    // Coco costs a gold, taken from the supply the shortage refilled.
    ask_coco(&mut s, CocoCard::MoveKlau);
    let other = island_of(&s, Good::Gold);
    let ev = act(&mut s, 0, Action::MoveKlau { island: other });
    assert!(still_short(&ev, Good::Gold), "{ev:?}");
    assert_eq!(s.hands[0].get(Good::Gold), 0);
}

/// Trades are no payouts: the short good can still be taken from the supply
/// 2:1 in the same turn.
#[test]
fn junior_production_supply_short_leaves_trades_allowed() {
    let mut s = position(3);
    drain_supply(&mut s, 2, Good::Wood, 1);
    valid(&s);
    ask_coco(&mut s, CocoCard::WoodPineapple);
    assert_eq!(s.short_goods(), vec![Good::Wood]);
    give(&mut s, 0, &[(Good::Gold, 2)]);
    act(
        &mut s,
        0,
        Action::TradeSupply {
            give: Good::Gold,
            take: Good::Wood,
        },
    );
    assert_eq!(s.hands[0].get(Good::Wood), 1);
}
