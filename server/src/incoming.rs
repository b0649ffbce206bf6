//! One incoming JSON-RPC message, read from the raw bytes of a stdio line or an HTTP
//! body: either a message rmcp can serve, or the error answer the sender gets instead.
//!
//! rmcp drops what it cannot parse without a word (a client waiting on that id hangs)
//! and reads a standard method with ill-typed parameters as an unknown custom method
//! (-32601). Both transports read every message here first, so that:
//!
//! - bytes that are not UTF-8 or not JSON (`1e400` included: no reader holds it) get
//!   -32700 with `id: null`, the id being unreadable;
//! - JSON that is not one JSON-RPC message (a batch, a bare value, a wrong `jsonrpc`, a
//!   non-string `method`, an `id` that is neither string nor integer, neither `method`
//!   nor `result`/`error`) gets -32600, with the id when it could be read;
//! - a request for a standard method whose parameters do not have that method's types
//!   (`tools/call` with `"name": 7`) gets -32602 naming the parameter.
//!
//! A notification or a response is never answered (JSON-RPC forbids it); a bad one is
//! dropped on stdio and refused with HTTP 400 over HTTP, which must answer every POST.
//!
//! Before any of that, a message over one of the [`limits`] (members, items, values,
//! depth, key and string length) gets -32600 naming the limit, with nothing built from
//! it.

#[allow(
    deprecated,
    reason = "rmcp still serves logging/setLevel, so its parameters are checked like any other"
)]
use rmcp::model::SetLevelRequestParams;
use rmcp::model::{
    CallToolRequestParams, CancelTaskParams, ClientJsonRpcMessage, ClientRequest,
    CompleteRequestParams, DiscoverRequestParams, ErrorCode, GetPromptRequestParams,
    GetSkillRequestParams, GetTaskParams, InitializeRequestParams, PaginatedRequestParams,
    ReadResourceDirectoryRequestParams, ReadResourceRequestParams, RequestId,
    SubscribeRequestParams, SubscriptionsListenRequestParams, UnsubscribeRequestParams,
    UpdateTaskParams,
};
use serde::de::{DeserializeOwned, IgnoredAny};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// What one message turned out to be.
#[derive(Debug)]
pub enum Incoming {
    /// A well-formed message, for rmcp.
    Message(Box<ClientJsonRpcMessage>),
    /// Refused, with the error answer to give.
    Refused(Refusal),
}

/// Why a message was refused, and the JSON-RPC error answering it.
#[derive(Debug, Clone, PartialEq)]
pub struct Refusal {
    /// -32700, -32600 or -32602.
    pub code: ErrorCode,
    /// What was wrong and what to send instead.
    pub message: String,
    /// The request's id when it could be read; `null` in the answer otherwise.
    pub id: Option<RequestId>,
    /// `false` for a notification or a response: JSON-RPC gives them no answer.
    pub answerable: bool,
}

impl Refusal {
    fn new(code: ErrorCode, id: Option<RequestId>, message: impl Into<String>) -> Self {
        Refusal {
            code,
            message: message.into(),
            id,
            answerable: true,
        }
    }

    fn parse_error(message: impl Into<String>) -> Self {
        Refusal::new(ErrorCode::PARSE_ERROR, None, message)
    }

    fn invalid_request(id: Option<RequestId>, message: impl Into<String>) -> Self {
        Refusal::new(ErrorCode::INVALID_REQUEST, id, message)
    }

    fn unanswerable(mut self) -> Self {
        self.answerable = false;
        self
    }

    /// The JSON-RPC error response: `{"jsonrpc":"2.0","id":…,"error":{"code","message"}}`,
    /// `id` being `null` when it could not be read (JSON-RPC 2.0 §5).
    pub fn response(&self) -> ErrorResponse<'_> {
        ErrorResponse {
            jsonrpc: "2.0",
            id: self.id.as_ref(),
            error: ErrorBody {
                code: self.code.0,
                message: &self.message,
            },
        }
    }
}

/// A JSON-RPC error response, its fields in the usual order.
#[derive(Debug, Serialize)]
pub struct ErrorResponse<'a> {
    jsonrpc: &'static str,
    /// Written as `null` when absent.
    id: Option<&'a RequestId>,
    error: ErrorBody<'a>,
}

#[derive(Debug, Serialize)]
struct ErrorBody<'a> {
    code: i32,
    message: &'a str,
}

/// Reads one message: `bytes` is a whole stdio line (without its newline) or a whole
/// HTTP body. A UTF-8 byte order mark and surrounding whitespace are allowed.
pub fn read(bytes: &[u8]) -> Incoming {
    match classify(bytes) {
        Ok(message) => Incoming::Message(Box::new(message)),
        Err(refusal) => Incoming::Refused(refusal),
    }
}

