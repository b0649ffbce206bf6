//! A test kit for wizard authors: drive any [`Wizard`] with a scripted list of
//! replies on either wire path in a plain `#[test]`, with no server to write.
//!
//! The kit runs the real drivers over a real rmcp client/server pair joined by an
//! in-memory duplex pipe, so a passing test proves the wire, not a model of it. It
//! records each question the client was asked (key, message, schema) and returns
//! how the call ended.
//!
//! ```no_run
//! use serde_json::json;
//! use wizard::testkit::{self, Path, accept, decline};
//! # fn demo<W: wizard::Wizard>(args: W::Args) {
//! let report = testkit::run::<W>(Path::Mrtr, args, [
//!     accept(json!({"title": "Fix the login"})),
//!     decline(),
//!     accept(json!({"confirmed": true})),
//! ]);
//! assert_eq!(report.keys(), ["title", "description", "confirm"]);
//! let finished: W = report.finished();
//! # }
//! ```
//!
//! The kit panics, like an assertion, when the pair cannot be set up or the script
//! runs out of replies before the wizard stops asking.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ClientCapabilities, ClientConfig, ContentBlock,
    ElicitRequestParams, ElicitResult, ErrorData, Implementation, NumberOrString, ProgressNotificationParam,
    ProtocolVersion, ServerCapabilities, ServerConfig,
};
use rmcp::service::{NotificationContext, RequestContext, RoleClient, RoleServer, RunningService, Service};
use rmcp::{ClientHandler, ClientLifecycleMode, ClientServiceExt, ServerHandler, ServiceExt};
use serde_json::Value;

pub use crate::flow::Reply;
use crate::flow::{Flow, Outcome};
use crate::serve::Serve;
use crate::state::StateKeys;
use crate::wizard::Wizard;

/// Which wire path the scripted client takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Path {
    /// `initialize` on 2025-11-25: one `elicitation/create` per question.
    Sync,
    /// `server/discover` on 2026-07-28 with per-request `_meta`: `input_required` rounds.
    Mrtr,
    /// `initialize` asking for 2026-07-28, negotiated down to 2025-11-25, and still
    /// served `input_required` rounds (SPEC.md §5).
    MrtrDeclaredInInitialize,
}

/// Accept with this form content (a JSON object).
///
/// # Panics
/// When `content` is not an object.
pub fn accept(content: Value) -> Reply {
    match content {
        Value::Object(content) => Reply::Accept(Some(content)),
        other => panic!("accept(..) takes a JSON object, got {other}"),
    }
}

pub fn decline() -> Reply {
    Reply::Decline
}

pub fn cancel() -> Reply {
    Reply::Cancel
}

/// One question as the client received it.
#[derive(Debug, Clone, PartialEq)]
pub struct Asked {
    /// The `inputRequests` key on MRTR; on the sync path, where the key is not on the
    /// wire, the key of the question with this message (`confirm` for the summary).
    pub key: String,
    pub message: String,
    /// The `requestedSchema` (or `{"url": …}` for a url-mode request).
    pub schema: Value,
}

/// How a scripted run went.
pub struct Report<W> {
    pub asked: Vec<Asked>,
    /// The last outcome the server's flow produced (never `Pending` unless the client
    /// gave up).
    pub outcome: Outcome<W>,
    /// The final tool result the client received.
    pub result: CallToolResult,
    /// How many `tools/call` requests reached the server (MRTR: one per round).
    pub calls: usize,
    /// Replies left over when the call ended.
    pub unused: usize,
}

impl<W: Wizard> Report<W> {
    /// The keys asked, in order.
    pub fn keys(&self) -> Vec<&str> {
        self.asked.iter().map(|asked| asked.key.as_str()).collect()
    }

    /// The finished wizard.
    ///
    /// # Panics
    /// When the run ended any other way.
    pub fn finished(self) -> W {
        match self.outcome {
            Outcome::Finished(wizard) => wizard,
            other => panic!("the wizard did not finish: {}", other.error_text().unwrap_or_else(|| "still pending".into())),
        }
    }

