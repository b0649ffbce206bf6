//! The sandbox's notes and discussions on issues and merge requests, through the real
//! client: the seeded threads, comments, replies, resolving, and diff threads (`DiffNote`)
//! with GitLab's position checks.

use crate::gitlab::{ApiRequest, GitLab, GitLabError};
use crate::tests::common::{call, issue, merge_request, message, pluck, setup, with_query};
use reqwest::Method;
use serde_json::{Value, json};

async fn get(gitlab: &GitLab, request: ApiRequest) -> Value {
    call(gitlab, request).await.unwrap()
}

/// `POST` `body` to `request`.
async fn post(gitlab: &GitLab, request: ApiRequest, body: Value) -> Result<Value, GitLabError> {
    call(gitlab, request.json(body)).await
}

const NO_LINE: &str =
    r#"400 Bad request - Note {:line_code=>["can't be blank", "must be a valid line code"]}"#;

#[tokio::test]
async fn the_seeded_notes_are_listed_newest_first() {
    let (_sandbox, gitlab) = setup().await;
    let notes = get(&gitlab, merge_request(Method::GET, 1).segment("notes")).await;
    assert_eq!(pluck(&notes, "id"), json!([5, 4, 3]));
    assert_eq!(pluck(&notes, "type"), json!([null, "DiffNote", "DiffNote"]));
    let review = &notes[2];
    assert_eq!(review["author"]["username"], "bob");
    assert_eq!(
        (
            review["noteable_type"].clone(),
            review["noteable_iid"].clone(),
            review["noteable_id"].clone()
        ),
        (json!("MergeRequest"), json!(1), json!(1))
    );
    assert_eq!(
        (review["resolvable"].clone(), review["resolved"].clone()),
        (json!(true), json!(false))
    );
    assert_eq!(review["position"]["new_path"], "src/tokenizer.rs");
    assert_eq!(review["commit_id"], review["position"]["head_sha"]);
    assert_eq!(
        notes[1]["position"], review["position"],
        "a reply sits on the same line"
    );
    assert_eq!(notes[0]["resolvable"], false);
    assert!(
        notes[0].get("resolved").is_none(),
        "only resolvable notes say"
    );

    let asc = with_query(
        merge_request(Method::GET, 1).segment("notes"),
        &[("sort", "asc")],
    );
    assert_eq!(pluck(&get(&gitlab, asc).await, "id"), json!([3, 4, 5]));
    let paged = with_query(
        merge_request(Method::GET, 1).segment("notes"),
        &[("per_page", "2"), ("page", "2")],
    );
    let page = gitlab.send(paged).await.unwrap();
    assert_eq!((page.total, pluck(&page.body, "id")), (Some(3), json!([3])));
    let wrong = with_query(
        merge_request(Method::GET, 1).segment("notes"),
        &[("sort", "up")],
    );
    let err = call(&gitlab, wrong).await.unwrap_err();
    assert_eq!(
        message(err),
        (400, "sort does not have a valid value".to_owned())
    );

    let notes = get(&gitlab, issue(Method::GET, 1).segment("notes")).await;
    assert_eq!(pluck(&notes, "id"), json!([2, 1]));
    assert_eq!(
        pluck(&notes, "type"),
        json!(["DiscussionNote", "DiscussionNote"])
    );
    assert_eq!(notes[0]["noteable_type"], "Issue");
    assert_eq!(notes[0]["resolvable"], false);
    let one = get(&gitlab, issue(Method::GET, 1).segment("notes").segment(1)).await;
    assert_eq!(one, notes[1]);
}

