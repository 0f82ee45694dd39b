//! JSON positions: written by hand, loaded, validated; inconsistent positions
//! are refused with what is wrong; nothing panics on any deserialised state.

use crate::common;

use catan_junior::{Action, CatanJunior, Chance, Good, Goods, Island, Phase, State};
use common::*;
use engine::{Game, GameRng, NoEvents, Seat, Viewer};
use proptest::prelude::*;
use rand::SeedableRng;

/// A hand-written 2-player position: red to act after a roll of 3, holding
/// what a lair costs, Klau on E, red holds the castle site with one Coco card.
const POSITION: &str = r#"{
  "phase": {"type": "main"}, "captain": 0, "turn": 9, "roll": 3, "klau": "E",
  "supply": {"wood": 15, "wool": 16, "pineapple": 16, "sabre": 15, "gold": 17},
  "rings": {"wood": 1, "wool": 1, "pineapple": 1, "sabre": 1, "gold": 1},
  "deck": {"move_klau": 6, "free_build": 5, "wood_pineapple": 2, "wool_sabre": 2},
  "seats": [
    {"hand": {"wood": 1, "wool": 1, "pineapple": 1, "sabre": 1},
     "lairs": [2, 13, 17], "ships": [[2, 3], [11, 13]], "cards": {"move_klau": 1}},
    {"hand": {"wood": 1, "sabre": 1}, "lairs": [4, 15], "ships": [[4, 6], [14, 15]]}
  ]
}"#;

#[test]
fn a_hand_written_position_loads_and_plays_on() {
    let mut s: State = serde_json::from_str(POSITION).expect("position reads");
    valid(&s);
    assert_eq!(s.castle_holder(), Some(0));
    assert_eq!(s.klau, Island(4));
    let mut legal = Vec::new();
    CatanJunior::legal_actions(&s, Seat(0), &mut legal);
    assert!(legal.contains(&Action::BuildLair { site: site(3) }));
    assert!(legal.contains(&Action::BuildLair { site: site(11) }));
    act(&mut s, 0, Action::BuildLair { site: site(3) });
    assert_eq!(s.lairs_on_board(0), 4);
    // Written back, it reads the same.
    let json = serde_json::to_string(&s).unwrap();
    let back: State = serde_json::from_str(&json).unwrap();
    assert_eq!(back, s);
}

fn problems(json: &str) -> Vec<String> {
    let s: State = serde_json::from_str(json).expect("reads");
    let p = CatanJunior::validate(&s).expect_err("must be refused");
    p.iter().map(ToString::to_string).collect()
}

