//! JSON-RPC message handling: one message as a stdio line or an HTTP body
//! (`incoming::read`), and the stdio transport reading streams of such lines cut into
//! arbitrary chunks. Inputs are arbitrary bytes, genuine messages mutated byte by byte,
//! and messages whose every field is arbitrary.

use crate::incoming::{self, Incoming};
use crate::stdio::Lines;
use proptest::prelude::*;
use rmcp::model::{ErrorCode, RequestId};
use rmcp::transport::Transport;
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use super::inputs::{json, text};
use super::{Verdict, ensure, fuzz};

/// Messages a client sends, as sent.
const GENUINE: &[&str] = &[
    r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{"elicitation":{"form":{}}},"clientInfo":{"name":"c","version":"1"}}}"#,
    r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
    r#"{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{}}"#,
    r#"{"jsonrpc":"2.0","id":"a-3","method":"tools/call","params":{"name":"gitlab_execute_action","arguments":{"action":"issue.get","params":{"project_id":1,"issue_iid":2}}}}"#,
    r#"{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"gitlab_interactive_issue_create","arguments":{"project_id":1},"inputResponses":{"title":{"action":"accept","content":{"title":"x"}}},"requestState":"abc","_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}"#,
    r#"{"jsonrpc":"2.0","id":5,"method":"ping"}"#,
    r#"{"jsonrpc":"2.0","id":7,"result":{"action":"accept","content":{"confirmed":true}}}"#,
    r#"{"jsonrpc":"2.0","id":8,"error":{"code":-32603,"message":"no"}}"#,
    r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":4,"reason":"user"}}"#,
    r#"{"jsonrpc":"2.0","id":9,"method":"server/discover","params":{}}"#,
];

/// Standard methods and a few others.
const METHODS: &[&str] = &[
    "initialize",
    "ping",
    "tools/list",
    "tools/call",
    "prompts/list",
    "prompts/get",
    "resources/list",
    "resources/read",
    "resources/templates/list",
    "completion/complete",
    "logging/setLevel",
    "server/discover",
    "tasks/get",
    "tasks/cancel",
    "skills/get",
    "notifications/initialized",
    "notifications/cancelled",
    "notifications/progress",
    "x/custom",
    "",
];

/// One message: bytes of any kind, a genuine message mutated, or a message of arbitrary
/// fields.
fn message() -> impl Strategy<Value = Vec<u8>> {
    let genuine = prop::sample::select(GENUINE).prop_map(|m| m.as_bytes().to_vec());
    let mutated = (
        genuine.clone(),
        prop::collection::vec((any::<usize>(), any::<u8>(), 0..3u8), 1..6),
    )
        .prop_map(|(mut bytes, edits)| {
            for (at, byte, how) in edits {
                let at = at % (bytes.len() + 1);
                match how {
                    0 if at < bytes.len() => bytes[at] = byte,
                    1 => bytes.insert(at, byte),
                    _ => bytes.truncate(at),
                }
            }
            bytes
        });
    let field = prop_oneof![4 => Just(None), 1 => json().prop_map(Some)];
    let id = prop_oneof![
        3 => (0i64..100).prop_map(|n| Some(json!(n))),
        2 => "[a-z0-9-]{0,8}".prop_map(|s| Some(json!(s))),
        1 => Just(None),
        1 => json().prop_map(Some),
    ];
    let version =
        prop_oneof![6 => Just(Some(json!("2.0"))), 1 => json().prop_map(Some), 1 => Just(None)];
    let method = prop_oneof![
        6 => prop::sample::select(METHODS).prop_map(|m| Some(json!(m))),
        1 => text().prop_map(|m| Some(json!(m))),
        1 => json().prop_map(Some),
        1 => Just(None),
    ];
    let params = prop_oneof![
        2 => Just(None),
        4 => super::inputs::object(vec!["name".into(), "arguments".into(), "protocolVersion".into(), "uri".into(), "_meta".into(), "cursor".into()])
            .prop_map(|fields| Some(Value::Object(fields))),
        1 => json().prop_map(Some),
    ];
    let built = (version, id, method, params, field.clone(), field).prop_map(
        |(version, id, method, params, result, error)| {
            let mut message = serde_json::Map::new();
            for (key, value) in [
                ("jsonrpc", version),
                ("id", id),
                ("method", method),
                ("params", params),
                ("result", result),
                ("error", error),
            ] {
                if let Some(value) = value {
                    message.insert(key.into(), value);
                }
            }
            serde_json::to_vec(&Value::Object(message)).unwrap_or_default()
        },
    );
    prop_oneof![
        2 => prop::collection::vec(any::<u8>(), 0..64),
        1 => text().prop_map(String::into_bytes),
        3 => mutated,
        4 => built,
        1 => genuine,
    ]
}

/// Whether `bytes` (less a byte order mark) is JSON at all.
fn is_json(bytes: &[u8]) -> bool {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    std::str::from_utf8(bytes).is_ok_and(|text| serde_json::from_str::<Value>(text).is_ok())
}

