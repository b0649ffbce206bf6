//! The sandbox's GitLab Premium review routes and Markdown uploads, through the real
//! client: approval rules and settings, merge trains, dependencies, the issues a merge
//! request names, emoji on comments, uploads as multipart files.

use crate::gitlab::{ApiRequest, FilePart, GitLab};
use crate::tests::common::{call, demo, merge_request, merge_requests, message, pluck, setup};
use reqwest::Method;
use serde_json::{Value, json};

async fn ok(gitlab: &GitLab, request: ApiRequest) -> Value {
    call(gitlab, request).await.unwrap()
}

fn project(method: Method, tail: &[&str]) -> ApiRequest {
    tail.iter()
        .fold(ApiRequest::new(method).project(&demo()), |request, part| {
            request.segment(part)
        })
}

/// `feature/x` → `main` as !2, which nothing keeps from merging.
async fn second_mr(gitlab: &GitLab) -> Value {
    let body = json!({"source_branch": "feature/x", "target_branch": "main", "title": "Add X"});
    ok(gitlab, merge_requests(Method::POST).json(body)).await
}

#[tokio::test]
async fn approval_rules_keep_their_approvers_and_refuse_a_taken_name() {
    let (_sandbox, gitlab) = setup().await;
    let body = json!({"name": "Security", "approvals_required": 1, "user_ids": "2,999"});
    let rule = ok(
        &gitlab,
        project(Method::POST, &["approval_rules"]).json(body.clone()),
    )
    .await;
    assert_eq!(rule["rule_type"], "regular");
    // An id of no user is dropped, as GitLab's service keeps only the users it finds.
    assert_eq!(pluck(&rule["users"], "id"), json!([2]));
    assert_eq!(rule["eligible_approvers"], rule["users"]);
    let again = call(
        &gitlab,
        project(Method::POST, &["approval_rules"]).json(body),
    )
    .await;
    let (status, text) = message(again.unwrap_err());
    assert_eq!(status, 400);
    assert!(text.contains("has already been taken"), "{text}");
    let id = rule["id"].to_string();
    let changed = ok(
        &gitlab,
        project(Method::PUT, &["approval_rules", &id]).json(json!({"approvals_required": 2})),
    )
    .await;
    assert_eq!(
        (
            changed["approvals_required"].clone(),
            changed["name"].clone()
        ),
        (json!(2), json!("Security"))
    );
    let missing = call(&gitlab, project(Method::GET, &["approval_rules", "999"])).await;
    assert_eq!(
        message(missing.unwrap_err()),
        (404, "404 Not found".to_owned())
    );

    // A merge request's own rule says who approved among its approvers.
    let mr_rules = merge_request(Method::POST, 1).segment("approval_rules");
    let body = json!({"name": "Docs", "approvals_required": 1, "user_ids": [2], "approval_project_rule_id": rule["id"]});
    let mr_rule = ok(&gitlab, mr_rules.json(body)).await;
    assert_eq!(
        (mr_rule["approved"].clone(), mr_rule["source_rule"].clone()),
        (json!(false), json!({"approvals_required": 2}))
    );
}

#[tokio::test]
async fn approval_settings_change_only_what_is_sent_and_need_one() {
    let (_sandbox, gitlab) = setup().await;
    let settings = ok(&gitlab, project(Method::GET, &["approvals"])).await;
    assert_eq!(settings["reset_approvals_on_push"], true);
    let none = call(
        &gitlab,
        project(Method::POST, &["approvals"]).json(json!({})),
    )
    .await;
    let (status, text) = message(none.unwrap_err());
    assert_eq!(status, 400);
    assert!(text.contains("are missing"), "{text}");
    let changed = ok(
        &gitlab,
        project(Method::POST, &["approvals"]).json(json!({"approvals_before_merge": 2})),
    )
    .await;
    assert_eq!(
        (
            changed["approvals_before_merge"].clone(),
            changed["reset_approvals_on_push"].clone()
        ),
        (json!(2), json!(true))
    );
}

#[tokio::test]
async fn a_merge_train_takes_a_mergeable_request_once() {
    let (_sandbox, gitlab) = setup().await;
    second_mr(&gitlab).await;
    let car_path = ["merge_trains", "merge_requests", "2"];
    let absent = call(&gitlab, project(Method::GET, &car_path)).await;
    assert_eq!(
        message(absent.unwrap_err()),
        (404, "404 Merge Train Merge Request Not Found".to_owned())
    );
    let wrong = call(
        &gitlab,
        project(Method::POST, &car_path).json(json!({"sha": "0000"})),
    )
    .await;
    assert_eq!(message(wrong.unwrap_err()).0, 409);
    let response = gitlab
        .send(project(Method::POST, &car_path).json(json!({})))
        .await
        .unwrap();
    assert_eq!(response.status, 201);
    assert_eq!(pluck(&response.body, "status"), json!(["idle"]));
    let again = call(&gitlab, project(Method::POST, &car_path).json(json!({}))).await;
    assert_eq!(
        message(again.unwrap_err()),
        (409, "Merge request is already set to Auto-Merge".to_owned())
    );
    let car = ok(&gitlab, project(Method::GET, &car_path)).await;
    assert_eq!(car["merge_request"]["iid"], 2);
    let done = ok(
        &gitlab,
        project(Method::GET, &["merge_trains"]).query("scope", "complete"),
    )
    .await;
    assert_eq!(done, json!([]));
    // !1 needs an approval: no train takes it now.
    let blocked = call(
        &gitlab,
        project(Method::POST, &["merge_trains", "merge_requests", "1"]).json(json!({})),
    )
    .await;
    assert_eq!(
        message(blocked.unwrap_err()),
        (400, "No available merge train strategy".to_owned())
    );
}

