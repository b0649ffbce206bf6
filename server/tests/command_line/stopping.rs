//! SIGTERM on stdio: the server takes no new request, lets the calls in flight finish and
//! writes their answers, then exits 0 — a change GitLab made is never left unreported
//! because the server was told to stop. A call still running after the bound is abandoned.

use std::time::{Duration, Instant};

use axum::http::Method;
use gitlab_sandbox::Sandbox;
use serde_json::{Value, json};

use crate::support::slow_gitlab::SlowGitLab;
use crate::support::stdio::StdioServer;

/// How long the server gives calls in flight once told to stop.
const GRACE: Duration = Duration::from_secs(8);
const CREATE: &str = "/api/v4/projects/1/issues";

/// Waits, bounded, until GitLab has received the create.
async fn until_gitlab_has_the_create(sandbox: &Sandbox) {
    for _ in 0..1500 {
        if sandbox.writes().iter().any(|write| write.path == CREATE) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("the create never reached GitLab");
}

/// The answers read until the one with `id`, bounded.
fn answers_until(server: &StdioServer, id: u64) -> Vec<Value> {
    let mut answers = Vec::new();
    loop {
        let answer = server.answer();
        let done = answer["id"] == json!(id);
        answers.push(answer);
        if done {
            return answers;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_answers_the_call_in_flight_then_exits_0() {
    let sandbox = Sandbox::start().await.expect("the sandbox starts");
    let gitlab = SlowGitLab::start(&sandbox).await;
    gitlab.delay(Method::POST, CREATE, Duration::from_secs(2));
    let mut server = StdioServer::start(&gitlab.url);
    server.initialize();
    let create = server.start_call(
        "gitlab_issue_create",
        &json!({"project_id": 1, "title": "Made while stopping"}),
    );
    until_gitlab_has_the_create(&sandbox).await;

    server.terminate();
    // The signal is taken asynchronously: pings until one is refused, so that the request
    // below is sent once the server stops (under load it could be read before).
    let mut answers = Vec::new();
    loop {
        let ping = server.send_request("ping", &json!({}));
        answers.extend(answers_until(&server, ping));
        let refused = answers.last().unwrap()["error"]["message"]
            .as_str()
            .is_some_and(|message| message.contains("stopping"));
        if refused {
            break;
        }
    }
    // A request sent after the signal is answered, but not served.
    let late = server.start_call("gitlab_issue_list", &json!({"project_id": 1}));
    let answered = |answers: &[Value], id: u64| answers.iter().any(|a| a["id"] == json!(id));
    while !(answered(&answers, create) && answered(&answers, late)) {
        answers.push(server.answer());
    }

    let created = answers
        .iter()
        .find(|answer| answer["id"] == json!(create))
        .expect("the create's answer");
    assert_eq!(created["result"]["isError"], json!(false), "{created}");
    assert_eq!(
        created["result"]["structuredContent"]["title"], "Made while stopping",
        "{created}"
    );
    let refused = answers
        .iter()
        .find(|answer| answer["id"] == json!(late))
        .unwrap_or_else(|| panic!("no answer to the request sent while stopping: {answers:?}"));
    let message = refused["error"]["message"].as_str().unwrap_or_default();
    assert!(message.contains("stopping"), "{refused}");
    assert!(
        !sandbox.requests().iter().any(|r| r.method == Method::GET),
        "the late request reached GitLab: {:?}",
        sandbox.requests()
    );
    let status = server.wait_exit(GRACE);
    assert_eq!(status.code(), Some(0), "{status:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_call_still_running_after_the_bound_is_abandoned() {
    let sandbox = Sandbox::start().await.expect("the sandbox starts");
    let gitlab = SlowGitLab::start(&sandbox).await;
    gitlab.delay(Method::POST, CREATE, Duration::from_secs(120));
    let mut server = StdioServer::start(&gitlab.url);
    server.initialize();
    server.start_call(
        "gitlab_issue_create",
        &json!({"project_id": 1, "title": "Never answered"}),
    );
    until_gitlab_has_the_create(&sandbox).await;

    server.terminate();
    let told = Instant::now();
    let status = server.wait_exit(GRACE * 3);

    let waited = told.elapsed();
    assert_eq!(status.code(), Some(0), "{status:?}");
    assert!(
        waited >= GRACE - Duration::from_secs(1),
        "the call was not given its time: {waited:?}"
    );
    assert!(waited < GRACE * 2, "{waited:?}");
}
