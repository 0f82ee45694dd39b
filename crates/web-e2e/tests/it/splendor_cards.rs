//! The UI's Splendor card table (web/games/splendor-cards.js, printed data
//! only) must equal the engine's.

use splendor::data::{CARDS, NOBLES};

fn numbers(line: &str) -> Vec<u8> {
    line.split(|c: char| !c.is_ascii_digit())
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().unwrap())
        .collect()
}

#[test]
fn web_card_table_equals_the_engine() {
    let js = include_str!("../../../../web/games/splendor-cards.js");
    let section = |name: &str| -> Vec<&str> {
        let start = js.find(&format!("export const {name} = [")).expect(name);
        js[start..]
            .lines()
            .skip(1)
            .take_while(|l| !l.starts_with("];"))
            .collect()
    };
    let cards = section("CARDS");
    assert_eq!(cards.len(), CARDS.len());
    for (i, (line, card)) in cards.iter().zip(CARDS.iter()).enumerate() {
        let n = numbers(line);
        let colour = format!("{:?}", card.bonus).to_lowercase();
        assert!(
            line.contains(&format!("\"{colour}\"")),
            "card {i}: bonus {colour} in {line}"
        );
        let mut expected = vec![card.level, card.points];
        expected.extend(card.cost);
        expected.push(i as u8);
        assert_eq!(n, expected, "card {i}: {line}");
    }
    let nobles = section("NOBLES");
    assert_eq!(nobles.len(), NOBLES.len());
    for (i, (line, noble)) in nobles.iter().zip(NOBLES.iter()).enumerate() {
        let mut expected = noble.requires.to_vec();
        expected.push(i as u8);
        assert_eq!(numbers(line), expected, "noble {i}: {line}");
        assert_eq!(noble.points, 3, "the UI shows 3 points per noble");
    }
}
