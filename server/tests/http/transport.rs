//! Which protocol revisions each HTTP deployment serves (stateless: both, MRTR for
//! 2026-07-28; stateful: up to 2025-11-25, with synchronous elicitation), and what guards the endpoint:
//! Host and Origin checks, the body limit, graceful shutdown.

use std::time::Duration;

use crate::support::client::{answering, call, connect, text};
use crate::support::rpc::{LEGACY, Rpc};
use crate::support::wizard::{ISSUE_KEYS, ISSUE_TOOL, issue_args, issue_body, run_issue};
use crate::support::{KEY_A, Launch};
use gitlab_sandbox::{FaultSpec, Sandbox};
use serde_json::json;

const PAUSE: Duration = Duration::from_millis(20);
/// With [`PAUSE`], a 30 s bound on waiting for something that must happen.
const PATIENT_TRIES: usize = 1500;

/// Waits, bounded, until `done` holds.
async fn eventually(what: &str, done: impl Fn() -> bool) {
    for _ in 0..PATIENT_TRIES {
        if done() {
            return;
        }
        tokio::time::sleep(PAUSE).await;
    }
    panic!("never happened: {what}");
}

async fn sandbox() -> (Sandbox, String) {
    let sandbox = Sandbox::start().await.expect("the sandbox starts");
    let url = sandbox.base_url().to_string();
    (sandbox, url)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stateless_serves_2026_07_28_in_mrtr_rounds() {
    let (sandbox, gitlab) = sandbox().await;
    let server = Launch::new(&gitlab).start();

    let (done, keys) = run_issue(&Rpc::default(), &[&server.url]).await;

    assert_eq!(keys, ISSUE_KEYS);
    assert_eq!(done.result()["resultType"], "complete");
    assert!(!done.is_error(), "{done:?}");
    let writes = sandbox.writes();
    assert_eq!(writes.len(), 1, "{writes:?}");
    assert_eq!(writes[0].body, issue_body());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stateful_refuses_2026_07_28_with_400_and_the_revisions_it_serves() {
    let (sandbox, gitlab) = sandbox().await;
    let server = Launch::new(&gitlab).args(&["--stateless=false"]).start();
    let rpc = Rpc::default();

    let call = rpc
        .call_2026(&server.url, ISSUE_TOOL, issue_args(), None, None)
        .await;
    let discover = rpc
        .request_2026(&server.url, "server/discover", None, json!({}), json!({}))
        .await;

    for reply in [call, discover] {
        assert_eq!(reply.status, 400, "{reply:?}");
        let error = &reply.body["error"];
        assert_eq!(error["code"], json!(-32022), "{reply:?}");
        let supported: Vec<&str> = error["data"]["supported"]
            .as_array()
            .unwrap_or_else(|| panic!("data.supported is a list: {reply:?}"))
            .iter()
            .map(|v| v.as_str().expect("a version"))
            .collect();
        assert!(supported.contains(&LEGACY), "{supported:?}");
        assert!(supported.iter().all(|v| *v <= LEGACY), "{supported:?}");
    }
    assert!(sandbox.requests().is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stateful_legacy_client_answers_elicitations_on_the_sse_stream() {
    let (sandbox, gitlab) = sandbox().await;
    let server = Launch::new(&gitlab).args(&["--stateless=false"]).start();
    let answering = answering();
    let client = connect(&answering, &server.url).await;

    let result = call(&client, ISSUE_TOOL, issue_args()).await;

    assert_ne!(result.is_error, Some(true), "{}", text(&result));
    assert_eq!(
        answering.asked().len(),
        ISSUE_KEYS.len(),
        "{:?}",
        answering.asked()
    );
    assert_eq!(answering.asked()[0].message, "Enter the issue title");
    let writes = sandbox.writes();
    assert_eq!(writes.len(), 1, "{writes:?}");
    assert_eq!(writes[0].body, issue_body());
    client.cancel().await.expect("the client closes");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hosts_and_origins_outside_the_allow_list_get_403() {
    let (sandbox, gitlab) = sandbox().await;
    let server = Launch::new(&gitlab).start();
    let rpc = Rpc::default();
    let list = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}});
    let legacy = ("mcp-protocol-version", LEGACY);

    let evil_host = rpc
        .post(&server.url, &[legacy, ("host", "evil.example.com")], &list)
        .await;
    let evil_origin = rpc
        .post(
            &server.url,
            &[legacy, ("origin", "https://evil.example.com")],
            &list,
        )
        .await;
    let local_origin = rpc
        .post(
            &server.url,
            &[legacy, ("origin", "http://localhost:6274")],
            &list,
        )
        .await;

    assert_eq!(evil_host.status, 403, "{evil_host:?}");
    assert_eq!(evil_origin.status, 403, "{evil_origin:?}");
    assert_eq!(local_origin.status, 200, "{local_origin:?}");

    // A deployment names the hosts its clients use; loopback then no longer passes.
    let public = Launch::new(&gitlab)
        .args(&["--allowed-hosts", "mcp.example.com"])
        .start();
    let named = rpc
        .post(&public.url, &[legacy, ("host", "mcp.example.com")], &list)
        .await;
    let loopback = rpc.post(&public.url, &[legacy], &list).await;
    assert_eq!(named.status, 200, "{named:?}");
    assert!(named.body["result"]["tools"].is_array(), "{named:?}");
    assert_eq!(loopback.status, 403, "{loopback:?}");
    assert!(sandbox.requests().is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bodies_over_the_limit_get_413() {
    let (sandbox, gitlab) = sandbox().await;
    let server = Launch::new(&gitlab)
        .surface("meta")
        .args(&["--max-request-body", "1KiB"])
        .start();
    let rpc = Rpc::default();
    let create = |description: String| json!({"action": "create", "params": {"project_id": 1, "title": "Big", "description": description}});

    let big = rpc
        .call_legacy(&server.url, "gitlab_issue", create("x".repeat(2048)))
        .await;
    let small = rpc
        .call_legacy(&server.url, "gitlab_issue", create("x".repeat(16)))
        .await;

    assert_eq!(big.status, 413, "{big:?}");
    assert!(!small.is_error(), "{small:?}");
    let writes = sandbox.writes();
    assert_eq!(
        writes.len(),
        1,
        "only the small one reached GitLab: {writes:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_stops_accepting_finishes_requests_in_flight_and_exits_0() {
    let (sandbox, gitlab) = sandbox().await;
    let mut server = Launch::new(&gitlab)
        .surface("meta")
        .keys(KEY_A)
        .args(&["--shutdown-timeout", "60s"])
        .start();
    // GitLab holds the create until the sandbox shuts down: the call is in flight.
    sandbox.fail_matching(
        axum::http::Method::POST,
        "/projects/1/issues",
        FaultSpec::stall(),
    );
    let url = server.url.clone();
    let in_flight = tokio::spawn(async move {
        let arguments = json!({"action": "create", "params": {"project_id": 1, "title": "Late"}});
        Rpc::default()
            .call_legacy(&url, "gitlab_issue", arguments)
            .await
    });
    eventually("the create reaches GitLab", || !sandbox.writes().is_empty()).await;

    server.terminate();
    server.wait_for_line("stopping: accepting no new connections");
    let health = format!("http://{}/healthz", server.authority());
    let mut refused = false;
    for _ in 0..PATIENT_TRIES {
        // A fresh client each time: a new connection, not a pooled one.
        if reqwest::Client::new().get(&health).send().await.is_err() {
            refused = true;
            break;
        }
        tokio::time::sleep(PAUSE).await;
    }
    assert!(refused, "new connections are still accepted after SIGTERM");
    assert!(
        !in_flight.is_finished(),
        "the request in flight was cut short"
    );

    // GitLab answers (503 when it stops); the request in flight gets its answer.
    sandbox.shutdown().await.expect("the sandbox stops");
    let finished = in_flight.await.expect("the caller task ends");
    assert!(finished.is_error(), "{finished:?}");
    assert!(finished.text().contains("503"), "{finished:?}");
    let status = server.wait_exit();
    assert_eq!(status.code(), Some(0), "{status:?}");
}
