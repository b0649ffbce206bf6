//! The sandbox's issues, through the real client: GitLab's shapes, rules and filters.

use gitlab_mcp_server::gitlab::{ApiRequest, GitLab, GitLabConfig, GitLabError, ProjectId};
use gitlab_mcp_server::sandbox::Sandbox;
use serde_json::{Value, json};

async fn setup() -> (Sandbox, GitLab) {
    let sandbox = Sandbox::start().await.expect("the sandbox starts");
    let gitlab = GitLab::new(GitLabConfig::new(sandbox.base_url())).unwrap();
    (sandbox, gitlab)
}

fn demo() -> ProjectId {
    ProjectId::parse("demo/sandbox").unwrap()
}

fn message(error: GitLabError) -> (u16, String) {
    match error {
        GitLabError::Api(api) => (api.status, api.message.unwrap_or_default()),
        other => panic!("expected GitLab's answer, got {other}"),
    }
}

#[tokio::test]
async fn an_issue_is_created_with_gitlabs_shape() {
    let (sandbox, gitlab) = setup().await;
    let body = json!({"title": "Crash on start", "description": "It **crashes**", "labels": "bug, ,, feature,", "confidential": true});
    let issue = gitlab.create_issue(&demo(), body.clone()).await.unwrap();
    assert_eq!(sandbox.requests()[0].body, body, "the body arrives as sent");
    assert_eq!(issue["id"], 1);
    assert_eq!(issue["iid"], 1);
    assert_eq!(issue["project_id"], 1);
    assert_eq!(issue["title"], "Crash on start");
    assert_eq!(issue["description"], "It **crashes**");
    assert_eq!(issue["labels"], json!(["bug", "feature"]));
    assert_eq!(issue["confidential"], true);
    assert_eq!(issue["state"], "opened");
    assert_eq!(issue["author"]["username"], "demo");
    assert_eq!(issue["closed_at"], Value::Null);
    assert_eq!(
        issue["web_url"],
        format!("{}demo/sandbox/-/issues/1", sandbox.base_url())
    );
    assert_eq!(issue["references"]["full"], "demo/sandbox#1");
    assert!(issue["created_at"].as_str().unwrap().ends_with('Z'));

    let minimal = gitlab
        .create_issue(
            &ProjectId::Id(1),
            json!({"title": "Two", "labels": ["a", " b", "a"]}),
        )
        .await
        .unwrap();
    assert_eq!(
        (minimal["iid"].clone(), minimal["labels"].clone()),
        (json!(2), json!(["a", "b"]))
    );
    assert_eq!(
        (
            minimal["description"].clone(),
            minimal["confidential"].clone()
        ),
        (Value::Null, json!(false))
    );
    assert_eq!(gitlab.get_issue(&demo(), 1).await.unwrap(), issue);
}

#[tokio::test]
async fn iids_count_per_project_and_ids_across_projects() {
    let (_sandbox, gitlab) = setup().await;
    let other = gitlab
        .create_project(json!({"name": "other"}))
        .await
        .unwrap();
    let other = ProjectId::Id(other["id"].as_u64().unwrap());
    gitlab
        .create_issue(&demo(), json!({"title": "a"}))
        .await
        .unwrap();
    let second = gitlab
        .create_issue(&other, json!({"title": "b"}))
        .await
        .unwrap();
    assert_eq!(
        (second["id"].clone(), second["iid"].clone()),
        (json!(2), json!(1))
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
        let err = gitlab
            .create_issue(&demo(), body.clone())
            .await
            .unwrap_err();
        assert_eq!(message(err), (status, expected.to_owned()), "{body}");
    }
    let err = gitlab
        .create_issue(&ProjectId::Id(7), json!({"title": "x"}))
        .await
        .unwrap_err();
    assert_eq!(message(err), (404, "404 Project Not Found".to_owned()));
    assert_eq!(
        gitlab
            .list_issues(&demo(), &Value::Null)
            .await
            .unwrap()
            .total,
        Some(0)
    );
}

