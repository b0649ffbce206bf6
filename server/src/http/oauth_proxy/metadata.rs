//! The authorization server's metadata (RFC 8414), which an MCP client reads after the
//! protected resource metadata names this server.

use axum::Json;
use axum::extract::State;
use axum::response::{IntoResponse, Response};
use serde_json::json;

use super::{OAuthProxy, SCOPES, authorize, registration, token};

pub const PATH: &str = "/.well-known/oauth-authorization-server";

pub async fn document(State(proxy): State<OAuthProxy>) -> Response {
    Json(json!({
        "issuer": proxy.issuer(),
        "authorization_endpoint": proxy.endpoint(authorize::PATH),
        "token_endpoint": proxy.endpoint(token::PATH),
        "registration_endpoint": proxy.endpoint(registration::PATH),
        "revocation_endpoint": proxy.endpoint(token::REVOKE),
        "response_types_supported": ["code"],
        "grant_types_supported": ["authorization_code", "refresh_token"],
        "code_challenge_methods_supported": ["S256"],
        "token_endpoint_auth_methods_supported": ["none"],
        "revocation_endpoint_auth_methods_supported": ["none"],
        "scopes_supported": SCOPES,
        "authorization_response_iss_parameter_supported": true,
    }))
    .into_response()
}
