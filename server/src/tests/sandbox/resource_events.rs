//! The sandbox's resource events, through the real client: the seed's, and the events
//! every way of changing labels, milestone and state records (an update's fields, quick
//! actions in a note, a merge), each readable one by one.

use crate::gitlab::GitLab;
use crate::tests::common::{call, issue, merge_request, message, pluck, refusal, setup};
use reqwest::Method;
use serde_json::{Value, json};

async fn events(gitlab: &GitLab, request: crate::gitlab::ApiRequest, kind: &str) -> Value {
    let request = request.segment(format!("resource_{kind}_events"));
    call(gitlab, request).await.unwrap()
}

#[tokio::test]
async fn the_seeded_issues_were_made_with_their_labels_and_milestone() {
    let (_sandbox, gitlab) = setup().await;
    let labels = events(&gitlab, issue(Method::GET, 1), "label").await;
    assert_eq!(labels.as_array().unwrap().len(), 1);
    let added = &labels[0];
    assert_eq!(
        (
            added["action"].clone(),
            added["label"]["name"].clone(),
            added["resource_type"].clone(),
            added["resource_id"].clone(),
            added["user"]["username"].clone(),
        ),
        (
            json!("add"),
            json!("bug"),
            json!("Issue"),
            json!(1),
            json!("bob")
        )
    );
    let milestones = events(&gitlab, issue(Method::GET, 1), "milestone").await;
    assert_eq!(milestones[0]["milestone"]["title"], "v1.1");
    assert_eq!(
        events(&gitlab, issue(Method::GET, 1), "state").await,
        json!([])
    );
    let mr = events(&gitlab, merge_request(Method::GET, 1), "label").await;
    assert_eq!(mr[0]["resource_type"], "MergeRequest");
}

#[tokio::test]
async fn an_update_records_labels_milestone_and_state() {
    let (_sandbox, gitlab) = setup().await;
    let update = issue(Method::PUT, 1).json(json!({
        "labels": "feature", "milestone_id": 0, "state_event": "close"
    }));
    call(&gitlab, update).await.unwrap();
    let labels = events(&gitlab, issue(Method::GET, 1), "label").await;
    let changes: Vec<(Value, Value)> = labels
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["action"].clone(), e["label"]["name"].clone()))
        .collect();
    assert_eq!(
        changes,
        [
            (json!("add"), json!("bug")),
            (json!("remove"), json!("bug")),
            (json!("add"), json!("feature"))
        ]
    );
    assert_eq!(labels[1]["user"]["username"], "sandbox-user");
    let milestones = events(&gitlab, issue(Method::GET, 1), "milestone").await;
    assert_eq!(pluck(&milestones, "action"), json!(["add", "remove"]));
    call(
        &gitlab,
        issue(Method::PUT, 1).json(json!({"state_event": "reopen"})),
    )
    .await
    .unwrap();
    let states = events(&gitlab, issue(Method::GET, 1), "state").await;
    assert_eq!(pluck(&states, "state"), json!(["closed", "reopened"]));

    // One by one, and only on their own issue.
    let id = states[1]["id"].as_u64().unwrap();
    let one = issue(Method::GET, 1)
        .segment("resource_state_events")
        .segment(id);
    assert_eq!(call(&gitlab, one).await.unwrap(), states[1]);
    let elsewhere = issue(Method::GET, 2)
        .segment("resource_state_events")
        .segment(id);
    let refused = call(&gitlab, elsewhere).await.unwrap_err();
    assert_eq!(message(refused), (404, "404 Not found".to_owned()));
    let not_a_number = issue(Method::GET, 1)
        .segment("resource_state_events")
        .segment("first");
    let refused = call(&gitlab, not_a_number).await.unwrap_err();
    assert_eq!(
        refusal(refused),
        (400, json!({"error": "event_id is invalid"}))
    );
}

#[tokio::test]
async fn quick_actions_record_their_changes_too() {
    let (_sandbox, gitlab) = setup().await;
    let note = merge_request(Method::POST, 1)
        .segment("notes")
        .json(json!({"body": "/label ~feature\n/close"}));
    gitlab.send(note).await.unwrap();
    let labels = events(&gitlab, merge_request(Method::GET, 1), "label").await;
    assert_eq!(pluck(&labels, "action"), json!(["add", "add"]));
    assert_eq!(labels[1]["label"]["name"], "feature");
    let states = events(&gitlab, merge_request(Method::GET, 1), "state").await;
    assert_eq!(pluck(&states, "state"), json!(["closed"]));
}
