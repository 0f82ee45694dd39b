//! Dense action spaces: every action a game and rule set can ever offer,
//! numbered once, so a policy network has a fixed output layer and a mask.
//!
//! The space is *derived from the games' public JSON forms*: each game lists
//! its action kinds as JSON templates (the `type` tag and a domain of values
//! per field, see [`Candidates::product`]); the catalogue is every combination
//! that deserialises into the game's `Action` type, in the order listed, with
//! duplicates dropped. An action kind that gains a field (a maritime trade
//! with a `rate`, say) is one more domain in its template; a field that stops
//! existing makes its candidates fail to parse and the test
//! `test_mask_equals_legal_list` (every legal action of random games must have
//! an index) names the gap. Nothing here depends on the Rust layout of the
//! action enums.

use engine::Game;
use serde_json::{Map, Value};
use std::any::Any;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// The candidate JSON forms of a game's actions, in index order.
#[derive(Debug, Default)]
pub struct Candidates {
    /// The candidates pushed so far.
    pub values: Vec<Value>,
}

impl Candidates {
    /// Pushes one candidate of kind `tag` with these fields.
    pub fn push(&mut self, tag: &str, fields: &[(&str, Value)]) {
        let mut m = Map::new();
        m.insert("type".into(), Value::from(tag));
        for (k, v) in fields {
            m.insert((*k).to_string(), v.clone());
        }
        self.values.push(Value::Object(m));
    }

    /// Pushes every combination of the fields' domains (the last field varies
    /// fastest), e.g. `product("maritime_trade", &[("give", res), ("get", res)])`.
    pub fn product(&mut self, tag: &str, fields: &[(&str, Vec<Value>)]) {
        if fields.iter().any(|(_, d)| d.is_empty()) {
            return;
        }
        let mut at = vec![0usize; fields.len()];
        loop {
            let chosen: Vec<(&str, Value)> = fields.iter().zip(&at).map(|((k, d), &i)| (*k, d[i].clone())).collect();
            self.push(tag, &chosen);
            // Odometer step, last field fastest.
            let mut f = fields.len();
            loop {
                if f == 0 {
                    return;
                }
                f -= 1;
                at[f] += 1;
                if at[f] < fields[f].1.len() {
                    break;
                }
                at[f] = 0;
            }
        }
    }
}

/// Integers `0..n` as JSON values.
pub fn ints(range: std::ops::Range<u32>) -> Vec<Value> {
    range.map(Value::from).collect()
}

/// Strings as JSON values.
pub fn names(list: &[&str]) -> Vec<Value> {
    list.iter().map(|s| Value::from(*s)).collect()
}

/// A game whose actions can be numbered (see the module documentation).
pub trait DenseGame: Game {
    /// Pushes the candidate JSON forms of every action the game can offer
    /// under `config` with `players` seats, in index order.
    fn candidates(config: &Self::Config, players: usize, out: &mut Candidates);
}

/// The numbered actions of one game, rule set and player count.
#[derive(Debug)]
pub struct Space<G: Game> {
    /// Action of each index.
    pub actions: Vec<G::Action>,
    /// Index of each action.
    pub index: HashMap<G::Action, u32, FxBuild>,
    /// The kind (`type` tag) of each index, for the documentation and `action_kinds`.
    pub kinds: Vec<(String, u32, u32)>,
}

impl<G: Game> Space<G> {
    /// The index of an action, if it is in the space.
    #[inline]
    pub fn of(&self, action: &G::Action) -> Option<u32> {
        self.index.get(action).copied()
    }

    /// Number of indices.
    pub fn len(&self) -> usize {
        self.actions.len()
    }
}

fn build<G: DenseGame>(config: &G::Config, players: usize) -> Space<G> {
    let mut c = Candidates::default();
    G::candidates(config, players, &mut c);
    let mut actions = Vec::with_capacity(c.values.len());
    let mut index = HashMap::with_capacity_and_hasher(c.values.len(), FxBuild::default());
    let mut kinds: Vec<(String, u32, u32)> = Vec::new();
    for v in c.values {
        let Ok(a) = serde_json::from_value::<G::Action>(v.clone()) else {
            continue;
        };
        if index.contains_key(&a) {
            continue;
        }
        let i = actions.len() as u32;
        let tag = v.get("type").and_then(Value::as_str).unwrap_or("").to_string();
        match kinds.last_mut() {
            Some((t, _, end)) if *t == tag => *end = i + 1,
            _ => kinds.push((tag, i, i + 1)),
        }
        index.insert(a.clone(), i);
        actions.push(a);
    }
    Space { actions, index, kinds }
}

/// A multiply-rotate hasher (the one rustc uses) for the action index: actions
/// are a few bytes, and the default SipHash cost more than the lookup itself.
#[derive(Clone, Copy, Debug, Default)]
pub struct Fx(u64);

impl std::hash::Hasher for Fx {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.write_u64(u64::from(i));
    }
    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.write_u64(u64::from(i));
    }
    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }
    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
}

type FxBuild = std::hash::BuildHasherDefault<Fx>;

type Cache = Mutex<HashMap<String, Arc<dyn Any + Send + Sync>>>;

/// The space of a game, built once per game, options and player count and
/// shared by every match and environment.
pub fn space<G: DenseGame>(config: &G::Config, players: usize) -> Arc<Space<G>> {
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let key = format!(
        "{}|{}|{}",
        G::ID,
        players,
        serde_json::to_string(config).unwrap_or_default()
    );
    let cache = CACHE.get_or_init(Default::default);
    if let Some(s) = cache.lock().ok().and_then(|m| m.get(&key).cloned()) {
        if let Ok(s) = s.downcast::<Space<G>>() {
            return s;
        }
    }
    let s = Arc::new(build::<G>(config, players));
    if let Ok(mut m) = cache.lock() {
        m.insert(key, s.clone());
    }
    s
}
