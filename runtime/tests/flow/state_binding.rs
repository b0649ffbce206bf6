//! The binding of a requestState to its call: state issued for another tool or other arguments
//! starts the questions again; the same arguments written differently do not.

use crate::common::{Issue, accept, flow, issue_call, object, once, only_key, pair, retry};
use serde_json::{Value, json};
use wizard::state::{CallDigest, Caller, canonical_json};
use wizard::testkit::Path;

fn digest(tool: &str, raw_arguments: &str) -> CallDigest {
    let arguments: Value = serde_json::from_str(raw_arguments).expect("test JSON parses");
    CallDigest::of(&Caller::ANYONE, tool, arguments.as_object())
}

#[test]
fn the_digest_table() {
    let same = |a: &str, b: &str| digest("t", a) == digest("t", b);
    assert!(
        same(
            r#"{"a":1,"b":[1,2]}"#,
            r#"{ "b" : [1, 2],
        "a" : 1 }"#
        ),
        "reordered keys and whitespace"
    );
    assert!(same(r#"{"n":1}"#, r#"{"n":1.0}"#), "1 = 1.0");
    assert!(same(r#"{"n":1}"#, r#"{"n":1e0}"#), "1 = 1e0");
    assert!(
        !same(r#"{"n":9007199254740992}"#, r#"{"n":9007199254740993}"#),
        "2^53 ≠ 2^53 + 1"
    );
    assert!(
        !same(r#"{"n":"1"}"#, r#"{"n":1}"#),
        "a string is not a number"
    );
    assert!(!same(r#"{"n":1}"#, r#"{"n":2}"#), "other arguments");
    assert!(
        !same(r#"{"n":{"a":1}}"#, r#"{"n":{"a":[1]}}"#),
        "nested values count"
    );
    assert_ne!(digest("t", "{}"), digest("u", "{}"), "other tool");
    assert_eq!(
        canonical_json(&json!({"z": [true, null, -1.5, "é\n"], "a": {"y": 0, "x": 1e2}})),
        r#"{"a":{"x":100,"y":0},"z":[true,null,-1.5,"é\n"]}"#
    );
}

/// Round 1 with `first` arguments, then the answer to `title` sent with `second`
/// arguments under `tool`: the key the server asks next.
async fn next_key(first: Value, tool: &str, second: Value) -> String {
    let pair = pair::<Issue>(flow(), Path::Mrtr, crate::common::form()).await;
    let request = issue_call(first);
    let round1 = once(&pair, request.clone()).await.expect("round 1 asks");
    let mut replay = retry(
        &request,
        round1.request_state,
        "title",
        accept(json!({"title": "T"})),
    );
    replay.name = tool.to_owned().into();
    replay.arguments = Some(object(second));
    let key = only_key(
        &once(&pair, replay)
            .await
            .expect("never an error: asked again or continued"),
    );
    pair.close().await;
    key
}

const TOOL: &str = "demo_issue_create";

#[tokio::test]
async fn the_same_call_continues() {
    let args = json!({"project_id": "42", "n": 1});
    assert_eq!(next_key(args.clone(), TOOL, args).await, "description");
}

#[tokio::test]
async fn another_tool_asks_again() {
    let args = json!({"project_id": "42"});
    assert_eq!(next_key(args.clone(), "another_tool", args).await, "title");
}

#[tokio::test]
async fn other_arguments_ask_again() {
    let key = next_key(
        json!({"project_id": "42"}),
        TOOL,
        json!({"project_id": "43"}),
    )
    .await;
    assert_eq!(key, "title");
}

#[tokio::test]
async fn one_and_one_point_zero_are_the_same_call() {
    let key = next_key(
        json!({"project_id": "42", "n": 1}),
        TOOL,
        json!({"project_id": "42", "n": 1.0}),
    )
    .await;
    assert_eq!(key, "description");
}

#[tokio::test]
async fn integers_past_two_to_the_53_stay_exact() {
    let key = next_key(
        json!({"project_id": "42", "n": 9_007_199_254_740_992_u64}),
        TOOL,
        json!({"project_id": "42", "n": 9_007_199_254_740_993_u64}),
    )
    .await;
    assert_eq!(key, "title");
}

#[tokio::test]
async fn a_string_is_not_the_number_it_spells() {
    let key = next_key(
        json!({"project_id": "42", "n": "1"}),
        TOOL,
        json!({"project_id": "42", "n": 1}),
    )
    .await;
    assert_eq!(key, "title");
}
