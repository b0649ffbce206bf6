//! The sandbox's pipelines, through the real client: the seeded pipelines (1 passed, 2 failed,
//! 3 running), GitLab's list filters and pagination, their jobs, creating a pipeline from the
//! project's `.gitlab-ci.yml`, retrying, canceling and deleting.

use crate::gitlab::{ApiRequest, GitLab, GitLabError, ProjectId};
use crate::tests::common::{call, demo_item, message, on_demo, pluck, refusal, setup, with_query};
use reqwest::Method;
use serde_json::{Value, json};

async fn list(gitlab: &GitLab, pairs: &[(&str, &str)]) -> Result<Value, GitLabError> {
    call(gitlab, with_query(on_demo(Method::GET, "pipelines"), pairs)).await
}

async fn ids(gitlab: &GitLab, pairs: &[(&str, &str)]) -> Value {
    pluck(&list(gitlab, pairs).await.unwrap(), "id")
}

fn pipeline(method: Method, id: u64, action: Option<&str>) -> ApiRequest {
    demo_item(method, "pipelines", id, action)
}

async fn create(gitlab: &GitLab, body: Value) -> Result<Value, GitLabError> {
    call(gitlab, on_demo(Method::POST, "pipeline").json(body)).await
}

#[tokio::test]
async fn the_seeded_pipelines_list_newest_first_in_gitlabs_shape() {
    let (sandbox, gitlab) = setup().await;
    let listed = gitlab
        .send(on_demo(Method::GET, "pipelines"))
        .await
        .unwrap();
    assert_eq!(listed.total, Some(3));
    let body = listed.body;
    assert_eq!(pluck(&body, "id"), json!([3, 2, 1]));
    assert_eq!(
        pluck(&body, "status"),
        json!(["running", "failed", "success"])
    );
    let failed = &body[1];
    let keys: Vec<&str> = failed
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    for key in [
        "id",
        "iid",
        "project_id",
        "sha",
        "ref",
        "status",
        "source",
        "created_at",
        "updated_at",
        "web_url",
        "name",
    ] {
        assert!(keys.contains(&key), "{key} in {keys:?}");
    }
    assert_eq!(failed["ref"], "main");
    assert_eq!(failed["source"], "push");
    assert_eq!(failed["name"], Value::Null);
    assert_eq!(
        failed["web_url"],
        format!("{}demo/sandbox/-/pipelines/2", sandbox.base_url())
    );
    let page = gitlab
        .send(with_query(
            on_demo(Method::GET, "pipelines"),
            &[("per_page", "2"), ("page", "2")],
        ))
        .await
        .unwrap();
    assert_eq!(pluck(&page.body, "id"), json!([1]));
    assert_eq!((page.next_page, page.total), (None, Some(3)));
}

#[tokio::test]
async fn list_filters_are_gitlabs() {
    let (_sandbox, gitlab) = setup().await;
    let cases: &[(&[(&str, &str)], Value)] = &[
        (&[("status", "failed")], json!([2])),
        (&[("scope", "finished")], json!([2, 1])),
        (&[("scope", "running")], json!([3])),
        (&[("scope", "pending")], json!([])),
        // The newest pipeline of each branch; no pipeline ran for a tag.
        (&[("scope", "branches")], json!([3, 2])),
        (&[("scope", "tags")], json!([])),
        (&[("ref", "main")], json!([2, 1])),
        (&[("username", "alice")], json!([3, 2])),
        (&[("username", "nobody")], json!([])),
        (&[("source", "push")], json!([3, 2, 1])),
        (&[("source", "web")], json!([])),
        (&[("yaml_errors", "true")], json!([])),
        (&[("order_by", "status"), ("sort", "asc")], json!([2, 3, 1])),
        (&[("sort", "asc")], json!([1, 2, 3])),
        (&[("updated_after", "2026-01-10")], json!([3, 2])),
        (&[("created_before", "2026-01-10")], json!([1])),
    ];
    for (pairs, expected) in cases {
        assert_eq!(&ids(&gitlab, pairs).await, expected, "{pairs:?}");
    }
    let refused = [
        (("scope", "mine"), "scope does not have a valid value"),
        (("status", "done"), "status does not have a valid value"),
        (("order_by", "name"), "order_by does not have a valid value"),
        (("source", "cron"), "source does not have a valid value"),
        (("updated_after", "yesterday"), "updated_after is invalid"),
    ];
    for (pair, expected) in refused {
        let err = list(&gitlab, &[pair]).await.unwrap_err();
        assert_eq!(message(err), (400, expected.to_owned()), "{pair:?}");
    }
}

