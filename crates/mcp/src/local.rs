//! The in-process backend of `spielleiter mcp`: one game at a time, held in
//! this process, refereed by the engine's [`DynMatch`]. Bots play their seats
//! at once after every step, so the agent's seat is always the one waiting
//! and `wait_for_turn` never has to wait.

use crate::backend::*;
use engine::{ChanceMode, DynMatch};
use engine::{ErrorInfo, GameEntry, GameRng, Seat, ToAct, Viewer};
use serde_json::Value;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// A bot's choice: `(bot name, match, seat, legal actions, rng)` to an index
/// into the legal actions. The CLI plugs in the registry's bots.
pub type Chooser = dyn Fn(&str, &dyn DynMatch, Seat, &[Value], &mut GameRng) -> Result<usize, ErrorInfo> + Send + Sync;

/// An analysis (`analyze`): `(game, full state, seat, its legal actions,
/// budget)` to the analysis JSON of `bots::analysis`. The CLI plugs in the
/// registry's search.
pub type LocalAnalyst = dyn Fn(&str, &Value, Seat, &[Value], AnalysisRequest) -> Result<Value, ErrorInfo> + Send + Sync;

/// Most bot decisions after one agent step: a safety net against a game that
/// would let bots play for ever (every game ends long before).
const MAX_BOT_STEPS: usize = 200_000;

/// The table id of the one local game.
pub const LOCAL_TABLE: &str = "local";

struct Game {
    m: Box<dyn DynMatch>,
    /// Per seat: `None` for the agent, the bot's name otherwise.
    bots: Vec<Option<String>>,
    names: Vec<String>,
    rng: GameRng,
    rules: Option<String>,
}

/// The in-process backend.
pub struct Local {
    entries: Vec<Box<dyn GameEntry>>,
    bots: Vec<String>,
    choose: Arc<Chooser>,
    analyst: Option<Arc<LocalAnalyst>>,
    game: Mutex<Option<Game>>,
}

impl std::fmt::Debug for Local {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Local")
            .field("bots", &self.bots)
            .finish_non_exhaustive()
    }
}

impl Local {
    /// A backend offering `entries` (the registry's games), with `bots`
    /// chosen by `choose`.
    pub fn new(entries: Vec<Box<dyn GameEntry>>, bots: Vec<String>, choose: Arc<Chooser>) -> Local {
        Local {
            entries,
            bots,
            choose,
            analyst: None,
            game: Mutex::new(None),
        }
    }

    /// Offers `analyze` (hints for the agent's own decision) through `analyst`.
    pub fn with_analyst(mut self, analyst: Arc<LocalAnalyst>) -> Local {
        self.analyst = Some(analyst);
        self
    }

    fn with_game<T>(&self, f: impl FnOnce(&mut Game) -> Result<T, ErrorInfo>) -> Result<T, ErrorInfo> {
        let mut g = self.game.lock().unwrap_or_else(|p| p.into_inner());
        match g.as_mut() {
            Some(game) => f(game),
            None => Err(no_game()),
        }
    }

    fn start_now(&self, req: NewTable) -> Result<Started, ErrorInfo> {
        let entry = self
            .entries
            .iter()
            .find(|e| e.id() == req.game)
            .ok_or_else(|| ErrorInfo::malformed(format!("unknown game '{}'", req.game)))?;
        let mut bots = Vec::with_capacity(req.seats.len());
        for s in &req.seats {
            bots.push(match s {
                SeatKind::Agent {} | SeatKind::Human {} => None,
                SeatKind::Bot { bot } => {
                    if !self.bots.iter().any(|b| b == bot) {
                        return Err(unknown_bot(bot, &self.bots));
                    }
                    Some(bot.clone())
                }
            });
        }
        if bots.iter().all(Option::is_some) {
            return Err(ErrorInfo::new(
                "malformed",
                "mcp.no_agent_seat",
                "Mindestens ein Platz muss dir gehören (Art „agent“).",
                "At least one seat must be yours (kind 'agent').",
            ));
        }
        let seed = req.seed.unwrap_or_else(seed_from_clock);
        let m = entry.create(&req.options, req.players, seed, ChanceMode::Seeded)?;
        let names = bots
            .iter()
            .map(|b| b.clone().unwrap_or_else(|| req.name.clone()))
            .collect();
        let rules = entry.rule_set_of(&req.options).map(str::to_owned);
        let mut game = Game {
            m,
            bots,
            names,
            rng: <GameRng as engine::rand::SeedableRng>::seed_from_u64(seed ^ 0x006d_6370),
            rules: rules.clone(),
        };
        self.play_bots(&mut game)?;
        let started = Started {
            table: LOCAL_TABLE.into(),
            game: req.game,
            rules,
            seats: seat_lines(&game),
            your_seats: game
                .bots
                .iter()
                .enumerate()
                .filter(|(_, b)| b.is_none())
                .map(|(i, _)| i as u8)
                .collect(),
        };
        let mut slot = self.game.lock().unwrap_or_else(|p| p.into_inner());
        *slot = Some(game);
        Ok(started)
    }

