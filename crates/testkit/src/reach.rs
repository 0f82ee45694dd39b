//! The reachability check: which rule ids a client can actually receive.
//!
//! A rule id documented for a game is only worth its name if a refusal can
//! carry it through the path every client takes: the JSON face of a match
//! ([`DynMatch`], as the referee and the server use it). A more general
//! refusal checked first (`engine.not_your_turn`, `engine.wrong_phase`, the
//! refusal of another rule) can hide it for good. This check drives seeded
//! random games through [`DynMatch`] with manual chance and, at every
//! position, probes what a careless or hostile client would send:
//!
//! - every legal action of the seats to act, sent by every other seat;
//! - actions seen at other positions of any game (other phases, other seats);
//! - variants of the legal actions: every string field swapped for another
//!   value seen under that key, every number moved and set out of range;
//! - at a chance node, the outcomes seen at other chance nodes; at a seat's
//!   turn, a chance outcome.
//!
//! It collects the rule id of every refusal (checking along the way that
//! each has both sentences and changed nothing) and a test then compares the
//! collected ids with the documented list ([`Reach::assert_covers`]): every
//! id is reached, or listed as unreachable with the reason, and a listed
//! reason must stay true (the id is then never seen). Positions a random game
//! rarely reaches are loaded as state JSON and probed the same way
//! ([`Reach::probe_position`]).

use engine::{ChanceMode, DynMatch, ErrorInfo, GameEntry, Seat, ToAct};
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

/// Settings of a reachability run.
#[derive(Clone, Debug)]
pub struct ReachOptions {
    /// The game's options (`null` for the defaults), as a client sends them.
    pub config: Value,
    /// Number of random games.
    pub games: usize,
    /// Player counts to cycle through.
    pub players: Vec<usize>,
    /// Seed of the first game.
    pub seed: u64,
    /// Step cap per game.
    pub max_steps: usize,
    /// Probes per position (drawn at random from all candidates).
    pub probes: usize,
}

impl Default for ReachOptions {
    fn default() -> Self {
        ReachOptions {
            config: Value::Null,
            games: 20,
            players: vec![2, 3, 4],
            seed: 1,
            max_steps: 3000,
            probes: 48,
        }
    }
}

/// The rule ids seen, with one example refusal each.
#[derive(Debug, Default)]
pub struct Reach {
    /// Every rule id seen, with the first probe that drew it.
    pub seen: BTreeMap<String, String>,
    /// Probes sent in all.
    pub probes: usize,
    /// Actions seen at some position, as JSON.
    pool: Vec<Value>,
    pool_set: BTreeSet<String>,
    /// Chance outcomes seen at some chance node.
    outcomes: Vec<Value>,
    outcome_set: BTreeSet<String>,
    /// Values seen under each field name (for swapped variants).
    fields: BTreeMap<String, Vec<Value>>,
}

const POOL_CAP: usize = 4000;

impl Reach {
    /// A fresh collector.
    pub fn new() -> Reach {
        Reach::default()
    }

    /// Records a refusal: it must cite a rule and say so in both languages.
    pub fn record(&mut self, e: &ErrorInfo, probe: impl FnOnce() -> String) {
        assert!(!e.rule.is_empty(), "a refusal without a rule id: {e:?}");
        assert!(
            !e.message.de.is_empty() && !e.message.en.is_empty(),
            "refusal {e} needs a German and an English sentence"
        );
        if !self.seen.contains_key(&e.rule) {
            self.seen.insert(e.rule.clone(), probe());
        }
    }

    /// Plays the random games of `opts` through `entry`, probing at every position.
    pub fn run(&mut self, entry: &dyn GameEntry, opts: &ReachOptions) -> &mut Reach {
        for g in 0..opts.games {
            let players = opts.players[g % opts.players.len()];
            let seed = opts.seed + g as u64;
            let mut m = entry
                .create(&opts.config, players, seed, ChanceMode::Manual)
                .unwrap_or_else(|e| panic!("{} with {players} players does not start: {e}", entry.id()));
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
            for _ in 0..opts.max_steps {
                self.probe(m.as_mut(), &mut rng, opts.probes);
                if !step(m.as_mut(), &mut rng) {
                    break;
                }
            }
        }
        self
    }

