//! What the binary does, whole: read the command line and the environment, set up the
//! log ([`crate::log`]: stderr, secrets redacted, no tool call's values — stdout is the
//! protocol), start the async runtime, then serve MCP on stdio or HTTP, or run `try`.

use std::io::IsTerminal;
use std::process::ExitCode;

use rmcp::ServiceExt;

use crate::auth::{AuthAction, AuthRequest};
use crate::cli::{self, AuthCommand, Command};
use crate::config::{Settings, Transport};
use crate::handler::GitLabMcp;
use crate::shutdown_signal::shutdown_signal;
use crate::startup::{Started, start};
use crate::stdio_stop::{GRACE, Stop};
use crate::try_wizard;

/// Runs the server (or `try`) as the command line says; the process's exit code.
pub fn main() -> ExitCode {
    let mut cli = cli::command_line();
    let command = cli.command.take();
    // `try` talks to a person on this terminal: only warnings go between the prompts. The
    // server says what it does at `info`; rmcp's own `info` lines (a client's whole
    // `initialize`) are noise there.
    let default_level = if command.is_some() {
        "warn"
    } else {
        "info,rmcp=warn"
    };
    crate::log::init(default_level);
    let settings = match cli.settings() {
        Ok(settings) => settings,
        Err(error) => {
            eprintln!("gitlab-mcp-server: {error}");
            return ExitCode::from(2);
        }
    };
    // Over stdio one client sends one message at a time: a single thread serves it with
    // no cross-thread wake-ups between the reader, rmcp's loop, the handler and the writer
    // (each a task of its own), which cost more than the round's work. HTTP serves many
    // clients at once and keeps a worker per core.
    let mut builder = match settings.transport {
        Transport::Stdio => tokio::runtime::Builder::new_current_thread(),
        Transport::Http(_) => tokio::runtime::Builder::new_multi_thread(),
    };
    let runtime = match builder.enable_all().build() {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("gitlab-mcp-server: could not start the async runtime: {error}");
            return ExitCode::FAILURE;
        }
    };
    match command {
        Some(Command::Try(args)) => return runtime.block_on(try_wizard::run(settings, args)),
        Some(Command::Auth(auth)) => return runtime.block_on(sign_in(settings, auth)),
        None => {}
    }
    let served = runtime.block_on(run(settings));
    // A terminal's stdin is read on a thread of the runtime's own, and that read cannot be
    // cut short: waiting for it would keep a server told to stop alive until a key press.
    runtime.shutdown_background();
    match served {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("gitlab-mcp-server: {error}");
            ExitCode::FAILURE
        }
    }
}

async fn run(settings: Settings) -> Result<(), Box<dyn std::error::Error>> {
    let Started {
        server,
        gitlab_url,
        sandbox,
    } = start(&settings).await?;
    if sandbox.is_some() {
        eprintln!(
            "gitlab-mcp-server: sandbox GitLab at {gitlab_url} (demo project 1, `demo/sandbox`); \
             its state lives in memory for this process only and is gone when it exits"
        );
    }
    if sandbox.is_none() && !server.gitlab().has_credential() {
        tracing::warn!(
            gitlab = %gitlab_url,
            "no GitLab token (GITLAB_TOKEN or --gitlab-token) and no stored sign-in: calls \
             act anonymously, so only public projects can be read and nothing can be \
             written; sign in with `gitlab-mcp-server auth login`, or try it all with --sandbox"
        );
    }
    if matches!(settings.transport, Transport::Stdio) && std::io::stdin().is_terminal() {
        eprintln!("{STARTED_BY_HAND} {QUIT_KEYS}");
    }
    if let Some(project) = &settings.default_project {
        tracing::info!(%project, "default project (GITLAB_MCP_DEFAULT_PROJECT)");
    }
    if settings.autonomous {
        tracing::warn!(
            "GITLAB_MCP_YOLO_MODE / AUTOPILOT: destructive actions run without confirmation"
        );
    }
    if let Some(warning) = crate::surfaces::over_client_caps(server.surface().tools().len()) {
        tracing::warn!("{warning}");
    }
    tracing::info!(
        surface = settings.surface.as_str(),
        gitlab = %gitlab_url,
        tools = server.surface().tools().len(),
        "gitlab-mcp-server ready"
    );
    let proxy = oauth_proxy(&settings, &server)?;
    match settings.transport {
        Transport::Stdio => serve_stdio(server).await?,
        Transport::Http(http) => crate::http::serve(server, *http, proxy).await?,
    }
    // Kept alive until the client is gone.
    drop(sandbox);
    Ok(())
}

/// The OAuth proxy of an HTTP server whose settings turn it on: its records in Redis when
/// replicas share one, sealed with keys derived from the state keys.
fn oauth_proxy(
    settings: &Settings,
    server: &GitLabMcp,
) -> Result<Option<crate::http::OAuthProxy>, Box<dyn std::error::Error>> {
    let Transport::Http(http) = &settings.transport else {
        return Ok(None);
    };
    let (Some(proxy), Some(public_url)) = (&http.oauth_proxy, &http.public_url) else {
        return Ok(None);
    };
    let keys = settings
        .state_keys
        .clone()
        .unwrap_or_else(wizard::StateKeys::random);
    let proxy = crate::http::OAuthProxy::new(
        proxy.clone(),
        public_url,
        server.gitlab().clone(),
        &settings.network,
        settings
            .redis_url
            .as_ref()
            .map(crate::config::RedisUrl::as_str),
        &keys,
    )
    .map_err(|problem| format!("the OAuth proxy cannot start: {problem}"))?;
    Ok(Some(proxy))
}

