//! Smaller things a determined client found: a byte order mark before an HTTP body, a
//! capability advertised where it cannot work, and a refusal that said nothing was sent
//! after a read had been.

use gitlab_sandbox::Sandbox;
use serde_json::{Value, json};

use crate::seed;
use crate::support::rpc::{LEGACY, Rpc};
use crate::support::stdio::StdioServer;
use crate::support::{CALLER_TOKEN, Launch};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_byte_order_mark_before_an_http_body_is_read_as_on_stdio() {
    let sandbox = Sandbox::start().await.expect("the sandbox starts");
    let server = Launch::new(sandbox.base_url().as_str()).start();
    let mut body = b"\xEF\xBB\xBF".to_vec();
    body.extend_from_slice(br#"{"jsonrpc":"2.0","id":"bom","method":"ping"}"#);
    let response = reqwest::Client::new()
        .post(&server.url)
        .header("content-type", "application/json")
        .header("accept", "application/json, text/event-stream")
        .header("mcp-protocol-version", LEGACY)
        .header("private-token", CALLER_TOKEN)
        .body(body)
        .send()
        .await
        .expect("answered");
    assert_eq!(response.status(), 200);
    let answer: Value = response.json().await.expect("a JSON answer");
    assert_eq!(answer, json!({"jsonrpc": "2.0", "id": "bom", "result": {}}));
}

fn initialize() -> Value {
    json!({
        "jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"protocolVersion": LEGACY, "capabilities": {},
                   "clientInfo": {"name": "t", "version": "0"}},
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn subscriptions_are_advertised_only_where_a_notification_can_arrive() {
    let sandbox = Sandbox::start().await.expect("the sandbox starts");
    let gitlab = sandbox.base_url().to_string();
    let rpc = Rpc::default();
    let stateless = Launch::new(&gitlab).start();
    let reply = rpc.post(&stateless.url, &[], &initialize()).await;
    let resources = &reply.result()["capabilities"]["resources"];
    assert_ne!(resources["subscribe"], json!(true), "{resources}");

    let stateful = Launch::new(&gitlab).args(&["--stateless=false"]).start();
    let reply = rpc.post(&stateful.url, &[], &initialize()).await;
    assert_eq!(
        reply.result()["capabilities"]["resources"]["subscribe"],
        true
    );
    let mut stdio = StdioServer::start(&gitlab);
    let answer = stdio.initialize();
    assert_eq!(
        answer["result"]["capabilities"]["resources"]["subscribe"],
        true
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refusal_says_what_was_read_to_decide_it() {
    let sandbox = Sandbox::start().await.expect("the sandbox starts");
    seed(&sandbox, "projects", json!({"name": "other"})).await;
    sandbox.clear_requests();
    let gitlab = sandbox.base_url().to_string();
    let mut server =
        StdioServer::with_env(&gitlab, &[("GITLAB_MCP_ALLOWED_PROJECTS", "demo/sandbox")]);
    server.initialize();

    let answer = server.call("gitlab_project_get", &json!({"project_id": 2}));
    let text = answer["result"]["content"][0]["text"]
        .as_str()
        .unwrap_or_default();
    assert_eq!(answer["result"]["isError"], true, "{answer}");
    assert_eq!(
        sandbox.requests().len(),
        1,
        "one read says which project 2 is"
    );
    assert!(!text.contains("Nothing was sent to GitLab"), "{text}");
    assert!(text.contains("only read project 2"), "{text}");

    sandbox.clear_requests();
    let answer = server.call("gitlab_project_get", &json!({"project_id": "elsewhere/x"}));
    let text = answer["result"]["content"][0]["text"]
        .as_str()
        .unwrap_or_default();
    assert!(sandbox.requests().is_empty());
    assert!(text.contains("Nothing was sent to GitLab"), "{text}");
}
