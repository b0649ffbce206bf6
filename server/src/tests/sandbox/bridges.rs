//! Pipeline bridges (trigger jobs), through the real client: a pipeline made from a
//! `.gitlab-ci.yml` with a `trigger:` job lists it under `…/bridges`, not among its jobs;
//! the seeded pipelines have none.

use crate::gitlab::{ApiRequest, GitLab};
use crate::tests::common::{call, demo, demo_item, message, on_demo, pluck, setup, with_query};
use reqwest::Method;
use serde_json::{Value, json};

const CONFIG: &str = "stages: [build, deploy]
build:
  stage: build
  script: cargo build
docs:
  stage: deploy
  trigger:
    project: demo/docs
";

/// A new pipeline on a branch whose `.gitlab-ci.yml` is [`CONFIG`]; its id.
async fn pipeline_with_a_bridge(gitlab: &GitLab) -> u64 {
    let repository = || {
        ApiRequest::new(Method::POST)
            .project(&demo())
            .segment("repository")
    };
    call(
        gitlab,
        repository()
            .segment("branches")
            .json(json!({"branch": "ci/trigger", "ref": "main"})),
    )
    .await
    .unwrap();
    call(
        gitlab,
        ApiRequest::new(Method::PUT)
            .project(&demo())
            .segment("repository")
            .segment("files")
            .segment(".gitlab-ci.yml")
            .json(json!({
                "branch": "ci/trigger",
                "content": CONFIG,
                "commit_message": "Trigger the docs pipeline",
            })),
    )
    .await
    .unwrap();
    let created = call(
        gitlab,
        ApiRequest::new(Method::POST)
            .project(&demo())
            .segment("pipeline")
            .json(json!({"ref": "ci/trigger"})),
    )
    .await
    .unwrap();
    created["id"].as_u64().unwrap()
}

#[tokio::test]
async fn a_trigger_job_is_a_bridge_not_a_job() {
    let (_sandbox, gitlab) = setup().await;
    let id = pipeline_with_a_bridge(&gitlab).await;
    let bridges = call(
        &gitlab,
        demo_item(Method::GET, "pipelines", id, Some("bridges")),
    )
    .await
    .unwrap();
    assert_eq!(pluck(&bridges, "name"), json!(["docs"]));
    let bridge = &bridges[0];
    assert_eq!(bridge["stage"], "deploy");
    assert_eq!(bridge["status"], "created", "a later stage waits");
    assert_eq!(bridge["ref"], "ci/trigger");
    assert_eq!(bridge["pipeline"]["id"], id);
    assert_eq!(bridge["user"]["username"], "sandbox-user");
    assert_eq!(
        bridge["downstream_pipeline"],
        Value::Null,
        "nothing runs by itself"
    );
    assert_eq!(
        bridge.get("artifacts"),
        None,
        "a bridge has no job-only fields"
    );

    let jobs = call(
        &gitlab,
        demo_item(Method::GET, "pipelines", id, Some("jobs")),
    )
    .await
    .unwrap();
    assert_eq!(pluck(&jobs, "name"), json!(["build"]));
    let all_jobs = call(&gitlab, on_demo(Method::GET, "jobs")).await.unwrap();
    assert!(
        !pluck(&all_jobs, "name")
            .as_array()
            .unwrap()
            .contains(&json!("docs"))
    );
    let bridge_id = bridge["id"].as_u64().unwrap();
    let err = call(&gitlab, demo_item(Method::GET, "jobs", bridge_id, None))
        .await
        .unwrap_err();
    assert_eq!(message(err), (404, "404 Not found".to_owned()));

    let pipeline = call(&gitlab, demo_item(Method::GET, "pipelines", id, None))
        .await
        .unwrap();
    assert_eq!(pipeline["status"], "pending");
}

#[tokio::test]
async fn bridges_filter_by_scope_and_answer_gitlabs_refusals() {
    let (_sandbox, gitlab) = setup().await;
    let id = pipeline_with_a_bridge(&gitlab).await;
    let bridges = |query: &[(&str, &str)]| {
        call(
            &gitlab,
            with_query(
                demo_item(Method::GET, "pipelines", id, Some("bridges")),
                query,
            ),
        )
    };
    assert_eq!(
        pluck(&bridges(&[("scope", "created")]).await.unwrap(), "name"),
        json!(["docs"])
    );
    assert_eq!(bridges(&[("scope[]", "success")]).await.unwrap(), json!([]));
    let err = bridges(&[("scope", "done")]).await.unwrap_err();
    assert_eq!(
        message(err),
        (400, "scope does not have a valid value".to_owned())
    );

    let seeded = call(
        &gitlab,
        demo_item(Method::GET, "pipelines", 2, Some("bridges")),
    )
    .await
    .unwrap();
    assert_eq!(seeded, json!([]));
    let err = call(
        &gitlab,
        demo_item(Method::GET, "pipelines", 99, Some("bridges")),
    )
    .await
    .unwrap_err();
    assert_eq!(message(err), (404, "404 Not found".to_owned()));
}

#[tokio::test]
async fn trigger_jobs_is_the_newer_name_of_the_same_list() {
    let (_sandbox, gitlab) = setup().await;
    let id = pipeline_with_a_bridge(&gitlab).await;
    let list = |path: &str, query: &[(&str, &str)]| {
        call(
            &gitlab,
            with_query(demo_item(Method::GET, "pipelines", id, Some(path)), query),
        )
    };
    let bridges = list("bridges", &[]).await.unwrap();
    assert_eq!(list("trigger_jobs", &[]).await.unwrap(), bridges);
    let both = [("scope[]", "created"), ("scope[]", "failed")];
    assert_eq!(
        pluck(&list("trigger_jobs", &both).await.unwrap(), "name"),
        json!(["docs"])
    );
    let err = list("trigger_jobs", &[("scope", "done")])
        .await
        .unwrap_err();
    assert_eq!(
        message(err),
        (400, "scope does not have a valid value".to_owned())
    );
}
