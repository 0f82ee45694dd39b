//! The MCP server itself: the tools, the rules as resources and the prompt
//! that teaches the protocol, over any [`Backend`]. One instance per MCP
//! session (HTTP) or per process (stdio); what it must remember across
//! sessions (the version each seat last saw) lives in the shared [`Memory`].

use crate::args::*;
use crate::backend::{not_here, Backend, Joined, NewTable, SeatKind, SeatRef, Transport};
use crate::labels::{label, label_at};
use crate::rules;
use crate::text::{observe_text, to_act_text};
use engine::{ErrorInfo, ToAct};
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::{Json, Parameters};
use rmcp::model::*;
use rmcp::service::RequestContext;
use rmcp::{tool, tool_handler, tool_router, ErrorData, RoleServer, ServerHandler};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Default wait of `wait_for_turn`.
pub const WAIT_DEFAULT_S: u32 = 30;
/// Longest wait of `wait_for_turn`: below the server's default idle timeout
/// (60 s), which closes a connection that receives nothing for that long, so
/// a wait at the maximum is answered rather than cut.
pub const WAIT_MAX_S: u32 = 50;
/// Most events an answer lists (the newest).
pub const MAX_EVENTS: usize = 50;
/// Seats whose last seen version is remembered; past it the memory starts afresh.
const MAX_REMEMBERED: usize = 4096;

/// The version each seat last observed, shared by the sessions of a server.
#[derive(Debug, Default)]
pub struct Memory {
    seen: Mutex<HashMap<(String, u8), u64>>,
}

impl Memory {
    fn get(&self, table: &str, seat: u8) -> Option<u64> {
        let seen = self.seen.lock().unwrap_or_else(|p| p.into_inner());
        seen.get(&(table.to_string(), seat)).copied()
    }
    /// Forgets a table's seats: a new game at stdio's one table starts afresh.
    fn forget(&self, table: &str) {
        let mut seen = self.seen.lock().unwrap_or_else(|p| p.into_inner());
        seen.retain(|(t, _), _| t != table);
    }
    fn set(&self, table: &str, seat: u8, version: u64) {
        let mut seen = self.seen.lock().unwrap_or_else(|p| p.into_inner());
        if seen.len() >= MAX_REMEMBERED && !seen.contains_key(&(table.to_string(), seat)) {
            seen.clear();
        }
        seen.insert((table.to_string(), seat), version);
    }
}

/// The MCP server of spielleiter.
#[derive(Clone)]
pub struct Referee {
    backend: Arc<dyn Backend>,
    memory: Arc<Memory>,
    tool_router: ToolRouter<Self>,
}

impl std::fmt::Debug for Referee {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Referee").finish_non_exhaustive()
    }
}

/// A tool's refusal: an `isError` result carrying the error in the shape of
/// every spielleiter refusal, `{"error": {kind, rule, message: {de, en}}}`.
pub fn refusal(e: &ErrorInfo) -> CallToolResult {
    CallToolResult::structured_error(json!({ "error": e }))
}

type Answer<T> = Result<Json<T>, CallToolResult>;

fn fail<T>(e: ErrorInfo) -> Result<Json<T>, CallToolResult> {
    Err(refusal(&e))
}

macro_rules! args {
    ($a:expr) => {
        match $a.0 .0 {
            Ok(v) => v,
            Err(e) => return fail(e),
        }
    };
}

macro_rules! tri {
    ($e:expr) => {
        match $e {
            Ok(v) => v,
            Err(e) => return fail(e),
        }
    };
}

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

fn newest(mut events: Vec<Value>) -> Vec<Value> {
    if events.len() > MAX_EVENTS {
        events.drain(..events.len() - MAX_EVENTS);
    }
    events
}

#[tool_router]
impl Referee {
    /// A server over `backend`, remembering what seats saw in `memory`.
    pub fn new(backend: Arc<dyn Backend>, memory: Arc<Memory>) -> Referee {
        Referee {
            backend,
            memory,
            tool_router: Self::tool_router(),
        }
    }