#[tokio::test]
async fn a_comment_is_created_edited_and_deleted() {
    let (_sandbox, gitlab) = setup().await;
    let notes = || issue(Method::POST, 2).segment("notes");
    let note = post(&gitlab, notes(), json!({"body": "On it."}))
        .await
        .unwrap();
    assert_eq!(note["id"], 6, "after the five seeded notes");
    assert_eq!(
        (
            note["type"].clone(),
            note["system"].clone(),
            note["body"].clone()
        ),
        (Value::Null, json!(false), json!("On it."))
    );
    assert_eq!(note["author"]["username"], "sandbox-user");
    assert_eq!(
        (note["noteable_id"].clone(), note["noteable_iid"].clone()),
        (json!(2), json!(2))
    );
    assert_eq!(
        get(&gitlab, issue(Method::GET, 2)).await["user_notes_count"],
        1
    );
    let fetched = get(&gitlab, issue(Method::GET, 2).segment("notes").segment(6)).await;
    assert_eq!(fetched, note);

    let edit = |body: Value| {
        let request = issue(Method::PUT, 2).segment("notes").segment(6);
        call(&gitlab, request.json(body))
    };
    let edited = edit(json!({"body": "Done."})).await.unwrap();
    assert_eq!(edited["body"], "Done.");
    let err = edit(json!({"body": ""})).await.unwrap_err();
    assert_eq!(message(err), (400, "body is empty".to_owned()));
    assert_eq!(edit(json!({})).await.unwrap(), edited, "nothing to change");

    let delete = issue(Method::DELETE, 2).segment("notes").segment(6);
    let response = gitlab.send(delete).await.unwrap();
    assert_eq!((response.status, response.body), (204, Value::Null));
    let err = call(&gitlab, issue(Method::GET, 2).segment("notes").segment(6))
        .await
        .unwrap_err();
    assert_eq!(message(err), (404, "404 Not found".to_owned()));
    assert_eq!(
        get(&gitlab, issue(Method::GET, 2)).await["user_notes_count"],
        0
    );

    let internal = post(
        &gitlab,
        notes(),
        json!({"body": "Between us", "internal": true}),
    )
    .await
    .unwrap();
    assert_eq!(
        (
            internal["internal"].clone(),
            internal["confidential"].clone()
        ),
        (json!(true), json!(true))
    );
    let dated = post(
        &gitlab,
        notes(),
        json!({"body": "Late", "created_at": "2026-01-09T12:00:00Z"}),
    )
    .await
    .unwrap();
    assert_eq!(dated["created_at"], "2026-01-09T12:00:00.000Z");
}

#[tokio::test]
async fn bad_notes_get_gitlabs_refusals() {
    let (_sandbox, gitlab) = setup().await;
    let cases = [
        (
            issue(Method::POST, 2).segment("notes").json(json!({})),
            400,
            "body is missing",
        ),
        (
            issue(Method::POST, 2)
                .segment("notes")
                .json(json!({"body": "  "})),
            400,
            r#"400 Bad request - Note {:note=>["can't be blank"]}"#,
        ),
        (issue(Method::GET, 9).segment("notes"), 404, "404 Not found"),
        (
            issue(Method::GET, 2).segment("notes").segment(3),
            404,
            "404 Not found",
        ),
        (
            issue(Method::GET, 2).segment("notes").segment("x"),
            400,
            "note_id is invalid",
        ),
        (
            merge_request(Method::POST, 9)
                .segment("notes")
                .json(json!({"body": "x"})),
            404,
            "404 Not found",
        ),
        (
            merge_request(Method::DELETE, 1)
                .segment("notes")
                .segment(99),
            404,
            "404 Not found",
        ),
    ];
    for (request, status, expected) in cases {
        let err = call(&gitlab, request).await.unwrap_err();
        assert_eq!(message(err), (status, expected.to_owned()));
    }

    // GitLab's system notes belong to no one: not editable, not deletable.
    call(&gitlab, merge_request(Method::POST, 1).segment("approve"))
        .await
        .unwrap();
    let edit = merge_request(Method::PUT, 1).segment("notes").segment(6);
    let err = call(&gitlab, edit.json(json!({"body": "x"})))
        .await
        .unwrap_err();
    assert_eq!(message(err), (403, "403 Forbidden".to_owned()));
    let delete = merge_request(Method::DELETE, 1).segment("notes").segment(6);
    let err = call(&gitlab, delete).await.unwrap_err();
    assert_eq!(message(err), (403, "403 Forbidden".to_owned()));
    let discussions = get(
        &gitlab,
        merge_request(Method::GET, 1).segment("discussions"),
    )
    .await;
    let system = discussions[2]["id"].as_str().unwrap().to_owned();
    let reply = merge_request(Method::POST, 1)
        .segment("discussions")
        .segment(&system)
        .segment("notes");
    let err = post(&gitlab, reply, json!({"body": "Thanks"}))
        .await
        .unwrap_err();
    assert_eq!(
        message(err),
        (
            400,
            "400 Bad request - Discussion can not be replied to.".to_owned()
        )
    );
}

