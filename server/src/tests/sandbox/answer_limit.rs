//! GitLab's answers are read up to a limit: a larger successful answer is an error naming
//! the endpoint, read no further; an error answer of any size still gives GitLab's status
//! and the start of its message. The sandbox streams the large answers without holding
//! them.

use std::time::{Duration, Instant};

use crate::gitlab::{GitLab, GitLabConfig, GitLabError};
use crate::tests::common::{call, issues};
use gitlab_sandbox::{FaultSpec, Sandbox};
use reqwest::Method;

const LIMIT: usize = 64 << 10;

async fn capped() -> (Sandbox, GitLab) {
    let sandbox = Sandbox::start().await.expect("the sandbox starts");
    let config = GitLabConfig::new(sandbox.base_url()).with_max_response_body(LIMIT);
    let gitlab = GitLab::new(config).expect("a valid configuration");
    (sandbox, gitlab)
}

#[tokio::test]
async fn a_streamed_answer_over_the_limit_is_an_error_naming_the_endpoint() {
    let (sandbox, gitlab) = capped().await;
    // 64 MiB, without a length: only reading tells how large it is.
    sandbox.fail_next(FaultSpec::large(200, 64 << 20));
    let started = Instant::now();
    let error = call(&gitlab, issues(Method::GET)).await.unwrap_err();
    assert!(
        matches!(error, GitLabError::TooLarge { status: 200, .. }),
        "{error:?}"
    );
    assert_eq!(
        error.to_string(),
        "GET /api/v4/projects/demo%2Fsandbox/issues: GitLab answered 200 with more than 64 KiB \
         (the limit set by GITLAB_MCP_MAX_RESPONSE_BODY); the answer was not read further and \
         nothing of it is used. Ask for less (a smaller `per_page`, a narrower filter, one file \
         or a log tail instead of everything), or raise the limit"
    );
    // Stopped at the limit rather than reading 64 MiB through.
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
    // The client is still usable.
    assert!(call(&gitlab, issues(Method::GET)).await.is_ok());
}

#[tokio::test]
async fn an_announced_length_over_the_limit_is_refused_unread() {
    let (sandbox, gitlab) = capped().await;
    let body = format!("[{}]", " ".repeat(LIMIT));
    sandbox.fail_next(FaultSpec::raw(200, body));
    let error = call(&gitlab, issues(Method::GET)).await.unwrap_err();
    assert!(matches!(error, GitLabError::TooLarge { .. }), "{error:?}");
}

#[tokio::test]
async fn an_answer_at_the_limit_is_read_whole() {
    let (sandbox, gitlab) = capped().await;
    sandbox.fail_next(FaultSpec::large(200, LIMIT));
    let list = call(&gitlab, issues(Method::GET))
        .await
        .expect("read whole");
    assert_eq!(list, serde_json::json!([]));
}

#[tokio::test]
async fn a_huge_error_answer_keeps_its_status_and_hint() {
    let (sandbox, gitlab) = capped().await;
    sandbox.fail_next(FaultSpec::large(500, 200 << 20));
    let started = Instant::now();
    let error = call(&gitlab, issues(Method::POST)).await.unwrap_err();
    assert_eq!(error.status(), Some(500), "{error:?}");
    let text = error.to_string();
    assert!(
        text.starts_with(
            "POST /api/v4/projects/demo%2Fsandbox/issues: GitLab answered 500 Internal Server Error: ["
        ),
        "{text}"
    );
    assert!(
        text.ends_with("GitLab failed on its side; try again later"),
        "{text}"
    );
    assert!(text.len() < 1000, "{}", text.len());
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
}