    /// Loads a position (state JSON, as a client would send it) and probes it,
    /// with `extra` probes of the test's own (seat, action) on top.
    pub fn probe_position(&mut self, entry: &dyn GameEntry, state: &Value, extra: &[(Seat, Value)]) -> &mut Reach {
        let mut m = entry
            .load(state, 0, ChanceMode::Manual)
            .unwrap_or_else(|e| panic!("the position is refused: {e}"));
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(self.probes as u64);
        for (seat, action) in extra {
            self.send(m.as_ref(), *seat, action);
        }
        self.probe(m.as_mut(), &mut rng, 256);
        self
    }

    /// Sends one action and records the refusal, if any.
    pub fn send(&mut self, m: &dyn DynMatch, seat: Seat, action: &Value) -> Option<ErrorInfo> {
        self.probes += 1;
        let version = m.version();
        match m.check(seat, action) {
            Ok(()) => None,
            Err(e) => {
                assert_eq!(m.version(), version, "a refused probe changed the version");
                self.record(&e, || format!("{action} by {seat}"));
                Some(e)
            }
        }
    }

    fn learn(&mut self, action: &Value) {
        if let Value::Object(o) = action {
            for (k, v) in o {
                let vs = self.fields.entry(k.clone()).or_default();
                if vs.len() < 64 && !vs.contains(v) {
                    vs.push(v.clone());
                }
            }
        }
        let key = action.to_string();
        if self.pool.len() < POOL_CAP && self.pool_set.insert(key) {
            self.pool.push(action.clone());
        }
    }

    fn variants(&self, action: &Value, rng: &mut impl Rng, out: &mut Vec<Value>) {
        let Value::Object(o) = action else { return };
        for (k, v) in o {
            if k == "type" {
                continue;
            }
            let mut with = |nv: Value| {
                let mut a = o.clone();
                a.insert(k.clone(), nv);
                out.push(Value::Object(a));
            };
            match v {
                Value::Number(n) => {
                    let n = n.as_i64().unwrap_or(0);
                    for nv in [n + 1, n - 1, 0, 255, 9999] {
                        if nv != n && nv >= 0 {
                            with(Value::from(nv));
                        }
                    }
                }
                _ => {
                    if let Some(seen) = self.fields.get(k) {
                        for _ in 0..3 {
                            if let Some(nv) = seen.choose(rng) {
                                if nv != v {
                                    with(nv.clone());
                                }
                            }
                        }
                    }
                    if let Value::Array(items) = v {
                        // Arrays of choices: reversed, shortened, with a seen value added.
                        let mut rev = items.clone();
                        rev.reverse();
                        with(Value::Array(rev));
                        if items.len() > 1 {
                            with(Value::Array(items[1..].to_vec()));
                        }
                    }
                }
            }
        }
    }

    /// Probes one position: up to `n` of all candidate probes, at random.
    fn probe(&mut self, m: &mut dyn DynMatch, rng: &mut impl Rng, n: usize) {
        let players = m.players();
        let to_act = m.to_act();
        let acting: Vec<Seat> = match to_act {
            ToAct::Seats(s) => s.iter().collect(),
            _ => Vec::new(),
        };
        let mut candidates: Vec<(Seat, Value)> = Vec::new();
        for &seat in &acting {
            let legal = m.legal(seat).unwrap_or_default();
            for a in &legal {
                self.learn(a);
            }
            for a in &legal {
                for other in Seat::all(players).filter(|s| *s != seat) {
                    candidates.push((other, a.clone()));
                }
                let mut vs = Vec::new();
                self.variants(a, rng, &mut vs);
                candidates.extend(vs.into_iter().map(|v| (seat, v)));
            }
        }
        for _ in 0..n.min(self.pool.len()) {
            let a = self.pool[rng.random_range(0..self.pool.len())].clone();
            let seat = Seat(rng.random_range(0..players) as u8);
            candidates.push((seat, a));
        }
        // A seat that does not exist at this table.
        if let Some(a) = self.pool.first().cloned() {
            candidates.push((Seat(players as u8), a));
        }
        candidates.shuffle(rng);
        candidates.truncate(n);
        let picked = candidates;
        for (seat, action) in picked {
            self.send(&*m, seat, &action);
        }
        self.probe_chance(m, to_act);
    }