/// A UTF-8 byte order mark, which a message may start with.
pub const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";

fn classify(bytes: &[u8]) -> Result<ClientJsonRpcMessage, Refusal> {
    let bytes = bytes.strip_prefix(UTF8_BOM).unwrap_or(bytes);
    let text = std::str::from_utf8(bytes).map_err(|error| {
        Refusal::parse_error(format!(
            "Parse error: the message is not UTF-8 (invalid byte at offset {}); send JSON text \
             encoded as UTF-8",
            error.valid_up_to()
        ))
    })?;
    // Before anything is built from the bytes. The scan stops at the limit, so the rest
    // is read (building nothing) to tell a message too big from one that is not JSON.
    if let Err(over) = limits::check(bytes) {
        return Err(match serde_json::from_slice::<IgnoredAny>(bytes) {
            Err(error) => not_json(&error),
            Ok(_) => Refusal::invalid_request(over.id, over.message),
        });
    }
    if let Some(call) = well_formed_tool_call(bytes) {
        return Ok(call);
    }
    if text.trim().is_empty() {
        return Err(Refusal::parse_error(
            "Parse error: the message is empty; send one JSON-RPC message",
        ));
    }
    let value: Value = serde_json::from_str(text).map_err(|error| not_json(&error))?;
    let object = match &value {
        Value::Object(object) => object,
        Value::Array(_) => {
            return Err(Refusal::invalid_request(
                None,
                "Invalid Request: batches (JSON arrays) are not accepted; send each message \
                 on its own",
            ));
        }
        other => {
            return Err(Refusal::invalid_request(
                None,
                format!(
                    "Invalid Request: expected a JSON-RPC message (a JSON object), got {}",
                    kind(other)
                ),
            ));
        }
    };
    let id = match object.get("id") {
        None => None,
        Some(id) => Some(RequestId::deserialize(id).map_err(|_| {
            Refusal::invalid_request(
                None,
                format!(
                    "Invalid Request: `id` must be a string or an integer, got {}",
                    kind(id)
                ),
            )
        })?),
    };
    if object.get("jsonrpc").and_then(Value::as_str) != Some("2.0") {
        return Err(Refusal::invalid_request(
            id,
            "Invalid Request: `jsonrpc` must be \"2.0\"",
        ));
    }
    let method = match object.get("method") {
        None => None,
        Some(Value::String(method)) => Some(method.as_str()),
        Some(other) => {
            return Err(Refusal::invalid_request(
                id,
                format!(
                    "Invalid Request: `method` must be a string, got {}",
                    kind(other)
                ),
            ));
        }
    };
    let Some(method) = method else {
        // A response to a request of the server's: never answered.
        let (result, error) = (object.contains_key("result"), object.contains_key("error"));
        if id.is_none() || result == error {
            return Err(Refusal::invalid_request(
                id,
                "Invalid Request: a message needs a `method` (a request or a notification), \
                 or an `id` with one of `result` or `error` (a response)",
            ));
        }
        return ClientJsonRpcMessage::deserialize(&value).map_err(|error| {
            Refusal::invalid_request(
                id,
                format!("Invalid Request: a malformed response ({error})"),
            )
            .unanswerable()
        });
    };
    let request = id.is_some();
    // `null` is left to rmcp, which reads it as no parameters where they are optional.
    if let Some(params) = object.get("params")
        && !params.is_object()
        && !params.is_null()
    {
        let refusal = Refusal::new(
            ErrorCode::INVALID_PARAMS,
            id,
            format!(
                "Invalid params for `{method}`: `params` must be an object, got {}",
                kind(params)
            ),
        );
        return Err(if request {
            refusal
        } else {
            refusal.unanswerable()
        });
    }
    let message = ClientJsonRpcMessage::deserialize(&value).map_err(|error| {
        let refusal = Refusal::new(
            ErrorCode::INVALID_PARAMS,
            id.clone(),
            format!("Invalid params for `{method}`: {error}"),
        );
        if request {
            refusal
        } else {
            refusal.unanswerable()
        }
    })?;
    // rmcp reads a standard method whose parameters do not fit its types as a custom
    // method, and answers that it does not know it.
    if let ClientJsonRpcMessage::Request(incoming) = &message
        && matches!(incoming.request, ClientRequest::CustomRequest(_))
        && let Some(problem) = typed_problem(method, &value)
    {
        return Err(Refusal::new(
            ErrorCode::INVALID_PARAMS,
            id,
            format!("Invalid params for `{method}`: {problem}"),
        ));
    }
    Ok(message)
}

