//! A merge request's draft notes through the real client, with GitLab's fields: a draft
//! replies to a thread or sits on a line of the diff, and publishing one on a line starts a
//! diff thread.

use crate::gitlab::{ApiRequest, GitLab};
use crate::tests::common::{call, merge_request, message, refusal, setup};
use reqwest::Method;
use serde_json::{Value, json};

async fn get(gitlab: &GitLab, request: ApiRequest) -> Value {
    call(gitlab, request).await.unwrap()
}

fn drafts(method: Method) -> ApiRequest {
    merge_request(method, 1).segment("draft_notes")
}

/// The position of bob's seeded review comment on `src/tokenizer.rs`.
async fn seeded_position(gitlab: &GitLab) -> Value {
    let discussions = get(gitlab, merge_request(Method::GET, 1).segment("discussions")).await;
    discussions[0]["notes"][0]["position"].clone()
}

#[tokio::test]
async fn a_draft_answers_gitlabs_fields() {
    let (_sandbox, gitlab) = setup().await;
    let discussions = get(
        &gitlab,
        merge_request(Method::GET, 1).segment("discussions"),
    )
    .await;
    let thread = discussions[0]["id"].clone();
    let body =
        json!({"note": "Agreed.", "in_reply_to_discussion_id": thread, "resolve_discussion": true});
    let draft = get(&gitlab, drafts(Method::POST).json(body)).await;
    let mut fields: Vec<&str> = draft
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    fields.sort_unstable();
    assert_eq!(
        fields,
        [
            "author_id",
            "commit_id",
            "discussion_id",
            "id",
            "line_code",
            "merge_request_id",
            "note",
            "position",
            "resolve_discussion"
        ]
    );
    assert_eq!(draft["discussion_id"], thread);
    assert_eq!(draft["merge_request_id"], 1);
    assert_eq!(draft["resolve_discussion"], true);
    assert_eq!(
        (draft["position"].clone(), draft["line_code"].clone()),
        (Value::Null, Value::Null)
    );

    let unknown = json!({"note": "Hm.", "in_reply_to_discussion_id": "0".repeat(40)});
    let err = call(&gitlab, drafts(Method::POST).json(unknown))
        .await
        .unwrap_err();
    assert_eq!(
        refusal(err),
        (
            400,
            json!({"message": {"base": ["Thread to reply to cannot be found"]}})
        )
    );
    let update = |body: Value| drafts(Method::PUT).segment(draft["id"].clone()).json(body);
    let err = call(&gitlab, update(json!({"resolve_discussion": false})))
        .await
        .unwrap_err();
    assert_eq!(
        refusal(err),
        (
            400,
            json!({"message": "400 Bad request - Missing params to modify"})
        )
    );
    let err = call(&gitlab, update(json!({"note": ""})))
        .await
        .unwrap_err();
    assert_eq!(message(err), (400, "note is empty".to_owned()));
    let err = call(&gitlab, drafts(Method::GET).segment(999))
        .await
        .unwrap_err();
    assert_eq!(message(err), (404, "404 Not found".to_owned()));
}

#[tokio::test]
async fn a_draft_on_a_diff_line_is_checked_and_published_as_a_diff_thread() {
    let (_sandbox, gitlab) = setup().await;
    let position = seeded_position(&gitlab).await;
    let mut off_the_diff = position.clone();
    off_the_diff["new_line"] = json!(9999);
    off_the_diff["old_line"] = Value::Null;
    let err = call(
        &gitlab,
        drafts(Method::POST).json(json!({"note": "Here?", "position": off_the_diff})),
    )
    .await
    .unwrap_err();
    assert_eq!(
        refusal(err),
        (400, json!({"message": {"line_code": ["can't be blank"]}}))
    );
    let mut untyped = position.clone();
    untyped.as_object_mut().unwrap().remove("position_type");
    let err = call(
        &gitlab,
        drafts(Method::POST).json(json!({"note": "Here?", "position": untyped})),
    )
    .await
    .unwrap_err();
    assert_eq!(
        message(err),
        (400, "position[position_type] is missing".to_owned())
    );

    let draft = get(
        &gitlab,
        drafts(Method::POST).json(json!({"note": "Why minus one?", "position": position})),
    )
    .await;
    assert_eq!(draft["position"]["new_path"], position["new_path"]);
    assert_eq!(draft["position"]["position_type"], "text");
    let line_code = draft["line_code"].as_str().expect("a line code");
    let (path_hash, lines) = line_code.split_once('_').unwrap();
    assert_eq!(path_hash.len(), 40, "{line_code}");
    assert!(
        lines.split('_').all(|n| n.parse::<u32>().is_ok()),
        "{line_code}"
    );

    let published = merge_request(Method::PUT, 1)
        .segment("draft_notes")
        .segment(draft["id"].clone())
        .segment("publish");
    call(&gitlab, published).await.unwrap();
    let discussions = get(
        &gitlab,
        merge_request(Method::GET, 1).segment("discussions"),
    )
    .await;
    let thread = discussions.as_array().unwrap().last().unwrap();
    let note = &thread["notes"][0];
    assert_eq!(note["body"], "Why minus one?");
    assert_eq!(note["type"], "DiffNote");
    assert_eq!(note["position"], position);
    assert_eq!(thread["individual_note"], false);
    assert_eq!(note["resolvable"], true);
}