    /// Lets the bots act while only bot seats are to act (and at least one is).
    fn play_bots(&self, g: &mut Game) -> Result<(), ErrorInfo> {
        for _ in 0..MAX_BOT_STEPS {
            let ToAct::Seats(seats) = g.m.to_act() else {
                return Ok(());
            };
            // A bot that may wait (an offerer while others answer) lets them.
            let Some((seat, bot)) = seats
                .iter()
                .filter(|&s| !g.m.waits(s) || seats.len() == 1)
                .find_map(|s| g.bots.get(s.index()).cloned().flatten().map(|b| (s, b)))
            else {
                return Ok(());
            };
            let legal = g.m.legal(seat)?;
            if legal.is_empty() {
                return Ok(());
            }
            let i = (self.choose)(&bot, g.m.as_ref(), seat, &legal, &mut g.rng).unwrap_or(0);
            let action = legal.get(i).unwrap_or(&legal[0]).clone();
            g.m.act(seat, &action, None)?;
        }
        Ok(())
    }
}

fn seed_from_clock() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0)
}

fn no_game() -> ErrorInfo {
    ErrorInfo::new(
        "no_game",
        "mcp.no_game",
        "Es läuft kein Spiel: zuerst „new_game“ aufrufen.",
        "No game is running: call 'new_game' first.",
    )
}

fn unknown_bot(bot: &str, known: &[String]) -> ErrorInfo {
    let bot: String = bot.chars().take(40).collect();
    ErrorInfo::new(
        "unknown_bot",
        "engine.unknown_bot",
        format!("Unbekannter Bot „{bot}“ (bekannt: {}).", known.join(", ")),
        format!("Unknown bot '{bot}' (known: {}).", known.join(", ")),
    )
}

fn seat_lines(g: &Game) -> Vec<SeatLine> {
    g.bots
        .iter()
        .zip(&g.names)
        .enumerate()
        .map(|(i, (b, n))| SeatLine {
            seat: i as u8,
            kind: if b.is_some() { "bot" } else { "agent" }.into(),
            name: Some(n.clone()),
            autopilot: false,
        })
        .collect()
}

/// The agent seat a call speaks for: the one named, else the only agent seat,
/// else the agent seat to act.
fn agent_seat(g: &Game, asked: Option<u8>) -> Result<Seat, ErrorInfo> {
    let agents: Vec<usize> = (0..g.bots.len()).filter(|&i| g.bots[i].is_none()).collect();
    match asked {
        Some(s) if usize::from(s) >= g.bots.len() => Err(ErrorInfo::new(
            "no_such_seat",
            "engine.no_such_seat",
            format!("Platz {s} gibt es in diesem Spiel nicht (Plätze ab 0)."),
            format!("Seat {s} does not exist in this game (seats count from 0)."),
        )),
        Some(s) if !agents.contains(&usize::from(s)) => Err(ErrorInfo::new(
            "seat_taken",
            "mcp.not_your_seat",
            format!("Platz {s} spielt ein Bot, nicht du."),
            format!("A bot plays seat {s}, not you."),
        )),
        Some(s) => Ok(Seat(s)),
        None => {
            let to_act = match g.m.to_act() {
                ToAct::Seats(s) => agents.iter().copied().find(|&i| s.iter().any(|x| x.index() == i)),
                _ => None,
            };
            let i = to_act.or(agents.first().copied()).unwrap_or(0);
            Ok(Seat(i as u8))
        }
    }
}

impl Backend for Local {
    fn transport(&self) -> Transport {
        Transport::Stdio
    }

    fn games(&self) -> (Vec<GameCard>, Vec<String>) {
        (games_of(self.entries.iter().map(|e| e.as_ref())), self.bots.clone())
    }

