//! The sandbox's issues, through the real client: GitLab's shapes, rules and filters.

use crate::gitlab::{ApiRequest, ProjectId};
use crate::tests::common::{call, issues, message, pluck, setup, with_query};
use reqwest::Method;
use serde_json::{Value, json};

#[tokio::test]
async fn an_issue_is_created_with_gitlabs_shape() {
    let (sandbox, gitlab) = setup().await;
    let body = json!({"title": "Crash on start", "description": "It **crashes**", "labels": "bug, ,, feature,", "confidential": true});
    let issue = call(&gitlab, issues(Method::POST).json(body.clone()))
        .await
        .unwrap();
    assert_eq!(sandbox.requests()[0].body, body, "the body arrives as sent");
    assert_eq!(issue["id"], 3, "after the demo project's two issues");
    assert_eq!(issue["iid"], 3);
    assert_eq!(issue["project_id"], 1);
    assert_eq!(issue["title"], "Crash on start");
    assert_eq!(issue["description"], "It **crashes**");
    assert_eq!(issue["labels"], json!(["bug", "feature"]));
    assert_eq!(issue["confidential"], true);
    assert_eq!(issue["state"], "opened");
    assert_eq!(issue["author"]["username"], "sandbox-user");
    assert_eq!(issue["closed_at"], Value::Null);
    assert_eq!(
        issue["web_url"],
        format!("{}demo/sandbox/-/issues/3", sandbox.base_url())
    );
    assert_eq!(issue["references"]["full"], "demo/sandbox#3");
    assert!(issue["created_at"].as_str().unwrap().ends_with('Z'));

    let by_number = ApiRequest::post()
        .project(&ProjectId::Id(1))
        .segment("issues");
    let minimal = call(
        &gitlab,
        by_number.json(json!({"title": "Two", "labels": ["a", " b", "a"]})),
    )
    .await
    .unwrap();
    assert_eq!(
        (minimal["iid"].clone(), minimal["labels"].clone()),
        (json!(4), json!(["a", "b"]))
    );
    assert_eq!(
        (
            minimal["description"].clone(),
            minimal["confidential"].clone()
        ),
        (Value::Null, json!(false))
    );
    let fetched = call(&gitlab, issues(Method::GET).segment(3)).await;
    assert_eq!(fetched.unwrap(), issue);
}

#[tokio::test]
async fn iids_count_per_project_and_ids_across_projects() {
    let (_sandbox, gitlab) = setup().await;
    let other = call(
        &gitlab,
        ApiRequest::post()
            .segment("projects")
            .json(json!({"name": "other"})),
    )
    .await
    .unwrap();
    let other = ProjectId::Id(other["id"].as_u64().unwrap());
    call(&gitlab, issues(Method::POST).json(json!({"title": "a"})))
        .await
        .unwrap();
    let second = call(
        &gitlab,
        ApiRequest::post()
            .project(&other)
            .segment("issues")
            .json(json!({"title": "b"})),
    )
    .await
    .unwrap();
    assert_eq!(
        (second["id"].clone(), second["iid"].clone()),
        (json!(4), json!(1))
    );
}

#[tokio::test]
async fn creation_follows_gitlabs_rules() {
    let (_sandbox, gitlab) = setup().await;
    let cases = [
        (json!({"description": "x"}), 400, "title is missing"),
        (json!({"title": "  "}), 400, "title can't be blank"),
        (
            json!({"title": "x".repeat(256)}),
            400,
            "title is too long (maximum is 255 characters)",
        ),
        (
            json!({"title": "x", "confidential": "perhaps"}),
            400,
            "confidential is invalid",
        ),
        (
            json!({"title": "x", "labels": {"a": 1}}),
            400,
            "labels is invalid",
        ),
    ];
    for (body, status, expected) in cases {
        let err = call(&gitlab, issues(Method::POST).json(body.clone()))
            .await
            .unwrap_err();
        assert_eq!(message(err), (status, expected.to_owned()), "{body}");
    }
    let elsewhere = ApiRequest::post()
        .project(&ProjectId::Id(7))
        .segment("issues");
    let err = call(&gitlab, elsewhere.json(json!({"title": "x"})))
        .await
        .unwrap_err();
    assert_eq!(message(err), (404, "404 Project Not Found".to_owned()));
    let listed = gitlab.send(issues(Method::GET)).await.unwrap();
    assert_eq!(listed.total, Some(2));
}

