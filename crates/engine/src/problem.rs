//! One inconsistency of a state or a stated set-up, in both languages.
//!
//! [`crate::Game::validate`] lists every problem of a loaded position, and a
//! game refusing a set-up (a stated board) lists its problems the same way, so
//! every surface (referee, server, CLI) shows each problem with its rule id in
//! German (what the players read) and English.

use serde::Serialize;

/// One problem: the rule it breaks and what is wrong, in German and English.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Problem {
    /// The rule id: a documented rule (`catan.board.numbers`) where one fits,
    /// else a `<game>.state.*` id naming the part of the state at fault.
    pub rule: &'static str,
    /// German.
    pub de: String,
    /// English.
    pub en: String,
}

impl Problem {
    /// A problem from its rule id and its German and English sentences.
    pub fn new(rule: &'static str, de: impl Into<String>, en: impl Into<String>) -> Problem {
        Problem {
            rule,
            de: de.into(),
            en: en.into(),
        }
    }
}

/// English with the rule id, as the problem is listed: `sentence [rule]`.
impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} [{}]", self.en, self.rule)
    }
}

/// Every problem in one language, each followed by its rule id, one after
/// another: the form the refusals of a set-up and of a state share.
pub fn listed(problems: &[Problem], de: bool) -> String {
    problems
        .iter()
        .map(|p| format!("{} [{}]", if de { &p.de } else { &p.en }, p.rule))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Builds a [`Problem`] from a rule id and two format strings (German, then
/// English) that may name the same arguments, so a validation check stays one
/// short statement: `problem!("catan.state.robber", "Feld {h} …", "hex {h} …")`.
#[macro_export]
macro_rules! problem {
    ($rule:expr, $de:literal, $en:literal $(, $arg:expr)* $(,)?) => {
        $crate::Problem::new($rule, format!($de $(, $arg)*), format!($en $(, $arg)*))
    };
}
