//! The sandbox's jobs, through the real client: the seeded jobs (the failed `test` job 6 of
//! pipeline 2 and its log, the running job 10 of pipeline 3), the raw log, and GitLab's rules
//! for retrying, canceling, playing and erasing a job.

use crate::gitlab::{ApiRequest, GitLab, GitLabError};
use crate::tests::common::{call, demo_item, message, on_demo, pluck, setup, with_query};
use reqwest::Method;
use serde_json::{Value, json};

fn job(method: Method, id: u64, action: Option<&str>) -> ApiRequest {
    demo_item(method, "jobs", id, action)
}

async fn act(gitlab: &GitLab, id: u64, action: &str) -> Result<(u16, Value), GitLabError> {
    let answer = gitlab.send(job(Method::POST, id, Some(action))).await?;
    Ok((answer.status, answer.body))
}

#[tokio::test]
async fn a_job_has_gitlabs_shape() {
    let (sandbox, gitlab) = setup().await;
    let test = call(&gitlab, job(Method::GET, 6, None)).await.unwrap();
    assert_eq!(test["id"], 6);
    assert_eq!(test["name"], "test");
    assert_eq!(test["stage"], "test");
    assert_eq!(test["status"], "failed");
    assert_eq!(test["ref"], "main");
    assert_eq!(test["failure_reason"], "script_failure");
    assert_eq!(test["allow_failure"], false);
    assert_eq!(test["erased_at"], Value::Null);
    assert_eq!(test["user"]["username"], "alice");
    assert_eq!(test["commit"]["title"], "Test tokenizing a whole sentence");
    assert_eq!(test["pipeline"]["id"], 2);
    assert_eq!(test["pipeline"]["status"], "failed");
    assert_eq!(test["runner"]["description"], "sandbox-runner");
    assert!(test["duration"].as_f64().unwrap() > 100.0);
    assert_eq!(
        test["web_url"],
        format!("{}demo/sandbox/-/jobs/6", sandbox.base_url())
    );
    let deploy = call(&gitlab, job(Method::GET, 8, None)).await.unwrap();
    assert_eq!(
        (deploy["status"].clone(), deploy["allow_failure"].clone()),
        (json!("manual"), json!(true))
    );
    assert_eq!(
        deploy.get("failure_reason"),
        None,
        "only failed jobs have one"
    );
    assert_eq!(deploy["runner"], Value::Null, "it never started");

    let err = call(&gitlab, job(Method::GET, 99, None)).await.unwrap_err();
    assert_eq!(message(err), (404, "404 Not found".to_owned()));
    let err = call(&gitlab, on_demo(Method::GET, "jobs").segment("six"))
        .await
        .unwrap_err();
    assert_eq!(message(err), (400, "job_id is invalid".to_owned()));
}

#[tokio::test]
async fn the_log_is_raw_text_with_the_runners_colours() {
    let (sandbox, gitlab) = setup().await;
    let url = format!(
        "{}api/v4/projects/demo%2Fsandbox/jobs/6/trace",
        sandbox.base_url()
    );
    let answer = reqwest::get(&url).await.unwrap();
    assert_eq!(answer.status(), 200);
    let header = |name: &str| answer.headers()[name].to_str().unwrap().to_owned();
    assert_eq!(header("content-type"), "text/plain");
    assert_eq!(header("content-disposition"), "infile; filename=\"6.log\"");
    let log = answer.text().await.unwrap();
    assert!(log.contains("\x1b[0K"), "ANSI codes are kept");
    assert!(log.contains("section_start:"));
    assert!(log.contains("thread 'splits_a_sentence' panicked"));
    assert!(log.contains("error\x1b[0m: test failed"));
    // Through the client the log is the body's text.
    let through_client = call(&gitlab, job(Method::GET, 6, Some("trace")))
        .await
        .unwrap();
    assert_eq!(through_client, json!(log));
    let running = call(&gitlab, job(Method::GET, 10, Some("trace")))
        .await
        .unwrap();
    assert!(running.as_str().unwrap().contains("cargo test"));
    let never_ran = call(&gitlab, job(Method::GET, 12, Some("trace")))
        .await
        .unwrap();
    assert_eq!(never_ran, Value::Null, "an empty log is an empty body");
    let err = call(&gitlab, job(Method::GET, 77, Some("trace")))
        .await
        .unwrap_err();
    assert_eq!(message(err), (404, "404 Not found".to_owned()));
}

#[tokio::test]
async fn retry_makes_a_new_job_and_only_finished_jobs_retry() {
    let (_sandbox, gitlab) = setup().await;
    let (status, retried) = act(&gitlab, 6, "retry").await.unwrap();
    assert_eq!(status, 201);
    assert_eq!(retried["id"], 13, "a new job");
    assert_eq!(
        (retried["name"].clone(), retried["status"].clone()),
        (json!("test"), json!("pending"))
    );
    assert_eq!(retried["user"]["username"], "sandbox-user");
    assert_eq!(retried["failure_reason"], Value::Null);
    let pipeline = call(&gitlab, demo_item(Method::GET, "pipelines", 2, None))
        .await
        .unwrap();
    assert_eq!(pipeline["status"], "running");
    for id in [6, 10, 11] {
        let err = act(&gitlab, id, "retry").await.unwrap_err();
        assert_eq!(
            message(err),
            (403, "403 Forbidden - Job is not retryable".to_owned()),
            "job {id}: retried already, running or pending"
        );
    }
    let (_, again) = act(&gitlab, 5, "retry").await.unwrap();
    assert_eq!(
        (again["id"].clone(), again["name"].clone()),
        (json!(14), json!("build"))
    );
}