#[test]
fn validate_says_what_is_wrong() {
    // One wood too many.
    let p = problems(&POSITION.replace(r#""wood": 15"#, r#""wood": 16"#));
    assert!(p.iter().any(|e| e.contains("wood: 19 tiles")), "{p:?}");
    // Two lairs on one site.
    let p = problems(&POSITION.replace(r#""lairs": [4, 15]"#, r#""lairs": [4, 15, 2]"#));
    assert!(p.iter().any(|e| e.contains("shares a site")), "{p:?}");
    // Castle site without the Coco majority.
    let p = problems(&POSITION.replace(r#""lairs": [2, 13, 17]"#, r#""lairs": [2, 13]"#));
    assert!(p.iter().any(|e| e.contains("junior.coco.castle")), "{p:?}");
    // Deck and open cards do not make the edition's deck.
    let p = problems(&POSITION.replace(r#""move_klau": 6"#, r#""move_klau": 7"#));
    assert!(p.iter().any(|e| e.contains("MoveKlau cards")), "{p:?}");
    // A lair cut off from its ships.
    let p = problems(&POSITION.replace(r#""lairs": [4, 15]"#, r#""lairs": [4, 15, 8]"#));
    assert!(p.iter().any(|e| e.contains("lair on site 8 touches none")), "{p:?}");
    // Klau on an island the 2-player side lacks is refused when read.
    let bad = POSITION.replace(r#""klau": "E""#, r#""klau": "K""#);
    assert!(serde_json::from_str::<State>(&bad).is_err());
    // A route that does not exist on this side.
    let bad = POSITION.replace("[11, 13]", "[11, 14]");
    let err = serde_json::from_str::<State>(&bad).unwrap_err().to_string();
    assert!(err.contains("no route 11-14"), "{err}");
    // Five seats.
    let five = POSITION.replace(r#""seats": ["#, r#""seats": [{}, {}, {}, "#);
    assert!(serde_json::from_str::<State>(&five).is_err());
}

#[test]
fn views_show_the_deck_size_only() {
    let s: State = serde_json::from_str(POSITION).unwrap();
    let v = CatanJunior::view(&s, Viewer::Spectator);
    let json = serde_json::to_string(&v).unwrap();
    assert!(json.contains(r#""deck_size":15"#));
    assert!(!json.contains("\"deck\""));
    let mut rng = GameRng::seed_from_u64(5);
    for viewer in [Viewer::Spectator, Viewer::Seat(Seat(0)), Viewer::Seat(Seat(1))] {
        let d = CatanJunior::determinize(&s, viewer, &mut rng);
        valid(&d);
        assert_eq!(CatanJunior::view(&d, viewer), CatanJunior::view(&s, viewer));
    }
}

fn arb_phase(players: u8) -> impl Strategy<Value = Phase> {
    let bundle = any::<[u8; 5]>().prop_map(|g| Goods::new(g.map(|n| n % 3)));
    prop_oneof![
        Just(Phase::Roll),
        Just(Phase::Main),
        Just(Phase::MoveKlau),
        Just(Phase::DrawCoco),
        Just(Phase::FreeBuild),
        (0..players, bundle.clone(), bundle.clone()).prop_map(|(to, give, get)| Phase::Offer {
            to: Seat(to),
            give,
            get
        }),
        (0..players, bundle.clone(), bundle).prop_map(|(to, give, get)| Phase::OfferDraft {
            to: Seat(to),
            give,
            get
        }),
        (0..players).prop_map(|w| Phase::Over { winner: Seat(w) }),
    ]
}

fn arb_state() -> impl Strategy<Value = State> {
    (2u8..=4, any::<bool>(), any::<bool>()).prop_flat_map(|(players, pro, english)| {
        (
            arb_phase(players),
            0..players,
            any::<[u8; 5]>(),
            any::<[u8; 5]>(),
            any::<[[u8; 5]; 4]>(),
            any::<[u64; 4]>(),
            any::<[u64; 4]>(),
            any::<[[u8; 4]; 4]>(),
            any::<[u8; 4]>(),
            prop_oneof![Just(15u8), 0u8..9],
            any::<u8>(),
            any::<bool>(),
        )
            .prop_map(
                move |(phase, captain, supply, rings, hands, lairs, ships, cards, deck, klau, roll, ring_traded)| {
                    let mut s = State::new(
                        &catan_junior::Config {
                            edition: if english {
                                catan_junior::Edition::English2012
                            } else {
                                catan_junior::Edition::Kosmos2015
                            },
                            pro,
                            offers_per_turn: None,
                        },
                        players as usize,
                    );
                    s.phase = phase;
                    s.captain = captain;
                    s.supply = Goods::new(supply);
                    s.rings = Goods::new(rings);
                    s.hands = hands.map(Goods::new);
                    s.lairs = lairs;
                    s.ships = ships.map(|m| m & s.board().all_routes);
                    s.cards = cards;
                    s.deck = deck;
                    s.klau = Island(klau);
                    s.roll = roll;
                    s.ring_traded = ring_traded;
                    s
                },
            )
    })
}

/// Every entry point on an arbitrary (usually inconsistent) state: no panic.
fn exercise(s: &State) {
    let _ = CatanJunior::validate(s);
    let _ = CatanJunior::to_act(s);
    let _ = CatanJunior::result(s);
    let mut legal = Vec::new();
    let mut outcomes = Vec::new();
    CatanJunior::chance_outcomes(s, &mut outcomes);
    let mut rng = GameRng::seed_from_u64(1);
    let c = CatanJunior::sample_chance(s, &mut rng);
    let mut t = s.clone();
    let _ = CatanJunior::apply_chance(&mut t, &c, &mut Vec::new());
    let mut t = s.clone();
    CatanJunior::apply_chance_unchecked(&mut t, &Chance::Die { value: 3 }, &mut NoEvents);
    for seat in 0..5u8 {
        CatanJunior::legal_actions(s, Seat(seat), &mut legal);
        for a in legal.iter().take(12) {
            let mut t = s.clone();
            let _ = CatanJunior::apply(&mut t, Seat(seat), a, &mut Vec::new());
            let mut t = s.clone();
            CatanJunior::apply_unchecked(&mut t, Seat(seat), a, &mut Vec::new());
        }
        for a in [
            Action::EndTurn,
            Action::AskCoco,
            Action::BuildLair { site: site(33) },
            Action::BuildShip { route: link(1, 2) },
            Action::TradeRing {
                take: Good::Gold,
                give: Good::Wood,
            },
            Action::MoveKlau { island: Island(11) },
            Action::Accept,
        ] {
            let mut t = s.clone();
            let _ = CatanJunior::apply(&mut t, Seat(seat), &a, &mut Vec::new());
        }
    }
    for viewer in [Viewer::Spectator, Viewer::Seat(Seat(0))] {
        let _ = serde_json::to_string(&CatanJunior::view(s, viewer));
        let _ = CatanJunior::determinize(s, viewer, &mut rng);
    }
    if let Ok(json) = serde_json::to_string(s) {
        let _ = serde_json::from_str::<State>(&json);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn never_panics_on_any_state(s in arb_state()) {
        exercise(&s);
    }

    #[test]
    fn never_panics_on_mangled_json(pos in 0usize..POSITION.len(), digit in 0u8..10) {
        // Replace one character with a digit: most results do not parse; those
        // that do are validated and played without panicking.
        let mut bytes = POSITION.as_bytes().to_vec();
        bytes[pos] = b'0' + digit;
        if let Ok(text) = String::from_utf8(bytes) {
            if let Ok(s) = serde_json::from_str::<State>(&text) {
                exercise(&s);
            }
        }
    }
}

/// The JSON blocks of `docs/games/catan-junior.md` read as what they claim to be.
#[test]
fn the_documented_json_reads_back() {
    let doc = include_str!("../../../../docs/games/catan-junior.md");
    let blocks: Vec<&str> = doc
        .split("```json")
        .skip(1)
        .filter_map(|b| b.split("```").next())
        .collect();
    assert_eq!(blocks.len(), 6, "config, actions, chances, events, state, view");
    let _: catan_junior::Config = serde_json::from_str(blocks[0]).unwrap();
    for line in blocks[1].lines().filter(|l| !l.trim().is_empty()) {
        let a: Action = serde_json::from_str(line).unwrap_or_else(|e| panic!("{line}: {e}"));
        assert_eq!(serde_json::to_string(&a).unwrap(), line);
    }
    for line in blocks[2].lines().filter(|l| !l.trim().is_empty()) {
        let _: Chance = serde_json::from_str(line).unwrap_or_else(|e| panic!("{line}: {e}"));
    }
    for line in blocks[3].lines().filter(|l| !l.trim().is_empty()) {
        let _: catan_junior::Event = serde_json::from_str(line).unwrap_or_else(|e| panic!("{line}: {e}"));
    }
    let s: State = serde_json::from_str(blocks[4]).unwrap();
    valid(&s);
    let v: catan_junior::View = serde_json::from_str(blocks[5]).unwrap();
    assert_eq!(v, CatanJunior::view(&s, Viewer::Seat(Seat(1))));
}