#[tokio::test]
async fn a_pipeline_shows_in_full_and_unknown_ones_are_gitlabs_404() {
    let (_sandbox, gitlab) = setup().await;
    let failed = call(&gitlab, pipeline(Method::GET, 2, None)).await.unwrap();
    assert_eq!(failed["status"], "failed");
    assert_eq!(failed["user"]["username"], "alice");
    assert_eq!(failed["detailed_status"]["text"], "failed");
    assert_eq!(failed["detailed_status"]["group"], "failed");
    assert_eq!(failed["before_sha"].as_str().unwrap().len(), 40);
    assert!(failed["finished_at"].is_string());
    let running = call(&gitlab, pipeline(Method::GET, 3, None)).await.unwrap();
    assert_eq!(
        (running["status"].clone(), running["ref"].clone()),
        (json!("running"), json!("fix/tokenizer"))
    );
    assert_eq!(running["finished_at"], Value::Null);
    let by_number = ApiRequest::get()
        .project(&ProjectId::Id(1))
        .segment("pipelines")
        .segment(1);
    assert_eq!(
        call(&gitlab, by_number).await.unwrap()["detailed_status"]["text"],
        "passed"
    );

    let err = call(&gitlab, pipeline(Method::GET, 99, None))
        .await
        .unwrap_err();
    assert_eq!(message(err), (404, "404 Not found".to_owned()));
    let err = call(&gitlab, on_demo(Method::GET, "pipelines").segment("abc"))
        .await
        .unwrap_err();
    assert_eq!(message(err), (400, "pipeline_id is invalid".to_owned()));
    let latest = call(&gitlab, on_demo(Method::GET, "pipelines").segment("latest"))
        .await
        .unwrap();
    assert_eq!(latest["id"], 2, "the newest pipeline of the default branch");
    let latest_fix = call(
        &gitlab,
        with_query(
            on_demo(Method::GET, "pipelines").segment("latest"),
            &[("ref", "fix/tokenizer")],
        ),
    )
    .await
    .unwrap();
    assert_eq!(latest_fix["id"], 3);
}

#[tokio::test]
async fn pipeline_jobs_list_newest_first_with_scope_filters() {
    let (_sandbox, gitlab) = setup().await;
    let jobs = |pairs: &'static [(&'static str, &'static str)]| {
        let gitlab = gitlab.clone();
        async move {
            call(
                &gitlab,
                with_query(pipeline(Method::GET, 2, Some("jobs")), pairs),
            )
            .await
        }
    };
    let all = jobs(&[]).await.unwrap();
    assert_eq!(pluck(&all, "id"), json!([8, 7, 6, 5]));
    assert_eq!(
        pluck(&all, "status"),
        json!(["manual", "success", "failed", "success"])
    );
    assert_eq!(all[2]["name"], "test");
    assert_eq!(all[2]["failure_reason"], "script_failure");
    assert_eq!(all[2]["pipeline"]["id"], 2);
    assert_eq!(
        pluck(&jobs(&[("scope", "failed")]).await.unwrap(), "id"),
        json!([6])
    );
    assert_eq!(
        pluck(
            &jobs(&[("scope[]", "success"), ("scope[]", "manual")])
                .await
                .unwrap(),
            "id"
        ),
        json!([8, 7, 5])
    );
    let err = jobs(&[("scope", "broken")]).await.unwrap_err();
    assert_eq!(
        message(err),
        (400, "scope does not have a valid value".to_owned())
    );
    let running = call(&gitlab, pipeline(Method::GET, 3, Some("jobs")))
        .await
        .unwrap();
    assert_eq!(
        pluck(&running, "status"),
        json!(["created", "pending", "running", "success"])
    );
    let err = call(&gitlab, pipeline(Method::GET, 42, Some("jobs")))
        .await
        .unwrap_err();
    assert_eq!(message(err), (404, "404 Not found".to_owned()));
}

