//! The sandbox's linked issues, through the real client: creating links of each type (by
//! project id or path), listing them from both ends, GitLab's refusals, and deleting.

use crate::gitlab::{ApiRequest, GitLab, GitLabError};
use crate::tests::common::{call, issue, issues, message, pluck, setup};
use reqwest::Method;
use serde_json::{Value, json};

async fn link(gitlab: &GitLab, from: u64, body: Value) -> Result<Value, GitLabError> {
    call(
        gitlab,
        issue(Method::POST, from).segment("links").json(body),
    )
    .await
}

async fn links(gitlab: &GitLab, of: u64) -> Value {
    call(gitlab, issue(Method::GET, of).segment("links"))
        .await
        .unwrap()
}

#[tokio::test]
async fn a_link_relates_two_issues_from_both_ends() {
    let (_sandbox, gitlab) = setup().await;
    assert_eq!(links(&gitlab, 1).await, json!([]));
    let created = link(
        &gitlab,
        1,
        json!({"target_project_id": "demo/sandbox", "target_issue_iid": 2}),
    )
    .await
    .unwrap();
    assert_eq!(created["link_type"], "relates_to");
    assert_eq!(
        (
            created["source_issue"]["iid"].clone(),
            created["target_issue"]["iid"].clone()
        ),
        (json!(1), json!(2))
    );
    assert_eq!(created["target_issue"]["title"], "Document feature X");

    let response = gitlab
        .send(issue(Method::GET, 1).segment("links"))
        .await
        .unwrap();
    assert_eq!(response.total, None, "not paginated");
    let linked = &response.body[0];
    assert_eq!(
        (
            linked["iid"].clone(),
            linked["issue_link_id"].clone(),
            linked["link_type"].clone()
        ),
        (json!(2), json!(1), json!("relates_to"))
    );
    assert!(linked["link_created_at"].is_string());
    assert_eq!(linked["link_updated_at"], linked["link_created_at"]);
    assert_eq!(linked["references"]["full"], "demo/sandbox#2");
    assert_eq!(pluck(&links(&gitlab, 2).await, "iid"), json!([1]));

    // Both issues get GitLab's system note; comments are not counted.
    for (iid, text) in [(1, "#2"), (2, "#1")] {
        let notes = call(&gitlab, issue(Method::GET, iid).segment("notes"))
            .await
            .unwrap();
        assert_eq!(
            notes[0]["body"],
            format!("marked this issue as related to {text}")
        );
        assert_eq!(notes[0]["system"], true);
    }
    let first = call(&gitlab, issue(Method::GET, 1)).await.unwrap();
    assert_eq!(first["user_notes_count"], 2);
    let one = call(&gitlab, issue(Method::GET, 2).segment("links").segment(1)).await;
    assert_eq!(one.unwrap(), created);
}

#[tokio::test]
async fn blocking_links_read_from_each_end() {
    let (_sandbox, gitlab) = setup().await;
    call(
        &gitlab,
        issues(Method::POST).json(json!({"title": "Third"})),
    )
    .await
    .unwrap();
    let blocks = link(
        &gitlab,
        1,
        json!({"target_project_id": 1, "target_issue_iid": "2", "link_type": "blocks"}),
    )
    .await
    .unwrap();
    assert_eq!(blocks["link_type"], "blocks");
    // GitLab stores `is_blocked_by` as `blocks` from the other issue, and answers with that.
    let blocked = link(
        &gitlab,
        1,
        json!({"target_project_id": 1, "target_issue_iid": 3, "link_type": "is_blocked_by"}),
    )
    .await
    .unwrap();
    assert_eq!(
        (
            blocked["source_issue"]["iid"].clone(),
            blocked["target_issue"]["iid"].clone(),
            blocked["link_type"].clone()
        ),
        (json!(3), json!(1), json!("blocks"))
    );
    let of_first = links(&gitlab, 1).await;
    assert_eq!(pluck(&of_first, "iid"), json!([2, 3]));
    assert_eq!(
        pluck(&of_first, "link_type"),
        json!(["blocks", "is_blocked_by"])
    );
    assert_eq!(
        pluck(&links(&gitlab, 2).await, "link_type"),
        json!(["is_blocked_by"])
    );
    assert_eq!(
        pluck(&links(&gitlab, 3).await, "link_type"),
        json!(["blocks"])
    );
    let notes = call(&gitlab, issue(Method::GET, 3).segment("notes"))
        .await
        .unwrap();
    assert_eq!(notes[0]["body"], "marked this issue as blocking #1");
}

