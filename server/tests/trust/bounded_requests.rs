//! No single message can make the server build something huge: counts of keys and
//! items, nesting and the length of keys are checked as the message is read, before
//! anything is built, and a message over a limit is answered -32600 naming the limit and
//! where it was passed. How little memory that takes is measured in the `bounded` bench.

use gitlab_sandbox::Sandbox;
use serde_json::{Value, json};

use crate::support::Launch;
use crate::support::rpc::{MRTR, Rpc};
use crate::support::stdio::StdioServer;

/// A 2026-07-28 `tools/call` of the issue wizard answering 100,000 questions at once
/// (about 3 MB, under the 4 MiB body limit).
fn hundred_thousand_answers() -> Value {
    let responses: serde_json::Map<String, Value> = (0..100_000)
        .map(|n| (format!("k{n:06}"), json!({"action": "accept"})))
        .collect();
    json!({
        "jsonrpc": "2.0", "id": 1, "method": "tools/call",
        "params": {
            "name": "gitlab_interactive_issue_create",
            "arguments": {"project_id": 1},
            "inputResponses": responses,
            "_meta": {
                "io.modelcontextprotocol/protocolVersion": MRTR,
                "io.modelcontextprotocol/clientCapabilities": {"elicitation": {}},
            },
        },
    })
}

/// `issue.create` with 200,000 labels.
fn two_hundred_thousand_labels() -> Value {
    json!({
        "jsonrpc": "2.0", "id": 2, "method": "tools/call",
        "params": {
            "name": "gitlab_issue_create",
            "arguments": {"project_id": 1, "title": "t", "labels": vec!["l"; 200_000]},
        },
    })
}

/// 60 nested arrays inside the arguments (past 128, JSON parsers themselves give up).
fn deeply_nested() -> Value {
    let mut nested = json!(1);
    for _ in 0..60 {
        nested = json!([nested]);
    }
    json!({
        "jsonrpc": "2.0", "id": 3, "method": "tools/call",
        "params": {"name": "gitlab_issue_list", "arguments": {"project_id": 1, "x": nested}},
    })
}

/// An argument whose name is 10,000 bytes long.
fn long_key() -> Value {
    let mut arguments = serde_json::Map::new();
    arguments.insert("k".repeat(10_000), json!(1));
    json!({
        "jsonrpc": "2.0", "id": 4, "method": "tools/call",
        "params": {"name": "gitlab_issue_list", "arguments": arguments},
    })
}

/// Each message over a limit, with the words its refusal must hold.
fn over_the_limits() -> Vec<(Value, [&'static str; 2])> {
    vec![
        (
            hundred_thousand_answers(),
            ["`params.inputResponses`", "1000 members"],
        ),
        (
            two_hundred_thousand_labels(),
            ["`params.arguments.labels`", "10000 items"],
        ),
        (deeply_nested(), ["`params.arguments.x", "32 levels"]),
        (long_key(), ["`params.arguments`", "256 bytes"]),
    ]
}

fn assert_refused(answer: &Value, words: [&str; 2]) {
    assert_eq!(answer["error"]["code"], -32600, "{answer}");
    let message = answer["error"]["message"].as_str().unwrap_or_default();
    for word in words {
        assert!(message.contains(word), "`{word}` not in: {message}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn over_http_a_message_over_a_limit_is_refused_naming_it() {
    let sandbox = Sandbox::start().await.expect("the sandbox starts");
    let server = Launch::new(sandbox.base_url().as_str()).start();
    let rpc = Rpc::default();
    for (message, words) in over_the_limits() {
        let headers = [("mcp-protocol-version", MRTR), ("mcp-method", "tools/call")];
        let reply = rpc.post(&server.url, &headers, &message).await;
        assert_eq!(reply.status, 400, "{reply:?}");
        assert_refused(&reply.body, words);
    }
    let fine = rpc
        .call_legacy(&server.url, "gitlab_issue_list", json!({"project_id": 1}))
        .await;
    assert!(!fine.is_error(), "{fine:?}");
    assert_eq!(
        sandbox.requests().len(),
        1,
        "only the last call reached GitLab"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_stdio_a_message_over_a_limit_is_refused_naming_it() {
    let sandbox = Sandbox::start().await.expect("the sandbox starts");
    let mut server = StdioServer::start(sandbox.base_url().as_str());
    server.initialize();
    for (message, words) in over_the_limits() {
        server.send(message.to_string().as_bytes());
        assert_refused(&server.answer(), words);
    }
    let answer = server.call("gitlab_issue_list", &json!({"project_id": 1}));
    assert_ne!(answer["result"]["isError"], true, "{answer}");
    assert_eq!(
        sandbox.requests().len(),
        1,
        "only the last call reached GitLab"
    );
}