    #[tool(
        description = "List the games, their rule sets (ids, names, player ranges, options) and the bots. \
        Spiele, Regelvarianten und Bots auflisten."
    )]
    async fn list_games(&self) -> Json<GamesOut> {
        let (games, bots) = self.backend.games();
        let transport = match self.backend.transport() {
            Transport::Stdio => "stdio",
            Transport::Http => "http",
        };
        Json(GamesOut {
            games,
            bots,
            transport: transport.into(),
        })
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
            return fail(not_here("new_game", self.backend.transport()));
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
            return fail(not_here("create_table", self.backend.transport()));
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
            return fail(not_here("join_seat", self.backend.transport()));
        }
        let a = args!(a);
        let name = agent_name(a.name, &ctx);
        let joined = tri!(self.backend.join(a.table, a.seat, name, peer(&ctx)).await);
        Ok(Json(joined))
    }

    #[tool(
        description = "Your seat's view: a compact readable text (board summary, hands, whose turn, \
        what changed since your last call) and the view's JSON. Die Sicht des eigenen Platzes."
    )]
    async fn observe(
        &self,
        a: Parameters<Args<SeatArgs>>,
        ctx: RequestContext<RoleServer>,
    ) -> Result<Json<ObserveOut>, CallToolResult> {
        let a = args!(a);
        let lang = a.lang.unwrap_or_default();
        let at = seat_ref(a.table, a.seat, a.token, &ctx);
        let p = tri!(self.backend.picture(at.clone()).await);
        let since = self.memory.get(&p.table, p.seat);
        let changed = match since {
            Some(v) if v < p.version => newest(tri!(self.backend.events(at, v, MAX_EVENTS).await)),
            _ => Vec::new(),
        };
        self.memory.set(&p.table, p.seat, p.version);
        let text = observe_text(&p, &changed, since, lang);
        Ok(Json(ObserveOut {
            text,
            your_turn: your_turn(&p.to_act, p.seat),
            over: p.to_act == ToAct::Over,
            legal_count: p.legal.len(),
            game: p.game,
            table: p.table,
            seat: p.seat,
            version: p.version,
            to_act: p.to_act,
            result: p.result,
            seats: p.seats,
            view: p.view,
            new_events: changed,
        }))
    }

    #[tool(
        description = "Your seat's legal actions, each with an index (for act), a short label and its JSON. \
        Empty when you need not act. Die erlaubten Aktionen des eigenen Platzes."
    )]
    async fn legal_actions(
        &self,
        a: Parameters<Args<SeatArgs>>,
        ctx: RequestContext<RoleServer>,
    ) -> Result<Json<LegalOut>, CallToolResult> {
        let a = args!(a);
        let lang = a.lang.unwrap_or_default();
        let at = seat_ref(a.table, a.seat, a.token, &ctx);
        let p = tri!(self.backend.picture(at).await);
        let setup = p.view.pointer("/phase/phase").and_then(Value::as_str) == Some("setup");
        let actions = p
            .legal
            .iter()
            .enumerate()
            .map(|(index, action)| LegalAction {
                index,
                label: label_at(&p.game, action, lang, setup),
                action: action.clone(),
            })
            .collect();
        Ok(Json(LegalOut {
            version: p.version,
            your_turn: your_turn(&p.to_act, p.seat),
            over: p.to_act == ToAct::Over,
            actions,
        }))
    }

    #[tool(
        description = "Play an action: by index into legal_actions or by its JSON. Answers the events it \
        caused (stdio: and the bots' moves that followed) and whether you act again. Eine Aktion spielen."
    )]
    async fn act(
        &self,
        a: Parameters<Args<ActArgs>>,
        ctx: RequestContext<RoleServer>,
    ) -> Result<Json<ActOut>, CallToolResult> {
        let a = args!(a);
        let lang = a.lang.unwrap_or_default();
        let at = seat_ref(a.table, a.seat, a.token, &ctx);
        let p = tri!(self.backend.picture(at.clone()).await);
        let (action, version) = match (a.index, a.action) {
            (Some(i), None) => match p.legal.get(i) {
                Some(action) => (action.clone(), a.version.unwrap_or(p.version)),
                None if p.legal.is_empty() => return fail(nothing_to_do(&p.to_act, p.seat)),
                None => return fail(index_out_of_range(i, p.legal.len())),
            },
            (None, Some(action)) => (action, a.version.unwrap_or(p.version)),
            _ => {
                return fail(ErrorInfo::new(
                    "malformed",
                    "mcp.action_choice",
                    "Genau eines von „index“ oder „action“ angeben.",
                    "Give exactly one of 'index' or 'action'.",
                ))
            }
        };
        let done = tri!(self.backend.act(at.clone(), action.clone(), version).await);
        let after = tri!(self.backend.picture(at).await);
        self.memory.set(&after.table, after.seat, after.version);
        let events = newest(done.events)
            .into_iter()
            .map(|event| LabelledEvent {
                label: label(&after.game, &event, lang),
                event,
            })
            .collect();
        Ok(Json(ActOut {
            action,
            from: done.from,
            version: done.version.max(after.version),
            events,
            your_turn: your_turn(&after.to_act, after.seat),
            over: after.to_act == ToAct::Over,
            text: to_act_text(&after.to_act, after.seat, lang),
        }))
    }

    #[tool(
        description = "Wait until your seat must act, the game is over or the timeout passes (default 30 s, \
        at most 50 s), so you never poll in a loop. Stdio: bots move at once, so it answers at once. \
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
        tri!(
            self.backend
                .wait(at.clone(), Duration::from_secs(u64::from(secs)))
                .await
        );
        let p = tri!(self.backend.picture(at).await);
        let status = if p.to_act == ToAct::Over {
            "over"
        } else if p.waiting_for_players {
            "waiting_for_players"
        } else if your_turn(&p.to_act, p.seat) && !p.legal.is_empty() {
            "your_turn"
        } else {
            "timeout"
        };
        let text = if status == "waiting_for_players" {
            lang.pick(
                "Der Tisch wartet auf Mitspieler.",
                "The table is waiting for players to join.",
            )
            .to_string()
        } else {
            to_act_text(&p.to_act, p.seat, lang)
        };
        Ok(Json(WaitOut {
            status: status.into(),
            version: p.version,
            text,
        }))
    }

    #[tool(
        description = "Rule text for a rule id (as in every refusal), a document name or a word, from the \
        rules documents (also readable as resources). Regeltext zu einer Regel-Id oder einem Stichwort."
    )]
    async fn rules(&self, a: Parameters<Args<RulesArgs>>) -> Result<Json<RulesOut>, CallToolResult> {
        let a = args!(a);
        let (text, docs) = tri!(rules::lookup(&a.query));
        Ok(Json(RulesOut {
            text,
            documents: docs.into_iter().map(String::from).collect(),
        }))
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

fn nothing_to_do(to_act: &ToAct, seat: u8) -> ErrorInfo {
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
            format!("Platz {} ist gerade nicht am Zug.", u16::from(seat) + 1),
            format!("Seat {} is not to act now.", u16::from(seat) + 1),
        ),
    }
}

