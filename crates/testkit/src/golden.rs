//! Golden playthroughs: one game played from a configuration, a player count
//! and a seed, rendered as a reviewable text transcript for snapshot tests
//! (`insta`) in each game crate.
//!
//! The game is driven through [`engine::Match`] in seeded mode, exactly as the
//! server and the referee drive it: the match draws every chance outcome from
//! its own seeded RNG with the game's own sampling (`Game::sample_chance`).
//! The players are a second seeded RNG ([`GameRng`], ChaCha) choosing
//! uniformly from `Match::legal_actions`, so a game is a pure function of
//! `(config, players, seed)`.
//!
//! The transcript has one line per log entry (step number, who acts or
//! `chance`, the action or outcome as compact JSON, the events it produced as
//! compact JSON), then the totals, the result, digests and the final
//! spectator view. Long games are cut after [`Golden::full_steps`] steps; the
//! rest is covered by stable FNV-1a digests of the whole log, of every event,
//! of the events a spectator receives and of the final state, so a change of
//! rules, RNG use, JSON forms or event contents anywhere in the game changes
//! the transcript. Nothing in it depends on the machine: no hash-map order, no
//! floats, no time.
//!
//! Every playthrough also proves that its log is the truth: the log, through
//! JSON with the final state recorded, replays (`Log::replay`) to the same
//! state; a replay collecting events regenerates the events of the live game;
//! and `Match::from_log` rebuilds a match that shows every viewer the same
//! events and view.

use engine::{ChanceMode, Entry, Game, GameResult, GameRng, Log, Match, Seat, ToAct, Viewer};
use rand::{Rng, SeedableRng};
use serde::Serialize;
use std::fmt::Write as _;

/// XORed into the game seed to seed the players' RNG, so that the players'
/// choices and the game's chance draw from different streams.
const POLICY_SALT: u64 = 0x676f_6c64_656e_0001;

/// Settings of a golden playthrough.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Golden {
    /// Number of seats.
    pub players: usize,
    /// Seed of the game's RNG (the players' RNG is derived from it).
    pub seed: u64,
    /// Steps shown in full; later steps are only counted and digested. A game
    /// of at most `full_steps + full_steps / 4` steps is shown whole, rather
    /// than cutting off a short tail.
    pub full_steps: usize,
    /// Stop after this many steps (log entries, chance included) if the game
    /// has not ended: a safety net, reported in the transcript as `capped`.
    pub max_steps: usize,
    /// Leave out actions that open a negotiation (`Game::is_offer`) unless
    /// nothing else is legal, as `engine::RandomPolicy` does by default.
    pub skip_offers: bool,
}

impl Golden {
    /// A game of `players` seats from `seed`, with the first 200 steps in full,
    /// a cap of 50,000 steps and offers left out.
    pub fn new(players: usize, seed: u64) -> Golden {
        Golden {
            players,
            seed,
            full_steps: 200,
            max_steps: 50_000,
            skip_offers: true,
        }
    }
}

/// How a playthrough ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// The game reached its end.
    Finished,
    /// The step cap was reached first.
    Capped,
}

/// A game played through, with everything the transcript is made of.
pub struct Playthrough<G: Game> {
    /// The settings it was played with.
    pub opts: Golden,
    /// The match at the end (state, log, events).
    pub game: Match<G>,
    /// The events of every log entry, unredacted, same index as the log's entries.
    pub events: Vec<Vec<G::Event>>,
    /// How it ended.
    pub end: End,
}

impl<G: Game> std::fmt::Debug for Playthrough<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Playthrough")
            .field("opts", &self.opts)
            .field("game", &self.game)
            .field("end", &self.end)
            .finish_non_exhaustive()
    }
}

