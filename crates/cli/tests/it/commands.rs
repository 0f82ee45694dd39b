//! The `spielleiter` binary as a user runs it: simulate, referee over pipes,
//! replay of a saved game (and refusal of a tampered one).

use serde_json::Value;
use std::io::Write;
use std::process::{Command, Stdio};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_spielleiter"))
}

#[test]
fn simulate_prints_a_json_summary() {
    let out = bin()
        .args([
            "simulate",
            "--game",
            "splendor",
            "--players",
            "3",
            "--games",
            "300",
            "--seed",
            "5",
            "--json",
        ])
        .output()
        .expect("run");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(v["games"], 300);
    assert_eq!(v["players"], 3);
    let wins: u64 = v["wins"]
        .as_array()
        .expect("wins")
        .iter()
        .filter_map(Value::as_u64)
        .sum();
    let ended: u64 = v["ended"]
        .as_object()
        .expect("ended")
        .values()
        .filter_map(Value::as_u64)
        .sum();
    assert_eq!(ended, 300);
    assert!(wins >= 300 - v["capped"].as_u64().unwrap_or(0));
}

#[test]
fn simulate_is_deterministic_across_thread_counts() {
    let run = |threads: &str| {
        let out = bin()
            .args([
                "simulate",
                "--games",
                "200",
                "--seed",
                "9",
                "--json",
                "--threads",
                threads,
            ])
            .output()
            .expect("run");
        let v: Value = serde_json::from_slice(&out.stdout).expect("json");
        (v["wins"].clone(), v["mean_decisions"].clone(), v["ended"].clone())
    };
    assert_eq!(run("1"), run("2"));
}

#[test]
fn unknown_game_and_bad_options_fail_cleanly() {
    let out = bin().args(["simulate", "--game", "chess"]).output().expect("run");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("Unknown game"));
    let out = bin().args(["simulate", "--options", "{nope"]).output().expect("run");
    assert!(!out.status.success());
}

#[test]
fn serve_refuses_a_bad_mcts_spec_in_both_languages() {
    // The spec is read before the server opens its database or address.
    for (spec, de, en) in [
        (
            "alpha",
            "Unbekannter Bot „alpha“ (bekannt: mcts).",
            "Unknown bot 'alpha' (known: mcts).",
        ),
        (
            "greedy",
            "Der Bot „greedy“ ist hier nicht erlaubt (erlaubt: mcts).",
            "The bot 'greedy' is not allowed here (allowed: mcts).",
        ),
        (
            "mcts:playouts=many",
            "mcts-Option „playouts=many“ erwartet eine ganze Zahl.",
            "mcts option 'playouts=many' expects a whole number.",
        ),
        (
            "mcts:playouts=18446744073709551615",
            "mcts-Option „playouts=18446744073709551615“ erwartet eine ganze Zahl von 1 bis 10000000.",
            "mcts option 'playouts=18446744073709551615' expects a whole number from 1 to 10000000.",
        ),
    ] {
        let out = bin()
            .args([
                "serve",
                "--addr",
                "127.0.0.1:0",
                "--database",
                "sqlite::memory:",
                "--mcts",
                spec,
            ])
            .output()
            .expect("run");
        assert!(!out.status.success(), "{spec} accepted");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(&format!("--mcts: {de} / {en}")), "{spec}: {err}");
        assert!(!err.contains("cmd:"), "{spec}: {err}");
    }
}

/// Runs `spielleiter referee` on these request lines; returns one JSON
/// answer per line of its output.
fn referee(requests: &[&str]) -> Vec<Value> {
    let mut child = bin()
        .arg("referee")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("spawn");
    let input: String = requests.iter().map(|r| format!("{r}\n")).collect();
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("write");
    let out = child.wait_with_output().expect("wait");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("each response is JSON"))
        .collect()
}