#[tokio::test]
async fn a_dependency_names_an_existing_merge_request_once() {
    let (_sandbox, gitlab) = setup().await;
    let blocking = second_mr(&gitlab).await;
    let blocks = || merge_request(Method::POST, 1).segment("blocks");
    let unknown = call(
        &gitlab,
        blocks().json(json!({"blocking_merge_request_id": 9999})),
    )
    .await;
    assert_eq!(
        message(unknown.unwrap_err()),
        (404, "Blocking merge request not found".to_owned())
    );
    let body = json!({"blocking_merge_request_id": blocking["id"]});
    let block = ok(&gitlab, blocks().json(body.clone())).await;
    assert_eq!(block["blocking_merge_request"]["iid"], 2);
    assert_eq!(block["blocked_merge_request"]["iid"], 1);
    let again = call(&gitlab, blocks().json(body)).await;
    assert_eq!(
        message(again.unwrap_err()),
        (409, "Block already exists".to_owned())
    );
}

#[tokio::test]
async fn a_merge_request_names_the_issues_it_closes_and_mentions() {
    let (_sandbox, gitlab) = setup().await;
    let closes = ok(
        &gitlab,
        merge_request(Method::GET, 1).segment("closes_issues"),
    )
    .await;
    assert_eq!(pluck(&closes, "iid"), json!([1]));
    let note = json!({"body": "Related to #2"});
    ok(
        &gitlab,
        merge_request(Method::POST, 1).segment("notes").json(note),
    )
    .await;
    let related = ok(
        &gitlab,
        merge_request(Method::GET, 1).segment("related_issues"),
    )
    .await;
    assert_eq!(pluck(&related, "iid"), json!([1, 2]));
}

#[tokio::test]
async fn a_comment_takes_emoji_of_its_own() {
    let (_sandbox, gitlab) = setup().await;
    let note = ok(
        &gitlab,
        merge_request(Method::POST, 1)
            .segment("notes")
            .json(json!({"body": "Nice"})),
    )
    .await;
    let emoji = merge_request(Method::POST, 1)
        .segment("notes")
        .segment(note["id"].clone())
        .segment("award_emoji");
    let award = ok(&gitlab, emoji.clone().json(json!({"name": "tada"}))).await;
    assert_eq!(
        (
            award["awardable_type"].clone(),
            award["awardable_id"].clone()
        ),
        (json!("Note"), note["id"].clone())
    );
    let listed = ok(
        &gitlab,
        ApiRequest {
            method: Method::GET,
            ..emoji
        },
    )
    .await;
    assert_eq!(pluck(&listed, "name"), json!(["tada"]));
    let nowhere = merge_request(Method::GET, 1)
        .segment("notes")
        .segment(99999)
        .segment("award_emoji");
    assert_eq!(
        message(call(&gitlab, nowhere).await.unwrap_err()),
        (404, "404 Not found".to_owned())
    );
}

#[tokio::test]
async fn an_upload_is_a_multipart_file_listed_until_deleted() {
    let (sandbox, gitlab) = setup().await;
    let file = |name: &str, bytes: Vec<u8>| FilePart {
        field: "file",
        file_name: name.to_owned(),
        bytes,
    };
    let upload = ok(
        &gitlab,
        project(Method::POST, &["uploads"]).file(file("shot.png", vec![0x89, b'P', 0])),
    )
    .await;
    assert!(
        upload["markdown"]
            .as_str()
            .unwrap()
            .starts_with("![shot](/uploads/"),
        "{upload}"
    );
    let recorded = sandbox.requests().pop().unwrap();
    assert!(
        recorded
            .content_type
            .unwrap()
            .starts_with("multipart/form-data")
    );
    assert_eq!(recorded.body["file"]["filename"], "shot.png");
    let listed = ok(&gitlab, project(Method::GET, &["uploads"])).await;
    assert_eq!(pluck(&listed, "filename"), json!(["shot.png"]));
    let missing = call(&gitlab, project(Method::POST, &["uploads"]).json(json!({}))).await;
    let (status, text) = message(missing.unwrap_err());
    assert_eq!(status, 400);
    assert!(text.contains("file is missing"), "{text}");
    let large = file("big.bin", vec![0; 5 * 1024 * 1024 + 1]);
    let refused = call(&gitlab, project(Method::POST, &["uploads"]).file(large)).await;
    assert_eq!(message(refused.unwrap_err()).0, 413);
    let id = upload["id"].to_string();
    ok(&gitlab, project(Method::DELETE, &["uploads", &id])).await;
    let gone = call(&gitlab, project(Method::DELETE, &["uploads", &id])).await;
    assert_eq!(
        message(gone.unwrap_err()),
        (404, "404 Not found".to_owned())
    );
}
