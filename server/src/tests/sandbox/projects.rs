//! The sandbox's projects, through the real client: the demo project, GitLab's creation rules
//! (name or path, visibility, README and default branch, duplicates) and the rest of CRUD.

use crate::gitlab::{ApiRequest, GitLab, GitLabError, ProjectId};
use crate::tests::common::{branches, call, demo, message, pluck, releases, setup, with_query};
use reqwest::Method;
use serde_json::{Value, json};

/// `<method> projects[/<id>]`.
fn projects(method: Method, project: Option<&ProjectId>) -> ApiRequest {
    match project {
        Some(project) => ApiRequest::new(method).project(project),
        None => ApiRequest::new(method).segment("projects"),
    }
}

async fn create(gitlab: &GitLab, body: Value) -> Result<Value, GitLabError> {
    call(gitlab, projects(Method::POST, None).json(body)).await
}

#[tokio::test]
async fn the_demo_project_is_there_by_number_and_by_path() {
    let (sandbox, gitlab) = setup().await;
    let by_id = call(&gitlab, projects(Method::GET, Some(&ProjectId::Id(1))))
        .await
        .unwrap();
    let by_path = call(&gitlab, projects(Method::GET, Some(&demo())))
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
    assert_eq!(by_id["namespace"]["kind"], "group");
    assert_eq!(
        by_id["owner"],
        Value::Null,
        "GitLab names no owner for a group's project"
    );
    assert_eq!(by_id["creator_id"], 1);

    let branches = call(&gitlab, branches(Method::GET, 1)).await.unwrap();
    assert_eq!(
        pluck(&branches, "name"),
        json!(["feature/x", "fix/tokenizer", "main"])
    );
    let release = call(
        &gitlab,
        releases(Method::POST).json(json!({"tag_name": "v1.0.0"})),
    )
    .await
    .unwrap();
    assert_eq!(
        release["commit"]["title"], "Add CI pipeline",
        "v1.0.0 is an earlier commit of main"
    );
    assert_ne!(release["commit"]["id"], branches[2]["commit"]["id"]);
}

#[tokio::test]
async fn a_project_without_readme_is_empty_on_main_whatever_default_branch_says() {
    let (sandbox, gitlab) = setup().await;
    let body = json!({"name": "My Tool", "description": "Tools", "visibility": "internal",
                      "initialize_with_readme": false, "default_branch": "trunk"});
    let project = create(&gitlab, body.clone()).await.unwrap();
    assert_eq!(sandbox.requests()[0].body, body);
    assert_eq!(project["id"], 2);
    assert_eq!(project["path"], "my-tool");
    assert_eq!(project["path_with_namespace"], "sandbox-user/my-tool");
    assert_eq!(project["description"], "Tools");
    assert_eq!(project["visibility"], "internal");
    assert_eq!(project["default_branch"], "main");
    assert_eq!(project["empty_repo"], true);
    assert_eq!(project["readme_url"], Value::Null);
    let branches = call(&gitlab, branches(Method::GET, 2)).await.unwrap();
    assert_eq!(branches, json!([]));
}

#[tokio::test]
async fn a_readme_creates_the_default_branch_asked_for() {
    let (_sandbox, gitlab) = setup().await;
    let project = create(
        &gitlab,
        json!({"name": "docs", "initialize_with_readme": true, "default_branch": "trunk"}),
    )
    .await
    .unwrap();
    assert_eq!(project["default_branch"], "trunk");
    assert_eq!(project["empty_repo"], false);
    assert_eq!(project["visibility"], "private", "private unless asked");
    let plain = create(
        &gitlab,
        json!({"name": "plain", "initialize_with_readme": "true"}),
    )
    .await
    .unwrap();
    assert_eq!(plain["default_branch"], "main");
    let branches = call(&gitlab, branches(Method::GET, 3)).await.unwrap();
    assert_eq!(branches[0]["name"], "main");
    assert_eq!(branches[0]["default"], true);
}

