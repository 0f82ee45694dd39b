//! The lookahead bot without reference to any rule: its name and options,
//! whole games of every game and rule set, and its determinism.

use bots::driver::{play_game, Outcome};
use bots::lookahead::LookaheadConfig;
use bots::spec::{Allowed, BotSpec, SpecError};
use bots::tournament::{run, TournamentOptions};
use bots::{Bot, BotGame};
use std::time::Duration;

#[test]
fn the_name_and_its_options_are_read() {
    assert_eq!("lookahead".parse(), Ok(BotSpec::Lookahead(LookaheadConfig::default())));
    assert_eq!(
        "lookahead:width=3,samples=1,turns=1,depth=10".parse(),
        Ok(BotSpec::Lookahead(LookaheadConfig {
            width: 3,
            samples: Some(1),
            turns: Some(1),
            depth: 10
        }))
    );
    // Wherever the built-in bots play (server, referee, Python envs).
    assert!(matches!(
        BotSpec::parse("lookahead:samples=4", Allowed::BuiltIn),
        Ok(BotSpec::Lookahead(c)) if c.samples == Some(4)
    ));
    assert_eq!(
        BotSpec::parse("lookahead", Allowed::BuiltIn).map(|s| s.threads()),
        Ok(1)
    );
    // `serve --mcts` takes only mcts.
    assert_eq!(
        BotSpec::parse("lookahead", Allowed::Mcts),
        Err(SpecError::NotAllowed {
            name: "lookahead".into(),
            allowed: Allowed::Mcts
        })
    );
    let listed = BotSpec::parse("alpha", Allowed::BuiltIn).unwrap_err().message();
    assert!(
        listed.en.contains("lookahead") && listed.de.contains("lookahead"),
        "{listed:?}"
    );
}

#[test]
fn bad_options_are_refused_in_both_languages() {
    let e = "lookahead:width=0".parse::<BotSpec>().unwrap_err();
    assert_eq!(
        e,
        SpecError::LookaheadOption {
            option: "width=0".into(),
            range: Some((1, 64))
        }
    );
    assert_eq!(
        e.message().en,
        "lookahead option 'width=0' expects a whole number from 1 to 64."
    );
    assert_eq!(
        e.message().de,
        "lookahead-Option „width=0“ erwartet eine ganze Zahl von 1 bis 64."
    );
    let e = "lookahead:playouts=5".parse::<BotSpec>().unwrap_err();
    assert_eq!(
        e.message().en,
        "lookahead option 'playouts=5' is unknown (known: width, samples, turns, depth)."
    );
    assert_eq!(e.to_string(), e.message().en);
    for bad in [
        "lookahead:width",
        "lookahead:width=",
        "lookahead:width=-1",
        "lookahead:width=2.5",
        "lookahead:width=65",
        "lookahead:samples=0",
        "lookahead:samples=x",
        "lookahead:turns=9",
        "lookahead:depth=10001",
        "lookahead:depth=18446744073709551616",
        "lookahead:foo",
    ] {
        let m = bad.parse::<BotSpec>().unwrap_err().message();
        assert!(!m.de.is_empty() && m.de != m.en, "{bad}: {m:?}");
        for word in ["unknown", "expects"] {
            assert!(!m.de.contains(word), "{bad}: English in the German sentence: {}", m.de);
        }
    }
}

/// Plays `games` games of `G` with the lookahead bot against greedy bots
/// (seats rotated) and checks that each reaches its end.
fn whole_games<G: BotGame>(what: &str, config: &G::Config, bots: &[&str], games: u64) {
    let specs: Vec<BotSpec> = bots.iter().filter_map(|b| b.parse().ok()).collect();
    assert_eq!(specs.len(), bots.len());
    let options = TournamentOptions {
        games,
        seed: 7,
        threads: 2,
        max_turns: 1_000,
        timeout: Duration::from_secs(5),
        players: None,
    };
    let Ok((lines, _)) = run::<G>(config, &specs, &options, &|_| {}) else {
        panic!("{what}: tournament refused");
    };
    assert_eq!(lines.len() as u64, games, "{what}");
    for line in &lines {
        assert!(
            matches!(&line.record.outcome, Outcome::Finished { result } if !result.winners.is_empty()),
            "{what}: game {} did not end: {:?}",
            line.game,
            line.record.outcome
        );
    }
}

fn catan_config(json: &str) -> catan::Config {
    let Ok(c) = serde_json::from_str(json) else {
        panic!("config {json}");
    };
    c
}

#[test]
fn plays_whole_games_of_splendor_and_junior() {
    whole_games::<splendor::Splendor>("splendor 2p", &Default::default(), &["lookahead", "greedy"], 4);
    whole_games::<splendor::Splendor>(
        "splendor 4p",
        &Default::default(),
        &["lookahead:turns=1", "greedy", "random", "greedy"],
        4,
    );
    whole_games::<catan_junior::CatanJunior>("junior 2p", &Default::default(), &["lookahead", "greedy"], 4);
    let Ok(pro) = serde_json::from_str::<catan_junior::Config>(r#"{"pro":true}"#) else {
        panic!("pro config");
    };
    whole_games::<catan_junior::CatanJunior>("junior pro 3p", &pro, &["lookahead", "greedy", "random"], 3);
}

#[test]
fn plays_whole_games_of_catan_base_two_players_and_five_six() {
    whole_games::<catan::Catan>(
        "catan 4p",
        &catan_config("{}"),
        &["lookahead", "greedy", "greedy", "greedy"],
        4,
    );
    whole_games::<catan::Catan>(
        "catan 2p",
        &catan_config(r#"{"two_players":true}"#),
        &["lookahead:samples=1", "greedy"],
        2,
    );
    whole_games::<catan::Catan>(
        "catan 5-6",
        &catan_config(r#"{"extension":"five_six"}"#),
        &["lookahead", "greedy", "greedy", "greedy", "lookahead"],
        2,
    );
}

#[test]
fn plays_whole_games_of_cities_and_knights_and_heroes() {
    for rules in ["cities_knights", "cities_knights_heroes"] {
        whole_games::<catan::CatanCk>(
            rules,
            &catan_config(&format!(r#"{{"rules":"{rules}"}}"#)),
            &["lookahead:samples=1", "greedy", "greedy", "greedy"],
            1,
        );
    }
}

/// The same seed gives the same game, move for move.
fn same_game_twice<G: BotGame>(config: &G::Config, bots: &[&str], seed: u64) {
    let play = || {
        let mut seats: Vec<Box<dyn Bot<G>>> = bots
            .iter()
            .filter_map(|b| b.parse::<BotSpec>().ok())
            .filter_map(|s| s.build::<G>(Duration::from_secs(5)).ok())
            .collect();
        assert_eq!(seats.len(), bots.len());
        play_game::<G>(config, &mut seats, seed, 1_000)
    };
    let (a, b) = (play(), play());
    assert!(a.is_ok(), "{a:?}");
    assert_eq!(a, b);
}

#[test]
fn games_are_deterministic_for_a_seed() {
    same_game_twice::<splendor::Splendor>(&Default::default(), &["lookahead", "lookahead:turns=1"], 3);
    same_game_twice::<catan::Catan>(&catan_config("{}"), &["lookahead", "greedy", "lookahead", "greedy"], 3);
    same_game_twice::<catan_junior::CatanJunior>(&Default::default(), &["greedy", "lookahead"], 3);
}