#[test]
fn referee_over_pipes_then_replay_the_saved_log() {
    let lines = referee(&[
        r#"{"op":"new","game":"splendor","players":2,"seed":11}"#,
        "this is not json",
        r#"{"op":"legal","seat":0}"#,
        r#"{"op":"log"}"#,
    ]);
    assert_eq!(lines.len(), 4, "one response per request");
    assert!(lines[0]["ok"].is_object());
    assert_eq!(lines[1]["error"]["kind"], "malformed");
    assert!(lines[2]["ok"].as_array().is_some_and(|a| !a.is_empty()));
    let log = &lines[3]["ok"];

    let dir = std::env::temp_dir().join(format!("spielleiter-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let good = dir.join("good.json");
    std::fs::write(&good, log.to_string()).expect("write");
    let out = bin().arg("replay").arg(&good).output().expect("run");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let summary: Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(summary["final_state_checked"], true);

    // Change the recorded final state: the replay must notice.
    let mut tampered = log.clone();
    tampered["final_state"]["turn"] = Value::from(99);
    let bad = dir.join("bad.json");
    std::fs::write(&bad, tampered.to_string()).expect("write");
    let out = bin().arg("replay").arg(&bad).output().expect("run");
    assert!(!out.status.success());
    let _ = std::fs::remove_dir_all(&dir);
}

/// The 5–6 player rule sets through every command a researcher uses: named
/// with `--rules` (from the game registry), six seats in simulate, arena
/// (greedy bots) and bench; a rule set the game lacks is refused by name.
#[test]
fn five_six_players_in_simulate_arena_and_bench() {
    let out = bin().args(["games"]).output().expect("run");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("--rules five_six ") && text.contains("5–6 players"),
        "{text}"
    );

    let out = bin()
        .args(["simulate", "--game", "catan", "--rules", "five_six", "--players", "6"])
        .args(["--games", "20", "--json"])
        .output()
        .expect("run");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!((v["games"].as_u64(), v["players"].as_u64()), (Some(20), Some(6)), "{v}");

    let out = bin()
        .args([
            "arena",
            "--game",
            "catan",
            "--rules",
            "five_six_paired",
            "--games",
            "2",
            "--json",
        ])
        .args([
            "--bot", "greedy", "--bot", "random", "--bot", "greedy", "--bot", "random", "--bot", "greedy",
        ])
        .output()
        .expect("run");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(v["games"].as_u64(), Some(2), "{v}");

    let out = bin()
        .args([
            "bench",
            "--game",
            "catan",
            "--rules",
            "five_six",
            "--players",
            "5",
            "--seconds",
            "0.3",
            "--json",
        ])
        .output()
        .expect("run");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: Value = serde_json::from_slice(&out.stdout).expect("json");
    assert!(v["games_per_sec"].as_f64().unwrap_or(0.0) > 0.0, "{v}");

    // Five players on the base board, and a rule set CATAN does not have.
    let out = bin()
        .args(["simulate", "--game", "catan", "--players", "5", "--games", "1"])
        .output()
        .expect("run");
    assert!(!out.status.success());
    let out = bin()
        .args(["simulate", "--game", "catan", "--rules", "seafarers", "--players", "4"])
        .output()
        .expect("run");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && err.contains("five_six"), "{err}");
}

/// The referee over pipes with six seats on the 30-hex board: a game of the
/// 5–6 player extension, its topology, a bot's move in the set-up, and seven
/// seats refused with the extension's rule in both languages.
#[test]
fn referee_plays_the_five_six_extension() {
    let lines = referee(&[
        r#"{"op":"new","game":"catan","players":6,"seed":3,"options":{"extension":"five_six","start_player":0}}"#,
        r#"{"op":"topology"}"#,
        r#"{"op":"bot","seat":0,"bot":"greedy","play":true,"seed":1}"#,
        r#"{"op":"new","game":"catan","players":7,"seed":3,"options":{"extension":"five_six"}}"#,
    ]);
    assert_eq!(lines.len(), 4, "one response per request: {lines:?}");
    assert_eq!(lines[0]["ok"]["players"], 6, "{}", lines[0]);
    assert_eq!(
        lines[1]["ok"]["hexes"].as_array().map(Vec::len),
        Some(30),
        "the 30-hex board"
    );
    assert!(lines[2]["ok"].is_object(), "the bot moved: {}", lines[2]);
    let e = &lines[3]["error"];
    assert_eq!(e["rule"], "catan56.setup.players", "{}", lines[3]);
    assert!(e["message"]["de"].as_str().is_some_and(|m| !m.is_empty()));
    assert!(e["message"]["en"].as_str().is_some_and(|m| !m.is_empty()));
}
