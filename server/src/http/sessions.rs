//! The sessions of a stateful deployment (`--stateless=false`): at most
//! `GITLAB_MCP_MAX_SESSIONS` open at once, each ended after
//! `GITLAB_MCP_SESSION_IDLE_TIMEOUT` without a message.
//!
//! Every session holds its worker task and channels: without a cap, a flood of
//! `initialize` requests takes the memory. Over the cap an `initialize` is answered 503
//! with a JSON-RPC error naming the setting, and `Retry-After`; the sessions already open
//! are served as before.
//!
//! The count is exact: [`gate`] takes a place before an `initialize` reaches rmcp, and
//! gives it back unless the request opened a session; [`CappedSessions`], rmcp's session
//! manager wrapped, keeps the place for as long as that session lives.
//!
//! A session belongs to the caller that opened it ([`RequestCaller`]): a request of
//! anyone else's naming it gets the answer an unknown session gets, so a session id
//! that leaks lets nobody act inside it.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, PoisonError};
use std::time::Duration;

use axum::extract::{Request, State};
use axum::http::header::RETRY_AFTER;
use axum::http::{HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use futures_core::Stream;
use rmcp::model::{ClientJsonRpcMessage, ErrorCode, ServerJsonRpcMessage};
use rmcp::transport::streamable_http_server::session::local::{
    LocalSessionManager, LocalSessionManagerError,
};
use rmcp::transport::streamable_http_server::session::{
    ServerSseMessage, SessionId, SessionManager,
};
use tokio::sync::Mutex;
use wizard::state::Caller;

use super::caller::RequestCaller;
use super::messages::{Checked, refused};
use crate::incoming::Refusal;

/// The header naming a request's session.
const SESSION_ID: &str = "mcp-session-id";

/// JSON-RPC's implementation-defined server error: the server cannot take this now.
const SERVER_BUSY: ErrorCode = ErrorCode(-32000);
/// Seconds a refused client is told to wait.
const RETRY_AFTER_SECONDS: &str = "10";

tokio::task_local! {
    /// The place the gate took for the `initialize` this task is serving.
    static PLACE: Arc<Place>;
}

/// A place taken under the cap for one `initialize`; `used` once its session is open.
struct Place {
    used: AtomicBool,
}

/// rmcp's session manager with a cap on open sessions and an idle timeout.
pub(super) struct CappedSessions {
    inner: LocalSessionManager,
    max: usize,
    /// Places taken: open sessions, and `initialize` requests on their way to open one.
    taken: AtomicUsize,
    /// Closing is one at a time, so that a session closed twice (a DELETE racing its
    /// idle timeout) gives its place back once.
    closing: Mutex<()>,
    /// `initialize` requests refused so far (logged every thousandth, not each).
    refused: AtomicUsize,
    /// Who opened each open session.
    owners: std::sync::Mutex<HashMap<SessionId, Caller>>,
}

/// A session manager error, or the cap reached by a session opened outside the gate.
#[derive(Debug, thiserror::Error)]
pub(super) enum SessionsError {
    #[error(transparent)]
    Local(#[from] LocalSessionManagerError),
    #[error("the server holds its limit of {0} sessions (GITLAB_MCP_MAX_SESSIONS); retry later")]
    Full(usize),
}

impl CappedSessions {
    /// At most `max` sessions, each ended after `idle` without a message.
    pub(super) fn new(max: usize, idle: Duration) -> Arc<Self> {
        let mut inner = LocalSessionManager::default();
        inner.session_config.keep_alive = Some(idle);
        Arc::new(CappedSessions {
            inner,
            max,
            taken: AtomicUsize::new(0),
            closing: Mutex::new(()),
            refused: AtomicUsize::new(0),
            owners: std::sync::Mutex::default(),
        })
    }

    fn owners(&self) -> std::sync::MutexGuard<'_, HashMap<SessionId, Caller>> {
        self.owners.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Sessions open now.
    pub(super) async fn open(&self) -> usize {
        self.inner.sessions.read().await.len()
    }

    fn take(&self) -> bool {
        self.taken
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |taken| {
                (taken < self.max).then_some(taken + 1)
            })
            .is_ok()
    }

    fn give_back(&self) {
        self.taken.fetch_sub(1, Ordering::AcqRel);
    }
}

impl SessionManager for CappedSessions {
    type Error = SessionsError;
    type Transport = <LocalSessionManager as SessionManager>::Transport;

    async fn create_session(&self) -> Result<(SessionId, Self::Transport), Self::Error> {
        // The gate took this request's place; a session opened any other way takes its own.
        let placed = PLACE
            .try_with(|place| !place.used.swap(true, Ordering::AcqRel))
            .unwrap_or(false);
        if !placed && !self.take() {
            return Err(SessionsError::Full(self.max));
        }
        self.inner.create_session().await.map_err(|error| {
            self.give_back();
            SessionsError::Local(error)
        })
    }

    async fn initialize_session(
        &self,
        id: &SessionId,
        message: ClientJsonRpcMessage,
    ) -> Result<ServerJsonRpcMessage, Self::Error> {
        Ok(self.inner.initialize_session(id, message).await?)
    }

    async fn has_session(&self, id: &SessionId) -> Result<bool, Self::Error> {
        Ok(self.inner.has_session(id).await?)
    }

    async fn close_session(&self, id: &SessionId) -> Result<(), Self::Error> {
        let _one_at_a_time = self.closing.lock().await;
        let open = self.inner.has_session(id).await?;
        self.inner.close_session(id).await?;
        if open {
            self.give_back();
        }
        self.owners().remove(id);
        Ok(())
    }

    async fn create_stream(
        &self,
        id: &SessionId,
        message: ClientJsonRpcMessage,
    ) -> Result<impl Stream<Item = ServerSseMessage> + Send + Sync + 'static, Self::Error> {
        Ok(self.inner.create_stream(id, message).await?)
    }

    async fn accept_message(
        &self,
        id: &SessionId,
        message: ClientJsonRpcMessage,
    ) -> Result<(), Self::Error> {
        Ok(self.inner.accept_message(id, message).await?)
    }

    async fn create_standalone_stream(
        &self,
        id: &SessionId,
    ) -> Result<impl Stream<Item = ServerSseMessage> + Send + Sync + 'static, Self::Error> {
        Ok(self.inner.create_standalone_stream(id).await?)
    }

    async fn resume(
        &self,
        id: &SessionId,
        last_event_id: String,
    ) -> Result<impl Stream<Item = ServerSseMessage> + Send + Sync + 'static, Self::Error> {
        Ok(self.inner.resume(id, last_event_id).await?)
    }
}

