//! The command line: every setting a flag and an environment variable (named the way users
//! of GitLab MCP servers already know them), parsed by clap, then checked into
//! [`Settings`] so that every bad value is refused at startup with the variable it came
//! from. `try` is the one subcommand.

use clap::{CommandFactory, FromArgMatches, Parser};
use wizard::StateKeys;

use crate::access::{Access, AllowedProjects};
use crate::catalog::Toolset;
use crate::config::values::{ConfigError, parse_bool, parse_size, parse_timeout};
use crate::config::{RedisUrl, Settings, Transport, autonomy};
use crate::gitlab::{ProjectId, Token, parse_base_url};
use crate::http::{HttpArgs, Tokenless};
use crate::surfaces::SurfaceKind;

/// The raw command line. Every option also reads an environment variable, named the way
/// users of GitLab MCP servers already know them.
///
/// No `Debug`: it holds the token.
#[derive(Parser, Clone)]
#[command(
    name = "gitlab-mcp-server",
    version,
    about = "A GitLab MCP server for merge requests, reviews, issues, pipelines, the repository and more, whose wizards ask the user one question at a time",
    long_about = None,
    after_help = ENVIRONMENT
)]
pub struct Cli {
    /// `try [WIZARD]`: one wizard on this terminal instead of serving.
    #[command(subcommand)]
    pub command: Option<Command>,

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

    /// Run destructive actions without asking (`true`/`false`, `1`/`0`, `yes`/`no`,
    /// `on`/`off`); when set at all it decides alone, `AUTOPILOT` counts only when it is
    /// unset. Any other value stops startup.
    #[arg(long, env = "GITLAB_MCP_YOLO_MODE")]
    pub yolo_mode: Option<String>,

    /// Same as `GITLAB_MCP_YOLO_MODE`, read only when that one is unset.
    #[arg(long, env = "AUTOPILOT")]
    pub autopilot: Option<String>,

    /// Keys that sign `requestState`, comma-separated (the first signs, all verify); set the
    /// same ring on every replica behind a balancer. Default: a random key per process.
    #[arg(long, env = "GITLAB_MCP_STATE_KEYS", hide_env_values = true)]
    pub state_keys: Option<String>,

    /// Redis or Valkey where replicas share which confirmed rounds already acted
    /// (`redis://host:6379`); set the same one on every replica behind a balancer.
    /// Default: this process's memory.
    #[arg(long, env = "GITLAB_MCP_REDIS_URL", hide_env_values = true)]
    pub redis_url: Option<String>,

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

    /// The project a call means when it names none (`group/project` or an id). Default: on
    /// stdio, the project of the client's workspace — the git remote on GitLab's host of its
    /// first root, else of the working directory; under `--sandbox`, `demo/sandbox`.
    #[arg(long, env = "GITLAB_MCP_DEFAULT_PROJECT")]
    pub default_project: Option<String>,

    /// Timeout of one GitLab request (`30s`, `2m`, `1500ms`).
    #[arg(long, env = "GITLAB_MCP_REQUEST_TIMEOUT", default_value = "30s")]
    pub request_timeout: String,

    /// How long a wizard waits for each answer on the synchronous path.
    #[arg(long, env = "GITLAB_MCP_ELICITATION_TIMEOUT", default_value = "10m")]
    pub elicitation_timeout: String,

    /// How often a question waiting for the user sends a progress notification, so
    /// that a client which resets its request timeout on progress keeps waiting.
    #[arg(long, env = "GITLAB_MCP_ELICITATION_KEEPALIVE", default_value = "5s")]
    pub elicitation_keepalive: String,

    /// The largest successful answer read from GitLab (`16MiB`, `512KiB`, `1GiB`, or
    /// bytes); a larger one is an error naming the endpoint, read no further.
    #[arg(long, env = "GITLAB_MCP_MAX_RESPONSE_BODY", default_value = "16MiB")]
    pub max_response_body: String,

    /// Where `auth login` keeps a sign-in and the server reads it: `keyring` (the system
    /// keyring), `file` (a file readable by you alone, in GITLAB_MCP_CONFIG_DIR) or `auto`
    /// (the keyring where there is one, else the file). Any other value stops every
    /// command.
    #[arg(long, env = "GITLAB_MCP_CREDENTIAL_STORE", default_value = "auto")]
    pub credential_store: String,

