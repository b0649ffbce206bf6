//! Memory under attack: the release binary's resident set while a client floods it with
//! sessions and while GitLab answers with a huge body, the two ways an unbounded server
//! was taken past a gigabyte.
//!
//! - session flood: 10,000 `initialize`s (64 at a time) to `--stateless=false` with the
//!   default session cap; prints how many opened a session and how many got 503, and the
//!   server's RSS after the flood and at its peak;
//! - huge GitLab answers: a 500 and a 200 OK list, each 200 MiB streamed by the sandbox,
//!   behind one `tools/call` each; prints the time to the answer, its start, and the peak
//!   RSS after each.
//!
//! ```sh
//! cargo bench -p gitlab-mcp-server --bench memory
//! ```
//!
//! The server is the release binary in its own process (`CARGO_BIN_EXE_gitlab-mcp-server`),
//! so its RSS is its own; the sandbox and the clients run in this process. Bounded by
//! count; loopback only. Not run by the tests.

#[path = "load/server.rs"]
mod server;

use std::process::ExitCode;
use std::time::{Duration, Instant};

use gitlab_sandbox::{FaultSpec, Sandbox};
use serde_json::{Value, json};
use tokio::task::JoinSet;

use server::Server;

const FLOOD: u64 = 10_000;
const AT_ONCE: u64 = 64;
const HUGE: usize = 200 << 20;
/// The revision of a stateless client with no multi-round-trip elicitation.
const LEGACY: &str = "2025-11-25";

fn main() -> ExitCode {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .expect("a tokio runtime");
    match runtime.block_on(run()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(problem) => {
            eprintln!("memory: {problem}");
            ExitCode::FAILURE
        }
    }
}

async fn run() -> Result<(), String> {
    let sandbox = Sandbox::start()
        .await
        .map_err(|e| format!("the sandbox did not start: {e}"))?;
    let gitlab = sandbox.base_url().to_string();
    let http = reqwest::Client::builder()
        .timeout(Duration::from_secs(120))
        .build()
        .map_err(|e| e.to_string())?;

    let mut server = Server::spawn(&gitlab, &["--stateless=false"])?;
    println!(
        "session flood: server RSS at start {} MiB",
        mib(server.status_kib("VmRSS"))
    );
    let started = Instant::now();
    let (mut opened, mut refused) = (0, 0);
    let mut flood = JoinSet::new();
    for id in 0..FLOOD {
        if flood.len() as u64 >= AT_ONCE {
            count(flood.join_next().await, &mut opened, &mut refused)?;
        }
        let (http, url) = (http.clone(), server.url.clone());
        flood.spawn(async move { initialize(&http, &url, id).await });
    }
    while let Some(joined) = flood.join_next().await {
        count(Some(joined), &mut opened, &mut refused)?;
    }
    println!(
        "session flood: {FLOOD} initialize in {:.1} s: {opened} sessions opened, {refused} \
         refused with 503; server RSS {} MiB, peak {} MiB",
        started.elapsed().as_secs_f64(),
        mib(server.status_kib("VmRSS")),
        mib(server.status_kib("VmHWM")),
    );
    server.stop()?;

    let mut server = Server::spawn(&gitlab, &[])?;
    println!(
        "huge answers: server peak RSS at start {} MiB",
        mib(server.status_kib("VmHWM"))
    );
    for status in [500, 200] {
        sandbox.fail_next(FaultSpec::large(status, HUGE));
        let started = Instant::now();
        let answer = call(
            &http,
            &server.url,
            "gitlab_issue_list",
            json!({"project_id": 1}),
        )
        .await?;
        let text = answer["result"]["content"][0]["text"]
            .as_str()
            .unwrap_or_default();
        println!(
            "huge answers: GitLab {status} with {} MiB: answered in {:.2} s ({} bytes: {:?}); \
             server peak RSS {} MiB",
            HUGE >> 20,
            started.elapsed().as_secs_f64(),
            text.len(),
            text.chars().take(160).collect::<String>(),
            mib(server.status_kib("VmHWM")),
        );
    }
    server.stop()
}

fn count(
    joined: Option<Result<Result<u16, String>, tokio::task::JoinError>>,
    opened: &mut u64,
    refused: &mut u64,
) -> Result<(), String> {
    match joined {
        Some(Ok(Ok(200))) => *opened += 1,
        Some(Ok(Ok(503))) => *refused += 1,
        Some(Ok(Ok(other))) => return Err(format!("initialize answered {other}")),
        Some(Ok(Err(problem))) => return Err(problem),
        Some(Err(e)) => return Err(e.to_string()),
        None => {}
    }
    Ok(())
}

/// One `initialize` opening a session; the HTTP status. The SSE stream is read to its
/// end, as a client would, so the session is open when this returns.
async fn initialize(http: &reqwest::Client, url: &str, id: u64) -> Result<u16, String> {
    let body = json!({
        "jsonrpc": "2.0",
        "id": id,
        "method": "initialize",
        "params": {
            "protocolVersion": LEGACY,
            "capabilities": {},
            "clientInfo": {"name": "flood", "version": "0"},
        },
    });
    let response = http
        .post(url)
        .header("accept", "application/json, text/event-stream")
        .json(&body)
        .send()
        .await
        .map_err(|e| e.to_string())?;
    let status = response.status().as_u16();
    response.bytes().await.map_err(|e| e.to_string())?;
    Ok(status)
}

/// A stateless `tools/call`; the JSON-RPC response.
async fn call(
    http: &reqwest::Client,
    url: &str,
    tool: &str,
    arguments: Value,
) -> Result<Value, String> {
    let body = json!({
        "jsonrpc": "2.0",
        "id": 1,
        "method": "tools/call",
        "params": {"name": tool, "arguments": arguments},
    });
    let text = http
        .post(url)
        .header("accept", "application/json, text/event-stream")
        .header("mcp-protocol-version", LEGACY)
        .json(&body)
        .send()
        .await
        .map_err(|e| e.to_string())?
        .text()
        .await
        .map_err(|e| e.to_string())?;
    let json = text
        .lines()
        .filter_map(|line| line.strip_prefix("data:"))
        .find(|data| data.contains("\"id\""))
        .unwrap_or(&text);
    serde_json::from_str(json.trim()).map_err(|e| format!("{e}: {text}"))
}

fn mib(kib: Option<u64>) -> String {
    kib.map_or("?".into(), |kib| format!("{:.1}", kib as f64 / 1024.0))
}