/// Plays one game and checks that its log replays (see the module docs).
/// Panics with a precise message if the game refuses its configuration, a
/// seat is to act without a legal action, or the replay differs.
pub fn play<G: Game>(config: &G::Config, opts: &Golden) -> Playthrough<G> {
    let mut game = Match::<G>::new(config.clone(), opts.players, opts.seed, ChanceMode::Seeded)
        .unwrap_or_else(|e| panic!("{} with {} players refused its config: {e}", G::ID, opts.players));
    let mut policy = GameRng::seed_from_u64(opts.seed ^ POLICY_SALT);
    let end = loop {
        let seats = match game.to_act() {
            ToAct::Over => break End::Finished,
            ToAct::Chance => panic!("{}: a seeded match waits for chance", G::ID),
            ToAct::Seats(seats) => seats,
        };
        if game.version() >= opts.max_steps as u64 {
            break End::Capped;
        }
        let seat = if seats.len() == 1 {
            seats.first().expect("one seat")
        } else {
            let k = policy.random_range(0..seats.len());
            seats.iter().nth(k).expect("k < len")
        };
        let mut legal = game.legal_actions(seat);
        if opts.skip_offers && legal.iter().any(|a| !G::is_offer(a)) {
            legal.retain(|a| !G::is_offer(a));
        }
        assert!(
            !legal.is_empty(),
            "{} seed {} step {}: {seat} is to act without a legal action",
            G::ID,
            opts.seed,
            game.version()
        );
        let action = legal.swap_remove(policy.random_range(0..legal.len()));
        let version = game.version();
        if let Err(r) = game.act(seat, action.clone(), Some(version)) {
            panic!(
                "{} seed {} step {version}: legal {action:?} by {seat} refused: [{}] {r}",
                G::ID,
                opts.seed,
                r.rule_id()
            );
        }
    };
    let events = replay_checked(&game, opts);
    Playthrough {
        opts: opts.clone(),
        game,
        events,
        end,
    }
}

/// The replay checks: returns the unredacted events of every entry.
fn replay_checked<G: Game>(game: &Match<G>, opts: &Golden) -> Vec<Vec<G::Event>> {
    let what = format!("{} seed {} with {} players", G::ID, opts.seed, opts.players);
    // 1. The saved log (JSON, final state recorded) replays to the same state.
    let json = serde_json::to_string(&game.log_with_state()).expect("log serialises");
    let saved: Log<G> = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{what}: log does not deserialise: {e}"));
    let (state, _) = saved
        .replay()
        .unwrap_or_else(|e| panic!("{what}: the log does not replay: {e}"));
    assert!(&state == game.state(), "{what}: replay reaches another state");

    // 2. Replaying with an event sink regenerates the events of the live game.
    let log = game.log();
    let (config, players) = match &log.start {
        engine::Start::New { config, players } => (config, *players),
        engine::Start::Position { .. } => unreachable!("golden games start new"),
    };
    let mut state =
        G::new_game(config, players, &mut GameRng::seed_from_u64(log.seed)).expect("config accepted before");
    let mut events = Vec::with_capacity(log.entries.len());
    for (i, entry) in log.entries.iter().enumerate() {
        let mut ev = Vec::new();
        let r = match entry {
            Entry::Act { seat, action } => G::apply(&mut state, *seat, action, &mut ev),
            Entry::Chance { outcome, .. } => G::apply_chance(&mut state, outcome, &mut ev),
        };
        if let Err(r) = r {
            panic!("{what}: entry {i} refused in replay: [{}] {r}", r.rule_id());
        }
        events.push(ev);
    }
    assert!(&state == game.state(), "{what}: event replay reaches another state");

    // 3. A match rebuilt from the log shows every viewer the same events and view.
    let rebuilt = Match::<G>::from_log(log.clone(), ChanceMode::Seeded)
        .unwrap_or_else(|e| panic!("{what}: Match::from_log failed: {e}"));
    assert!(
        rebuilt.state() == game.state(),
        "{what}: from_log reaches another state"
    );
    for viewer in viewers(players) {
        let live = game.events_since(0, viewer);
        let expected: Vec<G::Event> = events.iter().flatten().filter_map(|e| G::redact(e, viewer)).collect();
        assert!(live == expected, "{what}: replayed events differ for {viewer:?}");
        assert!(
            rebuilt.events_since(0, viewer) == live,
            "{what}: from_log events differ for {viewer:?}"
        );
        assert!(
            rebuilt.view(viewer) == game.view(viewer),
            "{what}: from_log view differs for {viewer:?}"
        );
    }
    events
}

