//! The `issues` toolset as the catalog builds it: each action's GitLab call (method, path
//! segments, query or body) for representative arguments, the errors that name the field at
//! fault, and whether each action reads, writes or destroys.

use crate::catalog::{Output, Toolset};
use crate::registry::catalog;
use crate::tests::catalog_support::{Class, action, assert_toolset, pairs, prepared, refused};
use reqwest::Method;
use serde_json::{Value, json};

/// `{"project_id": "demo/sandbox", "issue_iid": 12}` and `more`.
fn issue(more: Value) -> Value {
    let mut params = json!({"project_id": "demo/sandbox", "issue_iid": 12});
    for (key, value) in more.as_object().expect("an object") {
        params[key] = value.clone();
    }
    params
}

/// `projects/demo%2Fsandbox/issues/12/<tail>` as raw segments.
fn issue_path(tail: &[&str]) -> Vec<String> {
    ["projects", "demo/sandbox", "issues", "12"]
        .iter()
        .chain(tail)
        .map(|segment| (*segment).to_owned())
        .collect()
}

#[test]
fn each_action_reads_writes_or_destroys() {
    use Class::{Destructive, Read, Write};
    let table = [
        ("issue.create", Write),
        ("issue.get", Read),
        ("issue.list", Read),
        ("issue.list_all", Read),
        ("issue.update", Write),
        ("issue.delete", Destructive),
        ("issue.note_list", Read),
        ("issue.note_create", Write),
        ("issue.note_update", Write),
        ("issue.note_get", Read),
        ("issue.note_delete", Destructive),
        ("issue.discussion_list", Read),
        ("issue.discussion_reply", Write),
        ("issue.link_list", Read),
        ("issue.link_create", Write),
        ("issue.link_delete", Destructive),
        ("issue.emoji_list", Read),
        ("issue.emoji_create", Write),
        ("issue.emoji_delete", Destructive),
        ("issue.emoji_get", Read),
        ("issue.note_emoji_list", Read),
        ("issue.note_emoji_get", Read),
        ("issue.note_emoji_add", Write),
        ("issue.note_emoji_delete", Destructive),
        ("issue.participant_list", Read),
        ("issue.subscribe", Write),
        ("issue.unsubscribe", Write),
        ("issue.time_stats", Read),
        ("issue.time_estimate_set", Write),
        ("issue.time_spent_add", Write),
        ("issue.label_event_list", Read),
        ("issue.label_event_get", Read),
        ("issue.milestone_event_list", Read),
        ("issue.milestone_event_get", Read),
        ("issue.state_event_list", Read),
        ("issue.state_event_get", Read),
        ("board.list", Read),
        ("board.get", Read),
        ("board.create", Write),
        ("board.update", Write),
        ("board.delete", Destructive),
        ("board_list.list", Read),
        ("board_list.get", Read),
        ("board_list.create", Write),
        ("board_list.update", Write),
        ("board_list.delete", Destructive),
    ];
    assert_toolset(Toolset::Issues, &table);
}

#[test]
fn each_action_calls_its_method_and_path() {
    let discussion = "6a9c1750b37d513a43987b574953fceb50b03ce7";
    let table: [(&str, Value, Method, Vec<String>); 8] = [
        (
            "issue.note_list",
            issue(json!({})),
            Method::GET,
            issue_path(&["notes"]),
        ),
        (
            "issue.note_create",
            issue(json!({"body": "Reproduced"})),
            Method::POST,
            issue_path(&["notes"]),
        ),
        (
            "issue.note_update",
            issue(json!({"note_id": 9, "body": "Reproduced on 1.2"})),
            Method::PUT,
            issue_path(&["notes", "9"]),
        ),
        (
            "issue.discussion_list",
            issue(json!({})),
            Method::GET,
            issue_path(&["discussions"]),
        ),
        (
            "issue.discussion_reply",
            issue(json!({"discussion_id": discussion, "body": "Same here"})),
            Method::POST,
            issue_path(&["discussions", discussion, "notes"]),
        ),
        (
            "issue.link_list",
            issue(json!({})),
            Method::GET,
            issue_path(&["links"]),
        ),
        (
            "issue.link_create",
            issue(json!({"target_project_id": 1, "target_issue_iid": 3})),
            Method::POST,
            issue_path(&["links"]),
        ),
        (
            "issue.link_delete",
            issue(json!({"issue_link_id": 5})),
            Method::DELETE,
            issue_path(&["links", "5"]),
        ),
    ];
    for (id, params, method, path) in table {
        let request = prepared(id, params);
        assert_eq!(request.method, method, "{id}");
        assert_eq!(request.path, path, "{id}");
    }
}

