//! Running catalog actions the way a client does — through a tool of one surface, over a
//! real rmcp client/server pair — against a fresh sandbox that records what GitLab received.
//!
//! ```ignore
//! let harness = Harness::new(SurfaceKind::Individual).await;
//! let branch = harness.ok("branch.create", json!({"project_id": 1, "branch": "b", "ref": "main"})).await;
//! harness.sent(Method::POST, "/api/v4/projects/1/repository/branches");
//! ```

use crate::access::Access;
use crate::gitlab::{GitLab, GitLabConfig};
use crate::handler::{GitLabMcp, Options};
use crate::registry::catalog;
use crate::surfaces::{SurfaceKind, individual_tool_name, meta_tool_name};
use gitlab_sandbox::{RecordedRequest, Sandbox};
use reqwest::Method;
use rmcp::model::{CallToolRequestParams, CallToolResult, ClientCapabilities};
use serde_json::{Map, Value, json};
use wizard::testkit::{
    Asked, Elicit, MAX_ROUNDS, Pair, Path, Reply, ScriptedClient, connect, question_key,
};
use wizard::{Flow, StateKeys};

/// A sandbox and a server on one surface, talking to it.
pub struct Harness {
    pub sandbox: Sandbox,
    pub server: GitLabMcp,
    pub surface: SurfaceKind,
}

impl Harness {
    /// Every toolset, writes allowed, destructive actions asked (and refused: the client
    /// declares no elicitation) unless the call confirms.
    pub async fn new(surface: SurfaceKind) -> Harness {
        Harness::with_access(surface, Access::default()).await
    }

    pub async fn with_access(surface: SurfaceKind, access: Access) -> Harness {
        Harness::with_options(surface, access, false).await
    }

    /// Every toolset, writes allowed, run by an operator who approved every call up front
    /// (YOLO/AUTOPILOT): nothing is asked.
    pub async fn autonomous(surface: SurfaceKind) -> Harness {
        Harness::with_options(surface, Access::default(), true).await
    }

    async fn with_options(surface: SurfaceKind, access: Access, autonomous: bool) -> Harness {
        let sandbox = Sandbox::start().await.expect("the sandbox starts");
        let gitlab = GitLab::new(GitLabConfig::new(sandbox.base_url())).expect("client builds");
        let options = Options {
            surface,
            access,
            flow: Flow::new(StateKeys::random()),
            autonomous,
            default_project: Default::default(),
        };
        Harness {
            sandbox,
            server: GitLabMcp::new(gitlab, options),
            surface,
        }
    }

    /// A client on `path` (2025-11-25 `initialize`, or 2026-07-28), declaring nothing,
    /// connected to this server: for resources, prompts and completions.
    pub async fn client(&self, path: Path) -> Pair {
        let client = ScriptedClient::new(ClientCapabilities::default(), vec![]);
        connect(self.server.clone().into_service(), path, client).await
    }

    /// Calls `tool` with `arguments` from a client that declares no elicitation.
    pub async fn call_tool(&self, tool: &str, arguments: Value) -> CallToolResult {
        let none = ClientCapabilities::default();
        self.call_eliciting(Path::Sync, none, vec![], tool, arguments)
            .await
            .0
    }

    /// Calls `tool` from a client with `capabilities` on `path`, answering the questions it
    /// is asked with `replies`; returns the result and the messages it was asked.
    pub async fn call_eliciting(
        &self,
        path: Path,
        capabilities: ClientCapabilities,
        replies: Vec<Reply>,
        tool: &str,
        arguments: Value,
    ) -> (CallToolResult, Vec<String>) {
        let client = ScriptedClient::new(capabilities, replies);
        let pair = connect(self.server.clone().into_service(), path, client.clone()).await;
        let arguments = arguments
            .as_object()
            .expect("arguments are an object")
            .clone();
        let request = CallToolRequestParams::new(tool.to_owned()).with_arguments(arguments);
        let result = pair.client.call_tool(request).await;
        pair.close().await;
        let result =
            result.unwrap_or_else(|error| panic!("`{tool}` answered a protocol error: {error}"));
        let asked = client
            .asked()
            .into_iter()
            .map(|asked| asked.message)
            .collect();
        (result, asked)
    }