#[tokio::test]
async fn a_new_pipeline_runs_the_ci_configuration_of_its_ref() {
    let (sandbox, gitlab) = setup().await;
    let body = json!({"ref": "main", "variables": [
        {"key": "DEPLOY_TARGET", "value": "staging"},
        {"key": "CONFIG", "value": "a=1", "variable_type": "file"}
    ]});
    let created = create(&gitlab, body.clone()).await.unwrap();
    assert_eq!(sandbox.writes()[0].body, body);
    assert_eq!(created["id"], 4);
    assert_eq!(created["iid"], 4);
    assert_eq!(created["source"], "api");
    assert_eq!(created["status"], "pending");
    assert_eq!(created["user"]["username"], "sandbox-user");
    assert_eq!(created["before_sha"], "0".repeat(40));
    let main = call(&gitlab, pipeline(Method::GET, 2, None)).await.unwrap();
    assert_eq!(created["sha"], main["sha"], "the head of main");
    let jobs = call(&gitlab, pipeline(Method::GET, 4, Some("jobs")))
        .await
        .unwrap();
    let summary: Vec<(Value, Value, Value)> = jobs
        .as_array()
        .unwrap()
        .iter()
        .map(|j| (j["name"].clone(), j["stage"].clone(), j["status"].clone()))
        .collect();
    assert_eq!(
        summary,
        [
            (json!("deploy"), json!("deploy"), json!("created")),
            (json!("lint"), json!("test"), json!("created")),
            (json!("test"), json!("test"), json!("created")),
            (json!("build"), json!("build"), json!("pending")),
        ]
    );
    assert_eq!(jobs[0]["allow_failure"], true, "manual jobs may fail");
    let variables = call(&gitlab, pipeline(Method::GET, 4, Some("variables")))
        .await
        .unwrap();
    assert_eq!(
        variables,
        json!([
            {"variable_type": "env_var", "key": "DEPLOY_TARGET", "value": "staging", "raw": false},
            {"variable_type": "file", "key": "CONFIG", "value": "a=1", "raw": false}
        ])
    );
    let seeded = call(&gitlab, pipeline(Method::GET, 1, Some("variables")))
        .await
        .unwrap();
    assert_eq!(seeded, json!([]));
    let on_tag = create(&gitlab, json!({"ref": "v1.0.0"})).await.unwrap();
    assert_eq!(
        (on_tag["tag"].clone(), on_tag["iid"].clone()),
        (json!(true), json!(5))
    );
}