fn not_json(error: &serde_json::Error) -> Refusal {
    Refusal::parse_error(format!(
        "Parse error: the message is not JSON ({error}); send one JSON-RPC 2.0 message as a \
         JSON object"
    ))
}

/// A `tools/call` request read in one pass straight into rmcp's type: most messages
/// are, and reading a `Value` first then the message from it costs twice as much. Only
/// a `tools/call` is taken here, because everything the checks in [`classify`] refuse
/// cannot be one: its `jsonrpc`, `id` and `method` are typed, and its `params` must be
/// an object with a `name`. Anything else, well-formed or not, goes the long way; a
/// message that does not even mention `"tools/call"` is not tried.
fn well_formed_tool_call(bytes: &[u8]) -> Option<ClientJsonRpcMessage> {
    const METHOD: &[u8] = b"\"tools/call\"";
    if !bytes.windows(METHOD.len()).any(|window| window == METHOD) {
        return None;
    }
    let message = serde_json::from_slice::<ClientJsonRpcMessage>(bytes).ok()?;
    match &message {
        ClientJsonRpcMessage::Request(request)
            if matches!(request.request, ClientRequest::CallToolRequest(_)) =>
        {
            Some(message)
        }
        _ => None,
    }
}

/// What is wrong with the parameters of a request for standard method `method`, which
/// rmcp could not read as that method's: the field at fault when it can be named. `None`
/// for a custom method, which rmcp answers itself.
fn typed_problem(method: &str, message: &Value) -> Option<String> {
    let (_, check) = STANDARD_REQUESTS.iter().find(|(name, _)| *name == method)?;
    let params = message.get("params");
    Some(match check(params) {
        Err(problem) => problem,
        // The parameters fit; rmcp refused something around them (`_meta`).
        Ok(()) => format!("the request does not have the shape `{method}` takes"),
    })
}

type Check = fn(Option<&Value>) -> Result<(), String>;

/// The client requests rmcp has types for, by method, with their parameters' type.
#[allow(
    deprecated,
    reason = "rmcp still serves logging/setLevel, so its parameters are checked like any other"
)]
const STANDARD_REQUESTS: [(&str, Check); 21] = [
    ("ping", |_| Ok(())),
    ("initialize", required::<InitializeRequestParams>),
    ("server/discover", required::<DiscoverRequestParams>),
    ("completion/complete", required::<CompleteRequestParams>),
    ("logging/setLevel", required::<SetLevelRequestParams>),
    ("prompts/get", required::<GetPromptRequestParams>),
    ("prompts/list", optional::<PaginatedRequestParams>),
    ("resources/list", optional::<PaginatedRequestParams>),
    (
        "resources/templates/list",
        optional::<PaginatedRequestParams>,
    ),
    ("resources/read", required::<ReadResourceRequestParams>),
    (
        "resources/directory/read",
        required::<ReadResourceDirectoryRequestParams>,
    ),
    ("resources/subscribe", required::<SubscribeRequestParams>),
    (
        "resources/unsubscribe",
        required::<UnsubscribeRequestParams>,
    ),
    (
        "subscriptions/listen",
        required::<SubscriptionsListenRequestParams>,
    ),
    ("tools/call", required::<CallToolRequestParams>),
    ("tools/list", optional::<PaginatedRequestParams>),
    ("tasks/get", required::<GetTaskParams>),
    ("tasks/update", required::<UpdateTaskParams>),
    ("tasks/cancel", required::<CancelTaskParams>),
    ("skills/list", optional::<PaginatedRequestParams>),
    ("skills/get", required::<GetSkillRequestParams>),
];

fn required<P: DeserializeOwned>(params: Option<&Value>) -> Result<(), String> {
    match params {
        Some(params) => fits::<P>(params),
        None => Err("`params` is missing".to_owned()),
    }
}

fn optional<P: DeserializeOwned>(params: Option<&Value>) -> Result<(), String> {
    params.map_or(Ok(()), fits::<P>)
}

/// Whether `params` reads as `P`; the error names the field at fault.
fn fits<P: DeserializeOwned>(params: &Value) -> Result<(), String> {
    serde_path_to_error::deserialize::<_, P>(params)
        .map(drop)
        .map_err(|error| {
            let path = error.path().to_string();
            let inner = error.into_inner().to_string();
            if path == "." || path == "?" {
                inner
            } else {
                format!("`{path}`: {inner}")
            }
        })
}

fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

mod limits;
#[cfg(test)]
mod tests;
