//! The HTTP options of the command line (flattened into [`crate::cli::Cli`]) and their
//! checked form. Every bad value is refused at startup with the variable it came from.

use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

use clap::Args;

use super::descriptors;
use super::values::{check_origins, parse_addr, parse_list};
use crate::config::values::{ConfigError, parse_bool, parse_duration, parse_size, parse_timeout};

/// Where `--http` listens when given without an address.
pub const DEFAULT_ADDR: &str = "127.0.0.1:8080";
/// rmcp's own default: a POST body above this is answered 413.
pub const DEFAULT_MAX_REQUEST_BODY: usize = 4 * 1024 * 1024;
/// Connections served at once unless set, or fewer when the file-descriptor limit leaves
/// room for fewer.
pub const DEFAULT_MAX_CONNECTIONS: usize = 1024;
/// Sessions of a stateful deployment live at once unless set: each holds a task and its
/// channels, about 0.1 MiB (see the README's figures).
pub const DEFAULT_MAX_SESSIONS: usize = 1000;
/// A session's life without a message unless set: the elicitation timeout's default, as
/// a session waiting for the user's answer to a question is idle meanwhile.
pub const DEFAULT_SESSION_IDLE_TIMEOUT: Duration = Duration::from_secs(600);
/// Time for a request's head to arrive unless set.
pub const DEFAULT_HEADER_TIMEOUT: Duration = Duration::from_secs(10);
/// Time for a request's body to arrive, from its head, unless set.
pub const DEFAULT_BODY_TIMEOUT: Duration = Duration::from_secs(30);
/// Time a connection may wait between requests unless set.
pub const DEFAULT_IDLE_TIMEOUT: Duration = Duration::from_secs(60);
/// Bearer tokens checked with GitLab a second unless set: 600 new tokens a minute, each
/// then trusted a minute, yet far from the failed sign-ins GitLab bans an address for.
pub const DEFAULT_TOKEN_CHECKS_PER_SECOND: usize = 10;
/// The `Host` names accepted unless `GITLAB_MCP_ALLOWED_HOSTS` says otherwise.
pub const LOOPBACK_HOSTS: [&str; 3] = ["localhost", "127.0.0.1", "::1"];
/// The browser origins accepted unless `GITLAB_MCP_ALLOWED_ORIGINS` says otherwise: pages
/// served from this machine, on any port. Requests without `Origin` (every non-browser
/// client) always pass.
pub const LOOPBACK_ORIGINS: [&str; 6] = [
    "http://localhost:*",
    "http://127.0.0.1:*",
    "http://[::1]:*",
    "https://localhost:*",
    "https://127.0.0.1:*",
    "https://[::1]:*",
];

