//! The MCP server itself: the tools over any [`Backend`]. One instance per
//! MCP session (HTTP) or per process (stdio); what it must remember across
//! sessions (what each seat last saw) lives in the shared [`Memory`]. The
//! rules resources and the prompt are in [`crate::handler`].
//!
//! Every answer is lean ([`crate::lean`]): its text content is the readable
//! text once, its JSON the structured content.

use crate::args::*;
use crate::backend::{not_here, Backend, Entry, Joined, Picture, SeatKind, SeatRef, Transport};
use crate::labels::{label_action, Lang, Words};
use crate::lean::{Format, Json};
use crate::text::{clock_text, events_text, seats_text, to_act_text, ViewText};
use engine::{ErrorInfo, ToAct};
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::CallToolResult;
use rmcp::service::RequestContext;
use rmcp::{tool, tool_router, RoleServer};
use serde_json::Value;
use std::collections::HashMap;
use std::fmt::Write;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Default wait of `wait_for_turn`.
pub const WAIT_DEFAULT_S: u32 = 30;
/// Longest wait of `wait_for_turn`: below the server's default idle timeout
/// (60 s), which closes a connection that receives nothing for that long, so
/// a wait at the maximum is answered rather than cut.
pub const WAIT_MAX_S: u32 = 50;
/// Most steps an observation lists since the agent last looked (the newest);
/// it says how many earlier ones `history` holds.
pub const MAX_NEW_STEPS: usize = 40;
/// Default and largest page of `history`, in steps.
pub const HISTORY_PAGE: u32 = 30;
/// Largest page of `history`, in steps.
pub const HISTORY_MAX: u32 = 200;
/// Seats remembered; past it the memory starts afresh.
const MAX_REMEMBERED: usize = 4096;

mod observation;
use observation::legal_text;

/// What one seat last saw: the version and each part of the view's text.
#[derive(Debug, Clone, Default)]
struct Seen {
    version: u64,
    parts: HashMap<String, u64>,
}

/// What each seat last observed, shared by the sessions of a server.
#[derive(Debug, Default)]
pub struct Memory {
    seen: Mutex<HashMap<(String, u8), Seen>>,
}

impl Memory {
    fn get(&self, table: &str, seat: u8) -> Option<Seen> {
        let seen = self.seen.lock().unwrap_or_else(|p| p.into_inner());
        seen.get(&(table.to_string(), seat)).cloned()
    }
    /// Forgets a table's seats: a new game at stdio's one table starts afresh.
    fn forget(&self, table: &str) {
        let mut seen = self.seen.lock().unwrap_or_else(|p| p.into_inner());
        seen.retain(|(t, _), _| t != table);
    }
    fn set(&self, table: &str, seat: u8, version: u64, parts: Option<HashMap<String, u64>>) {
        let mut seen = self.seen.lock().unwrap_or_else(|p| p.into_inner());
        let key = (table.to_string(), seat);
        if seen.len() >= MAX_REMEMBERED && !seen.contains_key(&key) {
            seen.clear();
        }
        let e = seen.entry(key).or_default();
        e.version = version;
        if let Some(parts) = parts {
            e.parts = parts;
        }
    }
}

/// The MCP server of spielleiter.
#[derive(Clone)]
pub struct Referee {
    pub(crate) backend: Arc<dyn Backend>,
    memory: Arc<Memory>,
    pub(crate) tool_router: ToolRouter<Self>,
}

impl std::fmt::Debug for Referee {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Referee").finish_non_exhaustive()
    }
}

/// A tool's refusal as a readable `isError` result (see [`crate::lean::refusal`]).
pub fn refusal(e: &ErrorInfo) -> CallToolResult {
    crate::lean::refusal(e, Format::Text)
}

// The tools spell out `Result<Json<T>, CallToolResult>`: rmcp's tool macro
// reads the output schema from a return type written so, not through an alias.

macro_rules! args {
    ($a:expr) => {
        match $a.0 .0 {
            Ok(v) => v,
            Err(e) => return Err(refusal(&e)),
        }
    };
}

macro_rules! tri {
    ($e:expr, $f:expr) => {
        match $e {
            Ok(v) => v,
            Err(e) => return Err(crate::lean::refusal(&e, $f.unwrap_or_default())),
        }
    };
}

// After the macros, which it uses.
mod analysis;

