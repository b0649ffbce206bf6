//! Subscribing to issues and merge requests and starring projects, through the real client:
//! 201 with the record when something changed, GitLab's bodiless 304 when nothing did, and
//! the records' `subscribed` and `star_count` following along.

use crate::gitlab::{ApiRequest, GitLab, ProjectId};
use crate::tests::common::{call, demo, issue, issues, merge_request, message, refusal, setup};
use reqwest::Method;
use serde_json::{Value, json};

/// The status of `request`: 2xx with its body, or GitLab's refusal with its body.
async fn status(gitlab: &GitLab, request: ApiRequest) -> (u16, Value) {
    match gitlab.send(request).await {
        Ok(answer) => (answer.status, answer.body),
        Err(err) => refusal(err),
    }
}

#[tokio::test]
async fn subscribing_to_an_issue_answers_201_then_304() {
    let (_sandbox, gitlab) = setup().await;
    let shown = call(&gitlab, issue(Method::GET, 1)).await.unwrap();
    assert_eq!(shown["subscribed"], false, "bob's issue, not the user's");

    let (code, body) = status(&gitlab, issue(Method::POST, 1).segment("subscribe")).await;
    assert_eq!((code, body["iid"].clone()), (201, json!(1)));
    assert_eq!(body["subscribed"], true);
    let shown = call(&gitlab, issue(Method::GET, 1)).await.unwrap();
    assert_eq!(shown["subscribed"], true);
    let (code, body) = status(&gitlab, issue(Method::POST, 1).segment("subscribe")).await;
    assert_eq!((code, body), (304, Value::Null));

    let (code, body) = status(&gitlab, issue(Method::POST, 1).segment("unsubscribe")).await;
    assert_eq!((code, body["subscribed"].clone()), (201, json!(false)));
    let (code, _) = status(&gitlab, issue(Method::POST, 1).segment("unsubscribe")).await;
    assert_eq!(code, 304);
}

#[tokio::test]
async fn authors_are_subscribed_until_they_unsubscribe() {
    let (_sandbox, gitlab) = setup().await;
    let created = call(&gitlab, issues(Method::POST).json(json!({"title": "Mine"})))
        .await
        .unwrap();
    assert_eq!(created["subscribed"], true);
    let iid = created["iid"].as_u64().unwrap();
    let (code, _) = status(&gitlab, issue(Method::POST, iid).segment("subscribe")).await;
    assert_eq!(code, 304);
    let (code, body) = status(&gitlab, issue(Method::POST, iid).segment("unsubscribe")).await;
    assert_eq!((code, body["subscribed"].clone()), (201, json!(false)));
}

#[tokio::test]
async fn merge_requests_take_subscriptions_and_missing_ones_are_404() {
    let (_sandbox, gitlab) = setup().await;
    let shown = call(&gitlab, merge_request(Method::GET, 1)).await.unwrap();
    assert_eq!(shown["subscribed"], false);
    let (code, body) = status(&gitlab, merge_request(Method::POST, 1).segment("subscribe")).await;
    assert_eq!((code, body["subscribed"].clone()), (201, json!(true)));
    assert_eq!(body["iid"], 1);
    let shown = call(&gitlab, merge_request(Method::GET, 1)).await.unwrap();
    assert_eq!(shown["subscribed"], true);

    for request in [
        merge_request(Method::POST, 99).segment("subscribe"),
        issue(Method::POST, 99).segment("unsubscribe"),
    ] {
        let err = call(&gitlab, request).await.unwrap_err();
        assert_eq!(message(err), (404, "404 Not found".to_owned()));
    }
}

#[tokio::test]
async fn starring_moves_the_star_count_once() {
    let (_sandbox, gitlab) = setup().await;
    let project = |action: &str| {
        ApiRequest::new(Method::POST)
            .project(&demo())
            .segment(action)
    };
    let shown = call(&gitlab, ApiRequest::new(Method::GET).project(&demo()))
        .await
        .unwrap();
    assert_eq!(shown["star_count"], 0);

    let (code, body) = status(&gitlab, project("star")).await;
    assert_eq!((code, body["star_count"].clone()), (201, json!(1)));
    assert_eq!(body["path_with_namespace"], "demo/sandbox");
    let (code, body) = status(&gitlab, project("star")).await;
    assert_eq!((code, body), (304, Value::Null));
    let shown = call(
        &gitlab,
        ApiRequest::new(Method::GET).project(&ProjectId::Id(1)),
    )
    .await
    .unwrap();
    assert_eq!(shown["star_count"], 1);

    let (code, body) = status(&gitlab, project("unstar")).await;
    assert_eq!((code, body["star_count"].clone()), (201, json!(0)));
    let (code, _) = status(&gitlab, project("unstar")).await;
    assert_eq!(code, 304);

    let missing = ApiRequest::new(Method::POST)
        .project(&ProjectId::Id(999))
        .segment("star");
    let err = call(&gitlab, missing).await.unwrap_err();
    assert_eq!(message(err), (404, "404 Project Not Found".to_owned()));
}
