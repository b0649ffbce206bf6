//! `POST /oauth/register`: dynamic client registration. Clients register as public clients
//! (no secret: they use PKCE), as GitLab registers them.

use axum::Router;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use serde_json::{Value, json};

use super::{field, refusal};
use crate::app::App;
use crate::params::Params;
use crate::store::oauth::{OAuthError, Registration};

pub(super) fn routes() -> Router<App> {
    Router::new().route("/oauth/register", post(register))
}

async fn register(State(app): State<App>, params: Params) -> Response {
    let registration = match read(&params) {
        Ok(registration) => registration,
        Err(error) => return refusal(error),
    };
    let registered = app.with_store(|store| {
        store.oauth.register(registration).map(|application| {
            json!({
                "client_id": application.client_id,
                "client_id_issued_at": application.created_at,
                "client_name": application.name,
                "redirect_uris": application.redirect_uris,
                "grant_types": application.grant_types,
                "response_types": ["code"],
                "token_endpoint_auth_method": "none",
                "scope": application.scopes.join(" "),
            })
        })
    });
    match registered {
        Ok(body) => (StatusCode::CREATED, axum::Json(body)).into_response(),
        Err(error) => refusal(error),
    }
}

fn read(params: &Params) -> Result<Registration, OAuthError> {
    let redirect_uris = strings(params, "redirect_uris")?.unwrap_or_default();
    let grant_types = strings(params, "grant_types")?;
    // Only public clients: a client asking to hold a secret is told no.
    if let Some(method) = field(params, "token_endpoint_auth_method")
        && method != "none"
    {
        return Err(OAuthError::InvalidClientMetadata(format!(
            "token_endpoint_auth_method {method} is not supported: only none (public clients)"
        )));
    }
    Ok(Registration {
        client_name: field(params, "client_name"),
        redirect_uris,
        grant_types,
        scope: field(params, "scope"),
    })
}

/// A list of strings, as the registration's JSON has them.
fn strings(params: &Params, key: &str) -> Result<Option<Vec<String>>, OAuthError> {
    match params.0.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Array(items)) => items
            .iter()
            .map(|item| item.as_str().map(str::to_owned))
            .collect::<Option<Vec<String>>>()
            .map(Some)
            .ok_or_else(|| OAuthError::InvalidClientMetadata(format!("{key} must be strings"))),
        Some(Value::String(one)) => Ok(Some(vec![one.clone()])),
        Some(_) => Err(OAuthError::InvalidClientMetadata(format!(
            "{key} must be a list of strings"
        ))),
    }
}
