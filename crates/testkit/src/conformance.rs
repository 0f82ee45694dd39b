//! The conformance suite: random playouts of a game from many seeds, checking
//! the contract at every step.
//!
//! At every step it checks that
//! - the state is consistent (`Game::validate`: the game's invariants),
//! - every enumerated action is accepted by `check`, and actions seen elsewhere
//!   but not enumerated here are refused without changing the state,
//! - seats that are not to act have no legal action and are refused,
//! - chance outcomes form a distribution, and a drawn outcome is among them,
//! - clones are equal and the state, actions, chance outcomes and views survive
//!   a JSON round trip,
//! - views leak nothing: a state with every secret hidden from a viewer resampled
//!   (`Game::determinize`) gives that viewer the identical view;
//!
//! and at the end of each game that the log replays to the identical state and
//! the game terminated (or hit the step cap, which is reported).

use engine::{Entry, Game, GameEntry, GameRng, Log, NoEvents, Seat, Start, ToAct, Viewer};
use rand::{Rng, SeedableRng};
use std::collections::HashSet;

/// Settings of a conformance run.
#[derive(Clone, Debug)]
pub struct Conformance {
    /// Number of random games.
    pub games: usize,
    /// Player counts to cycle through.
    pub players: Vec<usize>,
    /// Seed of the first game; game `i` uses `seed + i`.
    pub seed: u64,
    /// Step cap per game (steps include chance).
    pub max_steps: usize,
    /// Run the expensive checks (JSON, views, determinization, illegal probes)
    /// every `deep_every` steps (1 = every step).
    pub deep_every: usize,
    /// Illegal actions probed per deep step.
    pub illegal_probes: usize,
}

impl Default for Conformance {
    fn default() -> Self {
        Conformance {
            games: 200,
            players: vec![2, 3, 4],
            seed: 1,
            max_steps: 20_000,
            deep_every: 1,
            illegal_probes: 8,
        }
    }
}

/// What a conformance run saw.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Games played.
    pub games: usize,
    /// Games that reached their end.
    pub finished: usize,
    /// Games stopped by the step cap.
    pub capped: usize,
    /// Steps taken in all.
    pub steps: usize,
    /// Illegal actions probed (all refused without change).
    pub illegal_probed: usize,
    /// Views compared against a determinized state.
    pub views_checked: usize,
}

fn roundtrip<T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug>(t: &T, what: &str) {
    let json = serde_json::to_string(t).unwrap_or_else(|e| panic!("{what} does not serialise: {e}"));
    let back: T = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{what} does not deserialise: {e}\n{json}"));
    assert_eq!(&back, t, "{what} changes in a JSON round trip");
}

/// Runs the suite and panics with a precise message on the first violation.
pub fn run<G: Game>(config: &G::Config, opts: &Conformance) -> Report {
    let mut report = Report::default();
    // Actions seen anywhere, used as probes for "not enumerated ⇒ refused".
    let mut pool: Vec<G::Action> = Vec::new();
    let mut pool_set: HashSet<G::Action> = HashSet::new();
    for g in 0..opts.games {
        let players = opts.players[g % opts.players.len()];
        let seed = opts.seed.wrapping_add(g as u64);
        play_one::<G>(config, players, seed, opts, &mut report, &mut pool, &mut pool_set);
    }
    report
}

