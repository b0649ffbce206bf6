//! The sandbox's merge requests, through the real client: branch rules, duplicates, merging
//! with and without `sha`, removing the source branch, squash.

use crate::gitlab::{GitLab, GitLabError};
use crate::tests::common::{branches, call, merge_requests, message, pluck, setup, with_query};
use reqwest::Method;
use serde_json::{Value, json};

/// A branch `name` from `main` in the demo project.
async fn branch(gitlab: &GitLab, name: &str) -> Value {
    let request = branches(Method::POST, 1).json(json!({"branch": name, "ref": "main"}));
    call(gitlab, request).await.unwrap()
}

async fn head_of(gitlab: &GitLab, name: &str) -> Option<String> {
    let branches = call(gitlab, branches(Method::GET, 1)).await.unwrap();
    branches
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["name"] == name)
        .map(|b| b["commit"]["id"].as_str().unwrap().to_owned())
}

fn feature_to_main() -> Value {
    json!({"source_branch": "feature/x", "target_branch": "main", "title": "Add X"})
}

async fn create(gitlab: &GitLab, body: Value) -> Result<Value, GitLabError> {
    call(gitlab, merge_requests(Method::POST).json(body)).await
}

async fn update(gitlab: &GitLab, iid: u64, body: Value) -> Result<Value, GitLabError> {
    call(gitlab, merge_requests(Method::PUT).segment(iid).json(body)).await
}

/// `PUT …/merge_requests/:iid/merge` with `body` (`sha`, `squash`,
/// `should_remove_source_branch`).
async fn merge(gitlab: &GitLab, iid: u64, body: Value) -> Result<Value, GitLabError> {
    let request = merge_requests(Method::PUT).segment(iid).segment("merge");
    call(gitlab, request.json(body)).await
}

#[tokio::test]
async fn a_merge_request_is_created_with_gitlabs_shape() {
    let (sandbox, gitlab) = setup().await;
    let body = json!({"source_branch": "feature/x", "target_branch": "main", "title": "Add X",
                      "description": "Adds X", "labels": "feature", "remove_source_branch": true, "squash": true});
    let mr = create(&gitlab, body.clone()).await.unwrap();
    assert_eq!(sandbox.requests()[0].body, body);
    assert_eq!(
        (
            mr["id"].clone(),
            mr["iid"].clone(),
            mr["project_id"].clone()
        ),
        (json!(2), json!(2), json!(1))
    );
    assert_eq!(mr["state"], "opened");
    assert_eq!(mr["source_branch"], "feature/x");
    assert_eq!(mr["target_branch"], "main");
    assert_eq!(mr["description"], "Adds X");
    assert_eq!(mr["labels"], json!(["feature"]));
    assert_eq!(mr["force_remove_source_branch"], true);
    assert_eq!(mr["squash"], true);
    assert_eq!(mr["merge_commit_sha"], Value::Null);
    assert_eq!(
        mr["sha"].as_str(),
        head_of(&gitlab, "feature/x").await.as_deref()
    );
    assert_eq!(mr["references"]["full"], "demo/sandbox!2");
    assert_eq!(
        mr["web_url"],
        format!("{}demo/sandbox/-/merge_requests/2", sandbox.base_url())
    );
    let fetched = call(&gitlab, merge_requests(Method::GET).segment(2)).await;
    assert_eq!(fetched.unwrap(), mr);
}

#[tokio::test]
async fn creation_follows_gitlabs_branch_rules() {
    let (_sandbox, gitlab) = setup().await;
    let cases = [
        (
            json!({"title": "x"}),
            400,
            "source_branch is missing, target_branch is missing",
        ),
        (
            json!({"source_branch": "nope", "target_branch": "main", "title": "x"}),
            400,
            "source_branch does not exist",
        ),
        (
            json!({"source_branch": "nope", "target_branch": "gone", "title": "x"}),
            400,
            "source_branch does not exist; target_branch does not exist",
        ),
        (
            json!({"source_branch": "main", "target_branch": "main", "title": "x"}),
            422,
            "You can't use same project/branch for source and target",
        ),
        (
            json!({"source_branch": "feature/x", "target_branch": "main", "title": ""}),
            400,
            "title can't be blank",
        ),
        (
            json!({"source_branch": "feature/x", "target_branch": "main", "title": "x", "squash": "maybe"}),
            400,
            "squash is invalid",
        ),
    ];
    for (body, status, expected) in cases {
        let err = create(&gitlab, body.clone()).await.unwrap_err();
        assert_eq!(message(err), (status, expected.to_owned()), "{body}");
    }
    let listed = gitlab.send(merge_requests(Method::GET)).await.unwrap();
    assert_eq!(listed.total, Some(1));
}

#[tokio::test]
async fn only_one_open_merge_request_per_branch_pair() {
    let (_sandbox, gitlab) = setup().await;
    create(&gitlab, feature_to_main()).await.unwrap();
    let err = create(&gitlab, feature_to_main()).await.unwrap_err();
    let duplicate = (
        409,
        "Another open merge request already exists for this source branch: !2".to_owned(),
    );
    assert_eq!(message(err), duplicate);

    // A closed one does not count; reopening it while another is open is the same conflict.
    update(&gitlab, 2, json!({"state_event": "close"}))
        .await
        .unwrap();
    let second = create(&gitlab, feature_to_main()).await.unwrap();
    assert_eq!(second["iid"], 3);
    let err = update(&gitlab, 2, json!({"state_event": "reopen"}))
        .await
        .unwrap_err();
    assert_eq!(
        message(err),
        (
            409,
            "Another open merge request already exists for this source branch: !3".to_owned()
        )
    );
}

