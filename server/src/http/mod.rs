//! MCP over streamable HTTP (`--http ADDR`), on rmcp's `StreamableHttpService`.
//!
//! Stateless by default: every request stands alone, a 2026-07-28 client runs wizards in
//! MRTR rounds whose state travels in the signed `requestState`, so replicas sharing
//! `GITLAB_MCP_STATE_KEYS` need no affinity. `--stateless=false` keeps an rmcp session per
//! client for synchronous elicitation on 2025-11-25 and serves nothing newer.
//!
//! The endpoint is `/mcp`; `/healthz` answers 200 for load balancers. `Host` and `Origin`
//! are checked first, before any credential (DNS rebinding, cross-site requests:
//! [`host_and_origin`]); connections, sessions, headers and bodies are bounded in number,
//! size and time ([`connections`], [`sessions`], [`messages`]); a bad JSON-RPC message
//! gets its JSON-RPC error; on SIGINT or SIGTERM the server stops accepting, lets requests
//! in flight finish, and returns.

pub(crate) mod caller;
mod challenge;
mod check_rate;
mod connections;
mod credentials;
mod descriptors;
mod host_and_origin;
mod messages;
pub mod oauth_proxy;
mod resource_metadata;
mod sessions;
mod settings;
mod token_check;
mod token_verdicts;
mod values;

use std::io;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::middleware::from_fn_with_state;
use axum::routing::get;
use rmcp::model::ProtocolVersion;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use tokio::net::TcpListener;
use tokio_util::sync::CancellationToken;

use crate::handler::GitLabMcp;
use crate::shutdown_signal::shutdown_signal;

pub use oauth_proxy::OAuthProxy;
pub use settings::{HttpArgs, HttpSettings, Tokenless};

/// The MCP endpoint's path.
pub const MCP_PATH: &str = "/mcp";

/// A bound HTTP server, not yet serving.
pub struct HttpServer {
    listener: TcpListener,
    router: Router,
    /// Cancelling it ends rmcp's sessions and open response streams.
    streams: CancellationToken,
    settings: HttpSettings,
}

impl HttpServer {
    /// Binds `settings.addr` (port 0: any free port) and builds the routes, with the OAuth
    /// proxy's when one is given.
    pub async fn bind(
        server: GitLabMcp,
        settings: HttpSettings,
        proxy: Option<OAuthProxy>,
    ) -> io::Result<HttpServer> {
        let listener = TcpListener::bind(settings.addr).await?;
        let streams = CancellationToken::new();
        let router = router(server, &settings, proxy, streams.clone());
        Ok(HttpServer {
            listener,
            router,
            streams,
            settings,
        })
    }

    pub fn local_addr(&self) -> io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// Serves until `stop` resolves; then accepts nothing more, gives requests in flight
    /// `settings.shutdown_timeout` to finish, closes what is still open, and returns.
    pub async fn run_until(
        self,
        stop: impl Future<Output = ()> + Send + 'static,
    ) -> io::Result<()> {
        let HttpServer {
            listener,
            router,
            streams,
            settings,
        } = self;
        let limits = connections::ConnectionLimits {
            max: settings.max_connections,
            header_timeout: settings.header_timeout,
            idle_timeout: settings.idle_timeout,
        };
        let (stopping, stopped) = tokio::sync::oneshot::channel();
        let serve = connections::serve(listener, router, limits, async move {
            stop.await;
            let _ = stopping.send(());
        });
        let mut serve = tokio::spawn(serve);
        tokio::select! {
            finished = &mut serve => return finished.map_err(io::Error::other),
            _ = stopped => {}
        }
        let grace = settings.shutdown_timeout;
        tracing::info!(
            "stopping: accepting no new connections, waiting up to {} for requests in flight",
            humantime::format_duration(grace)
        );
        if let Ok(finished) = tokio::time::timeout(grace, &mut serve).await {
            return finished.map_err(io::Error::other);
        }
        tracing::warn!("closing the sessions and streams still open after the shutdown timeout");
        streams.cancel();
        // Streams end at once when cancelled; a connection that still hangs is not waited for.
        match tokio::time::timeout(Duration::from_secs(5), serve).await {
            Ok(finished) => finished.map_err(io::Error::other),
            Err(_) => Ok(()),
        }
    }
}

