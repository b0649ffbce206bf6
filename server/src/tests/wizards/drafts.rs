//! The drafts ride inside a signed `requestState`: they must round-trip through
//! serde_json, stay small, and refuse fields they do not know.

use crate::wizards::{
    IssueWizardDraft, MergeRequestWizardDraft, ProjectWizardDraft, ReleaseWizardDraft, Visibility,
};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

/// Serializes, checks the JSON, deserializes, and serializes again to the same JSON.
fn round_trip<D: Serialize + DeserializeOwned>(draft: &D, expected: Value) {
    let json = serde_json::to_value(draft).unwrap();
    assert_eq!(json, expected);
    let back: D = serde_json::from_str(&json.to_string()).unwrap();
    assert_eq!(serde_json::to_value(&back).unwrap(), expected);
}

#[test]
fn issue_draft_with_every_field_round_trips() {
    let draft = IssueWizardDraft {
        title: Some("Crash on save".into()),
        description: Some("multi\nline `code` ñ 🦀".into()),
        labels: Some(vec!["bug".into(), "ui".into()]),
        confidential: Some(false),
    };
    round_trip(
        &draft,
        json!({
            "title": "Crash on save",
            "description": "multi\nline `code` ñ 🦀",
            "labels": ["bug", "ui"],
            "confidential": false,
        }),
    );
}

#[test]
fn merge_request_draft_with_every_field_round_trips() {
    let draft = MergeRequestWizardDraft {
        source_branch: Some("feature/login".into()),
        target_branch: Some("main".into()),
        title: Some("Add login".into()),
        description: Some("Adds a login page".into()),
        labels: Some(vec![]),
        remove_source_branch: Some(true),
        squash: Some(false),
    };
    round_trip(
        &draft,
        json!({
            "source_branch": "feature/login",
            "target_branch": "main",
            "title": "Add login",
            "description": "Adds a login page",
            "labels": [],
            "remove_source_branch": true,
            "squash": false,
        }),
    );
}

#[test]
fn release_draft_keeps_an_empty_name() {
    let draft = ReleaseWizardDraft {
        tag_name: Some("v1.0.0".into()),
        name: Some(String::new()),
        description: Some("Notes".into()),
    };
    round_trip(
        &draft,
        json!({ "tag_name": "v1.0.0", "name": "", "description": "Notes" }),
    );
}

#[test]
fn project_draft_writes_the_choice_as_its_wire_value() {
    let draft = ProjectWizardDraft {
        name: Some("atlas".into()),
        description: Some("maps".into()),
        visibility: Some(Visibility::Internal),
        initialize_with_readme: Some(true),
        default_branch: Some("trunk".into()),
    };
    round_trip(
        &draft,
        json!({
            "name": "atlas",
            "description": "maps",
            "visibility": "internal",
            "initialize_with_readme": true,
            "default_branch": "trunk",
        }),
    );
}

#[test]
fn unset_fields_are_left_out() {
    round_trip(&ProjectWizardDraft::default(), json!({}));
    let draft = IssueWizardDraft {
        title: Some("t".into()),
        ..Default::default()
    };
    round_trip(&draft, json!({ "title": "t" }));
    let parsed: IssueWizardDraft = serde_json::from_value(json!({ "title": "t" })).unwrap();
    assert_eq!(parsed.description, None);
}

#[test]
fn unknown_fields_are_refused() {
    let error =
        serde_json::from_value::<IssueWizardDraft>(json!({ "title": "t", "assignee": "me" }))
            .unwrap_err()
            .to_string();
    assert!(error.contains("unknown field `assignee`"), "{error}");
    // A field of another wizard is just as unknown.
    assert!(serde_json::from_value::<ReleaseWizardDraft>(json!({ "squash": true })).is_err());
}

#[test]
fn a_value_not_offered_is_refused() {
    let error = serde_json::from_value::<ProjectWizardDraft>(json!({ "visibility": "secret" }))
        .unwrap_err()
        .to_string();
    assert!(error.contains("`private`, `internal`, `public`"), "{error}");
}
