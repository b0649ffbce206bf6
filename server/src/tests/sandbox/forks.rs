//! The sandbox's forks, archiving and project listing, through the real client: forking
//! demo/sandbox (a copy sharing the repository's commits, `forked_from_project` set),
//! GitLab's errors for taken paths and unknown namespaces, an archived project refusing
//! changes, and listing by membership, ownership and last activity.

use std::time::Duration;

use crate::gitlab::{ApiRequest, GitLab, GitLabError, ProjectId};
use crate::tests::common::{
    branches, call, demo, issues, message, pluck, refusal, setup, with_query,
};
use reqwest::Method;
use serde_json::{Value, json};

async fn fork(gitlab: &GitLab, body: Value) -> Result<Value, GitLabError> {
    call(
        gitlab,
        ApiRequest::post()
            .project(&demo())
            .segment("fork")
            .json(body),
    )
    .await
}

fn project(method: Method, id: u64) -> ApiRequest {
    ApiRequest::new(method).project(&ProjectId::Id(id))
}

#[tokio::test]
async fn a_fork_is_a_copy_in_the_users_namespace() {
    let (sandbox, gitlab) = setup().await;
    let forked = gitlab
        .send(ApiRequest::post().project(&demo()).segment("fork"))
        .await
        .unwrap();
    assert_eq!(forked.status, 201);
    let forked = forked.body;
    assert_eq!(forked["id"], 2);
    assert_eq!(forked["path_with_namespace"], "sandbox-user/sandbox");
    assert_eq!(forked["namespace"]["kind"], "user");
    assert_eq!(forked["owner"]["username"], "sandbox-user");
    assert_eq!(forked["default_branch"], "main");
    assert_eq!(forked["visibility"], "private");
    assert_eq!(forked["empty_repo"], false);
    assert_eq!(forked["forked_from_project"]["id"], 1);
    assert_eq!(
        forked["forked_from_project"]["path_with_namespace"],
        "demo/sandbox"
    );
    assert_eq!(
        forked["web_url"],
        format!("{}sandbox-user/sandbox", sandbox.base_url())
    );
    let source = call(&gitlab, project(Method::GET, 1)).await.unwrap();
    assert_eq!(source["forks_count"], 1);
    assert_eq!(source.get("forked_from_project"), None);

    let theirs = call(&gitlab, branches(Method::GET, 1)).await.unwrap();
    let mine = call(&gitlab, branches(Method::GET, 2)).await.unwrap();
    assert_eq!(pluck(&mine, "name"), pluck(&theirs, "name"));
    let heads = |list: &Value| -> Vec<Value> {
        list.as_array()
            .unwrap()
            .iter()
            .map(|b| b["commit"]["id"].clone())
            .collect()
    };
    assert_eq!(heads(&mine), heads(&theirs), "the same commits");
    // The fork's repository moves on its own.
    call(
        &gitlab,
        branches(Method::POST, 2).json(json!({"branch": "mine", "ref": "main"})),
    )
    .await
    .unwrap();
    let theirs_after = call(&gitlab, branches(Method::GET, 1)).await.unwrap();
    assert_eq!(theirs_after, theirs);
    // Issues, pipelines and the wiki stay with the source.
    let fork_issues = call(&gitlab, project(Method::GET, 2).segment("issues"))
        .await
        .unwrap();
    assert_eq!(fork_issues, json!([]));
}

#[tokio::test]
async fn forks_take_a_namespace_name_path_and_branch() {
    let (_sandbox, gitlab) = setup().await;
    let named = fork(
        &gitlab,
        json!({"namespace_path": "demo", "name": "Sandbox two", "path": "sandbox-2",
               "description": "Mine", "visibility": "public"}),
    )
    .await
    .unwrap();
    assert_eq!(named["path_with_namespace"], "demo/sandbox-2");
    assert_eq!(named["name"], "Sandbox two");
    assert_eq!(named["description"], "Mine");
    assert_eq!(
        named["visibility"], "private",
        "a fork is never more visible than its source"
    );
    assert_eq!(named.get("owner"), None, "a group's project has no owner");
    let one_branch = fork(&gitlab, json!({"namespace_id": 2, "branches": "feature/x"}))
        .await
        .unwrap();
    assert_eq!(one_branch["path_with_namespace"], "alice/sandbox");
    assert_eq!(one_branch["default_branch"], "feature/x");
    let id = one_branch["id"].as_u64().unwrap();
    let names = pluck(
        &call(&gitlab, branches(Method::GET, id)).await.unwrap(),
        "name",
    );
    assert_eq!(names, json!(["feature/x"]));
}

