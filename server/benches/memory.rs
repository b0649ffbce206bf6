//! Memory under attack: the release binary's resident set while a client floods it with
//! sessions, while GitLab answers with a huge body, and while clients send messages
//! built to cost far more memory than their bytes — the ways an unbounded server was
//! taken past a gigabyte.
//!
//! - session flood: 10,000 `initialize`s (64 at a time) to `--stateless=false` with the
//!   default session cap; prints how many opened a session and how many got 503, and the
//!   server's RSS after the flood and at its peak;
//! - huge GitLab answers: a 500 and a 200 OK list, each 200 MiB streamed by the sandbox,
//!   behind one `tools/call` each; prints the time to the answer, its start, and the peak
//!   RSS after each.
//! - bounded messages: bodies just under the 4 MiB body limit that pass one of the
//!   message limits (100,000 members in `inputResponses`, 2 million array items, 2
//!   million levels of nesting, 20,000+ values), and one within every limit (a 4 MiB
//!   string); for each, on a fresh server: the peak RSS while one is answered, then
//!   while 24 are at once, and the RSS 10 s later against the idle RSS before. Targets:
//!   ≤ 64 MiB, ≤ 256 MiB, back within 2× idle.
//! - parse costs: arguments inside the body limit whose parsing would cost far more than
//!   their bytes — a GraphQL document of 2 million fields, one of 600,000 fragment spreads,
//!   a door path of a million parts, a 4 MiB `gitlab_find_action` query —, each refused
//!   before it is parsed; for each, on a fresh server, the peak RSS with one and with 24 at
//!   once (≤ 64 MiB, ≤ 256 MiB), and the server's CPU time for one (≤ 50 ms for the find).
//!
//! ```sh
//! cargo bench -p gitlab-mcp-server --bench memory          # all four
//! cargo bench -p gitlab-mcp-server --bench memory -- costs # one of flood, huge, bounded, costs
//! ```
//!
//! The server is the release binary in its own process (`CARGO_BIN_EXE_gitlab-mcp-server`),
//! so its RSS is its own; the sandbox and the clients run in this process. Bounded by
//! count; loopback only. Not run by the tests.

#[path = "shared/figures.rs"]
#[allow(dead_code, reason = "this bench prints verdicts, not percentiles")]
mod figures;
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
/// The token every request of the bench acts with.
const CALLER: &str = "glpat-memory-bench-caller";
/// The body limit a bounded message stays under.
const BODY_LIMIT: usize = 4 << 20;
/// Messages sent at once in the burst.
const BURST: usize = 24;

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
    let only = std::env::args().skip(1).find(|arg| !arg.starts_with('-'));
    let runs = |part: &str| only.as_deref().is_none_or(|only| only == part);
    let sandbox = Sandbox::start()
        .await
        .map_err(|e| format!("the sandbox did not start: {e}"))?;
    let gitlab = sandbox.base_url().to_string();
    let mut caller = reqwest::header::HeaderMap::new();
    caller.insert(
        "private-token",
        reqwest::header::HeaderValue::from_static(CALLER),
    );
    let http = reqwest::Client::builder()
        .timeout(Duration::from_secs(120))
        .default_headers(caller)
        .build()
        .map_err(|e| e.to_string())?;
    if runs("flood") {
        flood(&gitlab, &http).await?;
    }
    if runs("huge") {
        huge(&sandbox, &gitlab, &http).await?;
    }
    if runs("bounded") {
        bounded(&gitlab, &http).await?;
    }
    if runs("costs") {
        costs(&gitlab, &http).await?;
    }
    Ok(())
}

async fn flood(gitlab: &str, http: &reqwest::Client) -> Result<(), String> {
    let mut server = Server::spawn(gitlab, &["--stateless=false"])?;
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
    server.stop()
}

