//! Command line and environment: parsed by clap, then checked into [`Settings`] so that
//! every bad value is refused at startup with the variable it came from.

use std::time::Duration;

use clap::Parser;
use url::Url;
use wizard::StateKeys;

use crate::access::{Access, AllowedProjects};
use crate::catalog::Toolset;
use crate::gitlab::{Token, parse_base_url};
use crate::surfaces::SurfaceKind;

/// The raw command line. Every option also reads an environment variable, named the way
/// users of GitLab MCP servers already know them.
///
/// No `Debug`: it holds the token.
#[derive(Parser, Clone)]
#[command(
    name = "gitlab-mcp-server",
    version,
    about = "A GitLab MCP server whose wizards create issues, merge requests, releases and projects one question at a time",
    long_about = None
)]
pub struct Cli {
    /// `try [WIZARD]`: one wizard on this terminal instead of serving.
    #[command(subcommand)]
    pub command: Option<crate::try_wizard::Command>,

    /// Base URL of the GitLab instance.
    #[arg(long, env = "GITLAB_URL", default_value = "https://gitlab.com")]
    pub gitlab_url: String,

    /// Personal, project or group access token (sent as `PRIVATE-TOKEN`).
    #[arg(long, env = "GITLAB_TOKEN", hide_env_values = true)]
    pub gitlab_token: Option<String>,

    /// Which tools to offer: `dynamic` (find + execute), `meta` (one tool per resource)
    /// or `individual` (one tool per action).
    #[arg(long, env = "GITLAB_MCP_TOOL_SURFACE", default_value = "dynamic")]
    pub tool_surface: String,

    /// Run destructive actions without asking (`1`, `true`, `yes`); when set at all it
    /// decides alone, `AUTOPILOT` counts only when it is unset.
    #[arg(long, env = "GITLAB_MCP_YOLO_MODE")]
    pub yolo_mode: Option<String>,

    /// Same as `GITLAB_MCP_YOLO_MODE`, read only when that one is unset.
    #[arg(long, env = "AUTOPILOT")]
    pub autopilot: Option<String>,

    /// Keys that sign `requestState`, comma-separated (the first signs, all verify); set the
    /// same ring on every replica behind a balancer. Default: a random key per process.
    #[arg(long, env = "GITLAB_MCP_STATE_KEYS", hide_env_values = true)]
    pub state_keys: Option<String>,

    /// Start an in-memory GitLab on a loopback port and use it instead of `GITLAB_URL`.
    #[arg(long)]
    pub sandbox: bool,

    /// Also offer the fixture tools and the prompt the MCP conformance suite calls
    /// (`test_*`); for testing the server, never for production.
    #[cfg(feature = "conformance")]
    #[arg(long)]
    pub conformance: bool,

    /// Offer and run only reads (`true`/`false`, `1`/`0`, `yes`/`no`, `on`/`off`): writes,
    /// wizards and destructive actions are neither listed nor run.
    #[arg(long, env = "GITLAB_MCP_READ_ONLY", default_value = "false")]
    pub read_only: String,

    /// The toolsets to offer, comma-separated (`repository,merge_requests,issues`), or
    /// `all`. The meta and individual surfaces list only these, and `gitlab_find_action`
    /// finds only these.
    #[arg(long, env = "GITLAB_MCP_TOOLSETS", default_value = "all")]
    pub toolsets: String,

    /// The projects calls may name, by id or path (`group/project,42`); a call naming any
    /// other is refused before anything is sent. Default: any project.
    #[arg(long, env = "GITLAB_MCP_ALLOWED_PROJECTS")]
    pub allowed_projects: Option<String>,

    /// Timeout of one GitLab request (`30s`, `2m`, `1500ms`).
    #[arg(long, env = "GITLAB_MCP_REQUEST_TIMEOUT", default_value = "30s")]
    pub request_timeout: String,

    /// How long a wizard waits for each answer on the synchronous path.
    #[arg(long, env = "GITLAB_MCP_ELICITATION_TIMEOUT", default_value = "10m")]
    pub elicitation_timeout: String,

    /// `--http [ADDR]` and the options of the HTTP transport.
    #[command(flatten)]
    pub http: crate::http::HttpArgs,
}

