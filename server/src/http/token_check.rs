//! Whether a request's own bearer token is one GitLab accepts, checked before the request
//! is served (`GET /api/v4/user` with it), so that an expired or revoked OAuth token gets
//! the HTTP `401` the MCP authorization spec asks for — a client then signs its user in
//! again — rather than a tool error. A `PRIVATE-TOKEN` is not checked: it is an access
//! token no client can renew by itself, and GitLab's refusal of it comes back in the
//! tool's error. The answer is kept a minute per token, keyed by the token's digest (never
//! the token): one GitLab check per token per minute.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use axum::extract::{Request, State};
use axum::http::header::WWW_AUTHENTICATE;
use axum::http::{HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::Response;
use rmcp::model::ErrorCode;
use wizard::state::Caller;

use super::caller::RequestToken;
use super::messages::refused;
use super::resource_metadata::Resource;
use crate::gitlab::{ApiRequest, GitLab};
use crate::incoming::Refusal;

/// How long GitLab's answer about a token is trusted.
const FRESH: Duration = Duration::from_secs(60);
/// Tokens remembered at most; older answers are dropped first past it.
const REMEMBERED: usize = 10_000;

/// The checks, shared by every request of the server.
#[derive(Clone)]
pub struct TokenCheck {
    gitlab: GitLab,
    resource: Resource,
    known: Arc<Mutex<HashMap<Caller, (Instant, bool)>>>,
}

impl TokenCheck {
    pub fn new(gitlab: GitLab, resource: Resource) -> TokenCheck {
        TokenCheck {
            gitlab,
            resource,
            known: Arc::default(),
        }
    }

    /// Whether GitLab accepts the token: refused only on GitLab's own `401`; a GitLab that
    /// cannot be reached leaves the call to say so.
    async fn accepted(&self, token: &crate::gitlab::Token) -> bool {
        let key = token.caller();
        let now = Instant::now();
        let remembered = self.lock().get(&key).copied();
        if let Some((at, accepted)) = remembered
            && now.duration_since(at) < FRESH
        {
            return accepted;
        }
        let answer = self
            .gitlab
            .with_token(token.clone())
            .send(ApiRequest::get().segment("user"))
            .await;
        let accepted = !matches!(&answer, Err(error) if error.status() == Some(401));
        let mut known = self.lock();
        if known.len() >= REMEMBERED {
            known.retain(|_, (at, _)| now.duration_since(*at) < FRESH);
        }
        known.insert(key, (now, accepted));
        accepted
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<Caller, (Instant, bool)>> {
        self.known.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// Serves a request whose token GitLab accepts (or that brings none: the credentials
/// layer decided about those); answers `401 invalid_token` for one GitLab refuses.
pub async fn check_token(
    State(check): State<TokenCheck>,
    request: Request,
    next: Next,
) -> Response {
    let token = match request.extensions().get::<RequestToken>() {
        Some(RequestToken(token)) if token.is_bearer() => token.clone(),
        _ => return next.run(request).await,
    };
    if check.accepted(&token).await {
        return next.run(request).await;
    }
    let refusal = Refusal {
        code: ErrorCode(-32001),
        message: "Unauthorized: GitLab refuses this request's token (expired or revoked); \
                  sign in again (the `resource_metadata` of the `WWW-Authenticate` header \
                  says where) or send another token"
            .to_owned(),
        id: None,
        answerable: true,
    };
    let mut response = refused(StatusCode::UNAUTHORIZED, &refusal, false);
    let challenge = format!(
        "{}, error=\"invalid_token\", error_description=\"GitLab refuses the token\"",
        check.resource.challenge(request.headers())
    );
    if let Ok(challenge) = HeaderValue::from_str(&challenge) {
        response.headers_mut().insert(WWW_AUTHENTICATE, challenge);
    }
    response
}