fn play_one<G: Game>(
    config: &G::Config,
    players: usize,
    seed: u64,
    opts: &Conformance,
    report: &mut Report,
    pool: &mut Vec<G::Action>,
    pool_set: &mut HashSet<G::Action>,
) {
    let mut rng = GameRng::seed_from_u64(seed);
    let mut state = G::new_game(config, players, &mut rng)
        .unwrap_or_else(|e| panic!("{} with {players} players refused its config: {e}", G::ID));
    let mut probe_rng = GameRng::seed_from_u64(seed ^ 0x9e37_79b9_7f4a_7c15);
    let mut log: Log<G> = Log {
        format: G::FORMAT,
        game: G::ID.to_string(),
        seed,
        start: Start::New {
            config: config.clone(),
            players,
        },
        entries: Vec::new(),
        final_state: None,
    };
    let mut legal = Vec::new();
    let mut outcomes = Vec::new();
    report.games += 1;
    for step in 0..opts.max_steps {
        let deep = step % opts.deep_every.max(1) == 0;
        if let Err(problems) = G::validate(&state) {
            panic!(
                "{} seed {seed} step {step}: invariant broken: {problems:?}\n{state:?}",
                G::ID
            );
        }
        assert_eq!(&state.clone(), &state, "clone differs");
        if deep {
            roundtrip(&state, "state");
            check_views::<G>(&state, players, &mut probe_rng, report);
            check_texts::<G>(&state, players, None);
        }
        match G::to_act(&state) {
            ToAct::Over => {
                let result =
                    G::result(&state).unwrap_or_else(|| panic!("{} seed {seed}: over without a result", G::ID));
                assert!(!result.winners.is_empty(), "a finished game has no winner");
                assert_eq!(result.scores.len(), players, "scores per seat");
                for seat in Seat::all(players) {
                    G::legal_actions(&state, seat, &mut legal);
                    assert!(legal.is_empty(), "legal actions after the end");
                }
                report.finished += 1;
                report.steps += step;
                finish_replay::<G>(&log, &state, seed);
                return;
            }
            ToAct::Chance => {
                G::chance_outcomes(&state, &mut outcomes);
                assert!(
                    !outcomes.is_empty(),
                    "{} seed {seed} step {step}: chance node without outcomes",
                    G::ID
                );
                let total: f64 = outcomes.iter().map(|(_, p)| *p).sum();
                assert!((total - 1.0).abs() < 1e-6, "chance probabilities sum to {total}");
                for seat in Seat::all(players) {
                    G::legal_actions(&state, seat, &mut legal);
                    assert!(legal.is_empty(), "{seat} has legal actions at a chance node");
                }
                let outcome = G::sample_chance(&state, &mut rng);
                assert!(
                    outcomes.iter().any(|(o, p)| *o == outcome && *p > 0.0),
                    "sampled outcome {outcome:?} is not among the listed outcomes"
                );
                if deep {
                    roundtrip(&outcome, "chance outcome");
                }
                G::apply_chance(&mut state, &outcome, &mut NoEvents)
                    .unwrap_or_else(|r| panic!("{} seed {seed} step {step}: drawn outcome refused: {r}", G::ID));
                log.entries.push(Entry::Chance { outcome, drawn: true });
            }
            ToAct::Seats(seats) => {
                assert!(!seats.is_empty(), "no seat to act");
                // Seats not to act: nothing legal, everything refused.
                for seat in Seat::all(players) {
                    G::legal_actions(&state, seat, &mut legal);
                    if !seats.contains(seat) {
                        assert!(legal.is_empty(), "{seat} is not to act but has legal actions");
                    }
                }
                let actor = {
                    let v: Vec<Seat> = seats.iter().collect();
                    v[probe_rng.random_range(0..v.len())]
                };
                G::legal_actions(&state, actor, &mut legal);
                assert!(
                    !legal.is_empty(),
                    "{} seed {seed} step {step}: {actor} is to act with no legal action",
                    G::ID
                );
                let set: HashSet<&G::Action> = legal.iter().collect();
                assert_eq!(set.len(), legal.len(), "legal actions contain duplicates: {legal:?}");
                for a in &legal {
                    if let Err(r) = G::check(&state, actor, a) {
                        panic!(
                            "{} seed {seed} step {step}: enumerated {a:?} refused: [{}] {r}",
                            G::ID,
                            r.rule_id()
                        );
                    }
                    if pool_set.len() < 50_000 && pool_set.insert(a.clone()) {
                        pool.push(a.clone());
                    }
                }
                if deep {
                    probe_illegal::<G>(&state, actor, &legal, pool, players, opts, &mut probe_rng, report);
                }
                let action = legal[rng.random_range(0..legal.len())].clone();
                if deep {
                    roundtrip(&action, "action");
                }
                let mut events = Vec::new();
                G::apply(&mut state, actor, &action, &mut events)
                    .unwrap_or_else(|r| panic!("{} seed {seed} step {step}: legal {action:?} refused: {r}", G::ID));
                if deep {
                    for e in &events {
                        roundtrip(e, "event");
                        let _ = G::redact(e, Viewer::Spectator);
                    }
                }
                log.entries.push(Entry::Act { seat: actor, action });
            }
        }
    }
    report.capped += 1;
    report.steps += opts.max_steps;
    finish_replay::<G>(&log, &state, seed);
}