#[tokio::test]
async fn issues_are_filtered_and_listed_newest_first() {
    let (_sandbox, gitlab) = setup().await;
    gitlab
        .create_issue(
            &demo(),
            json!({"title": "Login fails", "labels": "bug,auth"}),
        )
        .await
        .unwrap();
    gitlab
        .create_issue(
            &demo(),
            json!({"title": "Add dark mode", "labels": "feature"}),
        )
        .await
        .unwrap();
    gitlab
        .create_issue(
            &demo(),
            json!({"title": "Crash", "description": "on login", "labels": "bug"}),
        )
        .await
        .unwrap();
    gitlab
        .update_issue(&demo(), 3, json!({"state_event": "close"}))
        .await
        .unwrap();

    let iids = |page: gitlab_mcp_server::gitlab::Page| -> Vec<u64> {
        page.items
            .iter()
            .map(|i| i["iid"].as_u64().unwrap())
            .collect()
    };
    assert_eq!(
        iids(gitlab.list_issues(&demo(), &Value::Null).await.unwrap()),
        [3, 2, 1]
    );
    assert_eq!(
        iids(
            gitlab
                .list_issues(&demo(), &json!({"state": "opened"}))
                .await
                .unwrap()
        ),
        [2, 1]
    );
    assert_eq!(
        iids(
            gitlab
                .list_issues(&demo(), &json!({"labels": "bug"}))
                .await
                .unwrap()
        ),
        [3, 1]
    );
    assert_eq!(
        iids(
            gitlab
                .list_issues(&demo(), &json!({"labels": "bug,auth"}))
                .await
                .unwrap()
        ),
        [1]
    );
    assert_eq!(
        iids(
            gitlab
                .list_issues(&demo(), &json!({"search": "LOGIN"}))
                .await
                .unwrap()
        ),
        [3, 1]
    );
    assert_eq!(
        iids(
            gitlab
                .list_issues(&demo(), &json!({"sort": "asc"}))
                .await
                .unwrap()
        ),
        [1, 2, 3]
    );
    assert_eq!(
        iids(
            gitlab
                .list_issues(&demo(), &json!({"iids": [1, 3]}))
                .await
                .unwrap()
        ),
        [3, 1]
    );
    let err = gitlab
        .list_issues(&demo(), &json!({"state": "done"}))
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
    gitlab
        .create_issue(
            &demo(),
            json!({"title": "Old", "description": "keep", "labels": "a,b"}),
        )
        .await
        .unwrap();
    let updated = gitlab
        .update_issue(
            &demo(),
            1,
            json!({"title": "New", "add_labels": "c", "remove_labels": "a", "confidential": true}),
        )
        .await
        .unwrap();
    assert_eq!(updated["title"], "New");
    assert_eq!(updated["description"], "keep");
    assert_eq!(updated["labels"], json!(["b", "c"]));
    assert_eq!(updated["confidential"], true);

    let closed = gitlab
        .update_issue(&demo(), 1, json!({"state_event": "close"}))
        .await
        .unwrap();
    assert_eq!(closed["state"], "closed");
    assert!(closed["closed_at"].is_string());
    let reopened = gitlab
        .update_issue(
            &demo(),
            1,
            json!({"state_event": "reopen", "description": ""}),
        )
        .await
        .unwrap();
    assert_eq!(
        (reopened["state"].clone(), reopened["closed_at"].clone()),
        (json!("opened"), Value::Null)
    );
    assert_eq!(reopened["description"], Value::Null);

    let err = gitlab
        .update_issue(&demo(), 1, json!({"weight": 3}))
        .await
        .unwrap_err();
    let (status, text) = message(err);
    assert_eq!(status, 400);
    assert!(
        text.starts_with("title, description, labels,")
            && text.ends_with("are missing, at least one parameter must be provided")
    );
    let err = gitlab
        .update_issue(&demo(), 1, json!({"state_event": "finish"}))
        .await
        .unwrap_err();
    assert_eq!(
        message(err),
        (400, "state_event does not have a valid value".to_owned())
    );
    let err = gitlab
        .update_issue(&demo(), 1, json!({"title": ""}))
        .await
        .unwrap_err();
    assert_eq!(message(err), (400, "title can't be blank".to_owned()));
    let err = gitlab
        .update_issue(&demo(), 9, json!({"title": "x"}))
        .await
        .unwrap_err();
    assert_eq!(message(err), (404, "404 Issue Not Found".to_owned()));
}

#[tokio::test]
async fn deleting_an_issue_answers_204_and_it_is_gone() {
    let (_sandbox, gitlab) = setup().await;
    gitlab
        .create_issue(&demo(), json!({"title": "Doomed"}))
        .await
        .unwrap();
    let response = gitlab
        .send(
            ApiRequest::delete()
                .segment("projects")
                .segment(1)
                .segment("issues")
                .segment(1),
        )
        .await
        .unwrap();
    assert_eq!((response.status, response.body), (204, Value::Null));
    let err = gitlab.get_issue(&demo(), 1).await.unwrap_err();
    assert_eq!(message(err), (404, "404 Issue Not Found".to_owned()));
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
