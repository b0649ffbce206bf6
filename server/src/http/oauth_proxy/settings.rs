//! The OAuth proxy's options (flattened into the HTTP ones) and their checked form.

use std::time::Duration;

use clap::Args;
use url::Url;

use crate::config::values::{ConfigError, parse_bool};

/// A registered client no one used for this long is forgotten.
pub const UNUSED_CLIENT_EXPIRY: Duration = Duration::from_secs(30 * 24 * 3600);

/// No `Debug` derived: it holds the application's secret.
#[derive(Args, Clone)]
pub struct OAuthProxyArgs {
    /// Be the OAuth authorization server MCP clients sign in with (dynamic client
    /// registration, PKCE), in front of GitLab's own: clients register themselves, and one
    /// GitLab application, the operator's, signs every user in. Needs GITLAB_MCP_PUBLIC_URL
    /// and GITLAB_OAUTH_CLIENT_ID.
    #[arg(
        long,
        env = "GITLAB_MCP_OAUTH_PROXY",
        value_name = "BOOL",
        num_args = 0..=1,
        default_value = "false",
        default_missing_value = "true"
    )]
    pub oauth_proxy: String,

    /// With the OAuth proxy: the id of the GitLab OAuth application it signs users in
    /// with (redirect URI `<GITLAB_MCP_PUBLIC_URL>/oauth/callback`, scope `api`).
    #[arg(long, env = "GITLAB_OAUTH_CLIENT_ID", value_name = "ID")]
    pub oauth_client_id: Option<String>,

    /// With the OAuth proxy: that application's secret, when it is confidential.
    #[arg(
        long,
        env = "GITLAB_OAUTH_CLIENT_SECRET",
        value_name = "SECRET",
        hide_env_values = true
    )]
    pub oauth_client_secret: Option<String>,

    /// With the OAuth proxy: the GitLab usernames who may sign in, comma-separated.
    /// Default: anyone GitLab signs in (with GITLAB_MCP_OAUTH_ALLOWED_GROUPS, members of
    /// those groups).
    #[arg(long, env = "GITLAB_MCP_OAUTH_ALLOWED_USERS", value_name = "USERS")]
    pub oauth_allowed_users: Option<String>,

    /// With the OAuth proxy: the GitLab groups (full paths) whose members, direct or
    /// inherited, may sign in, comma-separated.
    #[arg(long, env = "GITLAB_MCP_OAUTH_ALLOWED_GROUPS", value_name = "GROUPS")]
    pub oauth_allowed_groups: Option<String>,

    /// With the OAuth proxy: client registrations accepted a minute from one address.
    #[arg(
        long,
        env = "GITLAB_MCP_OAUTH_REGISTRATIONS_PER_MINUTE",
        default_value = "10"
    )]
    pub oauth_registrations_per_minute: String,

    /// With the OAuth proxy: registered clients kept at once; registrations beyond are
    /// refused until unused ones expire (30 days unused).
    #[arg(long, env = "GITLAB_MCP_OAUTH_MAX_CLIENTS", default_value = "10000")]
    pub oauth_max_clients: String,
}

/// The checked options of an OAuth proxy that is on; `Debug` never shows the secret.
#[derive(Clone, PartialEq, Eq)]
pub struct OAuthProxySettings {
    /// The GitLab application's id.
    pub client_id: String,
    pub client_secret: Option<String>,
    /// Empty: anyone.
    pub allowed_users: Vec<String>,
    pub allowed_groups: Vec<String>,
    pub registrations_per_minute: usize,
    pub max_clients: usize,
}

impl std::fmt::Debug for OAuthProxyArgs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OAuthProxyArgs")
            .field("oauth_proxy", &self.oauth_proxy)
            .field("oauth_client_id", &self.oauth_client_id)
            .finish_non_exhaustive()
    }
}

