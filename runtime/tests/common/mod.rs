//! Shared by the flow/state/guard tests: two wizards shaped like the server's issue
//! and project wizards, and helpers to drive a real rmcp pair round by round.
#![allow(dead_code, reason = "each test binary uses a different part")]

use rmcp::model::{CallToolRequestParams, CallToolResponse, CallToolResult, ClientCapabilities, InputRequiredResult};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};
use wizard::testkit::{Pair, Path, ScriptedClient, WizardServer, connect};
use wizard::{Choice, Flow, Serve, StateKeys, Wizard};

/// An issue, as the server's wizard asks for it.
#[derive(Debug, Clone, PartialEq, Wizard, Serialize, Deserialize, JsonSchema)]
#[wizard(
    tool = "demo_issue_create",
    flow = "interactive.issue_create",
    alternative = "issue.create",
    noun = "Issue",
    summary = "Create issue in project {project_id}?\n\n**Title**: {title}"
)]
pub struct Issue {
    #[tool_arg]
    pub project_id: String,
    #[ask("Enter the issue title")]
    pub title: String,
    #[ask("Enter the issue description (Markdown supported, or leave empty)", summary = "Description", truncate = 100)]
    pub description: Option<String>,
    #[ask("Enter comma-separated labels (or leave empty)", summary = "Labels", parse = wizard::parse::comma_list)]
    pub labels: Option<Vec<String>>,
    #[ask("Should this issue be confidential?", summary = "Confidential")]
    pub confidential: Option<bool>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Choice)]
pub enum Visibility {
    Private,
    Internal,
    Public,
}

/// A project: a choice, a yes/no that finishes as false when declined, and a
/// question asked only after a yes.
#[derive(Debug, Clone, PartialEq, Wizard, Serialize, Deserialize, JsonSchema)]
#[wizard(
    tool = "demo_project_create",
    flow = "interactive.project_create",
    alternative = "project.create",
    noun = "Project",
    summary = "Create new GitLab project?\n\n**Name**: {name}\n**Visibility**: {visibility}"
)]
pub struct Project {
    #[ask("Enter the project name")]
    pub name: String,
    #[ask("Select the project visibility")]
    pub visibility: Visibility,
    #[ask("Initialize the repository with a README file?", summary = "README")]
    pub initialize_with_readme: bool,
    #[ask("Enter the default branch name (or leave empty for the instance's default)", when = initialize_with_readme, summary = "Default Branch")]
    pub default_branch: Option<String>,
}

pub fn issue_args() -> IssueArgs {
    IssueArgs { project_id: "42".into() }
}

pub fn object(value: Value) -> Map<String, Value> {
    value.as_object().cloned().expect("a JSON object")
}

pub fn form() -> ClientCapabilities {
    ClientCapabilities::builder().enable_elicitation().build()
}

/// A client/server pair serving `W` with `flow`; the client answers from `replies`.
pub async fn pair<W: Wizard>(flow: Flow, path: Path, capabilities: ClientCapabilities) -> Pair {
    connect(Serve::new(WizardServer::<W>::new(flow)), path, ScriptedClient::new(capabilities, [])).await
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
pub async fn once(pair: &Pair, request: CallToolRequestParams) -> Result<InputRequiredResult, CallToolResult> {
    match pair.client.call_tool_once(request).await.expect("the call reaches the server") {
        CallToolResponse::InputRequired(input) => Ok(input),
        CallToolResponse::Complete(result) => Err(result),
        _ => panic!("unexpected response"),
    }
}

/// The same call again, answering `key` with `answer` and echoing `state`.
pub fn retry(request: &CallToolRequestParams, state: Option<String>, key: &str, answer: Value) -> CallToolRequestParams {
    let mut next = request.clone();
    next.request_state = state;
    next.input_responses = Some([(key.to_owned(), answer)].into_iter().collect());
    next
}

/// The only input request's key, checking there is exactly one and no content.
pub fn only_key(input: &InputRequiredResult) -> String {
    let requests = input.input_requests.as_ref().expect("inputRequests present");
    assert_eq!(requests.len(), 1, "one question per round");
    requests.keys().next().cloned().expect("one key")
}

pub fn text(result: &CallToolResult) -> String {
    result.content.iter().filter_map(|c| c.as_text().map(|t| t.text.clone())).collect::<Vec<_>>().join("\n")
}

pub fn accept(content: Value) -> Value {
    json!({ "action": "accept", "content": content })
}

pub mod prims;