#[tokio::test]
async fn pipeline_creation_is_refused_as_gitlab_refuses_it() {
    let (_sandbox, gitlab) = setup().await;
    let err = create(&gitlab, json!({})).await.unwrap_err();
    assert_eq!(message(err), (400, "ref is missing".to_owned()));
    let err = create(&gitlab, json!({"ref": "nope"})).await.unwrap_err();
    assert_eq!(
        refusal(err),
        (400, json!({"message": {"base": ["Reference not found"]}}))
    );
    let bad_type = json!({"ref": "main", "variables": [{"key": "A", "value": "b", "variable_type": "secret"}]});
    let err = create(&gitlab, bad_type).await.unwrap_err();
    assert_eq!(
        message(err),
        (
            400,
            "variables[0][variable_type] does not have a valid value".to_owned()
        )
    );
    let no_key = json!({"ref": "main", "variables": [{"value": "b"}]});
    let err = create(&gitlab, no_key).await.unwrap_err();
    assert_eq!(
        refusal(err).1["message"]["base"][0],
        "Failed to persist the pipeline: Validation failed: Variables key can't be blank"
    );
    // A project whose repository has no `.gitlab-ci.yml`.
    let project = json!({"name": "bare", "initialize_with_readme": true});
    call(
        &gitlab,
        ApiRequest::post().segment("projects").json(project),
    )
    .await
    .unwrap();
    let bare = ApiRequest::post()
        .project(&ProjectId::Id(2))
        .segment("pipeline")
        .json(json!({"ref": "main"}));
    let err = call(&gitlab, bare).await.unwrap_err();
    assert_eq!(
        refusal(err),
        (
            400,
            json!({"message": {"base": ["Missing CI config file"]}})
        )
    );
    let err = call(
        &gitlab,
        ApiRequest::post()
            .project(&ProjectId::Id(99))
            .segment("pipeline")
            .json(json!({"ref": "main"})),
    )
    .await
    .unwrap_err();
    assert_eq!(message(err), (404, "404 Project Not Found".to_owned()));
}

#[tokio::test]
async fn retry_cancel_and_delete_follow_gitlabs_status_rule() {
    let (sandbox, gitlab) = setup().await;
    let retried = gitlab
        .send(pipeline(Method::POST, 2, Some("retry")))
        .await
        .unwrap();
    assert_eq!(retried.status, 201);
    assert_eq!(
        retried.body["status"], "running",
        "a new test job is pending"
    );
    assert_eq!(retried.body["finished_at"], Value::Null);
    let jobs = call(&gitlab, pipeline(Method::GET, 2, Some("jobs")))
        .await
        .unwrap();
    assert_eq!(pluck(&jobs, "id"), json!([13, 8, 7, 5]));
    assert_eq!(
        (jobs[0]["name"].clone(), jobs[0]["status"].clone()),
        (json!("test"), json!("pending"))
    );
    let with_retried = call(
        &gitlab,
        with_query(
            pipeline(Method::GET, 2, Some("jobs")),
            &[("include_retried", "true")],
        ),
    )
    .await
    .unwrap();
    assert_eq!(pluck(&with_retried, "id"), json!([13, 8, 7, 6, 5]));

    let canceled = gitlab
        .send(pipeline(Method::POST, 3, Some("cancel")))
        .await
        .unwrap();
    assert_eq!(canceled.status, 200, "GitLab answers a cancel with 200");
    assert_eq!(canceled.body["status"], "canceled");
    let jobs = call(&gitlab, pipeline(Method::GET, 3, Some("jobs")))
        .await
        .unwrap();
    assert_eq!(
        pluck(&jobs, "status"),
        json!(["canceled", "canceled", "canceled", "success"])
    );
    // Nothing left to cancel: still 200 with the pipeline.
    let again = gitlab
        .send(pipeline(Method::POST, 1, Some("cancel")))
        .await
        .unwrap();
    assert_eq!(
        (again.status, again.body["status"].clone()),
        (200, json!("success"))
    );

    sandbox.clear_requests();
    let deleted = gitlab
        .send(pipeline(Method::DELETE, 3, None))
        .await
        .unwrap();
    assert_eq!((deleted.status, deleted.body.clone()), (204, Value::Null));
    let err = call(&gitlab, demo_item(Method::GET, "jobs", 10, None))
        .await
        .unwrap_err();
    assert_eq!(
        message(err),
        (404, "404 Not found".to_owned()),
        "its jobs went with it"
    );
    assert_eq!(ids(&gitlab, &[]).await, json!([2, 1]));
    let err = call(&gitlab, pipeline(Method::DELETE, 3, None))
        .await
        .unwrap_err();
    assert_eq!(message(err), (404, "404 Not found".to_owned()));
}
