//! The card and noble tables against the reference data in
//! `crates/splendor/data/*.csv` and against their known totals.

use splendor::data::{CARDS, CARD_COUNT, LEVEL_START, NOBLES, NOBLE_COUNT};
use splendor::Token;
use std::path::PathBuf;

/// A reference table from `crates/splendor/data/` (the printed cards, cross-checked
/// against several independent transcriptions; `data/README.md` names the sources).
fn reference(file: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data").join(file);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("the reference data {} is missing: {e}", path.display()))
}

fn colour(name: &str) -> Token {
    match name {
        "white" => Token::White,
        "blue" => Token::Blue,
        "green" => Token::Green,
        "red" => Token::Red,
        "black" => Token::Black,
        other => panic!("unknown colour {other} in the reference data"),
    }
}

fn numbers(fields: &[&str]) -> Vec<u8> {
    fields
        .iter()
        .map(|f| f.trim().parse().unwrap_or_else(|_| panic!("not a number: {f}")))
        .collect()
}

#[test]
fn cards_match_the_reference_csv_row_by_row() {
    let csv = reference("cards.csv");
    let mut lines = csv.lines().filter(|l| !l.trim().is_empty());
    assert_eq!(
        lines.next().map(str::trim),
        Some("tier,color,points,white,blue,green,red,black"),
        "unexpected header"
    );
    let rows: Vec<&str> = lines.collect();
    assert_eq!(rows.len(), CARD_COUNT, "the reference lists {} cards", rows.len());
    for (id, row) in rows.iter().enumerate() {
        let f: Vec<&str> = row.split(',').collect();
        assert_eq!(f.len(), 8, "row {id}: {row}");
        let n = numbers(&[f[0], f[2], f[3], f[4], f[5], f[6], f[7]]);
        let card = &CARDS[id];
        assert_eq!(card.level, n[0], "card {id} level");
        assert_eq!(card.bonus, colour(f[1]), "card {id} colour");
        assert_eq!(card.points, n[1], "card {id} points");
        assert_eq!(card.cost.to_vec(), n[2..].to_vec(), "card {id} cost");
    }
}

#[test]
fn nobles_match_the_reference_csv_row_by_row() {
    let csv = reference("nobles.csv");
    let mut lines = csv.lines().filter(|l| !l.trim().is_empty());
    assert_eq!(lines.next().map(str::trim), Some("points,white,blue,green,red,black"));
    let rows: Vec<&str> = lines.collect();
    assert_eq!(rows.len(), NOBLE_COUNT);
    for (id, row) in rows.iter().enumerate() {
        let n = numbers(&row.split(',').collect::<Vec<_>>());
        assert_eq!(n.len(), 6, "row {id}");
        assert_eq!(NOBLES[id].points, n[0], "noble {id} points");
        assert_eq!(NOBLES[id].requires.to_vec(), n[1..].to_vec(), "noble {id} requirement");
    }
}

#[test]
fn cards_per_level_are_40_30_20_and_ids_follow_levels() {
    for (l, want) in [40usize, 30, 20].iter().enumerate() {
        let level = l as u8 + 1;
        assert_eq!(
            CARDS.iter().filter(|c| c.level == level).count(),
            *want,
            "level {level}"
        );
        let range = usize::from(LEVEL_START[l])..usize::from(LEVEL_START[l + 1]);
        assert!(
            CARDS[range].iter().all(|c| c.level == level),
            "ids of level {level} are contiguous"
        );
    }
}

#[test]
fn cards_per_colour_per_level_are_8_6_4() {
    for (l, want) in [8usize, 6, 4].iter().enumerate() {
        for gem in Token::GEMS {
            let n = CARDS
                .iter()
                .filter(|c| c.level == l as u8 + 1 && c.bonus == gem)
                .count();
            assert_eq!(n, *want, "level {} {gem:?}", l + 1);
        }
    }
    assert!(
        CARDS.iter().all(|c| c.bonus != Token::Gold),
        "no card gives a gold bonus"
    );
}

#[test]
fn points_per_level_sum_to_5_55_80() {
    for (l, want) in [5u32, 55, 80].iter().enumerate() {
        let sum: u32 = CARDS
            .iter()
            .filter(|c| c.level == l as u8 + 1)
            .map(|c| u32::from(c.points))
            .sum();
        assert_eq!(sum, *want, "points of level {}", l + 1);
    }
}

#[test]
fn every_card_costs_at_least_three_tokens() {
    for (id, c) in CARDS.iter().enumerate() {
        let total: u32 = c.cost.iter().map(|&x| u32::from(x)).sum();
        assert!(total >= 3, "card {id} costs {total}");
    }
}

#[test]
fn nobles_are_worth_3_and_need_8_or_9_bonuses() {
    for (id, n) in NOBLES.iter().enumerate() {
        assert_eq!(n.points, 3);
        let total: u32 = n.requires.iter().map(|&x| u32::from(x)).sum();
        assert!(total == 8 || total == 9, "noble {id} needs {total}");
    }
}