/// The HTTP part of the command line.
#[derive(Args, Debug, Clone)]
pub struct HttpArgs {
    /// Serve MCP over streamable HTTP at `ADDR` (`ip:port`, endpoint `/mcp`) instead of
    /// stdio; `--http` alone listens on 127.0.0.1:8080.
    #[arg(
        long,
        env = "GITLAB_MCP_HTTP",
        value_name = "ADDR",
        num_args = 0..=1,
        default_missing_value = DEFAULT_ADDR
    )]
    pub http: Option<String>,

    /// `true` (default): every request stands alone, so replicas need no affinity.
    /// `false`: a session per client, which synchronous elicitation on protocol 2025-11-25
    /// needs; such a deployment serves up to 2025-11-25 only and needs sticky sessions.
    #[arg(
        long,
        env = "GITLAB_MCP_STATELESS",
        value_name = "BOOL",
        num_args = 0..=1,
        default_value = "true",
        default_missing_value = "true"
    )]
    pub stateless: String,

    /// `Host` header values accepted (DNS-rebinding protection), comma-separated names or
    /// `name:port`; `*` accepts any. Default: localhost, 127.0.0.1, ::1 and the listening IP.
    #[arg(long, env = "GITLAB_MCP_ALLOWED_HOSTS", value_name = "HOSTS")]
    pub allowed_hosts: Option<String>,

    /// Browser `Origin` values accepted, comma-separated, scheme included
    /// (`https://app.example.com`, `http://localhost:*`); `*` accepts any. Requests without
    /// `Origin` always pass. Default: loopback origins on any port.
    #[arg(long, env = "GITLAB_MCP_ALLOWED_ORIGINS", value_name = "ORIGINS")]
    pub allowed_origins: Option<String>,

    /// Largest request body accepted (`4MiB`, `512KiB`, or bytes); larger ones get 413.
    #[arg(long, env = "GITLAB_MCP_MAX_REQUEST_BODY", default_value = "4MiB")]
    pub max_request_body: String,

    /// On SIGINT/SIGTERM, how long requests in flight may still run before open sessions
    /// and streams are closed.
    #[arg(long, env = "GITLAB_MCP_SHUTDOWN_TIMEOUT", default_value = "10s")]
    pub shutdown_timeout: String,

    /// Connections served at once; at the cap a new one replaces the connection that has
    /// waited longest with no request, or gets 503. `auto`: 1024, or fewer to stay 64 under
    /// the file-descriptor limit (`ulimit -n`).
    #[arg(long, env = "GITLAB_MCP_MAX_CONNECTIONS", default_value = "auto")]
    pub max_connections: String,

    /// How long a new connection, or a request begun on an open one, may take to send its
    /// headers; then the connection is closed.
    #[arg(long, env = "GITLAB_MCP_HEADER_TIMEOUT", default_value = "10s")]
    pub header_timeout: String,

    /// How long a request's body may take to arrive after its headers; then 408.
    #[arg(long, env = "GITLAB_MCP_BODY_TIMEOUT", default_value = "30s")]
    pub body_timeout: String,

    /// How long a connection may stay open with no request; then it is closed.
    #[arg(long, env = "GITLAB_MCP_IDLE_TIMEOUT", default_value = "60s")]
    pub idle_timeout: String,

    /// With `--stateless=false`: sessions open at once; an `initialize` over the cap gets
    /// 503 with a JSON-RPC error.
    #[arg(long, env = "GITLAB_MCP_MAX_SESSIONS", default_value = "1000")]
    pub max_sessions: String,

    /// With `--stateless=false`: a session ends after this long without a message (a
    /// session waiting for a user's answer counts as idle: keep it at least the
    /// elicitation timeout).
    #[arg(long, env = "GITLAB_MCP_SESSION_IDLE_TIMEOUT", default_value = "10m")]
    pub session_idle_timeout: String,

    /// Serve HTTP requests that carry no GitLab token of their own with the server's,
    /// `GITLAB_TOKEN`: anyone who can reach the port then acts with its rights. Default:
    /// such a request is refused, 401. On an address other than loopback it also takes
    /// `GITLAB_MCP_TOKENLESS_BEYOND_LOOPBACK`.
    #[arg(
        long,
        env = "GITLAB_MCP_TOKENLESS_AS_SERVER",
        value_name = "BOOL",
        num_args = 0..=1,
        default_value = "false",
        default_missing_value = "true"
    )]
    pub tokenless_as_server: String,

    /// With `GITLAB_MCP_TOKENLESS_AS_SERVER` on an address other than loopback: agree
    /// that anyone on the network acts with the server's token.
    #[arg(
        long,
        env = "GITLAB_MCP_TOKENLESS_BEYOND_LOOPBACK",
        value_name = "BOOL",
        num_args = 0..=1,
        default_value = "false",
        default_missing_value = "true"
    )]
    pub tokenless_beyond_loopback: String,

    /// Bearer tokens checked with GitLab (`GET /api/v4/user`) a second, for the whole
    /// server; a request whose new token would pass the bound gets 503 with `Retry-After`.
    /// A token's verdict is then remembered a minute.
    #[arg(long, env = "GITLAB_MCP_TOKEN_CHECKS_PER_SECOND", default_value = "10")]
    pub token_checks_per_second: String,

    /// The address MCP clients reach this server at (`https://mcp.example.com`), as a
    /// proxy in front of it publishes it: its OAuth metadata names `<it>/mcp`. Default:
    /// `http://` and the request's `Host` when GITLAB_MCP_ALLOWED_HOSTS names it.
    #[arg(long, env = "GITLAB_MCP_PUBLIC_URL", value_name = "URL")]
    pub public_url: Option<String>,

    /// The server as its own OAuth authorization server in front of GitLab.
    #[command(flatten)]
    pub oauth: super::oauth_proxy::OAuthProxyArgs,
}

