//! A request's own GitLab token (`PRIVATE-TOKEN` or `Authorization: Bearer`) is used for
//! that request only, and never shows in the log.

use crate::support::rpc::Rpc;
use crate::support::wizard::{issue_body, run_issue};
use crate::support::{Launch, SERVER_TOKEN};
use gitlab_sandbox::{RecordedRequest, Sandbox};
use serde_json::json;

const LIST: &str = "gitlab_issue_list";

fn project_1() -> serde_json::Value {
    json!({"project_id": 1})
}

fn last(sandbox: &Sandbox) -> RecordedRequest {
    sandbox
        .requests()
        .pop()
        .expect("the sandbox received a request")
}

fn token_of(request: &RecordedRequest) -> &gitlab_sandbox::RecordedSecret {
    request
        .private_token
        .as_ref()
        .unwrap_or_else(|| panic!("no PRIVATE-TOKEN on {request:?}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_token_is_used_for_that_request_only() {
    let sandbox = Sandbox::start().await.expect("the sandbox starts");
    let gitlab = sandbox.base_url().to_string();
    // The most talkative log there is: still no token in it. Tokenless requests act with
    // the server's token only because the operator said so.
    let server = Launch::new(&gitlab)
        .log("trace")
        .args(&["--tokenless-as-server"])
        .start();
    let private = Rpc::with_headers(&[("PRIVATE-TOKEN", "glpat-request-one")]);
    let bearer = Rpc::with_headers(&[("Authorization", "Bearer glpat-request-two")]);
    let plain = Rpc::with_headers(&[]);

    let reply = private.call_legacy(&server.url, LIST, project_1()).await;
    assert!(!reply.is_error(), "{reply:?}");
    assert!(token_of(&last(&sandbox)).matches("glpat-request-one"));

    let reply = bearer
        .call_2026(&server.url, LIST, project_1(), None, None)
        .await;
    assert!(!reply.is_error(), "{reply:?}");
    assert!(token_of(&last(&sandbox)).matches("glpat-request-two"));

    let reply = plain.call_legacy(&server.url, LIST, project_1()).await;
    assert!(!reply.is_error(), "{reply:?}");
    assert!(token_of(&last(&sandbox)).matches(SERVER_TOKEN));

    // A wizard's GitLab call carries the token of the round that makes it.
    sandbox.clear_requests();
    let (done, _) = run_issue(&private, &[&server.url]).await;
    assert!(!done.is_error(), "{done:?}");
    let writes = sandbox.writes();
    assert_eq!(writes.len(), 1, "{writes:?}");
    assert_eq!(writes[0].body, issue_body());
    assert!(token_of(&writes[0]).matches("glpat-request-one"));

    let log = server.log().join("\n");
    assert!(log.contains("listening on"), "the log was captured: {log}");
    for secret in ["glpat-request-one", "glpat-request-two", SERVER_TOKEN] {
        assert!(!log.contains(secret), "`{secret}` appears in the log");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_malformed_or_ambiguous_token_is_refused_before_gitlab() {
    let sandbox = Sandbox::start().await.expect("the sandbox starts");
    let gitlab = sandbox.base_url().to_string();
    let server = Launch::new(&gitlab).start();

    for headers in [
        &[("PRIVATE-TOKEN", "glpat with spaces")][..],
        &[("Authorization", "Basic Z2xwYXQtb25lOg==")],
        &[
            ("PRIVATE-TOKEN", "glpat-one"),
            ("Authorization", "Bearer glpat-two"),
        ],
    ] {
        let reply = Rpc::with_headers(headers)
            .call_legacy(&server.url, LIST, project_1())
            .await;
        assert_eq!(reply.status, 400, "{headers:?}: {reply:?}");
        let message = reply.body.as_str().expect("a plain-text reason");
        assert!(!message.contains("glpat"), "{message}");
    }
    assert!(sandbox.requests().is_empty(), "{:?}", sandbox.requests());
}
