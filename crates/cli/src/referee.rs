//! `spielleiter referee`: a JSON-lines protocol on stdin/stdout, so programs in
//! any language (bots, UIs, test harnesses) can have a game refereed.
//!
//! One request per line, one response per line: `{"ok": …}` or
//! `{"error": {"kind", "rule", "message": {"de", "en"}}}`. A request may carry
//! an `"id"`, echoed in its response. A malformed line gets an error and the
//! session goes on. `docs/protocol.md` documents every op.

use crate::{registry, seat_bot};
use engine::{ChanceMode, DynMatch, ErrorInfo, Seat, ToAct, Viewer};
use serde::Deserialize;
use serde_json::{json, Value};
use std::io::{BufRead, Write};

/// Longest request line accepted (a whole saved game fits easily).
pub const MAX_LINE: usize = 16 * 1024 * 1024;

/// One referee session: at most one game at a time.
#[derive(Default)]
pub struct Referee {
    current: Option<Box<dyn DynMatch>>,
}

impl std::fmt::Debug for Referee {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Referee")
            .field("game", &self.current.as_ref().map(|m| m.game()))
            .finish()
    }
}

#[derive(Deserialize)]
#[serde(tag = "op", rename_all = "snake_case", deny_unknown_fields)]
enum Request {
    Games,
    New {
        game: String,
        players: usize,
        #[serde(default)]
        seed: u64,
        #[serde(default)]
        options: Value,
        #[serde(default)]
        chance: ChanceMode,
    },
    Load {
        game: String,
        #[serde(default)]
        state: Option<Value>,
        #[serde(default)]
        log: Option<Value>,
        #[serde(default)]
        seed: u64,
        #[serde(default)]
        chance: ChanceMode,
    },
    ToAct,
    Legal {
        seat: u8,
    },
    Act {
        seat: u8,
        action: Value,
        #[serde(default)]
        version: Option<u64>,
    },
    Chance {
        #[serde(default)]
        outcome: Option<Value>,
        #[serde(default)]
        version: Option<u64>,
    },
    Outcomes,
    View {
        #[serde(default)]
        seat: Option<u8>,
    },
    Events {
        #[serde(default)]
        since: u64,
        #[serde(default)]
        seat: Option<u8>,
    },
    State,
    Log,
    Result,
    Topology,
    /// The description of the current match with its places, or (with
    /// `game`) of a game's rule set without a match.
    Describe {
        #[serde(default)]
        game: Option<String>,
        #[serde(default)]
        rules: Option<String>,
    },
    /// Each legal action of `seat` with its chance to win, from the search
    /// in the seat's information set (`crate::analyze`).
    Analyze {
        seat: u8,
        #[serde(default)]
        playouts: Option<u64>,
        #[serde(default)]
        ms: Option<u64>,
        #[serde(default)]
        top: Option<usize>,
        #[serde(default)]
        threads: Option<usize>,
        #[serde(default)]
        seed: u64,
        #[serde(default)]
        version: Option<u64>,
    },
    Bot {
        seat: u8,
        bot: String,
        #[serde(default)]
        play: bool,
        #[serde(default)]
        seed: u64,
        #[serde(default)]
        version: Option<u64>,
    },
}

fn viewer(seat: Option<u8>) -> Viewer {
    match seat {
        Some(s) => Viewer::Seat(Seat(s)),
        None => Viewer::Spectator,
    }
}

fn no_game() -> ErrorInfo {
    ErrorInfo::new(
        "no_game",
        "engine.no_game",
        "Es läuft kein Spiel: zuerst „new“ oder „load“ senden.",
        "No game is running: send 'new' or 'load' first.",
    )
}

fn status(m: &dyn DynMatch) -> Value {
    json!({
        "game": m.game(),
        "players": m.players(),
        "version": m.version(),
        "to_act": m.to_act(),
        "result": m.result(),
    })
}

impl Referee {
    /// Answers one request line with one response line (without the newline).
    pub fn handle_line(&mut self, line: &str) -> String {
        let (id, response) = match serde_json::from_str::<Value>(line) {
            Err(e) => (Value::Null, Err(ErrorInfo::malformed(format!("not JSON: {e}")))),
            Ok(value) => {
                let id = value.get("id").cloned().unwrap_or(Value::Null);
                let mut value = value;
                if let Some(obj) = value.as_object_mut() {
                    obj.remove("id");
                }
                let response = match Request::deserialize(&value) {
                    Ok(req) => self.handle(req),
                    Err(e) => Err(bad_request(&value, e)),
                };
                (id, response)
            }
        };
        let mut out = match response {
            Ok(ok) => json!({ "ok": ok }),
            Err(err) => json!({ "error": err }),
        };
        if !id.is_null() {
            if let Some(obj) = out.as_object_mut() {
                obj.insert("id".into(), id);
            }
        }
        out.to_string()
    }

    fn current(&self) -> Result<&dyn DynMatch, ErrorInfo> {
        self.current.as_deref().ok_or_else(no_game)
    }