impl std::fmt::Debug for OAuthProxySettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OAuthProxySettings")
            .field("client_id", &self.client_id)
            .field(
                "client_secret",
                &self.client_secret.as_ref().map(|_| "[redacted]"),
            )
            .field("allowed_users", &self.allowed_users)
            .field("allowed_groups", &self.allowed_groups)
            .field("registrations_per_minute", &self.registrations_per_minute)
            .field("max_clients", &self.max_clients)
            .finish()
    }
}

impl OAuthProxyArgs {
    /// `None` when the proxy is off. `public_url` is the server's, which the proxy needs as
    /// its issuer; `client_id` the GitLab application it signs users in with.
    pub fn settings(
        &self,
        public_url: Option<&Url>,
        client_id: Option<&str>,
    ) -> Result<Option<OAuthProxySettings>, ConfigError> {
        const ON: (&str, &str) = ("GITLAB_MCP_OAUTH_PROXY", "oauth-proxy");
        let on = parse_bool(&self.oauth_proxy).map_err(|p| ConfigError::new(ON.0, ON.1, p))?;
        if !on {
            return Ok(None);
        }
        let Some(public_url) = public_url else {
            return Err(ConfigError::new(
                ON.0,
                ON.1,
                "the OAuth proxy needs the address clients reach this server at, which it \
                 names as the issuer and GitLab sends users back to: set \
                 GITLAB_MCP_PUBLIC_URL (`https://mcp.example.com`)",
            ));
        };
        let loopback = matches!(
            public_url.host_str(),
            Some("localhost" | "127.0.0.1" | "[::1]")
        );
        if public_url.scheme() != "https" && !loopback {
            return Err(ConfigError::new(
                ON.0,
                ON.1,
                "OAuth needs https: GITLAB_MCP_PUBLIC_URL must be an https:// address (or a \
                 loopback one, for trying it on this machine)",
            ));
        }
        if public_url.path() != "/" {
            return Err(ConfigError::new(
                ON.0,
                ON.1,
                "with the OAuth proxy, GITLAB_MCP_PUBLIC_URL must be the root of a host \
                 (`https://mcp.example.com`): OAuth clients look for the server's metadata at \
                 the host's `/.well-known/`",
            ));
        }
        let client_id = match client_id {
            Some(id) => id.to_owned(),
            None => {
                return Err(ConfigError::new(
                    "GITLAB_OAUTH_CLIENT_ID",
                    "oauth-client-id",
                    format!(
                        "the OAuth proxy signs users in to GitLab with one application of \
                         yours: register it on GitLab (Admin area or your user settings → \
                         Applications; redirect URI `{}oauth/callback`, scope `api`) and give \
                         its id here",
                        public_url
                    ),
                ));
            }
        };
        let list = |raw: &Option<String>| -> Vec<String> {
            raw.as_deref()
                .map(|raw| {
                    raw.split(',')
                        .map(|entry| entry.trim().trim_start_matches('@').to_owned())
                        .filter(|entry| !entry.is_empty())
                        .collect()
                })
                .unwrap_or_default()
        };
        let count = |raw: &str, variable: &'static str, flag: &'static str| {
            raw.trim()
                .parse::<usize>()
                .ok()
                .filter(|&n| n > 0)
                .ok_or_else(|| {
                    ConfigError::new(
                        variable,
                        flag,
                        format!(
                            "`{}` is not a count; expected a whole number above zero",
                            raw.trim()
                        ),
                    )
                })
        };
        Ok(Some(OAuthProxySettings {
            client_id,
            client_secret: self
                .oauth_client_secret
                .as_deref()
                .map(str::trim)
                .filter(|secret| !secret.is_empty())
                .map(str::to_owned),
            allowed_users: list(&self.oauth_allowed_users),
            allowed_groups: list(&self.oauth_allowed_groups),
            registrations_per_minute: count(
                &self.oauth_registrations_per_minute,
                "GITLAB_MCP_OAUTH_REGISTRATIONS_PER_MINUTE",
                "oauth-registrations-per-minute",
            )?,
            max_clients: count(
                &self.oauth_max_clients,
                "GITLAB_MCP_OAUTH_MAX_CLIENTS",
                "oauth-max-clients",
            )?,
        }))
    }
}
