//! A scripted MCP client: answers every elicitation from a queue of replies, and records
//! every question it was asked and every progress notification it received.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use rmcp::ClientHandler;
use rmcp::model::{
    ClientCapabilities, ClientConfig, ElicitRequestParams, ElicitResult, ElicitationAction,
    ElicitationCapability, ErrorData, FormElicitationCapability, Implementation, NumberOrString,
    ProgressNotificationParam, ProtocolVersion, UrlElicitationCapability,
};
use rmcp::service::{NotificationContext, RequestContext, RoleClient};
use serde_json::{Value, json};

use super::spec;

/// One scripted answer.
#[derive(Debug, Clone, PartialEq)]
pub enum Reply {
    Accept(Value),
    Decline,
    Cancel,
}

/// Accept a text question with `value` under its `key`.
pub fn answer(key: &str, value: &str) -> Reply {
    Reply::Accept(json!({ key: value }))
}

pub fn yes() -> Reply {
    Reply::Accept(json!({"confirmed": true}))
}

pub fn no() -> Reply {
    Reply::Accept(json!({"confirmed": false}))
}

/// Accept a choice question with `option`.
pub fn pick(option: &str) -> Reply {
    Reply::Accept(json!({"selection": option}))
}

/// What the client declares about elicitation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Elicit {
    /// `elicitation: {form: {}}`.
    Form,
    /// No elicitation capability.
    None,
    /// `elicitation: {url: {}}` only.
    UrlOnly,
}

impl Elicit {
    fn capabilities(self) -> ClientCapabilities {
        let mut capabilities = ClientCapabilities::default();
        capabilities.elicitation = match self {
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

/// One question as the client received it.
#[derive(Debug, Clone, PartialEq)]
pub struct Asked {
    /// The `inputRequests` key on 2026-07-28; on the legacy path, where no key travels,
    /// the key SPEC gives the question with this message ([`spec::key_of`]).
    pub key: String,
    pub message: String,
    pub schema: Value,
}

/// One progress notification.
#[derive(Debug, Clone, PartialEq)]
pub struct Progress {
    pub token: Value,
    pub progress: f64,
    pub message: Option<String>,
}

#[derive(Default)]
struct Script {
    replies: VecDeque<Reply>,
    asked: Vec<Asked>,
    progress: Vec<Progress>,
}

/// Clones share one script.
#[derive(Clone)]
pub struct ScriptedClient {
    capabilities: ClientCapabilities,
    version: ProtocolVersion,
    script: Arc<Mutex<Script>>,
}

impl ScriptedClient {
    pub fn new(elicit: Elicit, version: ProtocolVersion) -> Self {
        ScriptedClient {
            capabilities: elicit.capabilities(),
            version,
            script: Arc::default(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Script> {
        self.script.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Starts a new script: these replies, nothing asked yet.
    pub fn script(&self, replies: impl IntoIterator<Item = Reply>) {
        let mut script = self.lock();
        script.replies = replies.into_iter().collect();
        script.asked.clear();
    }

    /// The questions asked since the script started.
    pub fn asked(&self) -> Vec<Asked> {
        self.lock().asked.clone()
    }

    /// Replies the server never asked for.
    pub fn unused(&self) -> usize {
        self.lock().replies.len()
    }

    pub fn progress(&self) -> Vec<Progress> {
        self.lock().progress.clone()
    }

    pub fn clear_progress(&self) {
        self.lock().progress.clear();
    }
}

impl ClientHandler for ScriptedClient {
    fn get_info(&self) -> ClientConfig {
        ClientConfig::new(
            self.capabilities.clone(),
            Implementation::new("wizard-e2e", "0.0.0"),
        )
        .with_protocol_version(self.version.clone())
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
        let ElicitRequestParams::FormElicitationParams {
            message,
            requested_schema,
            ..
        } = request
        else {
            return Err(ErrorData::invalid_params(
                "the e2e client answers form questions only",
                None,
            ));
        };
        let schema = serde_json::to_value(&requested_schema).unwrap_or_default();
        // rmcp's client names an input request's context after its `inputRequests` key.
        let key = match &context.id {
            NumberOrString::String(key) => key.to_string(),
            NumberOrString::Number(_) => spec::key_of(&message, &schema),
        };
        let mut script = self.lock();
        script.asked.push(Asked {
            key: key.clone(),
            message,
            schema,
        });
        match script.replies.pop_front() {
            Some(Reply::Accept(content)) => {
                Ok(ElicitResult::new(ElicitationAction::Accept).with_content(content))
            }
            Some(Reply::Decline) => Ok(ElicitResult::new(ElicitationAction::Decline)),
            Some(Reply::Cancel) => Ok(ElicitResult::new(ElicitationAction::Cancel)),
            None => Err(ErrorData::internal_error(
                format!("the e2e script has no reply left for `{key}`"),
                None,
            )),
        }
    }
}