#[tokio::test]
async fn discussions_list_the_threads_oldest_first() {
    let (_sandbox, gitlab) = setup().await;
    let response = gitlab
        .send(merge_request(Method::GET, 1).segment("discussions"))
        .await
        .unwrap();
    assert_eq!(response.total, Some(2));
    let discussions = response.body;
    assert_eq!(pluck(&discussions, "individual_note"), json!([false, true]));
    assert_eq!(pluck(&discussions[0]["notes"], "id"), json!([3, 4]));
    assert_eq!(pluck(&discussions[1]["notes"], "id"), json!([5]));
    let id = discussions[0]["id"].as_str().unwrap();
    assert!(id.len() == 40 && id.bytes().all(|b| b.is_ascii_hexdigit()));
    let one = get(
        &gitlab,
        merge_request(Method::GET, 1)
            .segment("discussions")
            .segment(id),
    )
    .await;
    assert_eq!(one, discussions[0]);
    // One note of the thread, by its id.
    let note = get(
        &gitlab,
        merge_request(Method::GET, 1)
            .segment("discussions")
            .segment(id)
            .segment("notes")
            .segment(4),
    )
    .await;
    assert_eq!(note, discussions[0]["notes"][1]);
    let err = call(
        &gitlab,
        merge_request(Method::GET, 1)
            .segment("discussions")
            .segment("nope"),
    )
    .await
    .unwrap_err();
    assert_eq!(message(err), (404, "404 Discussion Not Found".to_owned()));

    let issue_threads = get(&gitlab, issue(Method::GET, 1).segment("discussions")).await;
    assert_eq!(pluck(&issue_threads[0]["notes"], "id"), json!([1, 2]));
    assert_eq!(
        get(&gitlab, issue(Method::GET, 2).segment("discussions")).await,
        json!([])
    );
}

#[tokio::test]
async fn threads_are_started_and_replied_to() {
    let (_sandbox, gitlab) = setup().await;
    let start = merge_request(Method::POST, 1).segment("discussions");
    let thread = post(
        &gitlab,
        start,
        json!({"body": "Should we test the empty string?"}),
    )
    .await
    .unwrap();
    assert_eq!(thread["individual_note"], false);
    let first = &thread["notes"][0];
    assert_eq!(
        (
            first["type"].clone(),
            first["resolvable"].clone(),
            first["resolved"].clone()
        ),
        (json!("DiscussionNote"), json!(true), json!(false))
    );
    let id = thread["id"].as_str().unwrap().to_owned();
    let reply = merge_request(Method::POST, 1)
        .segment("discussions")
        .segment(&id)
        .segment("notes");
    let note = post(&gitlab, reply, json!({"body": "Good idea"}))
        .await
        .unwrap();
    assert_eq!(
        (note["type"].clone(), note["resolvable"].clone()),
        (json!("DiscussionNote"), json!(true))
    );
    let mr = get(&gitlab, merge_request(Method::GET, 1)).await;
    assert_eq!(mr["user_notes_count"], 5);
    assert_eq!(mr["blocking_discussions_resolved"], false);

    // A reply to a lone comment makes it a thread.
    let lone = get(
        &gitlab,
        merge_request(Method::GET, 1).segment("discussions"),
    )
    .await[1]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let reply = merge_request(Method::POST, 1)
        .segment("discussions")
        .segment(&lone)
        .segment("notes");
    post(&gitlab, reply, json!({"body": "It is green now"}))
        .await
        .unwrap();
    let converted = get(
        &gitlab,
        merge_request(Method::GET, 1)
            .segment("discussions")
            .segment(&lone),
    )
    .await;
    assert_eq!(converted["individual_note"], false);
    assert_eq!(
        pluck(&converted["notes"], "type"),
        json!(["DiscussionNote", "DiscussionNote"])
    );
    assert_eq!(
        pluck(&converted["notes"], "resolvable"),
        json!([true, true])
    );

    // On issues threads are not resolvable, and a position is not theirs to take.
    let start = issue(Method::POST, 2).segment("discussions");
    let thread = post(
        &gitlab,
        start,
        json!({"body": "Which section?", "position": {"base_sha": "x"}}),
    )
    .await
    .unwrap();
    let first = &thread["notes"][0];
    assert_eq!(
        (
            first["type"].clone(),
            first["resolvable"].clone(),
            first["noteable_type"].clone()
        ),
        (json!("DiscussionNote"), json!(false), json!("Issue"))
    );
    let id = thread["id"].as_str().unwrap();
    let reply = issue(Method::POST, 2)
        .segment("discussions")
        .segment(id)
        .segment("notes");
    let note = post(&gitlab, reply, json!({"body": "The last one"}))
        .await
        .unwrap();
    assert_eq!(note["type"], "DiscussionNote");
    let err = post(
        &gitlab,
        issue(Method::POST, 2).segment("discussions"),
        json!({}),
    )
    .await
    .unwrap_err();
    assert_eq!(message(err), (400, "body is missing".to_owned()));
    let unknown = issue(Method::POST, 2)
        .segment("discussions")
        .segment("nope")
        .segment("notes");
    let err = post(&gitlab, unknown, json!({"body": "x"}))
        .await
        .unwrap_err();
    assert_eq!(message(err), (404, "404 Discussion Not Found".to_owned()));
}

