//! The client side of a scripted run, and the in-memory pipe that joins the pair.
//!
//! The one scripted client for every test: the kit's own runs, hand-driven rounds,
//! the end-to-end tests over the real binary's stdio and the HTTP tests.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use rmcp::model::{
    ClientCapabilities, ClientConfig, ElicitRequestParams, ElicitResult, ElicitationCapability,
    ErrorData, FormElicitationCapability, Implementation, NumberOrString,
    ProgressNotificationParam, ProtocolVersion, RootsCapabilities, UrlElicitationCapability,
};
#[expect(deprecated, reason = "roots: see `list_roots`")]
use rmcp::model::{ListRootsResult, Root};
use rmcp::service::{
    ClientInitializeError, NotificationContext, RequestContext, RoleClient, RoleServer,
    RunningService, Service,
};
use rmcp::transport::IntoTransport;
use rmcp::{ClientHandler, ClientLifecycleMode, ClientServiceExt, ServiceExt};
use serde_json::Value;

use super::asked::Asked;
use super::path::Path;
use crate::flow::Reply;

/// What a client declares about elicitation: the presets the tests need.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Elicit {
    /// `elicitation: {form: {}}`.
    Form,
    /// No elicitation capability.
    None,
    /// `elicitation: {url: {}}` only.
    UrlOnly,
}

impl From<Elicit> for ClientCapabilities {
    fn from(elicit: Elicit) -> Self {
        let mut capabilities = ClientCapabilities::default();
        capabilities.elicitation = match elicit {
            Elicit::Form => {
                Some(ElicitationCapability::new().with_form(FormElicitationCapability::default()))
            }
            Elicit::None => None,
            Elicit::UrlOnly => {
                Some(ElicitationCapability::new().with_url(UrlElicitationCapability::default()))
            }
        };
        capabilities
    }
}

/// One progress notification as the client received it.
#[derive(Debug, Clone, PartialEq)]
pub struct Progress {
    /// The progress token, as JSON.
    pub token: Value,
    pub progress: f64,
    pub message: Option<String>,
}

#[derive(Default)]
struct Script {
    replies: VecDeque<Reply>,
    asked: Vec<Asked>,
    progress: Vec<Progress>,
    /// How long the user thinks before the next reply.
    thinking: Duration,
}

/// How the sync path names a question from its message and schema.
pub type KeyOf = fn(&str, &Value) -> String;

/// A client that answers every elicitation from a script and records what it was
/// asked and every progress notification. It declares the given capabilities (in
/// `initialize`, or in each request's `_meta` on 2026-07-28). Clones share one script.
#[derive(Clone)]
pub struct ScriptedClient {
    capabilities: ClientCapabilities,
    /// The `file://` roots it lists, when it declares roots.
    roots: Vec<String>,
    version: ProtocolVersion,
    script: Arc<Mutex<Script>>,
    keys: KeyOf,
}

impl ScriptedClient {
    /// A 2025-11-25 client declaring `capabilities` (a [`ClientCapabilities`] or an
    /// [`Elicit`] preset) that answers with `replies` in order.
    pub fn new(
        capabilities: impl Into<ClientCapabilities>,
        replies: impl IntoIterator<Item = Reply>,
    ) -> Self {
        let client = ScriptedClient {
            capabilities: capabilities.into(),
            roots: Vec::new(),
            version: ProtocolVersion::V_2025_11_25,
            script: Arc::default(),
            keys: |message, _schema| message.to_owned(),
        };
        client.script(replies);
        client
    }

    /// How the sync path names a question, whose key is not on the wire: from its
    /// message and requested schema (by default, its message).
    #[must_use]
    pub fn with_keys(mut self, keys: KeyOf) -> Self {
        self.keys = keys;
        self
    }

    /// Declares roots and lists these URIs (`file:///…`) as the open workspace.
    #[must_use]
    pub fn with_roots(mut self, roots: impl IntoIterator<Item = String>) -> Self {
        self.capabilities.roots = Some(RootsCapabilities::default());
        self.roots = roots.into_iter().collect();
        self
    }

    /// Starts a new script: these replies, nothing asked yet. Progress records stay.
    pub fn script(&self, replies: impl IntoIterator<Item = Reply>) {
        let mut script = self.lock();
        script.replies = replies.into_iter().collect();
        script.asked.clear();
    }

    /// Replies to the next question only `thinking` after it was asked, as a user who
    /// takes their time: for tests of what a server does while a question stays open.
    pub fn think(&self, thinking: Duration) {
        self.lock().thinking = thinking;
    }

