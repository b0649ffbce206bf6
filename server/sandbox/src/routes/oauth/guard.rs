//! The API's side of OAuth: a bearer token the sandbox issued must still work. Any other
//! token (a bearer token it never issued, `PRIVATE-TOKEN`, or none) goes through as before,
//! acting as the sandbox user.

use axum::extract::{Request, State};
use axum::http::header::WWW_AUTHENTICATE;
use axum::http::{HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde_json::json;

use super::bearer;
use crate::app::App;
use crate::store::oauth::AccessCheck;

/// GitLab's words for an OAuth token the API no longer takes.
const EXPIRED: &str = "Token is expired. You can either do re-authorization or token refresh.";
const REVOKED: &str = "Token was revoked. You have to re-authorize from the user.";

pub(crate) async fn honour_bearer(
    State(app): State<App>,
    request: Request,
    next: Next,
) -> Response {
    let refused = bearer(request.headers()).and_then(|token| {
        app.with_store(|store| match store.oauth.check_access(token) {
            AccessCheck::Expired => Some(invalid_token(EXPIRED)),
            AccessCheck::Revoked => Some(invalid_token(REVOKED)),
            // A token of GitLab's `mcp` scope alone reaches no REST endpoint.
            AccessCheck::Active(token)
                if !token
                    .scope
                    .split_whitespace()
                    .any(|scope| scope == "api" || scope == "read_api") =>
            {
                Some(insufficient_scope())
            }
            AccessCheck::Unknown | AccessCheck::Active(_) => None,
        })
    });
    match refused {
        Some(refusal) => refusal,
        None => next.run(request).await,
    }
}

/// `403 {"error": "insufficient_scope", …}`, GitLab's answer to a token whose scopes do
/// not reach the API.
fn insufficient_scope() -> Response {
    let description = "The request requires higher privileges than provided by the access token.";
    let challenge = format!(
        "Bearer realm=\"Protected by OAuth 2.0\", error=\"insufficient_scope\", \
         error_description=\"{description}\", scope=\"api read_api\""
    );
    let mut response = (
        StatusCode::FORBIDDEN,
        axum::Json(json!({"error": "insufficient_scope", "error_description": description, "scope": "api read_api"})),
    )
        .into_response();
    if let Ok(value) = HeaderValue::from_str(&challenge) {
        response.headers_mut().insert(WWW_AUTHENTICATE, value);
    }
    response
}

/// `401 {"error": "invalid_token", …}` with the `WWW-Authenticate` challenge saying the same.
pub(super) fn invalid_token(description: &str) -> Response {
    let challenge = format!(
        "Bearer realm=\"Protected by OAuth 2.0\", error=\"invalid_token\", \
         error_description=\"{description}\""
    );
    let mut response = (
        StatusCode::UNAUTHORIZED,
        axum::Json(json!({"error": "invalid_token", "error_description": description})),
    )
        .into_response();
    if let Ok(value) = HeaderValue::from_str(&challenge) {
        response.headers_mut().insert(WWW_AUTHENTICATE, value);
    }
    response
}