    fn current_mut(&mut self) -> Result<&mut Box<dyn DynMatch>, ErrorInfo> {
        self.current.as_mut().ok_or_else(no_game)
    }

    fn handle(&mut self, req: Request) -> Result<Value, ErrorInfo> {
        match req {
            Request::Games => Ok(json!(registry::GAMES)),
            Request::New {
                game,
                players,
                seed,
                options,
                chance,
            } => {
                let m = registry::entry(&game)?.create(&options, players, seed, chance)?;
                let s = status(m.as_ref());
                self.current = Some(m);
                Ok(s)
            }
            Request::Load {
                game,
                state,
                log,
                seed,
                chance,
            } => {
                let entry = registry::entry(&game)?;
                let m = match (state, log) {
                    (Some(state), None) => entry.load(&state, seed, chance)?,
                    (None, Some(log)) => entry.replay_log(&log, chance)?,
                    _ => {
                        return Err(ErrorInfo::malformed(
                            "'load' takes exactly one of 'state' (a position) or 'log' (a saved game)",
                        ))
                    }
                };
                let s = status(m.as_ref());
                self.current = Some(m);
                Ok(s)
            }
            Request::ToAct => Ok(json!(self.current()?.to_act())),
            Request::Legal { seat } => Ok(json!(self.current()?.legal(Seat(seat))?)),
            Request::Act { seat, action, version } => {
                let m = self.current_mut()?;
                let before = m.act(Seat(seat), &action, version)?;
                let events = m.events_since(before, Viewer::Seat(Seat(seat)));
                let mut s = status(m.as_ref());
                s["events"] = json!(events);
                Ok(s)
            }
            Request::Chance { outcome, version } => {
                let m = self.current_mut()?;
                let before = m.chance(outcome.as_ref(), version)?;
                let events = m.events_since(before, Viewer::Spectator);
                let mut s = status(m.as_ref());
                s["events"] = json!(events);
                Ok(s)
            }
            Request::Outcomes => {
                let m = self.current()?;
                if m.to_act() != ToAct::Chance {
                    return Ok(json!([]));
                }
                let list: Vec<Value> = m
                    .chance_outcomes()
                    .into_iter()
                    .map(|(o, p)| json!({ "outcome": o, "p": p }))
                    .collect();
                Ok(json!(list))
            }
            Request::View { seat } => {
                let m = self.current()?;
                check_seat(m, seat)?;
                Ok(m.view(viewer(seat)))
            }
            Request::Events { since, seat } => {
                let m = self.current()?;
                check_seat(m, seat)?;
                Ok(json!(m.events_since(since, viewer(seat))))
            }
            Request::State => Ok(self.current()?.state()),
            Request::Log => Ok(self.current()?.log()),
            Request::Result => Ok(json!(self.current()?.result())),
            Request::Topology => Ok(self.current()?.topology()),
            Request::Describe {
                game: Some(game),
                rules,
            } => Ok(json!(registry::describe(&game, rules.as_deref())?)),
            Request::Describe {
                game: None,
                rules: None,
            } => Ok(engine::describe::with_places(self.current()?)),
            Request::Describe {
                game: None,
                rules: Some(_),
            } => Err(ErrorInfo::malformed(
                "describe: `rules` names a rule set of a `game`; without `game` the current match is described",
            )),
            Request::Bot {
                seat,
                bot,
                play,
                seed,
                version,
            } => self.bot(Seat(seat), &bot, play, seed, version),
            Request::Analyze {
                seat,
                playouts,
                ms,
                top,
                threads,
                seed,
                version,
            } => {
                let req = crate::analyze::Request {
                    playouts,
                    ms,
                    top,
                    threads,
                    seed,
                };
                // The budget is refused before any search or check of the position.
                bots::analysis::budget(playouts, ms).map_err(|e| e.info())?;
                let m = self.current_mut()?;
                check_decision(m.as_ref(), Seat(seat), version)?;
                let legal = m.legal(Seat(seat))?;
                crate::analyze::analyze_json(m.game(), &m.state(), Seat(seat), &legal, req)
            }
        }
    }

    /// The `bot` op: a built-in bot chooses the action of `seat` (and plays it).
    fn bot(&mut self, seat: Seat, bot: &str, play: bool, seed: u64, version: Option<u64>) -> Result<Value, ErrorInfo> {
        let spec = seat_bot::parse_spec(bot).map_err(|e| e.info())?;
        let m = self.current_mut()?;
        check_decision(m.as_ref(), seat, version)?;
        let legal = m.legal(seat)?;
        let state = if seat_bot::spec_needs_state(&spec) {
            m.state()
        } else {
            Value::Null
        };
        let mut rng = <engine::GameRng as engine::rand::SeedableRng>::seed_from_u64(seed);
        let index = seat_bot::choose_json(&spec, m.game(), &state, seat, &legal, &mut rng).map_err(|e| e.info())?;
        let action = legal[index].clone();
        if !play {
            return Ok(json!({ "index": index, "action": action }));
        }
        let before = m.act(seat, &action, None)?;
        let events = m.events_since(before, Viewer::Seat(seat));
        let mut s = status(m.as_ref());
        s["events"] = json!(events);
        s["index"] = json!(index);
        s["action"] = action;
        Ok(s)
    }
}

