//! How an MCP client finds where to sign its user in (the MCP authorization spec, RFC
//! 9728): a request without credentials gets `401` with `WWW-Authenticate: Bearer
//! resource_metadata="…"`, and that document names the GitLab instance as the
//! authorization server. The client signs its user in to GitLab (GitLab publishes its own
//! metadata, `/.well-known/oauth-authorization-server`) and sends the token GitLab gave as
//! `Authorization: Bearer`, which is then that request's credential.
//!
//! Both name this server's own address, which sends the client on its way: it comes from
//! `--public-url` when set, else from the request's `Host` only when the operator's list
//! of hosts names it ([`Allowed::named_host`]). Any other `Host` is never repeated back —
//! with `GITLAB_MCP_ALLOWED_HOSTS=*` and no public URL, the challenge names no metadata
//! and the document says to set `GITLAB_MCP_PUBLIC_URL`.

use std::sync::Arc;

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::json;
use url::Url;

use super::challenge::Challenge;
use super::host_and_origin::Allowed;

/// Where the document is served, beside the MCP endpoint.
pub const PATH: &str = "/.well-known/oauth-protected-resource";

/// What the document says: where this server is, and which GitLab signs its users in.
#[derive(Debug, Clone)]
pub struct Resource {
    /// The address clients reach the server at, when set.
    pub public_url: Option<Url>,
    /// The hosts the operator names, for a server without a public URL.
    pub allowed: Arc<Allowed>,
    /// The GitLab instance, as the server reads it.
    pub gitlab: Url,
    /// The OAuth proxy's issuer, when it is on: then it, not GitLab, signs users in.
    pub authorization_server: Option<String>,
}

impl Resource {
    /// `https://mcp.example.com` (no trailing slash): the public URL, or `http://` and a
    /// `Host` the operator names; `None` when neither is known.
    pub fn base(&self, headers: &HeaderMap) -> Option<String> {
        match &self.public_url {
            Some(url) => Some(url.as_str().trim_end_matches('/').to_owned()),
            None => Some(self.allowed.named_host(headers)?.base()),
        }
    }

    /// The `WWW-Authenticate` challenge of a request without credentials.
    pub fn challenge(&self, headers: &HeaderMap) -> Challenge {
        let challenge = Challenge::bearer();
        match self.base(headers) {
            Some(base) => challenge.param("resource_metadata", &format!("{base}{PATH}")),
            None => challenge,
        }
    }
}

/// The protected resource metadata (RFC 9728): this server's MCP endpoint, GitLab as its
/// authorization server, the scopes it needs, and that tokens come in the header.
pub async fn document(State(resource): State<Resource>, headers: HeaderMap) -> Response {
    let Some(base) = resource.base(&headers) else {
        let error = "this server does not know the address clients reach it at: \
                     GITLAB_MCP_ALLOWED_HOSTS is `*`, so no Host header is taken for it; its \
                     operator sets GITLAB_MCP_PUBLIC_URL (`https://mcp.example.com`)";
        return (StatusCode::NOT_FOUND, Json(json!({"error": error}))).into_response();
    };
    Json(json!({
        "resource": format!("{base}{}", super::MCP_PATH),
        "authorization_servers": [resource
            .authorization_server
            .as_deref()
            .unwrap_or(resource.gitlab.as_str().trim_end_matches('/'))],
        "scopes_supported": ["api", "read_api"],
        "bearer_methods_supported": ["header"],
        "resource_name": "GitLab MCP server",
    }))
    .into_response()
}