    fn start(&self, req: NewTable, _caller: SeatRef) -> BoxFuture<'_, Result<Started, ErrorInfo>> {
        Box::pin(async move { self.start_now(req) })
    }

    fn picture(&self, at: SeatRef) -> BoxFuture<'_, Result<Picture, ErrorInfo>> {
        Box::pin(async move {
            self.with_game(|g| {
                let seat = agent_seat(g, at.seat)?;
                Ok(Picture {
                    game: g.m.game().to_string(),
                    table: LOCAL_TABLE.into(),
                    seat: seat.0,
                    version: g.m.version(),
                    to_act: g.m.to_act(),
                    view: g.m.view(Viewer::Seat(seat)),
                    legal: g.m.legal(seat)?,
                    result: g.m.result(),
                    seats: seat_lines(g),
                    waiting_for_players: false,
                    clock: None,
                    description: Arc::new(description_of(g)),
                    places: Arc::new(g.m.places()),
                })
            })
        })
    }

    fn history(&self, at: SeatRef, from: u64) -> BoxFuture<'_, Result<Vec<Entry>, ErrorInfo>> {
        Box::pin(async move {
            self.with_game(|g| {
                let seat = agent_seat(g, at.seat)?;
                Ok(entries_of(&g.m.history(from, Viewer::Seat(seat))))
            })
        })
    }

    fn tables(&self) -> BoxFuture<'_, Result<Vec<TableLine>, ErrorInfo>> {
        Box::pin(async move {
            self.with_game(|g| {
                Ok(vec![TableLine {
                    table: LOCAL_TABLE.into(),
                    game: g.m.game().to_string(),
                    rules: g.rules.clone(),
                    seats: seat_lines(g),
                    started: true,
                    turn_seconds: None,
                }])
            })
            .or_else(|_| Ok::<_, ErrorInfo>(Vec::new()))
        })
    }

    fn descriptions(&self) -> Vec<Value> {
        crate::backend::describe_rule_sets(self.entries.iter().map(|e| e.as_ref()))
    }

    fn act(&self, at: SeatRef, action: Value, version: u64) -> BoxFuture<'_, Result<Acted, ErrorInfo>> {
        Box::pin(async move {
            self.with_game(|g| {
                let seat = agent_seat(g, at.seat)?;
                let from = g.m.act(seat, &action, Some(version))?;
                // A bot failing later must not hide the accepted action.
                let _ = self.play_bots(g);
                Ok(Acted {
                    from,
                    version: g.m.version(),
                    events: g.m.events_since(from, Viewer::Seat(seat)),
                })
            })
        })
    }

    fn wait(&self, at: SeatRef, _timeout: Duration) -> BoxFuture<'_, Result<(), ErrorInfo>> {
        // Bots have already moved: the agent's seat is to act or the game is over.
        Box::pin(async move { self.with_game(|g| agent_seat(g, at.seat).map(|_| ())) })
    }

    /// A practice game against bots: the agent's own seat, when it is to act.
    /// The search runs off the runtime; the game is not held meanwhile.
    fn analyze(&self, at: SeatRef, req: AnalysisRequest) -> BoxFuture<'_, Result<Value, ErrorInfo>> {
        Box::pin(async move {
            let analyst = self.analyst.clone().ok_or_else(analysis_not_offered)?;
            let (game, state, seat, legal, version) = self.with_game(|g| {
                let seat = agent_seat(g, at.seat)?;
                let legal = g.m.legal(seat)?;
                if legal.is_empty() {
                    return Err(crate::tools::nothing_to_do(&g.m.to_act(), seat.0));
                }
                Ok((g.m.game().to_string(), g.m.state(), seat, legal, g.m.version()))
            })?;
            let mut out = tokio::task::spawn_blocking(move || analyst(&game, &state, seat, &legal, req))
                .await
                .map_err(|e| ErrorInfo::malformed(format!("the analysis failed: {e}")))??;
            out["table"] = Value::from(LOCAL_TABLE);
            out["step"] = Value::from(version);
            Ok(out)
        })
    }
}

/// The games of `entries` as `list_games` shows them.
pub fn games_of<'a>(entries: impl IntoIterator<Item = &'a dyn GameEntry>) -> Vec<GameCard> {
    entries
        .into_iter()
        .map(|e| GameCard {
            id: e.id().to_string(),
            rule_sets: e
                .rule_sets()
                .into_iter()
                .map(|r| RuleSetLine {
                    id: r.id,
                    name_de: r.name.de,
                    name_en: r.name.en,
                    players: r.players,
                    options: r.options,
                })
                .collect(),
        })
        .collect()
}

impl Local {
    /// The rule set of the running game (for tests and listings).
    pub fn rules(&self) -> Option<String> {
        self.with_game(|g| Ok(g.rules.clone())).ok().flatten()
    }
}

/// The description of the running game as JSON, its rule set named.
fn description_of(g: &Game) -> Value {
    let mut d = serde_json::to_value(g.m.description()).unwrap_or(Value::Null);
    if let (Some(obj), Some(r)) = (d.as_object_mut(), &g.rules) {
        obj.insert("rule_set".into(), Value::from(r.clone()));
    }
    d
}

/// A match's history JSON (`[{"v", "events"}]`) as entries.
pub fn entries_of(history: &Value) -> Vec<Entry> {
    history
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|e| {
            Some(Entry {
                v: e.get("v")?.as_u64()?,
                events: e.get("events")?.as_array()?.clone(),
            })
        })
        .collect()
}