#[test]
fn outputs_shape_pages_and_objects() {
    for (id, output) in [
        ("issue.note_list", Output::List),
        ("issue.discussion_list", Output::List),
        ("issue.link_list", Output::List),
        ("issue.note_create", Output::Object),
        ("issue.link_create", Output::Object),
        // GitLab answers the removal with the removed link, not an empty 204.
        ("issue.link_delete", Output::Object),
    ] {
        assert_eq!(action(id).output, output, "{id}");
    }
}

#[test]
fn notes_are_listed_created_and_edited() {
    let list = prepared(
        "issue.note_list",
        issue(
            json!({"sort": "desc", "order_by": "created_at", "activity_filter": "only_activity", "per_page": 100}),
        ),
    );
    assert_eq!(
        list.query,
        pairs(&[
            ("activity_filter", "only_activity"),
            ("order_by", "created_at"),
            ("per_page", "100"),
            ("sort", "desc")
        ])
    );
    let create = prepared(
        "issue.note_create",
        issue(json!({"body": "Reproduced", "internal": false})),
    );
    assert_eq!(
        create.body,
        Some(json!({"body": "Reproduced", "internal": false}))
    );
    let update = prepared(
        "issue.note_update",
        issue(json!({"note_id": 9, "body": "Reproduced on 1.2"})),
    );
    assert_eq!(update.body, Some(json!({"body": "Reproduced on 1.2"})));
    assert_eq!(
        refused("issue.note_update", issue(json!({"body": "x"}))),
        "invalid parameters for `issue.note_update`: missing field `note_id`"
    );
    assert_eq!(
        refused(
            "issue.note_create",
            issue(json!({"body": "x", "confidential": true}))
        ),
        "invalid parameters for `issue.note_create`: unknown parameter `confidential`; expected `project_id`, `issue_iid`, `body`, `internal`"
    );
    let filter = refused(
        "issue.note_list",
        issue(json!({"activity_filter": "comments"})),
    );
    assert!(
        filter.contains("`activity_filter`: unknown variant `comments`"),
        "{filter}"
    );
}

#[test]
fn threads_are_listed_and_replied_to() {
    let list = prepared("issue.discussion_list", issue(json!({"page": 2})));
    assert_eq!(list.query, pairs(&[("page", "2")]));
    let reply = prepared(
        "issue.discussion_reply",
        issue(json!({"discussion_id": "abc", "body": "Same here"})),
    );
    assert_eq!(reply.body, Some(json!({"body": "Same here"})));
    assert_eq!(
        refused(
            "issue.discussion_reply",
            issue(json!({"discussion_id": "abc"}))
        ),
        "invalid parameters for `issue.discussion_reply`: missing field `body`"
    );
    assert!(
        catalog().get("issue.discussion_resolve").is_none(),
        "issue threads cannot be resolved"
    );
}

#[test]
fn links_name_the_other_issue_and_how_they_relate() {
    let list = prepared("issue.link_list", issue(json!({})));
    assert!(list.query.is_empty(), "GitLab does not page links");
    assert!(
        !action("issue.link_list")
            .parameters()
            .iter()
            .any(|p| p == "page"),
        "no paging parameters for a list GitLab sends whole"
    );
    let across = prepared(
        "issue.link_create",
        issue(
            json!({"target_project_id": "demo/other", "target_issue_iid": 3, "link_type": "is_blocked_by"}),
        ),
    );
    assert_eq!(
        across.body,
        Some(
            json!({"target_project_id": "demo/other", "target_issue_iid": 3, "link_type": "is_blocked_by"})
        )
    );
    let plain = prepared(
        "issue.link_create",
        issue(json!({"target_project_id": 1, "target_issue_iid": 3})),
    );
    assert_eq!(
        plain.body,
        Some(json!({"target_project_id": 1, "target_issue_iid": 3}))
    );
    let kind = refused(
        "issue.link_create",
        issue(json!({"target_project_id": 1, "target_issue_iid": 3, "link_type": "duplicates"})),
    );
    assert!(
        kind.contains("`link_type`: unknown variant `duplicates`, expected one of `relates_to`, `blocks`, `is_blocked_by`"),
        "{kind}"
    );
    assert_eq!(
        refused("issue.link_create", issue(json!({"target_issue_iid": 3}))),
        "invalid parameters for `issue.link_create`: missing field `target_project_id`"
    );
    let project = refused(
        "issue.link_create",
        issue(json!({"target_project_id": "", "target_issue_iid": 3})),
    );
    assert!(
        project.starts_with("invalid parameters for `issue.link_create`: `target_project_id`: "),
        "{project}"
    );
    let delete = prepared("issue.link_delete", issue(json!({"issue_link_id": 5})));
    assert_eq!((delete.query.len(), delete.body), (0, None));
    assert!(
        action("issue.link_delete")
            .description()
            .contains("destructive")
    );
}