/// How the server talks to its client.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Transport {
    Stdio,
    /// Streamable HTTP (`--http`).
    Http(crate::http::HttpSettings),
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
    pub sandbox: bool,
    /// `--conformance`: offer the conformance suite's fixtures.
    #[cfg(feature = "conformance")]
    pub conformance: bool,
    pub request_timeout: Duration,
    pub elicitation_timeout: Duration,
    pub transport: Transport,
}

/// A value that cannot start the server; Display names the variable and the flag.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{variable} (--{flag}): {problem}")]
pub struct ConfigError {
    pub variable: &'static str,
    pub flag: &'static str,
    pub problem: String,
}

impl ConfigError {
    pub(crate) fn new(
        variable: &'static str,
        flag: &'static str,
        problem: impl Into<String>,
    ) -> Self {
        ConfigError {
            variable,
            flag,
            problem: problem.into(),
        }
    }
}

impl Cli {
    /// Checks every value; the first bad one is the error.
    pub fn settings(self) -> Result<Settings, ConfigError> {
        let gitlab_url = parse_base_url(&self.gitlab_url)
            .map_err(|error| ConfigError::new("GITLAB_URL", "gitlab-url", error.to_string()))?;
        let surface = self.tool_surface.parse::<SurfaceKind>().map_err(|()| {
            ConfigError::new(
                "GITLAB_MCP_TOOL_SURFACE",
                "tool-surface",
                format!(
                    "`{}` is not a tool surface; expected `dynamic`, `meta` or `individual`",
                    self.tool_surface
                ),
            )
        })?;
        // Token errors never echo the value.
        let token = self
            .gitlab_token
            .as_deref()
            .map(Token::new)
            .transpose()
            .map_err(|error| ConfigError::new("GITLAB_TOKEN", "gitlab-token", error.to_string()))?;
        let state_keys = self
            .state_keys
            .as_deref()
            .filter(|ring| !ring.trim().is_empty())
            .map(StateKeys::parse)
            .transpose()
            .map_err(|error| {
                ConfigError::new("GITLAB_MCP_STATE_KEYS", "state-keys", error.to_string())
            })?;
        let access = Access {
            read_only: parse_bool(&self.read_only).map_err(|problem| {
                ConfigError::new("GITLAB_MCP_READ_ONLY", "read-only", problem)
            })?,
            toolsets: Toolset::parse_list(&self.toolsets)
                .map_err(|problem| ConfigError::new("GITLAB_MCP_TOOLSETS", "toolsets", problem))?,
            projects: self
                .allowed_projects
                .as_deref()
                .map(AllowedProjects::parse)
                .transpose()
                .map_err(|problem| {
                    ConfigError::new("GITLAB_MCP_ALLOWED_PROJECTS", "allowed-projects", problem)
                })?,
        };
        let request_timeout = parse_timeout(
            &self.request_timeout,
            "GITLAB_MCP_REQUEST_TIMEOUT",
            "request-timeout",
        )?;
        let elicitation_timeout = parse_timeout(
            &self.elicitation_timeout,
            "GITLAB_MCP_ELICITATION_TIMEOUT",
            "elicitation-timeout",
        )?;
        Ok(Settings {
            gitlab_url,
            token,
            surface,
            access,
            autonomous: autonomy(self.yolo_mode.as_deref(), self.autopilot.as_deref()),
            state_keys,
            sandbox: self.sandbox,
            #[cfg(feature = "conformance")]
            conformance: self.conformance,
            request_timeout,
            elicitation_timeout,
            transport: self.http.transport()?,
        })
    }
}

/// Whether the operator lets destructive actions run unasked, from the raw values of
/// `GITLAB_MCP_YOLO_MODE` and `AUTOPILOT`: `1`, `true` or `yes` (trimmed, any case) are
/// true. When YOLO is set at all it decides alone (`false` beats `AUTOPILOT=true`); only
/// when it is unset does AUTOPILOT count.
pub fn autonomy(yolo: Option<&str>, autopilot: Option<&str>) -> bool {
    let truthy = |raw: &str| {
        let raw = raw.trim();
        ["1", "true", "yes"]
            .iter()
            .any(|yes| raw.eq_ignore_ascii_case(yes))
    };
    match yolo {
        Some(yolo) => truthy(yolo),
        None => autopilot.is_some_and(truthy),
    }
}