    /// Sends chance outcomes that are not possible now (seen at other chance
    /// nodes): each must be refused, and a refusal changes nothing.
    fn probe_chance(&mut self, m: &mut dyn DynMatch, to_act: ToAct) {
        let possible: BTreeSet<String> = m.chance_outcomes().iter().map(|(o, _)| o.to_string()).collect();
        if to_act == ToAct::Chance {
            for (o, _) in m.chance_outcomes() {
                if self.outcomes.len() < POOL_CAP && self.outcome_set.insert(o.to_string()) {
                    self.outcomes.push(o);
                }
            }
        }
        let probes: Vec<Value> = self
            .outcomes
            .iter()
            .rev()
            .filter(|o| !possible.contains(&o.to_string()))
            .take(8)
            .cloned()
            .collect();
        let (digest, version) = (m.digest(), m.version());
        for o in probes {
            self.probes += 1;
            match m.chance(Some(&o), Some(version)) {
                Ok(_) => panic!("chance outcome {o} was accepted though not listed as possible"),
                Err(e) => self.record(&e, || format!("chance outcome {o}")),
            }
            assert_eq!(
                (m.digest(), m.version()),
                (digest, version),
                "a refused chance outcome changed the match"
            );
        }
    }

    /// Asserts that every id of `documented` was seen, or is in `unreachable`
    /// with a reason, and that each listed reason still holds (the id is never
    /// seen). Every id seen that is not the engine's must be documented or
    /// among `also_known` (ids of a rule set underneath, e.g. the base game's
    /// under Cities & Knights, that may be seen but are checked elsewhere).
    pub fn assert_covers(&self, game: &str, documented: &[&str], unreachable: &[(&str, &str)], also_known: &[&str]) {
        let mut missing = Vec::new();
        for id in documented {
            let listed = unreachable.iter().find(|(u, _)| u == id);
            match (self.seen.get(*id), listed) {
                (Some(_), None) | (None, Some(_)) => {}
                (None, None) => missing.push(*id),
                (Some(probe), Some((_, reason))) => {
                    panic!("{game}: {id} is listed as unreachable ({reason}) but {probe} reached it")
                }
            }
        }
        for (id, reason) in unreachable {
            assert!(
                documented.contains(id),
                "{game}: {id} is listed as unreachable but not documented"
            );
            assert!(
                !reason.trim().is_empty(),
                "{game}: {id} is listed as unreachable without a reason"
            );
        }
        let undocumented: Vec<&String> = self
            .seen
            .keys()
            .filter(|id| {
                !id.starts_with("engine.") && !documented.contains(&id.as_str()) && !also_known.contains(&id.as_str())
            })
            .collect();
        assert!(
            undocumented.is_empty(),
            "{game}: refusals cite undocumented rule ids: {undocumented:?}"
        );
        assert!(
            missing.is_empty(),
            "{game}: no probe reached {missing:?} through DynMatch ({} probes; seen: {:?})",
            self.probes,
            self.seen.keys().collect::<Vec<_>>()
        );
    }
}

/// Takes one step of a random game: a random legal action of a seat to act,
/// or a drawn chance outcome. `false` once the game is over.
fn step(m: &mut dyn DynMatch, rng: &mut impl Rng) -> bool {
    match m.to_act() {
        ToAct::Over => false,
        ToAct::Chance => m.chance(None, None).is_ok(),
        ToAct::Seats(s) => {
            let seats: Vec<Seat> = s.iter().collect();
            let Some(&seat) = seats.choose(rng) else { return false };
            let legal = m.legal(seat).unwrap_or_default();
            let Some(a) = legal.choose(rng) else { return false };
            m.act(seat, a, None).is_ok()
        }
    }
}
