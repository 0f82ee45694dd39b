//! `mcp:<command>` in the arena: the agent program is started with the MCP
//! tools served on its standard input and output, for the one seat the
//! arena gives it (`bots::agent`). The game is the arena's: `new_game`
//! answers with it, `observe` and `legal_actions` show the pending decision,
//! `act` answers it, and `wait_for_turn` returns when the arena asks.

use bots::agent::{AgentSeat, AnswerError};
use engine::{ErrorInfo, SeatSet, ToAct};
use mcp::backend::{Acted, BoxFuture, Entry, GameCard, NewTable, Picture, SeatLine, SeatRef, Started};
use mcp::{Backend, Transport};
use serde_json::Value;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The arena's table id, as the tools name it.
const TABLE: &str = "arena";

/// The tools' view of one arena seat.
struct ArenaSeat(Arc<AgentSeat>);

impl ArenaSeat {
    fn picture_now(&self) -> Picture {
        // Any call is the agent's sign of life: its decisions are timed from now.
        self.0.ready();
        let d = self.0.snapshot();
        let to_act = if d.result.is_some() {
            ToAct::Over
        } else if d.pending {
            ToAct::Seats(SeatSet::single(engine::Seat(d.seat)))
        } else {
            ToAct::Seats(SeatSet::EMPTY)
        };
        Picture {
            game: d.game,
            table: TABLE.into(),
            seat: d.seat,
            version: d.version,
            to_act,
            view: d.view,
            legal: d.legal,
            result: d.result,
            seats: vec![SeatLine {
                seat: d.seat,
                kind: "agent".into(),
                name: None,
                autopilot: false,
            }],
            waiting_for_players: false,
            clock: None,
            description: d.description,
            places: d.places,
        }
    }
}

impl Backend for ArenaSeat {
    fn transport(&self) -> Transport {
        Transport::Stdio
    }

    fn games(&self) -> (Vec<GameCard>, Vec<String>) {
        (Vec::new(), Vec::new())
    }

    /// The arena runs the game: a `new_game` gets the game already under way.
    fn start(&self, _req: NewTable, _caller: SeatRef) -> BoxFuture<'_, Result<Started, ErrorInfo>> {
        Box::pin(async move {
            let p = self.picture_now();
            Ok(Started {
                table: TABLE.into(),
                game: p.game,
                rules: None,
                seats: p.seats,
                your_seats: vec![p.seat],
            })
        })
    }

    fn picture(&self, _at: SeatRef) -> BoxFuture<'_, Result<Picture, ErrorInfo>> {
        Box::pin(async move { Ok(self.picture_now()) })
    }

    fn history(&self, _at: SeatRef, _from: u64) -> BoxFuture<'_, Result<Vec<Entry>, ErrorInfo>> {
        Box::pin(async { Ok(Vec::new()) })
    }

    fn act(&self, _at: SeatRef, action: Value, version: u64) -> BoxFuture<'_, Result<Acted, ErrorInfo>> {
        Box::pin(async move {
            let d = self.0.snapshot();
            let index = d.legal.iter().position(|a| *a == action);
            let answered = match index {
                Some(i) => self.0.answer(i, version),
                None if d.pending => Err(AnswerError::OutOfRange),
                None => Err(AnswerError::NotYourTurn),
            };
            match answered {
                Ok(()) => Ok(Acted {
                    from: version,
                    version: version + 1,
                    events: Vec::new(),
                }),
                Err(AnswerError::NotYourTurn) => Err(ErrorInfo::new(
                    "rule",
                    "engine.not_your_turn",
                    "Du bist nicht am Zug.",
                    "It is not your turn.",
                )),
                Err(AnswerError::Stale) => Err(ErrorInfo::new(
                    "stale",
                    "engine.stale_version",
                    format!(
                        "Die Aktion wurde bei Version {version} gewählt, die Partie steht bei {}.",
                        d.version
                    ),
                    format!(
                        "The action was chosen at version {version}; the game is at {}.",
                        d.version
                    ),
                )),
                Err(AnswerError::OutOfRange) => Err(ErrorInfo::new(
                    "rule",
                    "engine.illegal_action",
                    "Diese Aktion ist jetzt nicht erlaubt (siehe legal_actions).",
                    "This action is not legal now (see legal_actions).",
                )),
            }
        })
    }

    fn wait(&self, _at: SeatRef, timeout: Duration) -> BoxFuture<'_, Result<(), ErrorInfo>> {
        Box::pin(async move {
            self.0.ready();
            let until = Instant::now() + timeout;
            loop {
                let d = self.0.snapshot();
                if d.pending || d.result.is_some() || Instant::now() >= until {
                    return Ok(());
                }
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
        })
    }
}

/// Ends an agent's session when its game is done: the agent gets a moment to
/// see the end, then the program is stopped.
struct Session {
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Drop for Session {
    fn drop(&mut self) {
        let Some(thread) = self.thread.take() else { return };
        let grace = Instant::now() + Duration::from_secs(2);
        while !thread.is_finished() && Instant::now() < grace {
            std::thread::sleep(Duration::from_millis(10));
        }
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        let _ = thread.join();
    }
}

/// Starts `command` (by the system shell) with the tools for `seat` on its
/// standard input and output ([`bots::agent::Serve`]).
pub fn serve_agent(command: &str, seat: Arc<AgentSeat>) -> std::io::Result<Box<dyn Send>> {
    let command = command.to_string();
    let (ready, started) = std::sync::mpsc::channel::<std::io::Result<()>>();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let thread = std::thread::spawn(move || {
        let runtime = match tokio::runtime::Builder::new_current_thread().enable_all().build() {
            Ok(r) => r,
            Err(e) => {
                let _ = ready.send(Err(e));
                return;
            }
        };
        runtime.block_on(async move {
            let child = tokio::process::Command::new("sh")
                .arg("-c")
                .arg(&command)
                .stdin(std::process::Stdio::piped())
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::inherit())
                .kill_on_drop(true)
                .spawn();
            let mut child = match child {
                Ok(c) => c,
                Err(e) => {
                    let _ = ready.send(Err(e));
                    return;
                }
            };
            let (Some(out), Some(input)) = (child.stdout.take(), child.stdin.take()) else {
                let _ = ready.send(Err(std::io::Error::other("the agent has no standard input or output")));
                return;
            };
            let _ = ready.send(Ok(()));
            let backend: Arc<dyn Backend> = Arc::new(ArenaSeat(Arc::clone(&seat)));
            tokio::select! {
                _ = mcp::serve_io(backend, out, input) => {}
                _ = stopped => {}
            }
            seat.close();
            // `kill_on_drop`: a program still running is stopped here.
            drop(child);
        });
    });
    started
        .recv()
        .map_err(|_| std::io::Error::other("the agent's session did not start"))??;
    Ok(Box::new(Session {
        stop: Some(stop),
        thread: Some(thread),
    }))
}
