//! The sandbox routes paths as GitLab's router (Grape) does: repeated slashes count as one
//! and a trailing slash is ignored, while the recording keeps the path as it was sent. The
//! client never sends such paths, so these tests send them over plain HTTP.

use crate::tests::common::setup;
use gitlab_sandbox::{FaultSpec, Sandbox};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

/// `method` `path` (as written, slashes and all) with `body`, straight to the sandbox.
async fn send(
    sandbox: &Sandbox,
    method: Method,
    path: &str,
    body: Option<Value>,
) -> (StatusCode, Value) {
    let url = format!(
        "{}{}",
        sandbox.base_url().as_str().trim_end_matches('/'),
        path
    );
    let mut request = reqwest::Client::new().request(method, url);
    if let Some(body) = body {
        request = request.json(&body);
    }
    let response = request.send().await.expect("the sandbox answers");
    let status = response.status();
    let text = response.text().await.expect("a body");
    (
        status,
        serde_json::from_str(&text).unwrap_or(Value::String(text)),
    )
}

#[tokio::test]
async fn repeated_slashes_count_as_one() {
    let (sandbox, _gitlab) = setup().await;
    let (status, issues) = send(&sandbox, Method::GET, "/api/v4/projects//1/issues", None).await;
    assert_eq!(status, StatusCode::OK);
    let iids: Vec<&Value> = issues
        .as_array()
        .unwrap()
        .iter()
        .map(|i| &i["iid"])
        .collect();
    assert_eq!(iids, [&json!(2), &json!(1)], "the demo project's issues");

    let (status, issue) = send(
        &sandbox,
        Method::GET,
        "//api//v4/projects/1///issues//1",
        None,
    )
    .await;
    assert_eq!(
        (status, issue["title"].clone()),
        (StatusCode::OK, json!("Tokenizer drops the last token"))
    );

    // The recording keeps what was sent.
    let sent: Vec<String> = sandbox.requests().into_iter().map(|r| r.raw_path).collect();
    assert_eq!(
        sent,
        [
            "/api/v4/projects//1/issues",
            "//api//v4/projects/1///issues//1"
        ]
    );
}

#[tokio::test]
async fn a_trailing_slash_is_ignored() {
    let (sandbox, _gitlab) = setup().await;
    let body = json!({"description": "Changed through a trailing slash"});
    let (status, project) = send(&sandbox, Method::PUT, "/api/v4/projects/1/", Some(body)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(project["id"], 1);
    let (_, again) = send(&sandbox, Method::GET, "/api/v4/projects/1", None).await;
    assert_eq!(again["description"], "Changed through a trailing slash");

    let (status, list) = send(
        &sandbox,
        Method::GET,
        "/api/v4/projects/1/merge_requests/",
        None,
    )
    .await;
    assert_eq!(
        (status, list.as_array().map(Vec::len)),
        (StatusCode::OK, Some(1))
    );
    let recorded = sandbox.requests();
    assert_eq!(recorded[0].raw_path, "/api/v4/projects/1/");
    assert_eq!(recorded[0].path, "/api/v4/projects/1/");

    // An encoded slash is part of a project's path, not a separator: it stays.
    let (status, _) = send(
        &sandbox,
        Method::GET,
        "/api/v4/projects/demo%2F%2Fsandbox",
        None,
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = send(&sandbox, Method::GET, "/api/v4/nowhere/", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn faults_match_the_path_as_routed() {
    let (sandbox, _gitlab) = setup().await;
    sandbox.fail_matching(Method::GET, "/projects/1/issues", FaultSpec::status(503));
    let (status, _) = send(&sandbox, Method::GET, "/api/v4/projects//1/issues/", None).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    let (status, _) = send(&sandbox, Method::GET, "/api/v4/projects//1/issues/", None).await;
    assert_eq!(status, StatusCode::OK, "the fault was used up");
}
