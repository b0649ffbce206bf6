//! The checked configuration the server starts from ([`Settings`]), made from the command
//! line by `crate::cli`; [`values`] reads each kind of value.

pub mod instances;
pub mod values;

use std::time::Duration;

use url::Url;
use wizard::StateKeys;

use crate::access::Access;
use crate::gitlab::{ProjectId, Token};
use crate::surfaces::SurfaceKind;
use values::{ConfigError, parse_bool};

/// How the server talks to its client.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Transport {
    Stdio,
    /// Streamable HTTP (`--http`); boxed, as it is large beside `Stdio`.
    Http(Box<crate::http::HttpSettings>),
}

/// Checked configuration. `Debug` never shows the token or the state keys.
#[derive(Debug, Clone)]
pub struct Settings {
    pub gitlab_url: Url,
    pub token: Option<Token>,
    pub surface: SurfaceKind,
    /// Read-only, toolsets and allowed projects.
    pub access: Access,
    /// YOLO/AUTOPILOT: destructive actions run without asking.
    pub autonomous: bool,
    /// `None`: a random key for this process.
    pub state_keys: Option<StateKeys>,
    /// `None`: claims in this process's memory.
    pub redis_url: Option<RedisUrl>,
    pub sandbox: bool,
    /// `--conformance`: offer the conformance suite's fixtures.
    #[cfg(feature = "conformance")]
    pub conformance: bool,
    /// `GITLAB_MCP_DEFAULT_PROJECT`.
    pub default_project: Option<ProjectId>,
    pub request_timeout: Duration,
    pub elicitation_timeout: Duration,
    /// How often a waiting question sends progress.
    pub elicitation_keepalive: Duration,
    /// The largest successful GitLab answer read, bytes.
    pub max_response_body: usize,
    /// Where `auth login` keeps a sign-in and the server reads it
    /// (`GITLAB_MCP_CREDENTIAL_STORE`).
    pub credential_store: crate::auth::store::Choice,
    /// The CAs added for GitLab (`GITLAB_CA_CERT`); the proxy comes from the environment.
    pub network: crate::gitlab::Network,
    /// The OAuth application users sign in with (`GITLAB_OAUTH_CLIENT_ID`): a stdio
    /// session's sign-in, the OAuth proxy's.
    pub oauth_client_id: Option<String>,
    /// `GITLAB_MCP_INSTANCES`: empty for one instance (`GITLAB_URL`); else every one,
    /// the first also in `gitlab_url`, `token` and `access`.
    pub instances: Vec<instances::InstanceSetting>,
    pub transport: Transport,
}

/// Where replicas share their claims. It may hold a password, so `Debug` and errors never
/// show it whole.
#[derive(Clone)]
pub struct RedisUrl(String);

impl RedisUrl {
    pub(crate) fn parse(text: &str) -> Result<Self, ConfigError> {
        let refuse =
            |problem: String| ConfigError::new("GITLAB_MCP_REDIS_URL", "redis-url", problem);
        let url = Url::parse(text.trim())
            .map_err(|error| refuse(format!("not a URL ({error}); expected redis://host:6379")))?;
        match url.scheme() {
            "redis" | "valkey" | "redis+unix" | "unix" => Ok(RedisUrl(text.trim().to_owned())),
            other => Err(refuse(format!(
                "the scheme `{other}` is not supported; expected redis://host:port (TLS to \
                 Redis is not built in: reach a TLS endpoint through a local tunnel)"
            ))),
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for RedisUrl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("RedisUrl(…)")
    }
}

/// Whether the operator lets destructive actions run unasked, from the raw values of
/// `GITLAB_MCP_YOLO_MODE` and `AUTOPILOT`, each a yes/no value ([`parse_bool`]). When
/// YOLO is set at all it decides alone (`false` beats `AUTOPILOT=true`); only when it is
/// unset does AUTOPILOT count. A value that is not yes/no stops startup, whichever of the
/// two it is in: a typo must not silently mean "ask".
pub fn autonomy(yolo: Option<&str>, autopilot: Option<&str>) -> Result<bool, ConfigError> {
    let read = |raw: Option<&str>, variable: &'static str, flag: &'static str| {
        raw.map(parse_bool)
            .transpose()
            .map_err(|problem| ConfigError::new(variable, flag, problem))
    };
    let yolo = read(yolo, "GITLAB_MCP_YOLO_MODE", "yolo-mode")?;
    let autopilot = read(autopilot, "AUTOPILOT", "autopilot")?;
    Ok(yolo.or(autopilot).unwrap_or(false))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yolo_decides_alone_when_set() {
        let on = |yolo, autopilot| autonomy(yolo, autopilot).unwrap();
        assert!(on(Some(" TRUE "), None));
        assert!(on(Some("yes"), Some("false")));
        assert!(on(Some("1"), None));
        assert!(on(Some("On"), None));
        assert!(!on(Some("false"), Some("true")));
        assert!(!on(Some("OFF"), Some("yes")));
    }

    #[test]
    fn autopilot_counts_only_without_yolo() {
        let on = |yolo, autopilot| autonomy(yolo, autopilot).unwrap();
        assert!(on(None, Some("Yes")));
        assert!(!on(None, Some("0")));
        assert!(!on(None, None));
    }

    #[test]
    fn a_value_that_is_not_yes_or_no_stops_startup_naming_its_variable() {
        for bad in ["maybe", "", " ", "2", "y", "truee", "enabled"] {
            let error = autonomy(Some(bad), None).unwrap_err();
            assert_eq!(error.variable, "GITLAB_MCP_YOLO_MODE", "{bad:?}");
            assert!(
                error.to_string().contains("expected `true` or `false`"),
                "{error}"
            );
            // Checked even where YOLO decides: a typo is a typo.
            let error = autonomy(Some("true"), Some(bad)).unwrap_err();
            assert_eq!(error.variable, "AUTOPILOT", "{bad:?}");
        }
        let error = autonomy(Some("maybe"), None).unwrap_err();
        assert_eq!(
            error.to_string(),
            "GITLAB_MCP_YOLO_MODE (--yolo-mode): `maybe` is not a yes/no value; expected `true` or `false` (also `1`/`0`, `yes`/`no`, `on`/`off`)"
        );
    }
}