    /// Several GitLab instances, `name=URL` comma-separated
    /// (`work=https://gitlab.example.com,com=https://gitlab.com`); every tool then takes
    /// `instance`. Each takes its token from `GITLAB_TOKEN_<NAME>` (else its stored sign-in)
    /// and its allowed projects from `GITLAB_MCP_ALLOWED_PROJECTS_<NAME>`. Stdio only;
    /// replaces GITLAB_URL and GITLAB_TOKEN.
    #[arg(long, env = "GITLAB_MCP_INSTANCES", value_name = "INSTANCES")]
    pub instances: Option<String>,

    /// A PEM bundle of CA certificates to trust for GitLab, on top of the system's (an
    /// instance behind an internal CA, or a proxy that inspects TLS). There is no way to
    /// turn certificate checks off.
    #[arg(long, env = "GITLAB_CA_CERT")]
    pub gitlab_ca_cert: Option<std::path::PathBuf>,

    /// `--http [ADDR]` and the options of the HTTP transport.
    #[command(flatten)]
    pub http: HttpArgs,
}

/// What only the environment sets, said at the end of every `--help`.
const ENVIRONMENT: &str = "Environment only:
  GITLAB_MCP_CONFIG_DIR  Where the credentials file is kept (default: ~/.config/gitlab-mcp-server, %APPDATA%\\gitlab-mcp-server on Windows)
  RUST_LOG               The log's levels on stderr (default: info,rmcp=warn when serving, warn for `try` and `auth`), e.g. debug or gitlab_mcp_server=debug";

/// The heading the server's settings are listed under after a subcommand, below the
/// subcommand's own options.
const SETTINGS_HEADING: &str = "Server settings (also taken after the subcommand)";

/// The server's subcommands.
#[derive(Debug, Clone, clap::Subcommand)]
pub enum Command {
    /// Run one wizard on this terminal (`try issue --sandbox`); without WIZARD, list them
    /// with their questions.
    Try(TryArgs),
    /// Sign in to GitLab with OAuth, see who is signed in, or sign out.
    #[command(subcommand)]
    Auth(AuthCommand),
}

/// `auth login | status | logout`.
#[derive(Debug, Clone, clap::Subcommand)]
pub enum AuthCommand {
    /// Sign in (OAuth device flow; `--browser` for the authorization code flow with PKCE)
    /// and keep the tokens for the server to use when GITLAB_TOKEN is not set.
    Login(LoginArgs),
    /// Say who is signed in to which GitLab, and until when.
    Status(HostArgs),
    /// Revoke the stored sign-in at GitLab and forget it.
    Logout(HostArgs),
}

/// The GitLab instance to sign in to.
#[derive(Debug, Clone, clap::Args)]
pub struct HostArgs {
    /// The GitLab instance (`gitlab.example.com` or its URL). Default: GITLAB_URL.
    #[arg(long)]
    pub hostname: Option<String>,
}

#[derive(Debug, Clone, clap::Args)]
pub struct LoginArgs {
    #[command(flatten)]
    pub host: HostArgs,
    /// The id of the OAuth application to sign in with (registered on the GitLab
    /// instance, not confidential, with the device grant allowed).
    #[arg(long, env = "GITLAB_OAUTH_CLIENT_ID")]
    pub client_id: Option<String>,
    /// The scopes to ask for: `api`, or `read_api` for a server that only reads.
    #[arg(long, default_value = "api")]
    pub scopes: String,
    /// Sign in with the authorization code flow in a browser (PKCE on a loopback
    /// redirect), for a GitLab whose device flow is off.
    #[arg(long)]
    pub browser: bool,
}

/// The wizard to try and its tool arguments, as flags.
#[derive(Debug, Clone, clap::Args)]
pub struct TryArgs {
    /// `issue`, `mr`, `release`, `project`, `pipeline_run`, `branch`, `milestone` or
    /// `mr_merge`; leave out to list them.
    pub wizard: Option<String>,
    /// The project (`project_id`): its path or numeric id. Under `--sandbox` the demo
    /// project, `demo/sandbox`, unless given.
    #[arg(long)]
    pub project: Option<String>,
    /// The merge request's IID (`merge_request_iid`), for `mr_merge`; left out, it is
    /// picked from the project's merge requests that can be merged now.
    #[arg(long)]
    pub mr: Option<u64>,
}

/// The command line with every server setting accepted after `try` as well as before
/// it (`try issue --sandbox`): the settings are made global here, so that `Cli` stays
/// the one list of them.
pub fn command_line() -> Cli {
    let command = server_settings_global(Cli::command());
    let matches = command.get_matches();
    Cli::from_arg_matches(&matches).unwrap_or_else(|error| error.exit())
}

