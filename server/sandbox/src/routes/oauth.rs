//! GitLab as an OAuth 2 provider, at the root of the instance as on GitLab: its metadata,
//! the authorization code grant with PKCE, the device authorization grant, tokens (refresh,
//! revoke, info, introspection, userinfo) and dynamic client registration. `guard` makes the
//! API refuse the OAuth tokens that no longer work.

mod authorize;
mod device;
pub(crate) mod guard;
mod metadata;
mod registration;
mod token;
mod token_info;

use axum::Router;
use axum::http::header::{AUTHORIZATION, CONTENT_TYPE};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use serde_json::json;

use crate::app::App;
use crate::params::Params;
use crate::store::oauth::OAuthError;

pub(crate) fn routes() -> Router<App> {
    Router::new()
        .merge(metadata::routes())
        .merge(authorize::routes())
        .merge(device::routes())
        .merge(token::routes())
        .merge(token_info::routes())
        .merge(registration::routes())
}

/// `{"error": …, "error_description": …}`; an unknown client is 401, as the RFC asks of a
/// failed client authentication, another client's token 403, everything else 400.
fn refusal(error: OAuthError) -> Response {
    let status = match error {
        OAuthError::InvalidClient => StatusCode::UNAUTHORIZED,
        OAuthError::NotYourToken => StatusCode::FORBIDDEN,
        _ => StatusCode::BAD_REQUEST,
    };
    (
        status,
        axum::Json(json!({"error": error.code(), "error_description": error.description()})),
    )
        .into_response()
}

/// A parameter sent as a non-empty string (form or JSON body, or the query).
fn field(params: &Params, key: &str) -> Option<String> {
    params.str(key).ok().flatten().filter(|v| !v.is_empty())
}

/// A required parameter, or the RFC's `invalid_request` naming it.
fn required(params: &Params, key: &'static str) -> Result<String, OAuthError> {
    field(params, key).ok_or(OAuthError::MissingParameter(key))
}

/// The client a request names: `client_id` in the parameters, or the user of HTTP Basic
/// authentication (`client_secret_basic`).
fn client_id(params: &Params, headers: &HeaderMap) -> Option<String> {
    field(params, "client_id").or_else(|| {
        let header = headers.get(AUTHORIZATION)?.to_str().ok()?;
        let encoded = header.strip_prefix("Basic ")?;
        let decoded = String::from_utf8(STANDARD.decode(encoded.trim()).ok()?).ok()?;
        let (user, _secret) = decoded.split_once(':').unwrap_or((&decoded, ""));
        let user = percent_encoding::percent_decode_str(user)
            .decode_utf8_lossy()
            .into_owned();
        (!user.is_empty()).then_some(user)
    })
}

/// The token of `Authorization: Bearer <token>`.
fn bearer(headers: &HeaderMap) -> Option<&str> {
    let header = headers.get(AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = header.split_once(' ')?;
    scheme
        .eq_ignore_ascii_case("bearer")
        .then(|| token.trim())
        .filter(|t| !t.is_empty())
}

/// A small HTML page: what a person sees in the browser.
fn page(status: StatusCode, title: &str, body: &str) -> Response {
    let html = format!(
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>{title} · GitLab \
         sandbox</title></head>\n<body><h1>{title}</h1>\n{body}\n</body></html>\n",
        title = escape(title)
    );
    (status, [(CONTENT_TYPE, "text/html; charset=utf-8")], html).into_response()
}

/// Text made safe to put in HTML.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}
