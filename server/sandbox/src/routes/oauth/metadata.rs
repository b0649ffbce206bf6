//! `GET /.well-known/oauth-authorization-server` and `GET /.well-known/openid-configuration`:
//! where a client finds every other endpoint.

use axum::Router;
use axum::extract::State;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde_json::{Value, json};

use crate::app::App;
use crate::store::oauth::SUPPORTED_SCOPES;

pub(super) fn routes() -> Router<App> {
    Router::new()
        .route("/.well-known/oauth-authorization-server", get(oauth))
        .route("/.well-known/openid-configuration", get(openid))
}

fn metadata(base: &str) -> Value {
    json!({
        "issuer": base,
        "authorization_endpoint": format!("{base}/oauth/authorize"),
        "token_endpoint": format!("{base}/oauth/token"),
        "revocation_endpoint": format!("{base}/oauth/revoke"),
        "introspection_endpoint": format!("{base}/oauth/introspect"),
        "device_authorization_endpoint": format!("{base}/oauth/authorize_device"),
        "registration_endpoint": format!("{base}/oauth/register"),
        "userinfo_endpoint": format!("{base}/oauth/userinfo"),
        "scopes_supported": SUPPORTED_SCOPES,
        "response_types_supported": ["code"],
        "response_modes_supported": ["query"],
        "grant_types_supported": [
            "authorization_code",
            "refresh_token",
            "urn:ietf:params:oauth:grant-type:device_code",
        ],
        "token_endpoint_auth_methods_supported": ["client_secret_basic", "client_secret_post", "none"],
        "code_challenge_methods_supported": ["plain", "S256"],
    })
}

async fn oauth(State(app): State<App>) -> Response {
    let base = app.with_store(|store| store.base.clone());
    axum::Json(metadata(&base)).into_response()
}

/// The same, with what an OpenID Connect client also looks for (the sandbox issues no ID
/// tokens, so it lists no signing keys).
async fn openid(State(app): State<App>) -> Response {
    let base = app.with_store(|store| store.base.clone());
    let mut body = metadata(&base);
    if let Value::Object(fields) = &mut body {
        fields.extend(
            json!({
                "subject_types_supported": ["public"],
                "claims_supported": [
                    "iss", "sub", "aud", "exp", "iat", "sub_legacy", "name", "nickname",
                    "preferred_username", "email", "email_verified", "website", "profile",
                    "picture", "groups",
                ],
            })
            .as_object()
            .cloned()
            .unwrap_or_default(),
        );
    }
    axum::Json(body).into_response()
}