#[allow(clippy::too_many_arguments)]
fn probe_illegal<G: Game>(
    state: &G::State,
    actor: Seat,
    legal: &[G::Action],
    pool: &[G::Action],
    players: usize,
    opts: &Conformance,
    rng: &mut GameRng,
    report: &mut Report,
) {
    if pool.is_empty() {
        return;
    }
    for _ in 0..opts.illegal_probes {
        let a = &pool[rng.random_range(0..pool.len())];
        // Any seat may be probed: the actor with a non-enumerated action, or another
        // seat with anything.
        let seat = Seat(rng.random_range(0..players as u8));
        let enumerated = seat == actor && legal.contains(a);
        if enumerated {
            continue;
        }
        let mut other_legal = Vec::new();
        G::legal_actions(state, seat, &mut other_legal);
        if other_legal.contains(a) {
            continue;
        }
        let mut s = state.clone();
        match G::apply(&mut s, seat, a, &mut NoEvents) {
            Ok(()) => panic!("{}: {a:?} by {seat} is not enumerated but was accepted", G::ID),
            Err(r) => {
                assert!(!r.rule_id().is_empty(), "refusal without a rule id");
                assert!(
                    !r.message().de.is_empty() && !r.message().en.is_empty(),
                    "refusal without message"
                );
            }
        }
        assert!(&s == state, "{}: refused {a:?} by {seat} changed the state", G::ID);
        report.illegal_probed += 1;
    }
}

fn check_views<G: Game>(state: &G::State, players: usize, rng: &mut GameRng, report: &mut Report) {
    let viewers = Seat::all(players)
        .map(Viewer::Seat)
        .chain(std::iter::once(Viewer::Spectator));
    for viewer in viewers {
        let view = G::view(state, viewer);
        roundtrip(&view, "view");
        let other = G::determinize(state, viewer, rng);
        if let Err(p) = G::validate(&other) {
            panic!("{}: determinized state for {viewer:?} is inconsistent: {p:?}", G::ID);
        }
        let view2 = G::view(&other, viewer);
        assert!(
            view == view2,
            "{}: the view of {viewer:?} depends on a secret hidden from it:\n{view:?}\n{view2:?}",
            G::ID
        );
        report.views_checked += 1;
    }
}

/// The JSON face's texts (what a server sends) say exactly what its values
/// say: the view of every viewer and every seat's legal actions here, and
/// (with `log`, replayed: a loaded position has no history) the events of
/// the game so far.
fn check_texts<G: Game>(state: &G::State, players: usize, log: Option<&Log<G>>) {
    let m = match log {
        Some(log) => {
            let json = serde_json::to_value(log).unwrap_or_else(|e| panic!("log does not serialise: {e}"));
            engine::dynamic::Entry::<G>::default().replay_log(&json, engine::ChanceMode::Seeded)
        }
        None => {
            let json = serde_json::to_value(state).unwrap_or_else(|e| panic!("state does not serialise: {e}"));
            engine::dynamic::Entry::<G>::default().load(&json, 0, engine::ChanceMode::Seeded)
        }
    }
    .unwrap_or_else(|e| panic!("{}: the JSON face does not take the game: {e}", G::ID));
    let parse = |text: String, what: &str| -> serde_json::Value {
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {what} text is not JSON: {e}", G::ID))
    };
    let viewers = (0..players)
        .map(|p| Viewer::Seat(Seat(p as u8)))
        .chain(std::iter::once(Viewer::Spectator));
    for viewer in viewers {
        assert_eq!(
            parse(m.view_text(viewer), "view"),
            m.view(viewer),
            "{}: view text",
            G::ID
        );
        assert_eq!(
            parse(m.events_text(0, viewer), "events"),
            serde_json::Value::from(m.events_since(0, viewer)),
            "{}: events text",
            G::ID
        );
    }
    for p in 0..=players {
        let seat = Seat(p as u8);
        assert_eq!(
            parse(m.legal_text(seat), "legal"),
            serde_json::Value::from(m.legal(seat).unwrap_or_default()),
            "{}: legal text",
            G::ID
        );
    }
}

fn finish_replay<G: Game>(log: &Log<G>, state: &G::State, seed: u64) {
    let json = serde_json::to_string(log).unwrap_or_else(|e| panic!("log does not serialise: {e}"));
    let log2: Log<G> = serde_json::from_str(&json).unwrap_or_else(|e| panic!("log does not deserialise: {e}"));
    let (replayed, _) = log2
        .replay()
        .unwrap_or_else(|e| panic!("{} seed {seed}: replay failed: {e}", G::ID));
    assert!(
        &replayed == state,
        "{} seed {seed}: replay does not reach the same state",
        G::ID
    );
    check_texts::<G>(state, G::players(state), Some(log));
}