/// What a person who started the server by hand in a terminal is told: it waits for an
/// MCP client on stdin, so a silent prompt would read as a hang.
const STARTED_BY_HAND: &str = "gitlab-mcp-server: this is an MCP server: it speaks JSON-RPC on stdin and stdout and waits for an MCP client (VS Code, Cursor, Claude Code…) to start it — see the README's client configuration. To try a wizard here instead: gitlab-mcp-server try issue --sandbox.";

/// How a terminal ends stdin: Ctrl-D, or on Windows Ctrl-Z then Enter.
#[cfg(not(windows))]
const QUIT_KEYS: &str = "Ctrl-D or Ctrl-C quits.";
#[cfg(windows)]
const QUIT_KEYS: &str = "Ctrl-Z then Enter, or Ctrl-C, quits.";

/// Serves until stdin ends; or, told to stop (SIGTERM, Ctrl-C), takes no new request and
/// lets the calls in flight finish and answer ([`crate::stdio_stop`]) for at most
/// [`GRACE`], then returns.
async fn serve_stdio(server: GitLabMcp) -> Result<(), Box<dyn std::error::Error>> {
    let stop = Stop::default();
    // Installed first: a signal that comes during `initialize` is not lost.
    let told_to_stop = shutdown_signal()?;
    // Our line transport: every bad line gets its JSON-RPC error.
    let transport = crate::stdio::stdio(stop.clone());
    let serving = async move {
        let running = server.into_service().serve(transport).await?;
        running.waiting().await?;
        Ok::<(), Box<dyn std::error::Error>>(())
    };
    tokio::pin!(serving);
    tokio::select! {
        served = &mut serving => return served,
        () = told_to_stop => {}
    }
    stop.begin();
    tracing::info!(
        "stopping: taking no new requests, waiting up to {} for the calls in flight",
        humantime::format_duration(GRACE)
    );
    match tokio::time::timeout(GRACE, serving).await {
        // Stopped before `initialize` was done, the session ends as if stdin had closed.
        Ok(served) => {
            if let Err(error) = served {
                tracing::debug!("the session ended while stopping: {error}");
            }
        }
        Err(_) => tracing::warn!(
            "calls still in flight after {} were abandoned; GitLab may have acted on them",
            humantime::format_duration(GRACE)
        ),
    }
    Ok(())
}

/// `auth login | status | logout` against the GitLab of `--hostname`, else `GITLAB_URL`;
/// under `--sandbox`, against a sandbox started for the command (its sign-in lasts as long
/// as the command: it shows the flow without a GitLab account).
async fn sign_in(settings: Settings, auth: AuthCommand) -> ExitCode {
    let (action, host, login) = match auth {
        AuthCommand::Login(login) => (AuthAction::Login, login.host.clone(), Some(login)),
        AuthCommand::Status(host) => (AuthAction::Status, host, None),
        AuthCommand::Logout(host) => (AuthAction::Logout, host, None),
    };
    let sandbox = if settings.sandbox {
        match gitlab_sandbox::Sandbox::start_showcase().await {
            Ok(sandbox) => Some(sandbox),
            Err(error) => {
                eprintln!("gitlab-mcp-server auth: could not start the sandbox GitLab: {error}");
                return ExitCode::FAILURE;
            }
        }
    } else {
        None
    };
    let gitlab = match (&sandbox, host.hostname.as_deref()) {
        (Some(sandbox), _) => sandbox.base_url(),
        (None, Some(hostname)) => {
            let url = if hostname.contains("://") {
                hostname.to_owned()
            } else {
                format!("https://{hostname}")
            };
            match crate::gitlab::parse_base_url(&url) {
                Ok(url) => url,
                Err(error) => {
                    eprintln!("gitlab-mcp-server auth: --hostname `{hostname}`: {error}");
                    return ExitCode::from(2);
                }
            }
        }
        (None, None) => settings.gitlab_url.clone(),
    };
    let client_id = login
        .as_ref()
        .and_then(|login| login.client_id.clone())
        .or_else(|| {
            sandbox
                .as_ref()
                .map(|_| gitlab_sandbox::SANDBOX_OAUTH_CLIENT_ID.to_owned())
        });
    let request = AuthRequest {
        action,
        gitlab,
        client_id,
        scopes: login
            .as_ref()
            .map_or_else(|| "api".to_owned(), |l| l.scopes.clone()),
        browser: login.as_ref().is_some_and(|l| l.browser),
        keep: sandbox.is_none(),
        store: settings.credential_store,
        timeout: settings.request_timeout,
        network: settings.network.clone(),
    };
    if let Some(sandbox) = &sandbox {
        let url = sandbox.base_url();
        // A sign-in to the sandbox ends with the command: there is never one to show or
        // to sign out of, and only the device flow has a code to approve.
        match (action, request.browser) {
            (AuthAction::Login, false) => eprintln!(
                "gitlab-mcp-server auth: sandbox GitLab at {url}: approve the code at its \
                 /oauth/device page"
            ),
            (AuthAction::Login, true) => eprintln!(
                "gitlab-mcp-server auth: sandbox GitLab at {url}: sign in on the page your \
                 browser opens"
            ),
            (AuthAction::Status, _) => {
                eprintln!(
                    "gitlab-mcp-server auth: not signed in to the sandbox GitLab: a sign-in to \
                     it lasts only as long as `auth login --sandbox` runs, and is never kept"
                );
                return ExitCode::FAILURE;
            }
            (AuthAction::Logout, _) => {
                eprintln!(
                    "Not signed in to the sandbox GitLab: a sign-in to it is never kept; \
                     nothing to do."
                );
                return ExitCode::SUCCESS;
            }
        }
    }
    crate::auth::run(request).await
}
