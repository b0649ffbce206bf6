//! Every bad message gets its JSON-RPC answer, on the real binary over stdio and HTTP:
//! -32700 with `id: null` for what is not JSON or not UTF-8, -32600 for JSON that is not
//! one valid message (a batch included), -32602 for a standard method whose parameters
//! do not have its types; and the server goes on serving what follows. Nothing reaches
//! GitLab.

use crate::support::Launch;
use crate::support::rpc::LEGACY;
use crate::support::stdio::{INITIALIZE, StdioServer};
use gitlab_sandbox::Sandbox;
use serde_json::{Value, json};

/// The bad messages, each with the code and id of its answer.
fn bad_messages() -> Vec<(Vec<u8>, i64, Value)> {
    vec![
        (b"this is not json".to_vec(), -32700, Value::Null),
        (b"{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"ping\"".to_vec(), -32700, Value::Null),
        (b"\xff\xfe\x00garbage".to_vec(), -32700, Value::Null),
        (
            br#"{"jsonrpc":"2.0","id":6,"method":"tools/list","params":{"cursor":1e400}}"#.to_vec(),
            -32700,
            Value::Null,
        ),
        (
            br#"[{"jsonrpc":"2.0","id":7,"method":"ping"},{"jsonrpc":"2.0","id":8,"method":"ping"}]"#
                .to_vec(),
            -32600,
            Value::Null,
        ),
        (b"12".to_vec(), -32600, Value::Null),
        (br#"{"jsonrpc":"2.0","id":9}"#.to_vec(), -32600, json!(9)),
        (br#"{"jsonrpc":"1.0","id":10,"method":"ping"}"#.to_vec(), -32600, json!(10)),
        (br#"{"jsonrpc":"2.0","id":{},"method":"ping"}"#.to_vec(), -32600, Value::Null),
        (
            br#"{"jsonrpc":"2.0","id":11,"method":"tools/call","params":{"name":7}}"#.to_vec(),
            -32602,
            json!(11),
        ),
        (
            br#"{"jsonrpc":"2.0","id":"twelve","method":"tools/call","params":{"name":"gitlab_issue_get","arguments":"all"}}"#
                .to_vec(),
            -32602,
            json!("twelve"),
        ),
    ]
}

fn assert_error(answer: &Value, code: i64, id: &Value, sent: &[u8]) {
    let sent = String::from_utf8_lossy(sent);
    assert_eq!(answer["jsonrpc"], "2.0", "{sent}: {answer}");
    assert_eq!(answer["error"]["code"], code, "{sent}: {answer}");
    assert_eq!(&answer["id"], id, "{sent}: {answer}");
    assert!(
        answer.as_object().is_some_and(|o| o.contains_key("id")),
        "`id` is present, null when unreadable: {answer}"
    );
    let message = answer["error"]["message"].as_str().unwrap_or_default();
    assert!(
        message.len() > 20,
        "{sent}: the message says what was wrong: {answer}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_stdio_every_bad_line_is_answered_and_the_session_goes_on() {
    let sandbox = Sandbox::start().await.expect("the sandbox starts");
    let mut server = StdioServer::start(sandbox.base_url().as_str());
    // Before initialize too: a bad line needs no session to be answered.
    server.send(b"{oops");
    assert_error(&server.answer(), -32700, &Value::Null, b"{oops");
    server.send(INITIALIZE.as_bytes());
    assert_eq!(server.answer()["id"], 1);
    server.send(br#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#);
    for (line, code, id) in bad_messages() {
        server.send(&line);
        assert_error(&server.answer(), code, &id, &line);
    }
    // A bad notification gets no answer (JSON-RPC forbids one): the next answer is the
    // ping's.
    server.send(br#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":7}"#);
    server.send(br#"{"jsonrpc":"2.0","id":"still-here","method":"ping"}"#);
    assert_eq!(
        server.answer(),
        json!({"jsonrpc": "2.0", "id": "still-here", "result": {}})
    );

    // An id beyond 2^53 − 1, as the client wrote it: refused naming the field, never
    // sent as `…551615`.
    server.send(
        br#"{"jsonrpc":"2.0","id":20,"method":"tools/call","params":{"name":"gitlab_issue_get","arguments":{"project_id":18446744073709551616,"issue_iid":1}}}"#,
    );
    let answer = server.answer();
    assert_eq!(answer["result"]["isError"], true, "{answer}");
    let text = answer["result"]["content"][0]["text"]
        .as_str()
        .unwrap_or_default();
    assert!(
        text.starts_with("invalid parameters for `issue.get`: `project_id`: "),
        "{text}"
    );
    server.send(
        br#"{"jsonrpc":"2.0","id":21,"method":"tools/call","params":{"name":"gitlab_issue_get","arguments":{"project_id":1,"issue_iid":9007199254740993}}}"#,
    );
    let answer = server.answer();
    let text = answer["result"]["content"][0]["text"]
        .as_str()
        .unwrap_or_default();
    assert!(
        text.contains("`issue_iid`: 9007199254740993 is beyond"),
        "{text}"
    );
    assert!(sandbox.requests().is_empty(), "{:?}", sandbox.requests());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn over_http_every_bad_body_is_answered_with_its_json_rpc_error() {
    let sandbox = Sandbox::start().await.expect("the sandbox starts");
    let gitlab = sandbox.base_url().to_string();
    let server = Launch::new(&gitlab)
        .args(&["--max-request-body", "1KiB"])
        .start();
    let http = reqwest::Client::new();
    let post = |body: Vec<u8>| {
        http.post(&server.url)
            .header("content-type", "application/json")
            .header("accept", "application/json, text/event-stream")
            .header("mcp-protocol-version", LEGACY)
            .header("private-token", crate::support::CALLER_TOKEN)
            .body(body)
            .send()
    };
    for (body, code, id) in bad_messages() {
        let response = post(body.clone()).await.expect("answered");
        let status = response.status().as_u16();
        let content_type = response
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned();
        let answer: Value = response.json().await.expect("a JSON body");
        // A request read and answered with an error is 200; what could not be read as
        // one is 400.
        let expected = if code == -32602 { 200 } else { 400 };
        assert_eq!(
            status,
            expected,
            "{}: {answer}",
            String::from_utf8_lossy(&body)
        );
        assert_eq!(content_type, "application/json");
        assert_error(&answer, code, &id, &body);
    }
    let empty = post(Vec::new()).await.expect("answered");
    assert_eq!(empty.status(), 400);
    let big = format!(
        r#"{{"jsonrpc":"2.0","id":1,"method":"ping","params":{{"_meta":{{"x":"{}"}}}}}}"#,
        "a".repeat(2048)
    );
    let big = post(big.into_bytes()).await.expect("answered");
    assert_eq!(big.status(), 413);
    let answer: Value = big.json().await.expect("a JSON body");
    assert_error(&answer, -32600, &Value::Null, b"2 KiB");
    assert!(
        answer["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("1 KiB (GITLAB_MCP_MAX_REQUEST_BODY)")),
        "{answer}"
    );
    // Still serving.
    let ping = post(br#"{"jsonrpc":"2.0","id":"p","method":"ping"}"#.to_vec())
        .await
        .expect("answered");
    assert_eq!(ping.status(), 200);
    assert!(sandbox.requests().is_empty(), "{:?}", sandbox.requests());
}
