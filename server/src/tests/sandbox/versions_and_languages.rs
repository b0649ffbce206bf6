//! A merge request's diff versions and a project's languages, through the real client.

use crate::gitlab::{ApiRequest, ProjectId};
use crate::tests::common::{call, demo, merge_request, message, pluck, setup};
use reqwest::Method;
use serde_json::json;

#[tokio::test]
async fn a_merge_request_has_its_current_diff_as_a_version() {
    let (_sandbox, gitlab) = setup().await;
    let mr = call(&gitlab, merge_request(Method::GET, 1)).await.unwrap();
    let versions = call(&gitlab, merge_request(Method::GET, 1).segment("versions"))
        .await
        .unwrap();
    assert_eq!(versions.as_array().unwrap().len(), 1);
    let version = &versions[0];
    assert_eq!(version["id"], mr["id"]);
    assert_eq!(version["merge_request_id"], mr["id"]);
    assert_eq!(version["head_commit_sha"], mr["diff_refs"]["head_sha"]);
    assert_eq!(version["base_commit_sha"], mr["diff_refs"]["base_sha"]);
    assert_eq!(version["start_commit_sha"], mr["diff_refs"]["start_sha"]);
    assert_eq!(version["state"], "collected");
    let changes = call(&gitlab, merge_request(Method::GET, 1).segment("changes"))
        .await
        .unwrap();
    assert_eq!(version["real_size"], changes["changes_count"]);

    let id = version["id"].as_u64().unwrap();
    let detail = call(
        &gitlab,
        merge_request(Method::GET, 1)
            .segment("versions")
            .segment(id),
    )
    .await
    .unwrap();
    assert_eq!(detail["head_commit_sha"], version["head_commit_sha"]);
    let commits = call(&gitlab, merge_request(Method::GET, 1).segment("commits"))
        .await
        .unwrap();
    assert_eq!(pluck(&detail["commits"], "id"), pluck(&commits, "id"));
    assert_eq!(
        pluck(&detail["diffs"], "new_path"),
        pluck(&changes["changes"], "new_path")
    );

    for (request, expected) in [
        (
            merge_request(Method::GET, 1)
                .segment("versions")
                .segment(999),
            (404, "404 Not found"),
        ),
        (
            merge_request(Method::GET, 1)
                .segment("versions")
                .segment("x"),
            (400, "version_id is invalid"),
        ),
        (
            merge_request(Method::GET, 99).segment("versions"),
            (404, "404 Not found"),
        ),
    ] {
        let err = call(&gitlab, request).await.unwrap_err();
        assert_eq!(message(err), (expected.0, expected.1.to_owned()));
    }
}

#[tokio::test]
async fn languages_are_shares_of_the_default_branchs_code() {
    let (sandbox, gitlab) = setup().await;
    let demo_languages = call(
        &gitlab,
        ApiRequest::new(Method::GET)
            .project(&demo())
            .segment("languages"),
    )
    .await
    .unwrap();
    assert_eq!(
        demo_languages,
        json!({"Rust": 100.0}),
        "prose and data do not count"
    );

    let project = call(
        &gitlab,
        ApiRequest::new(Method::POST)
            .segment("projects")
            .json(json!({"name": "polyglot", "initialize_with_readme": true})),
    )
    .await
    .unwrap();
    let id = ProjectId::Id(project["id"].as_u64().unwrap());
    let empty = call(
        &gitlab,
        ApiRequest::new(Method::GET)
            .project(&id)
            .segment("languages"),
    )
    .await
    .unwrap();
    assert_eq!(empty, json!({}), "a README is prose");
    for (path, size) in [
        ("src/main.rs", 200),
        ("tools/gen.py", 100),
        ("docs/x.py", 500),
    ] {
        call(
            &gitlab,
            ApiRequest::new(Method::POST)
                .project(&id)
                .segment("repository")
                .segment("files")
                .segment(path)
                .json(json!({
                    "branch": "main",
                    "content": "x".repeat(size),
                    "commit_message": format!("Add {path}"),
                })),
        )
        .await
        .unwrap();
    }
    let languages = call(
        &gitlab,
        ApiRequest::new(Method::GET)
            .project(&id)
            .segment("languages"),
    )
    .await
    .unwrap();
    assert_eq!(languages, json!({"Rust": 66.67, "Python": 33.33}));
    let raw = reqwest::get(format!(
        "{}api/v4/projects/{}/languages",
        sandbox.base_url(),
        project["id"]
    ))
    .await
    .unwrap()
    .text()
    .await
    .unwrap();
    assert_eq!(
        raw, r#"{"Rust":66.67,"Python":33.33}"#,
        "biggest share first"
    );

    let err = call(
        &gitlab,
        ApiRequest::new(Method::GET)
            .project(&ProjectId::Id(999))
            .segment("languages"),
    )
    .await
    .unwrap_err();
    assert_eq!(message(err), (404, "404 Project Not Found".to_owned()));
}
