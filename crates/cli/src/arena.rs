//! `spielleiter arena`: many games between named bots on all cores, with
//! rotating seats, deterministic from a seed; win rates with 95% confidence
//! intervals, mean game length, and JSON/CSV result files. A seat may be an
//! external program (`cmd:<command line>`), which speaks JSON lines (see
//! `docs/bots.md`); a program that answers an illegal action, malformed JSON
//! or nothing in time forfeits the game, recorded with the rule id.
//!
//! With `--players k` fewer than the bots, the games are a round robin over
//! every group of `k` bots; with `--ratings` the report adds each bot's
//! Weng-Lin rating and deviation (the server's rating system, see
//! `docs/ratings.md`), rated game by game in game order.

use bots::tournament::{run, summarize, GameLine, Summary, TournamentOptions};
use bots::{BotGame, BotSpec, Outcome};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde::Serialize;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::Duration;

/// What to play.
#[derive(Clone, Debug)]
pub struct ArenaOptions {
    /// Game id.
    pub game: String,
    /// One bot per seat, e.g. `mcts:playouts=1000`, `greedy`, `cmd:python3 bot.py`.
    pub bots: Vec<String>,
    /// Number of games.
    pub games: u64,
    /// Seed of game 0 (game `i` uses `seed + i`).
    pub seed: u64,
    /// Games played at once.
    pub threads: usize,
    /// Turn cap per game (a simulation setting, not a rule).
    pub max_turns: u32,
    /// Game options as JSON (`null` = defaults).
    pub options: serde_json::Value,
    /// Time budget of an external program per decision.
    pub timeout: Duration,
    /// Show a progress bar (only on a terminal).
    pub progress: bool,
    /// Seats per game for a round robin over groups of that many bots
    /// (`None`: every bot in every game).
    pub players: Option<usize>,
    /// Rate the bots (Weng-Lin) besides their win rates.
    pub ratings: bool,
}

/// The result of an arena: the summary and every game.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// Win rates, confidence intervals, lengths.
    pub summary: Summary,
    /// Every game in order.
    pub games: Vec<GameLine>,
    /// The ratings after every game, best first (with `--ratings`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ratings: Option<Vec<server::rating::Row>>,
}

/// The default time per decision of an arena's external programs, in
/// milliseconds: 5 s for programs (`cmd:`), 120 s when a seat is an MCP
/// agent (`mcp:`), which a language model's decision needs.
pub fn default_timeout_ms(bots: &[String]) -> u64 {
    if bots.iter().any(|b| b.starts_with("mcp:")) {
        120_000
    } else {
        5_000
    }
}

/// Plays the arena.
pub fn arena(opts: &ArenaOptions) -> Result<Report, String> {
    // `mcp:<command>` seats: this program serves them the MCP tools.
    bots::agent::set_server(crate::mcp_arena::serve_agent);
    let specs: Vec<BotSpec> = opts
        .bots
        .iter()
        .map(|b| b.parse::<BotSpec>().map_err(|e| format!("--bot {b}: {e}")))
        .collect::<Result<_, _>>()?;
    let tournament = TournamentOptions {
        games: opts.games,
        seed: opts.seed,
        threads: opts.threads.max(1),
        max_turns: opts.max_turns,
        timeout: opts.timeout,
        players: opts.players,
    };
    let bar = progress_bar(opts.games, opts.progress);
    // Every registered game has bots (`registry::Registered: BotGame`).
    let result =
        registry::with_game!(opts.game.as_str(), registry::Pick::Options(&opts.options), G => play::<G>(opts, &specs, &tournament, &bar)).map_err(|_| {
            format!(
                "no bots for game '{}' (bots play: {})",
                opts.game,
                registry::GAMES.join(", ")
            )
        })?;
    bar.finish_and_clear();
    result
}

fn play<G: BotGame>(
    opts: &ArenaOptions,
    specs: &[BotSpec],
    tournament: &TournamentOptions,
    bar: &ProgressBar,
) -> Result<Report, String> {
    let config: G::Config = if opts.options.is_null() {
        G::Config::default()
    } else {
        serde_json::from_value(opts.options.clone()).map_err(|e| format!("--options: {e}"))?
    };
    let progress = |done: u64| bar.set_position(done);
    let (lines, seconds) = run::<G>(&config, specs, tournament, &progress).map_err(|e| e.to_string())?;
    let summary = summarize(G::ID, &opts.bots, &lines, tournament, seconds);
    let ratings = opts.ratings.then(|| rate(&opts.bots, &lines));
    Ok(Report {
        summary,
        games: lines,
        ratings,
    })
}

/// Rates every game in order: a finished game by its result (winners first,
/// then by score), a forfeit as the forfeiting bot last and the others tied;
/// a game stopped by the turn cap has no ranking and is not rated.
pub fn rate(names: &[String], lines: &[GameLine]) -> Vec<server::rating::Row> {
    let mut table = server::rating::Table::new(names);
    for line in lines {
        let ranks = match &line.record.outcome {
            Outcome::Finished { result } => server::rating::ranks(result, line.seats.len()),
            Outcome::Forfeit { seat, .. } => (0..line.seats.len()).map(|s| usize::from(s == seat.index())).collect(),
            Outcome::Capped => continue,
        };
        table.rate(&line.seats, &ranks);
    }
    table.sorted()
}