impl Referee {
    async fn start(&self, a: NewGameArgs, ctx: RequestContext<RoleServer>) -> Answer<StartedOut> {
        let transport = self.backend.transport();
        let (games, _) = self.backend.games();
        let Some(game) = games.iter().find(|g| g.id == a.game) else {
            let known: Vec<&str> = games.iter().map(|g| g.id.as_str()).collect();
            return fail(ErrorInfo::new(
                "unknown_game",
                "engine.unknown_game",
                format!("Unbekanntes Spiel „{}“ (bekannt: {}).", clip(&a.game), known.join(", ")),
                format!("Unknown game '{}' (known: {}).", clip(&a.game), known.join(", ")),
            ));
        };
        let rule_set = match &a.rules {
            None => game.rule_sets.first(),
            Some(r) => match game.rule_sets.iter().find(|s| &s.id == r) {
                Some(s) => Some(s),
                None => {
                    let known: Vec<&str> = game.rule_sets.iter().map(|s| s.id.as_str()).collect();
                    return fail(ErrorInfo::new(
                        "malformed",
                        "mcp.unknown_rules",
                        format!(
                            "Unbekannte Regelvariante „{}“ (bekannt: {}).",
                            clip(r),
                            known.join(", ")
                        ),
                        format!("Unknown rule set '{}' (known: {}).", clip(r), known.join(", ")),
                    ));
                }
            },
        };
        let mut options = rule_set.map(|r| r.options.clone()).unwrap_or(Value::Null);
        match (a.options, &mut options) {
            (None | Some(Value::Null), _) => {}
            (Some(Value::Object(extra)), Value::Object(base)) => base.extend(extra),
            (Some(extra @ Value::Object(_)), base) => *base = extra,
            (Some(_), _) => {
                return fail(bad_arguments("'options' must be a JSON object"));
            }
        }
        let players = a
            .players
            .or(a.seats.as_ref().map(Vec::len))
            .or(rule_set.map(|r| r.players[0]))
            .unwrap_or(2);
        if players == 0 || players > 16 {
            return fail(bad_arguments("'players' must be between 1 and 16"));
        }
        let seats = match a.seats {
            Some(s) if s.len() != players => {
                return fail(bad_arguments(&format!(
                    "'seats' lists {} seats for {players} players",
                    s.len()
                )))
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
        let req = NewTable {
            game: a.game,
            players,
            options,
            seats,
            seed: a.seed,
            name: agent_name(a.name, &ctx),
            turn_seconds: a.turn_seconds,
            rated: a.rated,
        };
        let name = req.name.clone();
        let first_agent = req.seats.iter().position(|s| *s == SeatKind::Agent {});
        let started = tri!(self.backend.start(req, seat_ref(None, None, None, &ctx)).await);
        self.memory.forget(&started.table);
        let joined = match (transport, first_agent) {
            (Transport::Http, Some(seat)) => {
                let seat = u8::try_from(seat).unwrap_or(u8::MAX);
                Some(tri!(
                    self.backend.join(started.table.clone(), seat, name, peer(&ctx)).await
                ))
            }
            _ => None,
        };
        Ok(Json(StartedOut { started, joined }))
    }
}

fn clip(s: &str) -> String {
    s.chars().take(60).collect()
}

/// The prompt that teaches an agent the protocol.
const HOW_TO_PLAY: &str = include_str!("how_to_play.md");

#[tool_handler(router = self.tool_router)]
impl ServerHandler for Referee {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(
            ServerCapabilities::builder()
                .enable_tools()
                .enable_resources()
                .enable_prompts()
                .build(),
        )
        .with_server_info(Implementation::new("spielleiter", env!("CARGO_PKG_VERSION")))
        .with_instructions(
            "spielleiter referees CATAN (base, Cities & Knights, heroes, 5-6), Catan Junior and Splendor. \
             Read the prompt 'how_to_play'. Loop: wait_for_turn -> observe -> legal_actions -> act, until over.",
        )
    }

    async fn list_resources(
        &self,
        _request: Option<PaginatedRequestParams>,
        _ctx: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, ErrorData> {
        let list = rules::DOCS
            .iter()
            .map(|d| {
                let mut r = Resource::new(rules::uri(d), d.name);
                r.title = Some(d.title.to_string());
                r.mime_type = Some("text/markdown".into());
                r.size = Some(d.text.len() as u64);
                r
            })
            .collect();
        Ok(ListResourcesResult::with_all_items(list))
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        _ctx: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        match rules::by_uri(&request.uri) {
            Some(d) => Ok(ReadResourceResult::new(vec![ResourceContents::TextResourceContents {
                uri: request.uri.clone(),
                mime_type: Some("text/markdown".into()),
                text: d.text.to_string(),
                meta: None,
            }])
            .into()),
            None => Err(ErrorData::resource_not_found(
                format!("mcp.unknown_resource: no resource '{}'", clip(&request.uri)),
                None,
            )),
        }
    }

    async fn list_prompts(
        &self,
        _request: Option<PaginatedRequestParams>,
        _ctx: RequestContext<RoleServer>,
    ) -> Result<ListPromptsResult, ErrorData> {
        Ok(ListPromptsResult::with_all_items(vec![Prompt::new(
            "how_to_play",
            Some("How to play a seat with spielleiter's tools / Wie man mit den Werkzeugen einen Platz spielt"),
            None,
        )]))
    }

    async fn get_prompt(
        &self,
        request: GetPromptRequestParams,
        _ctx: RequestContext<RoleServer>,
    ) -> Result<GetPromptResponse, ErrorData> {
        if request.name != "how_to_play" {
            return Err(ErrorData::invalid_params(
                format!("mcp.unknown_prompt: no prompt '{}'", clip(&request.name)),
                None,
            ));
        }
        Ok(
            GetPromptResult::new(vec![PromptMessage::new_text(Role::User, HOW_TO_PLAY)])
                .with_description("How to play a seat with spielleiter's tools")
                .into(),
        )
    }
}