    /// Runs wizard `W` through this surface (its tool by name, or `gitlab_execute_action`
    /// with its id) from a client that declares form elicitation on `path`, answering with
    /// `replies`; the result and every question asked, with its key (named from the
    /// wizard's questions on the sync path, where keys are not on the wire).
    pub async fn wizard<W: wizard::Wizard>(
        &self,
        path: Path,
        replies: Vec<Reply>,
        arguments: Value,
    ) -> (CallToolResult, Vec<Asked>) {
        let id = W::INFO.id.expect("the server's wizards have a catalog id");
        let (tool, arguments) = self.tool_call(id, arguments, false);
        let client = ScriptedClient::new(Elicit::Form, replies).with_keys(question_key::<W>);
        let pair = connect(self.server.clone().into_service(), path, client.clone()).await;
        let arguments = arguments.as_object().expect("an object").clone();
        let request = CallToolRequestParams::new(tool.clone()).with_arguments(arguments);
        let result = pair
            .client
            .call_tool_with_mrtr_max_rounds(request, MAX_ROUNDS)
            .await;
        pair.close().await;
        let result =
            result.unwrap_or_else(|error| panic!("`{tool}` answered a protocol error: {error}"));
        (result, client.asked())
    }

    /// The tool and arguments that run catalog action `id` on this surface; a destructive
    /// action, or one whose arguments may make it ask, carries `confirm: true` when
    /// `confirm` says so.
    pub fn tool_call(&self, id: &str, params: Value, confirm: bool) -> (String, Value) {
        let action = catalog()
            .get(id)
            .unwrap_or_else(|| panic!("`{id}` is in the catalog"));
        let confirm = confirm && (action.destructive || action.guard.is_some());
        match self.surface {
            SurfaceKind::Meta | SurfaceKind::Individual if action.is_wizard() => {
                (individual_tool_name(action), params)
            }
            SurfaceKind::Dynamic => (
                "gitlab_execute_action".to_owned(),
                json!({"action": id, "params": params, "confirm": confirm}),
            ),
            SurfaceKind::Meta => (
                meta_tool_name(action.resource),
                json!({"action": action.verb, "params": params, "confirm": confirm}),
            ),
            SurfaceKind::Individual => {
                let mut arguments = params;
                if confirm {
                    arguments["confirm"] = Value::Bool(true);
                }
                (individual_tool_name(action), arguments)
            }
        }
    }

    /// Runs catalog action `id` through this surface's tool for it; a destructive or
    /// guarded action carries `confirm: true` (the user approved).
    pub async fn run(&self, id: &str, params: Value) -> CallToolResult {
        let (tool, arguments) = self.tool_call(id, params, true);
        self.call_tool(&tool, arguments).await
    }

    /// Runs `id` and returns its structured result; panics with GitLab's error otherwise.
    pub async fn ok(&self, id: &str, params: Value) -> Value {
        let result = self.run(id, params).await;
        assert_ne!(
            result.is_error,
            Some(true),
            "`{id}` failed: {}",
            text(&result)
        );
        result
            .structured_content
            .unwrap_or_else(|| panic!("`{id}` returned no structured content"))
    }

    /// Runs `id`, expects an error result, and returns its text.
    pub async fn error(&self, id: &str, params: Value) -> String {
        let result = self.run(id, params).await;
        assert_eq!(
            result.is_error,
            Some(true),
            "`{id}` succeeded: {}",
            text(&result)
        );
        assert!(result.structured_content.is_none());
        text(&result)
    }

    /// The last request GitLab received; panics when it received none.
    pub fn last(&self) -> RecordedRequest {
        self.sandbox
            .requests()
            .pop()
            .expect("GitLab received a request")
    }

    /// Asserts the last request's method and raw path (as sent, percent-encoded), and
    /// returns it for more checks.
    pub fn sent(&self, method: Method, raw_path: &str) -> RecordedRequest {
        let last = self.last();
        assert_eq!(
            (&last.method, last.raw_path.as_str()),
            (&method, raw_path),
            "{last:?}"
        );
        last
    }

    /// Asserts that GitLab received no write at all.
    pub fn nothing_written(&self) {
        let writes = self.sandbox.writes();
        assert!(writes.is_empty(), "GitLab received writes: {writes:?}");
    }
}

/// The text of a result, all blocks joined.
pub fn text(result: &CallToolResult) -> String {
    result
        .content
        .iter()
        .filter_map(|block| block.as_text().map(|t| t.text.clone()))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The query of a recorded request as a map (repeated `key[]` collected into a list).
pub fn query(request: &RecordedRequest) -> Map<String, Value> {
    let mut map = Map::new();
    for (key, value) in &request.query {
        match key.strip_suffix("[]") {
            Some(list) => {
                let entry = map.entry(list.to_owned()).or_insert_with(|| json!([]));
                entry
                    .as_array_mut()
                    .expect("a list")
                    .push(Value::String(value.clone()));
            }
            None => {
                map.insert(key.clone(), Value::String(value.clone()));
            }
        }
    }
    map
}
