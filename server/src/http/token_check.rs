//! Whether a request's own bearer token is one GitLab accepts, checked before the request
//! is served (`GET /api/v4/user` with it), so that an expired or revoked OAuth token gets
//! the HTTP `401` the MCP authorization spec asks for — a client then signs its user in
//! again — rather than a tool error. A `PRIVATE-TOKEN` is not checked: it is an access
//! token no client can renew by itself, and GitLab's refusal of it comes back in the
//! tool's error.
//!
//! The check fails closed: only GitLab's 200 lets the request through. GitLab's 401 or
//! 403 is answered `401 invalid_token`; anything else (another status, no answer within
//! [`CHECK_TIMEOUT`], no connection) is answered 503 with `Retry-After`, nothing served.
//! What GitLab said is remembered a minute per token and checks are bounded per token and
//! per second ([`super::token_verdicts`], [`super::check_rate`]).

use std::sync::Arc;
use std::time::Duration;

use axum::extract::{Request, State};
use axum::http::header::{RETRY_AFTER, WWW_AUTHENTICATE};
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::Response;
use rmcp::model::ErrorCode;

use super::caller::RequestToken;
use super::check_rate::CheckRate;
use super::messages::refused;
use super::resource_metadata::Resource;
use super::token_verdicts::{Verdict, Verdicts};
use crate::gitlab::{ApiRequest, GitLab, Token};
use crate::incoming::Refusal;

/// How long GitLab may take to answer a check: a client is kept waiting no longer.
const CHECK_TIMEOUT: Duration = Duration::from_secs(10);
/// Seconds a client is told to wait when GitLab could not answer a check.
const RETRY_AFTER_GITLAB: &str = "5";
/// Seconds a client is told to wait when the bound on checks a second was reached.
const RETRY_AFTER_BUSY: &str = "1";
/// JSON-RPC's implementation-defined server errors.
const UNAUTHORIZED: ErrorCode = ErrorCode(-32001);
const UNAVAILABLE: ErrorCode = ErrorCode(-32000);

/// The checks, shared by every request of the server.
#[derive(Clone)]
pub struct TokenCheck {
    gitlab: GitLab,
    resource: Resource,
    verdicts: Arc<Verdicts>,
    rate: Arc<CheckRate>,
}

impl TokenCheck {
    /// Checks with `gitlab`, at most `per_second` a second.
    pub fn new(gitlab: GitLab, resource: Resource, per_second: usize) -> TokenCheck {
        TokenCheck {
            gitlab,
            resource,
            verdicts: Arc::default(),
            rate: Arc::new(CheckRate::new(per_second)),
        }
    }

    async fn verdict(&self, token: &Token) -> Verdict {
        self.verdicts
            .of(token.caller(), async || self.ask_gitlab(token).await)
            .await
    }

    /// `GET /api/v4/user` with the token, if the bound allows one more check now.
    async fn ask_gitlab(&self, token: &Token) -> Verdict {
        if !self.rate.take() {
            return Verdict::Busy;
        }
        let gitlab = self.gitlab.with_token(token.clone());
        let asked = gitlab.send(ApiRequest::get().segment("user"));
        let verdict = match tokio::time::timeout(CHECK_TIMEOUT, asked).await {
            Ok(Ok(answer)) if answer.status == 200 => Verdict::Accepted,
            Ok(Ok(answer)) => Verdict::Unknown(format!("GitLab answered {}", answer.status)),
            Ok(Err(error)) if matches!(error.status(), Some(401 | 403)) => Verdict::Refused,
            Ok(Err(error)) => Verdict::Unknown(error.to_string()),
            Err(_) => Verdict::Unknown(format!(
                "GitLab did not answer within {}",
                humantime::format_duration(CHECK_TIMEOUT)
            )),
        };
        if let Verdict::Unknown(why) = &verdict {
            tracing::warn!("a request's token could not be checked, so it was refused: {why}");
        }
        verdict
    }
}

/// Serves a request whose token GitLab accepts (or that brings none: the credentials
/// layer decided about those); refuses one GitLab refuses, or could not check.
pub async fn check_token(
    State(check): State<TokenCheck>,
    request: Request,
    next: Next,
) -> Response {
    let token = match request.extensions().get::<RequestToken>() {
        Some(RequestToken(token)) if token.is_bearer() => token.clone(),
        _ => return next.run(request).await,
    };
    match check.verdict(&token).await {
        Verdict::Accepted => next.run(request).await,
        Verdict::Refused => invalid_token(
            &check.resource,
            request.headers(),
            "Unauthorized: GitLab refuses this request's token (expired or revoked); sign in \
             again (the `resource_metadata` of the `WWW-Authenticate` header says where) or \
             send another token",
            "GitLab refuses the token",
        ),
        Verdict::Unknown(_) => unavailable(
            "Service unavailable: GitLab could not check this request's token (it erred, \
             did not answer in time, or could not be reached), so nothing was done; send \
             the request again shortly",
            RETRY_AFTER_GITLAB,
        ),
        Verdict::Busy => unavailable(
            "Server busy: more new tokens came in this second than the server checks with \
             GitLab (GITLAB_MCP_TOKEN_CHECKS_PER_SECOND), so nothing was done; send the \
             request again shortly",
            RETRY_AFTER_BUSY,
        ),
    }
}

/// `401` with the challenge that sends an MCP client to sign its user in again: `message`
/// in the JSON-RPC error, `description` in the challenge.
pub(super) fn invalid_token(
    resource: &Resource,
    headers: &HeaderMap,
    message: &str,
    description: &str,
) -> Response {
    let refusal = Refusal {
        code: UNAUTHORIZED,
        message: message.to_owned(),
        id: None,
        answerable: true,
    };
    let mut response = refused(StatusCode::UNAUTHORIZED, &refusal, false);
    let challenge = resource
        .challenge(headers)
        .param("error", "invalid_token")
        .param("error_description", description);
    response
        .headers_mut()
        .insert(WWW_AUTHENTICATE, challenge.header());
    response
}

/// `503` with `Retry-After`: the token is neither accepted nor refused.
pub(super) fn unavailable(message: &str, retry_after: &'static str) -> Response {
    let refusal = Refusal {
        code: UNAVAILABLE,
        message: message.to_owned(),
        id: None,
        answerable: true,
    };
    let mut response = refused(StatusCode::SERVICE_UNAVAILABLE, &refusal, false);
    response
        .headers_mut()
        .insert(RETRY_AFTER, HeaderValue::from_static(retry_after));
    response
}
