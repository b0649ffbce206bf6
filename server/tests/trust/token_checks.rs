//! A request's bearer token is checked with GitLab (`GET /api/v4/user`) before it is
//! served, and those checks are bounded: GitLab's answer is remembered for a minute
//! whether it accepted the token or refused it, one check at a time per token however
//! many requests bring it at once, and a bound on checks a second for the whole server
//! (beyond it: 503 with `Retry-After`). The check fails closed: only GitLab's 200 lets a
//! request through; a GitLab that errs, stalls or cannot be reached gets the request
//! refused with 503, and nothing is remembered.

use std::time::{Duration, Instant};

use axum::http::Method;
use futures::future::join_all;
use gitlab_sandbox::{FaultSpec, Sandbox};
use serde_json::{Value, json};

use crate::support::Launch;
use crate::support::redis::free_port;
use crate::support::rpc::LEGACY;
use crate::support::slow_gitlab::SlowGitLab;

/// The checks a second a server makes unless told otherwise.
const CHECKS_PER_SECOND: usize = 10;

/// What a `tools/call` with a bearer token got.
#[derive(Debug)]
struct Answer {
    status: u16,
    retry_after: Option<String>,
    challenge: Option<String>,
    body: Value,
}

/// A test's client, for all its requests: building one takes longer than a request.
fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .timeout(Duration::from_secs(60))
        .build()
        .expect("a client")
}

/// One `tools/call` (an issue list) with `Authorization: Bearer <token>`.
async fn call_with(http: &reqwest::Client, url: &str, token: &str) -> Answer {
    let response = http
        .post(url)
        .header("authorization", format!("Bearer {token}"))
        .header("content-type", "application/json")
        .header("accept", "application/json, text/event-stream")
        .header("mcp-protocol-version", LEGACY)
        .json(&json!({
            "jsonrpc": "2.0", "id": 7, "method": "tools/call",
            "params": {"name": "gitlab_issue_list", "arguments": {"project_id": 1}},
        }))
        .send()
        .await
        .expect("answered");
    let header = |name: &str| {
        response
            .headers()
            .get(name)
            .map(|value| value.to_str().expect("ASCII").to_owned())
    };
    let (retry_after, challenge) = (header("retry-after"), header("www-authenticate"));
    let status = response.status().as_u16();
    let body = response.json().await.unwrap_or(Value::Null);
    Answer {
        status,
        retry_after,
        challenge,
        body,
    }
}

/// The token checks GitLab received.
fn checks(sandbox: &Sandbox) -> usize {
    sandbox
        .requests()
        .iter()
        .filter(|r| r.method == Method::GET && r.path == "/api/v4/user")
        .count()
}

fn served(sandbox: &Sandbox) -> usize {
    sandbox
        .requests()
        .iter()
        .filter(|r| r.path == "/api/v4/projects/1/issues")
        .count()
}

/// GitLab refuses every token from now on.
fn refusing_every_token(sandbox: &Sandbox) {
    sandbox.fail_matching(
        Method::GET,
        "/user",
        FaultSpec::status(401).times(usize::MAX),
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_token_is_checked_once_and_then_refused_from_memory() {
    let sandbox = Sandbox::start().await.expect("the sandbox starts");
    let server = Launch::new(sandbox.base_url().as_str()).start();
    let http = client();
    refusing_every_token(&sandbox);

    for _ in 0..5 {
        let answer = call_with(&http, &server.url, "gloas-revoked-token").await;
        assert_eq!(answer.status, 401, "{answer:?}");
        let challenge = answer.challenge.unwrap_or_default();
        assert!(challenge.contains("error=\"invalid_token\""), "{challenge}");
    }

    assert_eq!(checks(&sandbox), 1, "one check for five requests");
    assert_eq!(served(&sandbox), 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn checks_beyond_the_bound_a_second_get_503_with_retry_after() {
    let sandbox = Sandbox::start().await.expect("the sandbox starts");
    let server = Launch::new(sandbox.base_url().as_str()).start();
    let http = client();
    refusing_every_token(&sandbox);

    let started = Instant::now();
    let tokens: Vec<String> = (0..100).map(|n| format!("sprayed-token-{n}")).collect();
    let answers = join_all(
        tokens
            .iter()
            .map(|token| call_with(&http, &server.url, token)),
    )
    .await;
    let seconds = started.elapsed().as_secs_f64().ceil() as usize;

    let bound = CHECKS_PER_SECOND * (1 + seconds);
    let made = checks(&sandbox);
    assert!(
        made <= bound,
        "{made} checks of 100 tokens in {seconds} s, bound {bound}"
    );
    let busy: Vec<&Answer> = answers.iter().filter(|a| a.status == 503).collect();
    assert!(busy.len() >= 100 - bound, "{answers:?}");
    for answer in &busy {
        assert!(answer.retry_after.is_some(), "{answer:?}");
        assert_eq!(answer.body["jsonrpc"], "2.0", "{answer:?}");
    }
    assert!(
        answers.iter().all(|a| a.status == 401 || a.status == 503),
        "{answers:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn simultaneous_first_uses_of_a_token_wait_for_one_check() {
    let sandbox = Sandbox::start().await.expect("the sandbox starts");
    let gitlab = SlowGitLab::start(&sandbox).await;
    gitlab.delay(Method::GET, "/api/v4/user", Duration::from_millis(500));
    let server = Launch::new(&gitlab.url).start();
    let http = client();

    let answers = join_all((0..40).map(|_| call_with(&http, &server.url, "gloas-one-token"))).await;

    assert!(answers.iter().all(|a| a.status == 200), "{answers:?}");
    assert_eq!(checks(&sandbox), 1, "one check for forty first uses");
    assert_eq!(served(&sandbox), 40);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_check_gitlab_fails_refuses_the_request_and_is_not_remembered() {
    let sandbox = Sandbox::start().await.expect("the sandbox starts");
    let server = Launch::new(sandbox.base_url().as_str())
        .args(&["--request-timeout", "1s"])
        .start();
    let http = client();

    // GitLab errs: refused, 503; the next request is checked again and served.
    sandbox.fail_matching(Method::GET, "/user", FaultSpec::status(500));
    let failed = call_with(&http, &server.url, "gloas-token-a").await;
    assert_eq!(failed.status, 503, "{failed:?}");
    assert!(failed.retry_after.is_some(), "{failed:?}");
    assert_eq!(failed.body["jsonrpc"], "2.0", "{failed:?}");
    assert_eq!(
        served(&sandbox),
        0,
        "nothing served with an unchecked token"
    );
    let later = call_with(&http, &server.url, "gloas-token-a").await;
    assert_eq!(later.status, 200, "{later:?}");
    assert_eq!((checks(&sandbox), served(&sandbox)), (2, 1));

    // GitLab does not answer in time.
    sandbox.fail_matching(Method::GET, "/user", FaultSpec::stall());
    let stalled = call_with(&http, &server.url, "gloas-token-b").await;
    assert_eq!(stalled.status, 503, "{stalled:?}");
    assert!(stalled.retry_after.is_some(), "{stalled:?}");
    assert_eq!(served(&sandbox), 1);

    // GitLab cannot be reached at all.
    let nowhere = format!("http://127.0.0.1:{}/", free_port());
    let unreachable = Launch::new(&nowhere).start();
    let refused = call_with(&http, &unreachable.url, "gloas-token-c").await;
    assert_eq!(refused.status, 503, "{refused:?}");
    assert!(refused.retry_after.is_some(), "{refused:?}");
}
