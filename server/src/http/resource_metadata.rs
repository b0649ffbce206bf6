//! How an MCP client finds where to sign its user in (the MCP authorization spec, RFC
//! 9728): a request without credentials gets `401` with `WWW-Authenticate: Bearer
//! resource_metadata="…"`, and that document names the GitLab instance as the
//! authorization server. The client signs its user in to GitLab (GitLab publishes its own
//! metadata, `/.well-known/oauth-authorization-server`) and sends the token GitLab gave as
//! `Authorization: Bearer`, which is then that request's credential.

use axum::Json;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::http::header::HOST;
use serde_json::{Value, json};
use url::Url;

/// Where the document is served, beside the MCP endpoint.
pub const PATH: &str = "/.well-known/oauth-protected-resource";

/// What the document says: where this server is, and which GitLab signs its users in.
#[derive(Debug, Clone)]
pub struct Resource {
    /// The address clients reach the server at, when set; else the request's `Host`.
    pub public_url: Option<Url>,
    /// The GitLab instance, as the server reads it.
    pub gitlab: Url,
}

impl Resource {
    /// `https://mcp.example.com` (no trailing slash): the public URL, or `http://<Host>`.
    pub fn base(&self, headers: &HeaderMap) -> String {
        match &self.public_url {
            Some(url) => url.as_str().trim_end_matches('/').to_owned(),
            None => {
                let host = headers
                    .get(HOST)
                    .and_then(|host| host.to_str().ok())
                    .unwrap_or("localhost");
                format!("http://{host}")
            }
        }
    }

    /// The `WWW-Authenticate` challenge of a request without credentials.
    pub fn challenge(&self, headers: &HeaderMap) -> String {
        format!(
            "Bearer realm=\"gitlab-mcp-server\", resource_metadata=\"{}{PATH}\"",
            self.base(headers)
        )
    }
}

/// The protected resource metadata (RFC 9728): this server's MCP endpoint, GitLab as its
/// authorization server, the scopes it needs, and that tokens come in the header.
pub async fn document(State(resource): State<Resource>, headers: HeaderMap) -> Json<Value> {
    let base = resource.base(&headers);
    Json(json!({
        "resource": format!("{base}{}", super::MCP_PATH),
        "authorization_servers": [resource.gitlab.as_str().trim_end_matches('/')],
        "scopes_supported": ["api", "read_api"],
        "bearer_methods_supported": ["header"],
        "resource_name": "GitLab MCP server",
    }))
}
