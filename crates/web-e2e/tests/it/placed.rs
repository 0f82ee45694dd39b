//! Positions of real games placed at a table of the test server: a game is
//! searched with the referee itself (the registry's `DynMatch`, the code the
//! server runs, seeded as the server seeds a table), and the moves that reach
//! the position are then played at a table of human seats created with the
//! same seed, through the HTTP API. The browser joins a seat of that table and
//! sees the position as a player would, with the server's own history behind
//! it (which a view copied into the page would not have).

use engine::{ChanceMode, DynMatch, Seat, ToAct};
use serde_json::{json, Value};
use web_e2e::TestServer;

/// One seat's move, with the version it was chosen at.
pub struct Move {
    pub seat: u8,
    pub action: Value,
    pub version: u64,
}

/// A small deterministic generator for the search's choices (xorshift).
pub struct Pick(u64);

impl Pick {
    pub fn new(seed: u64) -> Pick {
        Pick(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// A number below `n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }
}

/// A game of `game` with `options` at `players` seats, seeded with `seed` as
/// the server seeds a chosen-seed table.
pub fn start(game: &str, options: &Value, players: usize, seed: u64) -> Box<dyn DynMatch> {
    let entry = spielleiter_cli::registry::entry(game).expect("a listed game");
    entry
        .create(options, players, seed, ChanceMode::Seeded)
        .unwrap_or_else(|e| panic!("{game} starts: {e:?}"))
}

/// Plays `m` with `policy` (the seat to act and its legal actions → one of
/// them) until `done` holds, at most `max` moves; the moves, or `None` when the
/// game ended or ran out of moves first.
pub fn search(
    m: &mut dyn DynMatch,
    max: usize,
    mut policy: impl FnMut(&dyn DynMatch, Seat, &[Value]) -> Value,
    mut done: impl FnMut(&dyn DynMatch, &[Move]) -> bool,
) -> Option<Vec<Move>> {
    let mut moves = Vec::new();
    for _ in 0..max {
        if done(m, &moves) {
            return Some(moves);
        }
        let ToAct::Seats(seats) = m.to_act() else { return None };
        let seat = seats.first()?;
        let legal = m.legal(seat).ok()?;
        if legal.is_empty() {
            return None;
        }
        let action = policy(m, seat, &legal);
        let version = m.version();
        m.act(seat, &action, Some(version)).expect("a legal action");
        moves.push(Move {
            seat: seat.0,
            action,
            version,
        });
    }
    None
}

/// A table of the server in the searched position: its id and each seat's secret and play link.
pub struct Placed {
    pub id: String,
    pub secrets: Vec<String>,
    pub links: Vec<String>,
}

impl Placed {
    /// The path of seat `seat`'s play link (for `Browser::goto`).
    pub fn path(&self, seat: usize) -> String {
        let link = &self.links[seat];
        link.find("/play/").map(|i| link[i..].to_string()).expect("a play link")
    }

    /// Seat `seat` acts through the HTTP API: whether it was accepted, and the answer.
    pub async fn act(&self, server: &TestServer, seat: u8, action: &Value, version: u64) -> (bool, Value) {
        let r = reqwest::Client::new()
            .post(format!("{}/api/tables/{}/act", server.url, self.id))
            .header("x-seat-secret", &self.secrets[usize::from(seat)])
            .json(&json!({"seat": seat, "action": action, "version": version}))
            .send()
            .await
            .expect("act");
        let ok = r.status().is_success();
        (ok, r.json().await.unwrap_or(Value::Null))
    }
}

/// Creates a table of human seats with `seed`, takes every seat and plays `moves` there.
pub async fn place(
    server: &TestServer,
    game: &str,
    options: &Value,
    players: usize,
    seed: u64,
    moves: &[Move],
) -> Placed {
    let http = reqwest::Client::new();
    let created: Value = http
        .post(format!("{}/api/tables", server.url))
        .json(&json!({"game": game, "players": players, "options": options, "seed": seed}))
        .send()
        .await
        .expect("create")
        .json()
        .await
        .expect("JSON");
    let id = created["id"]
        .as_str()
        .unwrap_or_else(|| panic!("a table: {created}"))
        .to_string();
    let names = ["Anna", "Ben", "Cleo", "Dana", "Emil", "Fritz"];
    let mut secrets = Vec::new();
    let mut links = Vec::new();
    for (seat, name) in names.iter().enumerate().take(players) {
        let joined: Value = http
            .post(format!("{}/api/tables/{id}/seats/{seat}/join", server.url))
            .json(&json!({"name": name}))
            .send()
            .await
            .expect("join")
            .json()
            .await
            .expect("JSON");
        secrets.push(joined["secret"].as_str().expect("a secret").to_string());
        links.push(joined["link"].as_str().expect("a link").to_string());
    }
    let placed = Placed { id, secrets, links };
    for mv in moves {
        let (ok, answer) = placed.act(server, mv.seat, &mv.action, mv.version).await;
        assert!(
            ok,
            "the server plays the searched move {} of seat {} at version {}: {answer}",
            mv.action, mv.seat, mv.version
        );
    }
    placed
}

/// A policy that prefers the first legal action whose type is earliest in
/// `order`, else a random legal one that is not in `avoid`, else any.
pub fn prefer(legal: &[Value], order: &[&str], avoid: &[&str], pick: &mut Pick) -> Value {
    for t in order {
        let of: Vec<&Value> = legal.iter().filter(|a| a["type"] == *t).collect();
        if !of.is_empty() {
            return of[pick.below(of.len())].clone();
        }
    }
    let rest: Vec<&Value> = legal
        .iter()
        .filter(|a| !avoid.contains(&a["type"].as_str().unwrap_or_default()))
        .collect();
    if rest.is_empty() {
        legal[pick.below(legal.len())].clone()
    } else {
        rest[pick.below(rest.len())].clone()
    }
}
