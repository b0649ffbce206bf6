//! The server as its own OAuth authorization server in front of GitLab's
//! (`GITLAB_MCP_OAUTH_PROXY`), so that remote MCP clients register themselves and no user
//! registers anything: one GitLab application, the operator's, signs everyone in.
//!
//! - `/.well-known/oauth-authorization-server` (RFC 8414) names the endpoints below; the
//!   protected resource metadata then names this server as the authorization server.
//! - `POST /oauth/register` (RFC 7591): public clients only, redirect URIs loopback `http`
//!   or `https`, matched exactly later; bounded per address a minute and in number.
//! - `GET /oauth/authorize`: PKCE S256 required; the user goes on to GitLab's own
//!   authorize page (with the server's PKCE) and comes back to `/oauth/callback`, where
//!   GitLab's code becomes GitLab's tokens, the allow lists are checked, and the client
//!   gets a code of ours.
//! - `POST /oauth/token`: that code (with the client's PKCE verifier) or a refresh token
//!   (rotated: each is used once, and one used twice ends the grant) for an MCP access
//!   token; `POST /oauth/revoke` (RFC 7009) ends the grant, at GitLab too.
//!
//! The MCP tokens are ours and never reach GitLab ("no token passthrough"): a request's
//! token is looked up and the GitLab token behind it is what is sent, server-side. A GitLab
//! token GitLab no longer takes fails the request with 401 `invalid_token` (the token
//! check), and a refresh GitLab refuses ends the grant, so the client signs its user in
//! again. Everything is kept sealed in [`store::Store`]: in memory, or in Redis where
//! replicas share it.

mod authorize;
mod metadata;
mod rate;
mod records;
mod registration;
pub mod settings;
mod store;
mod token;

use std::sync::Arc;
use std::time::Duration;

use axum::Json;
use axum::Router;
use axum::http::header::{CACHE_CONTROL, PRAGMA};
use axum::http::{HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde_json::json;
use url::Url;
use wizard::StateKeys;
use wizard::state::Caller;

use crate::auth::OAuth;
use crate::gitlab::{GitLab, Network, Token};
pub use records::TOKEN_PREFIX;
use records::{Grant, digest_key};
pub use settings::{OAuthProxyArgs, OAuthProxySettings};
pub use store::{Store, StoreError};

/// How long an MCP access token lives at most (less when GitLab's behind it ends sooner).
const ACCESS_LIFETIME: Duration = Duration::from_secs(3600);
/// How long a grant and its refresh token live without a refresh.
const REFRESH_LIFETIME: Duration = Duration::from_secs(30 * 24 * 3600);
/// How long a user may take at GitLab's page, and a client to redeem its code.
const SIGN_IN_LIFETIME: Duration = Duration::from_secs(600);
/// The scopes a client may ask for; each is passed on to GitLab as asked.
pub const SCOPES: [&str; 2] = ["api", "read_api"];

/// The proxy, shared by every request. Cheap to clone.
#[derive(Clone)]
pub struct OAuthProxy {
    inner: Arc<Inner>,
}

impl std::fmt::Debug for OAuthProxy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OAuthProxy")
            .field("issuer", &self.inner.issuer)
            .finish_non_exhaustive()
    }
}

struct Inner {
    settings: OAuthProxySettings,
    /// `https://mcp.example.com`, without a trailing slash.
    issuer: String,
    store: Store,
    /// GitLab's OAuth endpoints, with the operator's application.
    gitlab: OAuth,
    /// GitLab's API, to ask who signed in and whether they are in an allowed group.
    api: GitLab,
    registrations: rate::PerAddress,
    authorizations: rate::PerAddress,
}

/// What a request's bearer token is to the proxy.
pub enum Resolved {
    /// One of ours: the GitLab token it stands for, and who the caller is (the grant's,
    /// stable across refreshes, so a wizard begun before one goes on after it).
    Grant(Token, Caller),
    /// Not one of ours, or expired, or revoked.
    Unknown,
    /// The store did not answer.
    Failed(StoreError),
}

impl OAuthProxy {
    /// The proxy for `api`'s GitLab, naming `public_url` as its issuer, its records in
    /// Redis at `redis_url` when given (sealed with keys derived from `keys`).
    pub fn new(
        settings: OAuthProxySettings,
        public_url: &Url,
        api: GitLab,
        network: &Network,
        redis_url: Option<&str>,
        keys: &StateKeys,
    ) -> Result<OAuthProxy, String> {
        let store = match redis_url {
            Some(url) => Store::in_redis(url, keys).map_err(|error| error.0)?,
            None => Store::in_memory(keys),
        };
        let gitlab = OAuth::new(
            &api.base_url(),
            &settings.client_id,
            network,
            Duration::from_secs(30),
        )?
        .with_secret(settings.client_secret.clone());
        let per_minute = settings.registrations_per_minute;
        Ok(OAuthProxy {
            inner: Arc::new(Inner {
                issuer: public_url.as_str().trim_end_matches('/').to_owned(),
                registrations: rate::PerAddress::new(per_minute),
                // A person starts a sign-in now and then; a script, hundreds.
                authorizations: rate::PerAddress::new(60),
                settings,
                store,
                gitlab,
                api,
            }),
        })
    }

