//! One end-to-end session: a sandbox GitLab started in the test, the real server binary
//! pointed at it over stdio, and the scripted rmcp client talking to it on one protocol
//! revision. Every wait is bounded, so a misbehaving server fails a test instead of
//! hanging it.

use std::fmt;
use std::time::Duration;

use gitlab_sandbox::Sandbox;
use rmcp::model::{
    CallToolRequest, CallToolRequestParams, CallToolResponse, CallToolResult, ClientRequest,
    GetPromptRequestParams, GetPromptResult, ServerResult,
};
use rmcp::service::{PeerRequestOptions, RoleClient, RunningService, ServiceError};
use serde_json::{Map, Value};
use wizard::testkit::Path;

use super::client::{Asked, Elicit, Reply, ScriptedClient, scripted};
use super::process::ServerProcess;

/// How long one tool call (every round and question included) may take.
pub const CALL_TIMEOUT: Duration = Duration::from_secs(30);
const STARTUP_TIMEOUT: Duration = Duration::from_secs(30);

/// Whether an inherited variable could configure the server (`GITLAB_*`, `AUTOPILOT`,
/// `RUST_LOG`): such variables are cleared before each launch, so the tester's own
/// environment cannot leak in.
fn server_setting(name: &str) -> bool {
    name.starts_with("GITLAB_") || name == "AUTOPILOT" || name == "RUST_LOG"
}

/// The token the server is started with; the sandbox records what it received.
pub const TOKEN: &str = "glpat-e2e-token";

/// How the client starts its session.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Revision {
    /// `initialize` on 2025-11-25: questions arrive as `elicitation/create`.
    Legacy,
    /// `server/discover` on 2026-07-28, per-request `_meta`: `input_required` rounds.
    Mrtr,
    /// `initialize` asking for 2026-07-28 (answered 2025-11-25), still served MRTR.
    MrtrInInitialize,
}

impl Revision {
    /// The test kit's name for this handshake.
    pub fn path(self) -> Path {
        match self {
            Revision::Legacy => Path::Sync,
            Revision::Mrtr => Path::Mrtr,
            Revision::MrtrInInitialize => Path::MrtrDeclaredInInitialize,
        }
    }
}

/// The two revisions every test runs on.
pub const REVISIONS: [Revision; 2] = [Revision::Legacy, Revision::Mrtr];

impl fmt::Display for Revision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Revision::Legacy => "2025-11-25",
            Revision::Mrtr => "2026-07-28",
            Revision::MrtrInInitialize => "2026-07-28 via initialize",
        })
    }
}

/// `GITLAB_MCP_TOOL_SURFACE`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Surface {
    Dynamic,
    Meta,
    Individual,
}

pub const SURFACES: [Surface; 3] = [Surface::Dynamic, Surface::Meta, Surface::Individual];

impl fmt::Display for Surface {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Surface::Dynamic => "dynamic",
            Surface::Meta => "meta",
            Surface::Individual => "individual",
        })
    }
}

/// What to start: surface, revision, the client's elicitation support, extra settings.
#[derive(Debug, Clone)]
pub struct Launch {
    pub surface: Surface,
    pub revision: Revision,
    pub elicit: Elicit,
    pub env: Vec<(&'static str, &'static str)>,
    /// The server's working directory; the test's own unless given.
    pub dir: Option<std::path::PathBuf>,
    /// The `file://` roots the client lists, when it declares roots.
    pub roots: Option<Vec<String>>,
    /// Whether the server is started with a token ([`TOKEN`]).
    pub token: bool,
}

impl Launch {
    pub fn new(surface: Surface, revision: Revision) -> Self {
        Launch {
            surface,
            revision,
            elicit: Elicit::Form,
            env: Vec::new(),
            dir: None,
            roots: None,
            token: true,
        }
    }

    /// The server started with no token: it has no credential unless a sign-in is made.
    #[must_use]
    pub fn without_token(mut self) -> Self {
        self.token = false;
        self
    }

    #[must_use]
    pub fn elicit(mut self, elicit: Elicit) -> Self {
        self.elicit = elicit;
        self
    }

    #[must_use]
    pub fn in_dir(mut self, dir: &std::path::Path) -> Self {
        self.dir = Some(dir.to_owned());
        self
    }

    #[must_use]
    pub fn roots(mut self, roots: Vec<String>) -> Self {
        self.roots = Some(roots);
        self
    }

    #[must_use]
    pub fn env(mut self, env: &[(&'static str, &'static str)]) -> Self {
        self.env.extend_from_slice(env);
        self
    }
}

