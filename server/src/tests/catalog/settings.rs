//! The settings-like records through the actions, against the sandbox: what GitLab keeps
//! secret stays so, GitLab's refusals come back as its own words, and what a record does
//! beyond its fields (an environment stopped, a review published) happens.

use serde_json::{Value, json};

use crate::catalog::output::masked::MASKED;
use crate::surfaces::SurfaceKind;
use crate::tests::common::mcp::Harness;

const P: &str = "demo/sandbox";

fn items(page: &Value) -> &Vec<Value> {
    page["items"].as_array().expect("a page")
}

#[tokio::test]
async fn a_masked_variable_is_never_shown_and_gitlabs_rules_come_back_as_its_words() {
    let harness = Harness::new(SurfaceKind::Dynamic).await;
    let made = harness
        .ok(
            "variable.create",
            json!({"project_id": P, "key": "API_TOKEN", "value": "s3cret-value-1", "masked": true}),
        )
        .await;
    assert_eq!(made["value"], MASKED, "{made}");
    let listed = harness.ok("variable.list", json!({"project_id": P})).await;
    assert_eq!(items(&listed)[0]["value"], MASKED, "{listed}");
    assert!(!listed.to_string().contains("s3cret"), "{listed}");

    let taken = harness
        .error(
            "variable.create",
            json!({"project_id": P, "key": "API_TOKEN", "value": "other-value"}),
        )
        .await;
    assert!(
        taken.contains("(API_TOKEN) has already been taken"),
        "{taken}"
    );
    let short = harness
        .error(
            "variable.create",
            json!({"project_id": P, "key": "SHORT", "value": "abc", "masked": true}),
        )
        .await;
    assert!(short.contains("GitLab answered 400"), "{short}");
    // A key GitLab would refuse is refused before anything is sent.
    let bad_key = harness
        .error(
            "variable.create",
            json!({"project_id": P, "key": "NOT-A-KEY", "value": "v"}),
        )
        .await;
    assert!(bad_key.contains("is not a variable name"), "{bad_key}");
}

#[tokio::test]
async fn a_webhooks_secret_token_is_sent_and_never_shown() {
    let harness = Harness::new(SurfaceKind::Meta).await;
    let hook = harness
        .ok(
            "hook.create",
            json!({"project_id": P, "url": "https://ci.example.com/hook", "token": "not-a-real-secret"}),
        )
        .await;
    let sent = harness.sandbox.writes();
    assert_eq!(sent[0].body["token"], "not-a-real-secret");
    assert!(!hook.to_string().contains("not-a-real-secret"), "{hook}");
    let refused = harness
        .error(
            "hook.create",
            json!({"project_id": P, "url": "ftp://ci.example.com/hook"}),
        )
        .await;
    assert!(refused.contains("Invalid url given"), "{refused}");
}

#[tokio::test]
async fn an_environment_is_stopped_and_a_deployment_names_it() {
    let harness = Harness::new(SurfaceKind::Individual).await;
    // GitLab records a deployment of a commit the repository has.
    let main = harness
        .ok("branch.get", json!({"project_id": P, "branch": "main"}))
        .await;
    let sha = main["commit"]["id"]
        .as_str()
        .expect("main's head")
        .to_owned();
    let deployed = harness
        .ok(
            "deployment.create",
            json!({"project_id": P, "environment": "production", "sha": sha, "ref": "main", "tag": false, "status": "success"}),
        )
        .await;
    // The environment was made by the deployment, as GitLab makes it.
    let environments = harness
        .ok(
            "environment.list",
            json!({"project_id": P, "name": "production"}),
        )
        .await;
    let production = &items(&environments)[0];
    assert_eq!(production["tier"], "production", "{production}");
    assert_eq!(deployed["environment"]["name"], "production", "{deployed}");
    let id = production["id"].clone();
    let stopped = harness
        .ok(
            "environment.stop",
            json!({"project_id": P, "environment_id": id}),
        )
        .await;
    assert_eq!(stopped["state"], "stopped");
    let available = harness
        .ok(
            "environment.list",
            json!({"project_id": P, "states": "available"}),
        )
        .await;
    assert!(items(&available).is_empty(), "{available}");
}

#[tokio::test]
async fn a_published_review_becomes_notes_everyone_sees() {
    let harness = Harness::new(SurfaceKind::Dynamic).await;
    let mr = json!({"project_id": P, "merge_request_iid": 1});
    let before = harness.ok("merge_request.note_list", mr.clone()).await;
    for note in ["First thought", "Second thought"] {
        let mut draft = mr.clone();
        draft["note"] = json!(note);
        harness.ok("merge_request.draft_note_create", draft).await;
    }
    let drafts = harness
        .ok("merge_request.draft_note_list", mr.clone())
        .await;
    assert_eq!(items(&drafts).len(), 2);
    harness
        .ok("merge_request.draft_note_publish_all", mr.clone())
        .await;
    let drafts = harness
        .ok("merge_request.draft_note_list", mr.clone())
        .await;
    assert!(items(&drafts).is_empty(), "{drafts}");
    let after = harness.ok("merge_request.note_list", mr).await;
    assert_eq!(items(&after).len(), items(&before).len() + 2, "{after}");
    assert!(after.to_string().contains("Second thought"), "{after}");
}