#[tokio::test]
async fn creation_follows_gitlabs_rules() {
    let (sandbox, gitlab) = setup().await;
    // New projects go to the user's own namespace, where the demo group's name is free.
    let mine = create(&gitlab, json!({"name": "Sandbox"})).await.unwrap();
    assert_eq!(mine["path_with_namespace"], "sandbox-user/sandbox");
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
        let err = create(&gitlab, body.clone()).await.unwrap_err();
        assert_eq!(message(err), (400, expected.to_owned()), "{body}");
    }
    let listed = gitlab.send(projects(Method::GET, None)).await.unwrap();
    // The demo project, community/handbook and the one made above.
    assert_eq!(listed.total, Some(3), "nothing more was created");
    assert_eq!(sandbox.writes().len(), 8);
    let by_path = create(&gitlab, json!({"path": "only-path"})).await.unwrap();
    assert_eq!(
        (by_path["name"].clone(), by_path["path"].clone()),
        (json!("only-path"), json!("only-path"))
    );
}

#[tokio::test]
async fn projects_list_newest_first_with_search_and_pages() {
    let (_sandbox, gitlab) = setup().await;
    for name in ["alpha", "beta", "gamma"] {
        create(&gitlab, json!({"name": name, "visibility": "public"}))
            .await
            .unwrap();
    }
    let all = gitlab
        .send(projects(Method::GET, None).query("per_page", 2))
        .await
        .unwrap();
    assert_eq!(
        (pluck(&all.body, "name"), all.next_page, all.total),
        (json!(["gamma", "beta"]), Some(2), Some(5))
    );
    let cases: [(&[(&str, &str)], Value); 2] = [
        (&[("search", "ETA")], json!(["beta"])),
        (
            &[
                ("visibility", "public"),
                ("order_by", "name"),
                ("sort", "asc"),
            ],
            json!(["alpha", "beta", "gamma", "handbook"]),
        ),
    ];
    for (filters, expected) in cases {
        let listed = call(&gitlab, with_query(projects(Method::GET, None), filters))
            .await
            .unwrap();
        assert_eq!(pluck(&listed, "name"), expected, "{filters:?}");
    }
}

#[tokio::test]
async fn updates_check_names_and_branches() {
    let (_sandbox, gitlab) = setup().await;
    create(&gitlab, json!({"name": "other"})).await.unwrap();
    create(&gitlab, json!({"name": "another"})).await.unwrap();
    let update = |body: Value| {
        call(
            &gitlab,
            projects(Method::PUT, Some(&ProjectId::Id(1))).json(body),
        )
    };
    let updated = update(
        json!({"description": "Changed", "visibility": "public", "default_branch": "feature/x"}),
    )
    .await
    .unwrap();
    assert_eq!(updated["description"], "Changed");
    assert_eq!(updated["visibility"], "public");
    assert_eq!(updated["default_branch"], "feature/x");

    let err = update(json!({"default_branch": "nope"})).await.unwrap_err();
    assert_eq!(
        message(err),
        (
            400,
            "Could not change HEAD: branch 'nope' does not exist".to_owned()
        )
    );
    // Names are unique within a namespace: project 3 is next to "other".
    let rename = projects(Method::PUT, Some(&ProjectId::Id(3))).json(json!({"name": "other"}));
    let err = call(&gitlab, rename).await.unwrap_err();
    assert_eq!(
        message(err),
        (400, "name has already been taken".to_owned())
    );
    let err = update(json!({"topics": ["x"]})).await.unwrap_err();
    assert_eq!(
        message(err),
        (400, "name, path, description, visibility, default_branch, squash_option are missing, at least one parameter must be provided".to_owned())
    );
    let renamed = update(json!({"name": "Sandbox 2", "path": "sandbox-2"}))
        .await
        .unwrap();
    assert_eq!(renamed["path_with_namespace"], "demo/sandbox-2");
    let moved = ProjectId::Path("demo/sandbox-2".to_owned());
    assert!(
        call(&gitlab, projects(Method::GET, Some(&moved)))
            .await
            .is_ok()
    );
}

#[tokio::test]
async fn deleting_a_project_answers_202_and_it_is_gone() {
    let (_sandbox, gitlab) = setup().await;
    let created = create(&gitlab, json!({"name": "gone"})).await.unwrap();
    let id = ProjectId::Id(created["id"].as_u64().unwrap());
    let answer = call(&gitlab, projects(Method::DELETE, Some(&id))).await;
    assert_eq!(answer.unwrap(), json!({"message": "202 Accepted"}));
    let err = call(&gitlab, projects(Method::GET, Some(&id)))
        .await
        .unwrap_err();
    assert_eq!(message(err), (404, "404 Project Not Found".to_owned()));
    let err = call(&gitlab, projects(Method::DELETE, Some(&id)))
        .await
        .unwrap_err();
    assert_eq!(err.status(), Some(404));
}
