//! The workspace test that walks the registry: for every registered game and
//! every rule set it
//!
//! - runs the test kit's conformance suite (invariants, enumerated actions
//!   accepted and others refused, chance distributions, JSON round trips,
//!   views that leak nothing, log replays) at both ends of the rule set's
//!   player range, and checks that one player fewer and one more are refused
//!   through the JSON entry;
//! - checks that every documented rule id is named by a test: each id of the
//!   game's `RULE_IDS` constants and each id in backticks in its
//!   `docs/games/*.md` appears in a test source of the workspace (the dotted
//!   id itself, or a test function named after it with the dots as
//!   underscores), or is listed in [`NOT_TESTABLE`] with the reason.
//!
//! A game added to the registry is walked here without touching this file.
//! The per-game conformance tests play many more games; this one plays a few
//! per rule set so that it stays well under a minute in release mode.

use engine::ChanceMode;
use registry::{Pick, Registered, Visitor};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use testkit::Conformance;

/// Documented rule ids that no test can name, with the reason. An entry must
/// stay true: an id listed here that a test does name fails the check.
const NOT_TESTABLE: &[(&str, &str)] = &[];

/// Games per player count and rule set.
const GAMES: usize = if cfg!(debug_assertions) { 1 } else { 2 };

struct ConformanceWalk {
    runs: Vec<String>,
}

impl Visitor for ConformanceWalk {
    type Output = ();

    fn visit<G: Registered>(&mut self) {
        let entry = registry::entry(G::ID).expect("registered");
        for (i, set) in G::rule_sets().into_iter().enumerate() {
            let config = (set.config)();
            let range = G::player_range(&config);
            let (lo, hi) = (*range.start(), *range.end());
            let opts = Conformance {
                games: 2 * GAMES,
                players: vec![lo, hi],
                seed: 17_000 + 100 * i as u64,
                // A cap on steps, not on rules: pro-variant games with random
                // offers run long and stop there.
                max_steps: 4_000,
                deep_every: 3,
                illegal_probes: 4,
            };
            // Through the type that plays these options (CATAN's C&K rule
            // sets are `CatanCk`), as every front end picks it.
            let options = serde_json::to_value(&config).expect("options serialise");
            let report = registry::visit_for(
                G::ID,
                Pick::Options(&options),
                &mut Walk {
                    options: &options,
                    opts: &opts,
                },
            )
            .expect("registered");
            assert_eq!(report.games, opts.games, "{} {}", G::ID, set.id);
            assert_eq!(report.finished + report.capped, report.games, "{} {}", G::ID, set.id);
            assert!(
                report.steps > 0 && report.views_checked > 0,
                "{} {}: {report:?}",
                G::ID,
                set.id
            );

            // The ends of the range are the ends: one fewer and one more are
            // refused through the path every client takes.
            for players in [lo, hi] {
                assert!(
                    entry.create(&options, players, 1, ChanceMode::Seeded).is_ok(),
                    "{} {} refuses {players} players",
                    G::ID,
                    set.id
                );
            }
            for players in [lo.saturating_sub(1), hi + 1] {
                let refused = entry.create(&options, players, 1, ChanceMode::Seeded);
                let e = refused
                    .err()
                    .unwrap_or_else(|| panic!("{} {} takes {players} players", G::ID, set.id));
                assert!(
                    !e.rule.is_empty() && !e.message.de.is_empty() && !e.message.en.is_empty(),
                    "{e:?}"
                );
            }
            self.runs.push(format!("{} {} {lo}..={hi}: {report:?}", G::ID, set.id));
        }
    }
}

/// The conformance walk of one rule set on the type that plays it.
struct Walk<'a> {
    options: &'a serde_json::Value,
    opts: &'a Conformance,
}

impl Visitor for Walk<'_> {
    type Output = testkit::Report;

    fn visit<G: Registered>(&mut self) -> testkit::Report {
        let config: G::Config = serde_json::from_value(self.options.clone()).expect("the rule set's options");
        testkit::run::<G>(&config, self.opts)
    }
}

#[test]
fn every_game_and_rule_set_conforms_at_both_ends_of_its_player_range() {
    let mut walk = ConformanceWalk { runs: Vec::new() };
    registry::visit_all(&mut walk);
    for r in &walk.runs {
        eprintln!("{r}");
    }
    let sets: usize = registry::games().iter().map(|g| g.rule_sets.len()).sum();
    assert_eq!(walk.runs.len(), sets);
}

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every file under `dir` (recursively) whose name ends in one of `exts`.
fn files(dir: &Path, exts: &[&str], out: &mut Vec<PathBuf>) {
    let Ok(read) = std::fs::read_dir(dir) else { return };
    for e in read.flatten() {
        let p = e.path();
        if p.is_dir() {
            files(&p, exts, out);
        } else if exts.iter().any(|x| p.to_string_lossy().ends_with(x)) {
            out.push(p);
        }
    }
}

/// The test sources of the workspace: every crate's `tests/` and the Python
/// package's tests.
fn test_sources() -> Vec<(PathBuf, String)> {
    let root = workspace_root();
    let mut paths = Vec::new();
    if let Ok(crates) = std::fs::read_dir(root.join("crates")) {
        for c in crates.flatten() {
            files(&c.path().join("tests"), &[".rs"], &mut paths);
        }
    }
    files(&root.join("python/tests"), &[".py"], &mut paths);
    paths.sort();
    paths
        .into_iter()
        .filter_map(|p| std::fs::read_to_string(&p).ok().map(|s| (p, s)))
        .collect()
}

