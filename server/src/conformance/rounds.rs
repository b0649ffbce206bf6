//! The engine behind the multi-round-trip fixtures: a call asks rounds of input
//! requests (elicitation, sampling, roots) and completes once every round is answered.
//! The answers so far ride in a signed `requestState` bound to the call, so a tampered
//! or foreign state is refused with `-32602`, never used.
//!
//! Wizards do not need this: the runtime's Flow asks one elicitation per round. The
//! suite also asks for several requests at once and for sampling and roots, which no
//! wizard does, so the fixtures carry their own small driver.

use std::time::Duration;

use rmcp::ErrorData as McpError;
use rmcp::model::{
    ClientCapabilities, InputRequest, InputRequests, InputRequiredResult, InputResponses,
    RequestStateCodec, SealOptions,
};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};
use wizard::form::validate_against;
use wizard::prompt::ClientView;
use wizard::prompt::Elicitation;
use wizard::prompt::Reply;
use wizard::state::CallDigest;

/// How long a fixture's requestState stays valid.
const STATE_TTL: Duration = Duration::from_secs(10 * 60);

/// What one input request asks the client for.
#[derive(Debug, Clone)]
pub enum Need {
    /// `elicitation/create` in form mode with this flat schema.
    Form {
        message: &'static str,
        schema: Value,
    },
    /// `sampling/createMessage` of one user message.
    Sampling { text: &'static str, max_tokens: u32 },
    /// `roots/list`.
    Roots,
}

/// One input request under its `inputRequests` key.
#[derive(Debug, Clone)]
pub struct Request {
    pub key: &'static str,
    pub need: Need,
}

/// A form asking for one required string, as the suite's fixtures do.
pub fn text_form(key: &'static str, message: &'static str, field: &str) -> Request {
    let schema = json!({
        "type": "object",
        "properties": {field: {"type": "string"}},
        "required": [field],
    });
    Request {
        key,
        need: Need::Form { message, schema },
    }
}

/// The answers of every round, by key: a form as `{"action", "content"}`, a sampling
/// result as `{"text"}`, roots as `{"roots": [uri, ..]}`.
pub type Answers = Map<String, Value>;

/// Where a call stands after this request.
pub enum Standing {
    /// Every round is answered.
    Done(Answers),
    /// Return this and wait for the client's answers.
    Asking(InputRequiredResult),
}

/// One MRTR request of a fixture: its rounds and what the client sent with it.
pub struct Call<'a> {
    pub digest: CallDigest,
    pub rounds: &'a [Vec<Request>],
    pub responses: Option<&'a InputResponses>,
    pub state: Option<&'a str>,
    /// Whether first-round answers count only with a state (the request-state and
    /// tampered-state fixtures); otherwise a client may answer round one without one.
    pub needs_state: bool,
}

#[derive(Default, Serialize, Deserialize)]
struct State {
    #[serde(rename = "r")]
    round: usize,
    #[serde(rename = "a")]
    answers: Answers,
}

/// Applies the answers `call` carries and says what comes next.
pub fn step(codec: &RequestStateCodec, call: &Call<'_>) -> Result<Standing, McpError> {
    let bound = call.digest.as_bytes();
    let verified = call.state.is_some();
    let mut saved = match call.state {
        // One answer for every failure, as rmcp asks: the details help an attacker only.
        Some(sealed) => codec.open_json_with(sealed, bound).map_err(|_| {
            McpError::invalid_params(
                "the requestState was refused: it is not one this server issued for this call, or it was altered or has expired; call again without it",
                None,
            )
        })?,
        None => State::default(),
    };
    if let Some(round) = call.rounds.get(saved.round)
        && (verified || !call.needs_state)
    {
        let responses = call.responses.into_iter().flatten();
        for (key, raw) in responses {
            // Keys the round did not ask for are ignored, as SEP-2322 recommends.
            if let Some(ask) = round.iter().find(|ask| ask.key == key) {
                saved.answers.insert(key.clone(), check(ask, raw)?);
            }
        }
        if round.iter().all(|ask| saved.answers.contains_key(ask.key)) {
            saved.round += 1;
        }
    }
    let Some(round) = call.rounds.get(saved.round) else {
        return Ok(Standing::Done(saved.answers));
    };
    let mut requests = InputRequests::new();
    for ask in round
        .iter()
        .filter(|ask| !saved.answers.contains_key(ask.key))
    {
        requests.insert(ask.key.to_owned(), input_request(&ask.need)?);
    }
    let options = SealOptions::new().associated_data(bound).ttl(STATE_TTL);
    let state = codec.seal_json_with(&saved, &options).map_err(|error| {
        McpError::internal_error(format!("sealing the requestState: {error}"), None)
    })?;
    Ok(Standing::Asking(InputRequiredResult::new(
        Some(requests),
        Some(state),
    )))
}

