//! The sandbox's projects, through the real client: the demo project, GitLab's creation rules
//! (name or path, visibility, README and default branch, duplicates) and the rest of CRUD.

use gitlab_mcp_server::gitlab::{GitLab, GitLabConfig, GitLabError, ProjectId};
use gitlab_mcp_server::sandbox::Sandbox;
use serde_json::{Value, json};

async fn setup() -> (Sandbox, GitLab) {
    let sandbox = Sandbox::start().await.expect("the sandbox starts");
    let gitlab = GitLab::new(GitLabConfig::new(sandbox.base_url())).unwrap();
    (sandbox, gitlab)
}

/// GitLab's message as the client reads it.
fn message(error: GitLabError) -> (u16, String) {
    match error {
        GitLabError::Api(api) => (api.status, api.message.unwrap_or_default()),
        other => panic!("expected GitLab's answer, got {other}"),
    }
}

#[tokio::test]
async fn the_demo_project_is_there_by_number_and_by_path() {
    let (sandbox, gitlab) = setup().await;
    let by_id = gitlab.get_project(&ProjectId::Id(1)).await.unwrap();
    let by_path = gitlab
        .get_project(&ProjectId::parse("demo/sandbox").unwrap())
        .await
        .unwrap();
    assert_eq!(by_id, by_path);
    let base = sandbox.base_url();
    assert_eq!(by_id["id"], 1);
    assert_eq!(by_id["name"], "sandbox");
    assert_eq!(by_id["path_with_namespace"], "demo/sandbox");
    assert_eq!(by_id["default_branch"], "main");
    assert_eq!(by_id["visibility"], "private");
    assert_eq!(by_id["empty_repo"], false);
    assert_eq!(by_id["web_url"], format!("{base}demo/sandbox"));
    assert_eq!(by_id["namespace"]["full_path"], "demo");
    assert_eq!(by_id["owner"]["username"], "demo");

    let branches = gitlab.send(branches_of(1)).await.unwrap().body;
    let names: Vec<&str> = branches
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["feature/x", "main"]);
    let release = gitlab
        .create_release(&ProjectId::Id(1), json!({"tag_name": "v1.0.0"}))
        .await
        .unwrap();
    assert_eq!(
        release["commit"]["id"], branches[1]["commit"]["id"],
        "v1.0.0 is main's commit"
    );
}

fn branches_of(project: u64) -> gitlab_mcp_server::gitlab::ApiRequest {
    gitlab_mcp_server::gitlab::ApiRequest::get()
        .segment("projects")
        .segment(project)
        .segment("repository")
        .segment("branches")
}

#[tokio::test]
async fn a_project_without_readme_is_empty_on_main_whatever_default_branch_says() {
    let (sandbox, gitlab) = setup().await;
    let body = json!({"name": "My Tool", "description": "Tools", "visibility": "internal",
                      "initialize_with_readme": false, "default_branch": "trunk"});
    let project = gitlab.create_project(body.clone()).await.unwrap();
    assert_eq!(sandbox.requests()[0].body, body);
    assert_eq!(project["id"], 2);
    assert_eq!(project["path"], "my-tool");
    assert_eq!(project["path_with_namespace"], "demo/my-tool");
    assert_eq!(project["description"], "Tools");
    assert_eq!(project["visibility"], "internal");
    assert_eq!(project["default_branch"], "main");
    assert_eq!(project["empty_repo"], true);
    assert_eq!(project["readme_url"], Value::Null);
    let branches = gitlab.send(branches_of(2)).await.unwrap();
    assert_eq!(branches.body, json!([]));
}

#[tokio::test]
async fn a_readme_creates_the_default_branch_asked_for() {
    let (_sandbox, gitlab) = setup().await;
    let project = gitlab
        .create_project(
            json!({"name": "docs", "initialize_with_readme": true, "default_branch": "trunk"}),
        )
        .await
        .unwrap();
    assert_eq!(project["default_branch"], "trunk");
    assert_eq!(project["empty_repo"], false);
    assert_eq!(project["visibility"], "private", "private unless asked");
    let plain = gitlab
        .create_project(json!({"name": "plain", "initialize_with_readme": "true"}))
        .await
        .unwrap();
    assert_eq!(plain["default_branch"], "main");
    let branches = gitlab.send(branches_of(3)).await.unwrap().body;
    assert_eq!(branches[0]["name"], "main");
    assert_eq!(branches[0]["default"], true);
}