    /// The text of the final tool result.
    pub fn text(&self) -> String {
        self.result
            .content
            .iter()
            .filter_map(|block| block.as_text().map(|text| text.text.clone()))
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// A configurable run: path, flow (keys, TTL, texts) and client capabilities.
#[derive(Debug, Clone)]
pub struct Kit {
    path: Path,
    flow: Flow,
    capabilities: ClientCapabilities,
}

/// Runs wizard `W` with `args` on `path`, answering with `replies` in order.
pub fn run<W: Wizard>(path: Path, args: W::Args, replies: impl IntoIterator<Item = Reply>) -> Report<W> {
    Kit::new(path).run(args, replies)
}

impl Kit {
    /// A client that declares form elicitation, and a flow with a random key.
    pub fn new(path: Path) -> Self {
        Kit {
            path,
            flow: Flow::new(StateKeys::random()),
            capabilities: ClientCapabilities::builder().enable_elicitation().build(),
        }
    }

    #[must_use]
    pub fn with_flow(mut self, flow: Flow) -> Self {
        self.flow = flow;
        self
    }

    #[must_use]
    pub fn with_capabilities(mut self, capabilities: ClientCapabilities) -> Self {
        self.capabilities = capabilities;
        self
    }

    pub fn run<W: Wizard>(&self, args: W::Args, replies: impl IntoIterator<Item = Reply>) -> Report<W> {
        let arguments = match serde_json::to_value(&args).expect("the wizard's Args serialize") {
            Value::Object(arguments) => Some(arguments),
            _ => None,
        };
        let server = WizardServer::<W>::new(self.flow.clone());
        let ended = server.ended.clone();
        let calls = server.calls.clone();
        let client = ScriptedClient::new(self.capabilities.clone(), replies).with_keys(key_of::<W>);
        let script = client.script.clone();
        let path = self.path;
        let result = block_on(async move {
            let pair = connect(Serve::new(server), path, client).await;
            let mut request = CallToolRequestParams::new(W::INFO.tool);
            request.arguments = arguments;
            let result = pair.client.call_tool(request).await;
            pair.close().await;
            result
        });
        let script = script.lock().unwrap_or_else(PoisonError::into_inner);
        let result = result.unwrap_or_else(|error| {
            panic!("the tool call failed: {error}; questions asked so far: {:#?}", script.asked)
        });
        let outcome = ended
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take()
            .expect("the server recorded how the call ended");
        Report {
            asked: script.asked.clone(),
            outcome,
            result,
            calls: calls.load(Ordering::SeqCst),
            unused: script.replies.len(),
        }
    }
}

/// The key of the question with this message; the summary is `confirm`.
fn key_of<W: Wizard>(message: &str) -> String {
    W::QUESTIONS
        .iter()
        .find(|question| question.message == message)
        .map_or(crate::schema::CONFIRM_KEY, |question| question.key)
        .to_owned()
}

fn block_on<F: Future>(future: F) -> F::Output {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a tokio runtime starts")
        .block_on(future)
}

/// A server with one tool, `W::INFO.tool`, that runs `W` through a [`Flow`] and
/// remembers how the call ended. A finished wizard answers with the text `finished`.
pub struct WizardServer<W: Wizard> {
    flow: Flow,
    ended: Arc<Mutex<Option<Outcome<W>>>>,
    calls: Arc<AtomicUsize>,
}

impl<W: Wizard> WizardServer<W> {
    pub fn new(flow: Flow) -> Self {
        WizardServer {
            flow,
            ended: Arc::new(Mutex::new(None)),
            calls: Arc::new(AtomicUsize::new(0)),
        }
    }
}

impl<W: Wizard> ServerHandler for WizardServer<W> {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        self.calls.fetch_add(1, Ordering::SeqCst);
        let arguments = Value::Object(request.arguments.clone().unwrap_or_default());
        let args: W::Args = serde_json::from_value(arguments)
            .map_err(|error| ErrorData::invalid_params(format!("bad arguments: {error}"), None))?;
        let outcome = self.flow.run::<W>(args, &request, &context).await;
        let response = match &outcome {
            Outcome::Finished(_) => CallToolResponse::Complete(CallToolResult::success(vec![ContentBlock::text("finished")])),
            Outcome::Pending(input) => CallToolResponse::InputRequired(input.clone()),
            ended => CallToolResponse::Complete(CallToolResult::error(vec![ContentBlock::text(
                ended.error_text().unwrap_or_default(),
            )])),
        };
        *self.ended.lock().unwrap_or_else(PoisonError::into_inner) = Some(outcome);
        Ok(response)
    }
}

struct Script {
    replies: VecDeque<Reply>,
    asked: Vec<Asked>,
    progress: Vec<String>,
}

/// A client that answers every elicitation from a script and records what it was
/// asked. It declares the given capabilities (in `initialize`, or in each request's
/// `_meta` on 2026-07-28).
#[derive(Clone)]
pub struct ScriptedClient {
    capabilities: ClientCapabilities,
    version: ProtocolVersion,
    script: Arc<Mutex<Script>>,
    keys: fn(&str) -> String,
}

impl ScriptedClient {
    pub fn new(capabilities: ClientCapabilities, replies: impl IntoIterator<Item = Reply>) -> Self {
        ScriptedClient {
            capabilities,
            version: ProtocolVersion::V_2025_11_25,
            script: Arc::new(Mutex::new(Script {
                replies: replies.into_iter().collect(),
                asked: Vec::new(),
                progress: Vec::new(),
            })),
            keys: |message| message.to_owned(),
        }
    }