fn progress_bar(len: u64, wanted: bool) -> ProgressBar {
    if !wanted || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} games  eta {eta}") {
        bar.set_style(style);
    }
    bar
}

impl Report {
    /// The report as text for a terminal.
    pub fn to_text(&self) -> String {
        let s = &self.summary;
        let mut out = format!(
            "{} · {} games · seed {} · {} threads · {:.1} s\n",
            s.game, s.games, s.seed, s.threads, s.seconds
        );
        out += &format!(
            "mean length: {:.1} decisions, {:.1} turns · capped {} · forfeits {}\n",
            s.mean_decisions, s.mean_turns, s.capped, s.forfeits
        );
        for e in &s.entries {
            out += &format!(
                "  {:<40} {:>6.1}% wins  (95% CI {:.1}–{:.1}%)  {:.1}/{} games{}\n",
                e.bot,
                100.0 * e.win_rate,
                100.0 * e.ci95[0],
                100.0 * e.ci95[1],
                e.wins,
                e.games,
                if e.forfeits > 0 {
                    format!(", {} forfeits", e.forfeits)
                } else {
                    String::new()
                }
            );
        }
        if let Some(ratings) = &self.ratings {
            out += "ratings (Weng-Lin; rating ± deviation):\n";
            for r in ratings {
                out += &format!(
                    "  {:<40} {:>6.2} ± {:<5.2} {} games\n",
                    r.player, r.rating, r.deviation, r.games
                );
            }
        }
        out += &self.forfeit_reasons();
        out
    }

    /// Each forfeit's reason, grouped by bot and rule with a count and the
    /// first message: a timed-out agent reads otherwise like a crashed one.
    fn forfeit_reasons(&self) -> String {
        let mut reasons: Vec<(String, String, String, u64)> = Vec::new();
        for line in &self.games {
            let Outcome::Forfeit { seat, forfeit } = &line.record.outcome else {
                continue;
            };
            let bot = line
                .seats
                .get(seat.index())
                .and_then(|&e| self.summary.entries.get(e))
                .map_or_else(String::new, |e| e.bot.clone());
            match reasons.iter_mut().find(|r| r.0 == bot && r.1 == forfeit.rule) {
                Some(r) => r.3 += 1,
                None => reasons.push((bot, forfeit.rule.clone(), forfeit.message.en.clone(), 1)),
            }
        }
        let mut out = String::new();
        if !reasons.is_empty() {
            out += "forfeits by reason:\n";
        }
        for (bot, rule, message, n) in reasons {
            out += &format!("  {bot}: {rule} ×{n} — {message}\n");
        }
        out
    }

    /// The report as pretty JSON (summary and every game).
    pub fn to_json(&self) -> Result<String, String> {
        serde_json::to_string_pretty(self).map_err(|e| e.to_string())
    }

    /// One CSV line per game: number, seed, the bot of every seat, how it
    /// ended, the winning bots, the forfeit rule id, decisions, turns.
    pub fn to_csv(&self) -> String {
        let names: Vec<&str> = self.summary.entries.iter().map(|e| e.bot.as_str()).collect();
        let seats = names.len();
        let mut out = String::from("game,seed");
        for i in 0..seats {
            out += &format!(",seat{i}");
        }
        out += ",outcome,winners,forfeit_rule,decisions,turns\n";
        for line in &self.games {
            out += &format!("{},{}", line.game, line.seed);
            for &e in &line.seats {
                out += &format!(",{}", csv_field(names.get(e).copied().unwrap_or("?")));
            }
            let (kind, rule) = match &line.record.outcome {
                Outcome::Finished { result } => (result.reason.clone(), String::new()),
                Outcome::Capped => ("capped".to_string(), String::new()),
                Outcome::Forfeit { forfeit, .. } => ("forfeit".to_string(), forfeit.rule.clone()),
            };
            let winners: Vec<&str> = line
                .winning_entries()
                .iter()
                .map(|&e| names.get(e).copied().unwrap_or("?"))
                .collect();
            out += &format!(
                ",{},{},{},{},{}\n",
                csv_field(&kind),
                csv_field(&winners.join(" ")),
                csv_field(&rule),
                line.record.decisions,
                line.record.turns
            );
        }
        out
    }
}

/// A CSV field, quoted when it holds a comma, quote or line break.
pub fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// Where to write result files.
#[derive(Clone, Debug, Default)]
pub struct OutputFiles {
    /// JSON file (summary and every game).
    pub json: Option<PathBuf>,
    /// CSV file (one line per game).
    pub csv: Option<PathBuf>,
}

impl OutputFiles {
    /// Writes the files asked for.
    pub fn write(&self, report: &Report) -> Result<(), String> {
        if let Some(path) = &self.json {
            std::fs::write(path, report.to_json()?).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        }
        if let Some(path) = &self.csv {
            std::fs::write(path, report.to_csv()).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        }
        Ok(())
    }
}