    /// The questions asked since the script started.
    pub fn asked(&self) -> Vec<Asked> {
        self.lock().asked.clone()
    }

    /// How many replies are left.
    pub fn unused(&self) -> usize {
        self.lock().replies.len()
    }

    /// The messages of the progress notifications received so far.
    pub fn progress(&self) -> Vec<String> {
        let script = self.lock();
        let messages = script.progress.iter().map(|note| note.message.clone());
        messages.map(Option::unwrap_or_default).collect()
    }

    /// Every progress notification received so far, token and number included.
    pub fn progress_notifications(&self) -> Vec<Progress> {
        self.lock().progress.clone()
    }

    /// Forgets the progress notifications received so far.
    pub fn clear_progress(&self) {
        self.lock().progress.clear();
    }

    fn lock(&self) -> MutexGuard<'_, Script> {
        self.script.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Connects over `transport` with the handshake `path` names: `initialize` on
    /// 2025-11-25, `server/discover` on 2026-07-28, or `initialize` asking for it.
    ///
    /// # Errors
    /// When the handshake fails.
    pub async fn connect_over<T, E, A>(
        mut self,
        transport: T,
        path: Path,
    ) -> Result<RunningService<RoleClient, Self>, ClientInitializeError>
    where
        T: IntoTransport<RoleClient, E, A>,
        E: std::error::Error + Send + Sync + 'static,
    {
        let lifecycle = match path {
            Path::Sync => ClientLifecycleMode::Initialize,
            Path::MrtrDeclaredInInitialize => {
                self.version = ProtocolVersion::V_2026_07_28;
                ClientLifecycleMode::Initialize
            }
            Path::Mrtr => {
                self.version = ProtocolVersion::V_2026_07_28;
                ClientLifecycleMode::Discover {
                    preferred_versions: vec![ProtocolVersion::V_2026_07_28],
                }
            }
        };
        self.serve_with_lifecycle(transport, lifecycle).await
    }
}

impl ClientHandler for ScriptedClient {
    fn get_info(&self) -> ClientConfig {
        ClientConfig::new(
            self.capabilities.clone(),
            Implementation::new("wizard-testkit", "0.0.0"),
        )
        .with_protocol_version(self.version.clone())
    }

    #[expect(
        deprecated,
        reason = "roots leave the protocol after 2025-11-25 (SEP-2577); servers of that revision still ask"
    )]
    async fn list_roots(
        &self,
        _context: RequestContext<RoleClient>,
    ) -> Result<ListRootsResult, ErrorData> {
        let roots = self.roots.iter().map(|uri| Root::new(uri.clone()));
        Ok(ListRootsResult::new(roots.collect()))
    }

    async fn on_progress(
        &self,
        params: ProgressNotificationParam,
        _context: NotificationContext<RoleClient>,
    ) {
        let token = serde_json::to_value(&params.progress_token).unwrap_or_default();
        self.lock().progress.push(Progress {
            token,
            progress: params.progress,
            message: params.message,
        });
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
            } => (
                message,
                serde_json::to_value(requested_schema).unwrap_or_default(),
            ),
            ElicitRequestParams::UrlElicitationParams { message, url, .. } => {
                (message, serde_json::json!({ "url": url }))
            }
            _ => return Err(ErrorData::invalid_params("unknown elicitation mode", None)),
        };
        // On MRTR the rmcp client names each input request's context after its key.
        let key = match &context.id {
            NumberOrString::String(key) => key.to_string(),
            NumberOrString::Number(_) => (self.keys)(&message, &schema),
        };
        let (reply, thinking) = {
            let mut script = self.lock();
            script.asked.push(Asked {
                key: key.clone(),
                message,
                schema,
            });
            (
                script.replies.pop_front(),
                std::mem::take(&mut script.thinking),
            )
        };
        tokio::time::sleep(thinking).await;
        match reply {
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
pub async fn connect<S: Service<RoleServer>>(
    server: S,
    path: Path,
    client: ScriptedClient,
) -> Pair {
    let (server_io, client_io) = tokio::io::duplex(64 * 1024);
    let server = tokio::spawn(async move {
        if let Ok(running) = server.serve(server_io).await {
            let _ = running.waiting().await;
        }
    });
    let client = client
        .connect_over(client_io, path)
        .await
        .unwrap_or_else(|error| panic!("the test client could not connect: {error}"));
    Pair { client, server }
}