/// The agent's name: given, else the MCP client's name, else `agent`. A
/// given name goes to the backend as it is, however long: the game server
/// checks it like every other name and refuses one too long rather than
/// seat a cut one the agent never chose. Only the client's own name, a
/// default the agent did not type for the seat, is cut to a name's length.
fn agent_name(given: Option<String>, ctx: &RequestContext<RoleServer>) -> String {
    if let Some(name) = given.filter(|n| !n.trim().is_empty()) {
        return name;
    }
    ctx.peer
        .peer_info()
        .map(|i| i.client_info.name.trim().chars().take(40).collect::<String>())
        .filter(|n| !n.is_empty())
        .unwrap_or_else(|| "agent".to_string())
}

/// The caller's address, which the game server puts into the request.
fn peer(ctx: &RequestContext<RoleServer>) -> Option<std::net::IpAddr> {
    ctx.extensions
        .get::<http::request::Parts>()
        .and_then(|p| p.extensions.get::<crate::Peer>())
        .map(|p| p.0)
}

fn your_turn(to_act: &ToAct, seat: u8) -> bool {
    matches!(to_act, ToAct::Seats(s) if s.iter().any(|x| x.index() == usize::from(seat)))
}

/// Whether building is free now (CATAN's set-up: the phase says `setup`).
fn free_building(view: &Value) -> bool {
    let phase = view.get("phase");
    phase.and_then(|p| p.get("phase")).and_then(Value::as_str) == Some("setup")
        || phase.and_then(Value::as_str) == Some("setup")
}

/// The legal actions of a picture with their labels.
fn legal_of(p: &Picture, words: &Words) -> Vec<LegalAction> {
    let free = free_building(&p.view);
    p.legal
        .iter()
        .enumerate()
        .map(|(index, action)| LegalAction {
            index,
            label: label_action(action, words, free),
            action: action.clone(),
        })
        .collect()
}

/// The steps since `since` to show: the newest [`MAX_NEW_STEPS`] and how
/// many earlier ones are left to `history`.
fn newest(mut entries: Vec<Entry>) -> (Vec<Entry>, usize) {
    let earlier = entries.len().saturating_sub(MAX_NEW_STEPS);
    entries.drain(..earlier);
    (entries, earlier)
}

/// The refusal of a `history` cursor past the current version.
fn stale_cursor(from: u64, version: u64) -> ErrorInfo {
    ErrorInfo::new(
        "malformed",
        "mcp.history.cursor",
        format!("Der Zeiger {from} liegt hinter der aktuellen Version {version}; „from“ muss 0 bis {version} sein."),
        format!("The cursor {from} is past the current version {version}; 'from' must be 0 to {version}."),
    )
}

/// The refusal of a `history` page size out of bounds.
fn bad_page(limit: u32) -> ErrorInfo {
    ErrorInfo::new(
        "malformed",
        "mcp.history.range",
        format!("„limit“ {limit} liegt außerhalb von 1 bis {HISTORY_MAX}."),
        format!("'limit' {limit} is outside 1 to {HISTORY_MAX}."),
    )
}

#[tool_router]
impl Referee {
    /// A server over `backend`, remembering what seats saw in `memory`.
    pub fn new(backend: Arc<dyn Backend>, memory: Arc<Memory>) -> Referee {
        Referee {
            backend,
            memory,
            tool_router: Self::tool_router() + Self::analysis_router(),
        }
    }

