//! The HTTP limits against hostile clients, on the real binary: each attack runs while
//! valid requests go on being answered. Every test is bounded by seconds (short
//! timeouts are set for the attack's sake).
//!
//! - slowloris: silent connections and headers sent a byte at a time are closed after
//!   the header timeout; a trickled body gets 408 after the body timeout; a keep-alive
//!   connection with no request is closed after the idle timeout;
//! - file-descriptor exhaustion: under `ulimit -n 256`, 300 idle connections never keep a
//!   valid request out; when every connection has a request in flight, a new one gets 503;
//! - session flood: a stateful server holds at most `--max-sessions` sessions, answers
//!   the next `initialize` 503 with a JSON-RPC error, and goes on serving the open ones;
//!   an idle session ends after `--session-idle-timeout`.

use std::time::{Duration, Instant};

use crate::support::rpc::{LEGACY, Reply, Rpc};
use crate::support::{CALLER_TOKEN, Launch};
use gitlab_sandbox::{FaultSpec, Sandbox};
use reqwest::Method;
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::task::JoinSet;

/// How long a valid request may take while an attack runs: generous for a loaded CI
/// machine, far below what an unbounded server made clients wait (forever).
const PROMPT: Duration = Duration::from_secs(3);

async fn sandbox() -> (Sandbox, String) {
    let sandbox = Sandbox::start().await.expect("the sandbox starts");
    let url = sandbox.base_url().to_string();
    (sandbox, url)
}

/// `tools/list` as a stateless 2025-11-25 client sends it; asserts it is answered, and
/// promptly.
async fn assert_served(rpc: &Rpc, url: &str) {
    let started = Instant::now();
    let list = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}});
    let reply = tokio::time::timeout(
        PROMPT,
        rpc.post(url, &[("mcp-protocol-version", LEGACY)], &list),
    )
    .await
    .expect("a valid request is answered while the attack runs");
    assert_eq!(reply.status, 200, "{reply:?}");
    assert!(reply.body["result"]["tools"].is_array(), "{reply:?}");
    assert!(started.elapsed() < PROMPT, "{:?}", started.elapsed());
}

/// Whether the server closed `stream` within `within`: EOF or a reset.
async fn closed_by_server(stream: &mut TcpStream, within: Duration) -> bool {
    let mut buffer = [0u8; 1024];
    let deadline = Instant::now() + within;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match tokio::time::timeout(left, stream.read(&mut buffer)).await {
            Err(_) => return false,
            Ok(Ok(0) | Err(_)) => return true,
            // An answer (408, 503) before the close: keep reading to the end.
            Ok(Ok(_)) => {}
        }
    }
}

