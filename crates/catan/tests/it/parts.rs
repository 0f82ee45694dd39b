//! Rule sets as parts (issue 46, item 1): the base files name no expansion,
//! each state type plays only its own rules, a part is reached by its type,
//! and a base state carrying another rule set's phase is refused with that
//! rule set's id.

use crate::common::{done, position};
use catan::{BasePhase, Catan, CatanCk, CkPhase, CkState, Config, NoPart, Part, Phase, Rules};
use engine::rand::SeedableRng;
use engine::{Game, GameRng, Seat, ToAct};

/// The files of the base game and of the one generic game: they may not
/// name an expansion outside doc comments (the joins — vocabulary, JSON
/// slots, tags, descriptions, the facade — are where a part is named).
const BASE_FILES: &[&str] = &[
    "game.rs",
    "part.rs",
    "legal.rs",
    "five_six.rs",
    "determinize.rs",
    "validate.rs",
    "state.rs",
    "rules/awards.rs",
    "rules/build.rs",
    "rules/development.rs",
    "rules/hand.rs",
    "rules/layer.rs",
    "rules/negotiation.rs",
    "rules/robber.rs",
    "rules/setup.rs",
    "rules/trade.rs",
    "rules/turn.rs",
];

/// Words that name Cities & Knights' code.
const EXPANSION_NAMES: &[&str] = &[
    "cities_knights",
    "CkState",
    "CkAction",
    "CkPhase",
    "CkEvent",
    "CkChance",
    "CkError",
    "CkLayer",
    "::Ck(",
];

#[test]
fn base_files_name_no_expansion() {
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut found = Vec::new();
    for file in BASE_FILES {
        let text = std::fs::read_to_string(src.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
        for (i, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            // `Commodities` in `state.rs` is the trade offer's wire form (one
            // trade protocol), imported, not rule code.
            if code.trim_start().starts_with("use crate::cities_knights::Commodities") {
                continue;
            }
            for name in EXPANSION_NAMES {
                if code.contains(name) {
                    found.push(format!("{file}:{}: {}", i + 1, line.trim()));
                }
            }
        }
    }
    assert!(found.is_empty(), "base files name an expansion:\n{}", found.join("\n"));
}

#[test]
fn each_state_type_plays_only_its_own_rules() {
    assert!(NoPart::plays(Rules::Base));
    assert!(!NoPart::plays(Rules::CitiesKnights));
    assert!(CkState::plays(Rules::CitiesKnights) && CkState::plays(Rules::CitiesKnightsHeroes));
    assert!(!CkState::plays(Rules::Base));
    let mut rng = GameRng::seed_from_u64(1);
    let e = CatanCk::new_game(&Config::default(), 4, &mut rng).expect_err("the base game is not CatanCk's");
    assert!(
        e.message.en.contains("CatanCk") && e.message.de.contains("CatanCk"),
        "{e:?}"
    );
    let e = Catan::new_game(&Config::cities_knights(), 4, &mut rng).expect_err("C&K is not Catan's");
    assert!(e.message.en.contains("`Catan`"), "{e:?}");
    assert_eq!(format!("{:?}", Catan::default()), "Catan");
    assert_eq!(format!("{:?}", CatanCk::default()), "CatanCk");
}

#[test]
fn a_part_is_reached_by_its_type() {
    let mut rng = GameRng::seed_from_u64(2);
    let base = Catan::new_game(&Config::default(), 4, &mut rng).expect("a base game");
    assert!(base.part::<CkState>().is_none() && base.ck().is_none());
    let mut ck = CatanCk::new_game(&Config::cities_knights(), 4, &mut rng).expect("a C&K game");
    assert!(ck.part::<CkState>().is_some() && ck.ck().is_some());
    ck.ck_mut().expect("its part").barbarians = 3;
    assert_eq!(ck.part.barbarians, 3, "the part reached by type is the state's own");
}

/// A phase of Cities & Knights in a base state (built by hand: loading
/// refuses it) is refused by validation with C&K's rule id; nobody acts in
/// it and every action is refused with the phase named, nothing changed.
#[test]
fn ck_state_rules_a_base_state_in_a_phase_of_cities_knights() {
    let mut s = done(position(3));
    s.phase = Phase::Ck(CkPhase::DiplomatRoad);
    let problems = Catan::validate(&s).expect_err("refused");
    assert!(
        problems
            .iter()
            .any(|p| p.rule == "ck.state.rules" && p.en == "phase diplomat_road belongs to Cities & Knights"),
        "{problems:?}"
    );
    assert_eq!(Catan::to_act(&s), ToAct::Over);
    let before = s.clone();
    let end = catan::Action::Base(catan::BaseAction::EndTurn);
    let r = Catan::check(&s, Seat(0), &end);
    assert!(
        matches!(r, Err(engine::Rejection::WrongPhase { phase: "diplomat_road" })),
        "{r:?}"
    );
    assert_eq!(s, before);
    s.phase = Phase::Base(BasePhase::Main);
    assert!(Catan::validate(&s).is_ok());
}

/// Boards are data: a layout may name its frame (`shape`), and a frame it
/// names is the one it is read on; the two frames of every saved game so
/// far may leave it out (told by the count, as before: their JSON is
/// unchanged), and a named frame that is not the game's is refused.
#[test]
fn a_layout_names_its_frame() {
    use catan::{Board, BoardChoice, Layout, Shape};
    let board = Board::beginner();
    let plain = serde_json::to_value(board).expect("json");
    assert!(plain.get("shape").is_none(), "the base frame is written as before");
    let mut named = plain.clone();
    named["shape"] = serde_json::json!("base");
    let read: Board = serde_json::from_value(named.clone()).expect("a named frame reads");
    assert_eq!(read, board);
    // Named as 5–6 with the base game's 19 tiles: read on that frame, refused.
    named["shape"] = serde_json::json!("five_six");
    let e = serde_json::from_value::<Board>(named).expect_err("19 tiles are no 5–6 board");
    assert!(e.to_string().contains("frame FiveSix has 30 tiles"), "{e}");
    let mut unknown = plain.clone();
    unknown["shape"] = serde_json::json!("atlantis");
    assert!(serde_json::from_value::<Board>(unknown).is_err());
    // A stated layout for another frame than the game's: a typed refusal.
    let mut layout: Layout = serde_json::from_value(plain).expect("a layout");
    layout.shape = Some(Shape::FiveSix);
    let config = Config {
        board: BoardChoice::Layout { board: layout },
        ..Config::default()
    };
    let e = Catan::new_game(&config, 4, &mut GameRng::seed_from_u64(3)).expect_err("refused");
    assert!(e.message.en.contains("stated for the frame FiveSix"), "{e:?}");
    assert!(Shape::ALL.iter().all(|s| s.topology().shape == *s));
}
