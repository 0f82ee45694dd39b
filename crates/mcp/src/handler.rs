//! The MCP server's handler beside its tools: the player-facing rules
//! documents and every game's description as resources, the prompt that
//! teaches the loop, the server's instructions, and the glossary that lets
//! `rules` answer German topics.

use crate::backend::Backend;
use crate::rules;
use crate::tools::Referee;
use rmcp::model::*;
use rmcp::service::RequestContext;
use rmcp::{tool_handler, ErrorData, RoleServer, ServerHandler};
use serde_json::Value;

/// Prefix of the descriptions' resources: `describe://spielleiter/{game}/{rule set}`.
const DESCRIBE: &str = "describe://spielleiter/";

/// The resource address of a description (its `game` and `rule_set`).
fn describe_uri(d: &Value) -> Option<String> {
    let game = d.get("game")?.as_str()?;
    let rules = d.get("rule_set").and_then(Value::as_str).unwrap_or("default");
    Some(format!("{DESCRIBE}{game}/{rules}"))
}

fn clip(s: &str) -> String {
    s.chars().take(60).collect()
}

/// The prompt that teaches an agent the protocol.
const HOW_TO_PLAY: &str = include_str!("how_to_play.md");

/// German words to the English words the rules documents use, from the
/// games' descriptions: a German query word maps to the words its terms'
/// English names share (`Räuber` → `robber`, from "Räuber versetzen" /
/// "move the robber" and "Räuber versetzt" / "robber moved").
pub fn glossary(backend: &dyn Backend) -> impl Fn(&str) -> Vec<String> {
    let pairs: Vec<(String, String)> = backend
        .descriptions()
        .iter()
        .filter_map(|d| d.get("terms").and_then(Value::as_object))
        .flat_map(|kinds| kinds.values().filter_map(Value::as_array).flatten())
        .filter_map(|t| {
            let de = t.get("de")?.as_str()?.to_lowercase();
            let en = t.get("en")?.as_str()?.to_lowercase();
            (de != en).then_some((de, en))
        })
        .collect();
    move |q: &str| {
        let q = q.to_lowercase();
        let names: Vec<&String> = pairs
            .iter()
            .filter(|(de, _)| de.split(|c: char| !c.is_alphanumeric()).any(|w| w == q) || *de == q)
            .map(|(_, en)| en)
            .collect();
        if names.len() == 1 {
            return vec![names[0].clone()];
        }
        // The words most of the English names share.
        let mut counts: Vec<(String, usize)> = Vec::new();
        for en in &names {
            let mut seen: Vec<&str> = Vec::new();
            for w in en.split(|c: char| !c.is_alphanumeric()).filter(|w| w.len() > 3) {
                if seen.contains(&w) {
                    continue;
                }
                seen.push(w);
                match counts.iter_mut().find(|(x, _)| x == w) {
                    Some((_, n)) => *n += 1,
                    None => counts.push((w.to_string(), 1)),
                }
            }
        }
        let best = counts.iter().map(|(_, n)| *n).max().unwrap_or(0);
        counts
            .into_iter()
            .filter(|(_, n)| best > 1 && *n == best)
            .map(|(w, _)| w)
            .collect()
    }
}

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
             Read the prompt 'how_to_play'. Loop: observe {legal:true} -> act (act answers your next \
             observation when you must act again; at a server table wait_for_turn between turns), until over.",
        )
    }

    async fn list_resources(
        &self,
        _request: Option<PaginatedRequestParams>,
        _ctx: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, ErrorData> {
        let mut list: Vec<Resource> = rules::DOCS
            .iter()
            .filter(|d| d.game)
            .map(|d| {
                let mut r = Resource::new(rules::uri(d), d.name);
                r.title = Some(d.title.to_string());
                r.mime_type = Some("text/markdown".into());
                r.size = Some(d.text.len() as u64);
                r
            })
            .collect();
        // Every game's description under each rule set: what the ids of a
        // view mean (names in German and English, colours, costs, cards).
        for d in self.backend.descriptions() {
            let Some(uri) = describe_uri(&d) else { continue };
            let name = uri.trim_start_matches(DESCRIBE).replace('/', " ");
            let mut r = Resource::new(uri, format!("description {name}"));
            r.title = Some(format!("Description of {name}: names, colours, costs and cards"));
            r.mime_type = Some("application/json".into());
            list.push(r);
        }
        Ok(ListResourcesResult::with_all_items(list))
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        _ctx: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        if request.uri.starts_with(DESCRIBE) {
            let found = self
                .backend
                .descriptions()
                .into_iter()
                .find(|d| describe_uri(d).as_deref() == Some(request.uri.as_str()));
            return match found {
                Some(d) => Ok(ReadResourceResult::new(vec![ResourceContents::TextResourceContents {
                    uri: request.uri.clone(),
                    mime_type: Some("application/json".into()),
                    text: d.to_string(),
                    meta: None,
                }])
                .into()),
                None => Err(ErrorData::resource_not_found(
                    format!("mcp.unknown_resource: no resource '{}'", clip(&request.uri)),
                    None,
                )),
            };
        }
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