    /// `https://mcp.example.com`: what the protected resource metadata names as the
    /// authorization server.
    pub fn issuer(&self) -> &str {
        &self.inner.issuer
    }

    fn endpoint(&self, path: &str) -> String {
        format!("{}{path}", self.inner.issuer)
    }

    /// The MCP resource its tokens are for.
    fn resource(&self) -> String {
        self.endpoint(super::MCP_PATH)
    }

    /// The routes of the authorization server.
    pub fn routes(&self) -> Router {
        Router::new()
            .route(metadata::PATH, get(metadata::document))
            .route("/.well-known/openid-configuration", get(metadata::document))
            .route(registration::PATH, post(registration::register))
            .route(authorize::PATH, get(authorize::authorize))
            .route(authorize::CALLBACK, get(authorize::callback))
            .route(token::PATH, post(token::token))
            .route(token::REVOKE, post(token::revoke))
            .with_state(self.clone())
    }

    /// The GitLab token behind one of our access tokens.
    pub async fn resolve(&self, token: &str) -> Resolved {
        let store = &self.inner.store;
        let grant_id = match store.get::<String>(&digest_key("access", token)).await {
            Ok(Some(id)) => id,
            Ok(None) => return Resolved::Unknown,
            Err(error) => return Resolved::Failed(error),
        };
        let grant = match store.get::<Grant>(&grant_key(&grant_id)).await {
            Ok(Some(grant)) => grant,
            Ok(None) => return Resolved::Unknown,
            Err(error) => return Resolved::Failed(error),
        };
        match Token::bearer(&grant.gitlab.access_token) {
            Ok(gitlab) => Resolved::Grant(gitlab, Caller::of(grant_key(&grant_id).as_bytes())),
            Err(_) => Resolved::Unknown,
        }
    }
}

/// An OAuth request's parameters (its query, or its form); one given twice is refused
/// (RFC 6749 §3.1), and an empty one is as good as absent.
struct Params(std::collections::HashMap<String, String>);

impl Params {
    fn parse(encoded: &[u8]) -> Result<Params, String> {
        let mut params = std::collections::HashMap::new();
        for (key, value) in url::form_urlencoded::parse(encoded) {
            if params
                .insert(key.clone().into_owned(), value.into_owned())
                .is_some()
            {
                return Err(format!(
                    "the parameter `{}` is given twice",
                    crate::auth::printable::printable(&key)
                ));
            }
        }
        Ok(Params(params))
    }

    fn get(&self, key: &str) -> Option<&str> {
        self.0
            .get(key)
            .map(String::as_str)
            .filter(|value| !value.is_empty())
    }
}

fn grant_key(id: &str) -> String {
    format!("grant:{id}")
}

/// An OAuth error answer (`{"error", "error_description"}`), never cached.
fn oauth_error(status: StatusCode, error: &str, description: &str) -> Response {
    no_store(
        status,
        json!({"error": error, "error_description": description}),
    )
}

/// A JSON answer with the headers RFC 6749 asks of anything holding a token.
fn no_store(status: StatusCode, body: serde_json::Value) -> Response {
    let mut response = (status, Json(body)).into_response();
    let headers = response.headers_mut();
    headers.insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(PRAGMA, HeaderValue::from_static("no-cache"));
    response
}

/// The store failed: nothing was issued, the client may try again.
fn store_failed(error: &StoreError) -> Response {
    tracing::error!("the OAuth proxy's store failed: {}", error.0);
    let mut response = oauth_error(
        StatusCode::SERVICE_UNAVAILABLE,
        "temporarily_unavailable",
        "the server could not reach where it keeps sign-ins; nothing was issued, try again shortly",
    );
    response.headers_mut().insert(
        axum::http::header::RETRY_AFTER,
        HeaderValue::from_static("5"),
    );
    response
}

/// A page for the person at the browser, when there is no client to send them back to.
fn page(status: StatusCode, text: &str) -> Response {
    let mut response = (
        status,
        format!("{text}\n\nStart the sign-in again from your MCP client.\n"),
    )
        .into_response();
    response.headers_mut().insert(
        axum::http::header::CONTENT_TYPE,
        HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    response
}