#[test]
fn jsonrpc_messages() {
    fuzz("jsonrpc_messages", message(), |bytes| {
        match incoming::read(&bytes) {
            Incoming::Message(message) => {
                ensure!(
                    is_json(&bytes),
                    "non-JSON accepted: {:?}",
                    String::from_utf8_lossy(&bytes)
                );
                // What rmcp is given, it can write back.
                ensure!(
                    serde_json::to_value(&*message).is_ok(),
                    "an accepted message does not serialise"
                );
                Ok(Verdict::Accepted)
            }
            Incoming::Refused(refusal) => {
                let code = refusal.code;
                ensure!(
                    [
                        ErrorCode::PARSE_ERROR,
                        ErrorCode::INVALID_REQUEST,
                        ErrorCode::INVALID_PARAMS
                    ]
                    .contains(&code),
                    "unexpected code {code:?}"
                );
                ensure!(
                    (code == ErrorCode::PARSE_ERROR)
                        == (!is_json(&bytes) || bytes.iter().all(u8::is_ascii_whitespace)),
                    "-32700 for JSON or another code for non-JSON: {code:?} for {:?}",
                    String::from_utf8_lossy(&bytes)
                );
                if code == ErrorCode::PARSE_ERROR {
                    ensure!(refusal.id.is_none(), "a parse error with an id");
                }
                let answer = serde_json::to_value(refusal.response())
                    .map_err(|e| TestCaseError::fail(e.to_string()))?;
                ensure!(answer["jsonrpc"] == "2.0", "{answer}");
                ensure!(answer.get("id").is_some(), "no `id` in {answer}");
                ensure!(answer["error"]["code"] == code.0, "{answer}");
                // The id answered is the one sent, when it was one.
                if let Some(id) = &refusal.id {
                    let sent: Value = serde_json::from_slice(
                        bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&bytes),
                    )
                    .unwrap_or_default();
                    let sent_id = serde_json::from_value::<RequestId>(sent["id"].clone()).ok();
                    ensure!(
                        sent_id.as_ref() == Some(id),
                        "answered id {id:?}, sent {}",
                        sent["id"]
                    );
                }
                Ok(Verdict::Refused(refusal.message))
            }
        }
    });
}

#[test]
fn stdio_lines() {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    let lines = prop::collection::vec(
        prop_oneof![6 => message(), 1 => Just(Vec::new()), 1 => (1..3000usize).prop_map(|n| vec![b'x'; n])],
        1..8,
    );
    let inputs = (lines, prop::collection::vec(1..512usize, 1..8));
    fuzz("stdio_lines", inputs, |(lines, cuts)| {
        // Lines hold no newline of their own: the transport splits on it.
        let lines: Vec<Vec<u8>> = lines
            .into_iter()
            .map(|line| line.into_iter().filter(|&b| b != b'\n').collect())
            .collect();
        let max_line = 1024;
        let (mut expected_messages, mut expected_answers) = (0usize, 0usize);
        for line in &lines {
            let trimmed = line.strip_suffix(b"\r").unwrap_or(line);
            if line.len() > max_line {
                expected_answers += 1;
            } else if trimmed.iter().all(u8::is_ascii_whitespace) {
            } else {
                match incoming::read(trimmed) {
                    Incoming::Message(_) => expected_messages += 1,
                    Incoming::Refused(refusal) if refusal.answerable => expected_answers += 1,
                    Incoming::Refused(_) => {}
                }
            }
        }
        let stream: Vec<u8> = lines
            .iter()
            .flat_map(|line| line.iter().copied().chain([b'\n']))
            .collect();
        let (messages, answers) = runtime.block_on(async {
            let (stdin, mut client_in) = tokio::io::duplex(1 << 20);
            let (client_out, mut stdout) = tokio::io::duplex(1 << 20);
            let mut transport = Lines::new(stdin, client_out).with_max_line(max_line);
            // Written in chunks of the generated sizes, then closed.
            let mut rest = &stream[..];
            let mut sizes = cuts.iter().cycle();
            while !rest.is_empty() {
                let size = (*sizes.next().unwrap_or(&64)).min(rest.len());
                let (chunk, tail) = rest.split_at(size);
                client_in.write_all(chunk).await.expect("written");
                rest = tail;
            }
            drop(client_in);
            let mut messages = 0;
            while Transport::<rmcp::RoleServer>::receive(&mut transport)
                .await
                .is_some()
            {
                messages += 1;
            }
            Transport::<rmcp::RoleServer>::close(&mut transport)
                .await
                .expect("closed");
            drop(transport);
            let mut written = Vec::new();
            stdout.read_to_end(&mut written).await.expect("read");
            (messages, written)
        });
        ensure!(
            messages == expected_messages,
            "{messages} messages read, {expected_messages} expected"
        );
        let answers: Vec<&[u8]> = answers
            .split(|&b| b == b'\n')
            .filter(|l| !l.is_empty())
            .collect();
        ensure!(
            answers.len() == expected_answers,
            "{} answers, {expected_answers} expected",
            answers.len()
        );
        for answer in answers {
            let answer: Value =
                serde_json::from_slice(answer).map_err(|e| TestCaseError::fail(e.to_string()))?;
            ensure!(
                answer["jsonrpc"] == "2.0" && answer["error"]["code"].is_i64(),
                "{answer}"
            );
        }
        Ok(Verdict::Accepted)
    });
}
