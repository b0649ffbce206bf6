//! `gitlab-mcp-server`: the GitLab MCP server on stdio. Configuration by flags or the
//! environment (`--help` lists both); logs on stderr, since stdout is the protocol.

use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;
use rmcp::ServiceExt;
use tracing_subscriber::EnvFilter;
use url::Url;

use gitlab_mcp_server::config::{Cli, Settings, Transport};
use gitlab_mcp_server::gitlab::{GitLab, GitLabConfig};
use gitlab_mcp_server::handler::GitLabMcp;
use gitlab_mcp_server::http::{HttpHandler, HttpSettings};
use gitlab_mcp_server::startup::{Started, start};

fn main() -> ExitCode {
    tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_ansi(false)
        .with_env_filter(
            EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info")),
        )
        .init();
    let settings = match Cli::parse().settings() {
        Ok(settings) => settings,
        Err(error) => {
            eprintln!("gitlab-mcp-server: {error}");
            return ExitCode::from(2);
        }
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("gitlab-mcp-server: could not start the async runtime: {error}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(run(settings)) {
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
    if settings.autonomous {
        tracing::warn!(
            "GITLAB_MCP_YOLO_MODE / AUTOPILOT: destructive actions run without confirmation"
        );
    }
    tracing::info!(
        surface = settings.surface.as_str(),
        gitlab = %gitlab_url,
        tools = server.surface().tools().len(),
        "gitlab-mcp-server ready"
    );
    match settings.transport {
        Transport::Stdio => serve_stdio(server).await?,
        Transport::Http(http) => {
            serve_http(server, &gitlab_url, settings.request_timeout, http).await?
        }
    }
    // Kept alive until the client is gone.
    drop(sandbox);
    Ok(())
}

async fn serve_stdio(server: GitLabMcp) -> Result<(), Box<dyn std::error::Error>> {
    let running = server
        .into_service()
        .serve(rmcp::transport::stdio())
        .await?;
    running.waiting().await?;
    Ok(())
}

/// Until SIGINT/SIGTERM. A request carrying its own GitLab token calls the same instance
/// through a client built here, with that token.
async fn serve_http(
    server: GitLabMcp,
    gitlab_url: &Url,
    timeout: Duration,
    http: HttpSettings,
) -> Result<(), Box<dyn std::error::Error>> {
    let gitlab = GitLab::new(GitLabConfig::new(gitlab_url.clone()).with_timeout(timeout))?;
    let handler = HttpHandler::new(server, gitlab, http.stateless);
    gitlab_mcp_server::http::serve(handler, http).await?;
    Ok(())
}