    #[tool(
        description = "List the games, their rule sets (ids, names, player ranges) and the bots. \
        Spiele, Regelvarianten und Bots auflisten."
    )]
    async fn list_games(&self, a: Parameters<Args<PlainArgs>>) -> Result<Json<GamesOut>, CallToolResult> {
        let a = args!(a);
        let lang = a.lang.unwrap_or_default();
        let (games, bots) = self.backend.games();
        let transport = match self.backend.transport() {
            Transport::Stdio => "stdio",
            Transport::Http => "http",
        };
        let mut t = String::new();
        for g in &games {
            let sets: Vec<String> = g
                .rule_sets
                .iter()
                .map(|r| {
                    let name = lang.pick(&r.name_de, &r.name_en);
                    format!("{} ({name}, {}–{})", r.id, r.players[0], r.players[1])
                })
                .collect();
            let _ = writeln!(t, "{}: {}", g.id, sets.join("; "));
        }
        let _ = writeln!(t, "{}: {}", lang.pick("Bots", "Bots"), bots.join(", "));
        let start = match self.backend.transport() {
            Transport::Stdio => "new_game",
            Transport::Http => "create_table / join_seat",
        };
        let _ = writeln!(t, "{}: {start}", lang.pick("Start", "Start with"));
        let out = GamesOut {
            games,
            bots,
            transport: transport.into(),
        };
        Ok(Json::new(out, t, a.format))
    }

    #[tool(
        description = "Stdio only: start a new game in this process. You play the seats of kind 'agent' \
        (default seat 0), bots the others (default greedy); bots move at once. Replaces a running game. \
        Neues Spiel starten (nur stdio)."
    )]
    async fn new_game(
        &self,
        a: Parameters<Args<NewGameArgs>>,
        ctx: RequestContext<RoleServer>,
    ) -> Result<Json<StartedOut>, CallToolResult> {
        if self.backend.transport() != Transport::Stdio {
            return Err(refusal(&not_here("new_game", self.backend.transport())));
        }
        let a = args!(a);
        self.start(a, ctx).await
    }

    #[tool(
        description = "HTTP only: open a table at the game server. Seats: {kind:'agent'} (you; the first \
        such seat is joined for you and its token returned), {kind:'human'} (open for people or other agents), \
        {kind:'bot',bot:'greedy'}. Spectators watch in the browser. Tisch am Server eröffnen (nur HTTP)."
    )]
    async fn create_table(
        &self,
        a: Parameters<Args<NewGameArgs>>,
        ctx: RequestContext<RoleServer>,
    ) -> Result<Json<StartedOut>, CallToolResult> {
        if self.backend.transport() != Transport::Http {
            return Err(refusal(&not_here("create_table", self.backend.transport())));
        }
        let a = args!(a);
        self.start(a, ctx).await
    }

    #[tool(
        description = "HTTP only: take an open seat at a table as an agent. Answers the seat's token: \
        pass table, seat and token to every later call. Einen offenen Platz einnehmen (nur HTTP)."
    )]
    async fn join_seat(
        &self,
        a: Parameters<Args<JoinArgs>>,
        ctx: RequestContext<RoleServer>,
    ) -> Result<Json<Joined>, CallToolResult> {
        if self.backend.transport() != Transport::Http {
            return Err(refusal(&not_here("join_seat", self.backend.transport())));
        }
        let a = args!(a);
        let name = agent_name(a.name, &ctx);
        let j = tri!(self.backend.join(a.table, a.seat, name, peer(&ctx)).await, a.format);
        let t = format!(
            "Joined table {} as seat {}. Token: {} (pass table, seat and token to every call). Spectators: {}\n",
            j.table, j.seat, j.token, j.watch
        );
        Ok(Json::new(j, t, a.format))
    }

    #[tool(
        description = "The tables open to join or watch: game, rule set, seats (open, human, agent, bot), \
        clock. Stdio: the one game. Die offenen Tische."
    )]
    async fn list_tables(&self, a: Parameters<Args<PlainArgs>>) -> Result<Json<TablesOut>, CallToolResult> {
        let a = args!(a);
        let lang = a.lang.unwrap_or_default();
        let tables = tri!(self.backend.tables().await, a.format);
        let mut t = String::new();
        if tables.is_empty() {
            t.push_str(lang.pick("Keine offenen Tische.\n", "No open tables.\n"));
        }
        for x in &tables {
            let seats: Vec<String> = x
                .seats
                .iter()
                .map(|s| {
                    format!("{} {} {}", s.seat, s.kind, s.name.as_deref().unwrap_or(""))
                        .trim_end()
                        .to_string()
                })
                .collect();
            let clock = x.turn_seconds.map(|s| format!(", {s} s")).unwrap_or_default();
            let state = if x.started {
                lang.pick("läuft", "playing")
            } else {
                lang.pick("wartet", "waiting")
            };
            let _ = writeln!(
                t,
                "{} · {} {} · {state}{clock} · {}",
                x.table,
                x.game,
                x.rules.as_deref().unwrap_or(""),
                seats.join(" | ")
            );
        }
        Ok(Json::new(TablesOut { tables }, t, a.format))
    }

    #[tool(
        description = "Your seat's view as readable text: whose turn, the seats, your whole state, the \
        board by places, what happened since you last looked (with version cursors for `history`). \
        With legal:true also your legal actions (index, label with place and price), so a decision is \
        observe(legal) then act. Die Sicht des eigenen Platzes."
    )]
    async fn observe(
        &self,
        a: Parameters<Args<SeatArgs>>,
        ctx: RequestContext<RoleServer>,
    ) -> Result<Json<ObserveOut>, CallToolResult> {
        let a = args!(a);
        let lang = a.lang.unwrap_or_default();
        let at = seat_ref(a.table, a.seat, a.token, &ctx);
        let p = tri!(self.backend.picture(at.clone()).await, a.format);
        let (out, text) = tri!(self.observation(&p, at, lang, a.legal, false).await, a.format);
        Ok(Json::new(out, text, a.format))
    }

    #[tool(
        description = "Your seat's legal actions, each with an index (for act) and a label that says what it \
        does with the place and the price. Empty when you need not act. (observe with legal:true gives the \
        same with the view.) Die erlaubten Aktionen des eigenen Platzes."
    )]
    async fn legal_actions(
        &self,
        a: Parameters<Args<SeatArgs>>,
        ctx: RequestContext<RoleServer>,
    ) -> Result<Json<LegalOut>, CallToolResult> {
        let a = args!(a);
        let lang = a.lang.unwrap_or_default();
        let at = seat_ref(a.table, a.seat, a.token, &ctx);
        let p = tri!(self.backend.picture(at).await, a.format);
        let words = Words::new(&p.description, &p.places, lang);
        let actions = legal_of(&p, &words);
        let mut t = to_act_text(&p.to_act, p.seat, lang);
        t.push('\n');
        legal_text(&actions, lang, &mut t);
        Ok(Json::new(
            LegalOut {
                version: p.version,
                your_turn: your_turn(&p.to_act, p.seat),
                over: p.to_act == ToAct::Over,
                actions,
            },
            t,
            a.format,
        ))
    }

    #[tool(
        description = "Play an action: by index into the legal actions or by its JSON. Answers what happened \
        (stdio: and the bots' moves that followed) and, when you must act again, your next observation with \
        its legal actions (parts unchanged since you last saw them are not repeated). Eine Aktion spielen."
    )]
    async fn act(
        &self,
        a: Parameters<Args<ActArgs>>,
        ctx: RequestContext<RoleServer>,
    ) -> Result<Json<ActOut>, CallToolResult> {
        let a = args!(a);
        let lang = a.lang.unwrap_or_default();
        let at = seat_ref(a.table, a.seat, a.token, &ctx);
        let p = tri!(self.backend.picture(at.clone()).await, a.format);
        let (action, version) = match (a.index, a.action) {
            (Some(i), None) => match p.legal.get(i) {
                Some(action) => (action.clone(), a.version.unwrap_or(p.version)),
                None if p.legal.is_empty() => return Err(refusal(&nothing_to_do(&p.to_act, p.seat))),
                None => return Err(refusal(&index_out_of_range(i, p.legal.len()))),
            },
            (None, Some(action)) => (action, a.version.unwrap_or(p.version)),
            _ => {
                return Err(refusal(&ErrorInfo::new(
                    "malformed",
                    "mcp.action_choice",
                    "Genau eines von „index“ oder „action“ angeben.",
                    "Give exactly one of 'index' or 'action'.",
                )))
            }
        };
        let done = tri!(self.backend.act(at.clone(), action.clone(), version).await, a.format);
        let after = tri!(self.backend.picture(at.clone()).await, a.format);
        let words = Words::new(&after.description, &after.places, lang);
        let events = tri!(self.backend.history(at.clone(), done.from).await, a.format);
        let mut t = String::new();
        let _ = writeln!(
            t,
            "{} {}",
            lang.pick("Gespielt:", "Played:"),
            label_action(&action, &words, free_building(&p.view))
        );
        let (shown, earlier) = newest(events.clone());
        events_text(&shown, earlier, &words, lang, &mut t);
        let again = your_turn(&after.to_act, after.seat) && !after.legal.is_empty();
        let next = if again && a.observe.unwrap_or(true) {
            let (next, text) = tri!(self.observation(&after, at, lang, true, true).await, a.format);
            t.push_str(&text);
            Some(Box::new(next))
        } else {
            self.memory.set(&after.table, after.seat, after.version, None);
            t.push_str(&to_act_text(&after.to_act, after.seat, lang));
            t.push('\n');
            None
        };
        Ok(Json::new(
            ActOut {
                action,
                from: done.from,
                version: done.version.max(after.version),
                events,
                your_turn: again,
                over: after.to_act == ToAct::Over,
                next,
            },
            t,
            a.format,
        ))
    }

    #[tool(
        description = "Wait until your seat must act, the game is over or the timeout passes (default 30 s, \
        at most 50 s), so you never poll in a loop. Says when your time ran out and a bot played your seat \
        (this call takes it back). Stdio: bots move at once, so it answers at once. \
        Warten, bis der eigene Platz am Zug ist."
    )]
    async fn wait_for_turn(
        &self,
        a: Parameters<Args<WaitArgs>>,
        ctx: RequestContext<RoleServer>,
    ) -> Result<Json<WaitOut>, CallToolResult> {
        let a = args!(a);
        let lang = a.lang.unwrap_or_default();
        let secs = a.timeout_seconds.unwrap_or(WAIT_DEFAULT_S).min(WAIT_MAX_S);
        let at = seat_ref(a.table, a.seat, a.token, &ctx);
        // The first picture takes the seat back from the bot, if the clock
        // had given it away, before waiting.
        let first = tri!(self.backend.picture(at.clone()).await, a.format);
        tri!(
            self.backend
                .wait(at.clone(), Duration::from_secs(u64::from(secs)))
                .await,
            a.format
        );
        let mut p = tri!(self.backend.picture(at).await, a.format);
        if let (Some(c), Some(f)) = (p.clock.as_mut(), first.clock.as_ref()) {
            c.taken_back |= f.taken_back;
        }
        let status = if p.to_act == ToAct::Over {
            "over"
        } else if p.waiting_for_players {
            "waiting_for_players"
        } else if your_turn(&p.to_act, p.seat) && !p.legal.is_empty() {
            "your_turn"
        } else {
            "timeout"
        };
        let mut t = clock_text(p.clock.as_ref(), lang);
        if status == "waiting_for_players" {
            t.push_str(lang.pick(
                "Der Tisch wartet auf Mitspieler.",
                "The table is waiting for players to join.",
            ));
        } else {
            t.push_str(&to_act_text(&p.to_act, p.seat, lang));
        }
        t.push('\n');
        Ok(Json::new(
            WaitOut {
                status: status.into(),
                version: p.version,
                clock: p.clock,
            },
            t,
            a.format,
        ))
    }

    #[tool(
        description = "Your seat's events, a page of steps at a time: from (a version cursor, 0 for the \
        start), limit (1–200, default 30). Each step has its version; `next` is the cursor of the next page. \
        Der Verlauf, seitenweise."
    )]
    async fn history(
        &self,
        a: Parameters<Args<HistoryArgs>>,
        ctx: RequestContext<RoleServer>,
    ) -> Result<Json<HistoryOut>, CallToolResult> {
        let a = args!(a);
        let lang = a.lang.unwrap_or_default();
        let limit = a.limit.unwrap_or(HISTORY_PAGE);
        if limit == 0 || limit > HISTORY_MAX {
            return Err(refusal(&bad_page(limit)));
        }
        let at = seat_ref(a.table, a.seat, a.token, &ctx);
        let p = tri!(self.backend.picture(at.clone()).await, a.format);
        if a.from > p.version {
            return Err(refusal(&stale_cursor(a.from, p.version)));
        }
        let mut entries = tri!(self.backend.history(at, a.from).await, a.format);
        let limit = usize::try_from(limit).unwrap_or(usize::MAX);
        let next = (entries.len() > limit).then(|| entries[limit - 1].v);
        entries.truncate(limit);
        let words = Words::new(&p.description, &p.places, lang);
        let mut t = String::new();
        events_text(&entries, 0, &words, lang, &mut t);
        match next {
            Some(n) => {
                let _ = writeln!(t, "{} from={n}", lang.pick("Weiter mit", "More with"));
            }
            None => {
                let _ = writeln!(t, "{} {}.", lang.pick("Ende; Version", "End; version"), p.version);
            }
        }
        Ok(Json::new(
            HistoryOut {
                entries,
                next,
                version: p.version,
            },
            t,
            a.format,
        ))
    }

    #[tool(
        description = "HTTP: the table's chat from line `from` on (default 0); `next` is the cursor of the \
        next read. Den Tisch-Chat lesen."
    )]
    async fn read_chat(
        &self,
        a: Parameters<Args<ChatArgs>>,
        ctx: RequestContext<RoleServer>,
    ) -> Result<Json<ChatOut>, CallToolResult> {
        let a = args!(a);
        let at = seat_ref(a.table, a.seat, a.token, &ctx);
        let lines = tri!(self.backend.chat(at, a.from).await, a.format);
        let next = lines.last().map_or(a.from, |l| l.idx + 1);
        let mut t = String::new();
        for l in &lines {
            let seat = l.seat.map(|s| format!(" (seat {s})")).unwrap_or_default();
            let _ = writeln!(t, "[{}] {}{seat}: {}", l.idx, l.name, l.text);
        }
        let _ = writeln!(t, "next={next}");
        Ok(Json::new(ChatOut { lines, next }, t, a.format))
    }

    #[tool(
        description = "HTTP: write a line to the table's chat as your seat (1–300 characters; the same \
        rules and rate as the browser's chat). In den Tisch-Chat schreiben."
    )]
    async fn write_chat(
        &self,
        a: Parameters<Args<ChatArgs>>,
        ctx: RequestContext<RoleServer>,
    ) -> Result<Json<ChatOut>, CallToolResult> {
        let a = args!(a);
        let Some(text) = a.text else {
            return Err(refusal(&bad_arguments("'text' is required")));
        };
        let at = seat_ref(a.table, a.seat, a.token, &ctx);
        let line = tri!(self.backend.say(at, text).await, a.format);
        let t = format!("[{}] {}: {}\n", line.idx, line.name, line.text);
        let next = line.idx + 1;
        Ok(Json::new(
            ChatOut {
                lines: vec![line],
                next,
            },
            t,
            a.format,
        ))
    }

    #[tool(
        description = "The rules for players: a rule id as a refusal names it (its rule text, id first), \
        a topic in English or German ('robber', 'Räuber', 'longest road'), or a document name. \
        Regeltext zu einer Regel-Id oder einem Stichwort."
    )]
    async fn rules(&self, a: Parameters<Args<RulesArgs>>) -> Result<Json<RulesOut>, CallToolResult> {
        let a = args!(a);
        let glossary = crate::handler::glossary(self.backend.as_ref());
        let found = tri!(crate::rules::lookup(&a.query, &|q| glossary(q)), a.format);
        let text = found.text.clone();
        Ok(Json::new(
            RulesOut {
                text: found.text,
                rules: found.rules,
                documents: found.documents.into_iter().map(String::from).collect(),
            },
            text,
            a.format,
        ))
    }
}