    /// How the sync path names a question, whose key is not on the wire (by default
    /// its message).
    #[must_use]
    pub fn with_keys(mut self, keys: fn(&str) -> String) -> Self {
        self.keys = keys;
        self
    }

    /// The questions asked so far.
    pub fn asked(&self) -> Vec<Asked> {
        self.script.lock().unwrap_or_else(PoisonError::into_inner).asked.clone()
    }

    /// The messages of the progress notifications received so far.
    pub fn progress(&self) -> Vec<String> {
        self.script.lock().unwrap_or_else(PoisonError::into_inner).progress.clone()
    }
}

impl ClientHandler for ScriptedClient {
    fn get_info(&self) -> ClientConfig {
        ClientConfig::new(self.capabilities.clone(), Implementation::new("wizard-testkit", "0.0.0"))
            .with_protocol_version(self.version.clone())
    }

    async fn on_progress(&self, params: ProgressNotificationParam, _context: NotificationContext<RoleClient>) {
        let mut script = self.script.lock().unwrap_or_else(PoisonError::into_inner);
        script.progress.push(params.message.unwrap_or_default());
    }

    async fn create_elicitation(
        &self,
        request: ElicitRequestParams,
        context: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        let (message, schema) = match request {
            ElicitRequestParams::FormElicitationParams {
                message,
                requested_schema,
                ..
            } => (message, serde_json::to_value(requested_schema).unwrap_or_default()),
            ElicitRequestParams::UrlElicitationParams { message, url, .. } => (message, serde_json::json!({ "url": url })),
            _ => return Err(ErrorData::invalid_params("unknown elicitation mode", None)),
        };
        // On MRTR the rmcp client names each input request's context after its key.
        let key = match &context.id {
            NumberOrString::String(key) => key.to_string(),
            NumberOrString::Number(_) => (self.keys)(&message),
        };
        let mut script = self.script.lock().unwrap_or_else(PoisonError::into_inner);
        script.asked.push(Asked { key: key.clone(), message, schema });
        match script.replies.pop_front() {
            Some(reply) => Ok(reply.to_result()),
            None => Err(ErrorData::internal_error(
                format!("the script has no reply left for question `{key}`"),
                None,
            )),
        }
    }
}

/// A connected pair: the running client, and the server's task.
pub struct Pair {
    pub client: RunningService<RoleClient, ScriptedClient>,
    server: tokio::task::JoinHandle<()>,
}

impl Pair {
    /// Closes the client and waits for the server to stop.
    pub async fn close(self) {
        let _ = self.client.cancel().await;
        let _ = self.server.await;
    }
}

/// Serves `server` on one end of an in-memory pipe and connects `client` on `path`.
///
/// # Panics
/// When the handshake fails.
pub async fn connect<S: Service<RoleServer>>(server: S, path: Path, mut client: ScriptedClient) -> Pair {
    let (server_io, client_io) = tokio::io::duplex(64 * 1024);
    let server = tokio::spawn(async move {
        if let Ok(running) = server.serve(server_io).await {
            let _ = running.waiting().await;
        }
    });
    let lifecycle = match path {
        Path::Sync => ClientLifecycleMode::Initialize,
        Path::MrtrDeclaredInInitialize => {
            client.version = ProtocolVersion::V_2026_07_28;
            ClientLifecycleMode::Initialize
        }
        Path::Mrtr => ClientLifecycleMode::Discover {
            preferred_versions: vec![ProtocolVersion::V_2026_07_28],
        },
    };
    let client = client
        .serve_with_lifecycle(client_io, lifecycle)
        .await
        .unwrap_or_else(|error| panic!("the test client could not connect: {error}"));
    Pair { client, server }
}