/// Binds, logs where it listens, and serves until SIGINT or SIGTERM.
pub async fn serve(
    server: GitLabMcp,
    settings: HttpSettings,
    proxy: Option<OAuthProxy>,
) -> io::Result<()> {
    let stateless = settings.stateless;
    let settings_limits = (
        settings.max_connections,
        settings.header_timeout,
        settings.body_timeout,
        settings.idle_timeout,
    );
    if !stateless {
        tracing::info!(
            max_sessions = settings.max_sessions,
            session_idle_timeout = %humantime::format_duration(settings.session_idle_timeout),
            "session limits"
        );
    }
    if settings.tokenless == Tokenless::AsServer {
        tracing::warn!(
            "GITLAB_MCP_TOKENLESS_AS_SERVER: HTTP requests without a token of their own act \
             with GITLAB_TOKEN, the server's, with all its rights"
        );
    }
    if settings.allowed_hosts.is_none() {
        tracing::warn!(
            "GITLAB_MCP_ALLOWED_HOSTS=*: any Host header is accepted (no DNS-rebinding protection)"
        );
        if settings.public_url.is_none() {
            tracing::warn!(
                "GITLAB_MCP_ALLOWED_HOSTS=* and no GITLAB_MCP_PUBLIC_URL: no Host header is \
                 taken for this server's address, so a 401 cannot tell a client where to sign \
                 in; set GITLAB_MCP_PUBLIC_URL to the address clients reach"
            );
        }
    } else if !settings.addr.ip().is_loopback() {
        tracing::info!(
            hosts = ?settings.allowed_hosts,
            "only these Host headers are accepted; set GITLAB_MCP_ALLOWED_HOSTS to the names clients use"
        );
    }
    if let Some(proxy) = &proxy {
        tracing::info!(
            issuer = proxy.issuer(),
            "OAuth proxy: clients register themselves and sign their users in here; GitLab \
             sends them back to {}/oauth/callback, which the GitLab application must list",
            proxy.issuer()
        );
    }
    let server = HttpServer::bind(server, settings, proxy).await?;
    let addr = server.local_addr()?;
    let stop = shutdown_signal()?;
    tracing::info!(
        max_connections = settings_limits.0,
        header_timeout = %humantime::format_duration(settings_limits.1),
        body_timeout = %humantime::format_duration(settings_limits.2),
        idle_timeout = %humantime::format_duration(settings_limits.3),
        "connection limits"
    );
    tracing::info!(
        stateless,
        "listening on http://{addr}{MCP_PATH} ({})",
        if stateless {
            "stateless: any replica can serve any request"
        } else {
            "stateful: sessions, protocol up to 2025-11-25; a balancer needs sticky sessions"
        }
    );
    server.run_until(stop).await
}