#[tokio::test]
async fn issues_are_filtered_and_listed_newest_first() {
    let (_sandbox, gitlab) = setup().await;
    for body in [
        json!({"title": "Login fails", "labels": "bug,auth"}),
        json!({"title": "Add dark mode", "labels": "feature"}),
        json!({"title": "Crash", "description": "on login", "labels": "bug"}),
    ] {
        call(&gitlab, issues(Method::POST).json(body))
            .await
            .unwrap();
    }
    let close = json!({"state_event": "close"});
    call(&gitlab, issues(Method::PUT).segment(5).json(close))
        .await
        .unwrap();

    let cases: [(&[(&str, &str)], Value); 7] = [
        (&[], json!([5, 4, 3, 2, 1])),
        (&[("state", "opened")], json!([4, 3, 2, 1])),
        (&[("labels", "bug")], json!([5, 3, 1])),
        (&[("labels", "bug,auth")], json!([3])),
        (&[("search", "LOGIN")], json!([5, 3])),
        (&[("sort", "asc")], json!([1, 2, 3, 4, 5])),
        (&[("iids[]", "3"), ("iids[]", "5")], json!([5, 3])),
    ];
    for (filters, expected) in cases {
        let listed = call(&gitlab, with_query(issues(Method::GET), filters))
            .await
            .unwrap();
        assert_eq!(pluck(&listed, "iid"), expected, "{filters:?}");
    }
    let err = call(&gitlab, issues(Method::GET).query("state", "done"))
        .await
        .unwrap_err();
    assert_eq!(
        message(err),
        (400, "state does not have a valid value".to_owned())
    );
}

#[tokio::test]
async fn updates_change_what_was_sent_and_nothing_else() {
    let (_sandbox, gitlab) = setup().await;
    let body = json!({"title": "Old", "description": "keep", "labels": "a,b"});
    call(&gitlab, issues(Method::POST).json(body))
        .await
        .unwrap();
    let update = |body: Value| call(&gitlab, issues(Method::PUT).segment(3).json(body));
    let updated = update(
        json!({"title": "New", "add_labels": "c", "remove_labels": "a", "confidential": true}),
    )
    .await
    .unwrap();
    assert_eq!(updated["title"], "New");
    assert_eq!(updated["description"], "keep");
    assert_eq!(updated["labels"], json!(["b", "c"]));
    assert_eq!(updated["confidential"], true);

    let closed = update(json!({"state_event": "close"})).await.unwrap();
    assert_eq!(closed["state"], "closed");
    assert!(closed["closed_at"].is_string());
    let reopened = update(json!({"state_event": "reopen", "description": ""}))
        .await
        .unwrap();
    assert_eq!(
        (reopened["state"].clone(), reopened["closed_at"].clone()),
        (json!("opened"), Value::Null)
    );
    assert_eq!(reopened["description"], Value::Null);

    let err = update(json!({"weight": 3})).await.unwrap_err();
    let (status, text) = message(err);
    assert_eq!(status, 400);
    assert!(
        text.starts_with("assignee_id, assignee_ids, confidential, created_at,")
            && text.ends_with("are missing, at least one parameter must be provided")
    );
    let err = update(json!({"state_event": "finish"})).await.unwrap_err();
    assert_eq!(
        message(err),
        (400, "state_event does not have a valid value".to_owned())
    );
    let err = update(json!({"title": ""})).await.unwrap_err();
    assert_eq!(message(err), (400, "title can't be blank".to_owned()));
    let missing = issues(Method::PUT).segment(9).json(json!({"title": "x"}));
    let err = call(&gitlab, missing).await.unwrap_err();
    assert_eq!(message(err), (404, "404 Not found".to_owned()));
}

#[tokio::test]
async fn deleting_an_issue_answers_204_and_it_is_gone() {
    let (_sandbox, gitlab) = setup().await;
    call(
        &gitlab,
        issues(Method::POST).json(json!({"title": "Doomed"})),
    )
    .await
    .unwrap();
    let response = gitlab
        .send(
            ApiRequest::delete()
                .segment("projects")
                .segment(1)
                .segment("issues")
                .segment(3),
        )
        .await
        .unwrap();
    assert_eq!((response.status, response.body), (204, Value::Null));
    let err = call(&gitlab, issues(Method::GET).segment(3))
        .await
        .unwrap_err();
    assert_eq!(message(err), (404, "404 Not found".to_owned()));
    let err = gitlab
        .send(
            ApiRequest::get()
                .segment("projects")
                .segment(1)
                .segment("issues")
                .segment("first"),
        )
        .await
        .unwrap_err();
    assert_eq!(message(err), (400, "issue_iid is invalid".to_owned()));
}