/// `command` with every server setting global, under its own heading: a subcommand's
/// `--help` lists the subcommand's own options first, and the settings after them.
fn server_settings_global(command: clap::Command) -> clap::Command {
    let command = command.mut_args(|arg| {
        let arg = arg.global(true);
        match arg.get_id().as_str() {
            // `--help` and `--version` stay with each command's own options.
            "help" | "version" => arg,
            _ => arg.help_heading(SETTINGS_HEADING),
        }
    });
    let exit_codes = crate::try_wizard::EXIT_CODES;
    let command = command.mut_subcommand("try", |try_| {
        try_.after_help(format!("{exit_codes}\n\n{ENVIRONMENT}"))
    });
    command.mut_subcommand("auth", |auth| {
        ["login", "status", "logout"]
            .into_iter()
            .fold(auth.after_help(ENVIRONMENT), |auth, name| {
                auth.mut_subcommand(name, |sub| sub.after_help(ENVIRONMENT))
            })
    })
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
        // Set but empty is refused like any other bad ring: an operator who meant to share
        // a ring must not get a random per-process key instead.
        let state_keys = self
            .state_keys
            .as_deref()
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
        let default_project = self
            .default_project
            .as_deref()
            .map(|project| {
                serde_json::from_value::<ProjectId>(serde_json::Value::String(
                    project.trim().to_owned(),
                ))
                .map_err(|problem| {
                    ConfigError::new(
                        "GITLAB_MCP_DEFAULT_PROJECT",
                        "default-project",
                        problem.to_string(),
                    )
                })
            })
            .transpose()?;
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
        let elicitation_keepalive = parse_timeout(
            &self.elicitation_keepalive,
            "GITLAB_MCP_ELICITATION_KEEPALIVE",
            "elicitation-keepalive",
        )?;
        let max_response_body = parse_size(&self.max_response_body).map_err(|problem| {
            ConfigError::new("GITLAB_MCP_MAX_RESPONSE_BODY", "max-response-body", problem)
        })?;
        let oauth_client_id = self
            .http
            .oauth
            .oauth_client_id
            .as_deref()
            .map(str::trim)
            .filter(|id| !id.is_empty())
            .map(str::to_owned);
        // The sandbox has its own OAuth application.
        let proxy_client = oauth_client_id.as_deref().or(self
            .sandbox
            .then_some(gitlab_sandbox::SANDBOX_OAUTH_CLIENT_ID));
        let mut http = self.http.settings(proxy_client)?;
        if let Some(http) = &mut http {
            match (self.sandbox, http.tokenless, &token) {
                // With the OAuth proxy a request signs its user in, even on the sandbox.
                (true, _, _) if http.oauth_proxy.is_some() => {}
                (true, _, _) => http.tokenless = Tokenless::Sandbox,
                (false, Tokenless::AsServer, None) => {
                    return Err(ConfigError::new(
                        "GITLAB_MCP_TOKENLESS_AS_SERVER",
                        "tokenless-as-server",
                        "there is no server token for tokenless requests to act with; set \
                         GITLAB_TOKEN, or leave this unset so that each request sends its own",
                    ));
                }
                _ => {}
            }
        }
        if http.as_ref().is_some_and(|http| http.oauth_proxy.is_some())
            && self.redis_url.is_some()
            && state_keys.is_none()
        {
            return Err(ConfigError::new(
                "GITLAB_MCP_STATE_KEYS",
                "state-keys",
                "the OAuth proxy seals the sign-ins it keeps in Redis with keys derived from \
                 this ring, which every replica must share (else one replica cannot read what \
                 another kept): set it, the same on every replica (`openssl rand -hex 32`)",
            ));
        }
        let credential_store = self.credential_store.parse().map_err(|problem| {
            ConfigError::new("GITLAB_MCP_CREDENTIAL_STORE", "credential-store", problem)
        })?;
        let instances = match &self.instances {
            None => Vec::new(),
            Some(raw) => {
                let refuse = |problem: &str| {
                    ConfigError::new("GITLAB_MCP_INSTANCES", "instances", problem.to_owned())
                };
                if http.is_some() {
                    return Err(refuse(
                        "several instances are served on stdio only: over HTTP each request \
                         brings its own token, which belongs to one GitLab; run one server per \
                         instance",
                    ));
                }
                if self.sandbox {
                    return Err(refuse(
                        "--sandbox is one GitLab; leave GITLAB_MCP_INSTANCES unset",
                    ));
                }
                if token.is_some() {
                    return Err(refuse(
                        "GITLAB_TOKEN would be ambiguous beside several instances; give each its \
                         own as GITLAB_TOKEN_<NAME> (GITLAB_TOKEN_WORK for `work`)",
                    ));
                }
                crate::config::instances::parse(raw, |name| std::env::var(name).ok())?
            }
        };
        // The first instance is the server's own: resources, prompts and completions read it.
        let (gitlab_url, token) = match instances.first() {
            Some(first) => (first.url.clone(), first.token.clone()),
            None => (gitlab_url, token),
        };
        let network = match &self.gitlab_ca_cert {
            Some(path) => crate::gitlab::Network::with_ca_file(path)
                .map_err(|problem| ConfigError::new("GITLAB_CA_CERT", "gitlab-ca-cert", problem))?,
            None => crate::gitlab::Network::default(),
        };
        Ok(Settings {
            gitlab_url,
            token,
            surface,
            access,
            autonomous: autonomy(self.yolo_mode.as_deref(), self.autopilot.as_deref())?,
            state_keys,
            redis_url: self.redis_url.as_deref().map(RedisUrl::parse).transpose()?,
            sandbox: self.sandbox,
            #[cfg(feature = "conformance")]
            conformance: self.conformance,
            default_project,
            request_timeout,
            elicitation_timeout,
            elicitation_keepalive,
            max_response_body,
            credential_store,
            network,
            instances,
            oauth_client_id,
            transport: http.map_or(Transport::Stdio, |http| Transport::Http(Box::new(http))),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::units::show_size;
    use std::time::Duration;

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
            "--max-response-body",
            "16MiB",
        ])
        .settings()
        .unwrap();
        assert_eq!(settings.gitlab_url.as_str(), "https://gitlab.com/");
        assert!(settings.state_keys.is_none());
        assert_eq!(settings.surface, SurfaceKind::Dynamic);
        assert_eq!(settings.request_timeout, Duration::from_secs(30));
        assert_eq!(settings.elicitation_timeout, Duration::from_secs(600));
        assert_eq!(settings.max_response_body, 16 << 20);
        assert_eq!(settings.transport, Transport::Stdio);
    }

    #[test]
    fn the_response_body_limit_is_a_size() {
        let limit = |raw: &str| cli(&["--max-response-body", raw]).settings();
        assert_eq!(limit("1GiB").unwrap().max_response_body, 1 << 30);
        assert_eq!(limit("512 kib").unwrap().max_response_body, 512 << 10);
        for bad in ["0", "huge", "16MB", ""] {
            let error = limit(bad).unwrap_err();
            assert_eq!(error.variable, "GITLAB_MCP_MAX_RESPONSE_BODY", "{bad}");
        }
        assert_eq!(show_size(16 << 20), "16 MiB");
        assert_eq!(show_size(1 << 30), "1 GiB");
        assert_eq!(show_size(1536), "1536 bytes");
        assert_eq!(show_size(64 << 10), "64 KiB");
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
    fn a_redis_url_is_checked_and_never_shown() {
        for bad in [
            "",
            "  ",
            "localhost:6379",
            "rediss://cache:6380",
            "http://cache",
        ] {
            let error = cli(&["--redis-url", bad]).settings().unwrap_err();
            assert_eq!(error.variable, "GITLAB_MCP_REDIS_URL", "{bad}");
        }
        let url = "redis://:hunter2@cache:6379/0";
        let settings = cli(&["--redis-url", url]).settings().unwrap();
        assert_eq!(settings.redis_url.as_ref().map(RedisUrl::as_str), Some(url));
        assert!(!format!("{settings:?}").contains("hunter2"));
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
        assert!(!settings(&["--yolo-mode", "no", "--autopilot", "yes"]));
        let error = cli(&["--yolo-mode", "", "--autopilot", "yes"])
            .settings()
            .unwrap_err();
        assert_eq!(error.variable, "GITLAB_MCP_YOLO_MODE");
    }

    #[test]
    fn an_empty_or_all_zero_state_key_ring_is_refused() {
        for ring in ["", "  ", " , "] {
            let error = cli(&["--state-keys", ring]).settings().unwrap_err();
            assert_eq!(error.variable, "GITLAB_MCP_STATE_KEYS", "{ring:?}");
            assert!(error.to_string().contains("no state keys given"), "{error}");
        }
        let error = cli(&["--state-keys", &"00".repeat(32)])
            .settings()
            .unwrap_err();
        assert_eq!(error.variable, "GITLAB_MCP_STATE_KEYS");
        assert!(error.to_string().contains("all zeros"), "{error}");
    }
}
