//! Job artifacts and pipeline test reports, through the real client: the finished `test`
//! jobs 2 (passed, pipeline 1) and 6 (failed, pipeline 2) carry `reports/junit.xml` and
//! `coverage.txt`; reading, keeping and deleting them; and the test report summary that
//! their JUnit reports add up to.

use crate::tests::common::{call, demo_item, message, setup};
use gitlab_sandbox::Sandbox;
use reqwest::Method;
use serde_json::{Value, json};

fn artifact_url(sandbox: &Sandbox, job: u64, path: &str) -> String {
    format!(
        "{}api/v4/projects/demo%2Fsandbox/jobs/{job}/artifacts/{path}",
        sandbox.base_url()
    )
}

#[tokio::test]
async fn a_finished_test_job_lists_its_artifacts() {
    let (_sandbox, gitlab) = setup().await;
    let test = call(&gitlab, demo_item(Method::GET, "jobs", 6, None))
        .await
        .unwrap();
    let artifacts = test["artifacts"].as_array().unwrap();
    let types: Vec<&Value> = artifacts.iter().map(|a| &a["file_type"]).collect();
    assert_eq!(types, [&json!("archive"), &json!("junit")]);
    assert_eq!(artifacts[0]["filename"], "artifacts.zip");
    assert_eq!(artifacts[0]["file_format"], "zip");
    assert_eq!(artifacts[1]["filename"], "junit.xml.gz");
    assert_eq!(artifacts[1]["file_format"], "gzip");
    assert!(artifacts[1]["size"].as_u64().unwrap() > 0);
    assert_eq!(test["artifacts_file"]["filename"], "artifacts.zip");
    assert_eq!(test["artifacts_file"]["size"], artifacts[0]["size"]);
    assert!(
        test["artifacts_expire_at"]
            .as_str()
            .unwrap()
            .starts_with("2027-01-")
    );

    let build = call(&gitlab, demo_item(Method::GET, "jobs", 5, None))
        .await
        .unwrap();
    assert_eq!(build["artifacts"], json!([]));
    assert_eq!(build.get("artifacts_file"), None);
    assert_eq!(build["artifacts_expire_at"], Value::Null);
}

#[tokio::test]
async fn an_artifact_file_is_served_raw() {
    let (sandbox, _gitlab) = setup().await;
    let answer = reqwest::get(artifact_url(&sandbox, 6, "reports/junit.xml"))
        .await
        .unwrap();
    assert_eq!(answer.status(), 200);
    assert_eq!(answer.headers()["content-type"], "application/octet-stream");
    let xml = answer.text().await.unwrap();
    assert!(xml.starts_with("<?xml"));
    assert!(xml.contains("<testcase name=\"splits_a_sentence\""));
    assert_eq!(xml.matches("<failure").count(), 1);
    let passed = reqwest::get(artifact_url(&sandbox, 2, "reports/junit.xml"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(!passed.contains("<failure"));
    let coverage = reqwest::get(artifact_url(&sandbox, 6, "coverage.txt"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert_eq!(coverage, "81.25%\n");

    for (job, path, status, body) in [
        (
            6,
            "reports/missing.xml",
            404,
            json!({"message": "404 Not Found"}),
        ),
        (5, "coverage.txt", 404, json!({"message": "404 Not Found"})),
        (99, "coverage.txt", 404, json!({"message": "404 Not found"})),
        // Encoded, so that the client does not resolve the `..` itself.
        (
            6,
            "reports%2F..%2Fcoverage.txt",
            400,
            json!({"message": "400 Bad request"}),
        ),
    ] {
        let answer = reqwest::get(artifact_url(&sandbox, job, path))
            .await
            .unwrap();
        assert_eq!(answer.status(), status, "{job} {path}");
        assert_eq!(answer.json::<Value>().await.unwrap(), body, "{job} {path}");
    }
}

#[tokio::test]
async fn kept_artifacts_no_longer_expire_and_deleted_ones_are_gone() {
    let (sandbox, gitlab) = setup().await;
    let kept = gitlab
        .send(demo_item(Method::POST, "jobs", 6, Some("artifacts")).segment("keep"))
        .await
        .unwrap();
    assert_eq!(kept.status, 200);
    assert_eq!(kept.body["id"], 6);
    assert_eq!(kept.body["artifacts_expire_at"], Value::Null);
    assert_eq!(kept.body["artifacts"].as_array().unwrap().len(), 2);
    let err = call(
        &gitlab,
        demo_item(Method::POST, "jobs", 5, Some("artifacts")).segment("keep"),
    )
    .await
    .unwrap_err();
    assert_eq!(message(err), (404, "404 Not Found".to_owned()));

    let deleted = gitlab
        .send(demo_item(Method::DELETE, "jobs", 6, Some("artifacts")))
        .await
        .unwrap();
    assert_eq!(deleted.status, 204);
    let answer = reqwest::get(artifact_url(&sandbox, 6, "coverage.txt"))
        .await
        .unwrap();
    assert_eq!(answer.status(), 404);
    let test = call(&gitlab, demo_item(Method::GET, "jobs", 6, None))
        .await
        .unwrap();
    assert_eq!(test["artifacts"], json!([]));
    assert_eq!(test.get("artifacts_file"), None);
    let err = call(
        &gitlab,
        demo_item(Method::DELETE, "jobs", 99, Some("artifacts")),
    )
    .await
    .unwrap_err();
    assert_eq!(message(err), (404, "404 Not found".to_owned()));
}

#[tokio::test]
async fn the_test_report_summary_adds_up_the_junit_reports() {
    let (_sandbox, gitlab) = setup().await;
    let summary = |pipeline: u64| {
        call(
            &gitlab,
            demo_item(
                Method::GET,
                "pipelines",
                pipeline,
                Some("test_report_summary"),
            ),
        )
    };
    let failed = summary(2).await.unwrap();
    assert_eq!(
        failed["total"],
        json!({"time": 0.02, "count": 4, "success": 3, "failed": 1, "skipped": 0, "error": 0, "suite_error": null})
    );
    assert_eq!(
        failed["test_suites"],
        json!([{
            "name": "test",
            "total_time": 0.02,
            "total_count": 4,
            "success_count": 3,
            "failed_count": 1,
            "skipped_count": 0,
            "error_count": 0,
            "build_ids": [6],
            "suite_error": null,
        }])
    );
    let passed = summary(1).await.unwrap();
    assert_eq!(passed["total"]["count"], 3);
    assert_eq!(passed["total"]["failed"], 0);
    assert_eq!(passed["test_suites"][0]["build_ids"], json!([2]));

    let running = summary(3).await.unwrap();
    assert_eq!(
        running,
        json!({
            "total": {"time": 0.0, "count": 0, "success": 0, "failed": 0, "skipped": 0, "error": 0, "suite_error": null},
            "test_suites": [],
        })
    );
    let err = summary(99).await.unwrap_err();
    assert_eq!(message(err), (404, "404 Not found".to_owned()));

    gitlab
        .send(demo_item(Method::DELETE, "jobs", 6, Some("artifacts")))
        .await
        .unwrap();
    let emptied = summary(2).await.unwrap();
    assert_eq!(
        emptied["total"]["count"], 0,
        "the report went with the artifacts"
    );
}
