//! Each wizard and its alternative can never disagree: the alternative takes every question
//! as a parameter, required exactly where the question is, and both send the same body.

use crate::catalog::wizard::GitLabWizard;
use crate::catalog::{PROJECT_ID, Prepared};
use crate::gitlab::{ApiRequest, ProjectId};
use crate::registry::catalog;
use crate::wizards::{IssueWizard, MergeRequestWizard, ProjectWizard, ReleaseWizard, Visibility};
use reqwest::Method;
use serde_json::{Map, Value, json};
use wizard::Wizard;

fn required(schema: &Map<String, Value>) -> Vec<String> {
    schema
        .get("required")
        .and_then(Value::as_array)
        .map(|names| {
            names
                .iter()
                .filter_map(Value::as_str)
                .map(str::to_owned)
                .collect()
        })
        .unwrap_or_default()
}

/// Every question and tool argument of `W` is a parameter of its alternative, required
/// exactly when the question is.
fn alternative_covers<W: Wizard>() {
    let alternative = catalog()
        .get(
            W::INFO
                .alternative
                .expect("a wizard of this server has an alternative"),
        )
        .expect("the alternative exists");
    let schema = alternative.input_schema();
    let required = required(schema);
    for question in W::QUESTIONS {
        assert!(
            alternative.parameters().iter().any(|p| p == question.key),
            "{} lacks `{}`",
            alternative.id,
            question.key
        );
        assert_eq!(
            required.iter().any(|r| r == question.key),
            question.is_required(),
            "{}: `{}` is required in the wizard iff in the alternative",
            alternative.id,
            question.key
        );
    }
    let wizard = catalog()
        .get(W::INFO.id.expect("a wizard of this server has an id"))
        .expect("the wizard is in the catalog");
    for arg in wizard.parameters() {
        assert!(
            alternative.parameters().contains(arg),
            "{} lacks `{arg}`",
            alternative.id
        );
        // The project may be left to the default project, the wizard's questions not.
        assert!(
            required.contains(arg) || (arg == PROJECT_ID && alternative.takes_default_project()),
            "{}: `{arg}` is required",
            alternative.id
        );
    }
}

#[test]
fn alternatives_cover_their_wizards() {
    alternative_covers::<IssueWizard>();
    alternative_covers::<MergeRequestWizard>();
    alternative_covers::<ReleaseWizard>();
    alternative_covers::<ProjectWizard>();
}

fn prepare(id: &str, params: Value) -> Result<ApiRequest, String> {
    let params = params.as_object().expect("params are an object").clone();
    match catalog().get(id).expect("action exists").prepare(&params)? {
        Prepared::Request(request) => Ok(request),
        Prepared::Wizard(_) => panic!("{id} is not a wizard"),
    }
}

fn segments(path: &[&str]) -> Vec<String> {
    path.iter().map(|s| (*s).to_owned()).collect()
}

#[test]
fn issue_create_with_every_field_in_one_call() {
    let request = prepare(
        "issue.create",
        json!({
            "project_id": "demo/sandbox",
            "title": "Broken build",
            "description": "It fails",
            "labels": ["bug", "ci"],
            "confidential": false,
            "assignee_ids": [7],
            "milestone_id": 3,
            "due_date": "2026-08-01"
        }),
    )
    .unwrap();
    assert_eq!(request.method, Method::POST);
    assert_eq!(
        request.path,
        segments(&["projects", "demo/sandbox", "issues"])
    );
    assert_eq!(
        request.body,
        Some(json!({
            "title": "Broken build",
            "description": "It fails",
            "labels": "bug,ci",
            "confidential": false,
            "assignee_ids": [7],
            "milestone_id": 3,
            "due_date": "2026-08-01"
        }))
    );
}