/// `/mcp` (rmcp's streamable HTTP service behind the token layer, the message check and,
/// when stateful, the session gate) and `/healthz`.
///
/// The service is the server's own handler, the type stdio serves, one per session; it
/// reads a request's own GitLab token from the request's extensions. A stateful
/// deployment serves revisions up to 2025-11-25 only, so no HTTP session is ever a
/// 2026-07-28 client that came through `initialize`: the [`wizard::Serve`] wrapper,
/// which exists for such a session, has nothing to do here (and rmcp's HTTP service
/// takes a `ServerHandler`, which the wrapper cannot be without losing its purpose).
///
/// On a stateless deployment a legacy request has no channel for a request from the
/// server (no session; its response stream cannot be answered): the Flow is built with
/// `with_server_requests(false)` there (`startup::start`), so a wizard answers with its
/// alternative and a destructive action needs `confirm: true`.
pub fn router(
    server: GitLabMcp,
    settings: &HttpSettings,
    proxy: Option<OAuthProxy>,
    streams: CancellationToken,
) -> Router {
    let allowed = Arc::new(host_and_origin::Allowed::new(
        settings.allowed_hosts.as_deref(),
        settings.allowed_origins.as_deref(),
    ));
    let resource = resource_metadata::Resource {
        public_url: settings.public_url.clone(),
        allowed: Arc::clone(&allowed),
        gitlab: server.gitlab().base_url(),
        authorization_server: proxy.as_ref().map(|proxy| proxy.issuer().to_owned()),
    };
    let credentials = credentials::Credentials {
        tokenless: settings.tokenless,
        server: server.gitlab().caller(),
        resource: resource.clone(),
        proxy: proxy.clone(),
    };
    let token_check = token_check::TokenCheck::new(
        server.gitlab().clone(),
        resource.clone(),
        settings.token_checks_per_second,
    );
    let server = if settings.stateless {
        server.without_legacy_subscriptions()
    } else {
        server.serving_up_to(&ProtocolVersion::V_2025_11_25)
    };
    let sessions =
        sessions::CappedSessions::new(settings.max_sessions, settings.session_idle_timeout);
    let service = StreamableHttpService::new(
        move || Ok(server.clone()),
        Arc::clone(&sessions),
        rmcp_config(settings, streams),
    );
    let mut mcp = Router::new().route_service(MCP_PATH, service);
    if !settings.stateless {
        mcp = mcp.route_layer(from_fn_with_state(sessions, sessions::gate));
    }
    let body = messages::BodyLimits {
        max: settings.max_request_body,
        timeout: settings.body_timeout,
    };
    let from_allowed_places = from_fn_with_state(allowed, host_and_origin::check);
    // The authorization server's routes, from the same places as everything else.
    let oauth = proxy
        .map(|proxy| proxy.routes().route_layer(from_allowed_places.clone()))
        .unwrap_or_default();
    // Innermost first: a token is checked with GitLab only for a message worth serving;
    // outermost, where the request comes from, before any credential is looked at.
    mcp.route_layer(from_fn_with_state(token_check, token_check::check_token))
        .route_layer(from_fn_with_state(body, messages::check))
        .route_layer(from_fn_with_state(credentials, credentials::take_token))
        .route_layer(from_allowed_places.clone())
        .route("/healthz", get(|| async { "ok" }))
        .merge(
            // Both forms RFC 9728 allows: the bare path, and the path suffixed with the
            // resource's own (`/mcp`).
            Router::new()
                .route(resource_metadata::PATH, get(resource_metadata::document))
                .route(
                    &format!("{}{MCP_PATH}", resource_metadata::PATH),
                    get(resource_metadata::document),
                )
                .route_layer(from_allowed_places)
                .with_state(resource),
        )
        .merge(oauth)
}

fn rmcp_config(settings: &HttpSettings, streams: CancellationToken) -> StreamableHttpServerConfig {
    let mut config = StreamableHttpServerConfig::default()
        .with_legacy_session_mode(!settings.stateless)
        // Stateless answers are one message: plain JSON unless the call streams progress.
        .with_json_response(settings.stateless)
        .with_max_request_body_bytes(settings.max_request_body)
        .with_cancellation_token(streams);
    config = match &settings.allowed_hosts {
        Some(hosts) => config.with_allowed_hosts(hosts.iter().cloned()),
        None => config.disable_allowed_hosts(),
    };
    match &settings.allowed_origins {
        Some(origins) => config
            .with_allowed_origins(origins.iter().cloned())
            .enforce_origin_validation(),
        None => config.disable_allowed_origins(),
    }
}
