//! Lean tool results: the readable text once as the text content, the JSON
//! only as `structuredContent`.
//!
//! Why this departs from the MCP specification's SHOULD (a tool with an
//! output schema should also return its structured result serialised as a
//! text block): a language model reads every text block, and the JSON of an
//! observation repeats the readable text in ids, so a model paid for
//! everything twice (docs/agents.md, "Lean results"). Clients that read
//! `structuredContent` get the JSON there; a client that does not can ask
//! any tool for `"format": "json"` and gets the JSON as its text instead.

use rmcp::handler::server::tool::IntoCallToolResult;
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// What the text content of a result holds.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Format {
    /// The readable text (default); the JSON is in `structuredContent`.
    #[default]
    Text,
    /// The JSON of `structuredContent`, for clients that do not read it.
    Json,
}

/// A tool's answer: `value` as structured content (its schema is the tool's
/// output schema: rmcp's tool macro reads the type argument of any return
/// type named `Json`), `text` as the only text content.
#[derive(Debug, Clone)]
pub struct Json<T> {
    /// The structured result.
    pub value: T,
    /// The readable text.
    pub text: String,
    /// Which of the two the text content carries.
    pub format: Format,
}

impl<T> Json<T> {
    /// An answer with its readable text.
    pub fn new(value: T, text: String, format: Option<Format>) -> Json<T> {
        Json {
            value,
            text,
            format: format.unwrap_or_default(),
        }
    }
}

impl<T: Serialize + JsonSchema + 'static> IntoCallToolResult for Json<T> {
    fn into_call_tool_result(self) -> Result<CallToolResponse, rmcp::ErrorData> {
        let value = serde_json::to_value(self.value)
            .map_err(|e| rmcp::ErrorData::internal_error(format!("cannot serialise the result: {e}"), None))?;
        let text = match self.format {
            Format::Text => self.text,
            Format::Json => value.to_string(),
        };
        let mut result = CallToolResult::success(vec![ContentBlock::text(text)]);
        result.structured_content = Some(value);
        Ok(result.into())
    }
}

/// A refusal as a tool error: the error's JSON as structured content and one
/// readable line as text (rule id, English and German sentence), or the JSON
/// as text with `"format": "json"`.
pub fn refusal(e: &engine::ErrorInfo, format: Format) -> CallToolResult {
    let value = serde_json::json!({ "error": e });
    let text = match format {
        Format::Text => format!("Refused [{}]: {} / {}", e.rule, e.message.en, e.message.de),
        Format::Json => value.to_string(),
    };
    let mut result = CallToolResult::error(vec![ContentBlock::text(text)]);
    result.structured_content = Some(value);
    result
}
