//! From checked settings to a ready server: the GitLab client (or the sandbox it talks
//! to), the runtime's Flow, the handler. The binary and the tests start the same way.

use std::io;

use url::Url;
use wizard::once::RedisClaims;
use wizard::{Flow, StateKeys};

use crate::access::Access;
use crate::config::{Settings, Transport};
#[cfg(feature = "conformance")]
use crate::conformance::Fixtures;
use crate::default_project::DefaultProject;
use crate::gitlab::{self, GitLab, GitLabConfig, ProjectId};
use crate::handler::{GitLabMcp, Options};
use crate::instances::Instance;
use gitlab_sandbox::Sandbox;

/// A configured server, and the sandbox GitLab it talks to under `--sandbox` (keep it
/// alive as long as the server: dropping it stops the sandbox).
pub struct Started {
    pub server: GitLabMcp,
    /// The GitLab instance the server calls.
    pub gitlab_url: Url,
    pub sandbox: Option<Sandbox>,
}

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
pub enum StartupError {
    #[error("could not start the sandbox GitLab: {0}")]
    Sandbox(#[from] io::Error),
    #[error("GitLab client: {0}")]
    Client(#[from] gitlab::ConfigError),
    #[error("GITLAB_MCP_REDIS_URL (--redis-url): {0}")]
    Redis(String),
}

/// Says what a restart of Redis would cost exactly-once, as Redis is configured now: a
/// claim Redis loses is a confirmation whose repeat acts again.
async fn warn_of_persistence(claims: &RedisClaims) {
    match claims.persistence().await {
        Ok(persistence) => match persistence.risk() {
            Some(risk) if persistence.append_only.is_none() => tracing::warn!("{risk}"),
            Some(risk) => tracing::info!("{risk}"),
            None => {}
        },
        Err(error) => tracing::warn!(
            %error,
            "could not read what Redis keeps on disk (CONFIG GET); exactly-once across a \
             restart of Redis needs `appendonly yes`"
        ),
    }
}

/// Where the server looks for the project a call leaves out: the setting; the client's
/// workspace on stdio, where the server runs beside it; the demo project in the sandbox.
fn default_project(settings: &Settings, gitlab_url: &Url) -> DefaultProject {
    let setting = settings.default_project.clone().or_else(|| {
        settings
            .sandbox
            .then(|| ProjectId::Path(gitlab_sandbox::DEMO_PROJECT.to_owned()))
    });
    DefaultProject {
        setting,
        workspace: matches!(settings.transport, Transport::Stdio).then(|| gitlab_url.clone()),
    }
}

/// Builds the server `settings` describe; under `--sandbox`, starts the sandbox first.
pub async fn start(settings: &Settings) -> Result<Started, StartupError> {
    let sandbox = if settings.sandbox {
        Some(Sandbox::start_showcase().await?)
    } else {
        None
    };
    let gitlab_url = sandbox
        .as_ref()
        .map_or_else(|| settings.gitlab_url.clone(), Sandbox::base_url);
    let mut config = GitLabConfig::new(gitlab_url.clone())
        .with_timeout(settings.request_timeout)
        .with_max_response_body(settings.max_response_body)
        .with_network(settings.network.clone());
    // The sandbox takes any token: a real one stays at home.
    if let (Some(token), None) = (&settings.token, &sandbox) {
        config = config.with_token(token.clone());
    }
    let gitlab = GitLab::new(config)?;
    if sandbox.is_none() {
        say_how_gitlab_is_reached(&gitlab_url, &settings.network);
    }
    let instances = instances(settings)?;
    let gitlab = match (&sandbox, &settings.token) {
        // The first instance is the server's own client, signed in once.
        _ if !instances.is_empty() => instances[0].gitlab.clone(),
        (None, None) => signed_in(gitlab, &gitlab_url, settings),
        (None, Some(_)) => {
            tracing::info!(gitlab = %gitlab_url, "acting with GITLAB_TOKEN (or --gitlab-token)");
            gitlab
        }
        (Some(_), _) => gitlab,
    };
    let keys = settings
        .state_keys
        .clone()
        .unwrap_or_else(StateKeys::random);
    // Stateless HTTP keeps no channel open for a request from the server to a legacy
    // client, so such a client counts as unable to elicit.
    let stateless_http = matches!(&settings.transport, Transport::Http(http) if http.stateless);
    let mut flow = Flow::new(keys)
        .with_elicitation_timeout(settings.elicitation_timeout)
        .with_keepalive(settings.elicitation_keepalive)
        .with_url_base(gitlab_url.clone())
        .with_server_requests(!stateless_http);
    if let Some(url) = &settings.redis_url {
        let claims =
            RedisClaims::open(url.as_str()).map_err(|error| StartupError::Redis(error.0))?;
        // An unreachable store does not stop startup (it may come up after the server);
        // until it answers, every confirmation fails closed, naming it.
        match claims.ping().await {
            Ok(()) => {
                warn_of_persistence(&claims).await;
                tracing::info!(store = ?claims, "confirmations are claimed in Redis");
            }
            Err(error) => {
                tracing::warn!(%error, "Redis does not answer yet: confirmations fail until it does")
            }
        }
        flow = flow.with_claims(claims);
    }
    let mut server = GitLabMcp::new(
        gitlab,
        Options {
            surface: settings.surface,
            // The first instance's limits are the server's own (resources, prompts read it).
            access: instances
                .first()
                .map_or_else(|| settings.access.clone(), |first| first.access.clone()),
            flow,
            autonomous: settings.autonomous,
            default_project: default_project(settings, &gitlab_url),
        },
    );
    if !instances.is_empty() {
        server = server.with_instances(instances);
    }
    #[cfg(feature = "conformance")]
    if settings.conformance {
        server = server.with_fixtures(Fixtures::new());
    }
    if sandbox.is_none()
        && matches!(settings.transport, Transport::Stdio)
        && !server.gitlab().has_credential()
    {
        server = server.with_sign_in(sign_in_on_demand(settings, &gitlab_url));
    }
    Ok(Started {
        server,
        gitlab_url,
        sandbox,
    })
}

/// The proxy GitLab calls go through, and the CAs added, once at startup: a corporate
/// network's first question when a call fails.
fn say_how_gitlab_is_reached(gitlab_url: &Url, network: &crate::gitlab::Network) {
    let route = crate::gitlab::network::proxy_for(gitlab_url);
    match network.extra_roots() {
        0 => tracing::info!(gitlab = %gitlab_url, "GitLab calls go {route}"),
        added => tracing::info!(
            gitlab = %gitlab_url,
            "GitLab calls go {route}, trusting the system's CAs and {added} from GITLAB_CA_CERT"
        ),
    }
}

/// One client per instance of `GITLAB_MCP_INSTANCES` (none without it), each with its
/// token, else its stored sign-in, its allowed projects, and its workspace remote.
fn instances(settings: &Settings) -> Result<Vec<Instance>, StartupError> {
    settings
        .instances
        .iter()
        .map(|setting| {
            let mut config = GitLabConfig::new(setting.url.clone())
                .with_timeout(settings.request_timeout)
                .with_max_response_body(settings.max_response_body)
                .with_network(settings.network.clone());
            let gitlab = match &setting.token {
                Some(token) => {
                    config = config.with_token(token.clone());
                    GitLab::new(config)?
                }
                None => signed_in(GitLab::new(config)?, &setting.url, settings),
            };
            tracing::info!(
                instance = %setting.name,
                gitlab = %setting.url,
                credential = if gitlab.has_credential() { "yes" } else { "none: anonymous" },
                "GitLab instance"
            );
            Ok(Instance {
                name: setting.name.clone(),
                gitlab,
                access: Access {
                    projects: setting
                        .projects
                        .clone()
                        .or_else(|| settings.access.projects.clone()),
                    ..settings.access.clone()
                },
                default_project: DefaultProject {
                    setting: settings.default_project.clone(),
                    workspace: Some(setting.url.clone()),
                },
            })
        })
        .collect()
}

/// The sign-in a stdio session offers when the server has no credential: GitLab's device
/// page, with the application of `GITLAB_OAUTH_CLIENT_ID`.
fn sign_in_on_demand(settings: &Settings, gitlab_url: &Url) -> crate::auth::OnDemand {
    let oauth = match &settings.oauth_client_id {
        Some(client_id) => crate::auth::OAuth::new(
            gitlab_url,
            client_id,
            &settings.network,
            settings.request_timeout,
        ),
        None => Err(
            "To sign in from here the server needs the id of a GitLab OAuth application \
             (GITLAB_OAUTH_CLIENT_ID; the README's \"Sign in\" says how to register one); \
             or run `gitlab-mcp-server auth login`, or set GITLAB_TOKEN."
                .to_owned(),
        ),
    };
    crate::auth::OnDemand::new(oauth, settings.credential_store, gitlab_url.as_str())
}

/// Which credential the server acts with, in order: `GITLAB_TOKEN`; the sign-in stored for
/// this GitLab (`auth login`); none. Said at startup, never the secret.
fn signed_in(gitlab: GitLab, gitlab_url: &Url, settings: &Settings) -> GitLab {
    let timeout = settings.request_timeout;
    let stored = crate::auth::store::Store::for_user(settings.credential_store)
        .and_then(|store| Ok((store.get(gitlab_url.as_str())?, store)));
    match stored {
        Ok((Some((login, place)), store)) => {
            match crate::auth::OAuth::new(gitlab_url, &login.client_id, &settings.network, timeout)
            {
                Ok(oauth) => {
                    tracing::info!(
                        gitlab = %gitlab_url,
                        user = %login.username,
                        kept_in = %place,
                        "acting with the stored sign-in (`auth login`); GITLAB_TOKEN would take precedence"
                    );
                    let host = gitlab_url.as_str();
                    let credential = crate::auth::SignedIn::new(store, host, oauth, login);
                    gitlab.with_credential(std::sync::Arc::new(credential))
                }
                Err(problem) => {
                    tracing::warn!(%problem, "the stored sign-in cannot be used");
                    gitlab
                }
            }
        }
        // Said by whoever runs the server without a credential (serving warns; `try`
        // stops with its own message), so that it is said once.
        Ok((None, _)) => gitlab,
        Err(problem) => {
            tracing::warn!(%problem, "no stored sign-in could be read");
            gitlab
        }
    }
}