fn seat_ref(
    table: Option<String>,
    seat: Option<u8>,
    token: Option<String>,
    ctx: &RequestContext<RoleServer>,
) -> SeatRef {
    SeatRef {
        table,
        seat,
        token,
        peer: peer(ctx),
    }
}

fn index_out_of_range(i: usize, n: usize) -> ErrorInfo {
    ErrorInfo::new(
        "malformed",
        "engine.action_index",
        format!(
            "Es gibt keine Aktion Nummer {i}: die Liste hat {n} (0 bis {}).",
            n.saturating_sub(1)
        ),
        format!(
            "There is no action number {i}: the list has {n} (0 to {}).",
            n.saturating_sub(1)
        ),
    )
}

/// The refusal of a call for a seat that has nothing to do: the game is
/// over, or it is not the seat's turn.
pub(crate) fn nothing_to_do(to_act: &ToAct, seat: u8) -> ErrorInfo {
    match to_act {
        ToAct::Over => ErrorInfo::new(
            "game_over",
            "engine.game_over",
            "Das Spiel ist beendet.",
            "The game is over.",
        ),
        _ => ErrorInfo::new(
            "not_your_turn",
            "engine.not_your_turn",
            format!("Platz {seat} ist gerade nicht am Zug."),
            format!("Seat {seat} is not to act now."),
        ),
    }
}

