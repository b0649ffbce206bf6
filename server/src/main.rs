//! `gitlab-mcp-server`: the GitLab MCP server on stdio. Configuration by flags or the
//! environment (`--help` lists both); logs on stderr, since stdout is the protocol.
//! `gitlab-mcp-server try [WIZARD]` runs one wizard on the terminal instead.

use std::process::ExitCode;

use rmcp::ServiceExt;
use tracing_subscriber::EnvFilter;

use gitlab_mcp_server::cli::{self, Command};
use gitlab_mcp_server::config::{Settings, Transport};
use gitlab_mcp_server::handler::GitLabMcp;
use gitlab_mcp_server::redact::Redacting;
use gitlab_mcp_server::startup::{Started, start};
use gitlab_mcp_server::try_wizard;

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// mimalloc's `mi_option_purge_delay` (its `mimalloc.h`; the Rust binding does not name
/// it): how long memory freed back to its arenas stays committed.
const PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

/// Memory freed goes back to the system at once. mimalloc's default (1 s) returns it only
/// when an allocation comes after that second, so an HTTP server whose workers went idle
/// after a burst of large requests kept the burst's hundreds of MiB for good. An operator
/// who sets `MIMALLOC_PURGE_DELAY` keeps their own value.
#[allow(
    unsafe_code,
    reason = "one call into mimalloc's C API, which has no safe binding; setting an option is safe at any time, and this runs first, on the only thread"
)]
fn return_freed_memory() {
    if std::env::var_os("MIMALLOC_PURGE_DELAY").is_some() {
        return;
    }
    // SAFETY: `mi_option_set` stores a number for mimalloc to read; it touches no memory
    // of ours and may be called at any time.
    unsafe { libmimalloc_sys::mi_option_set(PURGE_DELAY, 0) };
}

fn main() -> ExitCode {
    return_freed_memory();
    let mut cli = cli::command_line();
    let command = cli.command.take();
    // `try` talks to a person on this terminal: only warnings go between the prompts.
    let default_level = if command.is_some() { "warn" } else { "info" };
    tracing_subscriber::fmt()
        // Every line, whoever logs it and at any level, has its secrets hidden.
        .with_writer(Redacting(std::io::stderr))
        .with_ansi(false)
        .with_env_filter(
            EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(default_level)),
        )
        .init();
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
    if let Some(Command::Try(args)) = command {
        return runtime.block_on(try_wizard::run(settings, args));
    }
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
        Transport::Http(http) => gitlab_mcp_server::http::serve(server, http).await?,
    }
    // Kept alive until the client is gone.
    drop(sandbox);
    Ok(())
}

async fn serve_stdio(server: GitLabMcp) -> Result<(), Box<dyn std::error::Error>> {
    // Our line transport: every bad line gets its JSON-RPC error.
    let running = server
        .into_service()
        .serve(gitlab_mcp_server::stdio::stdio())
        .await?;
    running.waiting().await?;
    Ok(())
}
