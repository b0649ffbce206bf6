//! The primitives on both paths, with stable exchange ids on MRTR.

use crate::common::prims::Prims;
use crate::common::{flow, object, text};
use rmcp::model::{
    CallToolRequestParams, CallToolResult, ClientCapabilities, ElicitationCapability,
    FormElicitationCapability, UrlElicitationCapability,
};
use serde_json::{Value, json};
use url::Url;
use wizard::testkit::{Asked, Path, Reply, ScriptedClient, accept, cancel, connect, decline};
use wizard::{Flow, Serve};

const PATHS: [Path; 2] = [Path::Sync, Path::Mrtr];

/// Calls `tool` with `arguments` on `path`, answering from `replies`.
async fn call(
    path: Path,
    flow: Flow,
    caps: ClientCapabilities,
    tool: &str,
    arguments: Value,
    replies: Vec<Reply>,
) -> (CallToolResult, Vec<Asked>) {
    let client = ScriptedClient::new(caps, replies);
    let pair = connect(Serve::new(Prims::new(flow)), path, client.clone()).await;
    let mut request = CallToolRequestParams::new(tool.to_owned());
    request.arguments = Some(object(arguments));
    let result = pair.client.call_tool(request).await.expect("the call ends");
    pair.close().await;
    (result, client.asked())
}

/// Calls the `everything` tool (every primitive in turn) on `path`.
async fn everything(
    path: Path,
    caps: ClientCapabilities,
    replies: Vec<Reply>,
) -> (CallToolResult, Vec<Asked>) {
    call(path, flow(), caps, "everything", json!({}), replies).await
}

fn good_answers() -> Vec<Reply> {
    vec![
        accept(json!({"confirmed": true})),
        accept(json!({"name": "Ada"})),
        accept(json!({"count": 3})),
        accept(json!({"selection": "green"})),
        accept(json!({"selection": 16})),
        accept(json!({"selections": ["a", "c"]})),
        accept(json!({"email": "ada@example.com", "plan": "team", "age": 36})),
    ]
}

#[tokio::test]
async fn every_primitive_answers_the_same_on_both_paths() {
    let mut seen = Vec::new();
    for path in PATHS {
        let (result, asked) = everything(path, crate::common::form(), good_answers()).await;
        assert_eq!(result.is_error, Some(false), "{path:?}: {}", text(&result));
        let value: Value = serde_json::from_str(&text(&result)).expect("JSON");
        assert_eq!(
            value,
            json!({"ok": true, "name": "Ada", "count": 3.0, "color": "green", "size": 16, "tags": ["a", "c"],
                   "form": {"email": "ada@example.com", "plan": "team", "age": 36}})
        );
        seen.push(asked);
    }
    let ids: Vec<&str> = seen[1].iter().map(|a| a.key.as_str()).collect();
    assert_eq!(
        ids,
        ["ok", "name", "n", "color", "size", "tags", "form"],
        "stable exchange ids on MRTR"
    );
    let strip = |asked: &[Asked]| {
        asked
            .iter()
            .map(|a| (a.message.clone(), a.schema.clone()))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        strip(&seen[0]),
        strip(&seen[1]),
        "the same questions on both paths"
    );
    assert_eq!(
        seen[0][4].schema,
        json!({"type": "object", "required": ["selection"], "properties": {"selection": {
            "type": "string", "title": "Size", "description": "Size?", "enum": ["8", "16", "32"]}}})
    );
}