#[tokio::test]
async fn creation_follows_gitlabs_rules() {
    let (sandbox, gitlab) = setup().await;
    let cases = [
        (
            json!({"description": "no name"}),
            "name, path are missing, at least one parameter must be provided",
        ),
        (
            json!({"name": "x", "visibility": "secret"}),
            "visibility does not have a valid value",
        ),
        (
            json!({"name": "x", "initialize_with_readme": "perhaps"}),
            "initialize_with_readme is invalid",
        ),
        (
            json!({"name": "Sandbox"}),
            "name has already been taken; path has already been taken",
        ),
        (
            json!({"name": "Other", "path": "sandbox"}),
            "path has already been taken",
        ),
        (
            json!({"name": "-dash"}),
            "name can contain only letters, digits, emoji, '_', '.', '+', dashes, or spaces. It must start with \
             a letter, digit, emoji, or '_'.",
        ),
        (
            json!({"name": "ok", "path": "bad.git"}),
            "path can contain only letters, digits, '_', '-' and '.'. Cannot start with '-', end in '.git' or \
             end in '.atom'",
        ),
    ];
    for (body, expected) in cases {
        let err = gitlab.create_project(body.clone()).await.unwrap_err();
        assert_eq!(message(err), (400, expected.to_owned()), "{body}");
    }
    let listed = gitlab.list_projects(&Value::Null).await.unwrap();
    assert_eq!(listed.total, Some(1), "nothing was created");
    assert_eq!(sandbox.writes().len(), 7);
    let by_path = gitlab
        .create_project(json!({"path": "only-path"}))
        .await
        .unwrap();
    assert_eq!(
        (by_path["name"].clone(), by_path["path"].clone()),
        (json!("only-path"), json!("only-path"))
    );
}

#[tokio::test]
async fn projects_list_newest_first_with_search_and_pages() {
    let (_sandbox, gitlab) = setup().await;
    for name in ["alpha", "beta", "gamma"] {
        gitlab
            .create_project(json!({"name": name, "visibility": "public"}))
            .await
            .unwrap();
    }
    let all = gitlab.list_projects(&json!({"per_page": 2})).await.unwrap();
    let names: Vec<&str> = all
        .items
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        (names, all.next_page, all.total),
        (vec!["gamma", "beta"], Some(2), Some(4))
    );
    let found = gitlab
        .list_projects(&json!({"search": "ETA"}))
        .await
        .unwrap();
    assert_eq!(found.items.len(), 1);
    assert_eq!(found.items[0]["name"], "beta");
    let public = gitlab
        .list_projects(&json!({"visibility": "public", "order_by": "name", "sort": "asc"}))
        .await
        .unwrap();
    let names: Vec<&str> = public
        .items
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["alpha", "beta", "gamma"]);
}

#[tokio::test]
async fn updates_check_names_and_branches() {
    let (_sandbox, gitlab) = setup().await;
    gitlab
        .create_project(json!({"name": "other"}))
        .await
        .unwrap();
    let demo = ProjectId::Id(1);
    let updated = gitlab
        .update_project(&demo, json!({"description": "Changed", "visibility": "public", "default_branch": "feature/x"}))
        .await
        .unwrap();
    assert_eq!(updated["description"], "Changed");
    assert_eq!(updated["visibility"], "public");
    assert_eq!(updated["default_branch"], "feature/x");

    let err = gitlab
        .update_project(&demo, json!({"default_branch": "nope"}))
        .await
        .unwrap_err();
    assert_eq!(
        message(err),
        (
            400,
            "Could not change HEAD: branch 'nope' does not exist".to_owned()
        )
    );
    let err = gitlab
        .update_project(&demo, json!({"name": "other"}))
        .await
        .unwrap_err();
    assert_eq!(
        message(err),
        (400, "name has already been taken".to_owned())
    );
    let err = gitlab
        .update_project(&demo, json!({"topics": ["x"]}))
        .await
        .unwrap_err();
    assert_eq!(
        message(err),
        (400, "name, path, description, visibility, default_branch are missing, at least one parameter must be provided".to_owned())
    );
    let renamed = gitlab
        .update_project(&demo, json!({"name": "Sandbox 2", "path": "sandbox-2"}))
        .await
        .unwrap();
    assert_eq!(renamed["path_with_namespace"], "demo/sandbox-2");
    assert!(
        gitlab
            .get_project(&ProjectId::parse("demo/sandbox-2").unwrap())
            .await
            .is_ok()
    );
}

#[tokio::test]
async fn deleting_a_project_answers_202_and_it_is_gone() {
    let (_sandbox, gitlab) = setup().await;
    let created = gitlab
        .create_project(json!({"name": "gone"}))
        .await
        .unwrap();
    let id = ProjectId::Id(created["id"].as_u64().unwrap());
    let answer = gitlab.delete_project(&id).await.unwrap();
    assert_eq!(answer, json!({"message": "202 Accepted"}));
    let err = gitlab.get_project(&id).await.unwrap_err();
    assert_eq!(message(err), (404, "404 Project Not Found".to_owned()));
    let err = gitlab.delete_project(&id).await.unwrap_err();
    assert_eq!(err.status(), Some(404));
}