#[tokio::test]
async fn merging_without_sha_moves_the_target_and_removes_the_source_when_asked() {
    let (_sandbox, gitlab) = setup().await;
    let mut body = feature_to_main();
    body["remove_source_branch"] = json!(true);
    create(&gitlab, body).await.unwrap();
    let main_before = head_of(&gitlab, "main").await.unwrap();

    let merged = merge(&gitlab, 2, json!({})).await.unwrap();
    assert_eq!(merged["state"], "merged");
    assert!(merged["merged_at"].is_string());
    assert_eq!(merged["merged_by"]["username"], "sandbox-user");
    assert_eq!(merged["should_remove_source_branch"], true);
    assert_eq!(merged["squash_commit_sha"], Value::Null);
    let main_after = head_of(&gitlab, "main").await.unwrap();
    assert_ne!(main_after, main_before);
    assert_eq!(merged["merge_commit_sha"], json!(main_after));
    assert_eq!(
        head_of(&gitlab, "feature/x").await,
        None,
        "the source branch is gone"
    );

    let err = merge(&gitlab, 2, json!({})).await.unwrap_err();
    assert_eq!(message(err), (405, "405 Method Not Allowed".to_owned()));
    let err = create(&gitlab, feature_to_main()).await.unwrap_err();
    assert_eq!(
        message(err),
        (400, "source_branch does not exist".to_owned())
    );
}

#[tokio::test]
async fn merging_with_sha_requires_the_source_head() {
    let (_sandbox, gitlab) = setup().await;
    let mr = create(&gitlab, feature_to_main()).await.unwrap();
    let head = mr["sha"].as_str().unwrap().to_owned();

    let wrong = "0".repeat(40);
    let err = merge(&gitlab, 2, json!({"sha": wrong})).await.unwrap_err();
    assert_eq!(
        message(err),
        (
            409,
            format!("SHA does not match HEAD of source branch: {head}")
        )
    );
    let fetched = call(&gitlab, merge_requests(Method::GET).segment(2)).await;
    assert_eq!(fetched.unwrap()["state"], "opened");

    let body = json!({"sha": head, "squash": true, "should_remove_source_branch": false});
    let merged = merge(&gitlab, 2, body).await.unwrap();
    assert_eq!(merged["state"], "merged");
    assert_eq!(merged["squash"], true);
    assert!(merged["squash_commit_sha"].is_string());
    assert_eq!(
        head_of(&gitlab, "feature/x").await.as_deref(),
        Some(head.as_str()),
        "the source branch stays"
    );
}

#[tokio::test]
async fn a_merge_request_whose_branch_is_gone_cannot_be_merged() {
    let (_sandbox, gitlab) = setup().await;
    branch(&gitlab, "topic").await;
    let topic = json!({"source_branch": "topic", "target_branch": "feature/x", "title": "Topic"});
    create(&gitlab, topic).await.unwrap();
    let mut body = feature_to_main();
    body["remove_source_branch"] = json!(true);
    create(&gitlab, body).await.unwrap();
    merge(&gitlab, 3, json!({})).await.unwrap();
    let err = merge(&gitlab, 2, json!({})).await.unwrap_err();
    assert_eq!(message(err), (422, "Branch cannot be merged".to_owned()));
}

#[tokio::test]
async fn updates_lists_and_deletes() {
    let (_sandbox, gitlab) = setup().await;
    branch(&gitlab, "develop").await;
    create(&gitlab, feature_to_main()).await.unwrap();
    let body = json!({"source_branch": "develop", "target_branch": "main", "title": "Draft: develop", "labels": ["wip"]});
    let draft = create(&gitlab, body).await.unwrap();
    assert_eq!(draft["draft"], true);

    let updated = update(
        &gitlab,
        2,
        json!({"title": "Add X, take 2", "target_branch": "develop", "squash": true}),
    )
    .await
    .unwrap();
    assert_eq!(
        (updated["title"].clone(), updated["target_branch"].clone()),
        (json!("Add X, take 2"), json!("develop"))
    );
    assert_eq!(updated["squash"], true);
    let err = update(&gitlab, 2, json!({"target_branch": "nope"}))
        .await
        .unwrap_err();
    assert_eq!(
        message(err),
        (400, "target_branch does not exist".to_owned())
    );
    // GitLab's update takes a milestone, one of the project's.
    let milestoned = update(&gitlab, 2, json!({"milestone_id": 1}))
        .await
        .unwrap();
    assert_eq!(milestoned["milestone"]["title"], "v1.1");
    let cleared = update(&gitlab, 2, json!({"milestone_id": 0}))
        .await
        .unwrap();
    assert_eq!(cleared["milestone"], Value::Null);

    merge(&gitlab, 2, json!({})).await.unwrap();
    let cases: [(&[(&str, &str)], Value); 4] = [
        (&[], json!([3, 2, 1])),
        (&[("state", "merged")], json!([2])),
        (&[("labels", "wip")], json!([3])),
        (&[("source_branch", "develop")], json!([3])),
    ];
    for (filters, expected) in cases {
        let request = with_query(merge_requests(Method::GET), filters);
        let listed = call(&gitlab, request).await.unwrap();
        assert_eq!(pluck(&listed, "iid"), expected, "{filters:?}");
    }

    let deleted = call(&gitlab, merge_requests(Method::DELETE).segment(3)).await;
    assert_eq!(deleted.unwrap(), Value::Null);
    let err = call(&gitlab, merge_requests(Method::GET).segment(3))
        .await
        .unwrap_err();
    assert_eq!(message(err), (404, "404 Not found".to_owned()));
}