#[test]
fn wizard_and_alternative_send_the_same_body() {
    let wizard = IssueWizard {
        project_id: ProjectId::Id(42),
        title: "T".into(),
        description: None,
        labels: Some(vec!["bug".into(), "feature".into()]),
        confidential: Some(true),
    };
    let alternative = prepare(
        "issue.create",
        json!({"project_id": 42, "title": "T", "labels": ["bug", "feature"], "confidential": true}),
    )
    .unwrap();
    assert_eq!(wizard.request(), alternative);
    assert_eq!(
        alternative.body,
        Some(json!({"title": "T", "labels": "bug,feature", "confidential": true}))
    );
}

#[test]
fn merge_request_bodies_hold_only_what_was_set() {
    let wizard = MergeRequestWizard {
        project_id: ProjectId::Path("demo/sandbox".into()),
        source_branch: "feature/x".into(),
        target_branch: "main".into(),
        title: "Add x".into(),
        description: None,
        labels: None,
        remove_source_branch: Some(false),
        squash: None,
    };
    let request = wizard.request();
    assert_eq!(
        request.path,
        segments(&["projects", "demo/sandbox", "merge_requests"])
    );
    assert_eq!(
        request.body,
        Some(json!({
            "source_branch": "feature/x",
            "target_branch": "main",
            "title": "Add x",
            "remove_source_branch": false
        }))
    );
    let alternative = prepare(
        "merge_request.create",
        json!({
            "project_id": "demo/sandbox",
            "source_branch": "feature/x",
            "target_branch": "main",
            "title": "Add x",
            "remove_source_branch": false,
            "reviewer_ids": [2]
        }),
    )
    .unwrap();
    let mut expected = request.body.clone().unwrap();
    expected["reviewer_ids"] = json!([2]);
    assert_eq!(alternative.body, Some(expected));
}

#[test]
fn release_name_is_always_sent_and_never_empty() {
    let wizard = ReleaseWizard {
        project_id: ProjectId::Id(1),
        tag_name: "v1.0.0".into(),
        name: Some(String::new()),
        description: None,
    };
    let request = wizard.request();
    assert_eq!(request.path, segments(&["projects", "1", "releases"]));
    assert_eq!(
        request.body,
        // GitLab keeps an empty name as sent: left empty, it is the tag's.
        Some(json!({"tag_name": "v1.0.0", "name": "v1.0.0"}))
    );
    // The name is optional, as GitLab's is: left out, it is the tag's too.
    let request = prepare(
        "release.create",
        json!({"project_id": 1, "tag_name": "v1.0.0"}),
    )
    .unwrap();
    assert_eq!(
        request.body,
        Some(json!({"tag_name": "v1.0.0", "name": "v1.0.0"}))
    );
}

#[test]
fn project_without_readme_sends_no_default_branch() {
    let mut wizard = ProjectWizard {
        name: "Demo".into(),
        description: Some("A demo".into()),
        visibility: Visibility::Internal,
        initialize_with_readme: false,
        default_branch: None,
    };
    assert_eq!(wizard.request().path, segments(&["projects"]));
    assert_eq!(
        wizard.request().body,
        Some(json!({
            "name": "Demo",
            "description": "A demo",
            "visibility": "internal",
            "initialize_with_readme": false
        }))
    );
    wizard.initialize_with_readme = true;
    wizard.default_branch = Some("trunk".into());
    assert_eq!(
        wizard.request().body,
        Some(json!({
            "name": "Demo",
            "description": "A demo",
            "visibility": "internal",
            "initialize_with_readme": true,
            "default_branch": "trunk"
        }))
    );
}

#[test]
fn project_create_refuses_a_default_branch_without_readme() {
    let error = prepare(
        "project.create",
        json!({"name": "Demo", "visibility": "private", "default_branch": "trunk"}),
    )
    .unwrap_err();
    assert!(
        error.contains("`default_branch` needs `initialize_with_readme: true`"),
        "{error}"
    );
    let request = prepare(
        "project.create",
        json!({"name": "Demo", "visibility": "private", "namespace_id": 9, "topics": ["a"]}),
    )
    .unwrap();
    assert_eq!(
        request.body,
        Some(json!({
            "name": "Demo",
            "visibility": "private",
            "initialize_with_readme": false,
            "namespace_id": 9,
            "topics": ["a"]
        }))
    );
}