/// Whether the client declared what `need` asks of it.
pub fn declared(view: &ClientView, need: &Need) -> bool {
    let capabilities = view.capabilities.as_ref();
    match need {
        Need::Form { .. } => matches!(view.elicitation(), Elicitation::Form { .. }),
        Need::Sampling { .. } => capabilities.is_some_and(|c| c.sampling.is_some()),
        Need::Roots => capabilities.is_some_and(|c| c.roots.is_some()),
    }
}

/// `-32021` naming every capability `asks` need that the client did not declare.
pub fn require(view: &ClientView, asks: &[Request]) -> Result<(), McpError> {
    let mut missing = Map::new();
    for ask in asks.iter().filter(|ask| !declared(view, &ask.need)) {
        let name = match ask.need {
            Need::Form { .. } => "elicitation",
            Need::Sampling { .. } => "sampling",
            Need::Roots => "roots",
        };
        missing.insert(name.to_owned(), json!({}));
    }
    if missing.is_empty() {
        return Ok(());
    }
    let capabilities: ClientCapabilities =
        serde_json::from_value(Value::Object(missing)).map_err(|error| {
            McpError::internal_error(format!("naming the capabilities: {error}"), None)
        })?;
    Err(McpError::missing_required_client_capability(capabilities))
}

fn input_request(need: &Need) -> Result<InputRequest, McpError> {
    let request = match need {
        Need::Form { message, schema } => json!({
            "method": "elicitation/create",
            "params": {"mode": "form", "message": message, "requestedSchema": schema},
        }),
        Need::Sampling { text, max_tokens } => json!({
            "method": "sampling/createMessage",
            "params": {
                "messages": [{"role": "user", "content": {"type": "text", "text": text}}],
                "maxTokens": max_tokens,
            },
        }),
        Need::Roots => json!({"method": "roots/list", "params": {}}),
    };
    // Through rmcp's typed request, so that a malformed fixture fails here.
    serde_json::from_value(request).map_err(|error| {
        McpError::internal_error(format!("building an input request: {error}"), None)
    })
}

/// Checks one input response against what was asked; anything else is `-32602`.
fn check(ask: &Request, raw: &Value) -> Result<Value, McpError> {
    let key = ask.key;
    let refuse =
        |why: String| McpError::invalid_params(format!("input response `{key}`: {why}"), None);
    match &ask.need {
        Need::Form { schema, .. } => match Reply::from_input_response(raw).map_err(refuse)? {
            Reply::Accept(content) => {
                let content = content.unwrap_or_default();
                validate_against(schema, &content)
                    .map_err(|malformed| refuse(malformed.to_string()))?;
                Ok(json!({"action": "accept", "content": content}))
            }
            Reply::Decline => Ok(json!({"action": "decline"})),
            Reply::Cancel => Ok(json!({"action": "cancel"})),
        },
        // Read by hand: rmcp's sampling and roots types are deprecated (SEP-2577).
        Need::Sampling { .. } => {
            let text = sampled_text(raw).ok_or_else(|| {
                refuse(r#"expected a sampling result: {"role": "assistant", "content": {"type": "text", "text": ".."}, "model": ".."}"#.to_owned())
            })?;
            Ok(json!({"text": text}))
        }
        Need::Roots => {
            let uris = root_uris(raw).ok_or_else(|| {
                refuse(r#"expected a roots list: {"roots": [{"uri": "file:///.."}]}"#.to_owned())
            })?;
            Ok(json!({"roots": uris}))
        }
    }
}

/// The text of a `sampling/createMessage` result: its content block, or the first
/// text block of a list.
fn sampled_text(raw: &Value) -> Option<String> {
    raw.get("model")?.as_str()?;
    let blocks = match raw.get("content")? {
        Value::Array(blocks) => blocks.iter().collect(),
        block => vec![block],
    };
    blocks
        .into_iter()
        .find(|block| block["type"] == "text")
        .and_then(|block| block["text"].as_str())
        .map(str::to_owned)
}

/// The URIs of a `roots/list` result.
fn root_uris(raw: &Value) -> Option<Vec<String>> {
    raw.get("roots")?
        .as_array()?
        .iter()
        .map(|root| root.get("uri")?.as_str().map(str::to_owned))
        .collect()
}

#[cfg(test)]
mod tests;