/// What an HTTP request that carries no GitLab token of its own gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tokenless {
    /// 401, with a JSON-RPC error saying how to send a token: the default.
    Refused,
    /// Served with the server's own token, `GITLAB_TOKEN`
    /// (`GITLAB_MCP_TOKENLESS_AS_SERVER`).
    AsServer,
    /// Served: `--sandbox` takes no token from anyone.
    Sandbox,
}

/// Checked HTTP settings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HttpSettings {
    pub addr: SocketAddr,
    pub stateless: bool,
    /// `None`: any `Host`.
    pub allowed_hosts: Option<Vec<String>>,
    /// `None`: any `Origin`.
    pub allowed_origins: Option<Vec<String>>,
    pub max_request_body: usize,
    pub shutdown_timeout: Duration,
    /// Connections served at once.
    pub max_connections: usize,
    pub header_timeout: Duration,
    pub body_timeout: Duration,
    /// A connection's longest wait between requests.
    pub idle_timeout: Duration,
    /// Stateful only: sessions open at once.
    pub max_sessions: usize,
    /// Stateful only: a session's life without a message.
    pub session_idle_timeout: Duration,
    /// A request without a token of its own.
    pub tokenless: Tokenless,
    /// Bearer tokens checked with GitLab a second.
    pub token_checks_per_second: usize,
    /// Where clients reach the server, when a proxy publishes it elsewhere than `Host`
    /// (and the only address named back when any `Host` is accepted).
    pub public_url: Option<url::Url>,
    /// The OAuth proxy, when on (`GITLAB_MCP_OAUTH_PROXY`).
    pub oauth_proxy: Option<super::oauth_proxy::OAuthProxySettings>,
}

impl HttpSettings {
    /// Loopback defaults at `addr`: stateless, loopback hosts and origins, rmcp's body
    /// limit, the default limits (connections: 1024, without looking at the
    /// file-descriptor limit).
    pub fn new(addr: SocketAddr) -> Self {
        HttpSettings {
            addr,
            stateless: true,
            allowed_hosts: Some(default_hosts(addr.ip())),
            allowed_origins: Some(LOOPBACK_ORIGINS.map(String::from).to_vec()),
            max_request_body: DEFAULT_MAX_REQUEST_BODY,
            shutdown_timeout: Duration::from_secs(10),
            max_connections: DEFAULT_MAX_CONNECTIONS,
            header_timeout: DEFAULT_HEADER_TIMEOUT,
            body_timeout: DEFAULT_BODY_TIMEOUT,
            idle_timeout: DEFAULT_IDLE_TIMEOUT,
            max_sessions: DEFAULT_MAX_SESSIONS,
            session_idle_timeout: DEFAULT_SESSION_IDLE_TIMEOUT,
            tokenless: Tokenless::Refused,
            token_checks_per_second: DEFAULT_TOKEN_CHECKS_PER_SECOND,
            public_url: None,
            oauth_proxy: None,
        }
    }
}

