//! The client side of a scripted run, and the in-memory pipe that joins the pair.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use rmcp::model::{
    ClientCapabilities, ClientConfig, ElicitRequestParams, ElicitResult, ErrorData, Implementation,
    NumberOrString, ProgressNotificationParam, ProtocolVersion,
};
use rmcp::service::{
    NotificationContext, RequestContext, RoleClient, RoleServer, RunningService, Service,
};
use rmcp::{ClientHandler, ClientLifecycleMode, ClientServiceExt, ServiceExt};

use super::{Asked, Path, Reply};

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
        self.lock().asked.clone()
    }

    /// How many replies are left.
    pub fn unused(&self) -> usize {
        self.lock().replies.len()
    }

    fn lock(&self) -> MutexGuard<'_, Script> {
        self.script.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The messages of the progress notifications received so far.
    pub fn progress(&self) -> Vec<String> {
        self.lock().progress.clone()
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

    async fn on_progress(
        &self,
        params: ProgressNotificationParam,
        _context: NotificationContext<RoleClient>,
    ) {
        let mut script = self.lock();
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
            NumberOrString::Number(_) => (self.keys)(&message),
        };
        let mut script = self.lock();
        script.asked.push(Asked {
            key: key.clone(),
            message,
            schema,
        });
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
pub async fn connect<S: Service<RoleServer>>(
    server: S,
    path: Path,
    mut client: ScriptedClient,
) -> Pair {
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
