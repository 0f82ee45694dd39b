//! `docs/games/splendor.md` stays true: every JSON block reads as a value of
//! the game and writes back identically, the state example validates, and
//! every rule id of the refusal enum is listed there and named by a test.

use engine::{ErrorInfo, Game};
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;
use splendor::{Action, CardId, Chance, Event, Level, NobleId, Splendor, SplendorError, State, Token, View};
use std::path::PathBuf;

fn read(rel: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(rel);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{} is missing: {e}", path.display()))
}

fn json_blocks(doc: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = doc;
    while let Some(start) = rest.find("```json\n") {
        rest = &rest[start + 8..];
        let end = rest.find("\n```").expect("unterminated json block");
        out.push(rest[..end].to_string());
        rest = &rest[end..];
    }
    out
}

fn same_as<T: Serialize + DeserializeOwned>(v: &Value) -> bool {
    match serde_json::from_value::<T>(v.clone()) {
        Ok(t) => serde_json::to_value(&t).ok().as_ref() == Some(v),
        Err(_) => false,
    }
}

#[test]
fn every_json_block_is_a_value_of_the_game() {
    let doc = read("../../docs/games/splendor.md");
    let blocks = json_blocks(&doc);
    assert!(blocks.len() >= 25, "only {} JSON blocks", blocks.len());
    let mut states = 0;
    for b in &blocks {
        let v: Value = serde_json::from_str(b).unwrap_or_else(|e| panic!("not JSON ({e}):\n{b}"));
        let ok = same_as::<Action>(&v)
            || same_as::<Chance>(&v)
            || same_as::<Event>(&v)
            || same_as::<View>(&v)
            || same_as::<ErrorInfo>(&v)
            || {
                let ok = same_as::<State>(&v);
                if ok {
                    states += 1;
                    let s: State = serde_json::from_value(v.clone()).unwrap();
                    assert_eq!(Splendor::validate(&s), Ok(()), "the documented state is consistent");
                }
                ok
            };
        assert!(
            ok,
            "this block is no action, chance outcome, event, view, state or refusal:\n{b}"
        );
    }
    assert_eq!(states, 1);
}

fn all_errors() -> Vec<SplendorError> {
    use SplendorError::*;
    let card = CardId::new(1).unwrap();
    let noble = NobleId::new(1).unwrap();
    let level = Level::new(1).unwrap();
    vec![
        ThreeDifferent { available: 5 },
        NoGold,
        TwoNeedsFour {
            gem: Token::Red,
            pile: 3,
        },
        PileEmpty { gem: Token::Red },
        ReserveLimit,
        NotOnMarket { card },
        DeckEmpty { level },
        NotAvailable { card },
        OthersReserved { card },
        CannotAfford { card },
        PaymentNotHeld { token: Token::Gold },
        PaymentInexact { card },
        MustReturn { held: 11 },
        NotOverLimit,
        TokenNotHeld { token: Token::Blue },
        NobleMustQualify { noble },
        NobleNotAvailable { noble },
        NobleCannotRefuse,
        NobleEndOfTurn,
        PassOnlyWhenBlocked,
        CardNotInDeck { card, level },
        NobleNotInPool { noble },
        WrongDraw { expected: "card" },
    ]
}

#[test]
fn every_rule_id_is_documented_tested_and_worded_in_both_languages() {
    use engine::RuleError;
    let doc = read("../../docs/games/splendor.md");
    let rules = read("../../docs/rules/splendor.md");
    let mut tests = String::new();
    for entry in std::fs::read_dir(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/it")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "rs") && !path.ends_with("docs_json.rs") {
            tests.push_str(&std::fs::read_to_string(path).unwrap());
        }
    }
    for e in all_errors() {
        let id = e.rule_id();
        assert!(doc.contains(&format!("`{id}`")), "{id} is not listed in the docs");
        assert!(
            tests.contains(&format!("\"{id}\"")),
            "no test asserts a refusal citing {id}"
        );
        let prefix = &id[..id.rfind('.').unwrap()];
        assert!(
            rules.contains(&format!("`{id}`")) || rules.contains(&format!("`{prefix}.*`")),
            "{id} is neither in the rules file nor under a prefix it documents"
        );
        let m = e.message();
        assert!(m.de.len() > 10 && m.en.len() > 10 && m.de != m.en, "{id}: {m:?}");
    }
}
