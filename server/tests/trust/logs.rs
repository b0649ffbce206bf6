//! Secrets never reach the log, at any level: the password of a mirror URL, tokens and
//! secret-like fields are redacted in the one writer every log line goes through.

use gitlab_sandbox::Sandbox;
use serde_json::json;

use crate::support::rpc::Rpc;
use crate::support::{CALLER_TOKEN, Launch, SERVER_TOKEN};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_debug_log_shows_a_mirror_url_without_its_password() {
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
    assert!(
        log.contains("mirror.example.com"),
        "the call was logged at trace level: {log}"
    );
    for secret in ["MIRRORPASS", CALLER_TOKEN, SERVER_TOKEN] {
        assert!(!log.contains(secret), "`{secret}` is in the log:\n{log}");
    }
}