fn id_char(c: char) -> bool {
    c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_'
}

/// The rule ids in backticks in `text` that start with one of `prefixes`
/// and a dot (file names and wildcards are not ids).
fn documented_ids(text: &str, prefixes: &[&str]) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for (i, code) in text.split('`').enumerate() {
        if i % 2 == 0 {
            continue;
        }
        let is_id = prefixes.iter().any(|p| code.starts_with(&format!("{p}.")))
            && code.chars().all(|c| id_char(c) || c == '.')
            && !code.ends_with('.')
            && ![".md", ".rs", ".json"].iter().any(|x| code.ends_with(x));
        if is_id {
            out.insert(code.to_string());
        }
    }
    out
}

/// Whether `source` names `id`: the dotted id as a whole token (not the
/// start of a longer id), or a function named after it (`fn
/// ck_barbarian_attack_now_…`).
fn names(source: &str, id: &str) -> bool {
    let whole = source.match_indices(id).any(|(at, _)| {
        let before = source[..at].chars().next_back();
        let rest = &source[at + id.len()..];
        let mut after = rest.chars();
        let next = after.next();
        let longer = match next {
            Some(c) if id_char(c) => true,
            Some('.') => after.next().is_some_and(id_char),
            _ => false,
        };
        !before.is_some_and(|c| id_char(c) || c == '.') && !longer
    });
    if whole {
        return true;
    }
    let under = id.replace('.', "_");
    source.split("fn ").skip(1).any(|tail| {
        let name: String = tail.chars().take_while(|&c| id_char(c)).collect();
        name == under
            || name.starts_with(&format!("{under}_"))
            || name.ends_with(&format!("_{under}"))
            || name.contains(&format!("_{under}_"))
    })
}

/// Ids of `documented` that no source names and that are not listed as not
/// testable.
fn missing(documented: &BTreeMap<String, String>, sources: &[(PathBuf, String)]) -> Vec<String> {
    documented
        .iter()
        .filter(|(id, _)| !NOT_TESTABLE.iter().any(|(n, _)| n == id))
        .filter(|(id, _)| !sources.iter().any(|(_, s)| names(s, id)))
        .map(|(id, whence)| format!("{id} ({whence})"))
        .collect()
}

#[test]
fn every_documented_rule_id_is_named_by_a_test() {
    let root = workspace_root();
    let sources = test_sources();
    assert!(
        sources.len() > 20,
        "only {} test sources found under {}",
        sources.len(),
        root.display()
    );
    let mut problems = Vec::new();
    let mut total = 0;
    for game in registry::games() {
        // Id → where it is documented.
        let mut documented: BTreeMap<String, String> = BTreeMap::new();
        for set in &game.rule_sets {
            for id in set.rule_ids {
                documented
                    .entry(id.to_string())
                    .or_insert_with(|| format!("RULE_IDS of {}", set.id));
            }
            for doc in set.docs {
                let text = std::fs::read_to_string(root.join(doc)).unwrap_or_else(|e| panic!("{doc}: {e}"));
                for id in documented_ids(&text, game.rule_prefixes) {
                    documented.entry(id).or_insert_with(|| doc.to_string());
                }
            }
        }
        assert!(!documented.is_empty(), "{}: no documented rule id found", game.id);
        total += documented.len();
        for m in missing(&documented, &sources) {
            problems.push(format!("{}: {m}", game.id));
        }
    }
    for (id, reason) in NOT_TESTABLE {
        assert!(
            !reason.trim().is_empty(),
            "{id} is listed as not testable without a reason"
        );
        if sources.iter().any(|(_, s)| names(s, id)) {
            problems.push(format!("{id} is listed as not testable but a test names it"));
        }
    }
    assert!(
        problems.is_empty(),
        "{} of {total} documented rule ids are named by no test (add a scenario test named after \
         the id, or list it in NOT_TESTABLE with the reason):\n{}",
        problems.len(),
        problems.join("\n")
    );
    eprintln!("{total} documented rule ids, each named by a test");
}

#[test]
fn the_coverage_check_reports_what_no_test_names() {
    let mut documented = BTreeMap::new();
    documented.insert("demo.turn.roll".to_string(), "demo.md".to_string());
    documented.insert("demo.build.road".to_string(), "demo.md".to_string());
    documented.insert("demo.trade.rate".to_string(), "demo.md".to_string());
    let sources = vec![
        (
            PathBuf::from("a.rs"),
            "// demo.turn.roll_first and demo.build.road.connected are other ids\n".to_string(),
        ),
        (
            PathBuf::from("b.rs"),
            "#[test]\nfn demo_trade_rate_is_four_to_one() {}\n".to_string(),
        ),
    ];
    assert_eq!(
        missing(&documented, &sources),
        vec![
            "demo.build.road (demo.md)".to_string(),
            "demo.turn.roll (demo.md)".to_string()
        ]
    );
    assert!(names("assert_eq!(e.rule, \"demo.turn.roll\");", "demo.turn.roll"));
    assert!(names("demo.turn.roll: the roll comes first.", "demo.turn.roll"));
    let ids = documented_ids(
        "`demo.a` `demo.b.` `demo.*` `docs/demo.md` `other.c` `demo.x_y`",
        &["demo"],
    );
    assert_eq!(ids.into_iter().collect::<Vec<_>>(), vec!["demo.a", "demo.x_y"]);
}