fn viewers(players: usize) -> impl Iterator<Item = Viewer> {
    Seat::all(players)
        .map(Viewer::Seat)
        .chain(std::iter::once(Viewer::Spectator))
}

/// Compact JSON (serde_json writes struct fields in declaration order, so the
/// text is the same on every machine).
fn json<T: Serialize + ?Sized>(t: &T) -> String {
    serde_json::to_string(t).expect("JSON form")
}

/// The digest the golden transcripts print (moved to the engine, which the
/// server's stored logs use too).
pub use engine::digest::Fnv1a;

/// The hash of the compact JSON of `t`, streamed (no string of a whole log).
fn digest<T: Serialize + ?Sized>(t: &T) -> u64 {
    Fnv1a::of_json(t)
}

impl<G: Game> Playthrough<G> {
    /// Number of log entries (actions and chance outcomes).
    pub fn steps(&self) -> usize {
        self.game.log().entries.len()
    }

    /// The result, once the game is over.
    pub fn result(&self) -> Option<GameResult> {
        self.game.result()
    }

    /// The reviewable transcript (see the module docs).
    pub fn transcript(&self) -> String {
        let log = self.game.log();
        let o = &self.opts;
        let mut t = String::new();
        let config = match &log.start {
            engine::Start::New { config, .. } => json(config),
            engine::Start::Position { .. } => unreachable!("golden games start new"),
        };
        let _ = writeln!(
            t,
            "game {} format {} players {} seed {}",
            log.game, log.format, o.players, o.seed
        );
        let _ = writeln!(t, "config {config}");
        let _ = writeln!(
            t,
            "players: uniform over the legal actions{}, seeded ChaCha8 (seed ^ {POLICY_SALT:#018x}); chance: seeded match",
            if o.skip_offers { " (offers left out)" } else { "" }
        );
        let total = log.entries.len();
        let shown = if total <= o.full_steps.saturating_add(o.full_steps / 4) {
            total
        } else {
            o.full_steps
        };
        let width = total.max(1).to_string().len().max(3);
        for (i, (entry, events)) in log.entries.iter().zip(&self.events).take(shown).enumerate() {
            let (who, what) = match entry {
                Entry::Act { seat, action } => (format!("seat {}", seat.0), json(action)),
                Entry::Chance { outcome, drawn } => (
                    if *drawn { "chance" } else { "chance (supplied)" }.to_string(),
                    json(outcome),
                ),
            };
            let _ = writeln!(t, "{i:0width$} {who} {what} -> {}", json(events));
        }
        if shown < total {
            let _ = writeln!(t, "... {} more steps, covered by the digests below", total - shown);
        }
        let actions = log.entries.iter().filter(|e| matches!(e, Entry::Act { .. })).count();
        let _ = writeln!(
            t,
            "steps {total} (actions {actions}, chance {}), turns {}, events {}, {}",
            total - actions,
            G::turn(self.game.state()),
            self.events.iter().map(Vec::len).sum::<usize>(),
            match self.end {
                End::Finished => "finished",
                End::Capped => "capped",
            }
        );
        let _ = writeln!(t, "to act {}", json(&self.game.to_act()));
        let _ = writeln!(t, "result {}", json(&self.game.result()));
        let _ = writeln!(t, "digests (FNV-1a 64 of compact JSON):");
        let _ = writeln!(t, "  log {:016x}", digest(log));
        let _ = writeln!(t, "  events {:016x}", digest(&self.events));
        let spectator = self.game.events_since(0, Viewer::Spectator);
        let _ = writeln!(t, "  spectator events {:016x}", digest(&spectator));
        let _ = writeln!(t, "  final state {:016x}", digest(self.game.state()));
        let _ = writeln!(t, "spectator view:");
        render_view(&mut t, &json(&self.game.view(Viewer::Spectator)));
        t
    }
}