fn clip(s: &str) -> String {
    s.chars().take(60).collect()
}

impl Referee {
    async fn start(&self, a: NewGameArgs, ctx: RequestContext<RoleServer>) -> Result<Json<StartedOut>, CallToolResult> {
        let transport = self.backend.transport();
        let lang = a.lang.unwrap_or_default();
        let format = a.format;
        let (games, _) = self.backend.games();
        let Some(game) = games.iter().find(|g| g.id == a.game) else {
            let known: Vec<&str> = games.iter().map(|g| g.id.as_str()).collect();
            return Err(refusal(&ErrorInfo::new(
                "unknown_game",
                "engine.unknown_game",
                format!("Unbekanntes Spiel „{}“ (bekannt: {}).", clip(&a.game), known.join(", ")),
                format!("Unknown game '{}' (known: {}).", clip(&a.game), known.join(", ")),
            )));
        };
        let rule_set = match &a.rules {
            None => game.rule_sets.first(),
            Some(r) => match game.rule_sets.iter().find(|s| &s.id == r) {
                Some(s) => Some(s),
                None => {
                    let known: Vec<&str> = game.rule_sets.iter().map(|s| s.id.as_str()).collect();
                    return Err(refusal(&ErrorInfo::new(
                        "malformed",
                        "mcp.unknown_rules",
                        format!(
                            "Unbekannte Regelvariante „{}“ (bekannt: {}).",
                            clip(r),
                            known.join(", ")
                        ),
                        format!("Unknown rule set '{}' (known: {}).", clip(r), known.join(", ")),
                    )));
                }
            },
        };
        let mut options = rule_set.map(|r| r.options.clone()).unwrap_or(Value::Null);
        match (a.options, &mut options) {
            (None | Some(Value::Null), _) => {}
            (Some(Value::Object(extra)), Value::Object(base)) => base.extend(extra),
            (Some(extra @ Value::Object(_)), base) => *base = extra,
            (Some(_), _) => {
                return Err(refusal(&bad_arguments("'options' must be a JSON object")));
            }
        }
        let players = a
            .players
            .or(a.seats.as_ref().map(Vec::len))
            .or(rule_set.map(|r| r.players[0]))
            .unwrap_or(2);
        if players == 0 || players > 16 {
            return Err(refusal(&bad_arguments("'players' must be between 1 and 16")));
        }
        let seats = match a.seats {
            Some(s) if s.len() != players => {
                return Err(refusal(&bad_arguments(&format!(
                    "'seats' lists {} seats for {players} players",
                    s.len()
                ))))
            }
            Some(s) => s,
            None => (0..players)
                .map(|i| match (i, transport) {
                    (0, _) => SeatKind::Agent {},
                    (_, Transport::Stdio) => SeatKind::Bot { bot: "greedy".into() },
                    (_, Transport::Http) => SeatKind::Human {},
                })
                .collect(),
        };
        let req = crate::backend::NewTable {
            game: a.game,
            players,
            options,
            seats,
            seed: a.seed,
            name: agent_name(a.name, &ctx),
            turn_seconds: a.turn_seconds,
            agent_turn_seconds: a.agent_turn_seconds,
            rated: a.rated,
        };
        let name = req.name.clone();
        let first_agent = req.seats.iter().position(|s| *s == SeatKind::Agent {});
        let started = tri!(self.backend.start(req, seat_ref(None, None, None, &ctx)).await, format);
        self.memory.forget(&started.table);
        let joined = match (transport, first_agent) {
            (Transport::Http, Some(seat)) => {
                let seat = u8::try_from(seat).unwrap_or(u8::MAX);
                Some(tri!(
                    self.backend.join(started.table.clone(), seat, name, peer(&ctx)).await,
                    format
                ))
            }
            _ => None,
        };
        let mut t = format!(
            "{} {}{} · {} {} · {} {:?}\n",
            lang.pick("Gestartet:", "Started"),
            started.game,
            started.rules.as_deref().map(|r| format!(" ({r})")).unwrap_or_default(),
            lang.pick("Tisch", "table"),
            started.table,
            lang.pick("deine Plätze", "your seats"),
            started.your_seats
        );
        t.push_str(&seats_text(
            &started.seats,
            started.your_seats.first().copied().unwrap_or(0),
            lang,
        ));
        if let Some(j) = &joined {
            let _ = writeln!(
                t,
                "Seat {} joined. Token: {} (pass table, seat and token to every call). Spectators: {}",
                j.seat, j.token, j.watch
            );
        }
        t.push_str(lang.pick(
            "Weiter: observe mit legal:true, dann act.\n",
            "Next: observe with legal:true, then act.\n",
        ));
        Ok(Json::new(StartedOut { started, joined }, t, format))
    }
}
