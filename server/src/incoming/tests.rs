use rmcp::model::{ClientRequest, ErrorCode, NumberOrString};
use serde_json::json;

use super::*;

fn refused(bytes: &[u8]) -> Refusal {
    match read(bytes) {
        Incoming::Refused(refusal) => refusal,
        Incoming::Message(message) => panic!(
            "{:?} was accepted: {message:?}",
            String::from_utf8_lossy(bytes)
        ),
    }
}

fn accepted(bytes: &[u8]) -> ClientJsonRpcMessage {
    match read(bytes) {
        Incoming::Message(message) => *message,
        Incoming::Refused(refusal) => panic!(
            "{:?} was refused: {refusal:?}",
            String::from_utf8_lossy(bytes)
        ),
    }
}

#[test]
fn what_is_not_json_or_not_utf8_is_a_parse_error_with_a_null_id() {
    for line in [
        &b"hello"[..],
        b"{\"jsonrpc\":\"2.0\",\"id\":1,",
        b"\xff\xfe{}",
        b"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"x\":1e400}}",
        b"",
        b"  \t",
        b"{} trailing",
    ] {
        let refusal = refused(line);
        assert_eq!(refusal.code, ErrorCode::PARSE_ERROR, "{line:?}");
        assert_eq!(refusal.id, None, "{line:?}");
        assert!(refusal.answerable);
        let response = serde_json::to_value(refusal.response()).unwrap();
        assert_eq!(response["id"], Value::Null);
        assert_eq!(response["error"]["code"], -32700);
    }
    assert!(refused(b"\xff").message.contains("not UTF-8"));
    let out_of_range = refused(br#"{"jsonrpc":"2.0","id":3,"method":"ping","x":1e400}"#);
    assert!(
        out_of_range.message.contains("number out of range"),
        "{}",
        out_of_range.message
    );
}

#[test]
fn json_that_is_not_one_message_is_an_invalid_request() {
    for (line, id) in [
        (&br#"[{"jsonrpc":"2.0","id":1,"method":"ping"}]"#[..], None),
        (b"[]", None),
        (b"42", None),
        (b"\"ping\"", None),
        (br#"{"jsonrpc":"2.0","id":null,"method":"ping"}"#, None),
        (br#"{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}"#, None),
        (br#"{"jsonrpc":"2.0","id":1.5,"method":"ping"}"#, None),
        (br#"{"jsonrpc":"1.0","id":7,"method":"ping"}"#, Some(7)),
        (br#"{"id":7,"method":"ping"}"#, Some(7)),
        (br#"{"jsonrpc":"2.0","id":7,"method":42}"#, Some(7)),
        (br#"{"jsonrpc":"2.0","id":7}"#, Some(7)),
        (
            br#"{"jsonrpc":"2.0","id":7,"result":{},"error":{}}"#,
            Some(7),
        ),
        (br#"{"jsonrpc":"2.0"}"#, None),
    ] {
        let refusal = refused(line);
        assert_eq!(
            refusal.code,
            ErrorCode::INVALID_REQUEST,
            "{}",
            String::from_utf8_lossy(line)
        );
        assert_eq!(
            refusal.id,
            id.map(NumberOrString::Number),
            "{}",
            String::from_utf8_lossy(line)
        );
        assert!(refusal.answerable);
    }
    assert!(refused(b"[]").message.contains("batches"));
}

#[test]
fn a_standard_method_with_ill_typed_params_is_invalid_params_naming_the_field() {
    let refusal =
        refused(br#"{"jsonrpc":"2.0","id":"call-1","method":"tools/call","params":{"name":7}}"#);
    assert_eq!(refusal.code, ErrorCode::INVALID_PARAMS);
    assert_eq!(refusal.id, Some(NumberOrString::String("call-1".into())));
    assert!(
        refusal
            .message
            .starts_with("Invalid params for `tools/call`: "),
        "{}",
        refusal.message
    );
    assert_eq!(
        refusal.message,
        "Invalid params for `tools/call`: `name`: invalid type: integer `7`, expected a string"
    );
    for line in [
        &br#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"x","arguments":[1]}}"#
            [..],
        br#"{"jsonrpc":"2.0","id":2,"method":"tools/call"}"#,
        br#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":[1]}"#,
        br#"{"jsonrpc":"2.0","id":2,"method":"initialize","params":{"protocolVersion":1}}"#,
        br#"{"jsonrpc":"2.0","id":2,"method":"resources/read","params":{"uri":false}}"#,
        br#"{"jsonrpc":"2.0","id":2,"method":"tools/list","params":"all"}"#,
    ] {
        let refusal = refused(line);
        assert_eq!(
            (refusal.code, refusal.id.clone()),
            (ErrorCode::INVALID_PARAMS, Some(NumberOrString::Number(2))),
            "{}: {}",
            String::from_utf8_lossy(line),
            refusal.message
        );
    }
}

#[test]
fn well_formed_messages_pass_whatever_their_method() {
    let call = accepted(
        br#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","arguments":{"a":1}}}"#,
    );
    assert!(matches!(
        call,
        ClientJsonRpcMessage::Request(ref r) if matches!(r.request, ClientRequest::CallToolRequest(_))
    ));
    // A custom method is rmcp's to answer (-32601).
    let custom = accepted(br#"{"jsonrpc":"2.0","id":1,"method":"x/y","params":{"a":1}}"#);
    assert!(matches!(
        custom,
        ClientJsonRpcMessage::Request(ref r) if matches!(r.request, ClientRequest::CustomRequest(_))
    ));
    accepted(b"\xEF\xBB\xBF{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\r");
    accepted(br#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#);
    accepted(br#"{"jsonrpc":"2.0","id":9,"result":{"action":"accept","content":{}}}"#);
    accepted(br#"{"jsonrpc":"2.0","id":9,"error":{"code":-1,"message":"no"}}"#);
    accepted(br#"{"jsonrpc":"2.0","id":1.0,"method":"ping"}"#);
    accepted(br#"{"jsonrpc":"2.0","id":1,"method":"tools/list","params":null}"#);
}

#[test]
fn a_bad_notification_is_refused_but_never_answered() {
    let refusal = refused(br#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":7}"#);
    assert_eq!(refusal.code, ErrorCode::INVALID_PARAMS);
    assert!(!refusal.answerable);
}

/// Every method in the table is the one rmcp types: a request of each with parameters
/// its type cannot read falls back to rmcp's custom request, and the table names the
/// problem; with parameters that fit, rmcp reads its typed request.
#[test]
fn the_standard_requests_table_names_each_method_rmcp_types() {
    for (method, check) in STANDARD_REQUESTS {
        let bad = json!({"jsonrpc": "2.0", "id": 1, "method": method, "params": {"_meta": 7}});
        if method != "ping" {
            assert!(check(bad.get("params")).is_err(), "{method}");
        }
    }
    let fitting = accepted(br#"{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}"#);
    assert!(matches!(
        fitting,
        ClientJsonRpcMessage::Request(ref r) if matches!(r.request, ClientRequest::ListToolsRequest(_))
    ));
}

#[test]
fn a_tool_call_read_in_one_pass_is_the_message_the_long_way_reads() {
    let call = br#"{"jsonrpc":"2.0","id":"r-9","method":"tools/call","params":{"name":"gitlab_interactive_issue_create","arguments":{"project_id":1},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","progressToken":3},"inputResponses":{"title":{"action":"accept","content":{"title":"Tab \t and \u00e9"}}},"requestState":"c3RhdGU"}}"#;
    let fast = well_formed_tool_call(call).expect("read in one pass");
    let value: Value = serde_json::from_slice(call).unwrap();
    let long_way = ClientJsonRpcMessage::deserialize(&value).unwrap();
    assert_eq!(
        serde_json::to_value(&fast).unwrap(),
        serde_json::to_value(&long_way).unwrap()
    );
    assert_eq!(
        serde_json::to_value(accepted(&[&b"\xEF\xBB\xBF "[..], call].concat())).unwrap(),
        serde_json::to_value(&long_way).unwrap()
    );
}

#[test]
fn a_tool_call_the_checks_refuse_is_still_refused_by_them() {
    for (line, code, id) in [
        (
            &br#"{"jsonrpc":"1.0","id":7,"method":"tools/call","params":{"name":"x"}}"#[..],
            ErrorCode::INVALID_REQUEST,
            Some(7),
        ),
        (
            br#"{"jsonrpc":"2.0","id":1.5,"method":"tools/call","params":{"name":"x"}}"#,
            ErrorCode::INVALID_REQUEST,
            None,
        ),
        (
            br#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":"x"}"#,
            ErrorCode::INVALID_PARAMS,
            Some(7),
        ),
        (
            br#"[{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"x"}}]"#,
            ErrorCode::INVALID_REQUEST,
            None,
        ),
        (
            br#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"x","n":1e400}}"#,
            ErrorCode::PARSE_ERROR,
            None,
        ),
    ] {
        let refusal = refused(line);
        let shown = String::from_utf8_lossy(line);
        assert_eq!(refusal.code, code, "{shown}");
        assert_eq!(refusal.id, id.map(NumberOrString::Number), "{shown}");
    }
    // A notification named `tools/call` is not a request: the long way drops it unanswered.
    assert!(
        well_formed_tool_call(br#"{"jsonrpc":"2.0","method":"tools/call","params":{"name":"x"}}"#)
            .is_none()
    );
}
