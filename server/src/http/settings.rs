//! The HTTP options of the command line (flattened into [`crate::config::Cli`]) and their
//! checked form. Every bad value is refused at startup with the variable it came from.

use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

use clap::Args;

use super::values::{check_origins, parse_addr, parse_list};
use crate::config::{ConfigError, Transport, parse_bool, parse_duration, parse_size};

/// Where `--http` listens when given without an address.
pub const DEFAULT_ADDR: &str = "127.0.0.1:8080";
/// rmcp's own default: a POST body above this is answered 413.
pub const DEFAULT_MAX_REQUEST_BODY: usize = 4 * 1024 * 1024;
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
}

impl HttpSettings {
    /// Loopback defaults at `addr`: stateless, loopback hosts and origins, rmcp's body limit.
    pub fn new(addr: SocketAddr) -> Self {
        HttpSettings {
            addr,
            stateless: true,
            allowed_hosts: Some(default_hosts(addr.ip())),
            allowed_origins: Some(LOOPBACK_ORIGINS.map(String::from).to_vec()),
            max_request_body: DEFAULT_MAX_REQUEST_BODY,
            shutdown_timeout: Duration::from_secs(10),
        }
    }
}

impl HttpArgs {
    /// stdio unless `--http` / `GITLAB_MCP_HTTP` is given; the other HTTP options are
    /// checked only then.
    pub fn transport(&self) -> Result<Transport, ConfigError> {
        let Some(raw) = self.http.as_deref() else {
            return Ok(Transport::Stdio);
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
        Ok(Transport::Http(settings))
    }
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
        }
    }

    fn http(args: &HttpArgs) -> HttpSettings {
        match args.transport().unwrap() {
            Transport::Http(settings) => settings,
            Transport::Stdio => panic!("expected HTTP"),
        }
    }

    #[test]
    fn without_http_it_is_stdio_and_other_options_are_not_read() {
        let mut args = args(None);
        args.stateless = "maybe".into();
        assert_eq!(args.transport().unwrap(), Transport::Stdio);
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
        let error = args(Some("example.com")).transport().unwrap_err();
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
        let error = a.transport().unwrap_err();
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
            a.transport().unwrap_err().variable,
            "GITLAB_MCP_ALLOWED_HOSTS"
        );
        a.allowed_hosts = Some("*,example.com".into());
        assert!(
            a.transport()
                .unwrap_err()
                .to_string()
                .contains("cannot be combined")
        );
        a.allowed_hosts = None;
        a.allowed_origins = Some("app.example.com".into());
        let error = a.transport().unwrap_err();
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
                a.transport().unwrap_err().variable,
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
            a.transport().unwrap_err().variable,
            "GITLAB_MCP_SHUTDOWN_TIMEOUT"
        );
    }
}