/// A yes/no setting: `1`, `true`, `yes`, `on` or `0`, `false`, `no`, `off`, in any case;
/// anything else is refused rather than read as one or the other.
pub(crate) fn parse_bool(raw: &str) -> Result<bool, String> {
    match raw.trim().to_ascii_lowercase().as_str() {
        "1" | "true" | "yes" | "on" => Ok(true),
        "0" | "false" | "no" | "off" => Ok(false),
        _ => Err(format!(
            "`{}` is not a yes/no value; expected `true` or `false` (also `1`/`0`, `yes`/`no`, `on`/`off`)",
            raw.trim()
        )),
    }
}

fn parse_timeout(
    raw: &str,
    variable: &'static str,
    flag: &'static str,
) -> Result<Duration, ConfigError> {
    match parse_duration(raw) {
        Ok(duration) if duration.is_zero() => {
            Err(ConfigError::new(variable, flag, "must be longer than zero"))
        }
        Ok(duration) => Ok(duration),
        Err(problem) => Err(ConfigError::new(variable, flag, problem)),
    }
}

/// A duration as `30s`, `2m`, `1500ms`, or a bare number of seconds; the problem text
/// names what was expected.
pub(crate) fn parse_duration(raw: &str) -> Result<Duration, String> {
    let raw = raw.trim();
    let parsed = match raw.parse::<u64>() {
        Ok(seconds) => Ok(Duration::from_secs(seconds)),
        Err(_) => humantime::parse_duration(raw),
    };
    parsed.map_err(|error| {
        format!("`{raw}` is not a duration ({error}); expected e.g. `30s`, `2m` or `1500ms`")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yolo_decides_alone_when_set() {
        assert!(autonomy(Some(" TRUE "), None));
        assert!(autonomy(Some("yes"), Some("false")));
        assert!(autonomy(Some("1"), None));
        assert!(!autonomy(Some("false"), Some("true")));
        assert!(!autonomy(Some(""), Some("true")));
        assert!(!autonomy(Some("on"), None));
    }

    #[test]
    fn autopilot_counts_only_without_yolo() {
        assert!(autonomy(None, Some("Yes")));
        assert!(!autonomy(None, Some("0")));
        assert!(!autonomy(None, None));
    }

    fn cli(args: &[&str]) -> Cli {
        let mut argv = vec!["gitlab-mcp-server"];
        argv.extend_from_slice(args);
        Cli::try_parse_from(argv).expect("arguments parse")
    }

    #[test]
    fn defaults_are_gitlab_com_dynamic_and_stdio() {
        // Flags win over the environment, so pin every one the test relies on.
        let settings = cli(&[
            "--gitlab-url",
            "https://gitlab.com",
            "--tool-surface",
            "dynamic",
            "--request-timeout",
            "30s",
            "--elicitation-timeout",
            "10m",
        ])
        .settings()
        .unwrap();
        assert_eq!(settings.gitlab_url.as_str(), "https://gitlab.com/");
        assert!(settings.state_keys.is_none());
        assert_eq!(settings.surface, SurfaceKind::Dynamic);
        assert_eq!(settings.request_timeout, Duration::from_secs(30));
        assert_eq!(settings.elicitation_timeout, Duration::from_secs(600));
        assert_eq!(settings.transport, Transport::Stdio);
    }

    #[test]
    fn bad_surface_names_the_variable() {
        let error = cli(&["--tool-surface", "everything"])
            .settings()
            .unwrap_err();
        assert_eq!(
            error.to_string(),
            "GITLAB_MCP_TOOL_SURFACE (--tool-surface): `everything` is not a tool surface; expected `dynamic`, `meta` or `individual`"
        );
    }

    #[test]
    fn surfaces_parse_case_insensitively() {
        for (raw, kind) in [
            ("meta", SurfaceKind::Meta),
            ("Individual", SurfaceKind::Individual),
            (" DYNAMIC ", SurfaceKind::Dynamic),
        ] {
            assert_eq!(
                cli(&["--tool-surface", raw]).settings().unwrap().surface,
                kind
            );
        }
    }

    #[test]
    fn bad_url_names_the_variable_and_hides_credentials() {
        let error = cli(&["--gitlab-url", "ftp://gitlab.example.com"])
            .settings()
            .unwrap_err();
        assert_eq!(error.variable, "GITLAB_URL");
        let error = cli(&["--gitlab-url", "https://me:s3cret@gitlab.example.com"])
            .settings()
            .unwrap_err();
        assert!(!error.to_string().contains("s3cret"), "{error}");
        assert!(error.to_string().starts_with("GITLAB_URL (--gitlab-url): "));
        let error = cli(&["--gitlab-url", "not a url"]).settings().unwrap_err();
        assert!(error.to_string().contains("not a valid URL"), "{error}");
    }

    #[test]
    fn bad_timeouts_name_the_variable() {
        let error = cli(&["--request-timeout", "soon"]).settings().unwrap_err();
        assert_eq!(error.variable, "GITLAB_MCP_REQUEST_TIMEOUT");
        let error = cli(&["--elicitation-timeout", "0"]).settings().unwrap_err();
        assert_eq!(
            error.to_string(),
            "GITLAB_MCP_ELICITATION_TIMEOUT (--elicitation-timeout): must be longer than zero"
        );
        let settings = cli(&["--request-timeout", "1500ms", "--elicitation-timeout", "90"])
            .settings()
            .unwrap();
        assert_eq!(settings.request_timeout, Duration::from_millis(1500));
        assert_eq!(settings.elicitation_timeout, Duration::from_secs(90));
    }

    #[test]
    fn token_never_shows() {
        let settings = cli(&["--gitlab-token", "glpat-abcdef123456\n"])
            .settings()
            .unwrap();
        assert!(settings.token.is_some());
        assert!(!format!("{settings:?}").contains("glpat"));
        let error = cli(&["--gitlab-token", "glpat-abc def"])
            .settings()
            .unwrap_err();
        assert!(!error.to_string().contains("glpat"), "{error}");
        assert_eq!(error.variable, "GITLAB_TOKEN");
        let error = cli(&["--gitlab-token", "  "]).settings().unwrap_err();
        assert_eq!(error.variable, "GITLAB_TOKEN");
    }

    #[test]
    fn state_keys_are_checked_without_echoing_them() {
        let short = "00112233";
        let error = cli(&["--state-keys", short]).settings().unwrap_err();
        assert_eq!(error.variable, "GITLAB_MCP_STATE_KEYS");
        assert!(!error.to_string().contains(short), "{error}");
        let key = "ab".repeat(32);
        let settings = cli(&["--state-keys", &format!("{key},{}", "cd".repeat(32))])
            .settings()
            .unwrap();
        assert!(settings.state_keys.is_some());
        assert!(!format!("{settings:?}").contains(&key));
    }

    #[test]
    fn access_settings_are_checked_and_name_the_variable() {
        let settings = cli(&[
            "--read-only",
            "YES",
            "--toolsets",
            "issues, repository",
            "--allowed-projects",
            "demo/sandbox,42",
        ])
        .settings()
        .unwrap();
        assert!(settings.access.read_only);
        assert_eq!(
            settings.access.toolsets,
            vec![Toolset::Repository, Toolset::Issues]
        );
        assert!(settings.access.projects.is_some());
        let error = cli(&["--read-only", "maybe"]).settings().unwrap_err();
        assert_eq!(error.variable, "GITLAB_MCP_READ_ONLY");
        assert!(
            error.to_string().contains("`maybe` is not a yes/no value"),
            "{error}"
        );
        let error = cli(&["--toolsets", "issues,ci"]).settings().unwrap_err();
        assert_eq!(error.variable, "GITLAB_MCP_TOOLSETS");
        assert!(
            error.to_string().contains("repository, merge_requests"),
            "{error}"
        );
        let error = cli(&["--allowed-projects", "a,,b"]).settings().unwrap_err();
        assert_eq!(error.variable, "GITLAB_MCP_ALLOWED_PROJECTS");
    }

    #[test]
    fn yolo_set_at_all_decides_alone() {
        let settings = |args: &[&str]| cli(args).settings().unwrap().autonomous;
        assert!(settings(&["--yolo-mode", "TRUE", "--autopilot", "false"]));
        assert!(!settings(&["--yolo-mode", "false", "--autopilot", "true"]));
        assert!(!settings(&["--yolo-mode", "", "--autopilot", "yes"]));
    }
}