/// A default launch for every surface on each of `revisions`.
pub fn launches(revisions: &[Revision]) -> Vec<Launch> {
    let pairs = SURFACES
        .iter()
        .flat_map(|surface| revisions.iter().map(move |revision| (*surface, *revision)));
    pairs
        .map(|(surface, revision)| Launch::new(surface, revision))
        .collect()
}

impl fmt::Display for Launch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "[{} on {}, {:?} client",
            self.surface, self.revision, self.elicit
        )?;
        for (name, value) in &self.env {
            write!(f, ", {name}={value}")?;
        }
        f.write_str("]")
    }
}

/// A finished tool call and the questions it asked.
#[derive(Debug)]
pub struct Run {
    pub result: CallToolResult,
    pub asked: Vec<Asked>,
    /// Scripted replies the server never asked for.
    pub unused: usize,
}

impl Run {
    pub fn keys(&self) -> Vec<&str> {
        self.asked.iter().map(|asked| asked.key.as_str()).collect()
    }

    pub fn text(&self) -> String {
        text(&self.result)
    }

    pub fn is_error(&self) -> bool {
        self.result.is_error == Some(true)
    }
}

/// The text blocks of a result, joined.
pub fn text(result: &CallToolResult) -> String {
    result
        .content
        .iter()
        .filter_map(|block| block.as_text().map(|text| text.text.clone()))
        .collect::<Vec<_>>()
        .join("\n")
}

pub struct Session {
    pub sandbox: Sandbox,
    pub client: ScriptedClient,
    pub launch: Launch,
    /// For seeding the sandbox directly; one per session, since building one is costly.
    pub http: reqwest::Client,
    service: RunningService<RoleClient, ScriptedClient>,
    process: ServerProcess,
}

impl Session {
    /// Starts a sandbox, the server pointed at it, and the client.
    pub async fn start(launch: Launch) -> Session {
        let sandbox = Sandbox::start().await.expect("the sandbox GitLab starts");
        let mut env: Vec<(String, String)> = vec![
            ("GITLAB_URL".into(), sandbox.base_url().to_string()),
            ("GITLAB_MCP_TOOL_SURFACE".into(), launch.surface.to_string()),
            // Bounded, so a client that never answers cannot hold a server forever.
            ("GITLAB_MCP_ELICITATION_TIMEOUT".into(), "20s".into()),
            ("GITLAB_MCP_REQUEST_TIMEOUT".into(), "10s".into()),
            ("RUST_LOG".into(), "warn".into()),
        ];
        if launch.token {
            env.push(("GITLAB_TOKEN".into(), TOKEN.into()));
        }
        env.extend(
            launch
                .env
                .iter()
                .map(|(name, value)| ((*name).to_owned(), (*value).to_owned())),
        );
        let dir = launch.dir.as_deref();
        let (process, stream) = ServerProcess::spawn(&server_binary(), server_setting, &env, dir)
            .unwrap_or_else(|error| panic!("{launch}: the server binary did not start: {error}"));
        let mut client = scripted(launch.elicit);
        if let Some(roots) = &launch.roots {
            client = client.with_roots(roots.clone());
        }
        let connect = client.clone().connect_over(stream, launch.revision.path());
        let service = match tokio::time::timeout(STARTUP_TIMEOUT, connect).await {
            Ok(Ok(service)) => service,
            Ok(Err(error)) => panic!(
                "{launch}: the client could not connect: {error}; server stderr:\n{}",
                process.stderr()
            ),
            Err(_) => panic!(
                "{launch}: no answer to the handshake within {STARTUP_TIMEOUT:?}; server stderr:\n{}",
                process.stderr()
            ),
        };
        Session {
            sandbox,
            client,
            launch,
            http: reqwest::Client::new(),
            service,
            process,
        }
    }

    /// Calls `tool` with `arguments` (a JSON object), running every MRTR round.
    pub async fn call(&self, tool: &str, arguments: Value) -> CallToolResult {
        self.call_within(tool, arguments, CALL_TIMEOUT).await
    }

    /// [`Session::call`], for a call that may take up to `limit` (a slow user's).
    pub async fn call_within(
        &self,
        tool: &str,
        arguments: Value,
        limit: Duration,
    ) -> CallToolResult {
        let request = request(tool, arguments);
        match tokio::time::timeout(limit, self.service.call_tool(request)).await {
            Ok(Ok(result)) => result,
            Ok(Err(error)) => panic!(
                "{}: calling `{tool}` failed: {error}; {}",
                self.launch,
                self.context()
            ),
            Err(_) => panic!(
                "{}: `{tool}` did not finish within {limit:?}; {}",
                self.launch,
                self.context()
            ),
        }
    }