impl HttpArgs {
    /// The HTTP settings when `--http` / `GITLAB_MCP_HTTP` is given (stdio otherwise: `None`);
    /// the other HTTP options are checked only then. `oauth_client`: the GitLab
    /// OAuth application the OAuth proxy signs users in with (`GITLAB_OAUTH_CLIENT_ID`, or
    /// the sandbox's).
    pub fn settings(
        &self,
        oauth_client: Option<&str>,
    ) -> Result<Option<HttpSettings>, ConfigError> {
        let Some(raw) = self.http.as_deref() else {
            return Ok(None);
        };
        let addr = parse_addr(raw).map_err(|p| ConfigError::new("GITLAB_MCP_HTTP", "http", p))?;
        let mut settings = HttpSettings::new(addr);
        settings.stateless = parse_bool(&self.stateless)
            .map_err(|p| ConfigError::new("GITLAB_MCP_STATELESS", "stateless", p))?;
        if let Some(raw) = &self.allowed_hosts {
            settings.allowed_hosts = parse_list(raw)
                .map_err(|p| ConfigError::new("GITLAB_MCP_ALLOWED_HOSTS", "allowed-hosts", p))?;
        }
        if let Some(raw) = &self.allowed_origins {
            settings.allowed_origins = parse_list(raw).map_err(|p| {
                ConfigError::new("GITLAB_MCP_ALLOWED_ORIGINS", "allowed-origins", p)
            })?;
            if let Some(origins) = &settings.allowed_origins {
                check_origins(origins).map_err(|p| {
                    ConfigError::new("GITLAB_MCP_ALLOWED_ORIGINS", "allowed-origins", p)
                })?;
            }
        }
        settings.max_request_body = parse_size(&self.max_request_body)
            .map_err(|p| ConfigError::new("GITLAB_MCP_MAX_REQUEST_BODY", "max-request-body", p))?;
        settings.shutdown_timeout = parse_duration(&self.shutdown_timeout)
            .map_err(|p| ConfigError::new("GITLAB_MCP_SHUTDOWN_TIMEOUT", "shutdown-timeout", p))?;
        settings.max_connections =
            max_connections(&self.max_connections, descriptors::open_files_limit())?;
        settings.header_timeout = parse_timeout(
            &self.header_timeout,
            "GITLAB_MCP_HEADER_TIMEOUT",
            "header-timeout",
        )?;
        settings.body_timeout = parse_timeout(
            &self.body_timeout,
            "GITLAB_MCP_BODY_TIMEOUT",
            "body-timeout",
        )?;
        settings.idle_timeout = parse_timeout(
            &self.idle_timeout,
            "GITLAB_MCP_IDLE_TIMEOUT",
            "idle-timeout",
        )?;
        settings.max_sessions = parse_count(&self.max_sessions)
            .map_err(|p| ConfigError::new("GITLAB_MCP_MAX_SESSIONS", "max-sessions", p))?;
        settings.session_idle_timeout = parse_timeout(
            &self.session_idle_timeout,
            "GITLAB_MCP_SESSION_IDLE_TIMEOUT",
            "session-idle-timeout",
        )?;
        settings.tokenless = self.tokenless(addr)?;
        settings.token_checks_per_second =
            parse_count(&self.token_checks_per_second).map_err(|p| {
                ConfigError::new(
                    "GITLAB_MCP_TOKEN_CHECKS_PER_SECOND",
                    "token-checks-per-second",
                    p,
                )
            })?;
        settings.public_url = self
            .public_url
            .as_deref()
            .map(|raw| {
                url::Url::parse(raw.trim())
                    .ok()
                    .filter(|url| matches!(url.scheme(), "http" | "https") && url.has_host())
                    .ok_or_else(|| {
                        ConfigError::new(
                            "GITLAB_MCP_PUBLIC_URL",
                            "public-url",
                            format!(
                                "`{raw}` is not an http(s) URL such as `https://mcp.example.com`"
                            ),
                        )
                    })
            })
            .transpose()?;
        settings.oauth_proxy = self
            .oauth
            .settings(settings.public_url.as_ref(), oauth_client)?;
        Ok(Some(settings))
    }

    /// `GITLAB_MCP_TOKENLESS_AS_SERVER`, refused beyond loopback unless
    /// `GITLAB_MCP_TOKENLESS_BEYOND_LOOPBACK` agrees.
    fn tokenless(&self, addr: SocketAddr) -> Result<Tokenless, ConfigError> {
        const AS_SERVER: (&str, &str) = ("GITLAB_MCP_TOKENLESS_AS_SERVER", "tokenless-as-server");
        const BEYOND: (&str, &str) = (
            "GITLAB_MCP_TOKENLESS_BEYOND_LOOPBACK",
            "tokenless-beyond-loopback",
        );
        let as_server = parse_bool(&self.tokenless_as_server)
            .map_err(|p| ConfigError::new(AS_SERVER.0, AS_SERVER.1, p))?;
        let beyond = parse_bool(&self.tokenless_beyond_loopback)
            .map_err(|p| ConfigError::new(BEYOND.0, BEYOND.1, p))?;
        if !as_server {
            return Ok(Tokenless::Refused);
        }
        if !addr.ip().is_loopback() && !beyond {
            return Err(ConfigError::new(
                AS_SERVER.0,
                AS_SERVER.1,
                format!(
                    "on {addr}, which is not a loopback address, anyone who can reach the port \
                     would act with the server's token; set {}=true as well if that is meant, \
                     or let each client send its own token",
                    BEYOND.0
                ),
            ));
        }
        Ok(Tokenless::AsServer)
    }
}