/// Serves a request naming a session only when its caller opened that session, and
/// lets an `initialize` without a session through only when a place is free under the
/// cap (503 with a JSON-RPC error otherwise), recording who opened the session.
pub(super) async fn gate(
    State(sessions): State<Arc<CappedSessions>>,
    request: Request,
    next: Next,
) -> Response {
    let caller = request.extensions().get::<RequestCaller>().map(|c| c.0);
    if let Some(session) = request.headers().get(SESSION_ID) {
        let owner = session
            .to_str()
            .ok()
            .and_then(|id| sessions.owners().get(id).copied());
        // An unknown session is rmcp's to answer; someone else's gets the same answer.
        if owner.is_some_and(|owner| Some(owner) != caller) {
            return session_not_found();
        }
        return next.run(request).await;
    }
    let initialize = request
        .extensions()
        .get::<Checked>()
        .filter(|checked| checked.method.as_deref() == Some("initialize"))
        .map(|checked| checked.id.clone());
    let opens_session =
        request.method() == Method::POST && !request.headers().contains_key("mcp-session-id");
    let Some(id) = initialize.filter(|_| opens_session) else {
        return next.run(request).await;
    };
    if !sessions.take() {
        let refused_so_far = sessions.refused.fetch_add(1, Ordering::Relaxed) + 1;
        if refused_so_far % 1000 == 1 {
            let open = sessions.open().await;
            tracing::warn!(
                max = sessions.max,
                open,
                refused_so_far,
                "refused a new session: the server holds its limit of sessions (GITLAB_MCP_MAX_SESSIONS)"
            );
        }
        let refusal = Refusal {
            code: SERVER_BUSY,
            message: format!(
                "Server busy: {} sessions are open, the limit (GITLAB_MCP_MAX_SESSIONS); retry \
                 later, or end sessions you no longer use (HTTP DELETE with their \
                 Mcp-Session-Id)",
                sessions.max
            ),
            id,
            answerable: true,
        };
        let mut response = refused(StatusCode::SERVICE_UNAVAILABLE, &refusal, false);
        response
            .headers_mut()
            .insert(RETRY_AFTER, HeaderValue::from_static(RETRY_AFTER_SECONDS));
        return response;
    }
    let place = Arc::new(Place {
        used: AtomicBool::new(false),
    });
    let _unless_used = GiveBack {
        place: Arc::clone(&place),
        sessions: Arc::clone(&sessions),
    };
    // rmcp opens the session inside this call, on this task.
    let response = PLACE.scope(place, next.run(request)).await;
    let opened = response
        .headers()
        .get(SESSION_ID)
        .and_then(|id| id.to_str().ok());
    if let (Some(id), Some(caller)) = (opened, caller) {
        sessions.owners().insert(SessionId::from(id), caller);
    }
    response
}

/// What rmcp answers a request naming a session it does not hold.
fn session_not_found() -> Response {
    (StatusCode::NOT_FOUND, "Not Found: Session not found").into_response()
}

/// Gives the place back when the request ends without opening a session (answered, or
/// dropped with its connection).
struct GiveBack {
    place: Arc<Place>,
    sessions: Arc<CappedSessions>,
}

impl Drop for GiveBack {
    fn drop(&mut self) {
        if !self.place.used.swap(true, Ordering::AcqRel) {
            self.sessions.give_back();
        }
    }
}
