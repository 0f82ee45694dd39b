//! Quick strength check without the CLI:
//! `cargo run -p spielleiter-bots --release --example duel -- splendor greedy,random 100 2`.

use bots::tournament::{run, summarize, TournamentOptions};
use bots::{BotGame, BotSpec};
use std::time::Duration;

fn duel<G: BotGame>(specs: &[BotSpec], names: &[String], options: &TournamentOptions) -> Result<(), String> {
    let config: G::Config = match std::env::args().nth(5) {
        Some(json) => serde_json::from_str(&json).map_err(|e| e.to_string())?,
        None => G::Config::default(),
    };
    let (lines, seconds) = run::<G>(&config, specs, options, &|_| {}).map_err(|e| e.to_string())?;
    let s = summarize(G::ID, names, &lines, options, seconds);
    println!("{}", serde_json::to_string_pretty(&s).map_err(|e| e.to_string())?);
    Ok(())
}

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().collect();
    let game = args.get(1).map_or("splendor", String::as_str);
    let names: Vec<String> = args
        .get(2)
        .map_or("greedy,random", String::as_str)
        .split(';')
        .flat_map(|s| s.split(',').map(str::to_string).collect::<Vec<_>>())
        .collect();
    let names: Vec<String> = if names.iter().any(|n| n.starts_with("mcts:")) {
        // mcts options contain commas: the list is separated by ';' then.
        args.get(2)
            .map_or(vec![], |s| s.split(';').map(str::to_string).collect())
    } else {
        names
    };
    let games = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(100);
    let threads = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(2);
    let specs: Vec<BotSpec> = names
        .iter()
        .map(|n| n.parse().map_err(|e: bots::SpecError| e.to_string()))
        .collect::<Result<_, _>>()?;
    let options = TournamentOptions {
        games,
        seed: 1,
        threads,
        max_turns: 400,
        timeout: Duration::from_secs(5),
        players: None,
    };
    match game {
        "splendor" => duel::<splendor::Splendor>(&specs, &names, &options),
        "catan" => duel::<catan::Catan>(&specs, &names, &options),
        "catan-junior" => duel::<catan_junior::CatanJunior>(&specs, &names, &options),
        other => Err(format!("unknown game {other}")),
    }
}
