//! Regression guard: on stateless HTTP a 2025-11-25 client has no channel for
//! synchronous elicitation, even when it declares it. A wizard answers with its alternative,
//! a destructive action needs `confirm: true` — no panic, no hang, nothing sent unasked.

use crate::support::Launch;
use crate::support::client::{answering, call, connect, text};
use crate::support::rpc::{LEGACY, Rpc};
use crate::support::wizard::{ISSUE_TOOL, issue_args};
use gitlab_sandbox::Sandbox;
use serde_json::json;

const REFUSAL_END: &str =
    "Re-send with confirm=true only after the user explicitly approves this operation.";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wizard_answers_with_its_alternative() {
    let sandbox = Sandbox::start().await.expect("the sandbox starts");
    let gitlab = sandbox.base_url().to_string();
    let server = Launch::new(&gitlab).surface("meta").start();
    let answering = answering();
    let client = connect(&answering, &server.url).await;

    let result = call(&client, ISSUE_TOOL, issue_args()).await;

    assert_eq!(result.is_error, Some(true), "{}", text(&result));
    assert!(
        text(&result).contains("`issue.create`"),
        "{}",
        text(&result)
    );
    assert!(answering.asked().is_empty(), "{:?}", answering.asked());
    // Still serving: the same client lists the tools afterwards.
    let tools = tokio::time::timeout(crate::support::client::BOUND, client.list_all_tools())
        .await
        .expect("tools/list within the bound")
        .expect("tools/list succeeds");
    assert!(tools.iter().any(|tool| tool.name == ISSUE_TOOL));
    client.cancel().await.expect("the client closes");
    assert!(sandbox.writes().is_empty(), "{:?}", sandbox.writes());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_destructive_action_needs_confirm_true() {
    let sandbox = Sandbox::start().await.expect("the sandbox starts");
    let gitlab = sandbox.base_url().to_string();
    let server = Launch::new(&gitlab).surface("meta").start();
    let answering = answering();
    let client = connect(&answering, &server.url).await;
    let created = call(
        &client,
        "gitlab_issue",
        json!({"action": "create", "params": {"project_id": 1, "title": "Doomed"}}),
    )
    .await;
    let iid = created
        .structured_content
        .as_ref()
        .expect("the created issue")["iid"]
        .clone();
    let delete = |confirm: bool| json!({"action": "delete", "params": {"project_id": 1, "issue_iid": iid}, "confirm": confirm});
    sandbox.clear_requests();

    let refused = call(&client, "gitlab_issue", delete(false)).await;
    assert_eq!(refused.is_error, Some(true), "{}", text(&refused));
    assert!(text(&refused).ends_with(REFUSAL_END), "{}", text(&refused));
    assert!(answering.asked().is_empty(), "{:?}", answering.asked());
    assert!(sandbox.writes().is_empty(), "{:?}", sandbox.writes());

    let deleted = call(&client, "gitlab_issue", delete(true)).await;
    assert_ne!(deleted.is_error, Some(true), "{}", text(&deleted));
    let writes = sandbox.writes();
    assert_eq!(writes.len(), 1, "{writes:?}");
    assert_eq!(writes[0].method.as_str(), "DELETE");
    assert_eq!(writes[0].path, format!("/api/v4/projects/1/issues/{iid}"));
    client.cancel().await.expect("the client closes");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_dynamic_surface_refuses_the_same_way() {
    let sandbox = Sandbox::start().await.expect("the sandbox starts");
    let gitlab = sandbox.base_url().to_string();
    let server = Launch::new(&gitlab).surface("dynamic").start();
    // A bare legacy client: no initialize, no session, the version in the header only.
    let rpc = Rpc::default();

    let wizard = rpc
        .call_legacy(
            &server.url,
            "gitlab_execute_action",
            json!({"action": "interactive.issue_create", "params": {"project_id": 1}}),
        )
        .await;
    let delete = rpc
        .call_legacy(
            &server.url,
            "gitlab_execute_action",
            json!({"action": "issue.delete", "params": {"project_id": 1, "issue_iid": 1}}),
        )
        .await;

    assert!(wizard.is_error(), "{wizard:?}");
    assert!(wizard.text().contains("`issue.create`"), "{wizard:?}");
    assert!(delete.is_error(), "{delete:?}");
    assert_eq!(
        delete.text(),
        format!("gitlab_execute_action: action \"issue.delete\" is destructive. {REFUSAL_END}")
    );
    assert!(sandbox.writes().is_empty(), "{:?}", sandbox.writes());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn capabilities_declared_per_request_do_not_open_a_channel() {
    let sandbox = Sandbox::start().await.expect("the sandbox starts");
    let gitlab = sandbox.base_url().to_string();
    let server = Launch::new(&gitlab).surface("meta").start();
    let capabilities = json!({"elicitation": {"form": {}}});
    let call = |name: &str, arguments: serde_json::Value| {
        json!({
            "jsonrpc": "2.0",
            "id": 1,
            "method": "tools/call",
            "params": {
                "name": name,
                "arguments": arguments,
                "_meta": {"io.modelcontextprotocol/clientCapabilities": capabilities},
            },
        })
    };
    let rpc = Rpc::default();
    let legacy = [("mcp-protocol-version", LEGACY)];

    // Without the fix the server would ask on the response stream and wait for an answer
    // that cannot be posted back; the client's bounded timeout turns that into a failure.
    let wizard = rpc
        .post(&server.url, &legacy, &call(ISSUE_TOOL, issue_args()))
        .await;
    let delete = rpc
        .post(
            &server.url,
            &legacy,
            &call(
                "gitlab_issue",
                json!({"action": "delete", "params": {"project_id": 1, "issue_iid": 1}}),
            ),
        )
        .await;

    assert!(wizard.is_error(), "{wizard:?}");
    assert!(wizard.text().contains("`issue.create`"), "{wizard:?}");
    assert!(delete.is_error(), "{delete:?}");
    assert!(delete.text().ends_with(REFUSAL_END), "{delete:?}");
    assert!(sandbox.writes().is_empty(), "{:?}", sandbox.writes());
}