#[tokio::test]
async fn links_are_refused_as_gitlab_refuses_them() {
    let (_sandbox, gitlab) = setup().await;
    let to_two = json!({"target_project_id": 1, "target_issue_iid": 2});
    link(&gitlab, 1, to_two.clone()).await.unwrap();
    let cases = [
        (1, to_two, 409, "Issue(s) already assigned"),
        (
            2,
            json!({"target_project_id": 1, "target_issue_iid": 1, "link_type": "blocks"}),
            409,
            "Issue(s) already assigned",
        ),
        (
            1,
            json!({"target_project_id": 1, "target_issue_iid": 1}),
            422,
            "#1 cannot be added: cannot be related to itself",
        ),
        (
            1,
            json!({"target_issue_iid": 2}),
            400,
            "target_project_id is missing",
        ),
        (
            1,
            json!({}),
            400,
            "target_project_id is missing, target_issue_iid is missing",
        ),
        (
            1,
            json!({"target_project_id": 1, "target_issue_iid": 2, "link_type": "duplicates"}),
            400,
            "link_type does not have a valid value",
        ),
        (
            1,
            json!({"target_project_id": 99, "target_issue_iid": 2}),
            404,
            "404 Project Not Found",
        ),
        (
            1,
            json!({"target_project_id": 1, "target_issue_iid": 42}),
            404,
            "404 Not found",
        ),
        (
            9,
            json!({"target_project_id": 1, "target_issue_iid": 2}),
            404,
            "404 Not found",
        ),
    ];
    for (from, body, status, expected) in cases {
        let err = link(&gitlab, from, body.clone()).await.unwrap_err();
        assert_eq!(message(err), (status, expected.to_owned()), "{body}");
    }
    assert_eq!(links(&gitlab, 1).await.as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn deleting_a_link_answers_with_it() {
    let (_sandbox, gitlab) = setup().await;
    let created = link(
        &gitlab,
        1,
        json!({"target_project_id": 1, "target_issue_iid": 2}),
    )
    .await
    .unwrap();
    let delete = |from: u64, id: &str| {
        let request = issue(Method::DELETE, from).segment("links").segment(id);
        gitlab.send(request)
    };
    let response = delete(2, "1").await.unwrap();
    assert_eq!(response.status, 200);
    assert_eq!(response.body["link_type"], created["link_type"]);
    assert_eq!(response.body["source_issue"]["iid"], 1);
    assert_eq!(links(&gitlab, 1).await, json!([]));
    let notes = call(&gitlab, issue(Method::GET, 1).segment("notes"))
        .await
        .unwrap();
    assert_eq!(notes[0]["body"], "removed the relation with #2");
    for id in ["1", "x"] {
        let err = delete(1, id).await.unwrap_err();
        assert_eq!(message(err), (404, "404 Not found".to_owned()));
    }
    let err = call(&gitlab, issue(Method::GET, 1).segment("links").segment(1))
        .await
        .unwrap_err();
    assert_eq!(message(err), (404, "404 Not found".to_owned()));

    // Deleting an issue takes its links with it.
    link(
        &gitlab,
        1,
        json!({"target_project_id": 1, "target_issue_iid": 2}),
    )
    .await
    .unwrap();
    call(&gitlab, issue(Method::DELETE, 2)).await.unwrap();
    assert_eq!(links(&gitlab, 1).await, json!([]));
}

#[tokio::test]
async fn links_reach_issues_of_other_projects() {
    let (_sandbox, gitlab) = setup().await;
    let project = ApiRequest::post()
        .segment("projects")
        .json(json!({"name": "other"}));
    call(&gitlab, project).await.unwrap();
    let other = ApiRequest::post()
        .segment("projects")
        .segment("sandbox-user/other")
        .segment("issues")
        .json(json!({"title": "Elsewhere"}));
    call(&gitlab, other).await.unwrap();
    let created = link(
        &gitlab,
        1,
        json!({"target_project_id": "sandbox-user/other", "target_issue_iid": 1}),
    )
    .await
    .unwrap();
    assert_eq!(created["target_issue"]["project_id"], 2);
    let notes = call(&gitlab, issue(Method::GET, 1).segment("notes"))
        .await
        .unwrap();
    assert_eq!(
        notes[0]["body"],
        "marked this issue as related to sandbox-user/other#1"
    );
    assert_eq!(
        pluck(&links(&gitlab, 1).await, "title"),
        json!(["Elsewhere"])
    );
}
