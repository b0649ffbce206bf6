//! Shared by the flow/state/guard tests: the test wizards, and helpers to drive a
//! real rmcp pair round by round.
#![allow(dead_code, reason = "each test binary uses a different part")]

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ClientCapabilities,
    InputRequiredResult,
};
use serde_json::{Map, Value, json};
use wizard::testkit::{Pair, Path, ScriptedClient, WizardServer, connect};
use wizard::{Flow, Serve, StateKeys, Wizard};

mod wizards;
pub use wizards::*;

pub fn issue_args() -> IssueArgs {
    IssueArgs {
        project_id: "42".into(),
    }
}

pub fn object(value: Value) -> Map<String, Value> {
    value.as_object().cloned().expect("a JSON object")
}

pub fn form() -> ClientCapabilities {
    ClientCapabilities::builder().enable_elicitation().build()
}

/// A client/server pair serving `W` with `flow`, for driving rounds by hand.
pub async fn pair<W: Wizard<Context = ()>>(
    flow: Flow,
    path: Path,
    capabilities: ClientCapabilities,
) -> Pair {
    connect(
        Serve::new(WizardServer::<W>::new(flow)),
        path,
        ScriptedClient::new(capabilities, []),
    )
    .await
}

pub fn flow() -> Flow {
    Flow::new(StateKeys::random())
}

/// The first round of a call to the issue wizard.
pub fn issue_call(arguments: Value) -> CallToolRequestParams {
    let mut request = CallToolRequestParams::new(Issue::INFO.tool);
    request.arguments = Some(object(arguments));
    request
}

/// One raw round: the `input_required` result, or the final result.
pub async fn once(
    pair: &Pair,
    request: CallToolRequestParams,
) -> Result<InputRequiredResult, CallToolResult> {
    match pair
        .client
        .call_tool_once(request)
        .await
        .expect("the call reaches the server")
    {
        CallToolResponse::InputRequired(input) => Ok(input),
        CallToolResponse::Complete(result) => Err(result),
        _ => panic!("unexpected response"),
    }
}

/// The same call again, answering `key` with `answer` and echoing `state`.
pub fn retry(
    request: &CallToolRequestParams,
    state: Option<String>,
    key: &str,
    answer: Value,
) -> CallToolRequestParams {
    let mut next = request.clone();
    next.request_state = state;
    next.input_responses = Some([(key.to_owned(), answer)].into_iter().collect());
    next
}

/// The only input request's key, checking there is exactly one and no content.
pub fn only_key(input: &InputRequiredResult) -> String {
    let requests = input
        .input_requests
        .as_ref()
        .expect("inputRequests present");
    assert_eq!(requests.len(), 1, "one question per round");
    requests.keys().next().cloned().expect("one key")
}

pub fn text(result: &CallToolResult) -> String {
    result
        .content
        .iter()
        .filter_map(|c| c.as_text().map(|t| t.text.clone()))
        .collect::<Vec<_>>()
        .join("\n")
}

pub fn accept(content: Value) -> Value {
    json!({ "action": "accept", "content": content })
}

pub mod prims;