async fn huge(sandbox: &Sandbox, gitlab: &str, http: &reqwest::Client) -> Result<(), String> {
    let mut server = Server::spawn(gitlab, &[])?;
    println!(
        "huge answers: server peak RSS at start {} MiB",
        mib(server.status_kib("VmHWM"))
    );
    for status in [500, 200] {
        sandbox.fail_next(FaultSpec::large(status, HUGE));
        let started = Instant::now();
        let answer = call(
            http,
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

/// Bodies just under the body limit, each built to cost far more than its bytes once
/// read, and one within every limit; the peak RSS while each is answered, alone and 24
/// at once, and the RSS 10 s later.
async fn bounded(gitlab: &str, http: &reqwest::Client) -> Result<(), String> {
    let mut all_met = true;
    for (name, body, refused) in bounded_bodies() {
        let mut server = Server::spawn(gitlab, &[])?;
        // One ordinary request first: the idle figure is a server that has served.
        send(http, &server.url, ordinary()).await?;
        tokio::time::sleep(Duration::from_secs(1)).await;
        let idle = server.status_kib("VmRSS").unwrap_or(0);
        let status = send(http, &server.url, body.clone()).await?;
        let one = server.status_kib("VmHWM").unwrap_or(0);
        let mut burst = JoinSet::new();
        for _ in 0..BURST {
            let (http, url, body) = (http.clone(), server.url.clone(), body.clone());
            burst.spawn(async move { send(&http, &url, body).await });
        }
        while let Some(joined) = burst.join_next().await {
            joined.map_err(|e| e.to_string())??;
        }
        let many = server.status_kib("VmHWM").unwrap_or(0);
        tokio::time::sleep(Duration::from_secs(10)).await;
        let after = server.status_kib("VmRSS").unwrap_or(0);
        server.stop()?;
        let met = (!refused || status == 400)
            && one <= 64 << 10
            && many <= 256 << 10
            && after <= 2 * idle;
        all_met &= met;
        println!(
            "bounded messages: {name} ({:.1} MiB, HTTP {status}): idle {} MiB, peak with one \
             {} MiB (≤ 64), with {BURST} at once {} MiB (≤ 256), 10 s later {} MiB (≤ 2× idle): {}",
            body.len() as f64 / (1 << 20) as f64,
            mib(Some(idle)),
            mib(Some(one)),
            mib(Some(many)),
            mib(Some(after)),
            figures::verdict(met),
        );
    }
    println!("bounded messages: {}", figures::verdict(all_met));
    Ok(())
}

/// `(name, body, refused)`: what is sent, and whether it must be refused.
fn bounded_bodies() -> Vec<(&'static str, Vec<u8>, bool)> {
    let call = |params: &str| {
        format!(
            r#"{{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{{"name":"gitlab_interactive_issue_create","arguments":{{"project_id":1}},{params}}}}}"#
        )
    };
    let fill = |open: &str, item: &str, close: &str| {
        let mut body = String::from(open);
        while body.len() + item.len() + close.len() < BODY_LIMIT {
            body.push_str(item);
        }
        body.truncate(body.trim_end_matches(',').len());
        body.push_str(close);
        body.into_bytes()
    };
    let members = {
        let mut body = call(r#""inputResponses":{"#).into_bytes();
        // Open: without the `}}` that close `params` and the message.
        body.truncate(body.len() - 2);
        let mut n = 0;
        while body.len() + 40 < BODY_LIMIT {
            body.extend_from_slice(format!(r#""k{n:07}":{{"action":"accept"}},"#).as_bytes());
            n += 1;
        }
        body.pop();
        body.extend_from_slice(b"}}}");
        body
    };
    let head = call(r#""x":["#);
    let head = &head[..head.len() - 2];
    let items = fill(head, "0,", "]}}");
    let depth = {
        let mut body = b"[".repeat(BODY_LIMIT / 2 - 1);
        body.extend(b"]".repeat(BODY_LIMIT / 2 - 1));
        body
    };
    // Arrays of 800: no one array or object is over its limit, only the count of values.
    let values = fill(head, &format!("[{}0],", "0,".repeat(799)), "]}}");
    let text = {
        let prefix = r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"gitlab_issue_list","arguments":{"project_id":1,"search":""#;
        let suffix = r#""}}}"#;
        let mut body = prefix.as_bytes().to_vec();
        body.extend(b"x".repeat(BODY_LIMIT - prefix.len() - suffix.len()));
        body.extend_from_slice(suffix.as_bytes());
        body
    };
    vec![
        ("100,000+ members", members, true),
        ("2 million items", items, true),
        ("2 million levels", depth, true),
        ("a million values", values, true),
        ("one 4 MiB string, within every limit", text, false),
    ]
}

/// Tool arguments built to cost far more than their bytes once parsed, each refused
/// before: the peak RSS while one and while 24 are answered, and the CPU time of one.
async fn costs(gitlab: &str, http: &reqwest::Client) -> Result<(), String> {
    let mut all_met = true;
    for (name, tool, arguments, cpu_limit) in costly_arguments() {
        // The costly tools are the default surface's, not `individual`'s.
        let mut server = Server::spawn(gitlab, &["--tool-surface", "dynamic"])?;
        send(http, &server.url, ordinary()).await?;
        let before = server.cpu_time().unwrap_or_default();
        let answer = call(http, &server.url, tool, arguments.clone()).await?;
        let cpu = server.cpu_time().unwrap_or_default().saturating_sub(before);
        let refused = answer["result"]["isError"] == json!(true);
        let one = server.status_kib("VmHWM").unwrap_or(0);
        let mut burst = JoinSet::new();
        for _ in 0..BURST {
            let (http, url, arguments) = (http.clone(), server.url.clone(), arguments.clone());
            burst.spawn(async move { call(&http, &url, tool, arguments).await });
        }
        while let Some(joined) = burst.join_next().await {
            joined.map_err(|e| e.to_string())??;
        }
        let many = server.status_kib("VmHWM").unwrap_or(0);
        server.stop()?;
        let met = refused
            && one <= 64 << 10
            && many <= 256 << 10
            && cpu_limit.is_none_or(|limit| cpu <= limit);
        all_met &= met;
        let text = answer["result"]["content"][0]["text"]
            .as_str()
            .unwrap_or_default();
        println!(
            "parse costs: {name} ({:.1} MiB): peak with one {} MiB (≤ 64), with {BURST} at once \
             {} MiB (≤ 256), CPU for one {:.1} ms{}; answered {:?}: {}",
            arguments.to_string().len() as f64 / (1 << 20) as f64,
            mib(Some(one)),
            mib(Some(many)),
            cpu.as_secs_f64() * 1000.0,
            cpu_limit.map_or(String::new(), |limit| format!(
                " (≤ {} ms)",
                limit.as_millis()
            )),
            text.chars().take(100).collect::<String>(),
            figures::verdict(met),
        );
    }
    println!("parse costs: {}", figures::verdict(all_met));
    Ok(())
}

/// `(name, tool, arguments, CPU limit)` of each costly call, just under the body limit.
fn costly_arguments() -> Vec<(&'static str, &'static str, Value, Option<Duration>)> {
    let under = BODY_LIMIT - 4096;
    let graphql = |query: String| json!({"action": "api.graphql", "params": {"query": query}});
    let fields = format!("{{ {} }}", "a ".repeat(under / 2));
    let spreads = format!(
        "query {{ {} }} fragment f on Query {{ a }}",
        "...f ".repeat(under / 5)
    );
    let path = "x/".repeat(under / 2);
    let query = "close the issue ".repeat(under / 16);
    vec![
        (
            "GraphQL, 2 million fields",
            "gitlab_execute_action",
            graphql(fields),
            None,
        ),
        (
            "GraphQL, 800,000 fragment spreads",
            "gitlab_execute_action",
            graphql(spreads),
            None,
        ),
        (
            "api.request, a path of 2 million parts",
            "gitlab_execute_action",
            json!({"action": "api.request", "params": {"method": "GET", "path": path}}),
            None,
        ),
        (
            "find_action, a 4 MiB query",
            "gitlab_find_action",
            json!({"query": query}),
            Some(Duration::from_millis(50)),
        ),
    ]
}

/// `tools/list`: what a client asks first.
fn ordinary() -> Vec<u8> {
    br#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#.to_vec()
}

/// POSTs `body` as a 2025-11-25 client; the HTTP status, the answer read whole.
async fn send(http: &reqwest::Client, url: &str, body: Vec<u8>) -> Result<u16, String> {
    let response = http
        .post(url)
        .header("content-type", "application/json")
        .header("accept", "application/json, text/event-stream")
        .header("mcp-protocol-version", LEGACY)
        .body(body)
        .send()
        .await
        .map_err(|e| e.to_string())?;
    let status = response.status().as_u16();
    response.bytes().await.map_err(|e| e.to_string())?;
    Ok(status)
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