#[tokio::test]
async fn the_review_thread_is_resolved_and_reopened() {
    let (_sandbox, gitlab) = setup().await;
    let discussions = get(
        &gitlab,
        merge_request(Method::GET, 1).segment("discussions"),
    )
    .await;
    let thread = discussions[0]["id"].as_str().unwrap().to_owned();
    let lone = discussions[1]["id"].as_str().unwrap().to_owned();
    let resolve = |id: &str, body: Value| {
        let request = merge_request(Method::PUT, 1)
            .segment("discussions")
            .segment(id);
        call(&gitlab, request.json(body))
    };

    let resolved = resolve(&thread, json!({"resolved": true})).await.unwrap();
    assert_eq!(pluck(&resolved["notes"], "resolved"), json!([true, true]));
    assert_eq!(
        resolved["notes"][0]["resolved_by"]["username"],
        "sandbox-user"
    );
    assert!(resolved["notes"][1]["resolved_at"].is_string());
    let mr = get(&gitlab, merge_request(Method::GET, 1)).await;
    assert_eq!(mr["blocking_discussions_resolved"], true);

    let reopened = resolve(&thread, json!({"resolved": false})).await.unwrap();
    assert_eq!(pluck(&reopened["notes"], "resolved"), json!([false, false]));
    assert_eq!(reopened["notes"][0]["resolved_by"], Value::Null);
    let err = resolve(&thread, json!({})).await.unwrap_err();
    assert_eq!(message(err), (400, "resolved is missing".to_owned()));
    let err = resolve(&thread, json!({"resolved": "perhaps"}))
        .await
        .unwrap_err();
    assert_eq!(message(err), (400, "resolved is invalid".to_owned()));
    let err = resolve(&lone, json!({"resolved": true})).await.unwrap_err();
    assert_eq!(
        message(err),
        (403, "403 Forbidden".to_owned()),
        "a lone comment"
    );
    let err = resolve("nope", json!({"resolved": true}))
        .await
        .unwrap_err();
    assert_eq!(message(err), (404, "404 Discussion Not Found".to_owned()));

    // One note at a time, through the thread's note route.
    let note = |id: u64, body: Value| {
        let request = merge_request(Method::PUT, 1)
            .segment("discussions")
            .segment(&thread)
            .segment("notes")
            .segment(id);
        call(&gitlab, request.json(body))
    };
    let one = note(3, json!({"resolved": true})).await.unwrap();
    assert_eq!(one["resolved"], true);
    let edited = note(4, json!({"body": "Expanded the comment."}))
        .await
        .unwrap();
    assert_eq!(edited["body"], "Expanded the comment.");
    let err = note(4, json!({})).await.unwrap_err();
    assert_eq!(
        message(err),
        (
            400,
            "body, resolved are missing, exactly one parameter must be provided".to_owned()
        )
    );
    let err = note(4, json!({"body": "x", "resolved": true}))
        .await
        .unwrap_err();
    assert_eq!(
        message(err),
        (400, "body, resolved are mutually exclusive".to_owned())
    );
    let err = note(5, json!({"resolved": true})).await.unwrap_err();
    assert_eq!(
        message(err),
        (400, "400 Bad request - Note is not resolvable".to_owned())
    );
}

/// A new diff thread on !1 with `position` fields over the review's.
async fn diff_thread(gitlab: &GitLab, changes: Value) -> Result<Value, GitLabError> {
    let mr = get(gitlab, merge_request(Method::GET, 1)).await;
    let refs = &mr["diff_refs"];
    let mut position = json!({
        "base_sha": refs["base_sha"], "start_sha": refs["start_sha"], "head_sha": refs["head_sha"],
        "position_type": "text", "old_path": "src/tokenizer.rs", "new_path": "src/tokenizer.rs",
    });
    for (key, value) in changes.as_object().unwrap() {
        if value.is_null() {
            position.as_object_mut().unwrap().remove(key);
        } else {
            position[key] = value.clone();
        }
    }
    let request = merge_request(Method::POST, 1).segment("discussions");
    post(
        gitlab,
        request,
        json!({"body": "Look here", "position": position}),
    )
    .await
}