/// `auto` or a count, checked against the room `limit` open files leave for connections.
fn max_connections(raw: &str, limit: Option<u64>) -> Result<usize, ConfigError> {
    let error = |problem: String| {
        ConfigError::new("GITLAB_MCP_MAX_CONNECTIONS", "max-connections", problem)
    };
    let room = limit.map(descriptors::connections_room);
    let too_few = |limit: u64| {
        format!(
            "the file-descriptor limit ({limit}, `ulimit -n`) leaves no room for connections \
             once {} are kept for the server itself; raise the limit",
            descriptors::RESERVED_DESCRIPTORS
        )
    };
    if raw.trim().eq_ignore_ascii_case("auto") {
        return match (limit, room) {
            (Some(limit), Some(0)) => Err(error(too_few(limit))),
            (_, Some(room)) => {
                Ok(DEFAULT_MAX_CONNECTIONS.min(usize::try_from(room).unwrap_or(usize::MAX)))
            }
            _ => Ok(DEFAULT_MAX_CONNECTIONS),
        };
    }
    let max = parse_count(raw).map_err(error)?;
    match (limit, room) {
        (Some(limit), Some(room)) if max as u64 > room => Err(error(format!(
            "{max} connections need more file descriptors than the limit of {limit} \
             (`ulimit -n`) allows with {} kept for the server itself; set at most {room}, \
             or `auto`, or raise the limit",
            descriptors::RESERVED_DESCRIPTORS
        ))),
        _ => Ok(max),
    }
}

/// A whole number above zero.
fn parse_count(raw: &str) -> Result<usize, String> {
    raw.trim()
        .parse::<usize>()
        .ok()
        .filter(|&n| n > 0)
        .ok_or_else(|| {
            format!(
                "`{}` is not a count; expected a whole number above zero",
                raw.trim()
            )
        })
}

