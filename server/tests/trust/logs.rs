//! Secrets never reach the log, at any level: no value a tool call carries (a CI
//! variable's value, an `api.request` body, GraphQL variables, a mirror URL) is logged,
//! not even at `trace`; and the password of a URL, tokens and secret-like fields are
//! redacted in the one writer every log line goes through.

use gitlab_sandbox::Sandbox;
use serde_json::json;

use crate::support::rpc::Rpc;
use crate::support::{CALLER_TOKEN, Launch, SERVER_TOKEN};
use crate::tool_call;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_trace_log_shows_no_mirror_url() {
    let sandbox = Sandbox::start().await.expect("the sandbox starts");
    let server = Launch::new(sandbox.base_url().as_str())
        .log("trace")
        .start();
    let mirror = json!({
        "project_id": 1,
        "url": "https://mirror-user:MIRRORPASS@mirror.example.com/demo/sandbox.git",
        "confirm": true,
    });
    let reply = Rpc::default()
        .call_legacy(&server.url, "gitlab_project_push_mirror_add", mirror)
        .await;
    assert!(!reply.is_error(), "{reply:?}");
    let writes = sandbox.writes();
    assert_eq!(writes.len(), 1, "{writes:?}");
    assert!(
        writes[0].body["url"]
            .as_str()
            .is_some_and(|url| url.contains("MIRRORPASS")),
        "GitLab itself gets the URL whole: {:?}",
        writes[0].body
    );

    let log = server.log().join("\n");
    assert!(log.contains("listening on"), "the log was captured: {log}");
    for secret in [
        "MIRRORPASS",
        "mirror.example.com",
        CALLER_TOKEN,
        SERVER_TOKEN,
    ] {
        assert!(!log.contains(secret), "`{secret}` is in the log:\n{log}");
    }
}

/// The values of a CI variable, a REST body and GraphQL variables, each sent through the
/// one tool of the dynamic surface while the log says everything it can.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_argument_value_of_a_tool_call_reaches_a_trace_log() {
    let sandbox = Sandbox::start().await.expect("the sandbox starts");
    let server = Launch::new(sandbox.base_url().as_str())
        .surface("dynamic")
        .log("trace")
        .start();
    let calls = [
        (
            "variable.create",
            json!({"project_id": 1, "key": "K", "value": "s3cr3t-value-xyz"}),
        ),
        (
            "api.request",
            json!({
                "method": "POST",
                "path": "projects/1/labels",
                "body": {"name": "body-value-xyz", "color": "#00aa00"},
            }),
        ),
        (
            "api.graphql",
            json!({
                "query": "query($path: ID!) { project(fullPath: $path) { name } }",
                "variables": {"path": "graphql-variable-xyz"},
            }),
        ),
    ];
    let rpc = Rpc::default();
    for (action, params) in calls {
        let (tool, arguments) = tool_call("dynamic", action, params, true);
        let reply = rpc.call_legacy(&server.url, &tool, arguments).await;
        assert_eq!(reply.status, 200, "{action}: {reply:?}");
    }
    let sent = sandbox.writes();
    assert!(
        sent.iter()
            .any(|write| write.body.to_string().contains("s3cr3t-value-xyz")),
        "the variable reached GitLab: {sent:?}"
    );

    let log = server.log().join("\n");
    assert!(log.contains("listening on"), "the log was captured: {log}");
    for value in ["s3cr3t-value-xyz", "body-value-xyz", "graphql-variable-xyz"] {
        let lines: Vec<String> = log
            .lines()
            .filter(|line| line.contains(value))
            .map(|line| line.chars().take(300).collect())
            .collect();
        assert!(
            lines.is_empty(),
            "`{value}` is in the log:\n{}",
            lines.join("\n")
        );
    }
}