#[tokio::test]
async fn diff_threads_start_on_a_line_of_the_diff() {
    let (_sandbox, gitlab) = setup().await;
    let seeded = get(
        &gitlab,
        merge_request(Method::GET, 1).segment("notes").segment(3),
    )
    .await;
    let fixed = seeded["position"]["new_line"].as_u64().unwrap();

    let thread = diff_thread(&gitlab, json!({"new_line": fixed}))
        .await
        .unwrap();
    let note = &thread["notes"][0];
    assert_eq!(
        (note["type"].clone(), note["resolvable"].clone()),
        (json!("DiffNote"), json!(true))
    );
    assert_eq!(note["position"], seeded["position"]);
    assert_eq!(note["commit_id"], seeded["commit_id"]);
    let removed = diff_thread(&gitlab, json!({"old_line": fixed}))
        .await
        .unwrap();
    assert_eq!(removed["notes"][0]["position"]["old_line"], fixed);
    assert_eq!(removed["notes"][0]["position"]["new_line"], Value::Null);
    let unchanged = diff_thread(&gitlab, json!({"old_line": 1, "new_line": 1})).await;
    assert_eq!(
        unchanged.unwrap()["notes"][0]["position"]["new_line"],
        1,
        "outside the hunk"
    );
    let only_new = diff_thread(&gitlab, json!({"new_line": fixed, "old_path": null})).await;
    assert_eq!(
        only_new.unwrap()["notes"][0]["position"]["old_path"],
        "src/tokenizer.rs"
    );
    let file = diff_thread(&gitlab, json!({"position_type": "file"}))
        .await
        .unwrap();
    assert_eq!(file["notes"][0]["position"]["position_type"], "file");

    // Form-style `position[…]` fields are read the same way.
    let mr = get(&gitlab, merge_request(Method::GET, 1)).await;
    let refs = &mr["diff_refs"];
    let sha = |key: &str| refs[key].as_str().unwrap().to_owned();
    let line = fixed.to_string();
    let fields = [
        ("body", "Form style"),
        ("position[base_sha]", &sha("base_sha")),
        ("position[start_sha]", &sha("start_sha")),
        ("position[head_sha]", &sha("head_sha")),
        ("position[position_type]", "text"),
        ("position[new_path]", "src/tokenizer.rs"),
        ("position[new_line]", &line),
    ];
    let request = with_query(
        merge_request(Method::POST, 1).segment("discussions"),
        &fields,
    );
    let form = call(&gitlab, request).await.unwrap();
    assert_eq!(form["notes"][0]["position"]["new_line"], fixed);
    assert_eq!(
        get(&gitlab, merge_request(Method::GET, 1)).await["user_notes_count"],
        9
    );
}

#[tokio::test]
async fn diff_positions_off_the_diff_are_refused_like_gitlab() {
    let (_sandbox, gitlab) = setup().await;
    let seeded = get(
        &gitlab,
        merge_request(Method::GET, 1).segment("notes").segment(3),
    )
    .await;
    let fixed = seeded["position"]["new_line"].as_u64().unwrap();
    let zeros = "0".repeat(40);
    let cases = [
        (json!({"new_line": 9999}), NO_LINE),
        (json!({"new_line": 1}), NO_LINE),
        (
            json!({"new_line": 1, "old_path": "README.md", "new_path": "README.md"}),
            NO_LINE,
        ),
        (json!({"new_line": fixed, "head_sha": zeros}), NO_LINE),
        (json!({"new_line": fixed, "base_sha": zeros}), NO_LINE),
        (
            json!({"start_sha": null, "head_sha": null}),
            "position[start_sha] is missing, position[head_sha] is missing",
        ),
        (
            json!({"position_type": "line"}),
            "position[position_type] does not have a valid value",
        ),
        (json!({"new_line": "ten"}), "position[new_line] is invalid"),
    ];
    for (changes, expected) in cases {
        let err = diff_thread(&gitlab, changes.clone()).await.unwrap_err();
        assert_eq!(message(err), (400, expected.to_owned()), "{changes}");
    }
    let request = merge_request(Method::POST, 1).segment("discussions");
    let err = post(&gitlab, request, json!({"body": "x", "position": "here"}))
        .await
        .unwrap_err();
    assert_eq!(message(err), (400, "position is invalid".to_owned()));
    let mr = get(&gitlab, merge_request(Method::GET, 1)).await;
    assert_eq!(mr["user_notes_count"], 3, "nothing was added");
}