/// Loopback names, plus the listening IP when it is a specific one (`0.0.0.0` is not a
/// name clients use: a public deployment lists its own).
fn default_hosts(ip: IpAddr) -> Vec<String> {
    let mut hosts: Vec<String> = LOOPBACK_HOSTS.map(String::from).to_vec();
    let own = ip.to_string();
    if !ip.is_unspecified() && !hosts.contains(&own) {
        hosts.push(own);
    }
    hosts
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(http: Option<&str>) -> HttpArgs {
        HttpArgs {
            http: http.map(String::from),
            stateless: "true".into(),
            allowed_hosts: None,
            allowed_origins: None,
            max_request_body: "4MiB".into(),
            shutdown_timeout: "10s".into(),
            max_connections: "auto".into(),
            header_timeout: "10s".into(),
            body_timeout: "30s".into(),
            idle_timeout: "60s".into(),
            max_sessions: "1000".into(),
            tokenless_as_server: "false".into(),
            tokenless_beyond_loopback: "false".into(),
            session_idle_timeout: "10m".into(),
            token_checks_per_second: "10".into(),
            public_url: None,
            oauth: crate::http::oauth_proxy::OAuthProxyArgs {
                oauth_proxy: "false".into(),
                oauth_client_id: None,
                oauth_client_secret: None,
                oauth_allowed_users: None,
                oauth_allowed_groups: None,
                oauth_registrations_per_minute: "10".into(),
                oauth_max_clients: "10000".into(),
            },
        }
    }

    fn http(args: &HttpArgs) -> HttpSettings {
        match args.settings(None).unwrap() {
            Some(settings) => settings,
            None => panic!("expected HTTP"),
        }
    }

    #[test]
    fn without_http_it_is_stdio_and_other_options_are_not_read() {
        let mut args = args(None);
        args.stateless = "maybe".into();
        assert_eq!(args.settings(None).unwrap(), None);
    }

    #[test]
    fn defaults_are_stateless_loopback_and_rmcp_body_limit() {
        let settings = http(&args(Some(DEFAULT_ADDR)));
        assert_eq!(settings.addr, "127.0.0.1:8080".parse().unwrap());
        assert!(settings.stateless);
        assert_eq!(
            settings.allowed_hosts.unwrap(),
            ["localhost", "127.0.0.1", "::1"]
        );
        assert_eq!(
            settings.allowed_origins.unwrap().len(),
            LOOPBACK_ORIGINS.len()
        );
        assert_eq!(settings.max_request_body, 4 * 1024 * 1024);
        assert_eq!(settings.shutdown_timeout, Duration::from_secs(10));
        assert_eq!(settings.header_timeout, Duration::from_secs(10));
        assert_eq!(settings.body_timeout, Duration::from_secs(30));
        assert_eq!(settings.idle_timeout, Duration::from_secs(60));
        assert_eq!(settings.max_sessions, 1000);
        assert_eq!(settings.session_idle_timeout, Duration::from_secs(600));
        assert_eq!(settings.token_checks_per_second, 10);
        assert!((1..=1024).contains(&settings.max_connections));
    }

    #[test]
    fn the_connection_cap_stays_under_the_descriptor_limit() {
        assert_eq!(max_connections("auto", None).unwrap(), 1024);
        assert_eq!(max_connections("AUTO", Some(1_048_576)).unwrap(), 1024);
        assert_eq!(max_connections("auto", Some(256)).unwrap(), 192);
        assert_eq!(max_connections("100", Some(256)).unwrap(), 100);
        assert_eq!(max_connections("5000", None).unwrap(), 5000);
        let error = max_connections("500", Some(256)).unwrap_err();
        assert_eq!(
            error.to_string(),
            "GITLAB_MCP_MAX_CONNECTIONS (--max-connections): 500 connections need more file \
             descriptors than the limit of 256 (`ulimit -n`) allows with 64 kept for the server \
             itself; set at most 192, or `auto`, or raise the limit"
        );
        let error = max_connections("auto", Some(50)).unwrap_err();
        assert!(error.to_string().contains("leaves no room"), "{error}");
        for bad in ["0", "-1", "many", ""] {
            let error = max_connections(bad, None).unwrap_err();
            assert_eq!(error.variable, "GITLAB_MCP_MAX_CONNECTIONS", "{bad}");
        }
    }

    #[test]
    fn limits_are_positive_and_name_their_variable() {
        let mut a = args(Some(DEFAULT_ADDR));
        a.header_timeout = "0".into();
        assert_eq!(
            a.settings(None).unwrap_err().variable,
            "GITLAB_MCP_HEADER_TIMEOUT"
        );
        a.header_timeout = "2s".into();
        a.body_timeout = "soon".into();
        assert_eq!(
            a.settings(None).unwrap_err().variable,
            "GITLAB_MCP_BODY_TIMEOUT"
        );
        a.body_timeout = "5s".into();
        a.idle_timeout = "0s".into();
        assert_eq!(
            a.settings(None).unwrap_err().variable,
            "GITLAB_MCP_IDLE_TIMEOUT"
        );
        a.idle_timeout = "1m".into();
        a.max_sessions = "0".into();
        assert_eq!(
            a.settings(None).unwrap_err().variable,
            "GITLAB_MCP_MAX_SESSIONS"
        );
        a.max_sessions = "12".into();
        a.session_idle_timeout = "never".into();
        assert_eq!(
            a.settings(None).unwrap_err().variable,
            "GITLAB_MCP_SESSION_IDLE_TIMEOUT"
        );
        a.session_idle_timeout = "90s".into();
        a.token_checks_per_second = "none".into();
        assert_eq!(
            a.settings(None).unwrap_err().variable,
            "GITLAB_MCP_TOKEN_CHECKS_PER_SECOND"
        );
        a.token_checks_per_second = "50".into();
        let settings = http(&a);
        assert_eq!(settings.header_timeout, Duration::from_secs(2));
        assert_eq!(settings.body_timeout, Duration::from_secs(5));
        assert_eq!(settings.idle_timeout, Duration::from_secs(60));
        assert_eq!(settings.max_sessions, 12);
        assert_eq!(settings.session_idle_timeout, Duration::from_secs(90));
        assert_eq!(settings.token_checks_per_second, 50);
    }

    #[test]
    fn a_specific_listening_ip_is_an_accepted_host() {
        let hosts = http(&args(Some("10.1.2.3:9000"))).allowed_hosts.unwrap();
        assert!(hosts.contains(&"10.1.2.3".to_owned()), "{hosts:?}");
        let hosts = http(&args(Some("0.0.0.0:9000"))).allowed_hosts.unwrap();
        assert_eq!(hosts, ["localhost", "127.0.0.1", "::1"]);
    }

    #[test]
    fn addresses_parse_or_name_the_variable() {
        assert_eq!(
            http(&args(Some("localhost:3000"))).addr,
            "127.0.0.1:3000".parse().unwrap()
        );
        assert_eq!(
            http(&args(Some("[::1]:3000"))).addr,
            "[::1]:3000".parse().unwrap()
        );
        let error = args(Some("example.com")).settings(None).unwrap_err();
        assert_eq!(error.variable, "GITLAB_MCP_HTTP");
        assert!(
            error
                .to_string()
                .starts_with("GITLAB_MCP_HTTP (--http): `example.com` is not a listening address"),
            "{error}"
        );
    }

    #[test]
    fn stateless_takes_true_or_false() {
        let mut a = args(Some(DEFAULT_ADDR));
        a.stateless = "FALSE".into();
        assert!(!http(&a).stateless);
        a.stateless = "On".into();
        assert!(http(&a).stateless);
        a.stateless = "sometimes".into();
        let error = a.settings(None).unwrap_err();
        assert_eq!(
            error.to_string(),
            "GITLAB_MCP_STATELESS (--stateless): `sometimes` is not a yes/no value; expected `true` or `false` (also `1`/`0`, `yes`/`no`, `on`/`off`)"
        );
    }

    #[test]
    fn host_and_origin_lists() {
        let mut a = args(Some(DEFAULT_ADDR));
        a.allowed_hosts = Some(" mcp.example.com, mcp.example.com:443 ,".into());
        a.allowed_origins = Some("https://app.example.com, http://localhost:*".into());
        let settings = http(&a);
        assert_eq!(
            settings.allowed_hosts.unwrap(),
            ["mcp.example.com", "mcp.example.com:443"]
        );
        assert_eq!(
            settings.allowed_origins.unwrap(),
            ["https://app.example.com", "http://localhost:*"]
        );
        a.allowed_hosts = Some("*".into());
        a.allowed_origins = Some("*".into());
        let settings = http(&a);
        assert_eq!(settings.allowed_hosts, None);
        assert_eq!(settings.allowed_origins, None);
    }

    #[test]
    fn bad_lists_name_the_variable() {
        let mut a = args(Some(DEFAULT_ADDR));
        a.allowed_hosts = Some(" , ".into());
        assert_eq!(
            a.settings(None).unwrap_err().variable,
            "GITLAB_MCP_ALLOWED_HOSTS"
        );
        a.allowed_hosts = Some("*,example.com".into());
        assert!(
            a.settings(None)
                .unwrap_err()
                .to_string()
                .contains("cannot be combined")
        );
        a.allowed_hosts = None;
        a.allowed_origins = Some("app.example.com".into());
        let error = a.settings(None).unwrap_err();
        assert_eq!(error.variable, "GITLAB_MCP_ALLOWED_ORIGINS");
        assert!(
            error
                .to_string()
                .contains("`app.example.com` is not an origin"),
            "{error}"
        );
    }

    #[test]
    fn sizes_and_timeouts() {
        let mut a = args(Some(DEFAULT_ADDR));
        for (raw, bytes) in [
            ("1KiB", 1024),
            ("2 mib", 2 << 20),
            ("100", 100),
            ("64b", 64),
        ] {
            a.max_request_body = raw.into();
            assert_eq!(http(&a).max_request_body, bytes, "{raw}");
        }
        for raw in ["0", "lots", "1GB", "-1"] {
            a.max_request_body = raw.into();
            assert_eq!(
                a.settings(None).unwrap_err().variable,
                "GITLAB_MCP_MAX_REQUEST_BODY",
                "{raw}"
            );
        }
        a.max_request_body = "4MiB".into();
        a.shutdown_timeout = "1500ms".into();
        assert_eq!(http(&a).shutdown_timeout, Duration::from_millis(1500));
        a.shutdown_timeout = "0".into();
        assert_eq!(http(&a).shutdown_timeout, Duration::ZERO);
        a.shutdown_timeout = "later".into();
        assert_eq!(
            a.settings(None).unwrap_err().variable,
            "GITLAB_MCP_SHUTDOWN_TIMEOUT"
        );
    }
}