    /// One `tools/call` sent with rmcp's request `options` (its own timeout, reset or not
    /// by progress), as a client with a request timeout sends it: the call's error is
    /// returned, not a panic. The legacy path's questions arrive inside this one call.
    pub async fn call_with(
        &self,
        tool: &str,
        arguments: Value,
        options: PeerRequestOptions,
    ) -> Result<CallToolResult, ServiceError> {
        let request =
            ClientRequest::CallToolRequest(CallToolRequest::new(request(tool, arguments)));
        let handle = self
            .service
            .peer()
            .send_request_with_option(request, options)
            .await?;
        match handle.await_response().await? {
            ServerResult::CallToolResult(result) => Ok(result),
            _ => Err(ServiceError::UnexpectedResponse),
        }
    }

    /// One `tools/call` as given (answers and requestState included), without running
    /// MRTR rounds.
    pub async fn call_once(&self, request: CallToolRequestParams) -> CallToolResponse {
        let tool = request.name.clone();
        match tokio::time::timeout(CALL_TIMEOUT, self.service.call_tool_once(request)).await {
            Ok(Ok(response)) => response,
            Ok(Err(error)) => panic!(
                "{}: calling `{tool}` failed: {error}; {}",
                self.launch,
                self.context()
            ),
            Err(_) => panic!(
                "{}: `{tool}` did not answer within {CALL_TIMEOUT:?}; {}",
                self.launch,
                self.context()
            ),
        }
    }

    /// Calls `tool` with the client answering from `replies`.
    pub async fn run(
        &self,
        tool: &str,
        arguments: Value,
        replies: impl IntoIterator<Item = Reply>,
    ) -> Run {
        self.client.script(replies);
        let result = self.call(tool, arguments).await;
        Run {
            result,
            asked: self.client.asked(),
            unused: self.client.unused(),
        }
    }

    /// The tool name and arguments that run catalog action `id` on this session's surface.
    pub fn action(&self, id: &str, params: Value, confirm: Option<bool>) -> (String, Value) {
        super::surface_call(self.launch.surface, id, params, confirm)
    }

    /// Runs catalog action `id` on this surface with the client answering from `replies`.
    pub async fn run_action(
        &self,
        id: &str,
        params: Value,
        confirm: Option<bool>,
        replies: impl IntoIterator<Item = Reply>,
    ) -> Run {
        let (tool, arguments) = self.action(id, params, confirm);
        self.run(&tool, arguments, replies).await
    }

    /// `prompts/get` of `name` with `arguments` (a JSON object).
    pub async fn prompt(&self, name: &str, arguments: Value) -> GetPromptResult {
        let Value::Object(arguments) = arguments else {
            panic!("prompt arguments must be a JSON object");
        };
        let request = GetPromptRequestParams::new(name).with_arguments(arguments);
        match tokio::time::timeout(CALL_TIMEOUT, self.service.get_prompt(request)).await {
            Ok(Ok(result)) => result,
            Ok(Err(error)) => panic!("{}: prompt `{name}` failed: {error}", self.launch),
            Err(_) => panic!("{}: prompt `{name}` did not answer in time", self.launch),
        }
    }

    /// What to show beside a failure: the server's stderr and what GitLab received.
    pub fn context(&self) -> String {
        format!(
            "GitLab received {:?}; server stderr:\n{}",
            self.sandbox
                .requests()
                .iter()
                .map(|r| format!("{} {}", r.method, r.path))
                .collect::<Vec<_>>(),
            self.process.stderr()
        )
    }

    /// Closes the client; the server exits when its stdin closes (or is killed when the
    /// process handle drops).
    pub async fn close(self) {
        let _ = tokio::time::timeout(STARTUP_TIMEOUT, self.service.cancel()).await;
    }
}

/// A `tools/call` of `tool` with `arguments` (a JSON object).
pub fn request(tool: &str, arguments: Value) -> CallToolRequestParams {
    let arguments: Map<String, Value> = match arguments {
        Value::Object(arguments) => arguments,
        other => panic!("tool arguments must be a JSON object, got {other}"),
    };
    CallToolRequestParams::new(tool.to_owned()).with_arguments(arguments)
}

/// The server under test: the binary cargo built for these tests, or the one
/// `GITLAB_MCP_SERVER_BIN` names (a release build, say).
fn server_binary() -> std::path::PathBuf {
    std::env::var_os("GITLAB_MCP_SERVER_BIN").map_or_else(
        || env!("CARGO_BIN_EXE_gitlab-mcp-server").into(),
        Into::into,
    )
}