#[tokio::test]
async fn malformed_answers_are_errors_and_never_used() {
    let cases = [
        (2, json!({"count": 11}), "Malformed"),
        (2, json!({"count": "3"}), "Malformed"),
        (3, json!({"selection": "blue"}), "Malformed"),
        (4, json!({"selection": "12"}), "Malformed"),
        (5, json!({"selections": ["a", "b", "c"]}), "Malformed"),
        (5, json!({"selections": []}), "Malformed"),
        (
            6,
            json!({"email": "ada@example.com", "plan": "gold"}),
            "Malformed",
        ),
        (6, json!({"plan": "team"}), "Malformed"),
    ];
    for path in PATHS {
        for (at, bad, expected) in &cases {
            let mut replies = good_answers();
            replies[*at] = accept(bad.clone());
            let (result, _) = everything(path, crate::common::form(), replies).await;
            assert_eq!(result.is_error, Some(true));
            assert!(
                text(&result).starts_with(expected),
                "{path:?} {bad}: {}",
                text(&result)
            );
        }
    }
}

#[tokio::test]
async fn decline_and_cancel_are_reported_as_such() {
    for path in PATHS {
        let (result, _) = everything(path, crate::common::form(), vec![decline()]).await;
        assert!(text(&result).starts_with("Declined"), "{}", text(&result));
        let replies = vec![accept(json!({"confirmed": false})), cancel()];
        let (result, asked) = everything(path, crate::common::form(), replies).await;
        assert!(text(&result).starts_with("Cancelled"), "{}", text(&result));
        assert_eq!(asked.len(), 2);
    }
}

#[tokio::test]
async fn questions_that_cannot_be_asked_are_refused_before_anything_is_sent() {
    for path in PATHS {
        for tool in ["no_options", "nested_form"] {
            let (result, asked) =
                call(path, flow(), crate::common::form(), tool, json!({}), vec![]).await;
            assert!(
                text(&result).starts_with("Invalid"),
                "{tool}: {}",
                text(&result)
            );
            assert!(asked.is_empty(), "{tool}");
        }
    }
}

#[tokio::test]
async fn without_elicitation_nothing_is_asked() {
    for path in PATHS {
        let (result, asked) = everything(path, ClientCapabilities::default(), vec![]).await;
        assert!(
            text(&result).starts_with("NotSupported"),
            "{}",
            text(&result)
        );
        assert!(asked.is_empty());
    }
}

fn url_client() -> ClientCapabilities {
    ClientCapabilities::builder()
        .enable_elicitation_with(
            ElicitationCapability::new()
                .with_form(FormElicitationCapability::default())
                .with_url(UrlElicitationCapability::default()),
        )
        .build()
}

fn instance() -> Flow {
    flow().with_url_base(Url::parse("https://gitlab.example.com/gitlab/").expect("a URL"))
}

#[tokio::test]
async fn url_mode_opens_only_pages_of_the_instance_for_clients_that_declared_it() {
    for path in PATHS {
        let page =
            json!({"url": "https://gitlab.example.com/gitlab/-/profile/personal_access_tokens"});
        let (result, asked) = call(
            path,
            instance(),
            url_client(),
            "open",
            page.clone(),
            vec![accept(json!({}))],
        )
        .await;
        assert_eq!(text(&result), "\"opened\"", "{path:?}");
        assert_eq!(asked[0].schema, json!({"url": page["url"]}));

        let (result, _) = call(
            path,
            instance(),
            url_client(),
            "open",
            page.clone(),
            vec![decline()],
        )
        .await;
        assert!(text(&result).starts_with("Declined"));

        let elsewhere = json!({"url": "https://evil.example.com/gitlab/-/profile"});
        let (result, asked) = call(path, instance(), url_client(), "open", elsewhere, vec![]).await;
        assert!(text(&result).starts_with("Invalid"), "{}", text(&result));
        assert!(asked.is_empty());

        let (result, asked) = call(
            path,
            instance(),
            crate::common::form(),
            "open",
            page.clone(),
            vec![],
        )
        .await;
        assert!(
            text(&result).starts_with("UrlNotSupported"),
            "{}",
            text(&result)
        );
        assert!(asked.is_empty());

        let (result, _) = call(path, flow(), url_client(), "open", page, vec![]).await;
        assert!(
            text(&result).starts_with("Invalid: the question cannot be asked: no base URL"),
            "{}",
            text(&result)
        );
    }
}
