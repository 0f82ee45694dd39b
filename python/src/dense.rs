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

    /// A cheap key of an action, `(kind, code)` with small numbers (a kind
    /// below [`MAX_KINDS`]; codes of a kind as dense as may be, as each kind's
    /// table has one entry per code up to its largest), which must be
    /// *injective*: different actions, different keys (a variant per kind and
    /// its fields packed without overlap). `None` (the default) leaves the
    /// action to the hash map.
    ///
    /// The key spares the mask of every step a hash and a comparison per legal
    /// action. The index order stays the candidates'; the space learns which
    /// index each key stands for when it is built and leaves keys that
    /// collide there (a key that is not injective) to the hash map. An
    /// action outside the space whose key is that of an action inside would
    /// get a wrong index, hence the injectivity; the mask-equals-legal-list
    /// check runs through this path.
    fn dense_key(_action: &Self::Action) -> Option<(usize, usize)> {
        None
    }
}

/// Bound on the kinds of [`DenseGame::dense_key`].
pub const MAX_KINDS: usize = 256;
/// Bound on the codes of [`DenseGame::dense_key`]: a kind with a larger code
/// in the space is left to the hash map.
pub const MAX_CODE: usize = 1 << 16;

/// An entry of the key tables: no action of the space has this key.
const ABSENT: u32 = u32::MAX;
/// An entry of the key tables: several actions share this key (hash map).
const SHARED: u32 = u32::MAX - 1;

/// The numbered actions of one game, rule set and player count.
#[derive(Debug)]
pub struct Space<G: Game> {
    /// Action of each index.
    pub actions: Vec<G::Action>,
    /// Index of each action.
    pub index: HashMap<G::Action, u32, FxBuild>,
    /// The kind (`type` tag) of each index, for the documentation and `action_kinds`.
    pub kinds: Vec<(String, u32, u32)>,
    /// Index of each [`DenseGame::dense_key`]: `keys[kind][code]`; `None`
    /// for a kind left to the hash map.
    keys: Vec<Option<Box<[u32]>>>,
}

impl<G: DenseGame> Space<G> {
    /// The index of an action, if it is in the space.
    #[inline(always)] // once per legal action in every mask; generic, so not inlined across crates unasked
    pub fn of(&self, action: &G::Action) -> Option<u32> {
        if let Some((kind, code)) = G::dense_key(action).filter(|k| k.0 < MAX_KINDS) {
            match self.keys.get(kind) {
                // The key is injective and a function of the action: had the
                // action an index, its key would have been entered when the
                // space was built.
                None => return None,
                Some(Some(t)) => match t.get(code).copied().unwrap_or(ABSENT) {
                    ABSENT => return None,
                    SHARED => {}
                    i => return Some(i),
                },
                Some(None) => {}
            }
        }
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
    let keys = key_tables::<G>(&actions);
    Space {
        actions,
        index,
        kinds,
        keys,
    }
}

/// The tables of [`DenseGame::dense_key`]: for each kind, the index of each
/// code; a code of several actions is [`SHARED`]; a kind with a code out of
/// bounds has no table (the hash map answers for all of it).
fn key_tables<G: DenseGame>(actions: &[G::Action]) -> Vec<Option<Box<[u32]>>> {
    let mut keys: Vec<Option<Vec<u32>>> = Vec::new();
    for (i, a) in actions.iter().enumerate() {
        let Some((kind, code)) = G::dense_key(a).filter(|k| k.0 < MAX_KINDS) else {
            continue;
        };
        if keys.len() <= kind {
            keys.resize_with(kind + 1, || Some(Vec::new()));
        }
        if code >= MAX_CODE {
            keys[kind] = None;
            continue;
        }
        let Some(table) = &mut keys[kind] else { continue };
        if table.len() <= code {
            table.resize(code + 1, ABSENT);
        }
        table[code] = if table[code] == ABSENT { i as u32 } else { SHARED };
    }
    keys.into_iter().map(|t| t.map(Vec::into_boxed_slice)).collect()
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
