//! A seat played by another program: the arena speaks JSON lines with it.
//!
//! For every decision the program gets one line
//! `{"op":"choose","game":…,"seat":…,"view":…,"legal":[…],"version":…}`
//! (`view` is exactly what [`Game::view`] shows that seat) and answers one
//! line, `{"action": <one of legal>}` or `{"index": i}`, within its time
//! budget. At the end it gets `{"op":"over","seat":…,"result":…}` and its
//! input is closed. An illegal action, malformed JSON or no answer in time
//! is a [`Forfeit`] with the rule id. The protocol is documented in
//! `docs/bots.md`.

use crate::bot::{Bot, Forfeit};
use engine::{Game, GameRng, Seat, Viewer};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::Duration;

/// Longest answer line read from a program (longer lines are malformed).
const MAX_LINE: usize = 1 << 20;

/// How an external program is run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExternalOptions {
    /// The command line, run by the system shell (`sh -c`).
    pub command: String,
    /// Time budget per decision.
    pub timeout: Duration,
}

/// A running external program in one seat, for one game.
#[derive(Debug)]
pub struct ExternalBot {
    options: ExternalOptions,
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    requests: u64,
}

impl ExternalBot {
    /// Starts the program.
    pub fn spawn(options: ExternalOptions) -> std::io::Result<ExternalBot> {
        let mut child = shell(&options.command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()?;
        let stdin = child.stdin.take();
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| std::io::Error::other("the program has no standard output"))?;
        let (tx, rx) = std::sync::mpsc::channel();
        // A reader thread turns the blocking pipe into a channel with a timeout.
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                let mut line = String::new();
                match (&mut reader).take(MAX_LINE as u64).read_line(&mut line) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        if tx.send(line).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        Ok(ExternalBot {
            options,
            child,
            stdin,
            lines: rx,
            requests: 0,
        })
    }

    fn send(&mut self, message: &Value) -> std::io::Result<()> {
        let stdin = self
            .stdin
            .as_mut()
            .ok_or_else(|| std::io::Error::other("input already closed"))?;
        let mut text = message.to_string();
        text.push('\n');
        stdin.write_all(text.as_bytes())?;
        stdin.flush()
    }

    fn ask<G: Game>(&mut self, state: &G::State, seat: Seat, legal: &[G::Action]) -> Result<usize, Forfeit> {
        self.requests += 1;
        let request = json!({
            "op": "choose",
            "game": G::ID,
            "seat": seat.0,
            "view": G::view(state, Viewer::Seat(seat)),
            "legal": legal,
            "version": self.requests,
        });
        if self.send(&request).is_err() {
            return Err(crashed());
        }
        let line = match self.lines.recv_timeout(self.options.timeout) {
            Ok(line) => line,
            Err(RecvTimeoutError::Timeout) => {
                let ms = self.options.timeout.as_millis();
                return Err(Forfeit::new(
                    "arena.timeout",
                    format!("Keine Antwort innerhalb von {ms} ms."),
                    format!("no answer within {ms} ms"),
                ));
            }
            Err(RecvTimeoutError::Disconnected) => return Err(crashed()),
        };
        parse_answer::<G>(&line, state, seat, legal)
    }
}

/// Reads an answer line: `{"index": i}` or `{"action": …}` naming a legal action.
pub fn parse_answer<G: Game>(line: &str, state: &G::State, seat: Seat, legal: &[G::Action]) -> Result<usize, Forfeit> {
    let value: Value = serde_json::from_str(line.trim()).map_err(|e| malformed(format!("not JSON: {e}")))?;
    if let Some(i) = value.get("index") {
        return match i.as_u64() {
            Some(i) if (i as usize) < legal.len() => Ok(i as usize),
            _ => Err(malformed(format!(
                "\"index\" must be 0–{}, got {i}",
                legal.len().saturating_sub(1)
            ))),
        };
    }
    let Some(action) = value.get("action") else {
        return Err(malformed("an answer needs \"action\" or \"index\"".to_string()));
    };
    let action: G::Action =
        serde_json::from_value(action.clone()).map_err(|e| malformed(format!("not an action of {}: {e}", G::ID)))?;
    if let Some(i) = legal.iter().position(|a| *a == action) {
        return Ok(i);
    }
    Err(match G::check(state, seat, &action) {
        Err(rejection) => Forfeit {
            rule: rejection.rule_id().to_string(),
            message: rejection.message(),
        },
        Ok(()) => Forfeit::new(
            "arena.not_offered",
            "Die Aktion ist legal, wurde dem Bot aber nicht angeboten.",
            "the action is legal but was not among those offered",
        ),
    })
}

fn malformed(detail: String) -> Forfeit {
    Forfeit::new(
        "engine.malformed",
        format!("Ungültige Antwort: {detail}"),
        format!("malformed answer: {detail}"),
    )
}

fn crashed() -> Forfeit {
    Forfeit::new(
        "arena.crashed",
        "Das Programm hat beendet oder seine Ein-/Ausgabe geschlossen.",
        "the program exited or closed its input/output",
    )
}

#[cfg(unix)]
fn shell(command: &str) -> Command {
    let mut c = Command::new("sh");
    c.arg("-c").arg(command);
    c
}

#[cfg(not(unix))]
fn shell(command: &str) -> Command {
    let mut c = Command::new("cmd");
    c.arg("/C").arg(command);
    c
}

impl<G: Game> Bot<G> for ExternalBot {
    fn name(&self) -> String {
        format!("cmd:{}", self.options.command)
    }

    fn choose(
        &mut self,
        state: &G::State,
        seat: Seat,
        legal: &[G::Action],
        _rng: &mut GameRng,
    ) -> Result<usize, Forfeit> {
        self.ask::<G>(state, seat, legal)
    }

    fn game_over(&mut self, state: &G::State, seat: Seat) {
        let message = json!({ "op": "over", "seat": seat.0, "result": G::result(state) });
        // The program may already be gone (it forfeited): nothing to tell then.
        let _ = self.send(&message);
        self.stdin = None;
    }
}

impl Drop for ExternalBot {
    fn drop(&mut self) {
        self.stdin = None;
        // Give a well-behaved program a moment to exit on end of input, then stop it.
        for _ in 0..20 {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