/// The checks of a request for a seat's decision (`bot`, `analyze`): the seat
/// exists, the game runs, the version is current, the seat is to act.
fn check_decision(m: &dyn DynMatch, seat: Seat, version: Option<u64>) -> Result<(), ErrorInfo> {
    if usize::from(seat.0) >= m.players() {
        return Err(seat_bot::BotError::NoSuchSeat(seat.0).info());
    }
    // A finished game refuses as `game_over` whatever the version (as `act` does).
    if m.to_act() == ToAct::Over {
        return Err(ErrorInfo::new(
            "game_over",
            "engine.game_over",
            "Das Spiel ist beendet.",
            "The game is over.",
        ));
    }
    if let Some(v) = version {
        if v != m.version() {
            return Err(ErrorInfo::new(
                "stale_version",
                "engine.stale_version",
                format!(
                    "Veralteter Stand: Die Anfrage nennt Version {v}, das Spiel ist bei Version {}.",
                    m.version()
                ),
                format!(
                    "Stale version: the request names version {v}, the game is at version {}.",
                    m.version()
                ),
            ));
        }
    }
    match m.to_act() {
        ToAct::Over => Err(ErrorInfo::new(
            "game_over",
            "engine.game_over",
            "Das Spiel ist beendet.",
            "The game is over.",
        )),
        ToAct::Chance => Err(ErrorInfo::new(
            "not_chance_turn",
            "engine.not_chance_turn",
            "Das Spiel wartet gerade auf den Zufall.",
            "The game is waiting for chance.",
        )),
        ToAct::Seats(seats) if !seats.contains(seat) => Err(ErrorInfo::new(
            "not_your_turn",
            "engine.not_your_turn",
            format!("Platz {} ist gerade nicht am Zug.", seat.number()),
            format!("Seat {} is not to act now.", seat.number()),
        )),
        ToAct::Seats(_) => Ok(()),
    }
}

fn check_seat(m: &dyn DynMatch, seat: Option<u8>) -> Result<(), ErrorInfo> {
    match seat {
        Some(s) if usize::from(s) >= m.players() => Err(ErrorInfo::new(
            "no_such_seat",
            "engine.no_such_seat",
            format!("Platz {} gibt es an diesem Tisch nicht.", u16::from(s) + 1),
            format!("Seat {} does not exist at this table.", u16::from(s) + 1),
        )),
        _ => Ok(()),
    }
}

fn bad_request(value: &Value, e: serde_json::Error) -> ErrorInfo {
    match value.get("op").and_then(Value::as_str) {
        None => ErrorInfo::malformed("a request needs an \"op\""),
        Some(op) => {
            let known = [
                "games", "new", "load", "to_act", "legal", "act", "chance", "outcomes", "view", "events", "state",
                "log", "result", "topology", "describe", "bot", "analyze",
            ];
            if known.contains(&op) {
                ErrorInfo::malformed(format!("'{op}': {e}"))
            } else {
                ErrorInfo::new(
                    "unknown_op",
                    "engine.unknown_op",
                    format!("Unbekannte Operation „{op}“."),
                    format!("Unknown op '{op}'."),
                )
            }
        }
    }
}

/// Serves the protocol on stdin/stdout until end of input.
pub fn serve_stdio() -> std::io::Result<()> {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut referee = Referee::default();
    let mut reader = stdin.lock();
    let mut buf = Vec::new();
    loop {
        buf.clear();
        let n = read_line_limited(&mut reader, &mut buf)?;
        if n == 0 {
            break;
        }
        let response = if buf.len() > MAX_LINE {
            json!({ "error": ErrorInfo::malformed(format!("line longer than {MAX_LINE} bytes")) }).to_string()
        } else {
            match std::str::from_utf8(&buf) {
                Ok(line) if line.trim().is_empty() => continue,
                Ok(line) => referee.handle_line(line.trim_end()),
                Err(_) => json!({ "error": ErrorInfo::malformed("the line is not UTF-8") }).to_string(),
            }
        };
        writeln!(out, "{response}")?;
        out.flush()?;
    }
    Ok(())
}

/// Reads one line; bytes past [`MAX_LINE`] are consumed but not kept (the
/// length still tells the caller the line was too long).
fn read_line_limited(reader: &mut impl BufRead, buf: &mut Vec<u8>) -> std::io::Result<usize> {
    let mut total = 0;
    loop {
        let available = reader.fill_buf()?;
        if available.is_empty() {
            return Ok(total);
        }
        let (chunk, done) = match available.iter().position(|&b| b == b'\n') {
            Some(i) => (&available[..i], Some(i + 1)),
            None => (available, None),
        };
        if buf.len() <= MAX_LINE {
            buf.extend_from_slice(chunk);
        }
        let used = done.unwrap_or(available.len());
        total += used;
        reader.consume(used);
        if done.is_some() {
            return Ok(total);
        }
    }
}
