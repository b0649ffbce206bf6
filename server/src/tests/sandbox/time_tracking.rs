//! Time tracking on issues and merge requests, through the real client: GitLab's duration
//! syntax and units (a day is 8 hours, a week 5 days, a month 4 weeks), its human form, and
//! its refusals.

use crate::gitlab::{ApiRequest, GitLab};
use crate::tests::common::{call, issue, merge_request, message, refusal, setup};
use reqwest::Method;
use serde_json::{Value, json};

fn stats(estimate: i64, spent: i64, human_estimate: Value, human_spent: Value) -> Value {
    json!({
        "time_estimate": estimate,
        "total_time_spent": spent,
        "human_time_estimate": human_estimate,
        "human_total_time_spent": human_spent,
    })
}

async fn post(gitlab: &GitLab, request: ApiRequest) -> (u16, Value) {
    let answer = gitlab.send(request).await.unwrap();
    (answer.status, answer.body)
}

#[tokio::test]
async fn estimates_and_spent_time_add_up_in_gitlabs_units() {
    let (sandbox, gitlab) = setup().await;
    let on = |action: &str| issue(Method::POST, 1).segment(action);
    let fresh = call(&gitlab, issue(Method::GET, 1).segment("time_stats"))
        .await
        .unwrap();
    assert_eq!(fresh, stats(0, 0, Value::Null, Value::Null));

    let answer = post(&gitlab, on("time_estimate").query("duration", "3h30m")).await;
    assert_eq!(
        answer,
        (201, stats(12_600, 0, json!("3h 30m"), Value::Null))
    );
    let answer = post(&gitlab, on("add_spent_time").query("duration", "1w 2d")).await;
    assert_eq!(
        answer,
        (201, stats(12_600, 201_600, json!("3h 30m"), json!("1w 2d")))
    );
    let answer = post(
        &gitlab,
        on("add_spent_time").json(json!({"duration": "-1h", "summary": "overcounted"})),
    )
    .await;
    assert_eq!(answer.1["total_time_spent"], 198_000);
    assert_eq!(answer.1["human_total_time_spent"], "1w 1d 7h");

    let sent = sandbox.writes().pop().unwrap();
    assert_eq!(
        sent.raw_path,
        "/api/v4/projects/demo%2Fsandbox/issues/1/add_spent_time"
    );
    assert_eq!(
        sent.body,
        json!({"duration": "-1h", "summary": "overcounted"})
    );

    let shown = call(&gitlab, issue(Method::GET, 1)).await.unwrap();
    assert_eq!(
        shown["time_stats"],
        stats(12_600, 198_000, json!("3h 30m"), json!("1w 1d 7h"))
    );

    let answer = post(&gitlab, on("reset_time_estimate")).await;
    assert_eq!(
        answer,
        (201, stats(0, 198_000, Value::Null, json!("1w 1d 7h")))
    );
    let answer = post(&gitlab, on("reset_spent_time")).await;
    assert_eq!(answer, (201, stats(0, 0, Value::Null, Value::Null)));
}

#[tokio::test]
async fn merge_requests_track_time_too() {
    let (_sandbox, gitlab) = setup().await;
    let answer = post(
        &gitlab,
        merge_request(Method::POST, 1)
            .segment("time_estimate")
            .json(json!({"duration": "1mo"})),
    )
    .await;
    assert_eq!(answer, (201, stats(576_000, 0, json!("1mo"), Value::Null)));
    let shown = call(&gitlab, merge_request(Method::GET, 1)).await.unwrap();
    assert_eq!(shown["time_stats"]["human_time_estimate"], "1mo");
    let alone = call(&gitlab, merge_request(Method::GET, 1).segment("time_stats"))
        .await
        .unwrap();
    assert_eq!(alone, shown["time_stats"]);
    let untouched = call(&gitlab, issue(Method::GET, 1)).await.unwrap();
    assert_eq!(untouched["time_stats"]["time_estimate"], 0);
}

#[tokio::test]
async fn bad_durations_get_gitlabs_refusals() {
    let (_sandbox, gitlab) = setup().await;
    let on = |action: &str| issue(Method::POST, 1).segment(action);
    let err = call(&gitlab, on("time_estimate").query("duration", "soon"))
        .await
        .unwrap_err();
    assert_eq!(
        refusal(err),
        (
            400,
            json!({"message": {"time_estimate": ["must have a valid format and be greater than or equal to zero."]}})
        )
    );
    let err = call(&gitlab, on("time_estimate").query("duration", "-2h"))
        .await
        .unwrap_err();
    assert_eq!(refusal(err).0, 400);
    let err = call(&gitlab, on("add_spent_time").query("duration", "-1h"))
        .await
        .unwrap_err();
    assert_eq!(
        refusal(err),
        (
            400,
            json!({"message": {"base": ["Time to subtract exceeds the total time spent"]}})
        )
    );
    let err = call(
        &gitlab,
        on("add_spent_time").query("duration", "3 fortnights"),
    )
    .await
    .unwrap_err();
    assert_eq!(refusal(err).0, 400);
    let err = call(&gitlab, on("add_spent_time")).await.unwrap_err();
    assert_eq!(message(err), (400, "duration is missing".to_owned()));
    let err = call(&gitlab, issue(Method::GET, 99).segment("time_stats"))
        .await
        .unwrap_err();
    assert_eq!(message(err), (404, "404 Not found".to_owned()));
    let unchanged = call(&gitlab, issue(Method::GET, 1).segment("time_stats"))
        .await
        .unwrap();
    assert_eq!(
        unchanged["total_time_spent"], 0,
        "refused changes change nothing"
    );
}
