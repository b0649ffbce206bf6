//! Load benchmark: N concurrent clients run the issue wizard to completion over stateless
//! HTTP on loopback, each round a 2026-07-28 `tools/call` (five `input_required` rounds and
//! the final one that creates the issue), against the sandbox GitLab.
//!
//! The server is the release binary in its own process (`CARGO_BIN_EXE_gitlab-mcp-server`,
//! built by `cargo bench` with the bench profile), so its peak RSS is its own; the clients
//! and the sandbox GitLab run in this process. Everything shares the machine's cores.
//!
//! ```sh
//! cargo bench -p gitlab-mcp-server --bench load
//! cargo bench -p gitlab-mcp-server --bench load -- --clients 64 --seconds 5 --wizards 20000
//! ```
//! (or `LOAD_CLIENTS`, `LOAD_SECONDS`, `LOAD_WIZARDS`). Bounded by both time and count;
//! loopback only. Not run by the tests.

mod client;
#[path = "../shared/figures.rs"]
mod figures;
mod options;
mod report;
mod server;

use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use gitlab_sandbox::Sandbox;

use client::{Stats, WizardClient};
use options::Options;
use server::Server;

fn main() -> ExitCode {
    let options = match Options::parse(std::env::args().skip(1)) {
        Ok(options) => options,
        Err(problem) => {
            eprintln!("load: {problem}");
            return ExitCode::from(2);
        }
    };
    // The clients' side of the machine: fewer threads than cores leaves the server room
    // and keeps the two from preempting each other mid-round.
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(options.client_threads)
        .enable_all()
        .build()
        .expect("a tokio runtime");
    match runtime.block_on(run(options)) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(problem) => {
            eprintln!("load: {problem}");
            ExitCode::FAILURE
        }
    }
}

/// `Ok(false)` when any round failed.
async fn run(options: Options) -> Result<bool, String> {
    let sandbox = Sandbox::start()
        .await
        .map_err(|e| format!("the sandbox GitLab did not start: {e}"))?;
    let mut server = Server::spawn(sandbox.base_url().as_str(), &[])?;
    let client = WizardClient::new(&server.url, options.clients)?;

    // Warm-up, not measured: one wizard per client opens its connection.
    let warm: Vec<_> = (0..options.clients)
        .map(|_| {
            let client = client.clone();
            tokio::spawn(async move { client.wizard(&mut Stats::default()).await })
        })
        .collect();
    for task in warm {
        task.await
            .map_err(|e| format!("a warm-up task failed: {e}"))?
            .map_err(|e| format!("the warm-up wizard failed: {e}"))?;
    }

    let budget = Arc::new(AtomicU64::new(options.wizards));
    let deadline = Instant::now() + Duration::from_secs(options.seconds);
    let started = Instant::now();
    let cpu_before = server.cpu_time();
    let tasks: Vec<_> = (0..options.clients)
        .map(|_| {
            let client = client.clone();
            let budget = Arc::clone(&budget);
            tokio::spawn(async move {
                let mut stats = Stats::default();
                while Instant::now() < deadline && take_one(&budget) {
                    if let Err(error) = client.wizard(&mut stats).await {
                        stats.failed(error);
                    }
                }
                stats
            })
        })
        .collect();
    let mut total = Stats::default();
    for task in tasks {
        total.merge(
            task.await
                .map_err(|e| format!("a client task failed: {e}"))?,
        );
    }
    let elapsed = started.elapsed();
    let server_cpu = server
        .cpu_time()
        .zip(cpu_before)
        .map(|(after, before)| after.saturating_sub(before));

    let server_rss = server.status_kib("VmHWM");
    server.stop()?;
    let report = report::Report {
        options: &options,
        stats: &mut total,
        elapsed,
        server_cpu,
        server_rss_kib: server_rss,
        bench_rss_kib: server::status_kib(std::process::id(), "VmHWM"),
    };
    Ok(report.print())
}

/// Takes one wizard from the count budget; `false` once it is spent.
fn take_one(budget: &AtomicU64) -> bool {
    budget
        .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |left| {
            left.checked_sub(1)
        })
        .is_ok()
}
