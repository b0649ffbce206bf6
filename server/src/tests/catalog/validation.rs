//! Arguments are validated before anything is sent; every error names the field, and valid
//! arguments become exactly the GitLab call.

use crate::catalog::Prepared;
use crate::gitlab::ApiRequest;
use crate::registry::catalog;
use reqwest::Method;
use serde_json::{Value, json};

fn prepare(id: &str, params: Value) -> Result<ApiRequest, String> {
    let params = params.as_object().expect("params are an object").clone();
    match catalog().get(id).expect("action exists").prepare(&params)? {
        Prepared::Request(request) => Ok(request),
        Prepared::Wizard(wizard) => panic!("{id} runs {}", wizard.info.id),
    }
}

fn pairs(query: &[(&str, &str)]) -> Vec<(String, String)> {
    query
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect()
}

#[test]
fn a_missing_field_is_named() {
    assert_eq!(
        prepare("issue.get", json!({"project_id": 1})).unwrap_err(),
        "invalid parameters for `issue.get`: missing field `issue_iid`"
    );
    assert_eq!(
        prepare("issue.create", json!({"project_id": 1})).unwrap_err(),
        "invalid parameters for `issue.create`: missing field `title`"
    );
}

#[test]
fn a_wrong_type_is_named() {
    assert_eq!(
        prepare(
            "merge_request.get",
            json!({"project_id": 1, "merge_request_iid": true})
        )
        .unwrap_err(),
        "invalid parameters for `merge_request.get`: `merge_request_iid`: expected a merge request's iid (`12` or `!12`), got true; a text is looked up among the project's merge requests before the call is built"
    );
    let error = prepare(
        "issue.create",
        json!({"project_id": 1, "title": "x", "labels": "bug"}),
    )
    .unwrap_err();
    assert!(
        error.starts_with("invalid parameters for `issue.create`: `labels`: "),
        "{error}"
    );
    let error = prepare("issue.get", json!({"project_id": "", "issue_iid": 1})).unwrap_err();
    assert!(
        error.starts_with("invalid parameters for `issue.get`: `project_id`: "),
        "{error}"
    );
}

#[test]
fn unknown_fields_are_refused_even_beside_a_flattened_wizard() {
    assert_eq!(
        prepare(
            "issue.create",
            json!({"project_id": 1, "title": "x", "assignee": "me"})
        )
        .unwrap_err(),
        "invalid parameters for `issue.create`: unknown parameter `assignee`; expected `project_id`, `title`, `assignee_ids`, `confidential`, `description`, `due_date`, `labels`, `milestone_id`"
    );
    let error = prepare(
        "project.get",
        json!({"project_id": 1, "id": 1, "path": "x"}),
    )
    .unwrap_err();
    assert!(error.contains("unknown parameters `id`, `path`"), "{error}");
}

#[test]
fn values_out_of_range_are_named() {
    assert_eq!(
        prepare("issue.list", json!({"project_id": 1, "per_page": 101})).unwrap_err(),
        "invalid parameters for `issue.list`: `per_page`: must be between 1 and 100, got 101"
    );
    assert_eq!(
        prepare("issue.list", json!({"project_id": 1, "page": 0})).unwrap_err(),
        "invalid parameters for `issue.list`: `page`: must be a page number from 1, got 0"
    );
    let error = prepare(
        "issue.update",
        json!({"project_id": 1, "issue_iid": 2, "due_date": "soon"}),
    )
    .unwrap_err();
    assert!(
        error.contains("`due_date`: expected a date as YYYY-MM-DD"),
        "{error}"
    );
    let error = prepare("issue.list", json!({"project_id": 1, "state": "done"})).unwrap_err();
    assert!(error.contains("`state`: unknown variant `done`"), "{error}");
}

#[test]
fn an_update_must_change_something() {
    assert_eq!(
        prepare("release.update", json!({"project_id": 1, "tag_name": "v1"})).unwrap_err(),
        "invalid parameters for `release.update`: nothing to update; give at least one of `description`, `milestones`, `name`, `released_at`"
    );
}

#[test]
fn reads_become_gets_with_query() {
    let request = prepare(
        "merge_request.list",
        json!({"project_id": "group/sub/project", "state": "opened", "labels": ["a", "b"], "per_page": 5}),
    )
    .unwrap();
    assert_eq!(request.method, Method::GET);
    assert_eq!(
        request.path,
        ["projects", "group/sub/project", "merge_requests"]
    );
    assert_eq!(
        request.query,
        pairs(&[("labels", "a,b"), ("per_page", "5"), ("state", "opened")])
    );
    assert_eq!(request.body, None);
    let request = prepare(
        "project.list",
        json!({"visibility": "public", "owned": true}),
    )
    .unwrap();
    assert_eq!(request.path, ["projects"]);
    assert_eq!(
        request.query,
        pairs(&[("owned", "true"), ("visibility", "public")])
    );
}

#[test]
fn tag_names_stay_one_segment() {
    let request = prepare(
        "release.get",
        json!({"project_id": 1, "tag_name": "release/1.0"}),
    )
    .unwrap();
    assert_eq!(request.path, ["projects", "1", "releases", "release/1.0"]);
}

#[test]
fn merge_passes_sha_and_options() {
    let request = prepare(
        "merge_request.merge",
        json!({"project_id": 1, "merge_request_iid": 4, "sha": "abc123", "squash": true}),
    )
    .unwrap();
    assert_eq!(request.method, Method::PUT);
    assert_eq!(
        request.path,
        ["projects", "1", "merge_requests", "4", "merge"]
    );
    assert_eq!(request.body, Some(json!({"sha": "abc123", "squash": true})));
    let bare = prepare(
        "merge_request.merge",
        json!({"project_id": 1, "merge_request_iid": 4}),
    )
    .unwrap();
    // The merge wizard's own call: an empty body when nothing was chosen.
    assert_eq!(bare.body, Some(json!({})));
}

#[test]
fn updates_and_deletes() {
    let request = prepare(
        "issue.update",
        json!({"project_id": 1, "issue_iid": 2, "state_event": "close", "labels": []}),
    )
    .unwrap();
    assert_eq!(request.method, Method::PUT);
    assert_eq!(
        request.body,
        Some(json!({"state_event": "close", "labels": ""}))
    );
    let request = prepare("project.delete", json!({"project_id": "demo/sandbox"})).unwrap();
    assert_eq!(request.method, Method::DELETE);
    assert_eq!(request.path, ["projects", "demo/sandbox"]);
}

#[test]
fn wizard_arguments_are_checked_too() {
    let action = catalog().get("interactive.issue_create").unwrap();
    let params = |v: Value| v.as_object().unwrap().clone();
    assert!(matches!(
        action.prepare(&params(json!({"project_id": 1}))),
        Ok(Prepared::Wizard(_))
    ));
    assert_eq!(
        action.prepare(&params(json!({}))).unwrap_err(),
        "invalid parameters for `interactive.issue_create`: missing field `project_id`"
    );
    assert_eq!(
        action
            .prepare(&params(json!({"project_id": 1, "title": "x"})))
            .unwrap_err(),
        "invalid parameters for `interactive.issue_create`: unknown parameter `title`; expected `project_id`"
    );
    let project = catalog().get("interactive.project_create").unwrap();
    assert_eq!(
        project.prepare(&params(json!({"name": "x"}))).unwrap_err(),
        "invalid parameters for `interactive.project_create`: unknown parameter `name`; this action takes no parameters"
    );
}