#[tokio::test]
async fn forks_are_refused_with_gitlabs_errors() {
    let (_sandbox, gitlab) = setup().await;
    fork(&gitlab, json!({})).await.unwrap();
    let err = fork(&gitlab, json!({})).await.unwrap_err();
    assert_eq!(
        refusal(err),
        (
            409,
            json!({"message": ["Name has already been taken", "Path has already been taken"]})
        )
    );
    let err = fork(&gitlab, json!({"namespace": "demo", "name": "Other"}))
        .await
        .unwrap_err();
    assert_eq!(
        refusal(err),
        (409, json!({"message": ["Path has already been taken"]}))
    );
    let refused = [
        (json!({"namespace_id": 99}), 404, "404 Namespace Not Found"),
        (
            json!({"namespace_path": "nobody"}),
            404,
            "404 Namespace Not Found",
        ),
        (
            json!({"namespace_id": "demo"}),
            400,
            "namespace_id is invalid",
        ),
        (
            json!({"branches": "nope", "path": "x"}),
            404,
            "404 Source Branch Not Found",
        ),
        (
            json!({"visibility": "secret"}),
            400,
            "visibility does not have a valid value",
        ),
    ];
    for (body, status, expected) in refused {
        let err = fork(&gitlab, body.clone()).await.unwrap_err();
        assert_eq!(message(err), (status, expected.to_owned()), "{body}");
    }
    let err = call(&gitlab, project(Method::POST, 42).segment("fork"))
        .await
        .unwrap_err();
    assert_eq!(message(err), (404, "404 Project Not Found".to_owned()));
}

#[tokio::test]
async fn an_archived_project_refuses_changes_until_unarchived() {
    let (_sandbox, gitlab) = setup().await;
    let archived = gitlab
        .send(ApiRequest::post().project(&demo()).segment("archive"))
        .await
        .unwrap();
    assert_eq!(
        (archived.status, archived.body["archived"].clone()),
        (201, json!(true))
    );
    let again = call(
        &gitlab,
        ApiRequest::post().project(&demo()).segment("archive"),
    )
    .await
    .unwrap();
    assert_eq!(again["archived"], true, "archiving twice is no error");
    let writes = [
        issues(Method::POST).json(json!({"title": "x"})),
        ApiRequest::post()
            .project(&demo())
            .segment("pipeline")
            .json(json!({"ref": "main"})),
        ApiRequest::put()
            .project(&demo())
            .segment("labels")
            .segment("bug")
            .json(json!({"color": "#000000"})),
        branches(Method::POST, 1).json(json!({"branch": "x", "ref": "main"})),
        ApiRequest::post()
            .project(&demo())
            .segment("jobs")
            .segment(6)
            .segment("retry"),
    ];
    for write in writes {
        let err = call(&gitlab, write).await.unwrap_err();
        assert_eq!(message(err), (403, "403 Forbidden".to_owned()));
    }
    // Reading, settings and forking still work.
    assert_eq!(
        call(&gitlab, issues(Method::GET))
            .await
            .unwrap()
            .as_array()
            .unwrap()
            .len(),
        2
    );
    let renamed = call(
        &gitlab,
        project(Method::PUT, 1).json(json!({"description": "Archived demo"})),
    )
    .await
    .unwrap();
    assert_eq!(renamed["description"], "Archived demo");
    fork(&gitlab, json!({})).await.unwrap();
    let listed = call(
        &gitlab,
        with_query(
            ApiRequest::get().segment("projects"),
            &[("archived", "true")],
        ),
    )
    .await
    .unwrap();
    assert_eq!(pluck(&listed, "id"), json!([1]));

    let unarchived = gitlab
        .send(ApiRequest::post().project(&demo()).segment("unarchive"))
        .await
        .unwrap();
    assert_eq!(
        (unarchived.status, unarchived.body["archived"].clone()),
        (201, json!(false))
    );
    call(&gitlab, issues(Method::POST).json(json!({"title": "x"})))
        .await
        .unwrap();
}

#[tokio::test]
async fn projects_list_by_membership_ownership_and_last_activity() {
    let (_sandbox, gitlab) = setup().await;
    let list = |pairs: &'static [(&'static str, &'static str)]| {
        let gitlab = gitlab.clone();
        async move {
            let listed = call(
                &gitlab,
                with_query(ApiRequest::get().segment("projects"), pairs),
            )
            .await
            .unwrap();
            pluck(&listed, "id")
        }
    };
    call(
        &gitlab,
        ApiRequest::post()
            .segment("projects")
            .json(json!({"name": "recent"})),
    )
    .await
    .unwrap();
    tokio::time::sleep(Duration::from_millis(5)).await;
    call(
        &gitlab,
        issues(Method::POST).json(json!({"title": "Touch the demo"})),
    )
    .await
    .unwrap();
    assert_eq!(
        list(&[("membership", "true"), ("order_by", "last_activity_at")]).await,
        json!([1, 2])
    );
    tokio::time::sleep(Duration::from_millis(5)).await;
    call(
        &gitlab,
        project(Method::POST, 2)
            .segment("labels")
            .json(json!({"name": "x", "color": "#fff"})),
    )
    .await
    .unwrap();
    assert_eq!(
        list(&[("membership", "true"), ("order_by", "last_activity_at")]).await,
        json!([2, 1]),
        "any change moves a project's last activity"
    );
    assert_eq!(list(&[("owned", "true")]).await, json!([2, 1]));
    assert_eq!(list(&[("min_access_level", "50")]).await, json!([2, 1]));
    assert_eq!(
        list(&[("archived", "false"), ("sort", "asc")]).await,
        json!([100, 1, 2])
    );
    let err = call(
        &gitlab,
        with_query(
            ApiRequest::get().segment("projects"),
            &[("order_by", "stars")],
        ),
    )
    .await
    .unwrap_err();
    assert_eq!(
        message(err),
        (400, "order_by does not have a valid value".to_owned())
    );
}
