//! The binary reads GitLab's answers up to `GITLAB_MCP_MAX_RESPONSE_BODY`: a 200 MiB list
//! is an error naming the endpoint, read no further.

use std::time::{Duration, Instant};

use gitlab_sandbox::{FaultSpec, Sandbox};
use serde_json::json;

use crate::support::Launch;
use crate::support::rpc::Rpc;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_binary_answers_a_200_mib_list_with_an_error_naming_the_endpoint() {
    let sandbox = Sandbox::start().await.expect("the sandbox starts");
    let gitlab = sandbox.base_url().to_string();
    // The default limit, 16 MiB.
    let server = Launch::new(&gitlab).start();
    sandbox.fail_next(FaultSpec::large(200, 200 << 20));
    let started = Instant::now();
    let reply = Rpc::default()
        .call_legacy(&server.url, "gitlab_issue_list", json!({"project_id": 1}))
        .await;
    assert!(reply.is_error(), "{reply:?}");
    let text = reply.text();
    assert!(
        text.contains(
            "GET /api/v4/projects/1/issues: GitLab answered 200 with more than 16 MiB \
             (the limit set by GITLAB_MCP_MAX_RESPONSE_BODY)"
        ),
        "{text}"
    );
    // Read to the limit, not through 200 MiB.
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "{:?}",
        started.elapsed()
    );
}