/// Everything the server sends on `stream` until it closes it, as text.
async fn read_all(stream: &mut TcpStream, within: Duration) -> String {
    let mut bytes = Vec::new();
    let _ = tokio::time::timeout(within, stream.read_to_end(&mut bytes)).await;
    String::from_utf8_lossy(&bytes).into_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slowloris_connections_are_closed_and_valid_requests_still_served() {
    let (_sandbox, gitlab) = sandbox().await;
    let server = Launch::new(&gitlab)
        .args(&["--header-timeout", "1s", "--max-connections", "16"])
        .start();
    let addr = server.authority().to_owned();

    // 20 connections that never send a byte, 20 that send a head one byte every 100 ms
    // and never finish it: more than the cap of 16 between them.
    let mut silent = Vec::new();
    for _ in 0..20 {
        silent.push(TcpStream::connect(&addr).await.expect("connects"));
    }
    let mut trickling = JoinSet::new();
    for _ in 0..20 {
        let addr = addr.clone();
        trickling.spawn(async move {
            let started = Instant::now();
            let Ok(mut stream) = TcpStream::connect(&addr).await else {
                return Duration::ZERO;
            };
            if stream
                .write_all(b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
                .await
                .is_err()
            {
                return started.elapsed();
            }
            while started.elapsed() < Duration::from_secs(10) {
                tokio::time::sleep(Duration::from_millis(100)).await;
                if stream.write_all(b"a").await.is_err() {
                    break;
                }
            }
            started.elapsed()
        });
    }

    let rpc = Rpc::default();
    for _ in 0..4 {
        assert_served(&rpc, &server.url).await;
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    for stream in &mut silent {
        assert!(
            closed_by_server(stream, Duration::from_secs(3)).await,
            "a silent connection was still open after the header timeout"
        );
    }
    while let Some(lasted) = trickling.join_next().await {
        let lasted = lasted.expect("the trickling task ends");
        assert!(
            lasted < Duration::from_secs(5),
            "a trickled head kept its connection for {lasted:?}"
        );
    }
    assert_served(&rpc, &server.url).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_trickled_body_gets_408_after_the_body_timeout() {
    let (sandbox, gitlab) = sandbox().await;
    let server = Launch::new(&gitlab).args(&["--body-timeout", "1s"]).start();
    let mut stream = TcpStream::connect(server.authority())
        .await
        .expect("connects");
    let head = format!(
        "POST /mcp HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n\
         Accept: application/json, text/event-stream\r\nMcp-Protocol-Version: {LEGACY}\r\n\
         Private-Token: {CALLER_TOKEN}\r\nContent-Length: 200\r\n\r\n{{",
        server.authority()
    );
    stream.write_all(head.as_bytes()).await.expect("head sent");
    let started = Instant::now();
    let trickle = async {
        for _ in 0..50 {
            tokio::time::sleep(Duration::from_millis(100)).await;
            if stream.write_all(b" ").await.is_err() {
                break;
            }
        }
    };
    let rpc = Rpc::default();
    let ((), ()) = tokio::join!(trickle, assert_served(&rpc, &server.url));
    let answer = read_all(&mut stream, Duration::from_secs(3)).await;
    assert!(
        answer.starts_with("HTTP/1.1 408 Request Timeout"),
        "{answer}"
    );
    assert!(answer.contains(r#""code":-32600"#), "{answer}");
    assert!(answer.contains("GITLAB_MCP_BODY_TIMEOUT"), "{answer}");
    assert!(
        started.elapsed() < Duration::from_secs(6),
        "{:?}",
        started.elapsed()
    );
    assert!(sandbox.requests().is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_with_no_request_is_closed_after_the_idle_timeout() {
    let (_sandbox, gitlab) = sandbox().await;
    let server = Launch::new(&gitlab)
        .args(&["--idle-timeout", "1s", "--header-timeout", "5s"])
        .start();
    let mut stream = TcpStream::connect(server.authority())
        .await
        .expect("connects");
    let request = format!(
        "GET /healthz HTTP/1.1\r\nHost: {}\r\n\r\n",
        server.authority()
    );
    stream.write_all(request.as_bytes()).await.expect("sent");
    let mut buffer = [0u8; 256];
    let read = stream.read(&mut buffer).await.expect("an answer");
    assert!(buffer[..read].starts_with(b"HTTP/1.1 200 OK"));
    // Kept alive after its answer, then closed for idling: well before the header
    // timeout, which does not apply between requests.
    let idle = Instant::now();
    assert!(closed_by_server(&mut stream, Duration::from_secs(4)).await);
    let waited = idle.elapsed();
    assert!(
        (Duration::from_millis(800)..Duration::from_secs(4)).contains(&waited),
        "{waited:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_connections_never_use_up_the_file_descriptors() {
    let (sandbox, gitlab) = sandbox().await;
    let server = Launch::new(&gitlab).open_files(256).start();
    let log = server.log().join("\n");
    assert!(log.contains("max_connections=192"), "{log}");

    // More idle connections than the server has descriptors: they stay open (the header
    // timeout is 10 s), taking every place in turn.
    let mut idle = Vec::new();
    for _ in 0..300 {
        idle.push(
            TcpStream::connect(server.authority())
                .await
                .expect("connects"),
        );
    }
    let rpc = Rpc::default();
    for _ in 0..3 {
        assert_served(&rpc, &server.url).await;
        // A call that reaches GitLab: the server still has descriptors of its own.
        let started = Instant::now();
        let issues = tokio::time::timeout(
            PROMPT,
            rpc.call_legacy(&server.url, "gitlab_issue_list", json!({"project_id": 1})),
        )
        .await
        .expect("answered while the idle connections are open");
        assert!(!issues.is_error(), "{issues:?}");
        assert!(started.elapsed() < PROMPT);
    }
    assert!(!sandbox.requests().is_empty());
    drop(idle);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn when_every_connection_has_a_request_in_flight_a_new_one_gets_503() {
    let (sandbox, gitlab) = sandbox().await;
    let server = Launch::new(&gitlab)
        .args(&["--max-connections", "2", "--request-timeout", "20s"])
        .start();
    sandbox.fail_matching(
        Method::GET,
        "/api/v4/projects/1/issues",
        FaultSpec::stall().times(2),
    );
    // Two calls GitLab never answers: both places hold a request in flight.
    let mut stalled = JoinSet::new();
    for _ in 0..2 {
        let url = server.url.clone();
        stalled.spawn(async move {
            Rpc::default()
                .call_legacy(&url, "gitlab_issue_list", json!({"project_id": 1}))
                .await
        });
    }
    let deadline = Instant::now() + Duration::from_secs(10);
    while sandbox.requests().len() < 2 {
        assert!(Instant::now() < deadline, "the calls never reached GitLab");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }

    let mut stream = TcpStream::connect(server.authority())
        .await
        .expect("connects");
    let answer = read_all(&mut stream, Duration::from_secs(3)).await;
    assert!(
        answer.starts_with("HTTP/1.1 503 Service Unavailable"),
        "{answer}"
    );
    assert!(answer.contains("GITLAB_MCP_MAX_CONNECTIONS"), "{answer}");
    assert!(answer.contains(r#""id":null"#), "{answer}");
    stalled.abort_all();
}

/// An `initialize` opening a stateful session: the reply, and the session id.
async fn initialize(http: &reqwest::Client, url: &str, id: u64) -> (Reply, Option<String>) {
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
        .header("content-type", "application/json")
        .header("accept", "application/json, text/event-stream")
        .json(&body)
        .send()
        .await
        .expect("the server answers");
    let status = response.status().as_u16();
    let session = response
        .headers()
        .get("mcp-session-id")
        .map(|value| value.to_str().expect("a text header").to_owned());
    let retry_after = response.headers().get("retry-after").cloned();
    let text = response.text().await.expect("a body");
    let body = serde_json::from_str::<Value>(&text).unwrap_or_else(|_| {
        let data = text
            .lines()
            .filter_map(|line| line.strip_prefix("data:"))
            .find(|data| data.contains("\"id\""))
            .unwrap_or_default();
        serde_json::from_str(data.trim()).unwrap_or(Value::String(text.clone()))
    });
    if status == 503 {
        assert_eq!(
            retry_after.as_ref().and_then(|v| v.to_str().ok()),
            Some("10")
        );
    }
    (Reply { status, body }, session)
}

/// A request in session `session`; the HTTP status.
async fn in_session(http: &reqwest::Client, url: &str, session: &str, body: Value) -> u16 {
    http.post(url)
        .header("content-type", "application/json")
        .header("accept", "application/json, text/event-stream")
        .header("mcp-session-id", session)
        .header("mcp-protocol-version", LEGACY)
        .json(&body)
        .send()
        .await
        .expect("the server answers")
        .status()
        .as_u16()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_session_flood_stops_at_the_cap_and_open_sessions_are_still_served() {
    let (_sandbox, gitlab) = sandbox().await;
    let server = Launch::new(&gitlab)
        .args(&[
            "--stateless=false",
            "--max-sessions",
            "20",
            "--session-idle-timeout",
            "2s",
        ])
        .start();
    let mut caller = reqwest::header::HeaderMap::new();
    caller.insert(
        "private-token",
        CALLER_TOKEN.parse().expect("a header value"),
    );
    let http = reqwest::Client::builder()
        .timeout(Duration::from_secs(30))
        .default_headers(caller)
        .build()
        .expect("a client");

    // A flood of 60 `initialize`s, 20 at a time.
    let mut flood = JoinSet::new();
    for id in 0..60 {
        let (http, url) = (http.clone(), server.url.clone());
        flood.spawn(async move { initialize(&http, &url, id).await });
    }
    let mut opened = Vec::new();
    let mut refused = Vec::new();
    while let Some(joined) = flood.join_next().await {
        let (reply, session) = joined.expect("the task ends");
        match reply.status {
            200 => opened.push(session.expect("a session id")),
            503 => refused.push(reply.body),
            other => panic!("unexpected {other}: {:?}", reply.body),
        }
    }
    assert_eq!(opened.len(), 20);
    assert_eq!(refused.len(), 40);
    let refusal = &refused[0];
    assert_eq!(refusal["error"]["code"], -32000, "{refusal}");
    assert!(
        refusal["id"].is_u64(),
        "the refusal answers its request: {refusal}"
    );
    let message = refusal["error"]["message"].as_str().expect("a message");
    assert!(
        message
            .starts_with("Server busy: 20 sessions are open, the limit (GITLAB_MCP_MAX_SESSIONS)"),
        "{message}"
    );

    // The open sessions are served; stateless-style health checks too.
    let session = &opened[0];
    let initialized = json!({"jsonrpc": "2.0", "method": "notifications/initialized"});
    assert_eq!(
        in_session(&http, &server.url, session, initialized).await,
        202
    );
    let list = json!({"jsonrpc": "2.0", "id": 7, "method": "tools/list", "params": {}});
    assert_eq!(
        in_session(&http, &server.url, session, list.clone()).await,
        200
    );

    // Ending a session makes room for a new one.
    let ended = http
        .delete(&server.url)
        .header("mcp-session-id", &opened[1])
        .header("mcp-protocol-version", LEGACY)
        .send()
        .await
        .expect("the server answers");
    assert!(ended.status().is_success(), "{}", ended.status());
    let (reply, _) = initialize(&http, &server.url, 100).await;
    assert_eq!(reply.status, 200, "{:?}", reply.body);

    // Idle sessions end after the idle timeout, making room for everyone.
    tokio::time::sleep(Duration::from_secs(3)).await;
    assert_eq!(in_session(&http, &server.url, session, list).await, 404);
    for id in 200..220 {
        let (reply, _) = initialize(&http, &server.url, id).await;
        assert_eq!(reply.status, 200, "{:?}", reply.body);
    }
}
