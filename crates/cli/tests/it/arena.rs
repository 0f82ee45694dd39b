//! The arena: deterministic results, external program seats and forfeits.

use spielleiter_cli::arena::{arena, csv_field, ArenaOptions, Report};
use std::time::Duration;

fn fixture(name: &str) -> String {
    format!("cmd:sh {}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn options(game: &str, bots: &[&str], games: u64, threads: usize) -> ArenaOptions {
    ArenaOptions {
        game: game.to_string(),
        bots: bots.iter().map(|b| b.to_string()).collect(),
        games,
        seed: 7,
        threads,
        max_turns: 1_000,
        options: serde_json::Value::Null,
        timeout: Duration::from_millis(2_000),
        progress: false,
        players: None,
        ratings: false,
    }
}

fn run(o: &ArenaOptions) -> Report {
    match arena(o) {
        Ok(r) => r,
        Err(e) => panic!("arena failed: {e}"),
    }
}

#[test]
fn results_do_not_depend_on_the_number_of_threads() {
    let one = run(&options("splendor", &["greedy", "random"], 12, 1));
    let two = run(&options("splendor", &["greedy", "random"], 12, 2));
    assert_eq!(one.games, two.games);
    assert_eq!(one.summary.entries, two.summary.entries);
}

#[test]
fn seats_rotate_and_every_game_is_counted() {
    let r = run(&options("catan-junior", &["greedy", "random"], 10, 2));
    assert_eq!(r.summary.games, 10);
    for (i, line) in r.games.iter().enumerate() {
        assert_eq!(line.game, i as u64);
        assert_eq!(line.seats, if i % 2 == 0 { vec![0, 1] } else { vec![1, 0] });
    }
    let e = &r.summary.entries;
    assert_eq!(e[0].games, 10);
    assert!(e[0].wins + e[1].wins <= 10.0);
    assert!(e[0].ci95[0] <= e[0].win_rate && e[0].win_rate <= e[0].ci95[1]);
    let csv = r.to_csv();
    assert_eq!(csv.lines().count(), 11, "{csv}");
    assert!(csv.starts_with("game,seed,seat0,seat1,outcome,winners,forfeit_rule,decisions,turns"));
}

#[test]
fn an_external_program_can_play_a_seat() {
    let bot = fixture("bot_first.sh");
    let r = run(&options("splendor", &[&bot, "random"], 2, 1));
    assert_eq!(r.summary.forfeits, 0, "{:?}", r.games);
    assert_eq!(r.summary.entries[0].games, 2);
    assert!(r.games.iter().all(|g| g.record.decisions > 0));
}

fn forfeit_rule(bot: &str, timeout_ms: u64) -> String {
    let mut o = options("splendor", &[bot, "greedy"], 2, 1);
    o.timeout = Duration::from_millis(timeout_ms);
    let r = run(&o);
    assert_eq!(r.summary.forfeits, 2, "{:?}", r.games);
    assert_eq!(r.summary.entries[0].forfeits, 2);
    assert_eq!(r.summary.entries[0].wins, 0.0);
    let rules: Vec<String> = r
        .games
        .iter()
        .filter_map(|g| match &g.record.outcome {
            bots::Outcome::Forfeit { forfeit, .. } => Some(forfeit.rule.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(rules.len(), 2);
    assert_eq!(rules[0], rules[1]);
    assert!(r.to_csv().contains(&rules[0]));
    rules[0].clone()
}

#[test]
fn an_illegal_answer_forfeits_with_the_games_rule_id() {
    assert_eq!(
        forfeit_rule(&fixture("bot_illegal.sh"), 2_000),
        "splendor.turn.pass_only_when_blocked"
    );
}

#[test]
fn malformed_json_forfeits() {
    assert_eq!(forfeit_rule(&fixture("bot_malformed.sh"), 2_000), "engine.malformed");
}

#[test]
fn silence_forfeits_by_timeout() {
    assert_eq!(forfeit_rule(&fixture("bot_silent.sh"), 200), "arena.timeout");
}

#[test]
fn a_program_that_exits_forfeits() {
    assert_eq!(forfeit_rule("cmd:true", 2_000), "arena.crashed");
}

#[test]
fn bad_bot_names_and_games_are_refused() {
    assert!(arena(&options("splendor", &["grumpy", "random"], 1, 1)).is_err());
    assert!(arena(&options("chess", &["greedy", "random"], 1, 1)).is_err());
    assert!(arena(&options("splendor", &["greedy"], 1, 1)).is_err());
    let mut o = options("catan", &["greedy", "random"], 1, 1);
    o.options = serde_json::json!({"two_players": "yes"});
    assert!(arena(&o).is_err());
}

#[test]
fn csv_fields_are_quoted_when_needed() {
    assert_eq!(csv_field("greedy"), "greedy");
    assert_eq!(csv_field("mcts:playouts=5,c=1"), "\"mcts:playouts=5,c=1\"");
    assert_eq!(csv_field("a\"b"), "\"a\"\"b\"");
    assert_eq!(csv_field("a,\"b"), "\"a,\"\"b\"");
}

#[test]
fn ratings_put_mcts_above_random_by_more_than_both_deviations() {
    let mut o = options("splendor", &["mcts:playouts=100", "random"], 20, 2);
    o.ratings = true;
    let r = run(&o);
    let ratings = r.ratings.clone().unwrap_or_default();
    assert_eq!(ratings.len(), 2, "{ratings:?}");
    let (best, worst) = (&ratings[0], &ratings[1]);
    assert_eq!(best.player, "mcts:playouts=100", "{ratings:?}");
    assert_eq!(best.games + worst.games, 40 - 2 * r.summary.capped);
    assert!(
        best.rating - worst.rating > best.deviation + worst.deviation,
        "{}",
        r.to_text()
    );
    let text = r.to_text();
    assert!(text.contains("ratings (Weng-Lin") && text.contains(" ± "), "{text}");
    let json: serde_json::Value = serde_json::from_str(&r.to_json().unwrap_or_default()).unwrap_or_default();
    assert!(json["ratings"][0]["deviation"].is_f64(), "{json}");
}

#[test]
fn a_round_robin_meets_every_pair_and_rates_every_bot() {
    let mut o = options("splendor", &["greedy", "random", "random:offers"], 12, 2);
    o.players = Some(2);
    o.ratings = true;
    let r = run(&o);
    assert!(r.games.iter().all(|g| g.seats.len() == 2));
    assert_eq!(r.games[0].seats, vec![0, 1]);
    assert_eq!(r.games[3].seats, vec![1, 0]);
    assert!(
        r.summary.entries.iter().all(|e| e.games == 8),
        "{:?}",
        r.summary.entries
    );
    assert_eq!(r.ratings.as_ref().map(Vec::len), Some(3));
    o.players = Some(4);
    assert!(arena(&o).is_err_and(|e| e.contains("round robin")));
}