#[tokio::test]
async fn cancel_stops_what_runs_and_leaves_the_rest() {
    let (_sandbox, gitlab) = setup().await;
    let (status, canceled) = act(&gitlab, 10, "cancel").await.unwrap();
    assert_eq!(
        (status, canceled["status"].clone()),
        (201, json!("canceled"))
    );
    assert!(canceled["finished_at"].is_string());
    let (status, finished) = act(&gitlab, 9, "cancel").await.unwrap();
    assert_eq!(
        (status, finished["status"].clone()),
        (201, json!("success")),
        "a finished job stays as it is"
    );
    let pipeline = call(&gitlab, demo_item(Method::GET, "pipelines", 3, None))
        .await
        .unwrap();
    assert_eq!(
        pipeline["status"], "running",
        "GitLab's status rule: lint still pending next to a passed and a canceled job"
    );
}

#[tokio::test]
async fn only_manual_jobs_play() {
    let (sandbox, gitlab) = setup().await;
    let body = json!({"job_variables_attributes": [{"key": "TARGET", "value": "prod"}]});
    let played = gitlab
        .send(job(Method::POST, 8, Some("play")).json(body.clone()))
        .await
        .unwrap();
    assert_eq!(sandbox.writes()[0].body, body);
    assert_eq!(played.status, 200, "GitLab answers a play with 200");
    assert_eq!(played.body["status"], "pending");
    assert_eq!(played.body["user"]["username"], "sandbox-user");
    for id in [5, 8, 12] {
        let err = act(&gitlab, id, "play").await.unwrap_err();
        assert_eq!(
            message(err),
            (400, "400 Bad request - Unplayable Job".to_owned()),
            "job {id}: not manual, already queued, or its stage not reached"
        );
    }
    let no_key = json!({"job_variables_attributes": [{"value": "prod"}]});
    let err = call(&gitlab, job(Method::POST, 4, Some("play")).json(no_key))
        .await
        .unwrap_err();
    assert_eq!(
        message(err),
        (
            400,
            "job_variables_attributes[0][key] is missing".to_owned()
        )
    );
    let (_, deploy) = act(&gitlab, 4, "play").await.unwrap();
    assert_eq!(
        (deploy["id"].clone(), deploy["status"].clone()),
        (json!(4), json!("pending"))
    );
    let pipeline = call(&gitlab, demo_item(Method::GET, "pipelines", 1, None))
        .await
        .unwrap();
    assert_eq!(
        pipeline["status"], "running",
        "a passed pipeline runs its deploy"
    );
}

#[tokio::test]
async fn erase_removes_the_log_of_a_finished_job_only() {
    let (_sandbox, gitlab) = setup().await;
    let (status, erased) = act(&gitlab, 6, "erase").await.unwrap();
    assert_eq!(status, 201);
    assert!(erased["erased_at"].is_string());
    let log = call(&gitlab, job(Method::GET, 6, Some("trace")))
        .await
        .unwrap();
    assert_eq!(log, Value::Null, "the log is gone");
    for id in [6, 10, 8] {
        let err = act(&gitlab, id, "erase").await.unwrap_err();
        assert_eq!(
            message(err),
            (403, "403 Forbidden - Job is not erasable!".to_owned()),
            "job {id}: erased already, running, or never ran"
        );
    }
}

#[tokio::test]
async fn project_jobs_list_every_try_newest_first_without_counting() {
    let (_sandbox, gitlab) = setup().await;
    let all = gitlab.send(on_demo(Method::GET, "jobs")).await.unwrap();
    assert_eq!(
        pluck(&all.body, "id"),
        json!([12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1])
    );
    assert_eq!(all.total, None, "GitLab does not count this list");
    let page = gitlab
        .send(with_query(
            on_demo(Method::GET, "jobs"),
            &[("per_page", "5")],
        ))
        .await
        .unwrap();
    assert_eq!((page.next_page, page.total), (Some(2), None));
    let scoped = |pairs: &'static [(&'static str, &'static str)]| {
        let gitlab = gitlab.clone();
        async move { call(&gitlab, with_query(on_demo(Method::GET, "jobs"), pairs)).await }
    };
    assert_eq!(
        pluck(&scoped(&[("scope", "manual")]).await.unwrap(), "id"),
        json!([8, 4])
    );
    assert_eq!(
        pluck(
            &scoped(&[("scope[]", "running"), ("scope[]", "pending")])
                .await
                .unwrap(),
            "id"
        ),
        json!([11, 10])
    );
    let err = scoped(&[("scope", "done")]).await.unwrap_err();
    assert_eq!(
        message(err),
        (400, "scope does not have a valid value".to_owned())
    );
    act(&gitlab, 6, "retry").await.unwrap();
    let after = call(&gitlab, on_demo(Method::GET, "jobs")).await.unwrap();
    assert_eq!(after[0]["id"], 13);
    assert!(
        pluck(&after, "id").as_array().unwrap().contains(&json!(6)),
        "retried tries stay listed"
    );
}
