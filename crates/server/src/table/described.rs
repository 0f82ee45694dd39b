//! A table's description and places as the agents' labels read them
//! ([`Command::Described`]), built once per table and shared.
//!
//! A game's description (names, costs, every card) is a function of the
//! game, its player count and its options: every table of the same rule set
//! has the same one. Six hundred MCP agents parked at six hundred Splendor
//! tables used to make six hundred copies of it as JSON (a third of a MiB
//! each) within a second, and the burst of that work delayed every other
//! table's actions (issue 41). The description is now built once per rule
//! set in the process and shared by reference; only the places (the
//! board's, different at every CATAN table) are per table.

use super::*;
use std::collections::HashMap;
use std::sync::{LazyLock, Mutex};

/// A table's description and its places, both shared by reference.
pub type Described = (Arc<Value>, Arc<Value>);

/// Rule sets whose description is kept; past this the cache starts again
/// (a server sees a handful of rule sets, a hostile client may name many
/// option sets).
const KEPT: usize = 256;

/// Descriptions by game, player count and options.
static DESCRIPTIONS: LazyLock<Mutex<HashMap<String, Arc<Value>>>> = LazyLock::new(Mutex::default);

/// The description of the rule set `key` names, built by `make` the first
/// time.
fn shared_description(key: String, make: impl FnOnce() -> Value) -> Arc<Value> {
    let mut map = DESCRIPTIONS.lock().unwrap_or_else(|p| p.into_inner());
    if let Some(d) = map.get(&key) {
        return Arc::clone(d);
    }
    if map.len() >= KEPT {
        map.clear();
    }
    let d = Arc::new(make());
    map.insert(key, Arc::clone(&d));
    d
}

impl Table {
    /// This table's description and places (built on the first ask).
    pub(super) fn described(&mut self) -> Described {
        if let Some(d) = &self.described {
            return d.clone();
        }
        let key = format!("{}\u{0}{}\u{0}{}", self.entry.id(), self.game.players(), self.options);
        let game = self.game.as_ref();
        let description = shared_description(key, || serde_json::to_value(game.description()).unwrap_or(Value::Null));
        let d = (description, Arc::new(game.places()));
        self.described = Some(d.clone());
        d
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_description_is_built_per_rule_set_and_shared() {
        let mut built = 0;
        let a = shared_description("test\u{0}2\u{0}null".into(), || {
            built += 1;
            json!({"game": "test"})
        });
        let b = shared_description("test\u{0}2\u{0}null".into(), || {
            built += 1;
            json!({"game": "other"})
        });
        assert_eq!(built, 1);
        assert!(Arc::ptr_eq(&a, &b));
        assert_eq!(b["game"], "test");
    }
}