/// A view one top-level field per line, and the elements of a short list of
/// objects (players, say) one per line: readable in a diff without the
/// hundreds of lines of pretty-printed JSON.
///
/// It splits the typed view's compact JSON text rather than walking a
/// `serde_json::Value`, whose key order depends on a Cargo feature
/// (`preserve_order`) that any crate of a build may switch on.
fn render_view(t: &mut String, view: &str) {
    let Some(fields) = split_top(view, b'{', b'}') else {
        let _ = writeln!(t, "  {view}");
        return;
    };
    for field in fields {
        // A field is `"key":value`; keys of a view need no escapes.
        let colon = field.find("\":").map_or(0, |i| i + 1);
        let (key, value) = (field[..colon].trim_matches('"'), &field[colon + 1..]);
        match split_top(value, b'[', b']') {
            Some(items) if !items.is_empty() && items.len() <= 8 && items.iter().all(|v| v.starts_with('{')) => {
                for (i, item) in items.iter().enumerate() {
                    let _ = writeln!(t, "  {key}[{i}] {item}");
                }
            }
            _ => {
                let _ = writeln!(t, "  {key} {value}");
            }
        }
    }
}

/// The top-level elements of a compact JSON object or array text (`open` and
/// `close` its brackets), or `None` if `text` is not one.
fn split_top(text: &str, open: u8, close: u8) -> Option<Vec<&str>> {
    let bytes = text.as_bytes();
    if bytes.len() < 2 || bytes[0] != open || bytes[bytes.len() - 1] != close {
        return None;
    }
    let inner = &text[1..text.len() - 1];
    let mut parts = Vec::new();
    let (mut depth, mut in_string, mut escaped, mut from) = (0usize, false, false, 0usize);
    for (i, b) in inner.bytes().enumerate() {
        if in_string {
            match b {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'{' | b'[' => depth += 1,
            b'}' | b']' => depth = depth.checked_sub(1)?,
            b',' if depth == 0 => {
                parts.push(&inner[from..i]);
                from = i + 1;
            }
            _ => {}
        }
    }
    if !inner.is_empty() {
        parts.push(&inner[from..]);
    }
    Some(parts)
}

/// Plays one game and returns its transcript (the usual one-liner of a golden test).
pub fn transcript<G: Game>(config: &G::Config, opts: &Golden) -> String {
    play::<G>(config, opts).transcript()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::toy::HighCard;

    #[test]
    fn split_top_respects_nesting_and_strings() {
        let text = r#"{"a":[1,{"b":"x,}]"}],"c":"q\"{,","d":{}}"#;
        assert_eq!(
            split_top(text, b'{', b'}').unwrap(),
            [r#""a":[1,{"b":"x,}]"}]"#, r#""c":"q\"{,""#, r#""d":{}"#]
        );
        assert_eq!(split_top("[]", b'[', b']').unwrap(), Vec::<&str>::new());
        assert_eq!(split_top("7", b'[', b']'), None);
        let mut t = String::new();
        render_view(&mut t, r#"{"p":[{"x":1},{"x":2}],"n":[1,2],"s":"a"}"#);
        assert_eq!(t, "  p[0] {\"x\":1}\n  p[1] {\"x\":2}\n  n [1,2]\n  s \"a\"\n");
    }

    #[test]
    fn a_playthrough_is_a_function_of_its_seed() {
        let opts = Golden::new(3, 9);
        let a = transcript::<HighCard>(&(), &opts);
        assert_eq!(a, transcript::<HighCard>(&(), &opts));
        assert_ne!(a, transcript::<HighCard>(&(), &Golden::new(3, 10)));
        assert!(a.starts_with("game toy format 1 players 3 seed 9\n"), "{a}");
        assert!(a.contains("\n000 chance {\"card\":"), "{a}");
        assert!(a.contains(", finished\n"), "{a}");
    }

    #[test]
    fn long_games_are_cut_and_capped_games_say_so() {
        // Six steps: three deals and three guesses.
        let cut = Golden {
            full_steps: 2,
            ..Golden::new(3, 9)
        };
        let t = transcript::<HighCard>(&(), &cut);
        assert!(t.contains("\n001 ") && !t.contains("\n002 "), "{t}");
        assert!(t.contains("... 4 more steps, covered by the digests below\n"), "{t}");
        let capped = Golden {
            max_steps: 4,
            ..Golden::new(3, 9)
        };
        let p = play::<HighCard>(&(), &capped);
        assert_eq!((p.end, p.steps()), (End::Capped, 4));
        assert!(p.result().is_none());
        assert!(p.transcript().contains(", capped\n"));
    }
}
